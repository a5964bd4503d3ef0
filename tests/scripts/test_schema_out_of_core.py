"""The out_of_core object (issue 7) and settings.device_memory_limit_bytes: accepted by both validators when
well formed, rejected when not; cases without it stay valid."""

import copy

import pytest

from scripts_support import BASE, load, schema_errors

pytest.importorskip("jsonschema")


def _doc():
    doc = load(BASE)
    doc["settings"]["device_memory_limit_bytes"] = 4 << 20
    case = next(c for c in doc["cases"] if c["status"] == "ok")
    case["out_of_core"] = {
        "method": "gpu-partition", "pieces": 2, "chunks": 1, "slots": 3, "piece_capacity_n": 1100,
        "device_memory_limit_bytes": 4 << 20, "device_bytes_used": 3 << 20, "host_bytes_needed": 16000,
        "link_bytes": 32000, "link_h2d_bytes": 16000, "link_d2h_bytes": 16000,
        "pinned_h2d_GBps": 25.0, "pinned_d2h_GBps": 26.0, "pinned_bidir_GBps": 48.0, "host_register_GBps": 9.5,
        "link_bound_ms": 0.01, "link_bound_serial_ms": 0.02, "ratio_to_link_bound": 3.5,
        "partition_ms": 0.2, "partition_attempts": 1, "host_staging_copy_ms": 0.05, "host_staging_wait_ms": 0.01,
        "timeline": [{"stage": "partition", "piece": 0, "offset": 0, "n": 2000, "h2d_ms": [0.0, 0.1],
                      "sort_ms": [0.1, 0.15], "d2h_ms": [0.15, 0.2]},
                     {"stage": "sort", "piece": 0, "offset": 0, "n": 900, "h2d_ms": [0.2, 0.3],
                      "sort_ms": [0.3, 0.4], "d2h_ms": [0.4, 0.5]},
                     {"stage": "sort", "piece": 1, "offset": 900, "n": 1100, "h2d_ms": [0.3, 0.4],
                      "sort_ms": [0.4, 0.5], "d2h_ms": [0.5, 0.6]}],
    }
    return doc, case


def test_out_of_core_case_validates():
    doc, _ = _doc()
    js, builtin = schema_errors(doc)
    assert js == [] and builtin is None


def test_null_limit_and_no_out_of_core_validate():
    doc = load(BASE)
    doc["settings"]["device_memory_limit_bytes"] = None
    js, builtin = schema_errors(doc)
    assert js == [] and builtin is None


@pytest.mark.parametrize("mutate", [
    lambda c: c["out_of_core"].update(unknown=1),
    lambda c: c["out_of_core"].pop("timeline"),
    lambda c: c["out_of_core"]["timeline"][0].update(h2d_ms=[0.1]),
    lambda c: c["out_of_core"].update(pinned_h2d_GBps=0),
    lambda c: c.update(out_of_core=None),
    lambda c: c["out_of_core"].update(method="gpu"),
    lambda c: c["out_of_core"]["timeline"][0].update(stage="merge"),
    lambda c: c["out_of_core"].update(pinned_bidir_GBps=0),
], ids=["unknown-key", "no-timeline", "short-interval", "zero-bandwidth", "null", "unknown-method", "unknown-stage",
        "zero-bidirectional-bandwidth"])
def test_malformed_out_of_core_is_rejected(mutate):
    doc, case = _doc()
    mutate(case)
    js, builtin = schema_errors(doc)
    assert js != [] and builtin is not None


def test_files_from_before_gpu_partition_still_validate():
    doc, case = _doc()
    o = case["out_of_core"]
    for key in ("method", "chunks", "link_h2d_bytes", "link_d2h_bytes", "pinned_bidir_GBps", "host_register_GBps",
                "link_bound_serial_ms", "host_staging_copy_ms", "host_staging_wait_ms"):
        del o[key]
    for item in o["timeline"]:
        del item["stage"]
    js, builtin = schema_errors(doc)
    assert js == [] and builtin is None
