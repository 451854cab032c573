"""Kinds a round of new buildings (round h35: a consultant revising an earlier submission in redline
habits, and a senior reviewer who leads every answer with its citations) found past the readers on its
first run, fixed as kinds and tested in words of their own.

- Revision marks: a struck value ('~~3.2.2.57~~'), a pair of old and new ('was 2 / now 3', 'was: … /
  now: …', '… → now …'), an order to strike ('strike B2; now B3 only', 'Strike the D.') leave the
  current value alone; working said to be wrong ("isn't 4 x 980") is neither a figure nor a step.
- 3.10: articles listed before the words setting them aside ('3.2.2.61 and 3.2.2.60 fail on area'), what
  an article 'would require', and the candidates of 'the choice was X or Y' are not the answer.
- 3.25: the option 'rather than' the other is the one chosen; two options left standing are asked.
- 3.19: a label of the code's numbering before the yes ('Section 3.8: yes; no exemption') is no 'no'.
- 3.06: a label of references before 'nil' ('3.2.1.1.(3) and (4): nil.') names no area.
- 3.04: an area revised with an arrow ('clubhouse 310 → 450 m²'), sides that 'went from … to …', a role in
  brackets before its figure ('rink (existing) 1,104 m²'); a lone figure named new in an addition is not
  all new.
- 3.07: in a message marked as a revision ('(rev.)', 'rev 2'), an arrow between two figures goes from the
  old value to the new ('storeys above grade 3 → 4', 'height 10.2 m → 13.5 m'); a row's persons leading
  to its fixtures ('docks 18 -> 2 prov') are no revision.
- 3.20: a count revised with an arrow ('BF entrances 1 → 2') or given before a colon ('BF entrances 2:').
- 3.18: slash-separated rows under a header of the same cells, old figures said to be in brackets, and a
  row said to be deleted.
- Side questions opened in a reviewer's manner ('A question back to you before 3.03.', 'Sanity check for
  me: …?', 'Follow-up on the alarm: …?', 'One side question, not for the matrix.').
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, decided, state_with
from wizard_core.advisors.offline.said import says_not_applicable
from wizard_core.answers import read


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [message], state_with(answers or {}), FORMS)


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("was: B2 clinic + D offices / now: B2 only, the offices moved out. Strike the D.", ["B2"]),
        ("strike 'A2 + E'; now A2 only, the shop closed.", ["A2"]),
        ("~~F3~~ F2 — the paint booth makes it medium hazard.", ["F2"]),
    ],
)
def test_the_current_group_of_a_revised_answer(message, groups):
    assert _read("3.02", message).value == groups


def test_a_struck_article_is_not_a_second_article():
    state = {"3.02": ["D"], "3.04": {"existing": 0, "new": 900, "total": 900}}
    state["3.07"] = {"storeys_above_grade": 2, "storeys_below_grade": 0, "height_m": 8.0}
    message = "3.2.2.62 (unchanged), not sprinklered, 2 storeys; the sprinklered line ~~3.2.2.63~~ is gone."
    assert _read("3.10", message, state).value == ["3.2.2.62"]


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("Barrier-free entrances: was 2 / now 3 (the garden door got an operator). Hazardous: no.", 3),
        ("BF entrances 1 → now 2, the side door was ramped; no hazardous substances", 2),
    ],
)
def test_a_count_revised_from_its_old_value(message, count):
    assert _read("3.20", message).value["barrier_free_entrances"] == count


def test_figures_revised_with_an_arrow_keep_the_new_ones():
    message = "was 0 / 3,900 / 3,900 m² (3 x 1,300) → now 0 / 5,200 / 5,200 m² (4 x 1,300)"
    assert _read("3.05", message).value == {"existing": 0.0, "new": 5200.0, "total": 5200.0}


def test_a_revised_sound_answer_that_no_longer_applies():
    message = "was: yes, 2 dwelling units, STC 50 / now: N/A — no dwelling units left after the change."
    assert says_not_applicable(message, FORMS.get_item("3.25"))


def test_working_said_to_be_wrong_is_not_checked_against_the_answer():
    message = (
        "it isn't 4 x 980. The top floor is set back, so L4 is 30.0 x 24.0 = 720 m². "
        "Gross is 3 x 980 + 720 = 3,660 m², all new."
    )
    result = _read("3.05", message)
    assert result.value == {"existing": 0.0, "new": 3660.0, "total": 3660.0}
    assert result.confidence >= 0.8


def test_articles_set_aside_in_a_list_or_for_what_they_would_require():
    state = {"3.02": ["C"], "3.04": {"existing": 0, "new": 1200, "total": 1200}}
    state["3.07"] = {"storeys_above_grade": 5, "storeys_below_grade": 0, "height_m": 16.0}
    message = (
        "3.2.2.51: Group C, sprinklered, 5 storeys. 3.2.2.55 and 3.2.2.52 fail on storeys; 3.2.2.48 and "
        "3.2.2.47 would require noncombustible construction."
    )
    assert _read("3.10", message, state).value == ["3.2.2.51"]


def test_the_candidates_of_a_choice_are_not_the_answer():
    state = {"3.02": ["A2"], "3.04": {"existing": 0, "new": 1100, "total": 1100}}
    state["3.07"] = {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 11.0}
    message = (
        "3.2.2.93 for the hall. The combustible A2 articles stop at 2 storeys, so the choice was 3.2.2.24 "
        "or 3.2.2.93."
    )
    result = _read("3.10", message, state)
    assert (result.value or result.offer) == ["3.2.2.93"]


def test_the_sound_option_rather_than_the_other():
    message = "more than one dwelling unit, 24. ASTC 47 with the flanking details, rather than STC 50."
    assert _read("3.25", message).value["option"] == "ASTC 47"


def test_two_sound_options_left_standing_are_asked():
    result = _read("3.25", "more than one unit: ASTC 47, or STC 50 if the acoustician agrees")
    assert result.confidence < 0.8


def test_a_yes_after_a_label_of_the_codes_numbering():
    result = _read("3.19", "Section 3.8: yes; no 3.8.1.1 exemption applies. The upper floor has an elevator.")
    assert result.value is True


@pytest.mark.parametrize("message", ["3.2.1.1.(3) and (4): nil.", "Sentence 3.2.1.1.(4): N/A, no mezzanine."])
def test_a_label_of_references_before_nil_names_no_area(message):
    assert says_not_applicable(message, FORMS.get_item("3.06"))


@pytest.mark.parametrize(
    ("section", "message"),
    [
        (
            "3.03",
            "A question back to you before 3.03. The visiting nurses give medication in the rooms; does "
            "that make it B2? I read B2 as turning on treatment rooms, not on medication.",
        ),
        ("3.12", "Sanity check for me: is the standpipe triggered by the stage house height alone?"),
        (
            "3.14",
            "Follow-up on the alarm: does the delay to general alarm apply to a B3? Our designer had it off.",
        ),
        ("3.22", "One side question, not for the matrix. Would a future timber roof need a rating?"),
        ("3.09", "A side question on 3.2.2.51 before I give the streets. Is its 18 m measured from grade?"),
    ],
)
def test_a_side_question_opened_in_a_reviewers_manner(section, message):
    assert decided(section, message).kind == "side_question"


@pytest.mark.parametrize(
    "message",
    [
        "Δ2 — hall (existing) 1,230 m², no change / lounge (new) 310 → 450 m² / total 1,540 → 1,680 m²",
        "existing 1,230 m² (unchanged) / ~~310~~ 450 m² new / total 1,680 m², the lounge went from 15.5 x "
        "20.0 to 22.5 x 20.0",
    ],
)
def test_an_area_revised_in_the_marks_of_a_revision(message):
    result = _read("3.04", message, {"3.01": "Addition"})
    assert result.value == {"existing": 1230.0, "new": 450.0, "total": 1680.0}


def test_a_lone_new_figure_in_an_addition_is_not_all_new():
    result = _read("3.04", "the hall (new) is 520 m²", {"3.01": "Addition"})
    assert result.value is None


@pytest.mark.parametrize(
    ("message", "count"),
    [
        ("BF entrances 2 → 3 (the loading dock door got an operator). Hazardous substances: no.", 3),
        ("BF entrances 2: the front door and the new side door. Hazardous substances: no.", 2),
    ],
)
def test_entrances_revised_with_an_arrow_or_before_a_colon(message, count):
    assert _read("3.20", message).value["barrier_free_entrances"] == count


def test_slash_rows_with_the_old_figures_in_brackets_and_a_deleted_row():
    from tests.answers.computed import building, reading

    state = building(("D",), ("3.2.2.62",), storeys=2, below=0)
    message = (
        "[REV 2] rev 1 row 3 (200 m² storage, 5) deleted\n"
        "Floor / use / area / rate / persons — rev 2 (rev 1 in brackets)\n"
        "L1 / offices / 700 m² (650) / 9.30 / 76 (70)\n"
        "L2 / offices / 700 m² / 9.30 / 76 (unchanged)\n"
        "Total 152 (145)"
    )
    result = reading("3.18", message, state=state)
    value = result.value if result.value is not None else result.offer
    assert value is not None, result.missing
    assert [(row["area_m2"], row["persons"]) for row in value["rows"]] == [(700.0, 76), (700.0, 76)]
    assert value["total"] == 152


def test_arrows_of_a_message_marked_as_a_revision_go_to_the_new_value():
    message = "(rev.) storeys above grade 3 → 4; below grade 1 (unchanged); height 10.2 m → 13.5 m"
    result = _read("3.07", message)
    assert result.value == {"storeys_above_grade": 4, "storeys_below_grade": 1, "height_m": 13.5}
    assert result.confidence >= 0.8


def test_persons_leading_to_fixtures_in_a_revision_are_kept():
    from wizard_core.answers.wording.revised import current

    assert "18 -> 2 prov" in current("rev 2: loading docks 18 -> 2 prov")
