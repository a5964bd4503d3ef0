"""schema_minor: a file of a newer minor version than the scripts know is read with its unknown keys ignored
(one warning line naming the file and the keys); at or below the known minor an unknown key stays an error."""

import copy

import pytest

from scripts_support import run_script, schema_errors, write
from gsbtools import SCHEMA_MINOR
from gsbtools.cli import BadInput
from gsbtools.results import load_result
from gsbtools.schema import load_schema


def _with_unknown_keys(doc, minor, cases=6):
    doc = copy.deepcopy(doc)
    if minor is not None:
        doc["schema_minor"] = minor
    doc["future_top"] = {"a": 1}
    doc["meta"]["future_meta"] = "x"
    for case in doc["cases"][:cases]:
        case["future_case"] = 1
    return doc


def test_newer_minor_ignores_unknown_keys_with_one_warning(base_doc, tmp_path, capsys):
    path = write(_with_unknown_keys(base_doc, SCHEMA_MINOR + 1), tmp_path / "newer.json")
    result = load_result(path)
    assert result.cases  # read as usual
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    line = err[0]
    assert path in line and f"schema_minor {SCHEMA_MINOR + 1}" in line
    assert "future_top" in line and "meta.future_meta" in line and "cases[0].future_case" in line
    assert line.endswith("and 4 more")  # 8 unknown keys: 4 named, then the count


@pytest.mark.parametrize("minor", [None, 0, SCHEMA_MINOR], ids=["absent", "zero", "known"])
def test_unknown_keys_stay_errors_up_to_the_known_minor(base_doc, tmp_path, minor):
    path = write(_with_unknown_keys(base_doc, minor), tmp_path / "old.json")
    with pytest.raises(BadInput, match="future_top: unexpected key"):
        load_result(path)


def test_unknown_key_exits_2_in_the_tools(base_doc, tmp_path):
    path = write(_with_unknown_keys(base_doc, SCHEMA_MINOR), tmp_path / "old.json")
    proc = run_script("compare", path, path)
    assert proc.returncode == 2
    assert "unexpected key" in proc.stderr


def test_newer_minor_still_checks_known_keys(base_doc, tmp_path):
    doc = _with_unknown_keys(base_doc, SCHEMA_MINOR + 1)
    doc["cases"][0]["n"] = -1
    with pytest.raises(BadInput, match=r"cases\[0\]\.n"):
        load_result(write(doc, tmp_path / "bad.json"))


def test_newer_minor_without_unknown_keys_is_quiet(base_doc, tmp_path, capsys):
    doc = dict(base_doc, schema_minor=SCHEMA_MINOR + 5)
    load_result(write(doc, tmp_path / "quiet.json"))
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("bad", [-1, 1.5, "1", True])
def test_schema_minor_must_be_a_whole_number(base_doc, tmp_path, bad):
    with pytest.raises(BadInput, match="schema_minor"):
        load_result(write(dict(base_doc, schema_minor=bad), tmp_path / "bad.json"))


def test_schema_minor_is_optional_for_jsonschema_too(base_doc):
    pytest.importorskip("jsonschema")
    for doc in (base_doc, dict(base_doc, schema_minor=1), dict(base_doc, schema_minor=7)):
        assert schema_errors(doc) == ([], None)
    assert "schema_minor" not in load_schema()["required"]
