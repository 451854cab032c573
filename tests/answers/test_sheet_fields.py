"""3.24 and 3.25 read into the OAA sheet's fields, in consultants' own words."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read, validate_value


def _read(section: str, *texts: str):
    return read(FORMS.get_item(section), list(texts), state_with({}), FORMS)


@pytest.mark.parametrize(
    ("message", "path", "zone", "days"),
    [
        (
            "SB-10 compliance using ASHRAE 90.1-2013, climate zone 5, 3,520 heating degree-days.",
            "SB-10, ASHRAE 90.1-2013",
            "5",
            3520,
        ),
        ("sb10 div 3 by energy model, zone 6, 4200 HDD", "SB-10, Division 3, energy model", "6", 4200),
        (
            "NECB 2017 prescriptive; Ottawa is zone 7a at 5 200 degree days",
            "SB-10, NECB-2017, prescriptive",
            "7A",
            5200,
        ),
        ("We'll go SB-12 performance. Climate Zone 6 (4,100 DD)", "SB-12, performance", "6", 4100),
    ],
)
def test_energy_fields_are_read_whatever_the_wording(message, path, zone, days):
    result = _read("3.24", message)
    assert result.complete and result.confidence >= 0.8
    assert (result.value["compliance_path"], result.value["climate_zone"], result.value["degree_days"]) == (
        path,
        zone,
        days,
    )


def test_a_missing_energy_field_is_left_empty_at_modest_confidence_and_the_words_kept():
    result = _read("3.24", "Energy efficiency: SB-10 Div 3, zone 6.")
    assert result.complete and result.confidence < 0.8
    assert result.value["degree_days"] is None and result.value["note"] == "SB-10 Div 3, zone 6."
    assert any("degree days" in note for note in result.notes)


def test_energy_words_with_no_field_are_asked_about():
    result = _read("3.24", "The mechanical engineer is still working on it.")
    assert not result.complete and "compliance path" in result.missing


@pytest.mark.parametrize(
    ("message", "several", "option"),
    [
        ("Actually it does apply: 12 suites, STC 50 party walls.", True, "STC 50"),
        ("yes - 48 condos; ASTC 47 designed by the acoustician", True, "ASTC 47"),
        ("one dwelling unit only (the caretaker's)", False, ""),
        ("Yes, STC 50 between suites and SB-3 floor types", True, "STC 50, SB-3 floor types"),
        ("Hotel suites. STC 50 demising walls and floors, SB-3 assemblies.", True, "STC 50, SB-3"),
        # a shaft's or chute's higher rating is not the option chosen
        ("36 flats: ASTC 47 between suites; the lift shaft walls get STC 55", True, "ASTC 47"),
        (
            "Yes (64 units). STC 50 demising assemblies w/ SB-3 junctions, and around the refuse chute "
            "STC 55.",
            True,
            "STC 50, SB-3",
        ),
    ],
)
def test_sound_fields_are_read_and_the_words_kept(message, several, option):
    result = _read("3.25", message)
    assert result.complete
    assert (result.value["more_than_one_dwelling_unit"], result.value["option"]) == (several, option)
    assert result.value["note"]


def test_free_text_from_a_model_or_an_older_project_is_kept_as_the_note():
    item = FORMS.get_item("3.24")
    assert validate_value(item, "SB-10, zone 5") == {
        "compliance_path": "",
        "climate_zone": "",
        "degree_days": None,
        "note": "SB-10, zone 5",
    }
