"""device.architecture (issue 15): which device code ran and which policies it used. Accepted by both validators
when well formed, rejected when not; files written before it existed (no such key) stay valid."""

import pytest

from scripts_support import GPU_SAMPLE, load, schema_errors

pytest.importorskip("jsonschema")


def _doc(**arch):
    doc = load(GPU_SAMPLE)
    doc["device"]["architecture"] = {"policy_band": "sm75", "code_ptx": 75, "code_binary": 90, "emulated": 75,
                                     **arch}
    return doc


def test_without_architecture_validates():
    doc = load(GPU_SAMPLE)
    doc["device"].pop("architecture", None)
    assert schema_errors(doc) == ([], None)


@pytest.mark.parametrize("arch", [{}, {"emulated": None, "policy_band": "sm90", "code_ptx": 90}])
def test_architecture_validates(arch):
    assert schema_errors(_doc(**arch)) == ([], None)


@pytest.mark.parametrize("arch", [{"policy_band": "sm70"}, {"code_ptx": 70}, {"emulated": "75"},
                                  {"code_binary": None}])
def test_malformed_architecture_is_rejected(arch):
    js, builtin = schema_errors(_doc(**arch))
    assert js and builtin is not None and "device.architecture" in builtin


def test_missing_field_is_rejected():
    doc = _doc()
    del doc["device"]["architecture"]["code_ptx"]
    js, builtin = schema_errors(doc)
    assert js and builtin is not None
