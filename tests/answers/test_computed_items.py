"""What the four computed items' readers share: a recorded value is valid, the gate's working-out
leaves it as read, and its matrix cell says the figures. Item by item, the readers are tested in
test_computed_occupant_load.py (3.18), test_computed_assemblies.py (3.21), test_computed_faces.py
(3.22) and test_computed_fixtures.py (3.23)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.answers.computed import OFFICE_LOAD, building, office, reading, recorded
from tests.answers.support import FORMS, ask
from wizard_core.answers import describe_value, validate_value, worked_out

OFFICE = office(**{"3_18": OFFICE_LOAD})
MIXED = building(("E", "D"), ("3.2.2.64", "3.2.2.60"))

READINGS = [
    ("3.18", OFFICE, "Level 2: offices 930 m2\nbsmt storage 350m2"),
    ("3.18", MIXED, "Floor\tUse\tArea (m²)\nGround floor\tRetail\t600\nLevel 2\tOffices\t930"),
    ("3.18", OFFICE, "Restaurant: 150 m2 dining, designed for 120 seats; Hall: 200 fixed seats"),
    ("3.18", OFFICE, "Level 3: 4 one-bed, 4 two-bed and 2 three-bed units"),
    ("3.21", OFFICE, "use what the article requires"),
    ("3.21", OFFICE, "Floors 1 h, roof 1 h, mezzanine n/a; supporting members 1 h"),
    ("3.22", OFFICE, "North: 120 m2, LD 5 m, 18% glazing; west wall 1,200 sf, LD 40 ft, 12 m2 of windows"),
    ("3.22", OFFICE, "S face - 100 m2 - 1.0 m to property line - blank wall. Other faces front on streets."),
    ("3.23", OFFICE, "Basement: none; Level 1: 6 WCs, 1 bf stall, 1 universal washroom; Level 2: 6"),
    ("3.23", OFFICE, "6 water closets on each floor, split 60/40"),
]


@pytest.mark.parametrize(("section", "state", "message"), READINGS)
def test_a_recorded_value_is_valid_and_the_gates_working_out_leaves_it_as_read(section, state, message):
    item = FORMS.get_item(section)
    value = recorded(section, message, state=state)
    assert validate_value(item, value) == value
    assert worked_out(item, value, state) == value
    assert describe_value(item, value).strip()


@pytest.mark.parametrize(
    ("section", "first", "revision", "kept", "changed"),
    [
        ("3.18", "L1 offices 930 m2; L2 offices 930 m2", "L2 is 465 m2", ("Level 1", 100), ("Level 2", 50)),
        (
            "3.22",
            "North: 120 m2, LD 5 m, 10%; South: 90 m2, LD 2.5 m, 5%",
            "South: LD 3 m",
            ("North", 40.0),
            ("South", 26.0),
        ),
    ],
)
def test_a_revision_sent_after_the_item_was_recorded_changes_only_its_row(
    section, first, revision, kept, changed
):
    results, state = ask(section, first)
    assert results[-1].type == "form_answer", results[-1].content
    item = FORMS.get_item(section)
    key, figure = ("persons", "floor") if section == "3.18" else ("upo_permitted_pct", "face")
    # read against the project as recorded, the way a later message about the item is read
    value = recorded(section, revision, state=state)
    rows = {row[figure]: row[key] for row in value[{"3.18": "rows", "3.22": "faces"}[section]]}
    assert rows[kept[0]] == kept[1] and rows[changed[0]] == changed[1]
    assert validate_value(item, value) == value


_WORDS = st.sampled_from(
    [
        "Level 2",
        "bsmt",
        "north",
        "EBF 1",
        "offices",
        "retail",
        "storage",
        "LD",
        "L.D.",
        "~",
        "approx",
        "120 m2",
        "1,200 sf",
        "40 ft",
        "30 m x 5 m",
        "3:1",
        "18%",
        "n/a",
        "none",
        "blank wall",
        "6 WCs",
        "3 M + 3 F",
        "per sex",
        "each floor",
        "1 h",
        "45 min",
        "roof",
        "floors",
        "total 90",
        "= 100 persons",
        "design 80",
        "200 fixed seats",
        "4 two-bed units",
        ":",
        ";",
        "\n",
        "\t",
        "|",
        ",",
        "-",
        "0",
        "9S0",
    ]
)


@settings(max_examples=300, deadline=None)
@given(section=st.sampled_from(["3.18", "3.21", "3.22", "3.23"]), words=st.lists(_WORDS, max_size=14))
def test_any_mix_of_row_words_is_read_or_asked_about_never_an_error(section, words):
    text = " ".join(words)
    result = reading(section, text, state=OFFICE)
    if result.complete and result.value is not None:
        assert validate_value(FORMS.get_item(section), result.value) == result.value
    else:
        assert result.missing
