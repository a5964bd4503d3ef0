#!/usr/bin/env bash
# Session 98, round 5 on an H100 (issue 19): the H200's round 5, unchanged, for when no H200 is lent (none was after
# 22:35 UTC); its logs belong under results/nvidia-h100/logs/session98/round5/.
exec bash results/nvidia-h200/logs/session98/round5.sh "$@"
