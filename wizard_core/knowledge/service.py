"""KnowledgeBaseService: the shipped code notes and the consultant's imported code text.

Both are Markdown files of ``## id | title`` entries. Where an imported article and a
shipped note share an id, the imported text (the code's own words) is the one used. The
imported text is searched through its stored index (``imported_index.py``), so opening the
service costs the same however much is imported.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from wizard_core.content import CONTENT_DIR, FormItem, KnowledgeEntry, load_knowledge
from wizard_core.errors import ContentError
from wizard_core.knowledge.expansion import DEFAULT_CONTEXT_LINES, Chunk, Expanded, FileContextExpander
from wizard_core.knowledge.imported_index import IMPORTED_PREFIX, StoredIndex, open_index
from wizard_core.knowledge.retrieval import CodeIndex, Hit, Origin

DEFAULT_KNOWLEDGE_DIR = CONTENT_DIR / "knowledge"
__all__ = ["IMPORTED_PREFIX", "KnowledgeBaseService", "KnowledgeSource", "Quote", "normalize_reference"]
log = logging.getLogger(__name__)
# The header line an import writes: "... imported from <file> on <date>."
_IMPORTED_FROM = re.compile(r"imported from (?P<file>.+) on \d{4}-\d{2}-\d{2}\.\s*$")


@dataclass(frozen=True)
class Quote:
    """A code excerpt as a consultant reads it: its words and where they come from."""

    id: str
    title: str
    edition: str
    origin: Origin
    text: str
    # The file the words are in (``imported/<name>.md`` or a notes file) and their lines there.
    source: str
    start_line: int
    end_line: int
    # For imported text: the import's name and the file the consultant imported it from.
    import_name: str | None = None
    imported_from: str | None = None


class KnowledgeSource(Protocol):
    """What the rest of the core needs from the knowledge base."""

    def get(self, entry_id: str) -> KnowledgeEntry | None: ...

    def relevant_entries(self, item: FormItem, query: str, limit: int) -> list[KnowledgeEntry]: ...

    def search(self, query: str, limit: int) -> list[KnowledgeEntry]: ...


class ImportedArticles(Mapping[str, KnowledgeEntry]):
    """The imported articles by id, read from the stored index as they are asked for."""

    def __init__(self, index: StoredIndex | None) -> None:
        self.index = index
        self._ids: list[str] | None = None
        self._values: list[KnowledgeEntry] | None = None

    def _all_ids(self) -> list[str]:
        if self._ids is None:
            self._ids = self.index.ids() if self.index is not None else []
        return self._ids

    def __getitem__(self, entry_id: str) -> KnowledgeEntry:
        docs = self.index.docs(entry_id) if self.index is not None else []
        if not docs:
            raise KeyError(entry_id)
        assert self.index is not None
        return self.index.entry(docs[0])

    def __iter__(self) -> Iterator[str]:
        return iter(self._all_ids())

    def __len__(self) -> int:
        return self.index.size if self.index is not None else 0

    def values(self):  # type: ignore[override]
        """Every imported article, read in one pass (not one lookup each) and kept: the page counts them."""
        if self._values is None:
            self._values = list(self.index.all_entries()) if self.index is not None else []
        return self._values

    def count(self, source: str) -> int:
        """How many articles came from one imported file (``imported/<name>.md``)."""
        return self.index.sources.get(source, 0) if self.index is not None else 0


class AllEntries(Mapping[str, KnowledgeEntry]):
    """Notes and imported articles by id; an imported article replaces the note it shares an id with."""

    def __init__(self, notes: dict[str, KnowledgeEntry], imported: ImportedArticles) -> None:
        self.notes, self.imported = notes, imported

    def __getitem__(self, entry_id: str) -> KnowledgeEntry:
        found = self.imported.get(entry_id)
        return found if found is not None else self.notes[entry_id]

    def __iter__(self) -> Iterator[str]:
        yield from self.notes
        yield from (entry_id for entry_id in self.imported if entry_id not in self.notes)

    def __len__(self) -> int:
        return sum(1 for _ in self)


class KnowledgeBaseService:
    """Code notes and imported code text, found by id, by BM25 and by the item's references."""

    def __init__(
        self,
        knowledge_dir: Path = DEFAULT_KNOWLEDGE_DIR,
        imported_dir: Path | None = None,
        expander: FileContextExpander | None = None,
    ) -> None:
        self.knowledge_dir = knowledge_dir
        self.imported_dir = imported_dir
        self.expander = expander or FileContextExpander()
        self.notes: dict[str, KnowledgeEntry] = {}
        for path in sorted(knowledge_dir.glob("*.md")):
            for entry in load_knowledge(path):
                if entry.id in self.notes:
                    raise ContentError(f"Knowledge entry {entry.id} appears twice ({path.name}).")
                self.notes[entry.id] = entry
        if not self.notes:
            raise ContentError(f"No code notes were found in {knowledge_dir}.")
        self.reload_imports()

    def reload_imports(self) -> None:
        """Read the imported code text anew (after an import or removal, here or in another replica).

        The new index is opened before it replaces the old, so a search running meanwhile
        finishes on the old one.
        """
        folder = self.imported_dir
        stored = open_index(folder) if folder is not None and folder.is_dir() else None
        problems: list[str] = list(stored.problems) if stored is not None else []
        for problem in problems:
            log.warning("Imported code text not in use: %s", problem)
        imported = ImportedArticles(stored)
        index = CodeIndex([(e, "notes") for e in self.notes.values()], stored=stored)
        self.import_problems = problems
        self._origins: dict[str, str | None] = {}
        self.imported, self.entries, self.index = imported, AllEntries(self.notes, imported), index

    def imported_count(self, name: str) -> int:
        """How many articles the import called ``name`` holds."""
        return self.imported.count(f"{IMPORTED_PREFIX}{name}.md")

    def get(self, entry_id: str) -> KnowledgeEntry | None:
        return self.entries.get(normalize_reference(entry_id))

    def origin(self, entry: KnowledgeEntry) -> Origin:
        return "imported" if entry.source.startswith(IMPORTED_PREFIX) else "notes"

    def quote(self, entry_id: str) -> Quote | None:
        """The excerpt with its text, file and lines; None if no note or import has this id."""
        entry = self.get(entry_id)
        if entry is None:
            return None
        origin = self.origin(entry)
        name = entry.source.removeprefix(IMPORTED_PREFIX) if origin == "imported" else None
        return Quote(
            id=entry.id,
            title=entry.title,
            edition=entry.edition,
            origin=origin,
            text=entry.text,
            source=entry.source,
            start_line=entry.start_line,
            end_line=entry.end_line,
            import_name=name.removesuffix(".md") if name else None,
            imported_from=self._imported_from(name) if name else None,
        )

    def _imported_from(self, file_name: str) -> str | None:
        """The consultant's file an import was made from, as its header names it (read once)."""
        if file_name not in self._origins:
            found = None
            if self.imported_dir is not None:
                try:
                    with (self.imported_dir / file_name).open(encoding="utf-8", errors="replace") as handle:
                        head = [handle.readline(400) for _ in range(4)]
                except OSError:
                    head = []
                for line in head:
                    if match := _IMPORTED_FROM.search(line):
                        found = match["file"]
            self._origins[file_name] = found
        return self._origins[file_name]

    def relevant_entries(self, item: FormItem, query: str = "", limit: int = 8) -> list[KnowledgeEntry]:
        """The item's own references first, then the best hits for the query, then for the item."""
        chosen: list[KnowledgeEntry] = []
        for entry in [self.get(r) for r in item.references]:
            if entry is not None and entry not in chosen:
                chosen.append(entry)
        for text in (query, item.title + " " + " ".join(item.keywords)):
            if len(chosen) >= limit or not text.strip():
                continue
            for hit in self.index.search(text, limit):
                if len(chosen) < limit and hit.entry not in chosen:
                    chosen.append(hit.entry)
        return chosen[:limit]

    def search(self, query: str, limit: int = 5) -> list[KnowledgeEntry]:
        """The entries that best answer ``query``, best first."""
        return [hit.entry for hit in self.index.search(query, limit)]

    def search_scored(self, query: str, limit: int = 5) -> list[tuple[KnowledgeEntry, float]]:
        """As ``search``, with each entry's BM25 score (named articles score above the rest)."""
        return [(hit.entry, hit.score) for hit in self.index.search(query, limit)]

    def search_hits(self, query: str, limit: int = 5) -> list[Hit]:
        """As ``search``, with score and origin."""
        return self.index.search(query, limit)

    def expanded_text(self, entry: KnowledgeEntry, lines: int = DEFAULT_CONTEXT_LINES) -> str:
        """The entry's lines with ``lines`` more before and after from its file (its text on failure)."""
        base, chunk = self._chunk(entry)
        return self.expander.expand(base, chunk, lines)

    def expanded_excerpts(
        self, entries: list[KnowledgeEntry], lines: int = DEFAULT_CONTEXT_LINES
    ) -> list[Expanded]:
        """Each entry widened by ``lines``; overlapping widenings in one file merged into one."""
        groups: dict[Path, list[Chunk]] = {}
        for entry in entries:
            base, chunk = self._chunk(entry)
            groups.setdefault(base, []).append(chunk)
        result: list[Expanded] = []
        for base, chunks in groups.items():
            result += self.expander.expand_many(base, chunks, lines)
        order = {entry.id: n for n, entry in enumerate(entries)}
        return sorted(result, key=lambda e: min(order.get(i, len(order)) for i in e.ids))

    def _chunk(self, entry: KnowledgeEntry) -> tuple[Path, Chunk]:
        if self.origin(entry) == "imported" and self.imported_dir is not None:
            base, name = self.imported_dir, entry.source.removeprefix(IMPORTED_PREFIX)
        else:
            base, name = self.knowledge_dir, entry.source
        return base, Chunk(name, entry.start_line, entry.end_line, entry.text, entry.id)


_REF_PREFIX = re.compile(
    r"^(?:div(?:ision)?\.?\s*B\s*,?\s*)?(?:section|article|sentence|subsection)?\s*", re.I
)
_DIVISION = re.compile(r"^div(?:ision)?\.?\s*([AC])\s*,?\s*(?:section|article|sentence|subsection)?\s*", re.I)


def normalize_reference(reference: str) -> str:
    """'Div. A 1.4.1.2' -> 'A-1.4.1.2'; 'Article 3.2.4.1.' -> '3.2.4.1'."""
    text = reference.strip().rstrip(".")
    division = _DIVISION.match(text)
    if division:
        return f"{division[1].upper()}-{text[division.end() :].strip().rstrip('.')}"
    return _REF_PREFIX.sub("", text, count=1).strip()
