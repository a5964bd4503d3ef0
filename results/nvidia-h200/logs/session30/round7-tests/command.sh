# Round 7 (session 30, H200, build 6f28208): the device run's tests part
GSB_SKIP_SANITIZER=1 GSB_SKIP_BENCH=1 scripts/device-run.sh .carry/build.tar.xz "$OUT"
