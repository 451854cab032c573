"""CodeRetriever as a LangChain retriever: langchain-tests' standard suite, and its documents."""

from __future__ import annotations

import pytest
from langchain_core.documents import Document
from langchain_tests.integration_tests import RetrieversIntegrationTests

from wizard_core.knowledge.langchain_retriever import CodeRetriever
from wizard_core.knowledge.service import KnowledgeBaseService

# The suite's one async test carries no asyncio mark and the project runs pytest-asyncio in
# strict mode; marking the inherited test (not overriding it, which the suite forbids) runs it.
pytest.mark.asyncio(RetrieversIntegrationTests.test_ainvoke_returns_documents)


class TestCodeRetrieverStandard(RetrieversIntegrationTests):
    @property
    def retriever_constructor(self) -> type[CodeRetriever]:
        return CodeRetriever

    @property
    def retriever_constructor_params(self) -> dict:
        return {"knowledge": KnowledgeBaseService(), "k": 2}

    @property
    def retriever_query_example(self) -> str:
        return "when is a fire alarm system required"


def test_documents_carry_the_excerpt_and_where_it_came_from():
    retriever = CodeRetriever(knowledge=KnowledgeBaseService(), k=3)
    docs = retriever.invoke("do we need a standpipe in a 4 storey building")
    assert len(docs) == 3 and all(isinstance(d, Document) for d in docs)
    first = docs[0]
    assert first.metadata["id"] == "3.2.5.8" and first.page_content.startswith(
        "A standpipe system is required"
    )
    assert set(first.metadata) == {
        "id",
        "title",
        "edition",
        "source",
        "score",
        "start_line",
        "end_line",
        "origin",
    }
    assert first.metadata["origin"] == "notes" and first.metadata["source"] == "part3-fire-protection.md"
    scores = [d.metadata["score"] for d in docs]
    assert scores == sorted(scores, reverse=True)
    assert [d.metadata["id"] for d in retriever.invoke("3.2.4.1", k=1)] == ["3.2.4.1"]


def test_a_question_with_no_matching_words_returns_no_documents():
    assert CodeRetriever(knowledge=KnowledgeBaseService(), k=5).invoke("zzzz qqqq") == []
