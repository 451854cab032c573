"""BM25 ranking of code excerpts, with asked-for articles first (terms come from terms.py).

Each entry is indexed as its id, title and keywords (weighted up) and its text. Article ids
such as ``3.2.4.1`` stay one token, and an entry also carries their prefixes (``3.2.4``,
``3.2``), so a question about a subsection finds the articles under it. An article named in
the query is ranked first; where the query names one the index lacks, its nearest indexed
ancestor comes first instead. The LangChain wrapper lives in ``langchain_retriever.py``,
above this module: importing LangChain costs over a second that offline runs need not pay.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from wizard_core.content import KnowledgeEntry
from wizard_core.knowledge.terms import Vocabulary, load_vocabulary, referenced_ids, tokenize

Origin = Literal["notes", "imported"]

# Field weights: a word in the title or keywords says more about an entry than one in its text.
WEIGHTS = {"id": 3.0, "title": 3.0, "keywords": 2.0, "text": 1.0}
K1 = 1.6
B = 0.75


class BM25:
    """Okapi BM25 over pre-weighted term counts, scored through an inverted index.

    Each posting holds the term's finished contribution to its document, so a query only adds.
    """

    def __init__(self, documents: Sequence[Mapping[str, float]], k1: float = K1, b: float = B) -> None:
        self.size = len(documents)
        lengths = [sum(doc.values()) for doc in documents]
        average = (sum(lengths) / self.size) if self.size else 1.0
        norms = [k1 * (1 - b + b * length / (average or 1.0)) for length in lengths]
        counts: dict[str, list[tuple[int, float]]] = {}
        for index, doc in enumerate(documents):
            for term, count in doc.items():
                counts.setdefault(term, []).append((index, count))
        self.idf = {
            term: math.log(1 + (self.size - len(posting) + 0.5) / (len(posting) + 0.5))
            for term, posting in counts.items()
        }
        self.postings = {
            term: [(i, self.idf[term] * tf * (k1 + 1) / (tf + norms[i])) for i, tf in posting]
            for term, posting in counts.items()
        }

    def scores(self, terms: Mapping[str, float]) -> dict[int, float]:
        """Score of every document sharing at least one of ``terms`` (term -> query weight)."""
        result: dict[int, float] = {}
        get = result.get
        for term, weight in terms.items():
            for index, gain in self.postings.get(term, ()):
                result[index] = get(index, 0.0) + weight * gain
        return result


def document_terms(entry: KnowledgeEntry) -> dict[str, float]:
    """The weighted term counts one entry is indexed under."""
    counts: dict[str, float] = {}
    fields = {
        "id": entry.id,
        "title": entry.title,
        "keywords": " ".join(entry.keywords),
        "text": entry.text,
    }
    for field, text in fields.items():
        weight = WEIGHTS[field]
        for term in tokenize(text, prefixes=True):
            counts[term] = counts.get(term, 0.0) + weight
    return counts


@dataclass(frozen=True)
class Hit:
    """One ranked excerpt: the entry, its score and whether it is a shipped note or imported."""

    entry: KnowledgeEntry
    score: float
    origin: Origin


class CodeIndex:
    """A BM25 index over notes and imported code text; one hit per article, imported preferred."""

    def __init__(
        self, entries: Sequence[tuple[KnowledgeEntry, Origin]], vocabulary: Vocabulary | None = None
    ) -> None:
        self.vocabulary = vocabulary if vocabulary is not None else load_vocabulary()
        self._entries = list(entries)
        self._bm25 = BM25([document_terms(entry) for entry, _ in self._entries])
        self._by_id: dict[str, list[int]] = {}
        for index, (entry, _) in enumerate(self._entries):
            self._by_id.setdefault(entry.id, []).append(index)
        # Where an article is both imported and a shipped note, the imported text is shown.
        self._preferred = {
            entry_id: next((i for i in indexes if self._entries[i][1] == "imported"), indexes[0])
            for entry_id, indexes in self._by_id.items()
        }
        # A bare number in a query also names a Division A or C entry ('1.4.1.2' -> 'A-1.4.1.2').
        self._by_number: dict[str, list[str]] = {}
        for entry_id in self._by_id:
            number = entry_id.split("-", 1)[1] if entry_id[:2] in ("A-", "C-") else entry_id
            self._by_number.setdefault(number, []).append(entry_id)

    def __len__(self) -> int:
        return len(self._entries)

    def search(self, query: str, k: int = 5) -> list[Hit]:
        """The ``k`` best entries for ``query``, best first (named articles ahead of the rest)."""
        if k <= 0:
            return []
        scores = self._bm25.scores(self.vocabulary.query_terms(query))
        top = max(scores.values(), default=0.0)
        # Named articles rank first, in the order the query names them.
        for rank, entry_id in enumerate(self._named(query)):
            for index in self._by_id[entry_id]:
                scores[index] = max(scores.get(index, 0.0), top + 100.0 - rank)
        # Most queries need only the head of the ranking; sort it all only if duplicates ate it.
        ranked = heapq.nlargest(3 * k, scores.items(), key=_rank_key)
        hits = self._distinct(ranked, k)
        if len(hits) < k and len(ranked) < len(scores):
            hits = self._distinct(sorted(scores.items(), key=_rank_key, reverse=True), k)
        return hits

    def _distinct(self, ranked: list[tuple[int, float]], k: int) -> list[Hit]:
        """One hit per article id, up to ``k``; an imported copy stands in for a shipped note."""
        hits: list[Hit] = []
        seen: set[str] = set()
        for index, score in ranked:
            entry, _ = self._entries[index]
            if entry.id in seen:
                continue
            seen.add(entry.id)
            preferred = self._preferred[entry.id]
            hits.append(Hit(self._entries[preferred][0], round(score, 4), self._entries[preferred][1]))
            if len(hits) == k:
                break
        return hits

    def _named(self, query: str) -> list[str]:
        """Indexed ids a query names, or for an unindexed article its nearest indexed ancestor."""
        named: list[str] = []
        for ref in referenced_ids(query):
            matches = [ref] if ref in self._by_id else self._by_number.get(ref, [])
            if not matches and re.fullmatch(r"\d+(?:\.\d+)+", ref):
                parts = ref.split(".")
                ancestors = (".".join(parts[:n]) for n in range(len(parts) - 1, 1, -1))
                matches = next(([a] for a in ancestors if a in self._by_id), [])
            named += [m for m in matches if m not in named]
        return named


def _rank_key(pair: tuple[int, float]) -> tuple[float, int]:
    """Higher score first; ties in index order (notes before imports, files in name order)."""
    return pair[1], -pair[0]
