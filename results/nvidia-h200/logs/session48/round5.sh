#!/usr/bin/env bash
# Session 48, round 5, the session's last call (about 9 min). `final` = 1a4a3ff: the warp bucket sort of 4-byte keys
# alone by runs (buckets of up to 256 keys), the 16-bit histogram beside the skew sample (its own kernel, held to 44
# registers for 4-byte keys), the counting sort's histogram its own kernel again. Checks from device-run.sh: every
# radix conformance part (the hybrid path forced in every shape and fallback, the counting sort) and the pass parts
# test; the sanitizers' radix parts (memcheck and synccheck of every one, racecheck of the hybrid path and the
# counting sort). The hybrid path forced through compute_80 PTX (sm80 band: no dependent launches there, so the
# histogram follows the sample). Then main (78931c0) / final alternated twice with cub-radix; the grid's cells at 1e7
# and 2^24 from final; 4-byte keys at 2^29, 7.5e8, 1e9 (round 1's were run beside a sanitizer left running).
# Carry .carry/{main,final,sm80}.tar.xz (sm80: 1a4a3ff, CUDAARCHS=80-virtual).
set -u
source scripts/device-round.sh
M=$(unpack .carry/main.tar.xz)
FI=$(unpack .carry/final.tar.xz)
P8=$(unpack .carry/sm80.tar.xz)
part 110 env GSB_SKIP_BENCH=1 GSB_SKIP_SANITIZER=1 GSB_PARTS='^conformance \(radix|^radix pass parts' \
  bash scripts/device-run.sh "$FI" "$OUT/checks"
part 140 env GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced \
  GSB_PARTS='^compute-sanitizer (memcheck|synccheck) \(radix|^compute-sanitizer racecheck \(radix (hybrid|counting)\)' \
  bash scripts/device-run.sh "$FI" "$OUT/sanitize"
F='--gtest_filter=*/radix_u32_*:*/radix_i32_*:*/radix_f32_*:*/radix_u64_*:*/radix_i64_none:*/radix_f64_none:*/radix_u16_*'
part 45 env GSB_ARCH=80 GSB_RADIX_HYBRID_MIN_N=2 "$P8/tests/gsb_conformance" --gtest_brief=1 "$F"
BUILDS="main=$M final=$FI"
alternate 20 uni --algo radix,cub-radix --type u32,i32,f32,u64 --values none --n 1e7,2^24,1e8 --reps 10 -q
alternate 10 u16 --algo radix,cub-radix --type u16 --values none --n 1e7,1e8 --reps 10 -q
alternate 10 skew --algo radix,cub-radix --type u32 --values none --n 1e7 --dist sorted,entropy-0.811,zipf --reps 10 -q
part 30 "$FI/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u32,i32,f32 --values none,u32,u64 \
  --n 1e7,2^24 --dist uniform --order asc -q --json "$OUT/radix-grid.s48-4byte.json"
part 20 "$FI/gpusort-bench" --reps 10 --warmup 2 --algo radix,cub-radix --type u64,i64,f64 --values none \
  --n 1e7,2^24 --dist uniform --order asc -q --json "$OUT/radix-grid.s48-8byte.json"
for n in 2^29 7.5e8 1e9; do
  part 45 "$FI/gpusort-bench" --algo radix,cub-radix --type u32,i32,f32 --values none --n "$n" --reps 5 -q \
    --json "$OUT/big-keys-${n/^/p}.json"
done
grep -E "^=== |^rc=|fail" "$L" | cut -c1-160 | tail -40
grep -E "PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$L" | head -40
grep -E "^=== |PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY" "$OUT/checks/device.log" "$OUT/sanitize/device.log" | tail -70
