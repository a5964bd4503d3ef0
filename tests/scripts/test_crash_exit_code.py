"""An unexpected exception in a script is one line on stderr and exit code 4, never a traceback and never
exit code 1 (which compare and perf-check keep for "regression")."""

import pytest

from scripts_support import BASE, RERUN, run_script
from gsbtools import cli, compare
from gsbtools.cli import EXIT_INTERNAL_ERROR, run_main


def _boom(*args, **kwargs):
    raise ZeroDivisionError("planted\nbug")


def test_unexpected_exception_is_one_line_and_exit_4(monkeypatch, capsys):
    monkeypatch.setattr(compare, "build_report", _boom)
    monkeypatch.delenv(cli.TRACEBACK_ENV, raising=False)
    assert run_main("compare", compare.main, [str(BASE), str(RERUN)]) == EXIT_INTERNAL_ERROR
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("compare: internal error: ZeroDivisionError at ")
    assert "planted bug" in lines[0] and "Traceback" not in err


def test_traceback_on_request(monkeypatch, capsys):
    monkeypatch.setattr(compare, "build_report", _boom)
    monkeypatch.setenv(cli.TRACEBACK_ENV, "1")
    assert run_main("compare", compare.main, [str(BASE), str(RERUN)]) == EXIT_INTERNAL_ERROR
    assert "Traceback" in capsys.readouterr().err


@pytest.mark.parametrize("script", ["compare", "plot", "perf-check"])
def test_failed_import_is_exit_4(tmp_path, script):
    """numpy/matplotlib missing (here: a module named numpy that raises on import) is exit 4, one line."""
    fake = tmp_path / "numpy"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('numpy is broken here')\n")
    done = run_script(script, BASE, env={"PYTHONPATH": str(tmp_path)})
    assert done.returncode == EXIT_INTERNAL_ERROR, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert f"{script}: internal error: ImportError" in done.stderr
