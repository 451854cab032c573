"""The consultant's imported code text as a search index stored on disk: built once, read as needed.

Parsing every import and building its BM25 index on each start made every command pay for the
imports (a 94 000-article file: 7 s and 700 MB for ``projects``). The index is built when the
imports change (an import, a removal, or a file that no longer matches the stamp) and kept in
``<imported>/.index.sqlite3``: opening it reads a few rows; a search reads the postings of its
terms and the entries it returns. Later files win for an article in two imports, as before.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sqlite3
import stat
import tempfile
import threading
from array import array
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from wizard_core.content import KnowledgeEntry, load_knowledge
from wizard_core.errors import ContentError
from wizard_core.knowledge import retrieval, terms
from wizard_core.knowledge.retrieval import document_terms, number_of

INDEX_NAME = ".index.sqlite3"
IMPORTED_PREFIX = "imported/"
FORMAT = 1  # of the tables below
MAX_FILE_BYTES = 64 * 2**20  # an import is written from at most 20 MB of text
log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs (doc INTEGER PRIMARY KEY, id TEXT NOT NULL, number TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX docs_id ON docs (id);
CREATE INDEX docs_number ON docs (number);
CREATE TABLE postings (term TEXT PRIMARY KEY, docs BLOB NOT NULL, counts BLOB NOT NULL) WITHOUT ROWID;
"""


def stamp(folder: Path) -> str:
    """What the index was built from: each import's name, size and time, and the indexing code."""
    files = []
    for path in sorted(folder.glob("*.md")):
        with contextlib.suppress(OSError):
            status = path.stat()
            files.append([path.name, status.st_size, status.st_mtime_ns])
    code = hashlib.sha256()
    for module in (retrieval, terms):  # a change to how entries become terms needs a new index
        code.update(Path(module.__file__ or "").read_bytes())
    return json.dumps({"format": FORMAT, "files": files, "code": code.hexdigest()})


def open_index(folder: Path) -> StoredIndex | None:
    """The index of the imports in ``folder`` (built and stored first if missing or stale); None if none."""
    if not any(folder.glob("*.md")):
        return None
    current = stamp(folder)
    path = folder / INDEX_NAME
    with contextlib.suppress(sqlite3.Error, OSError, ValueError):
        if stat.S_ISREG(os.lstat(path).st_mode):  # never open a pipe or a link planted in its place
            index = StoredIndex(_connect_read_only(path))
            if index.meta("stamp") == current:
                return index
            index.close()
    return build(folder, current)


def build(folder: Path, current: str | None = None) -> StoredIndex:
    """Index every import in ``folder`` and store it (in memory if the folder cannot be written)."""
    current = current or stamp(folder)
    entries, problems = _collect(folder)
    try:
        descriptor, name = tempfile.mkstemp(dir=folder, prefix=".index-", suffix=".tmp")
        os.close(descriptor)
    except OSError as error:
        log.warning("Cannot store the index of %s (%s); it is kept in memory", folder, error)
        connection = sqlite3.connect(":memory:", check_same_thread=False)
        _fill(connection, entries, problems, current)
        return StoredIndex(connection)
    try:
        with contextlib.closing(sqlite3.connect(name)) as connection:
            _fill(connection, entries, problems, current)
        os.replace(name, folder / INDEX_NAME)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)
    return StoredIndex(_connect_read_only(folder / INDEX_NAME))


def _collect(folder: Path) -> tuple[list[KnowledgeEntry], list[str]]:
    """Imported articles, one per id (a later file wins, in the place of the first), and problems."""
    found: dict[str, KnowledgeEntry] = {}
    problems = []
    for path in sorted(folder.glob("*.md")):
        try:
            status = os.lstat(path)
            if not stat.S_ISREG(status.st_mode) or status.st_size > MAX_FILE_BYTES:
                # A pipe would hang the read, a link could point anywhere; imports are plain files.
                raise ContentError(f"The knowledge file {path.name} is not a plain file of code text.")
            entries = load_knowledge(path)
        except OSError:
            continue  # removed while we looked
        except ContentError as error:
            # One damaged import must not take the others or the shipped notes down with it.
            log.warning("Skipping imported code text %s: %s", path, error)
            problems.append(str(error))
            continue
        for entry in entries:
            found[entry.id] = entry.model_copy(update={"source": IMPORTED_PREFIX + path.name})
    return list(found.values()), problems


def _fill(
    connection: sqlite3.Connection, entries: list[KnowledgeEntry], problems: list[str], current: str
) -> None:
    connection.executescript(_SCHEMA)
    postings: dict[str, tuple[array, array]] = {}
    lengths = array("d")
    for doc, entry in enumerate(entries):
        counts = document_terms(entry)
        lengths.append(sum(counts.values()))
        for term, count in counts.items():
            docs, tfs = postings.setdefault(term, (array("i"), array("d")))
            docs.append(doc)
            tfs.append(count)
    connection.executemany(
        "INSERT INTO docs VALUES (?, ?, ?, ?)",
        ((doc, e.id, number_of(e.id), e.model_dump_json()) for doc, e in enumerate(entries)),
    )
    connection.executemany(
        "INSERT INTO postings VALUES (?, ?, ?)",
        ((term, docs.tobytes(), tfs.tobytes()) for term, (docs, tfs) in postings.items()),
    )
    sources: dict[str, int] = {}
    for entry in entries:
        sources[entry.source] = sources.get(entry.source, 0) + 1
    meta: dict[str, str | bytes] = {
        "stamp": current,
        "size": str(len(entries)),
        "total_length": repr(sum(lengths)),
        "lengths": lengths.tobytes(),
        "problems": json.dumps(problems),
        "sources": json.dumps(sources),
    }
    connection.executemany("INSERT INTO meta VALUES (?, ?)", meta.items())
    connection.commit()


def _connect_read_only(path: Path) -> sqlite3.Connection:
    # Never written after it is built (a rebuild replaces the file), so no locking is needed.
    uri = f"{path.resolve().as_uri()}?mode=ro&immutable=1"
    return sqlite3.connect(uri, uri=True, check_same_thread=False)


class StoredIndex:
    """The imported articles as a ``retrieval.Corpus``: term statistics and entries, read on demand."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection
        self._lock = threading.Lock()  # one connection shared by the page's threads
        self.size = int(self.meta("size"))
        self.total_length = float(self.meta("total_length"))
        self.problems: list[str] = json.loads(self.meta("problems"))
        self.sources: dict[str, int] = json.loads(self.meta("sources"))
        self._lengths: array | None = None
        self._cache: dict[int, KnowledgeEntry] = {}

    def meta(self, key: str) -> Any:
        row = self._rows("SELECT value FROM meta WHERE key = ?", (key,))
        if not row:
            raise ValueError(f"the index has no {key}")
        return row[0][0]

    def lengths(self) -> Sequence[float]:
        if self._lengths is None:  # read on the first search, not on opening
            self._lengths = array("d", self.meta("lengths"))
        return self._lengths

    def postings(self, terms: Collection[str]) -> Mapping[str, Sequence[tuple[int, float]]]:
        wanted = list(terms)
        found: dict[str, Sequence[tuple[int, float]]] = {}
        for start in range(0, len(wanted), 500):  # SQLite's limit on parameters
            chunk = wanted[start : start + 500]
            marks = ",".join("?" * len(chunk))
            for term, docs, counts in self._rows(f"SELECT * FROM postings WHERE term IN ({marks})", chunk):
                found[term] = list(zip(array("i", docs), array("d", counts), strict=True))
        return found

    def entry(self, doc: int) -> KnowledgeEntry:
        cached = self._cache.get(doc)
        if cached is None:
            (row,) = self._rows("SELECT entry FROM docs WHERE doc = ?", (doc,))
            cached = KnowledgeEntry.model_validate_json(row[0])
            if len(self._cache) < 4096:
                self._cache[doc] = cached
        return cached

    def docs(self, entry_id: str) -> list[int]:
        return [row[0] for row in self._rows("SELECT doc FROM docs WHERE id = ?", (entry_id,))]

    def ids_for_number(self, number: str) -> list[str]:
        return [row[0] for row in self._rows("SELECT id FROM docs WHERE number = ? ORDER BY doc", (number,))]

    def ids(self) -> list[str]:
        return [row[0] for row in self._rows("SELECT id FROM docs ORDER BY doc", ())]

    def all_entries(self) -> Iterator[KnowledgeEntry]:
        for (text,) in self._rows("SELECT entry FROM docs ORDER BY doc", ()):
            yield KnowledgeEntry.model_validate_json(text)

    def close(self) -> None:
        with self._lock:
            self._connection.close()

    def _rows(self, sql: str, parameters: Sequence[Any]) -> list[Any]:
        with self._lock:
            return self._connection.execute(sql, parameters).fetchall()
