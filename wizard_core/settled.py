"""What is worked out from a settled record, worked out once while the record lives.

A settled record (``models.Settled``: an answer, a clarifying question) is never changed once made,
so what is worked out from it alone (its JSON, its lines in the context package) holds for as long
as the record does. So does what is worked out from the messages the turn log's figures keep for
each item (``log_records.Said``: a save replaces an item's list, never a message in it). Loads of
an unchanged project share the records (``storage/kept.py``), so a project's answers are worked
out on the turn that makes them and looked up on every turn after.

A record is known by its identity: the entry keeps a weak reference to it (dropped when the record
is collected) and the other arguments themselves, so an id can never stand for another object.

The models refuse a field set on a settled record, but not a change inside a value (an answer's
value is a dict or list): the code never makes one, and with ``WIZARD_CHECK_SETTLED=1`` (the test
suite sets it) every lookup works the result out again and fails loudly if it differs, so a change
in place, which a save would otherwise miss, cannot pass the tests unseen.
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

R = TypeVar("R", bound=BaseModel)
T = TypeVar("T")

# Work every result out again on a lookup, and fail if it differs (for the test suite).
CHECKING = os.environ.get("WIZARD_CHECK_SETTLED") == "1"
# Entries kept per function at most; the oldest go first (a running wizard holds a few projects).
MAX_ENTRIES = 20_000
# Holdings kept per function at most (each holds its records: a project's answers, say).
MAX_HOLDINGS = 64


class PerRecord(Generic[R, T]):
    """``make(record, *args)``, made once per record (by identity) and arguments (by identity)."""

    def __init__(self, make: Callable[..., T], size: int = MAX_ENTRIES) -> None:
        self._make = make
        self._size = size
        # Only atomic dict operations: a weak reference's callback may run inside any call.
        self._entries: dict[Hashable, tuple[weakref.ref[Any], tuple[Any, ...], T]] = {}
        self.__doc__ = make.__doc__

    def __call__(self, record: R, *args: Any) -> T:
        key = (id(record), *map(id, args))
        entry = self._entries.get(key)
        if entry is not None and entry[0]() is record and all(map(_same, entry[1], args)):
            if CHECKING and self._make(record, *args) != entry[2]:
                named = type(record).__name__
                raise ChangedInPlace(f"A settled {named} was changed in place: {record!r:.200}")
            return entry[2]
        value = self._make(record, *args)
        entries = self._entries

        def forget(ref: weakref.ref[Any]) -> None:
            if (kept := entries.get(key)) is not None and kept[0] is ref:
                entries.pop(key, None)

        entries[key] = (weakref.ref(record, forget), args, value)
        while len(entries) > self._size:
            try:
                entries.pop(next(iter(entries)), None)
            except (StopIteration, RuntimeError):  # emptied, or changed by a callback meanwhile
                break
        return value


class PerHolding(Generic[T]):
    """``make(holding, *args)`` for settled records held together (a list of them, lists of them by key,
    or a tuple of such), made once per the same records in the same places (by identity) and
    arguments (hashable, by equality). An entry holds its records, so their ids stand for them."""

    def __init__(self, make: Callable[..., T], size: int = MAX_HOLDINGS) -> None:
        self._make = make
        self._size = size
        self._entries: OrderedDict[Hashable, tuple[list[Any], T]] = OrderedDict()
        self._lock = threading.Lock()
        self.__doc__ = make.__doc__

    def __call__(self, holding: Any, *args: Hashable) -> T:
        key = (_shape(holding), args)
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
        if entry is not None:
            if CHECKING and self._make(holding, *args) != entry[1]:
                raise ChangedInPlace(f"A settled record held in {holding!r:.200} was changed in place")
            return entry[1]
        value = self._make(holding, *args)
        with self._lock:
            self._entries[key] = (_held(holding), value)
            while len(self._entries) > self._size:
                self._entries.popitem(last=False)
        return value


def _shape(holding: Any) -> Hashable:
    if isinstance(holding, dict):
        return tuple((key, tuple(map(id, records))) for key, records in holding.items())
    if isinstance(holding, tuple):
        return tuple(map(_shape, holding))
    return tuple(map(id, holding))


def _held(holding: Any) -> list[Any]:
    if isinstance(holding, dict):
        return [record for records in holding.values() for record in records]
    if isinstance(holding, tuple):
        return [record for part in holding for record in _held(part)]
    return list(holding)


def per_holding(make: Callable[..., T]) -> PerHolding[T]:
    """Decorate ``make(holding, *args)`` to be made once per the same settled records and arguments."""
    return PerHolding(make)


class ChangedInPlace(RuntimeError):
    """A settled record changed after what was worked out from it was kept (a defect in the code)."""


def _same(kept: object, given: object) -> bool:
    return kept is given


def per_record(make: Callable[..., T]) -> PerRecord[Any, T]:
    """Decorate ``make(record, *args)`` to be made once per settled record and arguments."""
    return PerRecord(make)
