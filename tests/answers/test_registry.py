"""The registry: each answer type has one home with its hint, schema, validation, text and reader."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wizard_core.answers as answers
from tests.answers.support import FORMS
from wizard_core.answers import REGISTRY, describe_value, type_hint, validate_value, value_schema
from wizard_core.content import AnswerType, FormItem
from wizard_core.errors import InvalidReplyError

TYPE_NAMES = get_args(AnswerType)


def first_item(kind: str) -> FormItem:
    return next(item for item in FORMS.items if item.answer_type == kind)


def test_every_answer_type_has_exactly_one_registry_entry() -> None:
    defined = [
        kind.name
        for module in pkgutil.iter_modules(answers.__path__)
        for kind in getattr(importlib.import_module(f"{answers.__name__}.{module.name}"), "ANSWER_TYPES", ())
    ]
    assert sorted(defined) == sorted(TYPE_NAMES)
    assert set(REGISTRY) == set(TYPE_NAMES)


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_each_entry_has_a_hint_schema_validation_description_and_reader(name: str) -> None:
    kind = REGISTRY[name]
    assert kind.name == name
    assert kind.hint.strip() and kind.none_text.strip()
    for part in (kind.schema, kind.validate, kind.describe, kind.read):
        assert callable(part)


def test_the_form_uses_every_answer_type_and_each_item_has_its_hint_and_schema() -> None:
    assert {item.answer_type for item in FORMS.items} == set(TYPE_NAMES)
    for item in FORMS.items:
        assert type_hint(item) == REGISTRY[item.answer_type].hint
        schema = value_schema(item)
        assert ("anyOf" in schema) == item.allows_not_applicable
        assert FORMS.schemas[item.number] == schema


def test_not_applicable_reads_as_the_types_none_text() -> None:
    mezzanine, fire_resistance = FORMS.get_item("3.06"), FORMS.get_item("3.21")
    assert validate_value(mezzanine, None) is None
    assert describe_value(mezzanine, None) == "None"
    assert describe_value(fire_resistance, None) == "Not applicable"
    with pytest.raises(InvalidReplyError, match="needs an answer"):
        validate_value(FORMS.get_item("3.04"), None)


def _any_case(labels: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(labels).flatmap(
        lambda label: st.sampled_from([label, label.lower(), label.upper()])
    )


def _labels(item: FormItem, field: str | None = None) -> list[str]:
    return [o.label for o in (item.field_options[field] if field else item.options)]


_amount = st.floats(min_value=0, max_value=100_000, allow_nan=False).map(lambda x: round(x, 1))
_floors = st.sampled_from(["Ground floor", "Level 2", "Basement", "Offices", "Retail", "Building"])
_hours = st.sampled_from([None, 0.0, 0.75, 1.0, 1.5, 2.0, 3.0])
_pct = st.one_of(st.none(), st.floats(min_value=0, max_value=100, allow_nan=False).map(lambda x: round(x, 1)))
_count = st.one_of(st.none(), st.integers(0, 40))
_load_rows = st.lists(
    st.fixed_dictionaries(
        {"floor": _floors, "persons": st.integers(0, 500)},
        optional={
            "occupancy": st.sampled_from(["", "D", "E", "A2"]),
            "use": st.sampled_from(["", "offices", "storage", "classrooms"]),
            "area_m2": st.one_of(st.none(), st.floats(min_value=1, max_value=10_000, allow_nan=False)),
            "based_on": st.sampled_from(
                ["", "table: 9.30 m²/person", "fixed seats", "design number (as given)"]
            ),
            "posted_limit": st.booleans(),
        },
    ),
    max_size=4,
)
_faces = st.lists(
    st.fixed_dictionaries(
        {"face": st.sampled_from(["North", "South", "East", "West", "EBF 1", "Rear"])},
        optional={
            "area_m2": st.one_of(st.none(), st.floats(min_value=1, max_value=3000, allow_nan=False)),
            "limiting_distance_m": st.one_of(
                st.none(), st.floats(min_value=0, max_value=60, allow_nan=False)
            ),
            "ratio": st.one_of(st.none(), st.floats(min_value=1, max_value=20, allow_nan=False)),
            "upo_permitted_pct": _pct,
            "upo_actual_pct": _pct,
            "frr_h": _hours,
            "construction": st.sampled_from(["", "noncombustible"]),
            "cladding": st.sampled_from(["", "combustible or noncombustible"]),
            "basis": st.sampled_from(["", "Table 3.2.3.1.-D, row 100, column 6 m"]),
        },
    ),
    max_size=4,
    unique_by=lambda face: face["face"],
)
_assemblies = st.lists(
    st.fixed_dictionaries(
        {
            "assembly": st.sampled_from(
                ["storeys_below_grade", "floors_over_basement", "floors", "mezzanine", "roof"]
            )
        },
        optional={"rating_h": _hours, "supporting_h": _hours, "noncombustible_in_lieu": st.booleans()},
    ),
    max_size=5,
    unique_by=lambda row: row["assembly"],
)
_fixture_rows = st.lists(
    st.fixed_dictionaries(
        {"floor": _floors, "persons": st.integers(0, 500)},
        optional={
            "sentence": st.sampled_from(["", "3.7.4.7.(1), Table 3.7.4.7"]),
            "wc_required": _count,
            "wc_provided": _count,
            "bf_wc_required": _count,
            "bf_wc_provided": _count,
            "universal_required": _count,
            "universal_provided": _count,
        },
    ),
    max_size=4,
)
_note = st.sampled_from(["", "Other faces front on streets", "See drawing A-201"])
_text = st.text(min_size=1, max_size=40).filter(str.strip)
SAMPLES: dict[str, st.SearchStrategy[Any]] = {
    "code_version": _text,
    "text": _text,
    "energy": st.fixed_dictionaries(
        {"compliance_path": st.sampled_from(["SB-10, ASHRAE 90.1-2013", "SB-12"])},
        optional={
            "climate_zone": st.sampled_from(["5", "6", "7A"]),
            "degree_days": st.one_of(st.none(), st.integers(0, 20000)),
            "note": _note,
        },
    ),
    "sound": st.fixed_dictionaries(
        {"more_than_one_dwelling_unit": st.booleans()},
        optional={"option": st.sampled_from(["", "STC 50", "ASTC 47"]), "note": _note},
    ),
    "yes_no": st.booleans(),
    "choice": _any_case(_labels(first_item("choice"))),
    "multi_choice": st.lists(_any_case(_labels(first_item("multi_choice"))), min_size=1, max_size=4),
    "area": st.tuples(_amount, _amount).map(lambda en: {"existing": en[0], "new": en[1], "total": sum(en)}),
    "building_height": st.fixed_dictionaries(
        {
            "storeys_above_grade": st.integers(1, 200),
            "storeys_below_grade": st.integers(0, 20),
            "height_m": st.floats(min_value=0.1, max_value=1000, allow_nan=False),
        }
    ),
    "integer": st.integers(int(first_item("integer").minimum or 0), int(first_item("integer").maximum or 99)),
    "articles": st.lists(
        st.tuples(st.integers(20, 93), st.sampled_from(["", "A", "E"])).map(lambda a: f"3.2.2.{a[0]}{a[1]}"),
        min_size=1,
        max_size=3,
    ),
    "occupant_load": st.tuples(_load_rows, _note).map(
        lambda rn: {"total": sum(r["persons"] for r in rn[0]), "rows": rn[0], "note": rn[1]}
    ),
    "assemblies": st.tuples(_assemblies, _note)
    .filter(lambda an: an[0] or an[1])
    .map(lambda an: {"assemblies": an[0], "note": an[1]}),
    "spatial": st.tuples(_faces, _note)
    .filter(lambda fn: fn[0] or fn[1])
    .map(lambda fn: {"faces": fn[0], "note": fn[1]}),
    "fixtures": st.tuples(st.sampled_from(["50:50", "60:40", "45:55"]), _fixture_rows, _note)
    .filter(lambda rrn: rrn[1] or rrn[2])
    .map(lambda rrn: {"ratio": rrn[0], "rows": rrn[1], "note": rrn[2]}),
    "entrances_hazards": st.fixed_dictionaries(
        {"barrier_free_entrances": st.integers(0, 100), "hazardous_substances": st.booleans()}
    ),
    "construction": st.fixed_dictionaries(
        {
            "restriction": _any_case(_labels(first_item("construction"), "restriction")),
            "actual": _any_case(_labels(first_item("construction"), "actual")),
            "heavy_timber": st.booleans(),
        }
    ),
}


def test_every_answer_type_has_a_sample() -> None:
    assert set(SAMPLES) == set(TYPE_NAMES)


@pytest.mark.parametrize("name", TYPE_NAMES)
def test_a_valid_value_describes_to_text_and_validates_again_unchanged(name: str) -> None:
    item = first_item(name)

    @settings(max_examples=60, deadline=None)
    @given(SAMPLES[name])
    def round_trip(value: Any) -> None:
        valid = validate_value(item, value)
        assert describe_value(item, valid).strip()
        assert validate_value(item, valid) == valid

    round_trip()
