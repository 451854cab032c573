"""What one answer type is: its hint, value schema, validation, matrix-cell text and reader."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from wizard_core.content import Fact, FormDefinition, FormItem, Option
from wizard_core.models import ProjectState


@dataclass
class Reading:
    """What a reader makes of the consultant's words for one item.

    An incomplete reading may carry an ``offer``: the value the words most likely mean (an
    approximate figure taken as exact, a total worked out from known facts), which the wizard
    proposes with ``offer_reason`` rather than records.
    """

    value: Any = None
    complete: bool = False
    missing: str = ""
    confidence: float = 0.0
    notes: list[str] = field(default_factory=list)
    offer: Any = None
    offer_reason: str = ""


class FormFacts(Protocol):
    """What a reader may ask of the whole form; FormQuestionService provides it."""

    @property
    def form(self) -> FormDefinition: ...

    def fact_item(self, fact: Fact) -> FormItem | None: ...

    def article_groups(self, article: str) -> list[str]: ...

    def article_range(self, group: str) -> list[tuple[str, str]]: ...


# A reader gets the texts that bear on the item, oldest first (earlier answers in the
# clarifying thread, then the latest message), and returns a value when the facts settle
# it, otherwise what is still missing, phrased for a clarifying question.
Reader = Callable[[FormItem, list[str], ProjectState, FormFacts], Reading]


@dataclass(frozen=True)
class AnswerType:
    """Everything one answer type means. ``validate`` raises ValueError saying why not."""

    name: str
    hint: str  # the answer format, as the advisor is told it
    schema: Callable[[FormItem], dict[str, Any]]  # JSON Schema of a (non-null) value
    validate: Callable[[FormItem, Any], Any]  # the normalized value
    describe: Callable[[FormItem, Any], str]  # a (non-null) value as it reads in the matrix cell
    read: Reader
    none_text: str = "Not applicable"  # the matrix cell of a 'not applicable' answer
    # Computed items: the value with its worked-out columns filled from its inputs and the project.
    compute: Callable[[FormItem, Any, ProjectState], Any] | None = None


class Record(BaseModel):
    """A structured value with named fields (an area, a building height…)."""

    model_config = ConfigDict(extra="forbid")


def fmt_number(number: float) -> str:
    """1150.0 -> '1,150'; 12.8 -> '12.8'."""
    if number == int(number):
        return f"{int(number):,}"
    return f"{number:,.2f}".rstrip("0").rstrip(".")


def option_label(options: list[Option], value: Any) -> str:
    """The label of the option ``value`` names (in any case), or ValueError."""
    if not isinstance(value, str):
        raise ValueError("expected one of the listed options")
    for option in options:
        if option.label.casefold() == value.strip().casefold():
            return option.label
    raise ValueError(f"{value!r} is not one of: {', '.join(o.label for o in options)}")


def enum_schema(options: list[Option]) -> dict[str, Any]:
    return {"type": "string", "enum": [o.label for o in options]}
