"""Stored JSON within bounds: parsed and written only while shallow, with short numbers and valid text.

Every listing reads every project file, so a hostile one (nested 200 000 deep, a number of 5 000
digits, a lone surrogate in a name) must fail as that project's own error, never as a crash of
the list. The same bounds are checked before anything is written, so the store never writes
what it would refuse to read; text that is not valid Unicode (a lone surrogate, as a model's
reply may carry) is kept with U+FFFD in place of the broken character rather than refused.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

# Records nest about six deep (answers, values, rows); 64 leaves room and stops runaway files.
MAX_DEPTH = 64
# Larger than any count, area or revision a project holds, far below Python's conversion limit.
MAX_INT_DIGITS = 30
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# A surrogate written as an escape is the only way one reaches a parsed string (raw ones are not UTF-8).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
# Every digit as "0", every other byte as " ": a number too long to read is a run of "0"s in the result.
_DIGITS = bytes(ord("0") if chr(b).isdigit() and b < 128 else ord(" ") for b in range(256))
_TOO_LONG = b"0" * (MAX_INT_DIGITS + 1)


class OutOfBounds(ValueError):
    """Stored JSON that cannot be used; ``str()`` says why in a few words (e.g. 'nested too deeply')."""


def parse(data: bytes) -> Any:
    """The JSON value in ``data``, with lone surrogates replaced; OutOfBounds if unusable."""
    try:
        # Strict UTF-8 first: json.loads would let encoded surrogates through. Integers are parsed by
        # the checking hook only where a run of digits is long enough to break the bound.
        long_digits = _TOO_LONG in data.translate(_DIGITS)
        value = json.loads(
            data.decode("utf-8"), parse_int=_bounded_int if long_digits else None, parse_constant=_no_constant
        )
    except RecursionError:
        raise OutOfBounds("it is nested too deeply") from None
    except UnicodeDecodeError:
        raise OutOfBounds("it is not UTF-8 text") from None
    except OutOfBounds:
        raise
    except ValueError:
        raise OutOfBounds("not valid JSON") from None
    if _SURROGATE_ESCAPE.search(data) is not None:
        return _walk(value, repair=True, write=False)
    _check_depth(value)
    return value


def check(value: Any, depth: int = 1) -> None:
    """OutOfBounds if ``value`` would not read back: too deep, or a number too long or not finite.

    ``depth`` is how deep ``value`` itself sits in what is written (a record inside a file's tables: 3).
    """
    _walk(value, repair=False, write=True, depth=depth)


def dumps(value: Any) -> bytes:
    """``value`` (already ``check``ed) as UTF-8 JSON, lone surrogates replaced by U+FFFD."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (ValueError, RecursionError) as error:
        raise OutOfBounds("it holds a value that is not JSON") from error
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        # Raw surrogates only occur inside strings, so replacing them keeps the JSON valid.
        return _LONE_SURROGATE.sub("\ufffd", text).encode("utf-8")


def valid_text(text: str) -> str:
    """``text`` with any lone surrogate replaced by U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise OutOfBounds(f"it holds a number longer than {MAX_INT_DIGITS} digits")
    return int(digits)


def _no_constant(name: str) -> float:
    raise OutOfBounds(f"it holds {name}, which is not a number")


def _walk(value: Any, *, repair: bool, write: bool, depth: int = 1) -> Any:
    """Check depth (and, before a write, numbers); with ``repair``, fix strings in place."""
    if repair and isinstance(value, str):
        return valid_text(value)
    stack: list[tuple[Any, int]] = [(value, depth)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise OutOfBounds("it is nested too deeply")
        if isinstance(node, dict):
            if repair and any(_LONE_SURROGATE.search(key) for key in node):
                items = list(node.items())
                node.clear()
                node.update((valid_text(key), child) for key, child in items)
            children: Any = node.items()
        elif isinstance(node, list):
            children = enumerate(node)
        else:
            continue
        for key, child in children:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif repair and isinstance(child, str):
                node[key] = valid_text(child)
            elif write:
                _check_scalar(child)
    return value


def _check_depth(value: Any) -> None:
    """OutOfBounds if ``value`` nests containers deeper than ``MAX_DEPTH``: one level at a time, looking
    at containers only (a record read on every load is mostly strings)."""
    level = [value] if isinstance(value, dict | list) else []
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            raise OutOfBounds("it is nested too deeply")
        below: list[Any] = []
        for node in level:
            below += [c for c in (node.values() if type(node) is dict else node) if type(c) in _CONTAINERS]
        level = below
        depth += 1


_CONTAINERS = (dict, list)


def _check_scalar(value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise OutOfBounds("it holds a number that is not finite")
    elif abs(value) >= 10**MAX_INT_DIGITS:
        raise OutOfBounds(f"it holds a number longer than {MAX_INT_DIGITS} digits")
