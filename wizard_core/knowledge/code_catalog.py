"""What is imported, and the name a new import takes, so that no import silently replaces another.

Each import's edition, source file and date are read from the header its text was written with
(``code_import.render_markdown``), so a folder and a database list them alike. A new import
replaces an earlier one only when it is the same file under the same edition; any other import
already holding the name is kept, and the new one takes ``<name>-<edition>`` (then
``<name>-<edition>-2``…).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from wizard_core.errors import InputError
from wizard_core.knowledge.code_store import MAX_NAME, CodeTextStore, safe_name

HEADER_LINES = 8  # the title, the "imported from" line and the edition come first
_FROM = re.compile(r"imported from (?P<source>.+) on (?P<date>\d{4}-\d{2}-\d{2})\.\s*$")
_EDITION = re.compile(r"^Edition:\s*(?P<edition>\S.*?)\s*$")
_ARTICLE = re.compile(r"^## ", re.MULTILINE)


@dataclass(frozen=True)
class ImportInfo:
    """One import as listed: its name, edition, source file, article count and the date imported."""

    name: str
    edition: str  # "" when its header does not say
    source: str
    articles: int
    imported: str  # YYYY-MM-DD, or ""

    def describe(self) -> str:
        """'obc (2024 edition, from obc.pdf, 1,204 articles)'."""
        edition = f"{self.edition} edition" if self.edition else "edition unknown"
        source = f"from {self.source}" if self.source else "source unknown"
        return f"{self.name} ({edition}, {source}, {self.articles:,} articles)"

    def same_import(self, edition: str, source: str) -> bool:
        """Whether importing ``source`` under ``edition`` is importing this again (a replacement)."""
        return bool(self.source) and (self.edition, self.source) == (edition, source)


def read_info(name: str, text: str) -> ImportInfo:
    """An import's listing, from its stored text."""
    edition = source = imported = ""
    for line in text.split("\n", HEADER_LINES)[:HEADER_LINES]:
        if found := _FROM.search(line):
            source, imported = found["source"], found["date"]
        elif (found := _EDITION.match(line)) and not edition:
            edition = found["edition"]
    return ImportInfo(name, edition, source, len(_ARTICLE.findall(text)), imported)


def catalog(store: CodeTextStore) -> list[ImportInfo]:
    """Every import in ``store``, by name (one removed while listed is left out)."""
    found = []
    for name in store.names():
        text = store.read(name)
        if text is not None:
            found.append(read_info(name, text))
    return found


def find(store: CodeTextStore, name: str) -> ImportInfo:
    """The import called ``name`` (as stored, or as typed: 'OBC 2024' finds 'obc-2024'); else InputError."""
    for candidate in dict.fromkeys((name, safe_name(name))):
        text = store.read(candidate)
        if text is not None:
            return read_info(candidate, text)
    names = store.names()
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    known = f"the imports are {shown}" if names else "no code text is imported"
    raise InputError(f"No imported code text is named {name[:80]!r}; {known}.")


@dataclass(frozen=True)
class Placement:
    """Where a new import goes: its name, and the import it replaces or the one kept beside it."""

    name: str
    replaces: ImportInfo | None = None
    beside: ImportInfo | None = None


def place(store: CodeTextStore, wanted: str, edition: str, source: str) -> Placement:
    """The name for importing ``source`` under ``edition``, asked for as ``wanted`` (a safe name)."""
    beside = None
    for name in _candidates(wanted, edition):
        text = store.read(name)
        if text is None:
            return Placement(name, beside=beside)
        there = read_info(name, text)
        if there.same_import(edition, source):
            return Placement(name, replaces=there, beside=beside)
        beside = beside or there
    raise AssertionError("unreachable: the candidates never end")


def _candidates(wanted: str, edition: str) -> Iterator[str]:
    yield wanted
    for number in itertools.count(1):
        suffix = f"-{edition}" if number == 1 else f"-{edition}-{number}"
        yield wanted[: MAX_NAME - len(suffix)].strip("-") + suffix
