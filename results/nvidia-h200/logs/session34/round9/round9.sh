#!/usr/bin/env bash
# Round 9 (session 34, H200): device-run.sh's forced sanitizer part on the build of 8de8583, each part held to 150 s,
# the call to 300 s (the rest of the session's device time).
GSB_SKIP_TESTS=1 GSB_SKIP_BENCH=1 GSB_SANITIZE_PART=forced GSB_PART_TIMEOUT=150 timeout 300 bash .carry/device-run.sh .carry/build.tar.xz $OUT
