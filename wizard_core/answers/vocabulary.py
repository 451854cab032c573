"""The readers' words (content/vocabulary.json): its schema, loader, and phrase patterns."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from wizard_core.content import CONTENT_DIR, Material, first_error
from wizard_core.errors import ContentError

VOCABULARY_FILE = CONTENT_DIR / "vocabulary.json"

Phrase = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
Phrases = Annotated[list[Phrase], Field(min_length=1)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Numbers(_Section):
    words: dict[Phrase, int] = Field(min_length=1)  # spelled numbers: "two" -> 2
    counts: dict[Phrase, int]  # other words that count: "a" -> 1, "no" -> 0
    counts_before_nouns: Phrases  # besides number words, what counts a noun ("an entrance")


class Units(_Section):
    square_metres: Phrases
    square_feet: Phrases
    metres: Phrases
    feet: Phrases
    feet_for_areas: Phrases  # said after figures without a unit, these mean square feet


class Figures(_Section):
    """What tells a figure apart from the quantity an item asks for."""

    percent: Phrases  # "62 %": a share of something, never an area, a count or a length
    durations: Phrases  # "1 h", "45 min": ratings and times
    periods: Phrases  # "2 wks", "3 months": the schedule, never a measure
    counted_nouns: Phrases  # a bare figure right before one of these counts that, not the item's quantity
    standards: Phrases  # a figure right after one of these numbers a standard or a clause ("NFPA 13")
    results: Phrases  # a figure after one of these is the result of the sum before it ("= 4,800")
    # "under the 1,800 m2 …", "inside the 18,000 m2 …": a figure compared against, not the building's
    compared_before: Phrases
    # "1,800 m2 cap", "600 m2 of Div A 1.3.3.2": a figure of the code, quoted beside the building's
    limit_after: Phrases


class Approximate(_Section):
    words: Phrases
    suffixes: Phrases  # written right after a number: "2000ish", "2000-ish"


class Replies(_Section):
    yes: Phrases  # a reply starting with one of these is a yes
    no: Phrases
    negation: Phrases
    affirming: Phrases  # a statement with one of these and no negation reads as a yes
    confirm: Phrases
    question_starts: Phrases
    not_applicable_starts: Phrases
    not_applicable: Phrases
    negating_an_option: Phrases  # "not sprinklered": the option is not meant
    replacing_an_option: Phrases  # "SC1 instead of SC2": of one choice, the option replaced is not meant
    accept: Phrases  # "that's right": a yes to what the wizard offered
    filler_starts: Phrases  # chat before the fact in a text answer ("actually it does apply:")


class OneSide(_Section):
    phrases: Phrases
    none_of: Phrases  # "existing: none"


class Areas(_Section):
    roles: dict[str, Phrases]
    role_negations: Phrases
    all_new: OneSide
    all_existing: OneSide
    none_words: Phrases
    same_floors: Phrases  # "same footprint on both floors": gross area = storeys x building area
    floors: Phrases  # the nouns a storey count in a same-floors phrase is of
    gross_words: Phrases  # a figure named so is the gross area ("8,250 m2 gross", "GFA 14,950 sf")
    per_storey: Phrases  # after a figure, it is one storey's ("1,650 m2 each")
    per_storey_before_floor: Phrases  # so with a storey noun after ("per floor", "on each storey")
    per_storey_floor_first: Phrases  # so before a storey noun before a figure ("each floor is 1,850 m2")
    left_out_before: Phrases  # the figure after is left out of the area ("excluding the 300 m2 mezzanine")
    left_out_after: Phrases  # the figure just before is left out ("1,200 m2 not counted")
    left_out_it: Phrases  # the figure before, in the same sentence, is left out ("so I've left it out")
    same_as_base: Phrases  # "same again", "GFA same": the gross area is the building area (one storey)
    base_referents: Phrases  # "as per the footprint", "as above": the building area answered before

    @model_validator(mode="after")
    def _three_roles(self) -> Areas:
        if set(self.roles) != {"existing", "new", "total"}:
            raise ValueError("roles must be exactly 'existing', 'new' and 'total'")
        return self


class Storeys(_Section):
    storey_words: Phrases
    basement_words: Phrases
    below_grade_words: Phrases
    above_counts: Phrases
    below_counts: Phrases
    basement_joiners: Phrases
    basement_counts: Phrases
    basement_kinds: Phrases
    no_basement_words: Phrases
    no_basement_phrases: Phrases
    one_storey_words: Phrases
    below_grade_kinds: Phrases  # "one level of underground parking": a storey below grade by its use
    height_words: Phrases  # of several lengths in a message, the one these go with is the height


class Occupants(_Section):
    person_words: Phrases
    total_words: Phrases
    total_row_labels: Phrases
    whole_building_labels: Phrases
    rate_units: Phrases
    rate_words: Phrases
    bases: dict[str, Phrases]  # the basis recorded -> the words that name it


class Occupancies(_Section):
    """How a consultant says that a room belongs to the main use (3.1.2) or is separate."""

    serving: Phrases  # "the offices serve the school"
    separate: Phrases  # "a separate tenant"
    denying: Phrases  # before a separate-word: "they aren't separate occupancies" says they serve
    set_aside_before: Phrases  # "rather than F3", "there was going to be a daycare": not a group
    set_aside_after: Phrases  # "the medium-hazard threshold", "the daycare was dropped": not a group
    former_before: Phrases  # "the old F2 plant", in a message about a conversion: the former use
    conversion: Phrases  # "converting", "the new use": the message speaks of a change of use
    doubt: Phrases  # exclusion or comparison: unresolved, several groups are offered, not recorded
    pointing_back: Phrases  # "they serve the school" in a sentence naming no use: of the sentence before
    dropped: Phrases  # "..., but the client dropped it": the use in the clause before is not a group
    rooms: Phrases  # rooms that usually serve the main use: asked about once when the message is silent


class Choices(_Section):
    including: Phrases  # "throughout, including the basement": the option after it is part of the one before


class Entrances(_Section):
    entrance_words: Phrases
    hazard_words: Phrases


class Construction(_Section):
    materials: dict[Material, Phrases]
    heavy_timber: Phrases
    restriction_words: Phrases
    also_used_words: Phrases  # "combustible permitted and used"
    clause_breaks: Phrases
    part_breaks: Phrases  # "masonry walls with a wood roof": parts of one construction, read together
    cladding_words: Phrases  # "wood cladding": a finish, not the structure's material
    most_permissive_first: list[Material]  # "combustible or noncombustible permitted" is the first named

    @model_validator(mode="after")
    def _every_material(self) -> Construction:
        missing = set(get_args(Material)) - set(self.materials)
        if missing:
            raise ValueError(f"materials has no words for {sorted(missing)}")
        if set(self.most_permissive_first) != set(get_args(Material)):
            raise ValueError("most_permissive_first must list every material once")
        return self


class Advisor(_Section):
    refers_back: Phrases
    same_as: Phrases


class Notes(_Section):
    """Free-text notes (3.26, 3.27): what makes one a to-do, and the chat around a note."""

    to_do: Phrases  # a note that opens with one of these is a reminder, not yet the note ("will follow up")
    lead_ins: Phrases  # chat before a note, set off by a colon or dash ("ok so for notes: …")
    sign_offs: Phrases  # chat after it, as its own last sentence ("… thanks!")


class KeyNames(_Section):
    """A checklist tool's keys ('storeys_ag', 'ebf_m2'): its abbreviations spelled out, and the units its
    last word names."""

    words: dict[Phrase, Phrase] = Field(min_length=1)  # 'ag' -> 'above grade'
    units: dict[Phrase, Phrase] = Field(min_length=1)  # 'm2' -> 'm²' at a key's end


class Vocabulary(_Section):
    """Every word list the readers use; a phrase matches as whole words, in any case."""

    about: str = ""
    numbers: Numbers
    units: Units
    figures: Figures
    approximate: Approximate
    replies: Replies
    areas: Areas
    storeys: Storeys
    occupants: Occupants
    occupancies: Occupancies
    choices: Choices
    entrances: Entrances
    construction: Construction
    advisor: Advisor
    keys: KeyNames
    notes: Notes

    @model_validator(mode="after")
    def _counts_are_numbers(self) -> Vocabulary:
        known = set(self.numbers.words) | set(self.numbers.counts)
        counted = self.numbers.counts_before_nouns + self.storeys.below_counts + self.storeys.above_counts
        unknown = [w for w in counted + self.storeys.basement_counts if w not in known and not w.isdigit()]
        if unknown:
            raise ValueError(f"count words without a number in numbers: {unknown}")
        return self

    def number(self, word: str) -> int | None:
        """The number a word stands for ('two' -> 2, 'an' -> 1, '3' -> 3)."""
        word = word.lower()
        if word.isdigit():
            return int(word)
        return self.numbers.words.get(word, self.numbers.counts.get(word))


def load_vocabulary(path: Path = VOCABULARY_FILE) -> Vocabulary:
    """Read and validate a vocabulary file."""
    try:
        return Vocabulary.model_validate_json(path.read_bytes())
    except OSError as exc:
        raise ContentError(f"Cannot read the vocabulary file {path.name}: {exc.strerror}.") from exc
    except ValidationError as exc:
        raise ContentError(f"The vocabulary file {path.name} is invalid: {first_error(exc)}") from exc


@cache
def vocabulary() -> Vocabulary:
    """The shipped vocabulary, read once."""
    return load_vocabulary()


def alternation(phrases: Iterable[str], *, bound_start: bool = True) -> str:
    """A regex group matching any of ``phrases`` as whole words, longest first.

    Spaces inside a phrase match any run of spaces or hyphens; ``bound_start=False`` lets
    the first phrase follow a digit directly ('450m2').
    """
    parts = []
    for phrase in sorted(set(phrases), key=lambda p: (-len(p), p)):
        body = "[\\s-]+".join(re.escape(word) for word in phrase.split())
        if bound_start and _WORD.match(phrase[0]):
            body = r"\b" + body
        if _WORD.match(phrase[-1]):
            body += r"\b"
        parts.append(body)
    return "(?:" + "|".join(parts) + ")"


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """``phrases`` anywhere in a text, as whole words, in any case."""
    return re.compile(alternation(phrases), re.IGNORECASE)


_WORD = re.compile(r"\w")
