"""What a consultant reads counts in plain plurals: '1 storey', '4 storeys', never 'storey(s)'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wizard_core.answers import describe_value, read
from wizard_core.engine import check
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState

FORMS = FormQuestionService()
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("above", "below", "text"),
    [
        (1, 0, "1 storey above grade, 0 below grade, 4.5 m high"),
        (4, 1, "4 storeys above grade, 1 below grade, 4.5 m high"),
    ],
)
def test_building_height_reads_storey_or_storeys(above: int, below: int, text: str) -> None:
    value = {"storeys_above_grade": above, "storeys_below_grade": below, "height_m": 4.5}
    assert describe_value(FORMS.get_item("3.07"), value) == text


@pytest.mark.parametrize(("count", "text"), [(1, "1 barrier-free entrance"), (2, "2 barrier-free entrances")])
def test_barrier_free_entrances_read_as_a_plain_plural(count: int, text: str) -> None:
    value = {"barrier_free_entrances": count, "hazardous_substances": False}
    assert describe_value(FORMS.get_item("3.20"), value) == f"{text}; no hazardous substances"


def test_an_occupant_load_of_one_person_reads_person() -> None:
    value = {"total": 1, "rows": [{"floor": "Roof", "use": "Roof", "persons": 1}]}
    assert describe_value(FORMS.get_item("3.18"), value).startswith("1 person (Roof: 1 person")


def test_one_article_for_two_occupancies_reads_article_and_occupancies() -> None:
    answers = {"3.02": ["D", "E"], "3.10": ["3.2.2.61"]}
    (finding,) = [f for f in check(answers) if f.item == "3.10" and f.severity == "error"]
    expected = "3.10 gives 1 article (3.2.2.61) but 3.02 lists 2 major occupancies (D, E)"
    assert finding.message.startswith(expected)


def test_the_article_reader_says_one_article_was_given() -> None:
    state = ProjectState(project_id="p")
    occupancies = {"question_number": "3.02", "title": "Major occupancy classification", "question": "?"}
    state.finalized_answers = [
        FormAnswer(section="3.02", answer="D and E", value=["D", "E"], confidence=1.0, **occupancies)
    ]
    reading = read(FORMS.get_item("3.10"), ["3.2.2.61"], state, FORMS)
    assert reading.missing.endswith("3.02 lists 2 needing one (D, E) but 1 article was given")


def test_no_text_a_consultant_reads_writes_a_plural_as_word_s() -> None:
    """Grep guard over the wings whose words reach the page: the core's readers, engine, knowledge,
    review and content."""
    places = [
        *(ROOT / "wizard_core" / "answers").rglob("*.py"),
        *(ROOT / "wizard_core" / "engine").rglob("*.py"),
        *(ROOT / "wizard_core" / "knowledge").rglob("*.py"),
        *(ROOT / "wizard_core" / "turn").rglob("*.py"),
        *(ROOT / "wizard_core" / f"{name}.py" for name in ("checks", "answer_review", "entry")),
        *(ROOT / "content").rglob("*.json"),
        *(ROOT / "content").rglob("*.md"),
    ]
    found = [
        f"{path.relative_to(ROOT)}: {match}"
        for path in places
        for match in re.findall(r"(?<=[\s}])[a-z-]+\(s\)", path.read_text(encoding="utf-8"))
    ]
    assert found == []
