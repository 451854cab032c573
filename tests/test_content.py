"""Checks on the shipped content: the matrix JSON files and the Markdown code notes."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from wizard_core.content import (
    CHOICE_TYPES,
    CONTENT_DIR,
    FormDefinition,
    KnowledgeEntry,
    Option,
    load_form,
    load_knowledge,
)
from wizard_core.errors import ContentError

FORM_FILES = sorted((CONTENT_DIR / "forms").glob("*.json"))
KNOWLEDGE_FILES = sorted((CONTENT_DIR / "knowledge").glob("*.md"))
PART3_FORM = CONTENT_DIR / "forms" / "part3-2024.json"


def _load(path: Path) -> FormDefinition | list[KnowledgeEntry]:
    """Load one content file, turning a ContentError into a readable test failure."""
    try:
        return load_form(path) if path.suffix == ".json" else load_knowledge(path)
    except ContentError as exc:
        message = f"{path.relative_to(CONTENT_DIR)}: {exc}"
    pytest.fail(message, pytrace=False)


@pytest.fixture(scope="module")
def part3() -> FormDefinition:
    form = _load(PART3_FORM)
    assert isinstance(form, FormDefinition)
    return form


@pytest.fixture(scope="module")
def knowledge() -> list[KnowledgeEntry]:
    entries: list[KnowledgeEntry] = []
    for path in KNOWLEDGE_FILES:
        loaded = _load(path)
        assert isinstance(loaded, list)
        entries.extend(loaded)
    return entries


def test_content_files_exist() -> None:
    assert PART3_FORM in FORM_FILES, "content/forms/part3-2024.json is missing"
    assert KNOWLEDGE_FILES, "content/knowledge/ has no .md files"


@pytest.mark.parametrize(
    "path",
    FORM_FILES + KNOWLEDGE_FILES,
    ids=lambda p: f"{p.parent.name}/{p.name}",
)
def test_content_file_loads(path: Path) -> None:
    loaded = _load(path)
    if isinstance(loaded, list):
        assert loaded, f"{path.name} has no entries"


def test_part3_items_are_contiguous(part3: FormDefinition) -> None:
    numbers = [item.number for item in part3.items]
    assert numbers == [f"3.{n:02d}" for n in range(28)]


def test_part3_edition(part3: FormDefinition) -> None:
    assert [e.key for e in part3.editions] == ["2024"]
    assert part3.editions[0].regulation == "O. Reg. 163/24"


def test_every_reference_has_a_knowledge_entry(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    known = {entry.id for entry in knowledge}
    forms = [_load(path) for path in FORM_FILES]
    missing = sorted(
        {
            f"{item.number} -> {ref}"
            for form in forms
            if isinstance(form, FormDefinition)
            for item in form.items
            for ref in item.references
            if ref not in known
        }
    )
    assert not missing, f"references without a knowledge entry: {missing}"


def test_knowledge_ids_are_unique_across_files(knowledge: list[KnowledgeEntry]) -> None:
    counts = Counter(entry.id for entry in knowledge)
    duplicates = {
        entry_id: sorted({e.source for e in knowledge if e.id == entry_id})
        for entry_id, n in counts.items()
        if n > 1
    }
    assert not duplicates, f"duplicate knowledge ids: {duplicates}"


def test_knowledge_entries_are_tagged_with_an_edition(knowledge: list[KnowledgeEntry]) -> None:
    untagged = [f"{e.source}:{e.start_line} {e.id}" for e in knowledge if not e.edition]
    assert not untagged, f"entries without an Edition tag: {untagged}"


def _option_groups(form: FormDefinition) -> list[tuple[str, list[Option]]]:
    groups = []
    for item in form.items:
        if item.answer_type in CHOICE_TYPES:
            groups.append((item.number, item.options))
        for field, options in item.field_options.items():
            groups.append((f"{item.number}.{field}", options))
    return groups


@pytest.mark.parametrize("path", FORM_FILES, ids=lambda p: p.name)
def test_option_synonyms_are_unique_within_an_item(path: Path) -> None:
    form = _load(path)
    assert isinstance(form, FormDefinition)
    problems = []
    for where, options in _option_groups(form):
        owner: dict[str, str] = {}
        labels = {o.label.casefold(): o.label for o in options}
        for option in options:
            for synonym in option.synonyms:
                key = synonym.casefold().strip()
                if key in owner and owner[key] != option.label:
                    problems.append(f"{where}: {synonym!r} in {owner[key]!r} and {option.label!r}")
                if key in labels and labels[key] != option.label:
                    problems.append(f"{where}: {synonym!r} of {option.label!r} is another label")
                owner[key] = option.label
    assert not problems, "\n".join(problems)
