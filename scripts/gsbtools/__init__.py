"""Python side of gpusort-bench: read result files, plot them, compare two runs, check for regressions.

Modules, one job each:
  results     load and check a result file, name its cases, pick the timed metric
  schema      a small validator for the subset of JSON Schema our schema uses (no jsonschema at run time)
  stats       ratio of medians, bootstrap interval, Mann-Whitney U, verdict
  compare     `scripts/compare`: base vs new report
  gate        environment drift, warm-up outliers, and the regression gate's outcome (exit 0/1/3)
  verdict     the --json verdict document and the GitHub step summary and annotations
  plot        `scripts/plot`: charts from result files
  perf_check  `scripts/perf-check`: run a subset, compare with a committed baseline (or two builds, --ab)
  export      `scripts/export`: a result file as NVBench JSON or Google Benchmark JSON
"""

SCHEMA_VERSION = 1
SCHEMA_MINOR = 1  # the newest minor version these scripts know; newer files are read, unknown keys ignored
