"""Schemas and loaders for the files in ``content/``: the matrix and the code notes.

The matrix is JSON (``content/forms/*.json``). Code notes are Markdown
(``content/knowledge/*.md``) so a domain expert can read and edit them; each entry is a
``## <id> | <title>`` heading, an optional ``Keywords:`` line and paragraphs of text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from wizard_core.errors import ContentError

CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"

AnswerType = Literal[
    "code_version",
    "yes_no",
    "choice",
    "multi_choice",
    "area",
    "building_height",
    "integer",
    "articles",
    "occupant_load",
    "assemblies",
    "spatial",
    "fixtures",
    "energy",
    "sound",
    "entrances_hazards",
    "construction",
    "text",
]
CHOICE_TYPES = {"choice", "multi_choice"}
# Construction materials an option can name (their words are in content/vocabulary.json).
Material = Literal["combustible", "noncombustible", "encapsulated_mass_timber"]
# Facts about the project that some answers read from another item (FormDefinition.fact_items).
Fact = Literal["project_type", "major_occupancies", "construction"]
# An article, a sentence, a supplementary standard or a regulation; a note on one term defined in
# Division A 1.4.1.2 names the term after it ("A-1.4.1.2 (storey)").
REFERENCE_ID = re.compile(
    r"^(?:[AC]-)?\d+(?:\.\d+)*[A-Z]?(?:\.\(\d+\))?$|^SB-\d+$|^O\. Reg\. \d+/\d+$"
    r"|^A-1\.4\.1\.2 \([a-z][a-z -]*\)$"
)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Option(Strict):
    """One choice of a choice item; ``label`` is what the answer's value holds.

    The rest is what the offline reader may conclude from it: ``none`` marks the option a
    plain "no" picks; ``area_split`` (on project types) says that the areas are all new or
    all existing; ``materials`` are the construction materials the option names (a clause
    naming several picks the option naming most of them, the later-listed one on a tie);
    ``implies`` sets another field of the same answer when that field is not given.
    """

    label: str = Field(min_length=1)
    description: str = ""
    synonyms: list[str] = Field(default_factory=list)
    none: bool = False
    area_split: Literal["new", "existing"] | None = None
    materials: list[Material] = Field(default_factory=list)
    implies: dict[str, str] = Field(default_factory=dict)


class Edition(Strict):
    key: str = Field(pattern=r"^\d{4}$")
    label: str
    regulation: str
    last_amendment: str
    in_force: str


class FormItem(Strict):
    """One item of the data matrix (e.g. 3.04 Building area)."""

    number: str = Field(pattern=r"^\d+\.\d\d$")
    title: str = Field(min_length=1)
    question: str = Field(min_length=1)
    guidance: str = Field(min_length=1)
    answer_type: AnswerType
    options: list[Option] = Field(default_factory=list)
    field_options: dict[str, list[Option]] = Field(default_factory=dict)
    unit: str | None = None
    minimum: float | None = None
    maximum: float | None = None
    allows_not_applicable: bool = False
    references: list[str] = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)
    depends_on: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _options_fit_type(self) -> FormItem:
        if self.answer_type in CHOICE_TYPES and len(self.options) < 2:
            raise ValueError(f"{self.number}: a {self.answer_type} item needs at least two options")
        if self.answer_type not in CHOICE_TYPES and self.options:
            raise ValueError(f"{self.number}: options are only for choice items")
        if self.answer_type == "construction" and set(self.field_options) != {"restriction", "actual"}:
            raise ValueError(f"{self.number}: construction needs 'restriction' and 'actual' options")
        labels = [o.label.casefold() for o in self.options]
        if len(set(labels)) != len(labels):
            raise ValueError(f"{self.number}: option labels must be unique")
        if sum(o.none for o in self.options) > 1:
            raise ValueError(f"{self.number}: only one option can be the 'none' option")
        for field, options in self.field_options.items():
            for option in options:
                self._check_field_option(field, option)
        bad = [r for r in self.references if not REFERENCE_ID.match(r)]
        if bad:
            raise ValueError(f"{self.number}: malformed references {bad}")
        return self

    def _check_field_option(self, field: str, option: Option) -> None:
        where = f"{self.number} {field} {option.label!r}"
        if self.answer_type == "construction" and not option.materials:
            raise ValueError(f"{where}: a construction option names its materials")
        for other, label in option.implies.items():
            choices = [o.label for o in self.field_options.get(other, [])] if other != field else []
            if label not in choices:
                raise ValueError(f"{where}: implies {other} {label!r}, which is not one of its options")

    def option(self, label: str) -> Option | None:
        return next((o for o in self.options if o.label.casefold() == label.casefold()), None)


FACT_TYPES: dict[Fact, AnswerType] = {
    "project_type": "choice",
    "major_occupancies": "multi_choice",
    "construction": "construction",
}


class FormDefinition(Strict):
    """A whole matrix: its items in order, and the code editions it can be filled for."""

    form_id: str = Field(pattern=r"^[a-z0-9-]+$")
    title: str
    editions: list[Edition] = Field(min_length=1)
    # Major occupancy -> the (first, last) ranges of classification articles open to it (3.10
    # checks); a group may have several, e.g. A2 has 3.2.2.23 to .28 and the mass timber 3.2.2.93.
    classification_articles: dict[str, list[tuple[str, str]]] = Field(default_factory=dict)
    # Which item holds each project fact that other answers read (e.g. project_type -> 3.01).
    fact_items: dict[Fact, str] = Field(default_factory=dict)
    items: list[FormItem] = Field(min_length=2)

    @model_validator(mode="after")
    def _items_unique_and_ordered(self) -> FormDefinition:
        numbers = [i.number for i in self.items]
        if len(set(numbers)) != len(numbers):
            raise ValueError("item numbers must be unique")
        keys = [tuple(int(p) for p in n.split(".")) for n in numbers]
        if keys != sorted(keys):
            raise ValueError("items must be listed in matrix order")
        known = set(numbers)
        for item in self.items:
            missing = [d for d in item.depends_on if d not in known]
            if missing:
                raise ValueError(f"{item.number}: depends on unknown items {missing}")
        if self.items[0].answer_type != "code_version":
            raise ValueError("the first item must be the code version")
        kinds = {i.number: i.answer_type for i in self.items}
        for fact, number in self.fact_items.items():
            wanted = FACT_TYPES[fact]
            if kinds.get(number) != wanted:
                raise ValueError(f"fact_items: {fact} must name a {wanted} item, not {number!r}")
        split = [i.number for i in self.items for o in i.options if o.area_split]
        if any(number != self.fact_items.get("project_type") for number in split):
            raise ValueError(f"{split[0]}: area_split belongs on the project_type item's options")
        for group, ranges in self.classification_articles.items():
            _check_article_ranges(group, ranges)
        return self


def article_key(article: str) -> tuple[int, str] | None:
    """'3.2.2.55E' -> (55, 'E'), for ordering classification articles; None for anything else."""
    match = re.fullmatch(r"3\.2\.2\.(\d+)([A-Z]?)", article)
    return (int(match[1]), match[2]) if match else None


def _check_article_ranges(group: str, ranges: list[tuple[str, str]]) -> None:
    where = f"classification_articles.{group}"
    if not ranges:
        raise ValueError(f"{where}: give at least one range of articles")
    for first, last in ranges:
        low, high = article_key(first), article_key(last)
        if low is None or high is None:
            raise ValueError(f"{where}: {first} to {last} is not a range of 3.2.2 articles")
        if low > high:
            raise ValueError(f"{where}: {first} comes after {last}")


class KnowledgeEntry(Strict):
    """A paraphrased note on one code article or subsection, tagged with its edition."""

    id: str
    title: str
    edition: str
    text: str = Field(min_length=20)
    keywords: list[str] = Field(default_factory=list)
    source: str
    start_line: int = Field(ge=1)
    end_line: int = Field(ge=1)

    @model_validator(mode="after")
    def _id_is_a_reference(self) -> KnowledgeEntry:
        if not REFERENCE_ID.match(self.id):
            raise ValueError(f"malformed knowledge id {self.id!r}")
        return self


def load_form(path: Path) -> FormDefinition:
    """Read and validate one matrix file."""
    try:
        return FormDefinition.model_validate_json(path.read_bytes())
    except OSError as exc:
        raise ContentError(f"Cannot read the form file {path.name}: {exc.strerror}.") from exc
    except ValidationError as exc:
        raise ContentError(f"The form file {path.name} is invalid: {first_error(exc)}") from exc


_HEADING = re.compile(r"^## +(?P<id>\S(?:[^|]*\S)?) *\| *(?P<title>.+?) *$")
_META = re.compile(r"^(?P<key>Edition|Keywords): *(?P<value>.*)$", re.IGNORECASE)


def load_knowledge(path: Path) -> list[KnowledgeEntry]:
    """Parse a Markdown notes file into validated entries (1-based line spans)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(f"Cannot read the knowledge file {path.name}.") from exc
    file_edition = ""
    entries: list[dict] = []
    for number, line in enumerate(lines, start=1):
        heading = _HEADING.match(line)
        meta = _META.match(line)
        if heading:
            entries.append(
                {
                    "id": heading["id"],
                    "title": heading["title"],
                    "edition": file_edition,
                    "keywords": [],
                    "text": [],
                    "source": path.name,
                    "start_line": number,
                    "end_line": number,
                }
            )
        elif meta and meta["key"].lower() == "edition":
            if entries:
                entries[-1]["edition"] = meta["value"].strip()
            else:
                file_edition = meta["value"].strip()
        elif meta and entries:
            entries[-1]["keywords"] = [k.strip() for k in meta["value"].split(",") if k.strip()]
        elif entries and line.strip():
            entries[-1]["text"].append(line.strip())
            entries[-1]["end_line"] = number
    if not entries:
        raise ContentError(f"The knowledge file {path.name} has no '## id | title' entries.")
    result = []
    for raw in entries:
        raw["text"] = " ".join(raw["text"])
        try:
            result.append(KnowledgeEntry.model_validate(raw))
        except ValidationError as exc:
            raise ContentError(
                f"{path.name} line {raw['start_line']} ({raw['id']}): {first_error(exc)}"
            ) from exc
    return result


def first_error(exc: ValidationError) -> str:
    """The first problem pydantic found, as 'where: what'."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else err["msg"]


def load_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ContentError(f"Cannot read {path.name} as JSON.") from exc
