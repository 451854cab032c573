"""KnowledgeBaseService: the shipped code notes and the consultant's imported code text.

Both are Markdown files of ``## id | title`` entries. Where an imported article and a
shipped note share an id, the imported text (the code's own words) is the one used.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Protocol

from wizard_core.content import CONTENT_DIR, FormItem, KnowledgeEntry, load_knowledge
from wizard_core.errors import ContentError
from wizard_core.knowledge.expansion import DEFAULT_CONTEXT_LINES, Chunk, Expanded, FileContextExpander
from wizard_core.knowledge.retrieval import CodeIndex, Hit, Origin

DEFAULT_KNOWLEDGE_DIR = CONTENT_DIR / "knowledge"
IMPORTED_PREFIX = "imported/"
log = logging.getLogger(__name__)


class KnowledgeSource(Protocol):
    """What the rest of the core needs from the knowledge base."""

    def get(self, entry_id: str) -> KnowledgeEntry | None: ...

    def relevant_entries(self, item: FormItem, query: str, limit: int) -> list[KnowledgeEntry]: ...

    def search(self, query: str, limit: int) -> list[KnowledgeEntry]: ...


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
        self.import_problems: list[str] = []
        self.imported = self._load_imported(imported_dir) if imported_dir else {}
        self.entries = {**self.notes, **self.imported}
        self.index = CodeIndex(
            [(e, "notes") for e in self.notes.values()] + [(e, "imported") for e in self.imported.values()]
        )

    def _load_imported(self, folder: Path) -> dict[str, KnowledgeEntry]:
        """Imported articles by id; a later file wins; an unreadable file is skipped and noted."""
        found: dict[str, KnowledgeEntry] = {}
        for path in sorted(folder.glob("*.md")):
            try:
                entries = load_knowledge(path)
            except ContentError as error:
                # One damaged import must not take the shipped notes down with it.
                log.warning("Skipping imported code text %s: %s", path, error)
                self.import_problems.append(str(error))
                continue
            for entry in entries:
                found[entry.id] = entry.model_copy(update={"source": IMPORTED_PREFIX + path.name})
        return found

    def get(self, entry_id: str) -> KnowledgeEntry | None:
        return self.entries.get(normalize_reference(entry_id))

    def origin(self, entry: KnowledgeEntry) -> Origin:
        return "imported" if entry.source.startswith(IMPORTED_PREFIX) else "notes"

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
