"""3.21 required fire-resistance ratings as the OAA sheet's five assemblies: "use what the article
requires" works them out from the 3.10 article (with 3.2.1.4 for the floor over a basement and
3.2.2.15 for deep basements); ratings the consultant gives are read per assembly
(../shared/reference/obc-2024-3.2.2-facts.md, the article table and 3.2.2.15)."""

from __future__ import annotations

import pytest

from tests.answers.computed import NOT_SPRINKLERED, asked, building, offered, office, reading, recorded
from tests.answers.support import ask

OFFICE = office()  # 3.2.2.60: floors 1 h, mezzanines 1 h, roof 1 h; one storey below grade
SMALL = building(("D",), ("3.2.2.62",), storeys=2, below=0, sprinklers=NOT_SPRINKLERED, actual="Combustible")
SMALL_NC = building(("D",), ("3.2.2.62",), storeys=2, below=0, sprinklers=NOT_SPRINKLERED)
DEEP = building(("D",), ("3.2.2.60",), below=2)
WITH_MEZZANINE = office(**{"3_06": {"existing": 0, "new": 80, "total": 80}})

ORDER = ("storeys_below_grade", "floors_over_basement", "floors", "mezzanine", "roof")


def ratings(value: dict, column: str = "rating_h") -> tuple:
    rows = {row["assembly"]: row for row in value["assemblies"]}
    assert tuple(rows) == ORDER, "the five assemblies, in the sheet's order"
    return tuple(rows[name][column] for name in ORDER)


@pytest.mark.parametrize(
    ("state", "message", "expected", "in_lieu"),
    [
        # 3.2.2.60: floors 1 h; floor over the basement 1 h (3.2.1.4: the floor rating, at least 45 min);
        # one storey below grade takes the floors' 1 h; no mezzanine (3.06 none); roof 1 h
        (OFFICE, "use what the article requires", (1.0, 1.0, 1.0, None, 1.0), False),
        # 3.2.2.62, combustible: 45 min floors and roof; no basement, no mezzanine
        (SMALL, "As required by 3.2.2.62", (None, None, 0.75, None, 0.75), False),
        # 3.2.2.62 rates floors and roof only where combustible: noncombustible in lieu
        (SMALL_NC, "per code", (None, None, 0.0, None, 0.0), True),
        # two storeys below grade: 3.2.2.15(2) makes the floors below ground 2 h (not E, F1 or F2)
        (DEEP, "Whatever 3.10 requires.", (2.0, 1.0, 1.0, None, 1.0), False),
        # an 80 m² mezzanine: 3.2.2.60 rates mezzanines 1 h
        (WITH_MEZZANINE, "Use the article's ratings", (1.0, 1.0, 1.0, 1.0, 1.0), False),
    ],
)
def test_use_what_the_article_requires_works_out_every_assembly(state, message, expected, in_lieu):
    value = recorded("3.21", message, state=state)
    assert ratings(value) == expected
    assert ratings(value, "supporting_h") == expected, "loadbearing members at least the rating they carry"
    rated = [row for row in value["assemblies"] if row["rating_h"] is not None]
    assert all(row["noncombustible_in_lieu"] == in_lieu for row in rated)


@pytest.mark.parametrize(
    ("message", "expected", "supporting"),
    [
        # the floors' rating is taken for the storey below grade; the floor over the basement, not
        # given, takes the article's 1 h; mezzanine n/a
        ("Floors 1 h, roof 1 h, mezzanine n/a; supporting members 1 h", (1.0, 1.0, 1.0, None, 1.0), 1.0),
        ("1hr floors / 1hr roof, loadbearing walls & columns 1 hr", (1.0, 1.0, 1.0, None, 1.0), 1.0),
        ("Floors and roof: 1 h", (1.0, 1.0, 1.0, None, 1.0), 1.0),
        # a higher rating than the article's is the consultant's to give
        (
            "basement floor assembly 1 h, floor over bsmt 1.5 h, floors 1 h, roof 1 h",
            (1.0, 1.5, 1.0, None, 1.0),
            None,
        ),
        ("FRR: floors 60 min; roof 60 min; mezz none", (1.0, 1.0, 1.0, None, 1.0), 1.0),
    ],
)
def test_ratings_given_per_assembly_are_read(message, expected, supporting):
    value = recorded("3.21", message, state=OFFICE)
    assert ratings(value) == expected
    if supporting is not None:
        assert ratings(value, "supporting_h")[2] == supporting


# --- Pasted tables ----------------------------------------------------------------------------------------

SPREADSHEET = (
    "Assembly\tFRR\tSupporting\nFloors\t1 h\t1 h\nFloor over bsmt\t1.5 h\t1.5 h\nRoof\t1 h\t1 h\n"
    "Mezzanine\tn/a\t"
)
MARKDOWN = (
    "| Element | Rating (h) | Supporting (h) | NC in lieu |\n|---|---|---|---|\n"
    "| Floors | - | - | yes |\n| Roof | - | - | yes |"
)


def test_a_spreadsheet_of_assemblies_is_read_by_its_headers():
    value = recorded("3.21", SPREADSHEET, state=OFFICE)
    assert ratings(value) == (1.0, 1.5, 1.0, None, 1.0)
    assert ratings(value, "supporting_h") == (1.0, 1.5, 1.0, None, 1.0)


def test_a_markdown_table_saying_noncombustible_in_lieu_takes_the_articles_figure():
    value = recorded("3.21", MARKDOWN, state=SMALL_NC)
    rows = {row["assembly"]: row for row in value["assemblies"]}
    assert rows["floors"]["noncombustible_in_lieu"] and rows["roof"]["noncombustible_in_lieu"]
    assert (rows["floors"]["rating_h"], rows["roof"]["rating_h"]) == (0.0, 0.0)


BAD_CELL = "Assembly\tRating\nFloors\t1 h\nRoof\tone hour"


def test_a_table_with_one_bad_cell_names_it_and_the_corrected_row_records_them_all():
    question = asked("3.21", BAD_CELL, state=OFFICE)
    assert question == "row 'Roof', Rating ('one hour'): expected a rating such as 1 h or 45 min"
    value = recorded("3.21", BAD_CELL, "Roof 1 h", state=OFFICE)
    assert ratings(value) == (1.0, 1.0, 1.0, None, 1.0)


# --- Revisions, estimates, ratings below the article's ----------------------------------------------------


def test_a_later_revision_of_one_assembly_keeps_the_others():
    first = recorded("3.21", "use what the article requires", state=OFFICE)
    state = office(**{"3_21": first})
    value = recorded("3.21", "Roof is 1.5 h", state=state)
    assert ratings(value) == (1.0, 1.0, 1.0, None, 1.5)


def test_an_estimate_is_asked_about_and_offered():
    result = offered("3.21", "floors approx 1 hr, roof about 1 h", state=OFFICE)
    assert "estimate" in result.missing
    assert ratings(result.offer) == (1.0, 1.0, 1.0, None, 1.0)


def test_a_rating_below_the_articles_is_asked_about_before_it_is_recorded():
    # the office scenario is 3.2.2.60: floors need 1 h, not 45 min
    (result,), state = ask("3.21", "Floors 45 min, roof 45 min")
    assert result.type == "clarifying_question"
    assert "3.2.2.60" in result.content and state.answer_for("3.21") is None


def test_the_article_is_asked_for_when_3_10_is_not_answered():
    state = building(("D",), ())
    assert "the 3.10 classification article" in asked("3.21", "use what the article requires", state=state)


def test_words_without_ratings_are_kept_as_the_note_at_modest_confidence():
    result = reading("3.21", "Refer to the code analysis on A-001.", state=OFFICE)
    assert result.complete and result.confidence == 0.5
    assert result.value == {"assemblies": [], "note": "Refer to the code analysis on A-001"}


def test_words_beside_the_ratings_are_kept_as_the_note():
    value = recorded("3.21", "Floors 1 h, roof 1 h.\nAssemblies per ULC listings, see A-501.", state=OFFICE)
    assert value["note"] == "Assemblies per ULC listings, see A-501"


def test_the_whole_turn_asks_about_a_bad_cell_then_records_every_assembly():
    results, state = ask("3.21", BAD_CELL, "Roof 1 h")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"], results[-1].content
    assert "row 'Roof', Rating ('one hour')" in results[0].content
    assert ratings(state.answer_for("3.21").value) == (1.0, 1.0, 1.0, None, 1.0)


def test_use_what_the_article_requires_after_ratings_were_given_takes_the_articles_figures():
    value = recorded("3.21", "Floors 45 min, roof 45 min", "OK, use what the article requires", state=OFFICE)
    assert ratings(value) == (1.0, 1.0, 1.0, None, 1.0)
