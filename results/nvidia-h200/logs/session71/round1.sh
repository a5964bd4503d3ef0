#!/usr/bin/env bash
# Session 71 round 1 (planned in session 70, run as planned). Issue 19, item 1 (4-byte keys with u32 values):
# session 70 round 2's held form
# (logs/session70/hold.patch, cap.patch) lost at 1e8 but gained 1.2-2.7% at
# 2^27 and 2^28, where few or none of its buckets take the held form: the gain looks like the compiler's (the unheld
# form's registers or schedule), not the form's. This pins it: `capoff` (f6b571e + logs/session70/capoff.patch: cap's
# kernel with the held form compiled but never taken, by a condition the compiler cannot fold) against `base`
# (f6b571e) and `cap` (f6b571e + cap.patch), alternated twice, cub-radix in every run, --validate none: u32/i32/f32
# with u32 values at 1e8, 2^27, 2^28. If capoff gains as cap did at 2^27-2^28 and ties base at 1e8, the unheld form
# wants the registers: try it alone with more allowed (the launch bounds) and look at ptxas -v of both.
# Build: for p in base cap capoff; do git worktree add /tmp/$p f6b571e; (cd /tmp/$p && [ $p = base ] || git apply
# /work/main/results/nvidia-h200/logs/session70/$p.patch; CUDAARCHS=90-real scripts/build.sh; scripts/pack-build.sh
# build/release $p; mv .carry/$p.tar.xz /work/main/.carry/); done. Run: LIMIT=300 bash <this>.
set -u
source scripts/device-round.sh
A=$(unpack .carry/base.tar.xz)
C=$(unpack .carry/cap.tar.xz)
F=$(unpack .carry/capoff.tar.xz)
BUILDS="base=$A cap=$C capoff=$F"
alternate 40 pairs32 --algo cub-radix,radix --type u32,i32,f32 --values u32 --n 1e8,2^27,2^28 --warmup 1 --reps 5 \
  --validate none -q
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
t = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/pairs32-*.json")):
    build = f.split("/")[-1][len("pairs32-"):-len(".json")]
    for c in json.load(open(f))["cases"]:
        t.setdefault((c["key_type"], c["n"]), {})[(build, c["backend"])] = c["timing"]["median_ms"]
for k, v in sorted(t.items()):
    print(*k, " ".join(f"{b}:{ms:.4f}" for (b, be), ms in sorted(v.items()) if be == "radix"))
PY
