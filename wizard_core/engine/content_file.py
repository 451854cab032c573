"""Reading one of the engine's content files (content/code/*.json) into its pydantic model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from wizard_core.errors import ContentError

Model = TypeVar("Model", bound=BaseModel)


def read_model(path: Path, model: type[Model], what: str) -> Model:
    """The file at ``path`` as ``model``; ContentError naming the file (``what``) and the first fault."""
    name = f"The {what} content file {path.name}"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(f"{name} is missing.") from exc
    except (OSError, ValueError) as exc:
        raise ContentError(f"{name} cannot be read as JSON.") from exc
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the top level"
        raise ContentError(f"{name} is invalid at {where}: {first['msg']}.") from exc
