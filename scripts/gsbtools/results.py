"""Loading result files: read, check against the schema, index cases by identity, pick the timed metric."""

import json
import sys
from dataclasses import dataclass
from pathlib import Path

from . import SCHEMA_MINOR, SCHEMA_VERSION
from .cli import BadInput
from .schema import Validator, first_non_finite, load_schema, unknown_keys_and_error

_validator = None
UNKNOWN_KEYS_SHOWN = 4  # paths named in the warning about a newer file's unknown keys, then "and N more"


def _schema_validator():
    global _validator
    if _validator is None:
        _validator = Validator(load_schema())
    return _validator


@dataclass(frozen=True, order=True)
class CaseKey:
    """What makes two cases the same experiment (compare matches on this)."""

    backend: str
    key_type: str
    values: str
    order: str
    n: int
    distribution: str

    @classmethod
    def of(cls, case):
        return cls(case["backend"], case["key_type"], case["values"], case["order"], int(case["n"]),
                   case["distribution"])

    @property
    def problem(self):
        """'u32+u64 asc': key type, value mode and order."""
        kv = self.key_type if self.values == "none" else f"{self.key_type}+{self.values}"
        return f"{kv} {self.order}"

    def label(self):
        return f"{self.backend} {self.problem} n={self.n} {self.distribution}"


class ResultFile:
    """One gpusort-bench JSON document, checked, with its cases indexed by CaseKey."""

    def __init__(self, path, doc):
        self.path = str(path)
        self.doc = doc
        self.meta = doc["meta"]
        self.host = doc["host"]
        self.device = doc["device"]
        self.settings = doc["settings"]
        self.cases = doc["cases"]
        self.by_key = {}
        for i, case in enumerate(self.cases):
            key = CaseKey.of(case)
            if key in self.by_key:
                first = self.cases.index(self.by_key[key])
                raise BadInput(f"{self.path}: case '{key.label()}' appears twice (cases[{first}] and cases[{i}])")
            self.by_key[key] = case

    @property
    def device_label(self):
        """The processor the timings belong to: the GPU's name, or the host CPU for CPU-only runs."""
        if self.device is not None:
            return self.device["name"]
        return f"host CPU {self.host['cpu_model']}"

    @property
    def date(self):
        return self.meta["timestamp_utc"][:10]

    @property
    def version_label(self):
        v = f"{self.meta['tool']} {self.meta['version']}"
        sha = self.meta.get("git_sha")
        if sha:
            v += f" ({sha[:7]}{'-dirty' if self.meta.get('git_dirty') else ''})"
        return v

    def describe(self):
        return f"{self.path}: {self.device_label}, {self.meta['timestamp_utc']}, {self.version_label}"


def load_result(path):
    """Read and check one result file; any problem raises BadInput naming the file and the bad value."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file") from None
    except IsADirectoryError:
        raise BadInput(f"{path}: is a directory, not a result file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})") from None
    try:
        return ResultFile(path, _checked_document(path, text))
    except RecursionError:
        raise BadInput(f"{path}: nested too deeply (beyond Python's recursion limit of "
                       f"{sys.getrecursionlimit()}); not a gpusort-bench result file") from None


def _parse(path, text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}: not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except ValueError as e:  # e.g. an integer of more digits than Python converts
        raise BadInput(f"{path}: not JSON that can be read ({e})") from None


def _checked_document(path, text):
    """The parsed document once it passed every check; else BadInput naming the file and the bad value."""
    doc = _parse(path, text)
    if not isinstance(doc, dict):
        raise BadInput(f"{path}: top level is a JSON {type(doc).__name__}, expected an object")
    if "schema_version" not in doc:
        raise BadInput(f"{path}: schema_version missing (not a gpusort-bench result file?)")
    version = doc["schema_version"]
    if version != SCHEMA_VERSION or isinstance(version, bool):
        raise BadInput(f"{path}: schema_version {json.dumps(version)} is not supported (expected {SCHEMA_VERSION})")
    err = first_non_finite(doc) or _schema_error(path, doc)
    if err:
        raise BadInput(f"{path}: {err}")
    return doc


def schema_minor(doc):
    """The file's minor version (absent: 0), or the value itself when it is not a whole number >= 0 (the
    schema then names it)."""
    minor = doc.get("schema_minor", 0)
    return minor if isinstance(minor, int) and not isinstance(minor, bool) else None


def _schema_error(path, doc):
    """The first schema violation, or None. A file of a newer minor version than SCHEMA_MINOR may hold keys
    added since: they are ignored, with one warning line naming the file and the keys."""
    minor = schema_minor(doc)
    if minor is None or minor <= SCHEMA_MINOR:
        return _schema_validator().first_error(doc)
    unknown, err = unknown_keys_and_error(_schema_validator().root, doc)
    if unknown and not err:
        print(f"warning: {path}: schema_minor {minor} is newer than these scripts know ({SCHEMA_MINOR}); "
              f"ignoring unknown keys {describe_paths(unknown)}", file=sys.stderr)
    return err


def describe_paths(paths, shown=UNKNOWN_KEYS_SHOWN):
    """'a, b, c' or 'a, b, c, d and 7 more'."""
    text = ", ".join(paths[:shown])
    return text if len(paths) <= shown else f"{text} and {len(paths) - shown} more"


# Which timed quantity to use. "sort": the sort alone (the case's `timing`: CUDA events, or a host clock for
# CPU back-ends); "total": end-to-end host-to-device + sort + device-to-host; "auto": sort where present.
METRICS = ("auto", "sort", "total")


def metric_stats(case, metric):
    """The stats object ({samples_ms, median_ms, ...}) of the chosen metric, or None when the case lacks it."""
    if case.get("status") != "ok":
        return None
    timing, e2e = case.get("timing"), case.get("end_to_end")
    if metric in ("auto", "sort") and timing is not None:
        return timing
    if metric in ("auto", "total") and e2e is not None:
        return e2e["total_ms"]
    return None


def common_metric(base_case, new_case, metric):
    """For a pair of cases, the metric both have ("sort" or "total"), or None. 'auto' prefers the sort time."""
    choices = ("sort", "total") if metric == "auto" else (metric,)
    for m in choices:
        if metric_stats(base_case, m) is not None and metric_stats(new_case, m) is not None:
            return m
    return None
