"""Checks a document against results/schema/gpusort-bench.schema.json without the jsonschema package.

The machines that run the scripts have numpy/scipy/matplotlib but not jsonschema, so this interprets the
subset of draft 2020-12 that our schema uses (SUPPORTED_KEYWORDS); tests check that the schema stays inside
that subset and that this validator agrees with jsonschema on the fixtures and on broken variants of them.
"""

import json
import math
import re
from pathlib import Path

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "results" / "schema" / "gpusort-bench.schema.json"

# Keywords that constrain (everything else we use is an annotation).
SUPPORTED_KEYWORDS = {
    "type", "const", "enum", "properties", "required", "additionalProperties", "items", "minItems",
    "minimum", "exclusiveMinimum", "minLength", "pattern", "$ref", "anyOf", "allOf", "if", "then",
    "propertyNames",
}
ANNOTATION_KEYWORDS = {"$schema", "$id", "$defs", "title", "description", "format"}

_TYPES = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: (isinstance(v, int) and not isinstance(v, bool))
    or (isinstance(v, float) and v.is_integer()),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def load_schema(path=SCHEMA_PATH):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def _short(value):
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _join(path, key):
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Validator:
    """first_error(value): the first violation of the schema, or None.

    With tolerate_unknown=True a key that `additionalProperties: false` forbids is not an error: its path is
    collected in `unknown` instead (for files of a newer schema minor version, whose new keys this script does
    not know yet). Keys collected inside a branch that failed (anyOf, if) are dropped again."""

    def __init__(self, schema, tolerate_unknown=False):
        self.root = schema
        self.tolerate_unknown = tolerate_unknown
        self.unknown = []

    def _resolve(self, ref):
        if not ref.startswith("#/"):
            raise ValueError(f"only local $ref is supported, not {ref!r}")
        node = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def first_error(self, value, schema=None, path=""):
        """The first violation as 'path: message', or None when the value conforms."""
        if schema is None:
            schema = self.root
        if schema is True:
            return None
        if schema is False:
            return f"{path or '(document)'}: not allowed"
        where = path or "(document)"
        if "$ref" in schema:
            err = self.first_error(value, self._resolve(schema["$ref"]), path)
            if err:
                return err
        if "type" in schema:
            types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
            if not any(_TYPES[t](value) for t in types):
                return f"{where}: expected {' or '.join(types)}, got {_short(value)}"
        if "const" in schema and not _equal(value, schema["const"]):
            return f"{where}: expected {_short(schema['const'])}, got {_short(value)}"
        if "enum" in schema and not any(_equal(value, e) for e in schema["enum"]):
            allowed = ", ".join(json.dumps(e) for e in schema["enum"])
            return f"{where}: {_short(value)} is not one of {allowed}"
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if "minimum" in schema and value < schema["minimum"]:
                return f"{where}: {_short(value)} is below the minimum {schema['minimum']}"
            if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
                return f"{where}: {_short(value)} must be greater than {schema['exclusiveMinimum']}"
        if isinstance(value, str):
            if "minLength" in schema and len(value) < schema["minLength"]:
                return f"{where}: {_short(value)} is too short"
            if "pattern" in schema and not re.search(schema["pattern"], value):
                return f"{where}: {_short(value)} does not match {schema['pattern']}"
        if isinstance(value, list):
            if "minItems" in schema and len(value) < schema["minItems"]:
                return f"{where}: needs at least {schema['minItems']} item(s), got {len(value)}"
            if "items" in schema:
                for i, item in enumerate(value):
                    err = self.first_error(item, schema["items"], _join(path, i))
                    if err:
                        return err
        if isinstance(value, dict):
            err = self._object_error(value, schema, path)
            if err:
                return err
        for sub in schema.get("allOf", []):
            err = self.first_error(value, sub, path)
            if err:
                return err
        if "anyOf" in schema:
            errors = self._any_of_errors(value, schema["anyOf"], path)
            if all(errors):
                # Report the branch that got furthest (its complaint is about something inside the value);
                # when every branch rejected the type itself, name all the types allowed.
                type_prefix = where + ": expected "
                deeper = [e for e in errors if not e.startswith(type_prefix)]
                if deeper:
                    return deeper[0]
                expected = [e[len(type_prefix):].rsplit(", got ", 1)[0] for e in errors]
                return f"{type_prefix}{' or '.join(expected)}, got {_short(value)}"
        if "if" in schema and self._quietly_conforms(value, schema["if"], path) and "then" in schema:
            err = self.first_error(value, schema["then"], path)
            if err:
                return _with_rule(err, schema.get("description"))
        return None

    def _object_error(self, value, schema, path):
        """required, properties, additionalProperties (false or a schema) and propertyNames of an object."""
        for key in schema.get("required", []):
            if key not in value:
                return f"{_join(path, key)}: missing"
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key in value:
            if key in props:
                continue
            if extra is False:
                if not self.tolerate_unknown:
                    return f"{_join(path, key)}: unexpected key"
                self.unknown.append(_join(path, key))
            elif isinstance(extra, dict):
                err = self.first_error(value[key], extra, _join(path, key))
                if err:
                    return err
        if "propertyNames" in schema:
            for key in value:
                err = self.first_error(key, schema["propertyNames"], _join(path, key))
                if err:
                    return f"{err.split(': ', 1)[0]}: the key {err.split(': ', 1)[1]}"
        for key, sub in props.items():
            if key in value:
                err = self.first_error(value[key], sub, _join(path, key))
                if err:
                    return err
        return None

    def _any_of_errors(self, value, branches, path):
        """Each branch's first error; the unknown keys of the first branch that conforms are kept, those
        collected by the others dropped."""
        errors, kept = [], None
        for sub in branches:
            mark = len(self.unknown)
            err = self.first_error(value, sub, path)
            if err is None and kept is None:
                kept = self.unknown[mark:]
            del self.unknown[mark:]
            errors.append(err)
        self.unknown.extend(kept or [])
        return errors

    def _quietly_conforms(self, value, schema, path):
        """Whether value conforms (an `if` test), collecting no unknown keys."""
        mark = len(self.unknown)
        ok = self.first_error(value, schema, path) is None
        del self.unknown[mark:]
        return ok


def unknown_keys_and_error(schema, doc):
    """(paths of keys the schema does not know, first other error or None): how a file of a newer minor
    version than the script knows is read, its unknown keys ignored."""
    validator = Validator(schema, tolerate_unknown=True)
    err = validator.first_error(doc)
    return validator.unknown, err


def _with_rule(err, description):
    """A conditional rule's complaint with the rule itself: '...: "failed" is not one of ... (a case that is ok
    did not fail validation)', since the value alone is fine and only the condition makes it wrong."""
    if not description:
        return err
    return f"{err} ({description[0].lower()}{description[1:].rstrip('.')})"


def _number_name(value):
    if isinstance(value, int):
        return "an integer beyond the range of a double"
    if value != value:
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def _finite(value):
    if isinstance(value, float):
        return math.isfinite(value)
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def first_non_finite(doc):
    """'path: message' for the first number that is not a finite double (NaN, Infinity, 1e999, an integer of
    400 digits: Python's json module reads them all, JSON itself has no NaN or Infinity), or None.
    Walks with a stack rather than recursion, so any depth the parser accepted is fine."""
    stack = [("", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((_join(path, k), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend((_join(path, i), v) for i, v in reversed(list(enumerate(value))))
        elif isinstance(value, (int, float)) and not isinstance(value, bool) and not _finite(value):
            return f"{path or '(document)'}: {_number_name(value)} is not a finite number"
    return None


def _equal(a, b):
    # JSON equality: 1 == 1.0 but True != 1.
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def unsupported_keywords(schema):
    """Keywords in the schema that Validator would silently ignore (tests keep this empty)."""
    found = set()

    def walk(node, in_properties=False):
        if isinstance(node, dict):
            for key, sub in node.items():
                if in_properties:
                    walk(sub)
                    continue
                if key not in SUPPORTED_KEYWORDS | ANNOTATION_KEYWORDS:
                    found.add(key)
                if key in ("properties", "$defs"):
                    walk(sub, in_properties=True)
                elif key in ("items", "if", "then", "additionalProperties", "propertyNames"):
                    walk(sub)
                elif key in ("anyOf", "allOf"):
                    for s in sub:
                        walk(s)

    walk(schema)
    return found
