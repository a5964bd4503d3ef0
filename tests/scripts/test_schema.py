"""results/schema/gpusort-bench.schema.json: a valid draft 2020-12 schema that the fixtures follow, and the
scripts' own validator (used where jsonschema is not installed) agrees with jsonschema."""

import copy

import pytest

from scripts_support import BASE, GPU_SAMPLE, RERUN, load
from gsbtools.schema import Validator, load_schema, unsupported_keywords

jsonschema = pytest.importorskip("jsonschema")

FIXTURES = [BASE, RERUN, GPU_SAMPLE]


@pytest.fixture(scope="module")
def schema():
    return load_schema()


@pytest.fixture(scope="module")
def validator(schema):
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def test_schema_is_valid_draft_2020_12(schema):
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_builtin_validator_understands_every_keyword(schema):
    assert unsupported_keywords(schema) == set()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_fixtures_validate(path, validator, schema):
    doc = load(path)
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(doc)]
    assert errors == []
    assert Validator(schema).first_error(doc) is None


def _mutations():
    """(name, function that breaks a document) pairs; each must be rejected by both validators."""

    def setter(path, value):
        def mutate(doc):
            node = doc
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
        return mutate

    def deleter(path):
        def mutate(doc):
            node = doc
            for key in path[:-1]:
                node = node[key]
            del node[path[-1]]
        return mutate

    return [
        ("schema_version", setter(["schema_version"], 2)),
        ("extra top-level key", setter(["extra"], 1)),
        ("tool", setter(["meta", "tool"], "other-bench")),
        ("git_sha not hex", setter(["meta", "git_sha"], "not-a-sha")),
        ("timestamp without Z", setter(["meta", "timestamp_utc"], "2026-11-22 03:00:00")),
        ("argv empty", setter(["meta", "argv"], [])),
        ("cores zero", setter(["host", "cores"], 0)),
        ("settings.timing", setter(["settings", "timing"], "wall")),
        ("settings.reps string", setter(["settings", "reps"], "5")),
        ("missing settings.seed", deleter(["settings", "seed"])),
        ("device string", setter(["device"], "H100")),
        ("key_type", setter(["cases", 0, "key_type"], "u128")),
        ("values", setter(["cases", 0, "values"], "u16")),
        ("order", setter(["cases", 0, "order"], "up")),
        ("n negative", setter(["cases", 0, "n"], -1)),
        ("n bool", setter(["cases", 0, "n"], True)),
        ("status", setter(["cases", 0, "status"], "passed")),
        ("ok without timings", lambda d: d["cases"][0].update(timing=None, end_to_end=None)),
        ("skipped without reason", lambda d: d["cases"][0].update(status="skipped", reason=None)),
        ("timing method", setter(["cases", 0, "timing", "method"], "chrono")),
        ("no samples", setter(["cases", 0, "timing", "samples_ms"], [])),
        ("negative sample", setter(["cases", 0, "timing", "samples_ms"], [-1.0])),
        ("missing median", deleter(["cases", 0, "timing", "median_ms"])),
        ("throughput keys", setter(["cases", 0, "throughput"], {"keys_per_s": 1.0})),
        ("validation status", setter(["cases", 0, "validation", "status"], "ok")),
        ("ok but validation failed", setter(["cases", 0, "validation", "status"], "failed")),
        ("failed but validation passed", lambda d: d["cases"][0].update(status="failed", reason="planted")),
        ("failed but validation not run", lambda d: (d["cases"][0].update(status="failed", reason="planted"),
                                                     d["cases"][0]["validation"].update(status="not-run"))),
        ("unknown case key", setter(["cases", 0, "time_ms"], 1.0)),
    ]


@pytest.mark.parametrize("name, mutate", _mutations(), ids=[m[0] for m in _mutations()])
def test_broken_documents_are_rejected_by_both(name, mutate, validator, schema):
    doc = copy.deepcopy(load(BASE))
    mutate(doc)
    assert not validator.is_valid(doc), name
    assert Validator(schema).first_error(doc) is not None, name


def test_gpu_device_errors_name_the_field(schema):
    doc = load(GPU_SAMPLE)
    doc["device"]["compute_capability"] = "sm90"
    assert Validator(schema).first_error(doc) == 'device.compute_capability: "sm90" does not match ^[0-9]+\\.[0-9]+$'
    doc["device"] = 5
    assert Validator(schema).first_error(doc) == "device: expected null or object, got 5"


@pytest.mark.parametrize("status, validation", [("ok", "passed"), ("ok", "not-run"), ("failed", "failed"),
                                                ("error", "failed"), ("error", "passed"), ("skipped", "not-run")])
def test_consistent_status_and_validation_pass(status, validation, validator, schema):
    doc = copy.deepcopy(load(BASE))
    doc["cases"][0].update(status=status, reason=None if status == "ok" else "planted")
    doc["cases"][0]["validation"]["status"] = validation
    assert validator.is_valid(doc)
    assert Validator(schema).first_error(doc) is None


def test_status_validation_mismatch_names_the_rule(schema):
    doc = load(BASE)
    doc["cases"][1]["validation"]["status"] = "failed"
    assert Validator(schema).first_error(doc) == ('cases[1].validation.status: "failed" is not one of "passed", '
                                                  '"not-run" (a case that is ok did not fail validation)')
    doc["cases"][1].update(status="failed", reason="planted")
    doc["cases"][1]["validation"]["status"] = "passed"
    assert Validator(schema).first_error(doc).startswith(
        'cases[1].validation.status: expected "failed", got "passed" (a failed case failed validation')
