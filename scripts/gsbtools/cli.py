"""What every entry point shares: one error type for bad input and the exit codes it maps to."""

import importlib
import os
import sys
import traceback

EXIT_OK = 0
EXIT_REGRESSION = 1  # compare/perf-check found a regression (only with --fail-on-regression)
EXIT_BAD_INPUT = 2   # missing/unreadable file, not JSON, wrong schema, bad option value, refused comparison
EXIT_TOOL_FAILED = 3  # perf-check: the benchmark itself failed to run
EXIT_INTERNAL_ERROR = 4  # a bug in the script (an unexpected exception): never 1, which means "regression"

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


def launch(prog, module):
    """What scripts/<prog> runs: import gsbtools.<module> (numpy, scipy, matplotlib) and run its main, with
    a failed import reported like any other internal error rather than as a traceback and exit code 1."""
    try:
        main = importlib.import_module(f"gsbtools.{module}").main
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as e:  # noqa: BLE001 - e.g. numpy or matplotlib missing from the environment
        sys.exit(report_internal_error(prog, e))
    sys.exit(run_main(prog, main))
