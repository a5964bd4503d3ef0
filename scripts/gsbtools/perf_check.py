"""`scripts/perf-check`: the CI regression check in one command, on a GPU machine.

Runs gpusort-bench on the cases of a committed baseline (by default with the very arguments recorded in the
baseline's meta.argv, so the subset is defined by the baseline itself), compares the new run with the
baseline, and fails on a regression. With --update-baseline it (re)writes the baseline instead. With --ab
BASE_TOOL NEW_TOOL it runs the baseline's cases with two builds interleaved, case by case, and compares them
with each other (the baseline only names the cases), which cancels drift between separate runs.
"""

import argparse
import copy
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from .cli import EXIT_OK, EXIT_TOOL_FAILED, BadInput, run_main
from .compare import add_judgement_options, check_report_outputs, emit, emit_verdicts, exit_code, report_from_args
from .outputs import check_replaceable, is_result_file, write_output
from .results import load_result

REPO_ROOT = Path(__file__).resolve().parents[2]
BASELINE_DIR = REPO_ROOT / "results" / "baselines"
TOOL_CANDIDATES = ("build/release/gpusort-bench", "build/scripts/gpusort-bench", "build/gpusort-bench")
OUTPUT_OPTIONS = ("--json", "--csv", "--dump-sorted")  # options naming output files; perf-check adds its own --json
SELECTION_OPTIONS = ("--algo", "--type", "--values", "--order", "--n", "--dist", "--reps")  # --ab: one case a run
DEFAULT_AB_ROUNDS = 5
OUTCOME_WORDS = {0: "passed", 1: "FAILED", 3: "INCONCLUSIVE"}


def find_tool(explicit, option="--tool"):
    if explicit:
        path = Path(explicit)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise BadInput(f"{option} {explicit}: not an executable file")
        return os.path.abspath(path)  # 'b' alone would be looked up in PATH
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


def strip_options(args, names):
    """args without the options in `names` and their values ('--n 1e6' and '--n=1e6' alike)."""
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in names:
            skip = True
            continue
        if any(a.startswith(o + "=") for o in names):
            continue
        out.append(a)
    return out


def strip_output_options(args):
    """The tool's arguments without the options that name output files (perf-check adds its own --json)."""
    return strip_options(args, OUTPUT_OPTIONS)


def describe_exit(rc):
    """A sentence for a non-zero exit status of the benchmark (None for 0): every one makes the run
    inconclusive, since the cases it wrote may be a part, or may have passed a check the tool then failed."""
    if rc == 0:
        return None
    if rc < 0 or rc > 128:
        number = -rc if rc < 0 else rc - 128
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = f"signal {number}"
        return f"the benchmark exited with status {rc} ({name}: it crashed or was killed part-way)"
    return f"the benchmark exited with status {rc} (a failed validation or an error; see its output)"


def run_tool(tool, tool_args, output, quiet=False):
    """Run the tool with --json output; (ResultFile or None when it wrote no file, exit status)."""
    cmd = [tool, *tool_args, "--json", str(output)]
    if not quiet:
        print("perf-check: running " + " ".join(cmd), flush=True)
    try:
        rc = subprocess.run(cmd, stdout=subprocess.DEVNULL if quiet else None).returncode
    except OSError as e:
        raise BadInput(f"{tool}: cannot run ({e.strerror})") from None
    if not Path(output).is_file():
        print(f"perf-check: error: {tool} exited with {rc} and wrote no result file", file=sys.stderr)
        return None, rc
    if rc != 0:
        print(f"perf-check: note: {tool} exited with {rc}; comparing what it wrote (inconclusive at best)",
              file=sys.stderr)
    return load_result(output), rc


def make_parser():
    p = argparse.ArgumentParser(
        prog="perf-check",
        usage="perf-check [options] [-- TOOL ARGS...]",
        description="Run gpusort-bench on the baseline's cases, compare with the baseline, fail on regression. "
                    "Tool arguments after '--' replace those recorded in the baseline's meta.argv.",
        epilog="Exit codes: 0 no regression and every baseline case judged; 1 a case is slower (beyond threshold "
               "and statistics) or went from ok to failed/error; 2 bad input (baseline unreadable, tool not "
               "found, different device); 3 inconclusive: a case skipped, unclear, missing, throttled or with a "
               "cold first sample, environment drift, or the benchmark exited non-zero, crashed or wrote no "
               "result file; 4 internal error (a bug in the script, never reported as 1). Precedence "
               "2 > 1 > 3 > 0.")
    p.add_argument("--baseline", metavar="FILE",
                   help="committed baseline (default: the only *.json in results/baselines/)")
    p.add_argument("--tool", metavar="PATH", help="gpusort-bench executable (default: $GSB_TOOL, build/release/, "
                   "build/scripts/, build/, PATH)")
    p.add_argument("--output", metavar="FILE", help="keep the new run's result here (default: a temporary file)")
    p.add_argument("--update-baseline", action="store_true",
                   help="run and write the result to --baseline instead of comparing")
    p.add_argument("--ab", nargs=2, metavar=("BASE_TOOL", "NEW_TOOL"),
                   help="A/B mode: run the baseline's cases with both builds interleaved case by case and compare "
                        "NEW_TOOL with BASE_TOOL (the baseline's timings are not used)")
    p.add_argument("--rounds", type=int, default=DEFAULT_AB_ROUNDS,
                   help=f"--ab: rounds per case, each running both tools (default {DEFAULT_AB_ROUNDS})")
    p.add_argument("--round-reps", type=int, default=None,
                   help="--ab: repetitions per tool and round (default: the baseline's reps / rounds, at least 2)")
    p.add_argument("--ab-seed", type=int, default=0, help="--ab: seed of the order of the tools in each round")
    p.add_argument("--only", metavar="REGEX", default=None,
                   help="--ab: only the baseline's cases whose label ('radix u32+u32 asc n=100000000 uniform') "
                        "matches REGEX (re.search); the others are not run and not reported")
    add_judgement_options(p)
    return p


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    tool_args = None
    if "--" in argv:
        cut = argv.index("--")
        argv, tool_args = argv[:cut], argv[cut + 1:]
    args = make_parser().parse_args(argv)
    check_report_outputs(args)
    if args.output:
        check_replaceable("--output", args.output, is_result_file, "a gpusort-bench result file")

    if args.update_baseline:
        if not args.baseline:
            raise BadInput("--update-baseline needs --baseline FILE")
        if tool_args is None:
            if not Path(args.baseline).is_file():
                raise BadInput(f"{args.baseline}: no such file; give the tool arguments after '--' to make it")
            tool_args = strip_output_options(load_result(args.baseline).meta["argv"][1:])
        return update_baseline(find_tool(args.tool), tool_args, args.baseline)

    base = load_result(args.baseline or default_baseline())  # a bad baseline is reported before anything runs
    if tool_args is None:
        tool_args = strip_output_options(base.meta["argv"][1:])
    if args.ab:
        return ab_check(args, base, tool_args)
    tool = find_tool(args.tool)
    with tempfile.TemporaryDirectory(prefix="perf-check-") as tmp:
        output = args.output or str(Path(tmp) / "new.json")
        new, rc = run_tool(tool, tool_args, output)
        if new is None:
            return EXIT_TOOL_FAILED
        report = report_from_args(base, new, args)
        tool_run = {"mode": "baseline", "tools": [tool], "exit_statuses": [rc], "problems": [describe_exit(rc)]
                    if rc else []}
        return finish(report, args, describe_exit(rc), tool_run)


def finish(report, args, tool_problem, tool_run):
    """Judge, print the reports and the verdict files, and say passed / FAILED / INCONCLUSIVE."""
    code = exit_code(report, fail_on_regression=True, fail_on_missing=False, allow_missing=args.allow_missing,
                     tool_problem=tool_problem)
    emit(report, args.markdown)
    emit_verdicts(report, "perf-check", args, code, tool_run)
    print(f"perf-check: {OUTCOME_WORDS[code]} ({report.summary()})")
    return code


def _stats_of(samples):
    a = np.asarray(samples, dtype=float)
    return {"samples_ms": [float(x) for x in a], "min_ms": float(a.min()), "median_ms": float(np.median(a)),
            "mean_ms": float(a.mean()), "max_ms": float(a.max()),
            "stddev_ms": float(a.std(ddof=1)) if a.size > 1 else 0.0}


def _pool_gpu_state(states):
    """One gpu_state for pooled rounds: the last one read, with the throttle reasons of every round."""
    present = [s for s in states if isinstance(s, dict)]
    if not present:
        return None
    pooled = dict(present[-1])
    pooled["throttle_reasons"] = sorted({r for s in present for r in s.get("throttle_reasons") or []})
    return pooled


def pool_cases(cases):
    """The rounds of one case as one case: samples concatenated in run order, summaries recomputed. A round
    that did not end ok decides the case (its status and reason)."""
    for case in cases:
        if case["status"] != "ok":
            return case
    pooled = copy.deepcopy(cases[0])
    if pooled.get("timing"):
        pooled["timing"].update(_stats_of([x for c in cases for x in c["timing"]["samples_ms"]]))
    if pooled.get("end_to_end"):
        for part in ("h2d_ms", "sort_ms", "d2h_ms", "total_ms"):
            pooled["end_to_end"][part] = _stats_of([x for c in cases for x in c["end_to_end"][part]["samples_ms"]])
    if any("gpu_state" in c for c in cases):
        pooled["gpu_state"] = _pool_gpu_state([c.get("gpu_state") for c in cases])
    return pooled


def case_arguments(common, key, reps):
    """Tool arguments that run exactly one case (the recorded ones without their selection, plus the case's)."""
    return [*common, "--algo", key.backend, "--type", key.key_type, "--values", key.values, "--order", key.order,
            "--n", str(key.n), "--dist", key.distribution, "--reps", str(reps)]


def round_orders(rounds, rng):
    """Which tool runs first in each round: alternating, starting with a random one."""
    start = rng.randrange(2)
    return [("base", "new") if (r + start) % 2 == 0 else ("new", "base") for r in range(rounds)]


def selected_keys(base, only):
    """The baseline's case keys, those whose label matches the --only regex when one is given."""
    if only is None:
        return list(base.by_key)
    try:
        pattern = re.compile(only)
    except re.error as e:
        raise BadInput(f"--only {only!r}: not a regular expression ({e})") from None
    keys = [k for k in base.by_key if pattern.search(k.label())]
    if not keys:
        raise BadInput(f"--only {only!r}: matches none of the baseline's {len(base.by_key)} cases")
    return keys


def run_interleaved(tools, keys, tool_args, rounds, reps, seed, tmp):
    """Run each of the case keys `rounds` times with each tool, interleaved; per tool the first document written
    and the pooled cases by key, plus a list of problems (non-zero exits, missing files)."""
    rng = random.Random(seed)
    common = strip_options(tool_args, SELECTION_OPTIONS)
    first, pooled, problems, statuses = {}, {"base": {}, "new": {}}, [], []
    for i, key in enumerate(keys):
        print(f"perf-check: A/B {i + 1}/{len(keys)}: {key.label()}", flush=True)
        for r, order in enumerate(round_orders(rounds, rng)):
            for side in order:
                output = Path(tmp) / f"{side}-{i}-{r}.json"
                result, rc = run_tool(tools[side], case_arguments(common, key, reps), output, quiet=True)
                statuses.append(rc)
                if rc != 0:
                    problems.append(f"{side} tool ({key.label()}, round {r + 1}): {describe_exit(rc)}")
                if result is None:
                    continue
                first.setdefault(side, result.doc)
                if key in result.by_key:
                    pooled[side].setdefault(key, []).append(result.by_key[key])
    return first, pooled, problems, statuses


def pooled_result(doc, cases_by_key, rounds, reps, path):
    """A result file of one tool's pooled rounds, written to path and loaded back (so it is checked too)."""
    doc = copy.deepcopy(doc)
    doc["cases"] = [pool_cases(cases) for cases in cases_by_key.values()]
    doc["settings"]["reps"] = rounds * reps
    write_output("--output", path, json.dumps(doc, indent=1), is_result_file, "a gpusort-bench result file")
    return load_result(path)


def ab_check(args, base, tool_args):
    """perf-check --ab: both tools on the baseline's cases, interleaved; NEW_TOOL judged against BASE_TOOL."""
    tools = {"base": find_tool(args.ab[0], "--ab"), "new": find_tool(args.ab[1], "--ab")}
    if args.rounds < 1:
        raise BadInput(f"--rounds {args.rounds}: must be at least 1")
    reps = args.round_reps or max(2, -(-int(base.settings["reps"]) // args.rounds))
    if reps < 1:
        raise BadInput(f"--round-reps {reps}: must be at least 1")
    keys = selected_keys(base, args.only)
    with tempfile.TemporaryDirectory(prefix="perf-check-ab-") as tmp:
        first, pooled, problems, statuses = run_interleaved(tools, keys, tool_args, args.rounds, reps,
                                                            args.ab_seed, tmp)
        if set(first) != {"base", "new"}:
            print("perf-check: error: a tool wrote no result file in any round", file=sys.stderr)
            return EXIT_TOOL_FAILED
        a = pooled_result(first["base"], pooled["base"], args.rounds, reps, Path(tmp) / "ab-base.json")
        b = pooled_result(first["new"], pooled["new"], args.rounds, reps, args.output or Path(tmp) / "ab-new.json")
        report = report_from_args(a, b, args)
        # Cases of the baseline that neither tool ran are missing too (the pooled base only has what ran).
        report.missing += [k for k in keys if k not in a.by_key and k not in report.missing]
        problem = f"{len(problems)} tool run(s) failed: {problems[0]}" if problems else None
        tool_run = {"mode": "ab", "tools": [tools["base"], tools["new"]], "exit_statuses": statuses,
                    "problems": problems, "rounds": args.rounds, "reps_per_round": reps, "seed": args.ab_seed}
        return finish(report, args, problem, tool_run)


def update_baseline(tool, tool_args, baseline_path):
    with tempfile.TemporaryDirectory(prefix="perf-check-") as tmp:
        output = Path(tmp) / "baseline.json"
        result, rc = run_tool(tool, tool_args, output)
        if result is None:
            return EXIT_TOOL_FAILED
        if rc != 0:
            print(f"perf-check: error: {describe_exit(rc)}; baseline not written", file=sys.stderr)
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
