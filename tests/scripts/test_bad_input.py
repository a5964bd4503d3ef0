"""Bad input to any script: exit code 2 and one line on stderr that names the bad file or value."""

import json

import pytest

from scripts_support import BASE, load, run_script, write
from gsbtools import compare, perf_check, plot
from gsbtools.cli import run_main

ENTRY_POINTS = {
    "compare": lambda bad, tmp: (compare.main, [str(BASE), bad]),
    "compare-base": lambda bad, tmp: (compare.main, [bad, str(BASE)]),
    "plot": lambda bad, tmp: (plot.main, [bad, "--out", str(tmp / "charts")]),
    "perf-check": lambda bad, tmp: (perf_check.main, ["--baseline", bad, "--tool", str(_fake_tool(tmp))]),
}


def _fake_tool(tmp):
    path = tmp / "never-run-tool"
    path.write_text("#!/bin/sh\nexit 99\n")
    path.chmod(0o755)
    return path


def _bad_files(tmp, base_doc):
    v2 = dict(base_doc, schema_version=2)
    wrong_type = json.loads(json.dumps(base_doc))
    wrong_type["cases"][0]["n"] = "many"
    wrong_status = json.loads(json.dumps(base_doc))
    wrong_status["cases"][1]["status"] = "fine"
    (tmp / "not.json").write_text("this is { not JSON\n")
    ok_but_invalid = json.loads(json.dumps(base_doc))
    ok_but_invalid["cases"][2]["validation"]["status"] = "failed"
    nan_sample = json.loads(json.dumps(base_doc))
    nan_sample["cases"][0]["timing"]["samples_ms"][1] = float("nan")
    inf_median = json.loads(json.dumps(base_doc))
    inf_median["cases"][0]["timing"]["median_ms"] = float("inf")
    overflow = json.dumps(base_doc).replace('"reps": ', '"reps": 1e999, "x": ', 1)
    (tmp / "overflow.json").write_text(overflow)
    huge_int = json.loads(json.dumps(base_doc))
    huge_int["cases"][0]["timing"]["samples_ms"][0] = 10 ** 400
    (tmp / "deep.json").write_text("[" * 100000)
    deep_device = json.dumps(dict(base_doc, device=None)).replace('"device": null', '"device": ' + "[" * 990 + "]" * 990)
    (tmp / "deep-device.json").write_text(deep_device)
    (tmp / "digits.json").write_text(json.dumps(base_doc).replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": ', 1))
    return {
        "missing": (str(tmp / "no-such-file.json"), "no such file"),
        "not-json": (str(tmp / "not.json"), "not JSON"),
        "schema-version": (write(v2, tmp / "v2.json"), "schema_version 2 is not supported"),
        "no-schema-version": (write({"cases": []}, tmp / "nov.json"), "schema_version missing"),
        "wrong-type": (write(wrong_type, tmp / "type.json"), 'cases[0].n: expected integer, got "many"'),
        "wrong-enum": (write(wrong_status, tmp / "enum.json"), 'cases[1].status: "fine" is not one of'),
        "top-level-list": (write([1, 2], tmp / "list.json"), "top level is a JSON list"),
        "nan": (write(nan_sample, tmp / "nan.json"), "cases[0].timing.samples_ms[1]: NaN is not a finite number"),
        "infinity": (write(inf_median, tmp / "inf.json"), "cases[0].timing.median_ms: Infinity is not a finite number"),
        "overflow": (str(tmp / "overflow.json"), "settings.reps: Infinity is not a finite number"),
        "huge-integer": (write(huge_int, tmp / "int.json"),
                         "cases[0].timing.samples_ms[0]: an integer beyond the range of a double is not a finite"),
        "deep": (str(tmp / "deep.json"), "nested too deeply"),
        # Python 3.10 and 3.11's parser stops at its recursion limit; 3.12's keeps a C limit of its own and reads
        # the 990 levels, which the schema then refuses (seen on Ubuntu 24.04's 3.12.3, 2026-12-05).
        "deep-in-document": (str(tmp / "deep-device.json"),
                             ("nested too deeply", "device: expected null or object, got [[[")),
        "too-many-digits": (str(tmp / "digits.json"), "not JSON that can be read (Exceeds the limit"),
        "ok-but-validation-failed": (write(ok_but_invalid, tmp / "ok-invalid.json"),
                                     'cases[2].validation.status: "failed" is not one of "passed", "not-run"'),
    }


def _says(text, expected):
    """Whether text holds the expected words, or one of several (a tuple) where Python versions differ."""
    return any(e in text for e in (expected if isinstance(expected, tuple) else (expected,)))


BAD_KINDS = ["missing", "not-json", "schema-version", "no-schema-version", "wrong-type", "wrong-enum",
             "top-level-list", "nan", "infinity", "overflow", "huge-integer", "deep", "deep-in-document",
             "too-many-digits", "ok-but-validation-failed"]


@pytest.mark.parametrize("kind", BAD_KINDS)
@pytest.mark.parametrize("script", sorted(ENTRY_POINTS))
def test_bad_result_file(tmp_path, base_doc, capsys, script, kind):
    bad, expected = _bad_files(tmp_path, base_doc)[kind]
    main, args = ENTRY_POINTS[script](bad, tmp_path)
    assert run_main(script, main, args) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert bad in lines[0] and _says(lines[0], expected)


@pytest.mark.parametrize("script", ["compare", "plot", "perf-check"])
def test_executables_report_bad_input_in_one_line(tmp_path, script):
    missing = tmp_path / "gone.json"
    args = {"compare": [BASE, missing], "plot": [missing], "perf-check": ["--baseline", missing, "--tool",
                                                                          _fake_tool(tmp_path)]}[script]
    done = run_script(script, *args)
    assert done.returncode == 2
    assert done.stderr.strip() == f"{script}: error: {missing}: no such file"


@pytest.mark.parametrize("kind", ["nan", "overflow", "deep", "deep-in-document"])
def test_executables_report_bad_files_in_one_line(tmp_path, base_doc, kind):
    """The same through the executables: exit 2, one line, no traceback (exit 1 would read as a regression)."""
    bad, expected = _bad_files(tmp_path, base_doc)[kind]
    done = run_script("compare", BASE, bad)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [f"compare: error: {done.stderr.split(': ', 2)[2].strip()}"]
    assert bad in done.stderr and _says(done.stderr, expected) and "Traceback" not in done.stderr


def test_duplicate_case_is_bad_input(tmp_path, base_doc, capsys):
    doc = load(BASE)
    doc["cases"].append(doc["cases"][0])
    path = write(doc, tmp_path / "dup.json")
    assert run_main("compare", compare.main, [path, path]) == 2
    assert "appears twice" in capsys.readouterr().err


def test_plot_bad_options(tmp_path, capsys):
    for args in (["--format", "pdf"], ["--bar-n", "lots"]):
        with pytest.raises(SystemExit) as e:
            plot.main([str(BASE), "--out", str(tmp_path), *args])
        assert e.value.code == 2
    err = capsys.readouterr().err
    assert "'pdf'" in err and "'lots'" in err


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "-5", "0", "1.5", "1e400", "0^-1", "10^99999999", "lots"])
def test_plot_bad_bar_n(tmp_path, value):
    """--bar-n that is not a size from 1 to 2^64: exit 2 and one error line naming the value, no traceback."""
    done = run_script("plot", BASE, "--out", tmp_path / "charts", f"--bar-n={value}")  # = keeps -inf a value
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if "error" in line]
    assert errors == [errors[0]] and errors[0].startswith("plot: error: argument --bar-n: ")
    assert f"'{value}'" in errors[0]
    assert not (tmp_path / "charts").exists()
