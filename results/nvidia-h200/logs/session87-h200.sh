#!/usr/bin/env bash
# Session 87 (issue 19): session 86's two planned H200 calls in one (machines came seldom): session87-planned.sh
# (the landed build against the one before, about 330 s) and then session87-planned-ncu.sh (the stall reasons,
# about 120 s), each in a folder of its own under $OUT, packed at the end into one archive beside their two logs
# (a call brings back 8 files at most). Run from the repository root with both scripts and the tarballs in .carry/.
set -u
O=$OUT
mkdir -p "$O/planned" "$O/ncu"
OUT=$O/planned LIMIT=${LIMIT_PLANNED:-370} bash .carry/session87-planned.sh
OUT=$O/ncu LIMIT=${LIMIT_NCU:-190} bash .carry/session87-planned-ncu.sh
cp "$O/planned/device.log" "$O/planned.log"
cp "$O/ncu/device.log" "$O/ncu.log"
(cd "$O" && tar -czf all.tar.gz planned ncu && rm -rf planned ncu)
