#!/usr/bin/env bash
# Session 68, round 2 (issue 19, item 2). Round 1: the 1024-thread kernel holding low halves (`halves`) gained at
# 2^32+17 (59.00 -> 56.27 ms: one block a bucket where pairs of cluster blocks took them) but lost at 2^31 (27.86 ->
# 28.71 ms) and tied at 3e9 (40.84 -> 40.96). Which part of the change costs at 2^31? `exp` (logs/session68/exp.patch:
# halves plus an experiment variable of this build only, GSB_EXP_WIDE) runs the 1024-thread kernel as 0: halves (low
# halves, runs held to 10 trips), 1: low halves, runs held to 6 trips (as head), 2: whole keys (twice the shared
# memory), runs to 6 trips, with halves' 32-bit block counts and folded reads. u32 keys alone, radix only, timing only
# (--validate none), every form in its own process, alternated twice: at 2^31 head and forms 0-2, at 3e9 head and
# forms 0-1, at 2^32+17 forms 0-1 (2 does not fit there).
set -u
source scripts/device-round.sh
H=$(unpack .carry/head.tar.xz)
E=$(unpack .carry/exp.tar.xz)
run() {  # run NAME N FORM...: each form in turn, twice
  local name=$1 n=$2 r f
  shift 2
  for r in a b; do
    for f in "$@"; do
      if [ "$f" = head ]; then
        part 40 "$H/gpusort-bench" --algo radix --type u32 --n "$n" --warmup 1 --reps 5 --validate none -q \
          --json "$OUT/$name-head-$r.json"
      else
        part 40 env GSB_EXP_WIDE=$f "$E/gpusort-bench" --algo radix --type u32 --n "$n" --warmup 1 --reps 5 \
          --validate none -q --json "$OUT/$name-e$f-$r.json"
      fi
    done
  done
}
run p31 2^31 head 0 1 2
run s3e9 3e9 head 0 1
run xl 2^32+17 0 1
grep -E "^=== |^rc=" "$L" | cut -c1-200
python3 - "$OUT" <<'PY'
import json, sys, glob
for f in sorted(glob.glob(f"{sys.argv[1]}/*.json")):
    for c in json.load(open(f))["cases"]:
        print(f.split("/")[-1], c["key_type"], c["n"], c["backend"], c["status"], c["timing"]["median_ms"],
              min(c["timing"]["samples_ms"]) if c["timing"].get("samples_ms") else None)
PY
