"""Kinds a round of new buildings (round h40: a consultant typing fast without proofreading, and a
consultant answering in their firm's own review template) found past the readers on its first run, fixed
as kinds and tested in words of their own.

- A slip in the trade's words ('sprinklerd', 'basmnt', 'hieght', 'mezanine', 'occupent', 'srreets') is
  read as the word; a word of its own near one ('store', 'exiting', 'stories') is left as typed, and a note
  keeps its words.
- A template's line label before the answer ('Line 22 – Water Supply:', 'B-6 Streets — Response:', 'Q9
  Streets:', 'Field 10 (Streets):', 'Sec 3.12 – Sprinklers:', '2.10 Streets:') is no figure and no item of
  the matrix; before a bare count its field's name stays as the count's label; a report's numbered sentence
  is no label.
- A mezzanine's limit in brackets after its share ('under the 10% (216)') is no area; fields split by
  spaced slashes ('561 existing / 0 new / 561') keep each role with its own figure.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.marks import answer_in
from wizard_core.answers.wording.spelling import as_spelled
from wizard_core.turn.decisions import DecisionEngine

ENGINE = DecisionEngine(FORMS)


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.07", "2 storys, no basmnt, 8.6m hieght to the ridge", (2, 0, 8.6)),
        ("3.11", "sprinklerd throughout", "Entire building"),
        ("3.15", "combustable permited, actual noncombustable, no heavy timber", "Noncombustible"),
        ("3.09", "2 srreets - king st and the lane", 2),
    ],
)
def test_a_slip_in_the_trades_words_is_read_as_the_word(section, message, value):
    result = _read(section, message, {"3.10": ["3.2.2.70"]})
    read_as = result.value if result.complete else result.offer
    if section == "3.07":
        got = tuple(read_as[k] for k in ("storeys_above_grade", "storeys_below_grade", "height_m"))
        assert got == value
    elif section == "3.15":
        assert read_as["actual"] == value
    else:
        assert read_as == value


@pytest.mark.parametrize(
    "text",
    ["a hardware store with stores upstairs", "exiting through the rear", "two stories", "Spanish River"],
)
def test_words_of_their_own_near_a_trade_word_are_left_as_typed(text):
    assert as_spelled(text) == text


def test_a_note_keeps_the_words_as_typed():
    result = _read("3.27", "the basmnt is storage only")
    assert result.value == "the basmnt is storage only"


def test_a_correction_naming_its_item_with_a_slip_revises_it():
    state = state_with({"3.07": {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 4.9}})
    state.current_form_section = "3.16"
    decision = ENGINE.decide(state, "going back to hieght - its 5.4m to the ridge, not 4.9")
    assert (decision.kind, decision.target) == ("revision", "3.07")


@pytest.mark.parametrize(
    ("section", "message", "value"),
    [
        ("3.09", "Line 16 – Streets Faced: 1. King St along the south only", 1),
        ("3.09", "B-6 Streets — Response: 2.\nBasis: Main St and Mill St", 2),
        ("3.11", "Sec 3.12 – Sprinklers: Throughout — NFPA 13", "Entire building"),
        ("3.13", "Field 14 (FA system): Response: Not required.", "Not required"),
        (
            "3.04",
            "2.5 Building area: 840 m² (35.0 × 24.0). New; existing nil.",
            {"existing": 0, "new": 840, "total": 840},
        ),
        ("3.07", "Q7 Height / Storeys: 2 above grade, 0 below. Height 8.9 m", (2, 0, 8.9)),
    ],
)
def test_a_templates_line_label_is_no_part_of_the_answer(section, message, value):
    result = _read(section, message, {"3.01": "New construction"})
    if section == "3.07":
        got = tuple(result.value[k] for k in ("storeys_above_grade", "storeys_below_grade", "height_m"))
        assert got == value
    else:
        assert result.value == value
    assert result.confidence >= 0.8 or section == "3.04"


def test_a_templates_item_like_number_moves_nowhere():
    state = state_with({"3.09": 1})
    state.current_form_section = "3.10"
    decision = ENGINE.decide(state, "Sec 3.11 – Classification: 3.2.2.81 — F2, sprinklered, one storey")
    assert decision.kind != "revision"


def test_a_mezzanines_limit_in_brackets_after_its_share_is_no_area():
    answers = {"3.01": "New construction", "3.04": {"existing": 0, "new": 1800, "total": 1800}}
    result = _read("3.06", "office mezzanine 160m2 new, under the 10% (180)", answers)
    assert result.value == {"existing": 0, "new": 160, "total": 160}


def test_fields_split_by_slashes_keep_their_roles():
    answers = {"3.01": "Change of use", "3.04": {"existing": 640, "new": 0, "total": 640}}
    result = _read("3.05", "same as the building area, 640 existing / 0 new / 640", answers)
    assert result.value == {"existing": 640, "new": 0, "total": 640}


def test_a_reading_made_only_through_slips_is_offered_for_a_yes():
    result = _read("3.15", "combustable permited, actual noncombustable", {"3.10": ["3.2.2.70"]})
    assert not result.complete and result.offer["actual"] == "Noncombustible"
    assert "\u201cnoncombustable\u201d read as" in result.offer_reason


def test_a_reports_numbered_sentence_is_no_template_label():
    message = (
        "10.1 Two entrances are barrier-free: the front door and the new east door. "
        "10.2 No hazardous substances are stored. So two barrier-free entrances, and no hazardous substances."
    )
    result = _read("3.20", message)
    assert result.value == {"barrier_free_entrances": 2, "hazardous_substances": False}


def test_a_bare_count_keeps_the_templates_field_name_as_its_label():
    message = "7.1 Barrier-Free Entrances: 3 (front, side, rear)\n7.2 Hazardous Substances: none"
    result = _read("3.20", message)
    assert result.value == {"barrier_free_entrances": 3, "hazardous_substances": False}
