"""What every entry point shares: one error type for bad input, the exit codes, and the launchers' search for
the project's Python environment."""

import importlib
import importlib.util
import os
import sys
import traceback
from pathlib import Path

# Exit codes of compare (--fail-on-regression) and perf-check. When several apply, the first of
# EXIT_PRECEDENCE wins: bad input, then a regression (reported even when other cases were inconclusive), then
# inconclusive; 0 only when none applies.
EXIT_OK = 0
EXIT_REGRESSION = 1  # a case is slower, or went from ok to failed/error
EXIT_BAD_INPUT = 2   # missing/unreadable file, not JSON, wrong schema, bad option value, refused comparison
EXIT_INCONCLUSIVE = 3  # no verdict can be trusted: skipped/unclear/missing cases, drift, the benchmark failed
EXIT_TOOL_FAILED = EXIT_INCONCLUSIVE  # perf-check: the benchmark itself failed (no result file, exit status)
EXIT_INTERNAL_ERROR = 4  # a bug in the script (an unexpected exception): never 1, which means "regression"
EXIT_PRECEDENCE = (EXIT_INTERNAL_ERROR, EXIT_BAD_INPUT, EXIT_REGRESSION, EXIT_INCONCLUSIVE, EXIT_OK)

REPO_ROOT = Path(__file__).resolve().parents[2]
RUNTIME_MODULES = ("numpy", "scipy", "matplotlib")  # what the scripts import at run time
REEXEC_ENV = "GSB_REEXEC"  # set by a launcher that re-executed itself, so that it never loops

TRACEBACK_ENV = "GSB_TRACEBACK"  # set to 1 to get the full traceback of an internal error


class BadInput(Exception):
    """Input the script cannot use. The message is one line that names the offending file/value."""


def _one_line(text):
    return " ".join(str(text).split())


def report_internal_error(prog, exc):
    """One line on stderr for an exception nobody expected: its type, message and where it was raised."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = f" at {os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else ""
    message = _one_line(exc) or "(no message)"
    print(f"{prog}: internal error: {type(exc).__name__}{where}: {message} "
          f"(a bug in the script; {TRACEBACK_ENV}=1 shows the traceback)", file=sys.stderr)
    if os.environ.get(TRACEBACK_ENV) == "1":
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    return EXIT_INTERNAL_ERROR


def run_main(prog, main, argv=None):
    """Run main(argv): BadInput becomes one line on stderr and exit code 2; any other exception one line and
    exit code 4, so that a crash never reads as exit code 1 ("regression")."""
    try:
        return main(argv)
    except BadInput as e:
        print(f"{prog}: error: {_one_line(e)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as e:  # noqa: BLE001 - the last line of defence: one line, a distinct exit code
        return report_internal_error(prog, e)


def worst_exit_code(*codes):
    """The code that wins among several findings (EXIT_PRECEDENCE: 4, 2, 1, 3, then 0)."""
    for code in EXIT_PRECEDENCE:
        if code in codes:
            return code
    return max(codes) if codes else EXIT_OK


def missing_runtime_modules():
    """The run-time packages this interpreter cannot import (looked up, not imported)."""
    return [m for m in RUNTIME_MODULES if importlib.util.find_spec(m) is None]


def project_python(root=REPO_ROOT):
    """<repo>/.venv/bin/python (what scripts/setup.sh makes), or None where there is none."""
    python = Path(root) / ".venv" / "bin" / "python"
    return str(python) if python.is_file() and os.access(python, os.X_OK) else None


def reexec_in_project_env(script):
    """Run `script` again under the project's .venv when this interpreter lacks numpy, scipy or matplotlib,
    so that the scripts work right after scripts/setup.sh without activating anything. Returns (only) when
    there is nothing to do: the packages are here, there is no .venv, or this already is the re-executed run."""
    if os.environ.get(REEXEC_ENV) == "1" or not missing_runtime_modules():
        return
    python = project_python()
    if python is None:
        return
    os.environ[REEXEC_ENV] = "1"
    os.execv(python, [python, str(script), *sys.argv[1:]])


def launch(prog, module):
    """What scripts/<prog> runs: find the project's environment, import gsbtools.<module> (numpy, scipy,
    matplotlib) and run its main, with a failed import reported like any other internal error rather than as a
    traceback and exit code 1."""
    try:
        reexec_in_project_env(os.path.abspath(sys.argv[0]))
    except OSError as e:
        sys.exit(report_internal_error(prog, e))
    try:
        main = importlib.import_module(f"gsbtools.{module}").main
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - e.g. numpy or matplotlib missing from the environment
        sys.exit(report_internal_error(prog, e))
    sys.exit(run_main(prog, main))
