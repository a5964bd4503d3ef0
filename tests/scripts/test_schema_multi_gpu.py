"""The multi_gpu object (issue 7) and settings.gpus: accepted by both validators when well formed, rejected
when not; cases without it stay valid."""

import pytest

from scripts_support import BASE, load, schema_errors

pytest.importorskip("jsonschema")


def _gpu(device, part_n):
    return {"device": device, "shard_n": 1000, "part_n": part_n, "sent_bytes": 2000, "splitters_ms": 0.1,
            "partition_ms": 0.2, "exchange_ms": 0.3, "exchange_wait_ms": 0.05, "sort_ms": 0.5, "total_ms": 0.9}


def _doc():
    doc = load(BASE)
    doc["settings"]["gpus"] = 2
    case = next(c for c in doc["cases"] if c["status"] == "ok")
    case["multi_gpu"] = {
        "gpus": 2, "communicator": "nccl 2.28.9, 2 ranks in one process", "device_bytes_per_gpu": 1 << 20,
        "host_bytes_needed": 24000, "setup_ms": 100.0, "distribute_ms": 1.0, "gather_ms": 1.0, "balance": 1.004,
        "exchange_share": 0.3, "partition_attempts": 1, "per_gpu": [_gpu(0, 1004), _gpu(1, 996)],
    }
    return doc, case


def test_multi_gpu_case_validates():
    doc, _ = _doc()
    js, builtin = schema_errors(doc)
    assert js == [] and builtin is None


@pytest.mark.parametrize("gpus", ["all", 1, 8])
def test_gpus_setting_validates(gpus):
    doc = load(BASE)
    doc["settings"]["gpus"] = gpus
    js, builtin = schema_errors(doc)
    assert js == [] and builtin is None


@pytest.mark.parametrize("mutate", [
    lambda d, c: c["multi_gpu"].update(unknown=1),
    lambda d, c: c["multi_gpu"].pop("per_gpu"),
    lambda d, c: c["multi_gpu"]["per_gpu"][0].pop("exchange_ms"),
    lambda d, c: c["multi_gpu"].update(gpus=0),
    lambda d, c: c.update(multi_gpu=None),
    lambda d, c: d["settings"].update(gpus=0),
    lambda d, c: d["settings"].update(gpus="some"),
], ids=["unknown-key", "no-per-gpu", "no-exchange", "zero-gpus", "null", "settings-zero", "settings-word"])
def test_malformed_multi_gpu_is_rejected(mutate):
    doc, case = _doc()
    mutate(doc, case)
    js, builtin = schema_errors(doc)
    assert js != [] and builtin is not None
