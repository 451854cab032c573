"""Major occupancies (3.02) as an outside consultant writes them: rooms that serve the main use,
uses named as dropped, former or rejected, lowercase codes beside use words, and doubts offered
rather than recorded."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, ask, state_with
from wizard_core.answers import read


def _read(*messages: str):
    return read(FORMS.get_item("3.02"), list(messages), state_with({}), FORMS)


def _recorded(reading, groups: list[str]) -> None:
    assert reading.complete, reading.missing
    assert reading.value == groups, reading.notes
    assert reading.confidence >= 0.8


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "A2, an elementary school. The gym, the library and the principal's office are all part of "
            "the school; none of them is a separate occupancy.",
            ["A2"],
        ),
        (
            "b3 ltc home. hair salon + tuck shop on main flr are for the residents only, not separate occs",
            ["B3"],
        ),
        (
            "It's a hotel, so C. The restaurant off the lobby and the gift shop are there for the guests, "
            "so neither is a separate major occupancy.",
            ["C"],
        ),
        (
            "Mercantile (E): a big-box hardware store. There's a small bank counter and a coffee shop by "
            "the entrance. Both are there for the store's customers and aren't separate occupancies.",
            ["E"],
        ),
        (
            "care & treatment - B2 hospital addition. the physio clinic and the dental clinic are hospital "
            "departments, not separate occupancies",
            ["B2"],
        ),
        (
            "Residential (C), a co-op apartment block. The management office and the ground-floor laundry "
            "belong to the building; I would not call the office its own occupancy.",
            ["C"],
        ),
    ],
)
def test_rooms_said_to_serve_or_not_to_be_separate_are_part_of_the_main_use(message, groups):
    _recorded(_read(message), groups)


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("We looked at a daycare on the ground floor but the board scrapped it; offices only now, D.", ["D"]),
        ("F3 - low-hazard storage, not F2; fire load sits well below the F2 cutoff", ["F3"]),
        ("A2 - it's a school gym, not an arena, so A2 rather than A3", ["A2"]),
        ("Offices (D). The ground-floor restaurant fell through, so the space is more offices.", ["D"]),
        (
            "Change of use: the former printing plant (F2) is being converted into a self-storage "
            "facility, low hazard, F3.",
            ["F3"],
        ),
        ("We're converting an old woodworking shop into a daycare, A2.", ["A2"]),
        ("It was a restaurant until last year; the new use is retail, E.", ["E"]),
        ("Change of use: retail to offices", ["D"]),
        ("Retail, E. There used to be a bank here, D, but it's gone.", ["E"]),
        ("Conversion of the old F2 plant to F3 cold storage", ["F3"]),
        ("Group D, Division-free: offices, plus a dental clinic that is D as well.", ["D"]),
        ("Classed as D instead of E, since the showroom is really a sales office.", ["D"]),
    ],
)
def test_a_use_named_as_dropped_former_or_rejected_is_not_a_group(message, groups):
    _recorded(_read(message), groups)


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        ("e - hardware store at grade, d upstairs offices", ["E", "D"]),
        ("retail (e) at grade + dentist (d) above", ["E", "D"]),
        ("c apartments over e shops", ["C", "E"]),
        ("e drugstore, grnd flr only", ["E"]),
        ("d offices, e.g. a bank branch and a travel agency", ["D"]),
        ("d'you need the group? it's offices", ["D"]),
        ("see sheet e, offices only", ["D"]),
    ],
)
def test_a_lowercase_code_reads_beside_a_use_word_of_its_own_group(message, groups):
    _recorded(_read(message), groups)


def test_a_lowercase_code_beside_a_room_says_it_is_its_own_occupancy():
    _recorded(_read("a2 school, e tuck shop by the gym run by an outside operator"), ["A2", "E"])


@pytest.mark.parametrize(
    ("message", "group"),
    [("e - tack & saddlery", "E"), ("d: notary + land surveyor", "D"), ("f2 (kiln works)", "F2")],
)
def test_a_lowercase_code_the_answer_opens_with_is_offered_beside_words_not_known(message, group):
    reading = _read(message)
    if reading.complete:  # a two-letter code stands on its own
        assert reading.value == [group]
        return
    assert reading.value is None and reading.offer == [group]
    assert f"Group {group}" in reading.missing


def test_a_lowercase_letter_that_opens_a_sentence_word_is_no_code():
    for message in ("e.g. tack and saddlery", "a - see the drawings"):
        reading = _read(message)
        assert reading.value is None and reading.offer is None


@pytest.mark.parametrize(
    "word", ["pharmacy", "drug store", "boutique", "liquor store", "retail unit", "shopping centre"]
)
def test_everyday_shop_words_are_mercantile(word):
    _recorded(_read(f"a {word} at grade"), ["E"])


@pytest.mark.parametrize(
    ("message", "groups"),
    [
        (
            "Mostly offices, D, plus retail at grade unless the landlord leases the unit as a restaurant.",
            None,
        ),
        ("Probably E and D, pending the tenant mix.", ["E", "D"]),
        ("D or E, depending on who signs the lease", ["D", "E"]),
        (
            "The ground floor is a food hall, E, with a restaurant, A2, compared with the upper floors, "
            "which are offices, D; the cinema is outside our scope except for its lobby.",
            None,
        ),
    ],
)
def test_several_groups_with_unresolved_exclusion_or_comparison_are_offered_not_recorded(message, groups):
    reading = _read(message)
    assert not reading.complete
    assert reading.offer is not None and len(reading.offer) > 1
    if groups:
        assert reading.offer == groups


def test_one_group_with_a_comparison_is_still_recorded():
    _recorded(_read("F2, fire load well above the 50 kg/m2 threshold"), ["F2"])


def test_an_offered_reading_is_recorded_on_a_yes():
    _results, state = ask("3.02", "Probably E and D, pending the tenant mix.", "Yes.")
    assert state.answer_for("3.02").value == ["E", "D"]


@pytest.mark.parametrize("reply", ["F2", "f2 only", "Group F, Division 2"])
def test_the_groups_restated_after_the_question_about_rooms_are_recorded(reply):
    first = "F2 furniture plant; the front offices are up by the street."
    assert not _read(first).complete
    _recorded(_read(first, reply), ["F2"])


def test_a_reply_that_a_room_is_separate_still_keeps_it():
    reading = _read(
        "F2 furniture plant; the front offices are up by the street.", "They're a separate tenant."
    )
    assert reading.complete and reading.value == ["F2", "D"]
    # the offices' Group D is read from words, never named: recorded for the consultant to confirm
    assert reading.confidence < 0.8
    assert any("occupancies were read from your description" in note for note in reading.notes)


@pytest.mark.parametrize(
    "message",
    [
        "f2 body shop. the front counter, estimator's desk and lunch room all serve the shop.",
        "A2 daycare; the kitchen and the staff room support the centre.",
    ],
)
def test_the_use_named_as_what_the_rooms_serve_is_not_a_second_occupancy(message):
    reading = _read(message)
    assert reading.complete and len(reading.value) == 1, (reading.value, reading.missing)


def test_an_option_named_after_rather_than_is_not_chosen():
    item = FORMS.get_item("3.01")
    reading = read(
        item,
        ["It's an addition, as opposed to an addition and renovation; the old part is untouched."],
        state_with({}),
        FORMS,
    )
    assert reading.value == "Addition"
