"""The imported code text's stored index: built once, cheap to open, and ranking exactly as in memory."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.code_text import article, code_text
from wizard_core.content import load_knowledge
from wizard_core.knowledge import imported_index
from wizard_core.knowledge.code_import import import_code_text, imported_dir, remove_import
from wizard_core.knowledge.imported_index import INDEX_NAME
from wizard_core.knowledge.retrieval import CodeIndex
from wizard_core.knowledge.service import IMPORTED_PREFIX, KnowledgeBaseService

BENCH = Path(__file__).resolve().parents[2] / "bench"


def _import(tmp_path: Path, data_dir: Path, name: str, text: str) -> None:
    source = tmp_path / f"{name}.txt"
    source.write_text(text, encoding="utf-8")
    import_code_text(source, data_dir, name=name)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    _import(tmp_path, data, "a-first", code_text(30, part=7) + "\n".join(article("3.2.4.1", "Alarm Rules")))
    # The later import repeats 7.1.1.2 (it wins) and replaces the shipped note 3.2.5.8.
    later = code_text(5, part=7, noun="gizmo") + "\n".join(
        article("3.2.5.8", "Gizmo Standpipes", noun="gizmo")
    )
    _import(tmp_path, data, "b-later", later)
    return data


def _questions() -> list[str]:
    questions = [q["question"] for q in json.loads((BENCH / "questions.json").read_text())["questions"]]
    return [*questions, "widget duct 7.1.1.2", "gizmo enclosure", "3.2.5.8 standpipe", "7.1", "1.4.1.2", ""]


def test_the_stored_index_ranks_exactly_as_the_same_entries_in_memory(data_dir: Path) -> None:
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    imported = []
    found: dict[str, object] = {}
    for path in sorted(imported_dir(data_dir).glob("*.md")):
        for entry in load_knowledge(path):
            found[entry.id] = entry.model_copy(update={"source": IMPORTED_PREFIX + path.name})
    imported = [(entry, "imported") for entry in found.values()]
    in_memory = CodeIndex([*((e, "notes") for e in kb.notes.values()), *imported])  # type: ignore[arg-type]
    assert len(in_memory) == len(kb.index)
    for question in _questions():
        for k in (1, 5, 12):
            stored = [(h.entry, h.score, h.origin) for h in kb.index.search(question, k)]
            assert stored == [(h.entry, h.score, h.origin) for h in in_memory.search(question, k)], question


def test_a_later_import_wins_and_an_import_replaces_a_note(data_dir: Path) -> None:
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    assert kb.get("7.1.1.2").text.startswith("(1) Every gizmo enclosure")  # type: ignore[union-attr]
    assert kb.get("7.1.1.2").source == "imported/b-later.md"  # type: ignore[union-attr]
    standpipe = kb.get("3.2.5.8")
    assert (
        standpipe is not None and standpipe.title == "Gizmo Standpipes" and kb.origin(standpipe) == "imported"
    )
    # The first import's 31 articles less the five the later one repeats; the later one's 6.
    assert (kb.imported_count("a-first"), kb.imported_count("b-later")) == (26, 6)
    assert len(kb.imported) == 32 and kb.imported["3.2.4.1"].title == "Alarm Rules"
    assert "3.2.5.8" in kb.entries and len(kb.entries) == len(kb.notes) + 32 - 2  # two replace notes
    assert [e.id for e in kb.imported.values()][:2] == ["7.1.1.1", "7.1.1.2"]


def test_opening_reads_no_import_and_a_search_reads_only_what_it_needs(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path) -> None:
        raise AssertionError(f"{path.name} was parsed again")

    monkeypatch.setattr(imported_index, "load_knowledge", refuse)
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    assert kb.index.search("gizmo enclosure duct", 1)[0].entry.id.startswith("7.1.1.")
    assert kb.get("3.2.4.1") is not None


def test_an_import_edited_by_hand_is_indexed_again_and_a_removed_one_is_gone(data_dir: Path) -> None:
    folder = imported_dir(data_dir)
    path = folder / "a-first.md"
    path.write_text(path.read_text().replace("Alarm Rules", "Zorblat Alarm Rules"), encoding="utf-8")
    kb = KnowledgeBaseService(imported_dir=folder)
    assert kb.get("3.2.4.1").title == "Zorblat Alarm Rules"  # type: ignore[union-attr]
    assert remove_import(data_dir, "b-later")
    kb = KnowledgeBaseService(imported_dir=folder)
    assert kb.get("3.2.5.8").source == "part3-fire-protection.md"  # type: ignore[union-attr]
    assert remove_import(data_dir, "a-first")
    assert not (folder / INDEX_NAME).exists()
    assert KnowledgeBaseService(imported_dir=folder).imported == {}


DAMAGE = {
    "garbage bytes": lambda p: p.write_bytes(b"\x00not a database" * 100),
    "an empty file": lambda p: p.write_bytes(b""),
    "a pipe": lambda p: (p.unlink(), os.mkfifo(p)),
    "a link": lambda p: (p.unlink(), p.symlink_to("/dev/zero")),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_index_is_built_again(data_dir: Path, damage: str) -> None:
    index = imported_dir(data_dir) / INDEX_NAME
    DAMAGE[damage](index)
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    assert kb.index.search("gizmo standpipes", 1)[0].entry.id == "3.2.5.8"
    assert index.is_file() and not index.is_symlink()


def test_an_index_that_cannot_be_stored_is_kept_in_memory(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (imported_dir(data_dir) / INDEX_NAME).unlink()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(imported_index.tempfile, "mkstemp", full_disk)
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    assert kb.index.search("gizmo standpipes", 1)[0].entry.id == "3.2.5.8"
    assert not (imported_dir(data_dir) / INDEX_NAME).exists()


HOSTILE_IMPORTS = {
    "a pipe": os.mkfifo,
    "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
    "a folder": lambda p: p.mkdir(),
}


@pytest.mark.parametrize("kind", HOSTILE_IMPORTS)
def test_a_hostile_file_among_the_imports_is_named_and_the_rest_still_used(data_dir: Path, kind: str) -> None:
    HOSTILE_IMPORTS[kind](imported_dir(data_dir) / "planted.md")
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    assert len(kb.import_problems) == 1 and "planted.md" in kb.import_problems[0]
    assert kb.get("3.2.4.1") is not None and kb.imported_count("a-first") == 26
