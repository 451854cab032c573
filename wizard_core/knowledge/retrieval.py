"""BM25 ranking of code excerpts, with asked-for articles first (terms come from terms.py).

Each entry is indexed as its id, title and keywords (weighted up) and its text. Article ids
such as ``3.2.4.1`` stay one token, and an entry also carries their prefixes (``3.2.4``,
``3.2``), so a question about a subsection finds the articles under it. An article named in
the query is ranked first; where the query names one the index lacks, its nearest indexed
ancestor comes first instead. The shipped notes are indexed in memory; the consultant's
imported code text comes as a ``Corpus`` stored on disk (``imported_index.py``), read term by
term, and both rank as one collection. The LangChain wrapper lives in
``langchain_retriever.py``, above this module: importing LangChain costs over a second that
offline runs need not pay.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from wizard_core.content import KnowledgeEntry
from wizard_core.knowledge.terms import Vocabulary, load_vocabulary, referenced_ids, tokenize

Origin = Literal["notes", "imported"]

# Field weights: a word in the title or keywords says more about an entry than one in its text.
WEIGHTS = {"id": 3.0, "title": 3.0, "keywords": 2.0, "text": 1.0}
K1 = 1.6
B = 0.75


class Postings(Protocol):
    """Documents as pre-weighted term counts: how many, how long, and which hold a term."""

    size: int
    total_length: float

    def lengths(self) -> Sequence[float]: ...

    def postings(self, terms: Collection[str]) -> Mapping[str, Sequence[tuple[int, float]]]: ...


class Corpus(Postings, Protocol):
    """Indexed entries kept outside the process (the imported code text), read as a search needs them."""

    def entry(self, doc: int) -> KnowledgeEntry: ...

    def docs(self, entry_id: str) -> list[int]: ...

    def ids_for_number(self, number: str) -> list[str]: ...


class CountedDocuments:
    """Documents held in memory as pre-weighted term counts."""

    def __init__(self, documents: Sequence[Mapping[str, float]]) -> None:
        self.size = len(documents)
        self._lengths = [sum(doc.values()) for doc in documents]
        self.total_length = sum(self._lengths)
        self._postings: dict[str, list[tuple[int, float]]] = {}
        for index, doc in enumerate(documents):
            for term, count in doc.items():
                self._postings.setdefault(term, []).append((index, count))

    def lengths(self) -> Sequence[float]:
        return self._lengths

    def postings(self, terms: Collection[str]) -> Mapping[str, Sequence[tuple[int, float]]]:
        return {term: self._postings[term] for term in terms if term in self._postings}


class BM25:
    """Okapi BM25 over pre-weighted term counts, one collection however many parts it is kept in.

    Document numbers run through the parts in order; idf and the average length are the whole
    collection's, so an article scores the same whether it is in memory or on disk.
    """

    def __init__(
        self,
        documents: Sequence[Mapping[str, float]] = (),
        k1: float = K1,
        b: float = B,
        parts: Sequence[Postings] = (),
    ) -> None:
        self.parts: list[Postings] = list(parts) if parts else [CountedDocuments(documents)]
        self.size = sum(part.size for part in self.parts)
        self.average = (sum(part.total_length for part in self.parts) / self.size) if self.size else 1.0
        self.k1, self.b = k1, b
        self.offsets = [sum(part.size for part in self.parts[:n]) for n in range(len(self.parts))]
        self._norms: list[list[float] | None] = [None] * len(self.parts)

    def _norm(self, part: int) -> list[float]:
        norms = self._norms[part]
        if norms is None:  # computed once per part, on its first use
            k1, b, average = self.k1, self.b, self.average or 1.0
            norms = [k1 * (1 - b + b * length / average) for length in self.parts[part].lengths()]
            self._norms[part] = norms
        return norms

    def scores(self, terms: Mapping[str, float]) -> dict[int, float]:
        """Score of every document sharing at least one of ``terms`` (term -> query weight)."""
        found = [part.postings(terms.keys()) for part in self.parts]
        result: dict[int, float] = {}
        get = result.get
        factor = self.k1 + 1
        for term, weight in terms.items():
            lists = [(n, got[term]) for n, got in enumerate(found) if term in got]
            df = sum(len(posting) for _, posting in lists)
            if not df:
                continue
            idf = math.log(1 + (self.size - df + 0.5) / (df + 0.5))
            for n, posting in lists:
                norms, offset = self._norm(n), self.offsets[n]
                for index, tf in posting:
                    key = offset + index
                    result[key] = get(key, 0.0) + weight * (idf * tf * factor / (tf + norms[index]))
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
    """A BM25 index over notes and imported code text; one hit per article, imported preferred.

    ``entries`` are indexed in memory; ``stored`` (the imported code text, already one entry
    per id) ranks after them as part of the same collection.
    """

    def __init__(
        self,
        entries: Sequence[tuple[KnowledgeEntry, Origin]] = (),
        vocabulary: Vocabulary | None = None,
        stored: Corpus | None = None,
    ) -> None:
        self.vocabulary = vocabulary if vocabulary is not None else load_vocabulary()
        self._entries = list(entries)
        self._stored = stored
        memory = CountedDocuments([document_terms(entry) for entry, _ in self._entries])
        self._bm25 = BM25(parts=[memory] if stored is None else [memory, stored])
        self._by_id: dict[str, list[int]] = {}
        for index, (entry, _) in enumerate(self._entries):
            self._by_id.setdefault(entry.id, []).append(index)
        # A bare number in a query also names a Division A or C entry ('1.4.1.2' -> 'A-1.4.1.2').
        self._by_number: dict[str, list[str]] = {}
        for entry_id in self._by_id:
            self._by_number.setdefault(number_of(entry_id), []).append(entry_id)

    def __len__(self) -> int:
        return len(self._entries) + (self._stored.size if self._stored is not None else 0)

    def search(self, query: str, k: int = 5) -> list[Hit]:
        """The ``k`` best entries for ``query``, best first (named articles ahead of the rest)."""
        if k <= 0:
            return []
        scores = self._bm25.scores(self.vocabulary.query_terms(query))
        top = max(scores.values(), default=0.0)
        # Named articles rank first, in the order the query names them.
        for rank, entry_id in enumerate(self._named(query)):
            for index in self._indexes(entry_id):
                scores[index] = max(scores.get(index, 0.0), top + 100.0 - rank)
        # Most queries need only the head of the ranking; sort it all only if duplicates ate it.
        ranked = heapq.nlargest(3 * k, scores.items(), key=_rank_key)
        hits = self._distinct(ranked, k)
        if len(hits) < k and len(ranked) < len(scores):
            hits = self._distinct(sorted(scores.items(), key=_rank_key, reverse=True), k)
        return hits

    def _indexes(self, entry_id: str) -> list[int]:
        """Where an article is indexed: in memory first, then in the stored part."""
        found = list(self._by_id.get(entry_id, ()))
        if self._stored is not None:
            found += [len(self._entries) + doc for doc in self._stored.docs(entry_id)]
        return found

    def _entry(self, index: int) -> tuple[KnowledgeEntry, Origin]:
        if index < len(self._entries):
            return self._entries[index]
        assert self._stored is not None
        return self._stored.entry(index - len(self._entries)), "imported"

    def _preferred(self, entry_id: str) -> int:
        """Where an article is both imported and a shipped note, the imported text is shown."""
        indexes = self._indexes(entry_id)
        return next((i for i in indexes if self._entry(i)[1] == "imported"), indexes[0])

    def _distinct(self, ranked: list[tuple[int, float]], k: int) -> list[Hit]:
        """One hit per article id, up to ``k``; an imported copy stands in for a shipped note."""
        hits: list[Hit] = []
        seen: set[str] = set()
        for index, score in ranked:
            entry, _ = self._entry(index)
            if entry.id in seen:
                continue
            seen.add(entry.id)
            preferred = self._entry(self._preferred(entry.id))
            hits.append(Hit(preferred[0], round(score, 4), preferred[1]))
            if len(hits) == k:
                break
        return hits

    def _matches(self, ref: str) -> list[str]:
        """Indexed ids a reference names: itself, or a Division A or C entry of that number."""
        if self._indexes(ref):
            return [ref]
        found = list(self._by_number.get(ref, ()))
        if self._stored is not None:
            found += [i for i in self._stored.ids_for_number(ref) if i not in found]
        return found

    def _named(self, query: str) -> list[str]:
        """Indexed ids a query names, or for an unindexed article its nearest indexed ancestor."""
        named: list[str] = []
        for ref in referenced_ids(query):
            matches = self._matches(ref)
            if not matches and re.fullmatch(r"\d+(?:\.\d+)+", ref):
                parts = ref.split(".")
                ancestors = (".".join(parts[:n]) for n in range(len(parts) - 1, 1, -1))
                matches = next(([a] for a in ancestors if self._indexes(a)), [])
            named += [m for m in matches if m not in named]
        return named


def number_of(entry_id: str) -> str:
    """The article number without a Division A or C prefix: 'A-1.4.1.2' -> '1.4.1.2'."""
    return entry_id.split("-", 1)[1] if entry_id[:2] in ("A-", "C-") else entry_id


def _rank_key(pair: tuple[int, float]) -> tuple[float, int]:
    """Higher score first; ties in index order (notes before imports, files in name order)."""
    return pair[1], -pair[0]
