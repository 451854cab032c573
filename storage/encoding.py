"""A project record encoded once for every backend, checked against the bounds where they can be broken.

A save serializes the state straight to JSON bytes (pydantic's serializer) and every backend
stores those bytes: the file's document, the database's JSONB, the text a key seals. The settled
records (answers, clarifying questions: ``models.Settled``, never changed once made) are serialized
and checked one at a time, each once while it lives (``wizard_core.settled``), and their fields
follow the others in the record: a save's encoding costs what the turn changed, not what the
project holds. The bounds a reader enforces (``bounds.py``) are checked where a record can break
them, not by walking it all again: the models fix the shape of everything but the values typed
``Any`` (an answer's value), which are walked whole, and the typed numbers, which are looked at one
by one (a non-finite float would be written as null and no longer read back). A value of the wrong type,
or text that is not valid Unicode, makes the serializer refuse; the record is then encoded the
long way, through a dict that is checked whole and repaired (lone surrogates become U+FFFD).
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import types
import typing
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from pydantic import BaseModel
from pydantic_core import PydanticSerializationError

from storage import bounds
from storage.logs import LOGS, LogWrite, Meta
from storage.records import corrupt, summarize
from wizard_core.errors import StorageError
from wizard_core.log_records import Said, TranscriptFigures
from wizard_core.models import SETTLED_FIELDS, STORED_APART, ProjectState, ProjectSummary, Settled
from wizard_core.settled import per_holding, per_record

# A record sits two levels down in its file (tables, then the table's documents), an entry one
# level down in its log line, and the reader counts from the top of each.
RECORD_DEPTH = 3
ENTRY_DEPTH = 2
_EXCLUDED = {*LOGS, "revision"}
_APART = _EXCLUDED | set(SETTLED_FIELDS)
# The settled fields most turns change (the clarifying thread in progress): in the record's first part.
_WITH_THE_TURN = tuple(name for name in SETTLED_FIELDS if name not in STORED_APART)
_LIMIT = 10**bounds.MAX_INT_DIGITS
# In what a database keeps apart: the messages the figures keep for the items but the one in progress.
SAID_APART = "figures_said"


@dataclass(frozen=True)
class Encoded:
    """A record as a backend stores it: its JSON, and what a database keeps in columns beside it."""

    data: bytes  # UTF-8 JSON of one object, within bounds
    revision: int
    schema_version: int
    name: str  # the project's name in full (names compare on it)
    summary: ProjectSummary  # what the project list shows
    # The same record in two objects, for a database that keeps apart what changes only when an item is
    # answered (``models.STORED_APART``, with the messages said at the items before the one in progress,
    # ``SAID_APART``): the rest of the record, and those fields (None for a record encoded the long way
    # or read back).
    parts: tuple[bytes, bytes] | None = None
    apart_digest: str | None = None  # the SHA-256 of ``parts[1]``, worked out once while they hold


def encode(
    state: ProjectState, meta: Meta, revision: int | None = None, figures: TranscriptFigures | None = None
) -> Encoded:
    """``state`` as the record to store at ``revision`` (the next one by default), its logs described by
    ``meta`` (whose ``figures``, if given, are ``figures`` dumped); OutOfBounds if it would not read back."""
    revision = state.revision + 1 if revision is None else revision
    parts = apart_digest = None
    try:
        body = state.__pydantic_serializer__.to_json(state, exclude=_APART, warnings="error")
        thread = _members(tuple(getattr(state, name) for name in _WITH_THE_TURN), _WITH_THE_TURN)
        apart = tuple(getattr(state, name) for name in STORED_APART)
        settled = _held_apart(apart, STORED_APART)
        current, others = _said_apart(state, meta, figures)
        apart_object, apart_digest = _object_apart((*apart, others), (*STORED_APART, SAID_APART))
        revised = b',"revision":%d,"logs":' % revision
        tail = revised + _meta_json(meta, figures)
        rest_tail = tail if current is None else revised + _meta_json(meta, current)
    except PydanticSerializationError:
        data = _the_long_way(state, meta, revision)
    else:
        _check_model(state, RECORD_DEPTH, skip=_APART)
        members = body[1:-1] + thread  # never empty: a state has its id
        data = b"{%s%s%s}" % (members, settled, tail)
        parts = (b"{%s%s}" % (members, rest_tail), apart_object)
    summary = summarize(state)
    return Encoded(data, revision, state.schema_version, state.name, summary, parts, apart_digest)


def from_record(record: dict[str, Any], state: ProjectState) -> Encoded:
    """A record already stored (read back whole, as ``state``), to be written again as it is."""
    bounds.check(record, RECORD_DEPTH)
    revision = record.get("revision", 0)
    schema_version = record.get("schema_version", 0)
    return Encoded(bounds.dumps(record), revision, schema_version, state.name, summarize(state))


def to_write(state: ProjectState, log: LogWrite, revision: int | None = None) -> Encoded:
    """The record to write for ``state`` (``encode``); StorageError (nothing written) if it or a log entry
    would not read back."""
    try:
        record = encode(state, log.meta, revision, log.figures)
        check_entries(log)
    except bounds.OutOfBounds as error:
        raise StorageError(f"The project could not be saved: {error}.") from None
    return record


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


def _members(values: tuple[Any, ...], names: tuple[str, ...]) -> bytes:
    """The settled fields ``names`` holding ``values`` as record members (``,"name":…`` each), each
    record's JSON made once."""
    field_depth = RECORD_DEPTH + 1
    parts = []
    for name, value in zip(names, values, strict=True):
        if isinstance(value, dict):
            lists = (b"%s:%s" % (_compact(k), _array(items, field_depth + 1)) for k, items in value.items())
            parts.append(b',"%s":{%s}' % (name.encode(), b",".join(lists)))
        else:
            parts.append(b',"%s":%s' % (name.encode(), _array(value, field_depth)))
    return b"".join(parts)


# The fields kept apart, made once while they hold the same records (a turn that answers nothing
# leaves them as they were); the thread in progress changes most turns, so it is not held.
_held_apart = per_holding(_members)


@per_holding
def _object_apart(values: tuple[Any, ...], names: tuple[str, ...]) -> tuple[bytes, str]:
    """What a database keeps apart, as one object, and its digest: made once while it holds the same."""
    data = b"{%s}" % _members(values, names)[1:]
    return data, hashlib.sha256(data).hexdigest()


def _said_apart(
    state: ProjectState, meta: Meta, figures: TranscriptFigures | None
) -> tuple[TranscriptFigures | None, dict[str, list[Said]]]:
    """The figures with only the messages said at the item in progress (None: all, as given), and the
    messages said at every other item, which change only when one is revised or the next item starts:
    a database keeps them apart with the answers (``SAID_APART``)."""
    if figures is None or "figures" not in meta:
        return None, {}
    here = state.current_form_section
    others = {item: said for item, said in figures.said.items() if item != here}
    if not others:
        return None, {}
    mine = {here: figures.said[here]} if here in figures.said else {}
    return TranscriptFigures.model_construct(items=figures.items, usage=figures.usage, said=mine), others


def join_apart(record: Any, apart: Any, where: str) -> Any:
    """A stored record with what a database kept apart (``Encoded.parts``) back in it, as it was encoded
    whole; CorruptStoreError if either is not what a save stores."""
    if apart is None:
        return record
    if not isinstance(record, dict) or not isinstance(apart, dict):
        raise corrupt(where, "it is not a wizard project")
    joined = record | apart
    said = joined.pop(SAID_APART, None)
    if said:
        logs = joined.get("logs")
        figures = logs.get("figures") if isinstance(logs, dict) else None
        kept = figures.get("said") if isinstance(figures, dict) else None
        if not isinstance(said, dict) or not isinstance(kept, dict):
            raise corrupt(where, "it is not a wizard project")
        figures["said"] = said | kept  # type: ignore[index]
    return joined


def _array(records: list[Settled], depth: int) -> bytes:
    return b"[%s]" % b",".join([_record_json(record, depth + 1) for record in records])


@per_record
def _record_json(record: Settled, depth: int) -> bytes:
    """One settled record's JSON, checked against the bounds at ``depth`` in the file."""
    data = record.__pydantic_serializer__.to_json(record, warnings="error")
    _check_model(record, depth)
    return data


def _meta_json(meta: Meta, figures: TranscriptFigures | None) -> bytes:
    """The logs' description; its figures (most of it) by the serializer, when given as the model."""
    if figures is None or "figures" not in meta:
        return _compact(meta)
    members = _compact({key: value for key, value in meta.items() if key != "figures"})[1:-1]
    figured = b'"figures":%s' % figures.__pydantic_serializer__.to_json(figures, warnings="error")
    return b"{%s}" % (b"%s,%s" % (members, figured) if members else figured)


def _compact(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


# A check of one field's value: OutOfBounds if ``value``, at ``depth`` in the file, breaks a bound.
_Check = Callable[[Any, int], None]
_SAFE = (str, bool, datetime, date, type(None))


def _check_model(model: BaseModel, depth: int, skip: Collection[str] = ()) -> None:
    """The fields of ``model`` (an object at ``depth``) that can break a bound, but those in ``skip``."""
    for name, check in _plan(type(model)):
        if name not in skip:
            check(getattr(model, name), depth + 1)


@functools.cache
def _plan(model: type[BaseModel]) -> tuple[tuple[str, _Check], ...]:
    fields = model.model_fields.items()
    checks = ((name, _check_for(field.annotation)) for name, field in fields if not field.exclude)
    return tuple((name, check) for name, check in checks if check is not None)


def _check_for(annotation: Any) -> _Check | None:
    """How a value of this type is checked; None for a type that cannot break a bound."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation in _SAFE or origin is typing.Literal:
        return None
    if annotation is float:
        return _check_float
    if annotation is int:
        return _check_int
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return functools.partial(_check_nested, annotation) if _plan(annotation) else None
    if origin in (list, tuple, set, frozenset) and len(args) == 1:
        item = _check_for(args[0])
        return None if item is None else functools.partial(_check_each, item)
    if origin is dict and len(args) == 2:
        value = _check_for(args[1])
        return None if value is None else functools.partial(_check_values, value)
    if origin in (typing.Union, types.UnionType):
        checks = [check for arg in args if (check := _check_for(arg)) is not None]
        if not checks:
            return None
        if len(checks) == 1:
            return checks[0]
    return _check_open  # Any, or a type this does not know: the value is walked whole


def _check_float(value: Any, depth: int) -> None:
    if isinstance(value, float) and not math.isfinite(value):
        raise bounds.OutOfBounds("it holds a number that is not finite")


def _check_int(value: Any, depth: int) -> None:
    if isinstance(value, int) and abs(value) >= _LIMIT:
        raise bounds.OutOfBounds(f"it holds a number longer than {bounds.MAX_INT_DIGITS} digits")


def _check_nested(model: type[BaseModel], value: Any, depth: int) -> None:
    if value is not None:
        _check_model(value, depth)


def _check_each(check: _Check, value: Any, depth: int) -> None:
    for item in value or ():
        check(item, depth + 1)


def _check_values(check: _Check, value: Any, depth: int) -> None:
    for item in (value or {}).values():
        check(item, depth + 1)


def _check_open(value: Any, depth: int) -> None:
    """A value of any shape, as the serializer writes it: its depth and integers (a non-finite float is
    written as null)."""
    stack = [(value, depth)]
    while stack:
        node, level = stack.pop()
        kind = type(node)
        if kind is str or kind is float or kind is bool or node is None:
            continue
        if isinstance(node, BaseModel):
            node = node.model_dump(mode="json")
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple | set | frozenset):
            children = node
        else:
            if isinstance(node, int) and abs(node) >= _LIMIT:
                raise bounds.OutOfBounds(f"it holds a number longer than {bounds.MAX_INT_DIGITS} digits")
            continue
        if level > bounds.MAX_DEPTH:
            raise bounds.OutOfBounds("it is nested too deeply")
        stack.extend((child, level + 1) for child in children)
