"""What every entry point shares: one error type for bad input and the exit codes it maps to."""

import sys

EXIT_OK = 0
EXIT_REGRESSION = 1  # compare/perf-check found a regression (only with --fail-on-regression)
EXIT_BAD_INPUT = 2   # missing/unreadable file, not JSON, wrong schema, bad option value, refused comparison
EXIT_TOOL_FAILED = 3  # perf-check: the benchmark itself failed to run


class BadInput(Exception):
    """Input the script cannot use. The message is one line that names the offending file/value."""


def run_main(prog, main, argv=None):
    """Run main(argv) and turn BadInput into one line on stderr and exit code 2."""
    try:
        return main(argv)
    except BadInput as e:
        print(f"{prog}: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        return 130
