"""What every figure of the occupancy content (content/code/occupancy-2024.json) carries: its
``edition`` and ``to_verify`` marks; and a rule of the code's text, marked the same way."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

Edition = Literal["2012", "2024"]


class ContentModel(BaseModel):
    """A content model that refuses unknown keys and cannot be changed."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Marked(ContentModel):
    edition: Edition
    to_verify: bool

    @model_validator(mode="after")
    def _marks_agree(self) -> Marked:
        if self.to_verify == (self.edition == "2024"):
            raise ValueError("to_verify must be true exactly when the edition is not 2024")
        return self


class Rule(Marked):
    id: str
    key: str
    text: str
    value: float | None = None
    ratio: tuple[int, int] | None = None
