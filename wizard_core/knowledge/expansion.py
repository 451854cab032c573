"""Widen a retrieved excerpt by the lines around it in its source file (seed 004, in Python).

Line numbers are 1-based and inclusive, as in ``KnowledgeEntry``. Expansion never fails the
caller: on any problem it logs a warning and gives back the excerpt as retrieved. Files are
cached for a few minutes; a cached file is also re-read when its size or modification time
changes, so a re-imported file is never served stale even if nobody invalidates it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_CONTEXT_LINES = 2
CACHE_EXPIRY_SECONDS = 300.0
MAX_CACHED_FILES = 100
MAX_CACHED_LINES = 10_000
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Chunk:
    """A retrieved excerpt: its file (relative to a base folder), its line span and its text."""

    file_path: str
    start_line: int
    end_line: int
    content: str
    id: str = ""


@dataclass(frozen=True)
class Span:
    """A line span of one file and the ids of the excerpts it covers."""

    file_path: str
    start_line: int
    end_line: int
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Expanded:
    """An expanded (possibly merged) excerpt, ready to quote."""

    file_path: str
    start_line: int
    end_line: int
    text: str
    ids: tuple[str, ...]


def merge_spans(spans: Iterable[Span]) -> list[Span]:
    """Merge spans of the same file that overlap or touch; sorted by file, then by line."""
    merged: list[Span] = []
    for span in sorted(spans, key=lambda s: (s.file_path, s.start_line, s.end_line)):
        last = merged[-1] if merged else None
        if last and last.file_path == span.file_path and span.start_line <= last.end_line + 1:
            ids = last.ids + tuple(i for i in span.ids if i not in last.ids)
            merged[-1] = Span(last.file_path, last.start_line, max(last.end_line, span.end_line), ids)
        else:
            merged.append(span)
    return merged


@dataclass(frozen=True)
class _Cached:
    lines: tuple[str, ...]
    stamp: tuple[int, int]
    expires_at: float


class FileContextExpander:
    """Reads surrounding lines from source files through a small, thread-safe, expiring cache."""

    def __init__(
        self,
        *,
        expiry_seconds: float = CACHE_EXPIRY_SECONDS,
        max_files: int = MAX_CACHED_FILES,
        max_lines: int = MAX_CACHED_LINES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.expiry_seconds = expiry_seconds
        self.max_files = max_files
        self.max_lines = max_lines
        self._clock = clock
        self._cache: OrderedDict[Path, _Cached] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def cache_count(self) -> int:
        with self._lock:
            return len(self._cache)

    def cached(self, path: Path) -> bool:
        with self._lock:
            return Path(path).resolve() in self._cache

    def expand(self, base_dir: Path, chunk: Chunk, context_lines: int) -> str:
        """The chunk's lines plus ``context_lines`` before and after, clamped to the file."""
        if context_lines <= 0:
            return chunk.content
        span = self._widen(base_dir, chunk, context_lines)
        if span is None:
            return chunk.content
        lines, start, end = span
        return "\n".join(lines[start - 1 : end])

    def expand_many(self, base_dir: Path, chunks: Sequence[Chunk], context_lines: int) -> list[Expanded]:
        """Expand each chunk; merge the widened spans that overlap so no line is quoted twice."""
        if context_lines <= 0:
            return [_original(c) for c in chunks]
        failed: list[Expanded] = []
        spans: list[Span] = []
        files: dict[str, tuple[str, ...]] = {}
        for chunk in chunks:
            widened = self._widen(base_dir, chunk, context_lines)
            if widened is None:
                failed.append(_original(chunk))
                continue
            files[chunk.file_path], start, end = widened
            spans.append(Span(chunk.file_path, start, end, (chunk.id,)))
        merged = [
            Expanded(
                s.file_path,
                s.start_line,
                s.end_line,
                "\n".join(files[s.file_path][s.start_line - 1 : s.end_line]),
                s.ids,
            )
            for s in merge_spans(spans)
        ]
        return merged + failed

    def invalidate_file(self, path: Path) -> None:
        """Forget one cached file (call when it changes)."""
        with self._lock:
            self._cache.pop(Path(path).resolve(), None)

    def invalidate_folder(self, folder: Path) -> None:
        """Forget every cached file under ``folder``."""
        root = Path(folder).resolve()
        with self._lock:
            for path in [p for p in self._cache if p.is_relative_to(root)]:
                del self._cache[path]

    def clear(self) -> None:
        with self._lock:
            self._cache.clear()

    def _widen(
        self, base_dir: Path, chunk: Chunk, context_lines: int
    ) -> tuple[tuple[str, ...], int, int] | None:
        """(file lines, first line, last line) of the widened span, or None after a warning."""
        try:
            base = Path(base_dir).resolve()
            path = (base / chunk.file_path).resolve()
            if not path.is_relative_to(base):
                raise ValueError(f"{chunk.file_path} is outside {base}")
            if chunk.start_line < 1 or chunk.end_line < chunk.start_line:
                raise ValueError(f"bad line span {chunk.start_line}-{chunk.end_line}")
            lines = self._lines(path)
            if chunk.start_line > len(lines):
                raise ValueError(f"line {chunk.start_line} is past the end ({len(lines)} lines)")
        except Exception as error:  # any failure degrades to the excerpt as retrieved
            log.warning(
                "Could not expand %s lines %s-%s: %s",
                chunk.file_path,
                chunk.start_line,
                chunk.end_line,
                error,
            )
            return None
        start = max(1, chunk.start_line - context_lines)
        end = min(len(lines), chunk.end_line + context_lines)
        return lines, start, end

    def _lines(self, path: Path) -> tuple[str, ...]:
        status = path.stat()
        stamp = (status.st_mtime_ns, status.st_size)
        now = self._clock()
        with self._lock:
            cached = self._cache.get(path)
            if cached and cached.stamp == stamp and now < cached.expires_at:
                self._cache.move_to_end(path)
                return cached.lines
            self._cache.pop(path, None)
        # Read outside the lock: a slow disk must not hold up expansions of other files.
        lines = tuple(path.read_text(encoding="utf-8").splitlines())
        if len(lines) <= self.max_lines and self.max_files > 0:
            with self._lock:
                self._make_room(now)
                self._cache[path] = _Cached(lines, stamp, now + self.expiry_seconds)
        return lines

    def _make_room(self, now: float) -> None:
        """Drop expired files, then the least recently used, until one more fits (lock held)."""
        for path in [p for p, c in self._cache.items() if c.expires_at <= now]:
            del self._cache[path]
        while self._cache and len(self._cache) >= self.max_files:
            self._cache.popitem(last=False)


def _original(chunk: Chunk) -> Expanded:
    return Expanded(chunk.file_path, chunk.start_line, chunk.end_line, chunk.content, (chunk.id,))
