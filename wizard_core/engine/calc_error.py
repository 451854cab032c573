"""The error every calculator raises for an input it cannot use: it names the input and the reason."""

from __future__ import annotations

from decimal import Decimal

from wizard_core.errors import InputError

_LABELS = {
    "area_m2": "Exposing building face area",
    "ld_m": "Limiting distance",
    "group": "Occupancy group",
    "ratio": "Ratio of the face (L/H or H/L)",
    "length_m": "Length of the face",
    "height_m": "Height of the face",
    "permitted_pct": "Permitted unprotected openings",
}
_UNITS = {"_m2": " (m²)", "_m": " (m)", "_pct": " (%)"}


class CalcError(InputError, ValueError):
    """A calculator input that cannot be used; str() names the input and the reason."""

    def __init__(self, field: str, message: str, *, label: str | None = None) -> None:
        self.field = field
        self.reason = message
        if label is None:  # other calculators share this error: name their field plainly
            suffix = next((s for s in _UNITS if field.endswith(s)), "")
            base = field.removesuffix(suffix) if suffix else field
            label = base.replace("_", " ").capitalize() + _UNITS.get(suffix, "")
        super().__init__(f"{label}: {message}")


def labelled(field: str, message: str) -> CalcError:
    return CalcError(field, message, label=_LABELS[field])


def plain(value: float, grouped: bool = True) -> str:
    """A number written plainly: no exponent, no trailing zeros, thousands grouped when asked."""
    text = format(Decimal(repr(float(value))), ",f" if grouped else "f")
    return text.rstrip("0").rstrip(".") if "." in text else text
