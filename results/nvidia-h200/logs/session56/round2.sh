#!/usr/bin/env bash
# Session 56, round 2: round 1 found the fallback's block sort as fast as cub-radix's single tile when forced
# (never: 0.96-1.00x), and the sample before it 0.7-1.2 us dearer (ncu, u32 entropy-0.544 at 4864: 13.12 us
# against 11.97 never and 12.10 cub-radix). `va`: the block loads its keys once, in the block sort's layout (the
# 256 threads of 256 x 19 hold 19 keys each); the sample (two keys a lane) and the counting sort by runs read them
# from registers, the rank within runs takes all 512 threads, and the fallback sorts the registers without loading
# again. `vb`: va and a 256 x 12 shape (runs with 512 threads) for 4-byte keys to 3072, whose fallback block sort is
# shorter than 256 x 19's. Alternated twice against main (`head`), cub-radix in each run; conformance of vb's radix
# cases up to 70000 keys as the sample decides and by runs always.
set -u
source scripts/device-round.sh
BUILDS=""
for b in head va vb; do BUILDS="$BUILDS $b=$(unpack .carry/$b.tar.xz)"; done
B=${BUILDS#*vb=}; B=${B%% *}
alternate 40 skew --algo radix,cub-radix --type u32,f32,u64 --values none,u32 \
  --dist uniform,few-unique,entropy-0.811,entropy-0.544,entropy-0.201,zipf --n 2049,2600,3000,4864,1e4 --reps 20 -q
for runs in auto always; do
  part 90 env GSB_RADIX_SMALL_RUNS=$runs GSB_CONFORMANCE_MAX_N=70000 "$B/tests/gsb_conformance" --gtest_brief=1 \
    '--gtest_filter=*/radix_*'
done
grep -E "^=== |^rc=|PASSED|FAILED" "$L" | cut -c1-180
