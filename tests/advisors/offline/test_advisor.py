"""The offline advisor, item by item: plain answers finalize, vague ones get one question."""

from __future__ import annotations

import pytest

from tests.answers.support import ask
from tests.support import make_manager
from tests.test_checks import up_to_310

PLAIN = [
    ("3.01", "It's an addition to an existing warehouse.", "Addition"),
    ("3.01", "Change of use from a dwelling to a restaurant", "Change of use"),
    ("3.01", "New construction", "New construction"),
    ("3.02", "Group D, offices.", ["D"]),
    ("3.02", "Retail on the ground floor and apartments above", ["E", "C"]),
    ("3.02", "Group A, Division 2", ["A2"]),
    ("3.03", "No superimposed occupancies.", False),
    ("3.03", "Yes: shops below, apartments above.", True),
    ("3.04", "140 m2 existing, 0 new, 140 m2 total.", {"existing": 140, "new": 0, "total": 140}),
    ("3.04", "Existing 500 m², addition 250 m²", {"existing": 500, "new": 250, "total": 750}),
    ("3.04", "1,150 m2", {"existing": 0, "new": 1150, "total": 1150}),
    (
        "3.07",
        "three storeys, no basement, 11.5 m high",
        {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 11.5},
    ),
    (
        "3.07",
        "3 storeys above grade, 1 storey below grade, 12.8 m high",
        {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.8},
    ),
    ("3.08", "No, it is not a high building.", False),
    ("3.09", "The building faces 2 streets.", 2),
    ("3.09", "one street", 1),
    ("3.10", "Article 3.2.2.60", ["3.2.2.60"]),
    ("3.11", "Fully sprinklered throughout.", "Entire building"),
    ("3.12", "Yes, a standpipe is required.", True),
    ("3.13", "Two stage fire alarm", "Two stage"),
    ("3.14", "Yes", True),
    (
        "3.15",
        "Noncombustible construction is required.",
        {"restriction": "Noncombustible required", "actual": "Noncombustible", "heavy_timber": False},
    ),
    ("3.16", "Post-disaster", "Post-disaster"),
    ("3.17", "SC3", "SC3"),
    (
        "3.18",
        "Offices: 930 m2 at 9.3 m2 per person",
        {
            "total": 100,
            "note": "",
            "rows": [
                {
                    "floor": "Offices",
                    "occupancy": "D",
                    "use": "offices",
                    "area_m2": 930.0,
                    "persons": 100,  # 930 m² ÷ 9.30 m²/person (Table 3.1.17.1, offices)
                    "based_on": "table: 9.30 m²/person",
                    "posted_limit": False,
                }
            ],
        },
    ),
    (
        "3.20",
        "One barrier-free entrance; hazardous substances are stored on site.",
        {"barrier_free_entrances": 1, "hazardous_substances": True},
    ),
    ("3.25", "Not applicable", None),
    ("3.13", "Fire alarm: single-stage", "Single stage"),
    ("3.17", "SC-2", "SC2"),
    (
        "3.15",
        "Combustible construction permitted, combustible construction provided, no heavy timber",
        {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False},
    ),
    ("3.05", "1,700 m2 gross, of which 1,200 existing", {"existing": 1200, "new": 500, "total": 1700}),
    ("3.01", "Interior alteration of an existing office floor", "Renovation / alteration"),
    ("3.01", "Two storey addition plus renovations to the existing school", "Addition and renovation"),
    ("3.02", "Office (D) with a small retail unit (E)", ["D", "E"]),
    ("3.04", "existing 800 sm, addition 200 sm", {"existing": 800, "new": 200, "total": 1000}),
    ("3.04", "Existing building 450m2; no addition", {"existing": 450, "new": 0, "total": 450}),
    (
        "3.07",
        "3 storeys + basement, 12.5m",
        {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.5},
    ),
    ("3.13", "2-stage", "Two stage"),
    (
        "3.20",
        "Two accessible entrances; hazardous substances: none",
        {"barrier_free_entrances": 2, "hazardous_substances": False},
    ),
]


@pytest.mark.parametrize(("section", "message", "expected"), PLAIN)
def test_plain_answer_finalizes_the_item_with_its_value(section, message, expected):
    (result,), state = ask(section, message)
    assert result.type == "form_answer", result.content
    answer = state.answer_for(section)
    assert answer.value == expected
    assert answer.question and "TODO" not in answer.question
    assert answer.obc_references, "an answer cites the item's references"
    assert state.current_form_section != section


VAGUE = [
    ("3.01", "We're doing some work on an old building.", ["New construction", "Change of use"]),
    ("3.01", "What are the options?", ["Addition", "Renovation"]),
    ("3.04", "About 2000.", ["exact"]),
    ("3.04", "1150", ["m²", "ft²"]),
    ("3.07", "3 storeys", ["height"]),
    ("3.10", "Which one applies?", ["3.2.2"]),
    ("3.20", "Two barrier-free entrances.", ["hazardous"]),
]


@pytest.mark.parametrize(("section", "message", "mentions"), VAGUE)
def test_vague_answer_gets_one_clarifying_question_saying_what_is_missing(section, message, mentions):
    (result,), state = ask(section, message)
    assert result.type == "clarifying_question"
    assert state.answer_for(section) is None and state.current_form_section == section
    assert [qa.question for qa in state.active_clarifying_thread] == [result.content]
    for word in mentions:
        assert word.lower() in result.content.lower()


@pytest.mark.parametrize("message", ["Occupant load 120", "Occupant load: 120 persons"])
def test_a_bare_occupant_load_asks_for_the_uses_and_areas_and_a_yes_records_it_as_given(message):
    # a total is a result: the wizard asks for what it comes from, and offers the figure as given
    results, state = ask("3.18", message, "Yes")
    question, recorded = results
    assert question.type == "clarifying_question"
    assert "use and floor area" in question.content and "Shall I record it?" in question.content
    assert "design number as given" in question.content
    assert recorded.type == "form_answer"
    value = state.answer_for("3.18").value
    assert value["total"] == 120
    assert value["rows"] == [
        {
            "floor": "Building",
            "occupancy": "D",
            "use": "",
            "area_m2": None,
            "persons": 120,
            "based_on": "design number (as given)",
            "posted_limit": False,
        }
    ]


def test_a_bare_occupant_load_followed_by_the_inputs_records_the_worked_out_rows():
    results, state = ask("3.18", "Occupant load 120", "Offices 1,100 m2")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    # 1,100 m² ÷ 9.30 m²/person = 118.28 → 119 persons (Table 3.1.17.1, offices)
    assert state.answer_for("3.18").value["rows"][0]["persons"] == 119
    assert state.answer_for("3.18").value["total"] == 119


def test_clarified_area_uses_the_whole_thread_and_is_archived():
    results, state = ask("3.04", "About 140.", "140 m2 existing, 0 new, 140 m2 total.")
    assert [r.type for r in results] == ["clarifying_question", "form_answer"]
    assert state.answer_for("3.04").value == {"existing": 140, "new": 0, "total": 140}
    archived = state.archived_clarifying_sessions["3.04"]
    assert archived[0].question == results[0].content
    assert archived[0].answer == "140 m2 existing, 0 new, 140 m2 total."
    assert state.active_clarifying_thread == []


def test_reuses_storeys_given_earlier_when_the_message_refers_to_them():
    (result,), state = ask("3.07", "As mentioned earlier, 12.8 m high with one basement level.")
    assert result.type == "form_answer", result.content
    # "a three storey office building" was said for 3.01
    assert state.answer_for("3.07").value == {
        "storeys_above_grade": 3,
        "storeys_below_grade": 1,
        "height_m": 12.8,
    }
    assert "earlier" in result.content


def test_same_as_copies_an_earlier_items_value():
    (result,), state = ask("3.05", "Same as the building area.")
    assert state.answer_for("3.05").value == state.answer_for("3.04").value
    assert result.confidence <= 0.7


def test_a_plain_no_records_the_none_option_where_the_code_allows_it():
    """The office used for PLAIN is sprinklered under 3.2.2.60; an unsprinklered one says no."""
    wizard = make_manager()
    pid = up_to_310(wizard, "office")  # D, 2 storeys, 1,000 m², facing 1 street
    wizard.answer_directly(pid, "3.10", ["3.2.2.62"])  # an article without sprinklers
    sprinklers = wizard.process_user_response(pid, "No, the building is not sprinklered.")
    assert sprinklers.type == "form_answer" and sprinklers.answer.value == "Not required"
    wizard.process_user_response(pid, "No standpipe: two storeys, under 14 m.")
    alarm = wizard.process_user_response(pid, "No fire alarm system is required.")
    assert alarm.type == "form_answer" and alarm.answer.value == "Not required"
