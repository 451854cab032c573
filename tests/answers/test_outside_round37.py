"""Kinds a round of new buildings (round h37: a consultant answering from a team chat app, and a
meticulous consultant who footnotes every figure) found past the readers on its first run, fixed as kinds
and tested in words of their own.

- Footnotes: markers beside figures ('640¹', '2 [3]', '7.4 m*', '1,100 m²²') and notes below, each opening
  on its marker. The answer is read without its markers and notes, so a note's figures (its working, a
  source's date, a rule's limit) are no rivals; a note saying to use another figure ('… use 655', 'the
  total becomes 412', '412 with [2]') puts it in place of the figure its marker stands beside, when that
  is the line's result or its table cell's; otherwise the note stays, to be asked about.
- A chat app's markup: emoji shortcodes, '@' mentions, `code`, *bold*, '(edited)', '•' bullets, a thread
  reply's lead ('replying to myself re 3.09 …' is a reply on that item; 'replying to Sam: no, …' is Sam's
  no, not the item's); '@wizard sanity check it's …?' is a side question.
- 3.15: parts of both kinds concluded with an arrow to 'both' are both kinds.
- 3.21: 'mezz — none req'd' rates the mezzanine 0 h; an assembly named again in brackets is no new part.
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, decided, state_with
from wizard_core.answers import read
from wizard_core.answers.wording.footnotes import as_read
from wizard_core.answers.wording.marks import answer_in


def _read(section: str, message: str, answers=None):
    return read(FORMS.get_item(section), [answer_in(message)], state_with(answers or {}), FORMS)


def test_a_notes_figures_are_no_rivals_of_the_answer():
    message = "5 storeys above, none below; 16.4 m*\n* grade to the roof deck; L1 to L5 = 4 × 3.2 = 12.8 m."
    result = _read("3.07", message)
    assert result.value["height_m"] == 16.4 and result.confidence >= 0.8


def test_a_count_marked_with_a_bracketed_note_is_the_answer():
    message = "2 [3].\n[3] Queen St along the front (40 m) and Elm St on the side (25 m): 65 of 120 m = 54 %."
    result = _read("3.09", message)
    assert result.value == 2 and result.confidence >= 0.8


def test_a_note_saying_to_use_another_figure_puts_it_in_place():
    text = "Existing 640¹ / new 0 / total 640\n¹ the hall only; the porch adds 15.0 m²: 655, use that."
    assert as_read(text) == "Existing 655 / new 0 / total 655"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("| Stage | 90 | 120 | [2] |\n[2] the apron adds 6 m² → 128. Use 128.", "| Stage | 90 | 128 | |"),
        ("| | 120 | |\n| | | 300 | [5] |\n[5] 308 with [2].", "| | 120 | |\n| | | 308 | |"),
        ("| West | 240.0 | 8.0¹ | 40 % |\n¹ 9.5 per the survey — use 9.5.", "| West | 240.0 | 9.5 | 40 % |"),
    ],
)
def test_a_figure_to_use_goes_in_its_table_cell(text, read):
    assert as_read(text) == read


def test_a_figure_to_use_beside_another_than_the_lines_result_leaves_the_note_to_ask():
    text = "Stage: 60 m²² at 0.75 → 80\n² with the apron it is 72 m² → 96. Use 96."
    read = as_read(text)
    assert "60 m² at 0.75 → 80" in read and "Use 96" in read


def test_a_list_bulleted_with_stars_is_no_footnote():
    text = "* Level 1: 40\n* Level 2: 30"
    assert as_read(text) == text


def test_a_unit_squared_is_no_footnote_marker():
    assert as_read("Balcony 64², all existing\n² under 40 % of the 430 m² room") == "Balcony 64, all existing"
    assert as_read("Area 1,100 m²² all new\n² to the outside face") == "Area 1,100 m² all new"


def test_a_chat_apps_markup_is_no_part_of_the_answer():
    message = "ok so *2 streets* :white_check_mark: — `Main St` + `Elgin St` (edited)\n@sam file it?"
    assert _read("3.09", message).value == 2
    assert answer_in(message).startswith("ok so 2 streets — Main St + Elgin St")


def test_a_colleagues_no_replied_to_is_not_the_items():
    message = "> Sam: STC 50 and the prescriptive details?\nreplying to Sam: no, we went *ASTC 47*, 24 units"
    value = _read("3.25", message).value
    assert (value["more_than_one_dwelling_unit"], value["option"]) == (True, "ASTC 47")


def test_a_reply_to_oneself_on_an_earlier_item_revises_it():
    message = (
        "replying to myself re 3.09 :point_up: the lane is a private 6 m drive, not a street. *1 street* "
        "`34 m` of `120 m` = 28%."
    )
    decision = decided("3.11", message)
    assert (decision.kind, decision.target) == ("revision", "3.09")


def test_a_question_to_the_wizard_by_mention_is_a_side_question():
    message = "@wizard sanity check :thinking_face: it's 2 storeys and D, is it Part 3 and not Part 9?"
    assert decided("3.06", message).kind == "side_question"


def test_parts_of_both_kinds_concluded_with_an_arrow_to_both_are_both():
    state = {"3.10": ["3.2.2.70"], "3.02": ["E"]}
    message = "combustible permitted\nactual: block and steel joists, glulam over the hall → both\nHT: no"
    assert _read("3.15", message, state).value["actual"] == "Combustible and noncombustible"


def test_none_required_rates_a_mezzanine_that_is_there():
    state = {"3.02": ["F2"], "3.10": ["3.2.2.78"], "3.11": "None"}
    state["3.07"] = {"storeys_above_grade": 1, "storeys_below_grade": 0, "height_m": 7.0}
    state["3.06"] = {"existing": 0, "new": 60, "total": 60}
    message = (
        "per .78:\n- floors n/a (1 storey)\n- mezz — none req'd (the parts mezzanine; .78 sets none)\n"
        "- roof — none req'd"
    )
    rows = {r["assembly"]: r["rating_h"] for r in _read("3.21", message, state).value["assemblies"]}
    assert rows["mezzanine"] == 0.0 and rows["roof"] == 0.0


def test_a_line_saying_the_construction_is_mixed_is_both_kinds():
    state = {"3.10": ["3.2.2.70"], "3.02": ["E"]}
    message = "restriction: combustible permitted\ntype: mixed (block walls, wood roof)\nheavy timber: no"
    assert _read("3.15", message, state).value["actual"] == "Combustible and noncombustible"


def test_a_mention_is_kept_as_typed():
    assert answer_in("@dana can you confirm the LD? :eyes:") == "@dana can you confirm the LD?"
