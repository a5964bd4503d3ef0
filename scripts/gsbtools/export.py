"""`scripts/export RESULT.json --to nvbench|gbench`: a result file in a format other tools read.

- nvbench: the JSON that NVBench's `--json` writes (file version 1.0.0), which `nvbench_compare` and the
  `cuda.bench.results` reader of the `cuda-bench` package read. One benchmark per back-end, one state per case
  (axes Key, Values, Order, Elements, Distribution); times in seconds. With --out FILE the samples go beside
  it as float32 files (FILE-bin/N.bin, NVBench's `--jsonbin` layout), which the robust compare reads.
- gbench: Google Benchmark's `--benchmark_format=json` output as with `--benchmark_repetitions`: one entry per
  repetition (run_type "iteration", 1 iteration each) and the mean, median, stddev and cv aggregates, for
  github-action-benchmark (tool: googlecpp) and Bencher (adapter cpp_google).

Only ok cases with a time for the chosen metric are measurements; the others are left out with a note.
"""

import argparse
import json
import math
import socket
import statistics
import struct
import sys
from pathlib import Path

from .cli import EXIT_OK, BadInput, run_main
from .outputs import check_replaceable, json_document, write_output
from .results import METRICS, load_result, metric_stats

FORMATS = ("nvbench", "gbench")
NVBENCH_FILE_VERSION = (1, 0, 0)
NOTE_CASES_SHOWN = 5


def measured_cases(result, metric):
    """[(case, stats, metric used)] of the ok cases with a time, and the labels of the cases left out."""
    kept, left_out = [], []
    for key, case in result.by_key.items():
        stats = metric_stats(case, metric)
        if stats is None:
            why = case["status"] if case["status"] != "ok" else f"no '{metric}' timing"
            left_out.append(f"{key.label()} ({why})")
            continue
        used = "sort" if stats is case.get("timing") else "total"
        kept.append((case, stats, used))
    return kept, left_out


def note_left_out(path, left_out):
    """One note on stderr for the cases that are not measurements."""
    if not left_out:
        return
    shown = "; ".join(left_out[:NOTE_CASES_SHOWN])
    more = f" and {len(left_out) - NOTE_CASES_SHOWN} more" if len(left_out) > NOTE_CASES_SHOWN else ""
    print(f"export: note: {path}: {len(left_out)} case(s) not ok or untimed, left out: {shown}{more}",
          file=sys.stderr)


def quantile(sorted_values, q):
    """Linear-interpolation quantile of sorted values (numpy's default), without numpy."""
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def sample_summary(samples_ms):
    """mean, median, min, max, q1, q3, stdev of the samples, in seconds."""
    s = sorted(x / 1e3 for x in samples_ms)
    return {"mean": statistics.fmean(s), "median": quantile(s, 0.5), "min": s[0], "max": s[-1],
            "q1": quantile(s, 0.25), "q3": quantile(s, 0.75),
            "stdev": statistics.stdev(s) if len(s) > 1 else 0.0}


def is_host_clock(case, used):
    """Whether the time was taken on the host clock rather than with CUDA events."""
    if used == "total":
        return True
    return case["timing"].get("method") != "cuda-events"


# ---------------------------------------------------------------------------------------------- NVBench


def _nv_value(kind, value):
    return {"name": "value", "type": kind, "value": str(value)}


def _nv_summary(tag, name, hint, description, kind, value, hide=None):
    summary = {"tag": tag, "name": name, "description": description, "hint": hint,
               "data": [_nv_value(kind, value)]}
    if hide:
        summary["hide"] = hide
    return summary


def nvbench_time_summaries(case, stats, used):
    """The nv/cold/time/* summaries of one case: gpu for CUDA-event times, cpu for host-clock ones."""
    clock = "cpu" if is_host_clock(case, used) else "gpu"
    how = "host clock" if clock == "cpu" else "CUDA events"
    what = "end-to-end time" if used == "total" else "sort time"
    t = sample_summary(stats["samples_ms"])
    prefix = f"nv/cold/time/{clock}"
    label = "CPU Time" if clock == "cpu" else "GPU Time"
    rows = [
        _nv_summary("nv/cold/sample_size", "Samples", "sample_size", "Number of repetitions (gpusort-bench --reps)",
                    "int64", len(stats["samples_ms"])),
        _nv_summary(f"{prefix}/mean", label, "duration", f"Mean {what} ({how})", "float64", t["mean"]),
        _nv_summary(f"{prefix}/stdev/relative", "Noise", "percentage", f"Relative standard deviation of the {what}",
                    "float64", t["stdev"] / t["mean"] if t["mean"] > 0 else 0.0),
        _nv_summary(f"{prefix}/stdev/absolute", "Stdev", "duration", f"Standard deviation of the {what}", "float64",
                    t["stdev"], hide="Hidden by default."),
    ]
    for stat, name in (("min", "Min"), ("q1", "Q1"), ("median", "Median"), ("q3", "Q3"), ("max", "Max")):
        rows.append(_nv_summary(f"{prefix}/{stat}", name, "duration", f"{name} of the {what} ({how})", "float64",
                                t[stat], hide="Hidden by default."))
    iqr = t["q3"] - t["q1"]
    rows.append(_nv_summary(f"{prefix}/iqr/absolute", "IQR", "duration", f"Interquartile range of the {what}",
                            "float64", iqr, hide="Hidden by default."))
    rows.append(_nv_summary(f"{prefix}/iqr/relative", "IQR %", "percentage",
                            f"Interquartile range of the {what}, relative to the median", "float64",
                            iqr / t["median"] if t["median"] > 0 else 0.0, hide="Hidden by default."))
    return rows


def nvbench_rate_summaries(case, stats, used):
    """Keys per second and the share of the device's copy bandwidth, where the case has them."""
    tp = case.get("throughput")
    if used != "sort" or not tp:
        return []
    rows = [_nv_summary("nv/cold/bw/item_rate", "Elem/s", "item_rate", "Keys sorted per second (n / median time)",
                        "float64", tp["keys_per_s"]),
            _nv_summary("nv/cold/bw/global/bytes_per_second", "GlobalMem BW", "byte_rate",
                        "Effective bandwidth (gpusort-bench effective_GBps)", "float64", tp["effective_GBps"] * 1e9)]
    if tp.get("fraction_of_copy_bandwidth") is not None:
        rows.append(_nv_summary("nv/cold/bw/global/utilization", "BWUtil", "percentage",
                                "Share of the device's measured copy bandwidth", "float64",
                                tp["fraction_of_copy_bandwidth"]))
    return rows


NV_AXES = (("Key", "key_type"), ("Values", "values"), ("Order", "order"), ("Elements", "n"),
           ("Distribution", "distribution"))


def nvbench_axes(cases):
    """The axes of one back-end's benchmark: the values its cases take, in order of appearance."""
    axes = []
    for name, field in NV_AXES:
        seen = []
        for case in cases:
            if case[field] not in seen:
                seen.append(case[field])
        if field == "n":
            values = [{"input_string": str(v), "description": "", "value": int(v)} for v in seen]
            axes.append({"name": name, "type": "int64", "flags": "", "values": values})
        else:
            values = [{"input_string": v, "description": "", "value": v} for v in seen]
            axes.append({"name": name, "type": "string", "flags": "", "values": values})
    return axes


def nvbench_state(case, stats, used, sample_file):
    """One NVBench state: the case's axis values and summaries."""
    axis_values = [{"name": name, "type": "int64" if field == "n" else "string", "value": str(case[field])}
                   for name, field in NV_AXES]
    name = "Device=0 " + " ".join(f"{name}={case[field]}" for name, field in NV_AXES)
    summaries = nvbench_time_summaries(case, stats, used) + nvbench_rate_summaries(case, stats, used)
    if sample_file:
        summaries.append({"tag": "nv/json/bin:nv/cold/sample_times", "name": "Samples Times File",
                          "description": "Binary file with the repetitions' times (float32 seconds)",
                          "hint": "file/sample_times", "hide": "Hidden by default.",
                          "data": [{"name": "filename", "type": "string", "value": sample_file},
                                   {"name": "size", "type": "int64", "value": str(len(stats["samples_ms"]))}]})
    return {"name": name, "min_samples": len(stats["samples_ms"]), "min_time": -1.0, "max_noise": -1.0,
            "skip_time": -1.0, "timeout": -1.0, "device": 0, "type_config_index": 0, "axis_values": axis_values,
            "summaries": summaries, "is_skipped": False}


def nvbench_device(result):
    """NVBench's device record, from the result's device (or the host CPU for CPU-only runs)."""
    dev = result.device
    if dev is None:
        return {"id": 0, "name": result.device_label}
    major, _, minor = dev["compute_capability"].partition(".")
    return {"id": 0, "name": dev["name"], "sm_version": int(major) * 100 + int(minor or 0) * 10,
            "number_of_sms": dev["sm_count"], "sm_default_clock_rate": dev["sm_clock_khz"] * 1000,
            "global_memory_size": dev["memory_bytes"], "l2_cache_size": dev["l2_bytes"],
            "global_memory_bus_peak_clock_rate": dev["memory_clock_khz"] * 1000}


def to_nvbench(result, metric, bin_dir=None, bin_prefix=""):
    """The NVBench JSON document; with bin_dir, each state's samples are written there as float32 seconds."""
    kept, left_out = measured_cases(result, metric)
    by_backend = {}
    for item in kept:
        by_backend.setdefault(item[0]["backend"], []).append(item)
    benchmarks, index = [], 0
    for b_index, (backend, items) in enumerate(by_backend.items()):
        states = []
        for case, stats, used in items:
            sample_file = None
            if bin_dir is not None:
                sample_file = f"{bin_prefix}{index}.bin"
                write_float32(Path(bin_dir) / f"{index}.bin", [x / 1e3 for x in stats["samples_ms"]])
            states.append(nvbench_state(case, stats, used, sample_file))
            index += 1
        benchmarks.append({"name": backend, "index": b_index, "min_samples": -1, "min_time": -1.0,
                           "max_noise": -1.0, "skip_time": -1.0, "timeout": -1.0, "devices": [0],
                           "axes": nvbench_axes([c for c, _, _ in items]), "states": states})
    major, minor, patch = NVBENCH_FILE_VERSION
    meta = {"argv": result.meta["argv"],
            "version": {"json": {"major": major, "minor": minor, "patch": patch,
                                 "string": f"{major}.{minor}.{patch}"}},
            "gpusort_bench": {"source": result.path, "version": result.version_label,
                              "timestamp_utc": result.meta["timestamp_utc"], "metric": metric}}
    return {"meta": meta, "devices": [nvbench_device(result)], "benchmarks": benchmarks}, left_out


def write_float32(path, values):
    """One state's samples, float32 (NVBench's --jsonbin layout). A file there is the export's where its size is
    whole samples: the folder is named after the export, whose own file was checked first (main)."""
    write_output("--out", path, struct.pack(f"<{len(values)}f", *values),
                 lambda head, whole: len(whole()) % 4 == 0, "float32 samples")


def is_export_file(head, whole):
    """A document this script wrote: NVBench's JSON with meta.gpusort_bench, or Google Benchmark's with our
    custom context."""
    doc = json_document(head, whole)
    if not isinstance(doc, dict):
        return False
    meta, context = doc.get("meta"), doc.get("context")
    return (isinstance(meta, dict) and "gpusort_bench" in meta) or \
        (isinstance(context, dict) and "gpusort_bench_version" in context)


EXPORT_FORM = (is_export_file, "an export of gpusort-bench results (nvbench or gbench)")


# ------------------------------------------------------------------------------------------ Google Benchmark


def gbench_name(case):
    """'radix/u32+u32/asc/uniform/n:100000000': back-end, then the case's arguments."""
    kv = case["key_type"] if case["values"] == "none" else f"{case['key_type']}+{case['values']}"
    return f"{case['backend']}/{kv}/{case['order']}/{case['distribution']}/n:{int(case['n'])}"


def gbench_entries(case, stats, family, aggregates_only):
    """The repetitions (run_type iteration) and the mean/median/stddev/cv aggregates of one case, in ms."""
    name, n = gbench_name(case), int(case["n"])
    samples = [float(x) for x in stats["samples_ms"]]
    common = {"family_index": family, "per_family_instance_index": 0, "run_name": name,
              "repetitions": len(samples), "threads": 1}
    entries = []
    if not aggregates_only:
        for i, ms in enumerate(samples):
            entries.append({"name": name, **common, "run_type": "iteration", "repetition_index": i,
                            "iterations": 1, "real_time": ms, "cpu_time": ms, "time_unit": "ms",
                            "items_per_second": n / (ms / 1e3) if ms > 0 else 0.0})
    mean = statistics.fmean(samples)
    stdev = statistics.stdev(samples) if len(samples) > 1 else 0.0
    for agg, value, unit in (("mean", mean, "time"), ("median", statistics.median(samples), "time"),
                             ("stddev", stdev, "time"), ("cv", stdev / mean if mean > 0 else 0.0, "percentage")):
        entry = {"name": f"{name}_{agg}", **common, "run_type": "aggregate", "aggregate_name": agg,
                 "aggregate_unit": unit, "iterations": len(samples), "real_time": value, "cpu_time": value,
                 "time_unit": "ms"}
        if unit == "time" and agg != "stddev":
            entry["items_per_second"] = n / (value / 1e3) if value > 0 else 0.0
        entries.append(entry)
    return entries


def to_gbench(result, metric, aggregates_only=False):
    """The Google Benchmark JSON document."""
    kept, left_out = measured_cases(result, metric)
    families = {}
    benchmarks = []
    for case, stats, _ in kept:
        family = families.setdefault(case["backend"], len(families))
        benchmarks += gbench_entries(case, stats, family, aggregates_only)
    host = result.host
    context = {"date": result.meta["timestamp_utc"], "host_name": socket.gethostname(),
               "executable": result.meta["argv"][0], "num_cpus": host["cores"], "mhz_per_cpu": 0,
               "cpu_scaling_enabled": False, "caches": [], "load_avg": [], "library_version": "",
               "library_build_type": "release", "json_schema_version": 1,
               # custom context (Google Benchmark's AddCustomContext writes strings like these)
               "gpusort_bench_device": result.device_label, "gpusort_bench_version": result.version_label,
               "gpusort_bench_source": result.path, "gpusort_bench_metric": metric}
    return {"context": context, "benchmarks": benchmarks}, left_out


# ----------------------------------------------------------------------------------------------- command


def make_parser():
    p = argparse.ArgumentParser(
        prog="export", description="Convert a gpusort-bench result file to NVBench JSON or Google Benchmark JSON.",
        epilog="Exit codes: 0 written; 2 bad input; 4 internal error (a bug in the script).")
    p.add_argument("result", help="a gpusort-bench result file")
    p.add_argument("--to", choices=FORMATS, required=True, help="nvbench: NVBench --json; gbench: Google Benchmark")
    p.add_argument("--out", metavar="FILE", default="-", help="output file (default '-': stdout)")
    p.add_argument("--metric", choices=METRICS, default="auto",
                   help="sort: the sort alone; total: end-to-end; auto: sort where measured (default)")
    p.add_argument("--no-samples", action="store_true",
                   help="nvbench: no FILE-bin/ folder of per-repetition times beside --out FILE")
    p.add_argument("--aggregates-only", action="store_true",
                   help="gbench: only the aggregates, like --benchmark_report_aggregates_only")
    return p


def main(argv=None):
    args = make_parser().parse_args(argv)
    result = load_result(args.result)
    to_file = args.out != "-"
    if to_file:
        check_replaceable("--out", args.out, *EXPORT_FORM)  # before its samples' folder is made
    if args.to == "nvbench":
        bin_dir = Path(args.out + "-bin") if to_file and not args.no_samples else None
        if bin_dir is not None:
            try:
                bin_dir.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise BadInput(f"--out {args.out}: cannot create {bin_dir} ({e.strerror})") from None
        doc, left_out = to_nvbench(result, args.metric, bin_dir, f"{Path(args.out).name}-bin/")
    else:
        doc, left_out = to_gbench(result, args.metric, args.aggregates_only)
    note_left_out(result.path, left_out)
    text = json.dumps(doc, indent=2) + "\n"
    if not to_file:
        sys.stdout.write(text)
        return EXIT_OK
    write_output("--out", args.out, text, *EXPORT_FORM)
    print(f"export: wrote {args.out} ({args.to})", file=sys.stderr)
    return EXIT_OK
