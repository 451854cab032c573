"""An outside consultant's articles, street counts, entrances and 'none' answers, read as meant.

Articles named as a comparison, a rejected option, a former choice or a limit are not the answer
(3.10); a leading number word answers the street count whatever figures follow it (3.09); a total
stated after its parts wins, and 'no haz' is no hazardous substances (3.20); 'not required' at an
item that allows it is 'not applicable' (3.26).
"""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read
from wizard_core.models import ProjectState

ARTICLES = FORMS.get_item("3.10")
STREETS = FORMS.get_item("3.09")
ENTRANCES = FORMS.get_item("3.20")


def _articles(text: str, groups: list[str]):
    return read(ARTICLES, [text], state_with({"3.02": groups}), FORMS)


# --- 3.10: an article set aside is never the answer -------------------------------------------


@pytest.mark.parametrize(
    ("text", "groups", "answer", "aside"),
    [
        (
            "We're too large for 3.2.2.27 once the basement is counted, so it's 3.2.2.24.",
            ["A2"],
            ["3.2.2.24"],
            "3.2.2.27",
        ),
        (
            "3.2.2.62 - d, 3 flrs, unspr. too small for 3.2.2.64 (800 m2 w/ 1 street)",
            ["D"],
            ["3.2.2.62"],
            "3.2.2.64",
        ),
        ("Ruled out 3.2.2.45 early on; we went with 3.2.2.43.", ["B3"], ["3.2.2.43"], "3.2.2.45"),
        ("3.2.2.49 rather than 3.2.2.50, because we're noncombustible.", ["C"], ["3.2.2.49"], "3.2.2.50"),
        ("The sprinklers take us from 3.2.2.84 to 3.2.2.86.", ["F3"], ["3.2.2.86"], "3.2.2.84"),
        (
            "Past the 1,000 m2 limit in 3.2.2.70, so the store goes under 3.2.2.68.",
            ["E"],
            ["3.2.2.68"],
            "3.2.2.70",
        ),
    ],
)
def test_an_article_set_aside_is_left_out_and_the_other_recorded(text, groups, answer, aside):
    reading = _articles(text, groups)
    assert reading.complete and reading.value == answer
    assert 0.8 <= reading.confidence <= 0.9
    assert aside not in reading.value and any(aside in note for note in reading.notes)


def test_two_occupancies_keep_their_articles_when_a_third_is_cited_as_the_one_exceeded():
    text = (
        "3.2.2.67 for the store and 3.2.2.52 for the apartments. The apartments are over the 1,200 m2 "
        "that 3.2.2.54 would give them, so it has to be 3.2.2.52."
    )
    reading = _articles(text, ["E", "C"])
    assert reading.complete and reading.value == ["3.2.2.67", "3.2.2.52"]
    assert "3.2.2.54" not in reading.value


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("I've already crossed that one off - ruled out 3.2.2.25 because of the basement.", ["A2"]),
        ("Not 3.2.2.60. Which one would you pick?", ["D"]),
        ("We've dropped 3.2.2.81 now that the addition makes it too big.", ["F2"]),
    ],
)
def test_a_message_that_only_sets_an_article_aside_records_nothing(text, groups):
    reading = _articles(text, groups)
    assert not reading.complete and reading.offer is None
    assert "set aside" in reading.missing


def test_an_article_set_aside_now_is_not_taken_from_an_earlier_message():
    state = state_with({"3.02": ["D"]})
    reading = read(ARTICLES, ["3.2.2.63", "Forget that, 3.2.2.63 is out."], state, FORMS)
    assert not reading.complete and reading.value is None


def test_an_article_set_aside_is_never_recorded_even_when_3_02_has_more_groups():
    text = "3.2.2.79. It's too large for 3.2.2.80, which tops out well below our area."
    reading = _articles(text, ["F2", "F3"])
    assert not reading.complete
    assert "3.2.2.80" in reading.missing and reading.offer is None


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("3.2.2.60 or 3.2.2.61, I haven't decided.", ["D"]),
        ("3.2.2.51 vs 3.2.2.52: we'd go with 3.2.2.52 I think", ["C"]),
        ("3.2.2.24 and 3.2.2.25 both seem to work", ["A2"]),
    ],
)
def test_more_articles_left_than_the_occupancies_need_is_asked_about(text, groups):
    reading = _articles(text, groups)
    assert not reading.complete and reading.value is None
    assert "one article per major occupancy" in reading.missing


@pytest.mark.parametrize(
    ("text", "groups", "offered"),
    [
        (
            "3.2.2.25 here. For comparison, 3.2.2.28 allows only 500 m2 with two streets.",
            ["A2"],
            ["3.2.2.25"],
        ),
        ("3.2.2.62 allows 2,000 m2 and we're at about 1,200.", ["D"], ["3.2.2.62"]),
        ("If we sprinkler it, 3.2.2.86 would apply.", ["F3"], ["3.2.2.86"]),
    ],
)
def test_an_article_cited_as_a_comparison_or_limit_is_offered_not_recorded(text, groups, offered):
    reading = _articles(text, groups)
    assert not reading.complete
    assert reading.offer == offered and reading.offer_reason


@pytest.mark.parametrize(
    "text",
    [
        "3.2.2.25: A2, one storey, not sprinklered, under the 1,600 m2 limit with one street.",
        "Not sprinklered, so 3.2.2.25.",
        "a2 - 3.2.2.25 (unspr, 1 sty, 2 streets -> 2,000 m2)",
    ],
)
def test_a_plain_article_is_still_recorded_at_full_confidence(text):
    reading = _articles(text, ["A2"])
    assert reading.complete and reading.value == ["3.2.2.25"] and reading.confidence >= 0.9


def test_a_whole_turn_does_not_record_the_article_the_consultant_was_too_big_for():
    (result,), state = ask("3.10", "Too big for 3.2.2.62 on two streets, so 3.2.2.60 - sprinklered.")
    assert result.type == "form_answer" and state.answer_for("3.10").value == ["3.2.2.60"]
    assert "3.2.2.62" not in result.content.split("Note:")[0]


def test_an_offered_limit_article_is_recorded_only_after_a_yes():
    (offer, confirmed), state = ask(
        "3.10", "3.2.2.60 allows the area we have with two streets.", "Yes, that's right."
    )
    assert offer.type == "clarifying_question" and "Shall I record it?" in offer.content
    assert confirmed.type == "form_answer" and state.answer_for("3.10").value == ["3.2.2.60"]


def test_a_later_message_moving_to_another_article_replaces_the_first():
    texts = [
        "3.2.2.85: one storey, not sprinklered.",
        "The insurer wants sprinklers after all, which takes us from 3.2.2.85 over to 3.2.2.88.",
    ]
    reading = read(ARTICLES, texts, state_with({"3.02": ["F3"]}), FORMS)
    assert reading.complete and reading.value == ["3.2.2.88"]


# --- 3.09: a leading number word answers the count -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "streets"),
    [
        ("Three. The site fills the block and about 90 % of the walls are within 15 m of a street.", 3),
        ("Two, as I said before: Elm in front, Oak on the side. The back alley is 5 m wide.", 2),
        ("Just the one - King Street. The service lane behind is only 4.5 m wide, so it doesn't count.", 1),
        ("Only the one, Water Street; the yard at the rear is 35 m deep.", 1),
        ("One. Harbour Road along the front; the rear parking is 60 m deep and not a fire route.", 1),
        ("Only one street, Front Road. The lot wraps the other three sides.", 1),
        ("Two - corner lot, ~65% of the perimeter within 15 m.", 2),
    ],
)
def test_a_leading_count_is_read_past_the_figures_around_it(text, streets):
    reading = read(STREETS, [text], ProjectState(project_id="p"), FORMS)
    assert reading.complete and reading.value == streets and reading.confidence >= 0.9


@pytest.mark.parametrize(
    "text",
    [
        "One of the streets is a lane, the other is 8 m wide.",
        "Two. Well, three streets if you count the lane at the back.",
        "Three sides face the parking lot and only 40 % of the walls are within 15 m.",
    ],
)
def test_a_number_word_that_is_not_the_count_is_not_recorded(text):
    reading = read(STREETS, [text], ProjectState(project_id="p"), FORMS)
    assert not reading.complete


def test_a_whole_turn_records_the_spelled_street_count():
    (result,), state = ask("3.09", "Two. We sit on the corner and about 65 % of the walls are within 15 m.")
    assert result.type == "form_answer" and state.answer_for("3.09").value == 2


# --- 3.20: totals, BF shorthand and 'no haz' -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "entrances", "hazards"),
    [
        (
            "One barrier-free entrance for the clinic and one for the pharmacy, so two. No hazards.",
            2,
            False,
        ),
        ("An accessible entrance per tenant, four tenants, so 4 in total; no hazmat on site.", 4, False),
        (
            "Two BF entrances in front and one at the back, that's 3 BF entrances. haz: yes, chlorine.",
            3,
            True,
        ),
        ("2 BF entrances (front + parking side, both w/ power operators). no haz", 2, False),
        ("1 BF entrance (ramp at the rear door). no haz, no propane kept on site", 1, False),
        ("3 BF (main, gym, daycare door); haz no", 3, False),
        ("1 BF door at the office, no haz - electric forklifts only", 1, False),
    ],
)
def test_entrances_and_hazards_in_shorthand_and_totals(text, entrances, hazards):
    reading = read(ENTRANCES, [text], ProjectState(project_id="p"), FORMS)
    assert reading.complete
    assert reading.value == {"barrier_free_entrances": entrances, "hazardous_substances": hazards}


def test_four_in_all_with_parts_after_is_four():
    text = "Four barrier-free entrances in all: the 2 old ones and 2 in the addition. Hazards: none."
    reading = read(ENTRANCES, [text], ProjectState(project_id="p"), FORMS)
    assert reading.value == {"barrier_free_entrances": 4, "hazardous_substances": False}


# --- 3.26: 'not required' and 'none proposed' are not applicable ---------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "Not required.",
        "None proposed.",
        "None, everything follows Division B.",
        "Not needed - all acceptable solutions.",
    ],
)
def test_nothing_needed_at_alternative_solutions_is_not_applicable(message):
    (result,), state = ask("3.26", message)
    answer = state.answer_for("3.26")
    assert result.type == "form_answer" and answer is not None and answer.value is None


def test_none_with_an_exception_is_the_answer_not_not_applicable():
    (result,), state = ask("3.26", "None, except AS-02 for the exit stair width, report by Firewise.")
    answer = state.answer_for("3.26")
    assert "not applicable" not in result.content.lower()
    assert answer is None or answer.value is not None
