#!/usr/bin/env bash
# Session 65, round 6 (run as one command on the device, recorded here): round 5's build (`shared2`), forms 0 (the
# head's) and 3 (shared values, 256 x 24, 3 blocks) in turn, one a sort, validated: u32+u32 at 1e8 sorted, Zipf,
# entropy-0.201, few-unique; f32+u32 at 1e8; u32+u32 at 2^22 and 1e7 (the 2^22 file was not brought back: its name).
source scripts/device-round.sh; F=$(unpack .carry/shared2.tar.xz); for c in "u32 1e8 sorted" "u32 1e8 zipf" "u32 1e8 entropy-0.201" "u32 1e8 few-unique" "f32 1e8 uniform" "u32 2^22 uniform" "u32 1e7 uniform"; do set -- $c; part 40 env GSB_X_FORMS=0,3 "$F/gpusort-bench" --algo radix --type $1 --values u32 --n $2 --dist $3 --warmup 4 --reps 16 -q --json "$OUT/d-$1-$2-$3.json"; done
