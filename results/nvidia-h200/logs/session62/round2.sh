#!/usr/bin/env bash
# Session 62, round 2: the bucket sort's L2 prefetch of the buckets half a wave ahead (keys and values) in every shape
# with one block resident per SM (`pf`, logs/session62/pf.patch on d871d71: the distance in eighths of a wave from the
# diagnostic GSB_EXP_BUCKET_PF; unset, the head's behaviour), where the 1024-thread in-place kernel of keys alone
# gained 4% from it (session 59). At 1e9 the pairs and 8-byte keys take the 512-thread in-place kernel, one block an
# SM. Radix alone, 5 repetitions, unvalidated (the head's validated grid cells are in round 1), settings alternated
# twice; then the kernels' times under ncu at 1e9 for u32+u32, unset and at 4 eighths; then a validated run at 4.
set -u
source scripts/device-round.sh
P=$(unpack .carry/pf.tar.xz)
for round in a b; do
  for w in -1 4 2; do
    part 60 env GSB_EXP_BUCKET_PF=$w "$P/gpusort-bench" --algo radix --type u32,u64 --values u32,u64 --n 1e9 --reps 5 \
      --validate none -q --json "$OUT/pf$w-$round.json"
  done
done
for w in -1 4; do
  part 60 env GSB_EXP_BUCKET_PF=$w ncu --metrics gpu__time_duration.sum "$P/gpusort-bench" --algo radix --type u32 \
    --values u32 --n 1e9 --reps 1 --warmup 0 --validate none -q
done
part 120 env GSB_EXP_BUCKET_PF=4 "$P/gpusort-bench" --algo radix,cub-radix --type u32,u64 --values u32,u64 --n 1e9 \
  --reps 5 -q --json "$OUT/pf4-validated.json"
grep -E "^=== |^rc=|  void |gpu__time_duration" "$L" | cut -c1-160
python3 - "$OUT" <<'PY'
import json, sys, os, glob
rows = {}
for f in sorted(glob.glob(f"{sys.argv[1]}/pf*.json")):
    tag = os.path.basename(f)[:-5]
    for c in json.load(open(f))["cases"]:
        if c.get("timing"):
            w = tag.rsplit("-", 1)[0]
            rows.setdefault((c["key_type"], c["values"], c["backend"]), {}).setdefault(w, []).append(
                (round(c["timing"]["median_ms"], 3), c["status"], (c.get("validation") or {}).get("status")))
for k, v in sorted(rows.items()):
    print(k, v)
PY
