"""Checks on the shipped content: the matrix JSON files, the Markdown code notes, the vocabulary."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.support import TRANSCRIPTS
from wizard_core.answers import validate_value
from wizard_core.answers.vocabulary import VOCABULARY_FILE, Vocabulary, load_vocabulary
from wizard_core.content import (
    CHOICE_TYPES,
    CONTENT_DIR,
    FormDefinition,
    FormItem,
    KnowledgeEntry,
    Option,
    load_form,
    load_knowledge,
)
from wizard_core.engine import load_code
from wizard_core.errors import ContentError
from wizard_core.forms import FormQuestionService

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
    assert part3.fact_items == {"project_type": "3.01", "major_occupancies": "3.02", "construction": "3.15"}


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


# --- Corrections checked against the facts file and the code-engine data (content/code) ---

FARM = "Division B Part 2"
EMTC_GROUPS = ["A2", "B3", "C", "D", "E", "F2", "F3"]


def _notes(knowledge: list[KnowledgeEntry]) -> dict[str, KnowledgeEntry]:
    return {entry.id: entry for entry in knowledge}


def _item(form: FormDefinition, number: str) -> FormItem:
    return next(item for item in form.items if item.number == number)


def _hedges(text: str) -> list[str]:
    """Sentences asking to confirm something that the copy checked does not mark as damaged."""
    sentences = re.split(r"(?<=\.)\s+", text)
    return [s for s in sentences if "confirm" in s.lower() and "copy checked" not in s]


def test_group_g_is_recorded_as_division_b_part_2_not_a_3_2_2_article(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    notes = _notes(knowledge)
    assert not [g for g in part3.classification_articles if g.startswith("G")]
    for number in ("3.02", "3.10"):
        assert FARM in _item(part3, number).guidance and "1.3.3.1A" in _item(part3, number).guidance
    assert "A-1.3.3.1A" in _item(part3, "3.10").references
    for entry_id in ("3.1.2", "3.2.2", "A-1.3.3.1A"):
        assert FARM in notes[entry_id].text, entry_id
    assert "needs one classification article for each" not in notes["3.1.2"].text
    forms = FormQuestionService(PART3_FORM)
    assert validate_value(forms.get_item("3.10"), ["3.2.2.60", "division b part 2", FARM]) == [
        "3.2.2.60",
        FARM,
        FARM,
    ]


def test_classification_ranges_match_the_articles_of_the_code_data() -> None:
    forms = FormQuestionService(PART3_FORM)
    for article in load_code().articles:
        assert sorted(forms.article_groups(article.id)) == sorted(article.groups), article.id
    assert forms.article_groups("3.2.2.93") == EMTC_GROUPS
    assert forms.article_groups("3.2.2.35") == ["A4"] and forms.article_groups("3.2.2.34") == ["A3"]
    assert forms.article_range("A2") == [("3.2.2.23", "3.2.2.28"), ("3.2.2.93", "3.2.2.93")]


@pytest.mark.parametrize(
    ("ranges", "message"),
    [
        ([], "at least one range"),
        ([["3.2.2.28", "3.2.2.23"]], "comes after"),
        ([["3.2.2.23", "x"]], "not a range"),
    ],
    ids=["no range", "reversed", "not an article"],
)
def test_a_bad_classification_range_is_refused(tmp_path: Path, ranges, message) -> None:
    path = _edited_form(tmp_path, lambda form, items: form["classification_articles"].update(A2=ranges))
    with pytest.raises(ContentError, match=r"classification_articles\.A2") as caught:
        load_form(path)
    assert message in str(caught.value)


def test_emtc_article_3_2_2_93_is_per_group_up_to_18_storeys(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    notes = _notes(knowledge)
    note = notes["3.2.2.93"]
    assert "mixed" not in note.title.lower() and "18 storeys" in note.title
    assert "not a mixed-occupancy article" in note.text and "76 m" in note.text
    assert "12 storeys" in notes["3.2.2.48"].text and "12 storeys" in notes["3.2.2.57"].text
    assert "up to 12 storeys. " not in notes["3.1.6"].text and "18 storeys" in notes["3.1.6"].text
    assert "A2, B3, C, D, E, F2 and F3" in _item(part3, "3.10").guidance
    assert "Article .93 covers mixed occupancies" not in notes["3.2.2"].text


def test_a3_and_a4_have_their_own_ranges_in_the_notes(knowledge: list[KnowledgeEntry]) -> None:
    notes = _notes(knowledge)
    assert "A3 .29–.34, A4 .35 alone" in notes["3.2.2"].text
    assert "A3 and A4" not in notes["3.2.2"].text
    assert "3.2.2.29 to 3.2.2.34" in notes["3.2.2.29"].text and "3.2.2.35" in notes["3.2.2.29"].text


def test_deep_basements_need_2_h_or_3_h_floors_and_sprinklers(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    rule = load_code().rules.below_ground
    assert (rule.floor_minutes, rule.floor_minutes_hazard, rule.basements_sprinklered) == (120, 180, True)
    hazard = ", ".join(rule.hazard_groups[:-1]) + f" or {rule.hazard_groups[-1]}"
    for text in (_notes(knowledge)["3.2.2.15"].text, _item(part3, "3.21").guidance):
        assert "at least 3 h" in text and "at least 2 h" in text and hazard in text
        assert "more than one storey" in text and "sprinklered" in text


def test_heavy_timber_roof_needs_2_storeys_and_sprinklers(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    rule = load_code().rules.heavy_timber_roof
    assert (rule.max_storeys, rule.sprinklered) == (2, True)
    note = _notes(knowledge)["3.2.2.16"].text
    assert "both conditions" in note and "no more than 2 storeys" in note and "sprinklered throughout" in note
    assert "or to sprinklered" not in note
    assert "no more than 2 storeys that is sprinklered throughout" in _item(part3, "3.15").guidance


def test_streets_are_a_perimeter_test_with_a_25_percent_floor_for_51_and_60(
    part3: FormDefinition, knowledge: list[KnowledgeEntry]
) -> None:
    streets = load_code().rules.streets
    floor = streets.one_street_min_pct
    assert (floor.pct, floor.pct_with_cladding, floor.articles) == (25, 10, ["3.2.2.51", "3.2.2.60"])
    item = _item(part3, "3.09")
    assert (item.answer_type, item.minimum, item.maximum) == ("integer", 1, 3)
    for text in (item.guidance, _notes(knowledge)["3.2.2.10"].text):
        assert re.search(r"perimeter tests?, not", text)
        assert f"{streets.two_streets_min_pct:g} %" in text and f"{streets.three_streets_min_pct:g} %" in text
        assert "3.2.2.51 and 3.2.2.60" in text or "3.2.2.51 or 3.2.2.60" in text
        assert "at least 25 %" in text and "10 %" in text and "3.1.4.8(2)" in text


def test_fire_alarm_and_firefighting_notes_carry_the_right_article_numbers(
    knowledge: list[KnowledgeEntry],
) -> None:
    notes = _notes(knowledge)
    assert (
        "supervision" in notes["3.2.4.9"].title.lower()
        and "annunciator" not in notes["3.2.4.9"].title.lower()
    )
    assert "annunciator" in notes["3.2.4.8"].title.lower()
    assert "hose stations" in notes["3.2.5.11"].title.lower()
    assert "fire department connection" not in notes["3.2.5.11"].title.lower()
    for entry_id in ("3.2.5.9", "3.2.5.15"):
        assert "fire department connection" in notes[entry_id].title.lower(), entry_id
    access = notes["3.2.5.5"].text
    assert "principal entrance and every required firefighting access opening" in access
    assert (
        "3 m and 15 m" in access and "for sprinklered buildings, the fire department connection" not in access
    )


def test_sprinklers_do_not_waive_the_1_h_roof_of_51_and_60(part3: FormDefinition) -> None:
    code = load_code()
    for article in ("3.2.2.51", "3.2.2.60"):
        assert code.by_id[article].sprinklers.required and code.by_id[article].ratings.roof.minutes == 60
    for number in ("3.11", "3.21"):
        guidance = _item(part3, number).guidance
        assert "1 h roof" in guidance and "3.2.2.51" in guidance and "3.2.2.60" in guidance
        assert "roof fire-resistance rating be waived" not in guidance
        assert "such as a roof in a sprinklered building" not in guidance


@pytest.mark.parametrize("path", sorted(TRANSCRIPTS.glob("*.json")), ids=lambda p: p.name)
def test_transcripts_give_the_roof_rating_their_article_requires(path: Path) -> None:
    code = load_code()
    messages = json.loads(path.read_text(encoding="utf-8"))["messages"]
    named = {f"3.2.2.{m[1]}" for text in messages for m in re.finditer(r"3\.2\.2\.(\d{2}[A-E]?)", text)}
    roofs = {code.by_id[a].ratings.roof.minutes for a in named if a in code.by_id} - {None}
    for text in (t for t in messages if re.search(r"\broof\b", t, re.IGNORECASE)):
        for minutes in roofs:
            assert f"roof {minutes // 60} h" in text or f"roof {minutes} min" in text, text


def test_alarm_type_follows_3_2_4_3(part3: FormDefinition, knowledge: list[KnowledgeEntry]) -> None:
    stage = load_code().rules.alarm_stage
    assert stage.single_stage_only == ["F1"] and stage.single_stage_schools
    assert stage.two_stage == ["B1", "B2", "B3"] and stage.either_for_b3_up_to_storeys == 3
    item = _item(part3, "3.13")
    assert "3.2.4.3" in item.references
    notes = _notes(knowledge)
    for text in (item.guidance, notes["3.2.4.3"].text, notes["3.2.4"].text):
        assert "single stage" in text and "F1" in text and "elementary and secondary schools" in text
        assert "two stage in Group B" in text and "3 storeys" in text


def test_sprinkler_item_cites_3_2_2_18_not_three_assembly_articles(part3: FormDefinition) -> None:
    references = _item(part3, "3.11").references
    assert "3.2.2.18" in references
    assert not {"3.2.2.21", "3.2.2.22", "3.2.2.29"} & set(references)


def test_checked_facts_carry_no_confirm_hedge(part3: FormDefinition, knowledge: list[KnowledgeEntry]) -> None:
    notes = _notes(knowledge)
    checked = ["3.2.1.4", "3.2.1.5", "3.2.2.7", "3.2.2.10", "3.2.2.15", "3.2.2.16", "3.2.4.1", "3.2.4.3"]
    checked += ["3.2.5.5", "3.2.5.8", "3.2.6.1"]
    problems = {entry_id: _hedges(notes[entry_id].text) for entry_id in checked}
    problems |= {
        n: _hedges(_item(part3, n).guidance) for n in ("3.03", "3.08", "3.09", "3.11", "3.12", "3.13")
    }
    assert not {k: v for k, v in problems.items() if v}
    for text in [notes[i].text for i in checked] + [_item(part3, "3.11").guidance]:
        assert "2012 wording" not in text and "secondary sources" not in text


def test_high_building_standpipe_and_alarm_figures_match_the_code_data(part3: FormDefinition) -> None:
    rules = load_code().rules
    high = _item(part3, "3.08").guidance
    tall = rules.high_buildings
    assert f"more than {tall.adef_over_m:g} m" in high and f"more than {tall.adef_load_over_m:g} m" in high
    assert f"{tall.stair_width_factor:g} times the total width of exit stairs" in high
    assert f"more than {tall.stair_load_limit:g}" in high and "above the third storey" in high
    assert "3.2.2.57 or 3.2.2.93" in high and "highest storey floor of a Group B occupancy" in high
    standpipe = _item(part3, "3.12").guidance
    for group, areas in rules.standpipes.unsprinklered_area_m2.items():
        one, two, three = (f"{int(a):,}".replace(",", " ") for a in areas)
        assert f"{one}, {two} or {three} m² for {'Group A' if group == 'A' else group}" in standpipe
    assert "not sprinklered throughout" in standpipe and "3.2.2.92" in standpipe and "3.2.2.50" in standpipe
    alarm = _item(part3, "3.13").guidance
    assert "contained use area or impeded egress zone" in alarm
    limits = rules.fire_alarm
    for figure in (limits.occupant_load_over, limits.storey_load_over, limits.school_load_over):
        assert f"over {figure:g}" in alarm
    assert (
        f"more than {limits.f2_f3_storey_load_over:g}" in alarm
        and f"F1 over {limits.f1_load_over:g}" in alarm
    )
