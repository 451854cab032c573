"""Checks on the shipped content: the matrix JSON files, the Markdown code notes, the vocabulary."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from wizard_core.answers.vocabulary import VOCABULARY_FILE, Vocabulary, load_vocabulary
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


def _load(path: Path) -> FormDefinition | list[KnowledgeEntry] | Vocabulary:
    """Load one content file, turning a ContentError into a readable test failure."""
    try:
        if path == VOCABULARY_FILE:
            return load_vocabulary(path)
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
    [*FORM_FILES, *KNOWLEDGE_FILES, VOCABULARY_FILE],
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


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda words: words.__setitem__("replies", {**words["replies"], "yes": []}), "replies.yes"),
        (lambda words: words.__setitem__("colours", ["red"]), "colours"),
        (lambda words: words["construction"]["materials"].pop("noncombustible"), "noncombustible"),
        (lambda words: words["numbers"]["counts_before_nouns"].append("several"), "several"),
    ],
    ids=["empty list", "unknown section", "material without words", "count without a number"],
)
def test_a_broken_vocabulary_fails_naming_the_file_and_the_problem(tmp_path: Path, edit, named) -> None:
    words = json.loads(VOCABULARY_FILE.read_text(encoding="utf-8"))
    edit(words)
    broken = tmp_path / "vocabulary.json"
    broken.write_text(json.dumps(words), encoding="utf-8")
    with pytest.raises(ContentError, match=r"^The vocabulary file vocabulary\.json is invalid: ") as caught:
        load_vocabulary(broken)
    assert named in str(caught.value)


def test_an_unreadable_vocabulary_fails_naming_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "vocabulary.json"
    broken.write_text('{"numbers": ', encoding="utf-8")
    with pytest.raises(ContentError, match=r"vocabulary\.json is invalid"):
        load_vocabulary(broken)
    with pytest.raises(ContentError, match=r"Cannot read the vocabulary file missing\.json"):
        load_vocabulary(tmp_path / "missing.json")


def test_part3_names_its_fact_items(part3: FormDefinition) -> None:
    assert part3.fact_items == {"project_type": "3.01", "major_occupancies": "3.02"}


def _edited_form(tmp_path: Path, edit) -> Path:
    form = json.loads(PART3_FORM.read_text(encoding="utf-8"))
    edit(form, {item["number"]: item for item in form["items"]})
    path = tmp_path / "form.json"
    path.write_text(json.dumps(form), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda form, items: form["fact_items"].update(project_type="3.02"),
            "project_type must name a choice",
        ),
        (lambda form, items: form["fact_items"].update(storeys="3.07"), "fact_items.storeys"),
        (lambda form, items: items["3.11"]["options"][0].update(area_split="new"), "area_split belongs"),
        (lambda form, items: items["3.13"]["options"][0].update(none=True), "only one option"),
        (
            lambda form, items: items["3.15"]["field_options"]["restriction"][1].update(
                implies={"actual": "Wood"}
            ),
            "implies actual 'Wood'",
        ),
        (
            lambda form, items: items["3.15"]["field_options"]["actual"][0].update(materials=[]),
            "names its materials",
        ),
        (
            lambda form, items: items["3.15"]["field_options"]["actual"][0].update(materials=["wood"]),
            "materials",
        ),
    ],
    ids=[
        "fact of the wrong type",
        "unknown fact",
        "split elsewhere",
        "two none options",
        "bad implies",
        "no materials",
        "unknown material",
    ],
)
def test_form_facts_are_checked(tmp_path: Path, edit, message) -> None:
    with pytest.raises(ContentError, match=r"form\.json is invalid") as caught:
        load_form(_edited_form(tmp_path, edit))
    assert message in str(caught.value)
