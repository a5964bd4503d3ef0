"""device.architecture (issue 15): which device code ran and which policies it used. Accepted by both validators
when well formed, rejected when not; files written before it existed (no such key) stay valid."""

import pytest

from scripts_support import GPU_SAMPLE, load
from gsbtools.schema import Validator, load_schema

jsonschema = pytest.importorskip("jsonschema")


def _errors(doc):
    schema = load_schema()
    js = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
    return js, Validator(schema).first_error(doc)


def _doc(**arch):
    doc = load(GPU_SAMPLE)
    doc["device"]["architecture"] = {"policy_band": "sm75", "code_ptx": 75, "code_binary": 90, "emulated": 75,
                                     **arch}
    return doc


def test_without_architecture_validates():
    doc = load(GPU_SAMPLE)
    doc["device"].pop("architecture", None)
    assert _errors(doc) == ([], None)


@pytest.mark.parametrize("arch", [{}, {"emulated": None, "policy_band": "sm90", "code_ptx": 90}])
def test_architecture_validates(arch):
    assert _errors(_doc(**arch)) == ([], None)


@pytest.mark.parametrize("arch", [{"policy_band": "sm70"}, {"code_ptx": 70}, {"emulated": "75"},
                                  {"code_binary": None}])
def test_malformed_architecture_is_rejected(arch):
    js, builtin = _errors(_doc(**arch))
    assert js and builtin is not None and "device.architecture" in builtin


def test_missing_field_is_rejected():
    doc = _doc()
    del doc["device"]["architecture"]["code_ptx"]
    js, builtin = _errors(doc)
    assert js and builtin is not None
