"""The knowledge base as a LangChain retriever (imported only by code that uses LangChain)."""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import Field

from wizard_core.knowledge.retrieval import Hit
from wizard_core.knowledge.service import KnowledgeBaseService


class CodeRetriever(BaseRetriever):
    """BM25 over a knowledge base (the code notes and any imported code text); ``k`` excerpts per query."""

    knowledge: KnowledgeBaseService
    k: int = Field(default=5, ge=1)

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, k: int | None = None, **_: Any
    ) -> list[Document]:
        return [to_document(hit) for hit in self.knowledge.search_hits(query, k or self.k)]


def to_document(hit: Hit) -> Document:
    """One hit as a LangChain document: the excerpt text, and where it came from."""
    entry = hit.entry
    return Document(
        page_content=entry.text,
        metadata={
            "id": entry.id,
            "title": entry.title,
            "edition": entry.edition,
            "source": entry.source,
            "score": hit.score,
            "start_line": entry.start_line,
            "end_line": entry.end_line,
            "origin": hit.origin,
        },
    )
