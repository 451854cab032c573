"""3.24 energy efficiency and 3.25 sound transmission: the OAA sheet's fields, read from the words.

3.24 asks for the compliance path, the climate zone and the heating degree-days below 18 °C; 3.25
whether there is more than one dwelling unit and the option implemented. Each field the consultant
leaves out stays empty and lowers the answer's confidence; what is said beside the fields is the
note, never dropped.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field

from wizard_core.answers import parsing as p
from wizard_core.answers.base import AnswerType, FormFacts, Reading, Record, fmt_number
from wizard_core.answers.replies import yes_no
from wizard_core.answers.shorthand import spelled_out
from wizard_core.answers.spoken import with_digits
from wizard_core.answers.text import fact
from wizard_core.content import FormItem
from wizard_core.models import ProjectState


class Energy(Record):
    compliance_path: str = Field(default="", max_length=200)
    climate_zone: str = Field(default="", max_length=10)
    degree_days: int | None = Field(default=None, ge=0, le=20000)
    note: str = ""


class Sound(Record):
    more_than_one_dwelling_unit: bool | None = None
    option: str = Field(default="", max_length=200)
    note: str = ""


# Compliance paths as the sheet names them (12.2.1.2, SB-10, SB-12), most specific first.
_PATHS = (
    (re.compile(r"\bashrae\s*90\.1(?:[\s-]*(\d{4}))?", re.I), "SB-10, ASHRAE 90.1"),
    (re.compile(r"\bnecb(?:[\s-]*(\d{4}))?", re.I), "SB-10, NECB"),
    (re.compile(r"\bsb[\s-]*10\b", re.I), "SB-10"),
    (re.compile(r"\bsb[\s-]*12\b", re.I), "SB-12"),
    (re.compile(r"\b13\s*%|\bthirteen per ?cent", re.I), "13 % better than the 2012 code (12.2.1.2)"),
    (re.compile(r"\b15\s*%|\bfifteen per ?cent", re.I), "15 % better than the 2012 code (12.2.1.2)"),
)
_METHOD = re.compile(r"\b(prescriptive|performance|energy model(?:ling|led)?|trade[\s-]*off)\b", re.I)
_DIVISION = re.compile(r"\bdiv(?:ision)?\.?\s*(\d)\b", re.I)
_ZONE_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight")
# "zone 6", "Zone 7A", "zone seven A" (dictated)
# ("CZ<TAB>6", "CZ 7A": a sheet's label for the climate zone)
# ('zone stays 7A', 'zone is still 6': the zone said to stand)
_ZONE = re.compile(
    rf"\b(?:(?:climate\s+)?zone|cz)\s*[:=]?\s*(?:(?:stays|remains|is|still|unchanged\s+at)\s+)*"
    rf"(\d|{'|'.join(_ZONE_WORDS)})\s?([ab])?\b",
    re.I,
)
_DEGREE_DAYS = re.compile(
    # (the figure and its unit on one line: not the zone's '6' over 'HDD<TAB>4,900')
    r"(?<![\d,.])(\d{1,3}(?:[, ]\d{3})+|\d+)[ \t]*(?:heating\s+)?(?:degree[\s-]*days?|hdd|dd)\b"
    # "zone 5, 3880": a four-figure number right after the zone, in the range of Ontario's degree-days
    r"|\bzone\s*\d\s?[ab]?\s*[,;]?\s*([2-9]\d{3}|[2-9],\d{3})(?![\d,.]|\s*(?:m|sq|sf|ft|%|heating|degree|hdd|dd))"
    # "HDD TBC - 4,600", "HDD: 4,060", "degree days = 3,900": the figure after the words
    r"|\b(?:hdd|degree[\s-]*days?)\s*(?:(?:tbc|tbd|approx\.?|about|of|is)\b)?\s*[:=~\u2013-]?\s*"
    r"([2-9],?\d{3}|1\d{4})(?!\d|[,.]\d|\s*(?:m|sq|sf|ft|%))",
    re.I,
)
# "nearest is Hanover at 4,300, so zone 6": a figure in the range of Ontario's degree-days before the zone
_BEFORE_ZONE = re.compile(
    r"(?<![\d,.])([2-9],?\d{3})(?!\d|[,.]\d|\s*(?:m|sq|sf|ft|%))"
    r"(?=\s*[,;]?\s*(?:so\s+|→\s*|=>\s*|⇒\s*)?(?:climate\s+)?zone\b)"
    r"|(?<![\d,.])([2-9],\d{3})(?=\.\s+(?:climate\s+)?zone\b)",  # '… so 4,980. zone 6 either way' (no year)
    re.I,
)
_SOUND_OPTION = re.compile(
    r"\b(a?stc\s*\d{2}|sb[\s-]*3(?:\s+(?:wall|floor)\s+types?)?|tested\s+designs?|option\s+[\w.()-]+)", re.I
)
# the higher rating of a separation from an elevator shaft or a refuse chute is not the option chosen
_SHAFT = re.compile(
    r"\b(?:elevators?|lifts?|hoistways?|shafts?|(?:refuse|garbage|trash|waste)\s+chutes?|chutes?)\b", re.I
)
_CLAUSE = re.compile(  # (a stop before a lowercase word ends an abbreviation, 'at elev. shaft', not a clause)
    r";\s+|\.\s+(?-i:(?![a-z]))|,\s+(?=a?stc\s*\d)|,\s+(?:and|while|but|with)\s+|\s+(?:and|while|but)\s+(?=the\s|at\s|for\s|around\s)",
    re.I,
)
_UNITS = re.compile(r"\b(\d+)\s+(?:dwelling\s+units?|units?|suites?|apartments?|condos?|flats?)\b", re.I)
_PLURAL_UNITS = re.compile(
    r"\b(?:hotel\s+)?(?:dwelling\s+units|suites|apartments|condos|condominiums|flats|townhouses)\b", re.I
)
_NO_UNITS = re.compile(
    r"\b(?:no|zero|without|not\s+any|there\s+are\s+no)\s+(?:\w+\s+)?"
    r"(?:dwelling\s+units|units|suites|apartments|condos|flats)\b",
    re.I,
)
_ONE_UNIT = re.compile(
    r"(?<!than\s)(?<!over\s)\b(?:one|a single|1)\s+(?:dwelling\s+unit|unit|suite)\b|\bsingle[\s-]*family\b",
    re.I,
)
# 'there is more than one dwelling unit' (and 'not more than one': the negation read before it)
_MORE_THAN_ONE = re.compile(  # ('> 1 DU': the reviewer's sign and capitals)
    r"(?P<no>\b(?:not|no|isn't|aren't)\s+)?(?:\b(?:more\s+than|over)\s+|>\s*)(?:one|1)\s+(?:dwelling\s+)?"
    r"(?:units?|suites?)\b",
    re.I,
)


def energy_describe(item: FormItem, value: Any) -> str:
    if isinstance(value, str):  # text kept from before the fields (validation makes it the note)
        return value
    parts = [
        f"Compliance path: {value.get('compliance_path') or '-'}",
        f"climate zone: {value.get('climate_zone') or '-'}",
        "degree days below 18 °C: "
        + ("-" if value.get("degree_days") is None else fmt_number(value["degree_days"])),
    ]
    return "; ".join(parts) + (f". {value['note']}" if value.get("note") else "")


def sound_describe(item: FormItem, value: Any) -> str:
    if isinstance(value, str):
        return value
    units = {True: "yes", False: "no", None: "-"}[value.get("more_than_one_dwelling_unit")]
    text = f"More than one dwelling unit: {units}; option implemented: {value.get('option') or '-'}"
    return text + (f". {value['note']}" if value.get("note") else "")


def _validate(model: type[Record]) -> Any:
    def validate(item: FormItem, value: Any) -> dict[str, Any]:
        if isinstance(value, str):  # free text (a model's, or a project from before): the note
            value = {"note": value.strip()}
        fields = model.model_validate(value).model_dump()
        if not any(v not in ("", None) for v in fields.values()):
            raise ValueError("give at least one field, or a note")
        return fields

    return validate


def compliance_path(text: str) -> str:
    """'SB-10, ASHRAE 90.1-2013, Division 3, performance' from the consultant's words ('' if none)."""
    for pattern, name in _PATHS:
        match = pattern.search(text)
        if match:
            edition = f"-{match[1]}" if match.groups() and match[1] else ""
            parts = [name + edition]
            division = _DIVISION.search(text)
            if division and name.startswith("SB-10"):
                parts.append(f"Division {division[1]}")
            method = _METHOD.search(text)
            if method:
                parts.append(method[1].lower())
            return ", ".join(parts)
    return ""


def read_energy(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    text = " ".join(texts)
    zone = [_zone_code(number, part) for number, part in _ZONE.findall(text)]
    found = _DEGREE_DAYS.findall(p.mask_articles(text))
    days = [int(re.sub(r"[,\s]", "", a or b or c)) for a, b, c in found]
    if not days and (before := [a or b for a, b in _BEFORE_ZONE.findall(p.mask_articles(text))]):
        days, found = [int(before[-1].replace(",", ""))], [("", before[-1], "")]  # to confirm, as below
    value = {
        "compliance_path": compliance_path(text),
        "climate_zone": zone[-1] if zone else "",
        "degree_days": days[-1] if days else None,
        "note": "",
    }
    missing = [name for name, key in _ENERGY_FIELDS if value[key] in ("", None)]
    if len(missing) == len(_ENERGY_FIELDS):
        return Reading(
            missing="the compliance path (SB-10 with ASHRAE 90.1 or NECB, SB-12, or 13 % better), "
            "the climate zone and the heating degree-days below 18 °C"
        )
    value["note"] = fact(item, texts[-1])  # the words as given stay beside the fields read from them
    kept = _kept_from_before(value, state, item, _ENERGY_FIELDS)
    missing = [name for name in missing if name not in kept]
    notes = [f"not given yet: {', '.join(missing)}"] if missing else []
    notes += [f"{', '.join(kept)} kept from the earlier answer"] if kept else []
    confidence = 0.6 if missing else 0.9 if not kept or _STANDS.search(text) else 0.75
    if found and not found[-1][0]:  # "zone 5, 3880": a figure without its unit, taken as the degree-days
        confidence = min(confidence, 0.75)
        notes.append(f"{value['degree_days']} taken as the heating degree-days: confirm")
    return Reading(value, True, confidence=confidence, notes=notes)


# words saying the rest of an answer stands ('zone stays 7A', 'same SB-10 path', 'unchanged')
_STANDS = re.compile(r"\b(?:stays?|same|unchanged|still|remains?|as\s+before|no\s+change)\b", re.I)


def _kept_from_before(
    value: dict[str, Any], state: ProjectState, item: FormItem, fields: tuple[tuple[str, str], ...]
) -> list[str]:
    """A revision giving part of an answer: each field it leaves empty kept from the recorded answer (in
    ``value``); the names of the fields kept."""
    before = state.answer_for(item.number)
    recorded = before.value if before is not None and isinstance(before.value, dict) else {}
    kept = []
    for name, key in fields:
        if value.get(key) in ("", None) and recorded.get(key) not in ("", None):
            value[key] = recorded[key]
            kept.append(name)
    return kept


def _zone_code(number: str, part: str) -> str:
    """ "6" or "six", "7" and "a": the zone as SB-1 writes it ("6", "7A")."""
    digit = str(_ZONE_WORDS.index(number.lower()) + 1) if number.lower() in _ZONE_WORDS else number
    return f"{digit}{part.upper()}"


_SOUND_FIELDS = (("whether there is more than one dwelling unit", "more_than_one_dwelling_unit"),)
_ENERGY_FIELDS = (
    ("the compliance path", "compliance_path"),
    ("the climate zone", "climate_zone"),
    ("the degree days", "degree_days"),
)


_CHOSEN = re.compile(
    r"\b(?:going\s+with|go\s+with|using|we\s+use|we'?re\s+doing|implemented|chosen|adopted|designed\s+to)\b",
    re.I,
)


# the words after an option that say it is the one chosen ('astc 47 is the option', 'STC 50 it is')
_CHOSEN_AFTER = re.compile(
    r"^\s*(?:is\s+(?:the\s+(?:option|route|path|one)|what\s+we(?:'re|\s+are)?\s+(?:using|doing|going\s+with))"
    r"|it\s+is\b|it'll\s+be\b|route\b|path\b)",
    re.I,
)


def _chosen(text: str, option: str) -> bool:
    """Whether ``option`` is the one the words around it say is chosen ('Going with ASTC 47', 'astc 47 is
    the option')."""
    lowered = text.lower()
    at = lowered.rfind(option.lower())
    return at >= 0 and (
        _CHOSEN.search(text[max(0, at - 25) : at]) is not None
        or _CHOSEN_AFTER.match(text[at + len(option) :]) is not None
    )


_SET_ASIDE_BEFORE = re.compile(
    # ('not by the STC 50 way', 'not following STC 50', 'not with STC 50': the way not taken)
    r"\b(?:rather\s+than|instead\s+of|in\s+place\s+of|not(?:\s+(?:by|with|via|following|using|per))?|versus|vs\.?|~~)"
    r"\s*(?:the\s+|an?\s+)?$",
    re.I,
)


def _set_aside(text: str, option: str) -> bool:
    """Whether every mention of ``option`` is set aside by the words before it ('rather than ASTC 47')."""
    at = [m.start() for m in re.finditer(re.escape(option), text, re.I)]
    return bool(at) and all(_SET_ASIDE_BEFORE.search(text[max(0, a - 25) : a]) for a in at)


def read_sound(item: FormItem, texts: list[str], state: ProjectState, forms: FormFacts) -> Reading:
    latest = texts[-1]
    # 'DU' for dwelling units; 'ASTC ≥ 47' as the rating it names
    text = re.sub(r"\b(a?stc)\s*[≥>]=?\s*(?=\d)", r"\1 ", spelled_out(" ".join(texts)), flags=re.I)
    units = [int(n) for n in _UNITS.findall(text)]
    answer, certainty = yes_no(latest)
    several: bool | None = None
    more = _MORE_THAN_ONE.search(text)
    if more:
        several = not more["no"]
    elif units:
        several = max(units) > 1
    elif _ONE_UNIT.search(text) or _NO_UNITS.search(text):  # 'one suite', 'no dwelling units'
        several = False
    elif _PLURAL_UNITS.search(text):  # 'hotel suites', 'the apartments': more than one
        several = True
    elif answer is not None and certainty >= 0.8:
        several = answer
    rated = with_digits(text, 40)[0]  # 'STC fifty': a rating said in words
    clauses = [c for c in _CLAUSE.split(rated) if not _SHAFT.search(c)]  # a shaft's rating is no option
    found = [
        re.sub(r"^(a?stc)", lambda m: m[1].upper(), o, flags=re.I)
        for clause in clauses
        for o in _SOUND_OPTION.findall(clause)
    ]
    if any(re.match(r"a?stc", o, re.I) for o in found):  # 'option two, STC 50': the rating names it
        found = [o for o in found if not o.lower().startswith("option")]
    kept = [o for o in found if not _set_aside(rated, o)]  # '…, rather than ASTC 47': not the option
    found = kept if len(set(found)) > 1 and kept else found
    if len(set(found)) > 1:  # 'going with ASTC 47 — the code would've let me stop at STC 50': the one chosen
        chosen = [o for o in dict.fromkeys(found) if _chosen(rated, o)]
        found = chosen if len(chosen) == 1 else found
    option = ", ".join(dict.fromkeys(found))
    none = not units and _NO_UNITS.search(text) is not None and _ONE_UNIT.search(text) is None
    if several is False and not option and none:
        # 'no dwelling units, so not applicable': 5.9.1 protects dwelling units; without any it does not apply
        note = "no dwelling units, so sound transmission does not apply"
        return Reading(None, True, confidence=0.9, notes=[note])
    if several is None and not option:
        return Reading(
            missing="whether there is more than one dwelling unit (or hotel suite), and the option used"
        )
    value: dict[str, Any] = {"more_than_one_dwelling_unit": several, "option": option}
    value["note"] = fact(item, latest)
    kept = _kept_from_before(value, state, item, _SOUND_FIELDS) if option else []  # 'switch it to ASTC 47'
    several = value["more_than_one_dwelling_unit"]
    complete = several is not None and (bool(option) or several is False)
    # 'STC 50, or ASTC 47 if the flanking works': the one used, asked ('STC 50 separating assemblies from
    # SB-3' is the rating, and the standard its assemblies come from)
    ratings = {o for o in found if re.match(r"a?stc", o, re.I)}
    if complete and len(set(found)) > 1 and len(ratings) != 1:
        note = f"both {' and '.join(dict.fromkeys(found))} were named: confirm the one used"
        return Reading(value, True, confidence=0.6, notes=[note])
    notes = [f"{', '.join(kept)} kept from the earlier answer"] if kept else []
    return Reading(value, True, confidence=0.9 if complete else 0.6, notes=notes)


ENERGY = AnswerType(
    "energy",
    "compliance_path, climate_zone, degree_days (below 18 °C), note",
    lambda item: Energy.model_json_schema(),
    _validate(Energy),
    energy_describe,
    read_energy,
)
SOUND = AnswerType(
    "sound",
    "more_than_one_dwelling_unit, option (the one implemented), note",
    lambda item: Sound.model_json_schema(),
    _validate(Sound),
    sound_describe,
    read_sound,
)
ANSWER_TYPES = (ENERGY, SOUND)
