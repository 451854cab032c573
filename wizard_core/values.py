"""Structured values of matrix answers: validation by answer type, and plain-text rendering."""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wizard_core.content import FormItem, Option
from wizard_core.errors import InvalidReplyError

ARTICLE = re.compile(r"^3\.2\.2\.(?P<num>\d{2})(?P<suffix>[A-E])?$")


class _Value(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Area(_Value):
    existing: float = Field(ge=0)
    new: float = Field(ge=0)
    total: float = Field(ge=0)

    @model_validator(mode="after")
    def _total_adds_up(self) -> Area:
        if abs(self.existing + self.new - self.total) > max(1.0, 0.005 * self.total):
            raise ValueError(
                f"existing ({fmt_number(self.existing)}) + new ({fmt_number(self.new)}) "
                f"does not equal total ({fmt_number(self.total)})"
            )
        return self


class BuildingHeight(_Value):
    storeys_above_grade: int = Field(ge=1, le=200)
    storeys_below_grade: int = Field(ge=0, le=20)
    height_m: float = Field(gt=0, le=1000)


class OccupantRow(_Value):
    area: str = Field(min_length=1)
    persons: int = Field(ge=0)
    basis: str = ""


class OccupantLoad(_Value):
    total: int = Field(ge=0)
    rows: list[OccupantRow] = Field(default_factory=list)

    @model_validator(mode="after")
    def _rows_add_up(self) -> OccupantLoad:
        if self.rows and sum(r.persons for r in self.rows) != self.total:
            raise ValueError("the rows' persons do not add up to the total")
        return self


class EntrancesHazards(_Value):
    barrier_free_entrances: int = Field(ge=0, le=100)
    hazardous_substances: bool


class Construction(_Value):
    restriction: str
    actual: str
    heavy_timber: bool


RECORD_MODELS: dict[str, type[_Value]] = {
    "area": Area,
    "building_height": BuildingHeight,
    "occupant_load": OccupantLoad,
    "entrances_hazards": EntrancesHazards,
    "construction": Construction,
}


def validate_value(item: FormItem, value: Any) -> Any:
    """Return the normalized value for ``item``, or raise InvalidReplyError saying why not.

    ``None`` means "none / not applicable" and is accepted only where the item allows it.
    """
    if value is None:
        if item.allows_not_applicable:
            return None
        raise InvalidReplyError(f"Item {item.number} needs an answer; 'not applicable' is not allowed.")
    try:
        return _validate(item, value)
    except (ValidationError, ValueError, TypeError) as exc:
        detail = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
        detail = detail.removeprefix("Value error, ")  # pydantic's prefix for a validator's ValueError
        raise InvalidReplyError(f"The value for item {item.number} is not valid: {detail}.") from exc


def _validate(item: FormItem, value: Any) -> Any:
    kind = item.answer_type
    if kind in RECORD_MODELS:
        record = RECORD_MODELS[kind].model_validate(value)
        if isinstance(record, Construction):
            record.restriction = _label(item.field_options["restriction"], record.restriction)
            record.actual = _label(item.field_options["actual"], record.actual)
        return record.model_dump()
    if kind == "yes_no":
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if kind == "integer":
        if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
            raise ValueError("expected a whole number")
        low = item.minimum if item.minimum is not None else float("-inf")
        high = item.maximum if item.maximum is not None else float("inf")
        if not low <= value <= high:
            raise ValueError(f"expected a number from {fmt_number(low)} to {fmt_number(high)}")
        return int(value)
    if kind == "choice":
        return _label(item.options, value)
    if kind == "multi_choice":
        if not isinstance(value, list) or not value:
            raise ValueError("expected a list of one or more options")
        return list(dict.fromkeys(_label(item.options, v) for v in value))
    if kind == "articles":
        if not isinstance(value, list) or not value:
            raise ValueError("expected a list of one or more 3.2.2.xx articles")
        for article in value:
            match = ARTICLE.match(str(article))
            if not match or not 20 <= int(match["num"]) <= 93:
                raise ValueError(f"{article!r} is not a classification article 3.2.2.20 to 3.2.2.93")
        return list(dict.fromkeys(value))
    if kind in {"text", "code_version"}:
        if not isinstance(value, str) or not value.strip():
            raise ValueError("expected text")
        return value.strip()
    raise ValueError(f"unknown answer type {kind}")


def _label(options: list[Option], value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected one of the listed options")
    for option in options:
        if option.label.casefold() == value.strip().casefold():
            return option.label
    raise ValueError(f"{value!r} is not one of: {', '.join(o.label for o in options)}")


def value_schema(item: FormItem) -> dict[str, Any]:
    """JSON Schema of the item's ``value`` (null allowed where 'not applicable' is)."""
    kind = item.answer_type
    schema: dict[str, Any]
    if kind in RECORD_MODELS:
        schema = RECORD_MODELS[kind].model_json_schema()
        if kind == "construction":
            props = schema["properties"]
            for name in ("restriction", "actual"):
                props[name]["enum"] = [o.label for o in item.field_options[name]]
    elif kind == "yes_no":
        schema = {"type": "boolean"}
    elif kind == "integer":
        schema = {"type": "integer", "minimum": item.minimum, "maximum": item.maximum}
    elif kind == "choice":
        schema = {"type": "string", "enum": [o.label for o in item.options]}
    elif kind == "multi_choice":
        items = {"type": "string", "enum": [o.label for o in item.options]}
        schema = {"type": "array", "items": items, "minItems": 1}
    elif kind == "articles":
        schema = {"type": "array", "items": {"type": "string", "pattern": ARTICLE.pattern}}
    else:
        schema = {"type": "string"}
    if item.allows_not_applicable:
        schema = {"anyOf": [schema, {"type": "null"}]}
    return schema


def fmt_number(number: float) -> str:
    """1150.0 -> '1,150'; 12.8 -> '12.8'."""
    if number == int(number):
        return f"{int(number):,}"
    return f"{number:,.2f}".rstrip("0").rstrip(".")


def describe_value(item: FormItem, value: Any) -> str:
    """The answer as it reads in the matrix cell."""
    if value is None:
        return "Not applicable" if item.answer_type != "area" else "None"
    kind = item.answer_type
    unit = item.unit or ""
    if kind == "area":
        return (
            f"Existing {fmt_number(value['existing'])} {unit}, new {fmt_number(value['new'])} "
            f"{unit}, total {fmt_number(value['total'])} {unit}"
        )
    if kind == "building_height":
        return (
            f"{value['storeys_above_grade']} storey(s) above grade, "
            f"{value['storeys_below_grade']} below grade, {fmt_number(value['height_m'])} m high"
        )
    if kind == "occupant_load":
        rows = "; ".join(f"{r['area']}: {r['persons']}" for r in value["rows"])
        return f"{value['total']} persons" + (f" ({rows})" if rows else "")
    if kind == "entrances_hazards":
        hazards = (
            "hazardous substances present" if value["hazardous_substances"] else "no hazardous substances"
        )
        return f"{value['barrier_free_entrances']} barrier-free entrance(s); {hazards}"
    if kind == "construction":
        timber = "heavy timber" if value["heavy_timber"] else "no heavy timber"
        return f"Restriction: {value['restriction']}; actual: {value['actual']}; {timber}"
    if kind == "yes_no":
        return "Yes" if value else "No"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)
