#!/usr/bin/env bash
# Session 96, round 3 on an H100 (kind nvidia-h100-x1; issue 19; first planned for an H200): the 16-bit histogram of 4-byte pairs
# whose top-8-bit buckets the segment sort cannot take (the segment histogram's verdict segment_buckets: 64 distinct
# keys in the window) launched as the first MSD pass's programmatic dependent, counting beside the pass's last wave and
# waiting for the pass at its end, where it was an ordinary launch after the pass (NOTES.md round 88). `mid` =
# .carry/s95v.tar.xz (164482d's code), `new` = .carry/s96p.tar.xz (build/release with the change, CUDAARCHS=90-real).
#  (1) the radix conformance of u32, i32 and f32 keys with u32 values, the segment sort forced from n = 2, with the
#      verdict off (GSB_RADIX_LARGE_BUCKETS_BY=passes: every such sort takes the 16-bit histogram after the first
#      pass) and as the sample judges, and as it falls; memcheck, synccheck and racecheck of the first; memcheck of
#      64 distinct keys at 2^22 and 5e6 as it falls;
#  (2) mid and new in turn, twice, cub-radix in every run, validated: few-unique u32/f32 pairs at 2^22 .. 6e6, uniform
#      ones beside them (the segment sort: unchanged), u16 keys at 1e7 (the counting sort's histogram, now ending in a
#      wait that returns at once).
set -u
LIMIT=${LIMIT:-150}
. scripts/device-round.sh
A=$(unpack .carry/s95v.tar.xz)
B=$(unpack .carry/s96p.tar.xz)
F=(env GSB_RADIX_HYBRID_MIN_N=2 GSB_RADIX_SEGMENT_SORT_MIN_N=2)
P=(GSB_RADIX_LARGE_BUCKETS_ABOVE=1048576 GSB_RADIX_LARGE_BUCKETS_BY=passes)
G="--gtest_filter=*/radix_u32_u32:*/radix_i32_u32:*/radix_f32_u32"
part 30 "${F[@]}" "${P[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$G"
part 30 "${F[@]}" "$B/tests/gsb_conformance" --gtest_brief=1 "$G"
part 30 "$B/tests/gsb_conformance" --gtest_brief=1 "$G"
C=(--algo radix --type u32,f32 --values u32 --order asc,desc --warmup 0 --reps 1 -q)
D=uniform,sorted,few-unique,all-equal,zipf,entropy-0.811,entropy-0.201
for tool in memcheck synccheck; do
  part 30 "${F[@]}" "${P[@]}" compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 "$B/gpusort-bench" \
    "${C[@]}" --dist $D --n 3000,70000 --json "$OUT/pdl-$tool.json"
done
part 30 "${F[@]}" "${P[@]}" compute-sanitizer --tool racecheck --error-exitcode 9 --print-limit 20 "$B/gpusort-bench" \
  "${C[@]}" --dist uniform,few-unique --n 3000,20000 --json "$OUT/pdl-racecheck.json"
part 30 compute-sanitizer --tool memcheck --error-exitcode 9 --print-limit 20 "$B/gpusort-bench" --algo radix \
  --type u32 --values u32 --dist few-unique --n 2^22,5e6 --warmup 0 --reps 1 -q --json "$OUT/pdl-memcheck-few.json"
BUILDS="mid=$A new=$B"
alternate 12 few --algo radix,cub-radix --type u32,f32 --values u32 --n 2^22,4.3e6,5e6,6e6 --dist few-unique \
  --reps 10 -q
alternate 8 uni --algo radix,cub-radix --type u32 --values u32 --n 2^22,5e6 --reps 10 -q
alternate 8 u16 --algo radix,cub-radix --type u16 --n 1e7 --reps 10 -q
summary radix cub-radix
