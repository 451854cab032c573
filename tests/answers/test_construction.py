"""Construction (3.15): the materials named pick the options the form's data says they name."""

from __future__ import annotations

import pytest

from tests.answers.support import FORMS, state_with
from wizard_core.answers import read

CONSTRUCTION = FORMS.get_item("3.15")


@pytest.mark.parametrize(
    ("message", "restriction", "actual", "heavy_timber"),
    [
        (
            "Combustible construction permitted and used, heavy timber not used",
            "Combustible permitted",
            "Combustible",
            False,
        ),
        (
            "Encapsulated mass timber permitted, EMT and noncombustible used",
            "Encapsulated mass timber permitted",
            "Encapsulated mass timber and noncombustible",
            False,
        ),
        (
            "combustible may be used; noncombustible and combustible provided",
            "Combustible permitted",
            "Combustible and noncombustible",
            False,
        ),
        ("combustible permitted while EMT used", "Combustible permitted", "Encapsulated mass timber", False),
        (
            "noncombustible must be used but combustible is proposed",
            "Noncombustible required",
            "Combustible",
            False,
        ),
        (
            "heavy timber roof, combustible allowed, combustible used",
            "Combustible permitted",
            "Combustible",
            True,
        ),
    ],
)
def test_materials_named_pick_the_restriction_and_actual(message, restriction, actual, heavy_timber):
    reading = read(CONSTRUCTION, [message], state_with({}), FORMS)
    assert reading.value == {"restriction": restriction, "actual": actual, "heavy_timber": heavy_timber}


def test_a_restriction_that_implies_the_actual_construction_fills_it_and_says_so():
    required = next(o for o in CONSTRUCTION.field_options["restriction"] if o.implies)
    assert required.implies == {"actual": "Noncombustible"}
    reading = read(CONSTRUCTION, ["Noncombustible construction is required."], state_with({}), FORMS)
    assert reading.value["actual"] == "Noncombustible"
    assert "so the actual construction is noncombustible" in reading.notes[0]
    assert reading.confidence == 0.8


def test_a_restriction_alone_that_implies_nothing_asks_for_the_actual_construction():
    reading = read(CONSTRUCTION, ["Combustible construction is permitted."], state_with({}), FORMS)
    assert not reading.complete
    assert reading.missing.startswith("the construction actual (Combustible; Noncombustible;")
