"""`scripts/perf-check`: the CI regression check in one command, on a GPU machine.

Runs gpusort-bench on the cases of a committed baseline (by default with the very arguments recorded in the
baseline's meta.argv, so the subset is defined by the baseline itself), compares the new run with the
baseline, and fails on a regression. With --update-baseline it (re)writes the baseline instead.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .cli import EXIT_OK, EXIT_TOOL_FAILED, BadInput, run_main
from .compare import add_judgement_options, build_report, emit, exit_code
from .results import load_result

REPO_ROOT = Path(__file__).resolve().parents[2]
BASELINE_DIR = REPO_ROOT / "results" / "baselines"
TOOL_CANDIDATES = ("build/release/gpusort-bench", "build/scripts/gpusort-bench", "build/gpusort-bench")
OUTPUT_OPTIONS = ("--json", "--csv", "--dump-sorted")  # options naming output files; perf-check adds its own --json


def find_tool(explicit):
    if explicit:
        path = Path(explicit)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise BadInput(f"--tool {explicit}: not an executable file")
        return str(path)
    env = os.environ.get("GSB_TOOL")
    if env:
        if not (Path(env).is_file() and os.access(env, os.X_OK)):
            raise BadInput(f"GSB_TOOL={env}: not an executable file")
        return env
    for rel in TOOL_CANDIDATES:
        path = REPO_ROOT / rel
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    found = shutil.which("gpusort-bench")
    if found:
        return found
    raise BadInput("gpusort-bench not found (looked in " + ", ".join(TOOL_CANDIDATES) +
                   " and PATH); build it or pass --tool PATH")


def default_baseline():
    candidates = sorted(BASELINE_DIR.glob("*.json"))
    if len(candidates) == 1:
        return str(candidates[0])
    if not candidates:
        raise BadInput(f"no baseline in {BASELINE_DIR}; pass --baseline FILE (or make one with --update-baseline)")
    names = ", ".join(c.name for c in candidates)
    raise BadInput(f"several baselines in {BASELINE_DIR} ({names}); pass --baseline FILE")


def strip_output_options(args):
    """The tool's arguments without the options that name output files (perf-check adds its own --json)."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in OUTPUT_OPTIONS:
            skip = True
            continue
        if any(a.startswith(o + "=") for o in OUTPUT_OPTIONS):
            continue
        out.append(a)
    return out


def run_tool(tool, tool_args, output):
    cmd = [tool, *tool_args, "--json", str(output)]
    print("perf-check: running " + " ".join(cmd), flush=True)
    try:
        rc = subprocess.run(cmd).returncode
    except OSError as e:
        raise BadInput(f"{tool}: cannot run ({e.strerror})") from None
    if not Path(output).is_file():
        print(f"perf-check: error: {tool} exited with {rc} and wrote no result file", file=sys.stderr)
        return None
    if rc != 0:
        print(f"perf-check: note: {tool} exited with {rc}; comparing what it wrote", file=sys.stderr)
    return load_result(output)


def make_parser():
    p = argparse.ArgumentParser(
        prog="perf-check",
        usage="perf-check [options] [-- TOOL ARGS...]",
        description="Run gpusort-bench on the baseline's cases, compare with the baseline, fail on regression. "
                    "Tool arguments after '--' replace those recorded in the baseline's meta.argv.",
        epilog="Exit codes: 0 no regression; 1 a case is slower (beyond threshold and statistics), went from ok "
               "to failed/error, or is missing; 2 bad input (baseline unreadable, tool not found, different "
               "device); 3 the benchmark run produced no result file; 4 internal error (a bug in the script, "
               "never reported as 1).")
    p.add_argument("--baseline", metavar="FILE",
                   help="committed baseline (default: the only *.json in results/baselines/)")
    p.add_argument("--tool", metavar="PATH", help="gpusort-bench executable (default: $GSB_TOOL, build/release/, "
                   "build/scripts/, build/, PATH)")
    p.add_argument("--output", metavar="FILE", help="keep the new run's result here (default: a temporary file)")
    p.add_argument("--allow-missing", action="store_true",
                   help="do not fail when a baseline case is missing from the new run")
    p.add_argument("--update-baseline", action="store_true",
                   help="run and write the result to --baseline instead of comparing")
    add_judgement_options(p)
    return p


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    tool_args = None
    if "--" in argv:
        cut = argv.index("--")
        argv, tool_args = argv[:cut], argv[cut + 1:]
    args = make_parser().parse_args(argv)

    if args.update_baseline:
        if not args.baseline:
            raise BadInput("--update-baseline needs --baseline FILE")
        if tool_args is None:
            if not Path(args.baseline).is_file():
                raise BadInput(f"{args.baseline}: no such file; give the tool arguments after '--' to make it")
            tool_args = strip_output_options(load_result(args.baseline).meta["argv"][1:])
        return update_baseline(find_tool(args.tool), tool_args, args.baseline)

    base = load_result(args.baseline or default_baseline())  # a bad baseline is reported before anything runs
    tool = find_tool(args.tool)
    if tool_args is None:
        tool_args = strip_output_options(base.meta["argv"][1:])
    with tempfile.TemporaryDirectory(prefix="perf-check-") as tmp:
        output = args.output or str(Path(tmp) / "new.json")
        new = run_tool(tool, tool_args, output)
        if new is None:
            return EXIT_TOOL_FAILED
        report = build_report(base, new, args.threshold, args.alpha, args.confidence, args.metric,
                              args.allow_different_devices)
        report.changes_only = args.changes_only
        emit(report, args.markdown)
    code = exit_code(report, fail_on_regression=True, fail_on_missing=not args.allow_missing)
    print("perf-check: " + ("FAILED" if code else "passed") + f" ({report.summary()})")
    return code


def update_baseline(tool, tool_args, baseline_path):
    with tempfile.TemporaryDirectory(prefix="perf-check-") as tmp:
        output = Path(tmp) / "baseline.json"
        result = run_tool(tool, tool_args, output)
        if result is None:
            return EXIT_TOOL_FAILED
        broken = [c for c in result.cases if c["status"] in ("failed", "error")]
        if broken:
            labels = "; ".join(f"{c['backend']} n={c['n']} {c['distribution']}: {c['status']}" for c in broken[:5])
            print(f"perf-check: error: {len(broken)} case(s) failed, baseline not written ({labels})", file=sys.stderr)
            return EXIT_TOOL_FAILED
        if not any(c["status"] == "ok" for c in result.cases):
            reasons = sorted({c.get("reason") or c["status"] for c in result.cases})
            print(f"perf-check: error: no case ran, baseline not written ({'; '.join(reasons)[:200]})",
                  file=sys.stderr)
            return EXIT_TOOL_FAILED
        Path(baseline_path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(output, baseline_path)
    print(f"perf-check: wrote baseline {baseline_path} ({len(result.cases)} cases on {result.device_label}); "
          "review and commit it")
    return EXIT_OK


def entry():
    sys.exit(run_main("perf-check", main))
