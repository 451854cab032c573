"""JSON inside a model's text: the whole reply at the end, the visible content while streaming."""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```[a-zA-Z0-9_-]*\s*\n?(.*?)```", re.S)
_decoder = json.JSONDecoder(strict=False)  # models put raw newlines inside strings


def extract_object(text: str) -> dict[str, Any] | None:
    """The reply's JSON object: the whole text, inside code fences, or the first one in prose."""
    text = text.strip()
    candidates = [text, *(m.group(1).strip() for m in _FENCE.finditer(text))]
    for candidate in candidates:
        try:
            data = _decoder.decode(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict):
            return data
    return _first_object(text)


def _first_object(text: str) -> dict[str, Any] | None:
    """The first balanced {...} that decodes, preferring one with a "type" key."""
    found = None
    start = text.find("{")
    while start >= 0:
        end = _matching_brace(text, start)
        if end is None:
            break
        try:
            data = _decoder.decode(text[start : end + 1])
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict):
            if "type" in data:
                return data
            found = found or data
            start = text.find("{", end + 1)
        else:
            start = text.find("{", start + 1)
    return found


def _matching_brace(text: str, start: int) -> int | None:
    depth = 0
    in_string = escaped = False
    for index in range(start, len(text)):
        char = text[index]
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index
    return None


def partial_content(text: str) -> str | None:
    """The top-level "content" string of a JSON object still arriving, as far as it has come."""
    # From the first '{', so prose or a code fence before the object does not matter; depth is
    # tracked so that a "content" key nested inside "value" is not taken for the reply's.
    start = text.find("{")
    if start < 0:
        return None
    depth = 0
    expect_key = False
    key: str | None = None
    index = start
    while index < len(text):
        char = text[index]
        if char == '"':
            value, end, complete = _read_string(text, index)
            if depth == 1 and expect_key:
                key, expect_key = value, False
            elif depth == 1 and key == "content":
                return value
            if not complete:
                return None
            index = end
        elif char in "{[":
            depth += 1
            expect_key = char == "{" and depth == 1
        elif char in "}]":
            depth -= 1
        elif char == "," and depth == 1:
            expect_key, key = True, None
        index += 1
    return None


def _read_string(text: str, start: int) -> tuple[str, int, bool]:
    """Decode the string literal opening at ``start``; a partial one up to its last whole character."""
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == '"':
            return _decode(text[start + 1 : index]), index, True
        if char == "\\":
            width = 6 if text[index + 1 : index + 2] == "u" else 2
            if index + width > len(text):
                break  # an escape cut off by the chunk boundary: wait for the rest
            index += width
        else:
            index += 1
    partial = _decode(text[start + 1 : index])
    if partial and "\ud800" <= partial[-1] <= "\udbff":
        partial = partial[:-1]  # half of a surrogate pair: show it when the other half comes
    return partial, index, False


def _decode(raw: str) -> str:
    try:
        return str(_decoder.decode(f'"{raw}"'))
    except json.JSONDecodeError:
        return raw
