"""A project record encoded once for every backend, checked against the bounds where they can be broken.

A save serializes the state straight to JSON bytes (pydantic's serializer) and every backend
stores those bytes: the file's document, the database's JSONB, the text a key seals. The bounds
a reader enforces (``bounds.py``) are checked where a record can break them, not by walking it
all again: the models fix the shape of everything but the values typed ``Any`` (an answer's
value), which are walked whole, and the typed numbers, which are looked at one by one (a
non-finite float would be written as null and no longer read back). A value of the wrong type,
or text that is not valid Unicode, makes the serializer refuse; the record is then encoded the
long way, through a dict that is checked whole and repaired (lone surrogates become U+FFFD).
"""

from __future__ import annotations

import functools
import json
import math
import types
import typing
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

from storage import bounds
from storage.logs import LOGS, LogWrite, Meta
from storage.records import summarize
from wizard_core.models import ProjectState, ProjectSummary

# A record sits two levels down in its file (tables, then the table's documents), an entry one
# level down in its log line, and the reader counts from the top of each.
RECORD_DEPTH = 3
ENTRY_DEPTH = 2
_EXCLUDED = {*LOGS, "revision"}
_LIMIT = 10**bounds.MAX_INT_DIGITS


@dataclass(frozen=True)
class Encoded:
    """A record as a backend stores it: its JSON, and what a database keeps in columns beside it."""

    data: bytes  # UTF-8 JSON of one object, within bounds
    revision: int
    schema_version: int
    name: str  # the project's name in full (names compare on it)
    summary: ProjectSummary  # what the project list shows


def encode(state: ProjectState, meta: Meta, revision: int | None = None) -> Encoded:
    """``state`` as the record to store at ``revision`` (the next one by default), its logs described by
    ``meta``; OutOfBounds if it would not read back."""
    revision = state.revision + 1 if revision is None else revision
    try:
        body = state.__pydantic_serializer__.to_json(state, exclude=_EXCLUDED, warnings="error")
    except PydanticSerializationError:
        data = _the_long_way(state, meta, revision)
    else:
        _check_model(state, RECORD_DEPTH)
        tail = b',"revision":%d,"logs":%s}' % (revision, _compact(meta))
        data = body[:-1] + (tail if len(body) > 2 else b"{" + tail[1:])
    summary = summarize(state)
    return Encoded(data, revision, state.schema_version, state.name, summary)


def from_record(record: dict[str, Any], state: ProjectState) -> Encoded:
    """A record already stored (read back whole, as ``state``), to be written again as it is."""
    bounds.check(record, RECORD_DEPTH)
    revision = record.get("revision", 0)
    schema_version = record.get("schema_version", 0)
    return Encoded(bounds.dumps(record), revision, schema_version, state.name, summarize(state))


def check_entries(log: LogWrite) -> None:
    """OutOfBounds if a log entry to be written would not read back."""
    for entries in log.entries.values():
        for _, entry in entries:
            bounds.check(entry, ENTRY_DEPTH)


def _the_long_way(state: ProjectState, meta: Meta, revision: int) -> bytes:
    record = state.model_dump(mode="json", exclude=set(LOGS))
    record["revision"] = revision
    record["logs"] = meta
    bounds.check(record, RECORD_DEPTH)
    return bounds.dumps(record)


def _compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


# What to check of a model's fields: the checks of those that can break a bound, by field name.
_Plan = tuple[tuple[str, "_Check"], ...]
_Check = tuple[str, Any]
_OPEN: _Check = ("open", None)
_SAFE = (str, bool, datetime, date, type(None))


@functools.cache
def _plan(model: type[BaseModel]) -> _Plan:
    checks = ((name, _check_for(field.annotation)) for name, field in model.model_fields.items())
    return tuple((name, check) for name, check in checks if check is not None)


def _check_for(annotation: Any) -> _Check | None:
    """How a field of this type is checked; None for a type that cannot break a bound."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is Any or annotation is object:
        return _OPEN
    if annotation in _SAFE or origin is typing.Literal:
        return None
    if annotation is float:
        return ("float", None)
    if annotation is int:
        return ("int", None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return ("model", annotation) if _plan(annotation) else None
    if origin in (list, tuple, set, frozenset):
        item = _check_for(args[0]) if args else _OPEN
        return None if item is None else ("each", item)
    if origin is dict:
        value = _check_for(args[1]) if len(args) == 2 else _OPEN
        return None if value is None else ("values", value)
    if origin in (typing.Union, types.UnionType):
        checks = [check for arg in args if (check := _check_for(arg)) is not None]
        if not checks:
            return None
        return checks[0] if len(checks) == 1 else _OPEN
    return _OPEN  # a type this does not know: its value is walked whole


def _check_model(model: BaseModel, depth: int) -> None:
    for name, check in _plan(type(model)):
        _apply(check, getattr(model, name), depth + 1)


def _apply(check: _Check, value: Any, depth: int) -> None:
    """OutOfBounds if ``value`` (at ``depth`` in the file, if it is an object or list) breaks a bound."""
    if value is None:
        return
    kind, detail = check
    if kind == "open":
        _check_open(value, depth)
    elif kind == "float":
        if isinstance(value, float) and not math.isfinite(value):
            raise bounds.OutOfBounds("it holds a number that is not finite")
    elif kind == "int":
        if isinstance(value, int) and abs(value) >= _LIMIT:
            raise bounds.OutOfBounds(f"it holds a number longer than {bounds.MAX_INT_DIGITS} digits")
    elif kind == "model":
        _check_model(value, depth)
    elif kind == "each":
        for item in value:
            _apply(detail, item, depth + 1)
    else:  # "values"
        for item in value.values():
            _apply(detail, item, depth + 1)


def _check_open(value: Any, depth: int) -> None:
    """A value of any shape, as the serializer writes it: its depth and integers (a non-finite float is
    written as null)."""
    stack = [(value, depth)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, BaseModel):
            node = node.model_dump(mode="json")
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple | set | frozenset):
            children = node
        else:
            if isinstance(node, int) and not isinstance(node, bool) and abs(node) >= _LIMIT:
                raise bounds.OutOfBounds(f"it holds a number longer than {bounds.MAX_INT_DIGITS} digits")
            continue
        if level > bounds.MAX_DEPTH:
            raise bounds.OutOfBounds("it is nested too deeply")
        stack.extend((child, level + 1) for child in children)
