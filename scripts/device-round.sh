# Sourced by a device round script (results/<device>/logs/sessionN/roundM.sh), on the device machine from the
# repository root with $OUT set: the log $OUT/device.log, the GPU and driver at its top, a time budget for the
# call, and the helpers the rounds share.
#   LIMIT   seconds the round may take in all (default 570: a call's 600 less the unpacking)
#   unpack TARBALL          a build from scripts/pack-build.sh, unpacked into a new folder, whose path it prints
#   part SECONDS CMD...     runs CMD into the log for at most SECONDS, or what is left of LIMIT, with its
#                           start, limit and exit status (every process it started is gone when it returns);
#                           skipped (and said so) when it would be cut to under 10 s
#   profile NAME SECONDS BUILD NCU-ARGS... -- ARGS...
#                           one part: ncu (the GPU's own clocks) with NCU-ARGS over BUILD's gpusort-bench ARGS, one
#                           repetition, no warm-up, no validation, quiet, its CSV into $OUT/ncu-NAME.csv
#   alternate SECONDS NAME ARGS...
#                           an A/B comparison of builds in one call: gpusort-bench ARGS from each build named in
#                           BUILDS ("name=folder ...", folders from unpack), in turn, twice (rounds a and b: a drift
#                           of the machine shows as a difference between rounds), each run a part of SECONDS
#                           writing $OUT/NAME-BUILDNAME-ROUND.json
#   summary A B [PREFIX]    what the round's log says of its parts (starts, exit statuses, test and sanitizer
#                           summaries), then every JSON under $OUT: each case not run cleanly or whose validation
#                           failed, their count, the count of those timed without validation (--validate none:
#                           tabled, not failed), and of the files named PREFIX* (every file by default) one line a case
#                           (key type, values, n, distribution; "desc" after them for a descending case) with, for
#                           each file, A's median in us and B's median over A's (the ratio in one run), where both
#                           back-ends have it
# At exit, when $OUT holds more files than a call brings back (8), every file but device.log goes into
# $OUT/round.tar.gz, so that none is left behind.
# shellcheck shell=bash
L=$OUT/device.log
T0=$SECONDS
LIMIT=${LIMIT:-570}
bundle() {
  local files
  files=$(find "$OUT" -type f | wc -l)
  if [ "$files" -gt 8 ]; then
    echo "=== bundle: $((files - 1)) files into round.tar.gz" >>"$L"
    (cd "$OUT" && find . -type f ! -path ./device.log ! -path ./round.tar.gz -print0 |
      tar -czf round.tar.gz --null -T - --remove-files)
  fi
}
trap bundle EXIT
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$L"
unpack() {
  local dir
  dir=$(mktemp -d) && tar -xJf "$1" -C "$dir" && "$dir/gpusort-bench" --version | head -1 | tee -a "$L" >&2
  echo "$dir"
}
part() {
  local t=$1
  shift
  local left=$((LIMIT - SECONDS + T0))
  if [ "$t" -gt "$left" ]; then  # cut to what is left, unless that is too little to be worth starting
    t=$left
    if [ "$t" -lt 10 ]; then
      echo "=== skipped (time): $*" | tee -a "$L"
      return
    fi
  fi
  echo "=== $* ($(date -u +%T), limit ${t}s)" | tee -a "$L"
  # In a session of its own, so that whatever it leaves running past its limit is killed with it: a timeout inside
  # CMD (device-run.sh times each of its parts) starts a process group of its own, which the outer timeout's signal
  # misses, and a sanitizer run left behind shared the GPU with the next part's timings (session 48, round 1).
  local pid rc
  setsid timeout "$t" "$@" >>"$L" 2>&1 &
  pid=$!
  wait "$pid"
  rc=$?
  pkill -KILL -s "$pid" 2>/dev/null
  echo "rc=$rc ($(date -u +%T))" | tee -a "$L"
}
profile() {
  local name=$1 t=$2 build=$3 args=()
  shift 3
  while [ "${1:?profile: no -- before the gpusort-bench arguments}" != -- ]; do
    args+=("$1")
    shift
  done
  shift
  part "$t" ncu --clock-control none "${args[@]}" --csv --log-file "$OUT/ncu-$name.csv" \
    "$build/gpusort-bench" --reps 1 --warmup 0 --validate none -q "$@"
}
alternate() {
  local t=$1 name=$2 round build
  shift 2
  for round in a b; do
    for build in ${BUILDS:?alternate: BUILDS names no build}; do
      part "$t" "${build#*=}/gpusort-bench" "$@" --json "$OUT/$name-${build%%=*}-$round.json"
    done
  done
}
summary() {
  grep -E "^=== |^rc=|PASSED|FAILED|ERROR SUMMARY|RACECHECK SUMMARY|failed|mismatch" "$L" | cut -c1-200
  python3 - "$OUT" "$1" "$2" "${3:-}" <<'PY'
import glob, json, os, sys
out, a, b, prefix = sys.argv[1:5]
cells, files, bad, unchecked = {}, [], 0, 0
for f in sorted(glob.glob(os.path.join(out, "**", "*.json"), recursive=True)):
    form = os.path.basename(f)[:-len(".json")]
    try:
        cases = json.load(open(f))["cases"]
    except (ValueError, KeyError, TypeError):
        continue  # not a result file
    for c in cases:
        if c["status"] == "skipped":
            continue
        validation = (c.get("validation") or {}).get("status")
        if c["status"] != "ok" or validation not in ("passed", "not-run"):
            bad += 1
            print("NOT PASSED", form, c["backend"], c["key_type"], c["values"], c["n"], c["distribution"], c["status"])
            continue
        unchecked += validation == "not-run"
        if form.startswith(prefix):
            files += [form] if form not in files else []
            order = c.get("order", "asc")  # a descending case is another case: named where it is one
            key = (c["key_type"], c["values"], c["n"], c["distribution"]) + ((order,) if order != "asc" else ())
            cells.setdefault(key, {})[(form, c["backend"])] = c["timing"]["median_ms"]
print("cases not passed:", bad)
if unchecked:
    print("cases timed without validation (--validate none):", unchecked)
for key, v in sorted(cells.items()):
    row = [f"{form}:{v[(form, a)] * 1e3:.1f}({v[(form, b)] / v[(form, a)]:.3f})" for form in files
           if (form, a) in v and (form, b) in v]
    if row:
        print(*key, *row)
PY
}
