"""Of the lengths a 3.07 message gives, the building's height: never a floor's level, a part of the
building or the site, what stands on the roof, or a code limit; the consultant's own pick or the figure
named the height first; feet given with the consultant's own metres read as the metres."""

from __future__ import annotations

import re
from dataclasses import replace

from wizard_core.answers import parsing as p
from wizard_core.answers.height_words import height_words

# A length said of a part of the building or the site, not of the building's height: "the overhead
# doors are 4.3 m high", "the pit is 1.4 m deep", "6 m lane", "clear height under the joists 10.4 m".
ELEMENT = re.compile(
    r"\b(?:doors?|windows?|openings?|ceilings?|pits?|deep|depth|wide|width|lanes?|setbacks?|distance|signs?|"
    r"canop(?:y|ies)|guards?|railings?|parapets? cap|clear\s+height|under\s+the\s+joists?|racks?|racking|"
    r"crawl\s*spaces?|exposing\s+building\s+faces?|ebf)\b",
    re.I,
)
# A length said of what stands on or inside the building and is not measured for its height: a
# rooftop enclosure or penthouse, a crane rail, the underside of a deck, a floor's level ("the L4
# floor is at 12.9 m", "the press box floor at 7.6 m"), a code limit ("needs > 18 m").
NOT_THE_BUILDING = re.compile(
    r"\b(?:pent\s?houses?|rooftop\s+(?:enclosures?|units?|structures?)|not\s+a\s+storey|crane\s+rails?|"
    r"spires?|steeples?|flag\s?poles?|chimneys?|antennas?|masts?|"
    r"underside|soffit|u/s|floor\s+(?:is\s+)?(?:at|@)|needs?\s*[<>≥≤]"
    r"|(?:over|under|more than|less than)\s+\d"
    # a measure between floors ('first floor to top floor: 12.2 m', 'floor-to-floor 3.1 m'), no height
    r"|\bto\s+(?:the\s+)?(?:top|uppermost|highest)\s+(?:floor|flr|storey|level)\b|\bfloor[\s-]+to[\s-]+floor\b)",
    re.I,
)
# The figure the message itself names as the building's height: "building height 16.2 m",
# "height for the matrix is 15.8 m", "height: 9.6 m" (the other lengths beside it are levels).
NAMED = re.compile(
    # ('height to top of roof: 6.9 m', a sheet's key)
    r"\bheight\b(?:\s+(?:for|of|in|to)\s+(?:the\s+)?(?:\w+\s+){0,3}?\w+)?\s*(?:is|of|=|:)?\s*"
    r"(?:about\s+|approx\.?\s+|~\s*)?$",
    re.I,
)


def _metric_twins_kept(lengths: list[p.Quantity]) -> list[p.Quantity]:
    """Feet said with the consultant's own metres right after ("32 ft above grade, 9.8 m"): one length,
    where the feet were said, of the consultant's metres."""
    kept: list[p.Quantity] = []
    skip = -1
    for k, q in enumerate(lengths):
        if k == skip:
            continue
        nxt = lengths[k + 1] if k + 1 < len(lengths) else None
        if nxt is not None and q.unit == "ft" and nxt.unit == "m" and _twins(q.value, nxt.value):
            kept.append(replace(q, value=nxt.value, unit="m", approximate=q.approximate and nxt.approximate))
            skip = k + 1
            continue
        kept.append(q)
    return kept


def _twins(feet: float, metres: float) -> bool:
    return abs(feet * p.FT_TO_M - metres) <= 0.02 * metres


def lengths(text: str) -> list[p.Quantity]:
    """The lengths in ``text``; of several, those said with a height word ('12.8 m to the roof'),
    never a floor's level ('top floor at 12.4 m', '2nd flr @ 14 ft') beside another length."""
    return _sorted_lengths(text)[0]


def set_aside(text: str) -> list[p.Quantity]:
    """The lengths in ``text`` set aside beside the building's height as a floor's level, a part's
    length or something not the building's ('EBF height 6.0 m' beside '6.9 m to the roof')."""
    return _sorted_lengths(text)[1]


def _sorted_lengths(text: str) -> tuple[list[p.Quantity], list[p.Quantity]]:
    """The lengths taken for the height (see ``lengths``) and those set aside."""
    text = p.mask_articles(p.normalize(text))  # where quantities() found them
    words = height_words()
    found = _metric_twins_kept([q for q in p.quantities(text) if q.unit in ("m", "ft")])
    clauses = [(m.start(), m.end()) for m in re.finditer(r"[^,;.|\n]+(?:\.\d+[^,;.|\n]*)*", text)]
    if len(found) == 1:  # the one length, unless said of a part ('the bsmt is a 1.5 m crawl space')
        its_clause = next((text[a:b].lower() for a, b in clauses if a <= found[0].start < b), "")
        part = ELEMENT.search(its_clause) or NOT_THE_BUILDING.search(its_clause)
        return ([], found) if part and not words.building_height.search(its_clause) else (found, [])
    if not found:
        return [], []

    brackets = [(m.start(), m.end()) for m in re.finditer(r"\([^()]*\)", text)]

    def clause(q: p.Quantity) -> str:
        """A length's clause: its brackets' words when it is in brackets ("(bay doors 18 ft high)")."""
        spans = [b for b in brackets if b[0] <= q.start < b[1]] or clauses
        return next((text[start:end].lower() for start, end in spans if start <= q.start < end), "")

    levels = [q for q in found if _not_a_height(q, text, clause(q))]
    found = [q for q in found if q not in levels] or found
    levels = [q for q in levels if q not in found]
    concluded = [q for q in found if CONCLUDED.search(text[max(0, q.start - 25) : q.start])]
    if concluded:  # "… and 9.9 m; I use the higher one, so 10.4 m": the consultant's own pick
        return concluded[-1:], levels
    named = [q for q in found if NAMED.search(text[max(0, q.start - 40) : q.start])]
    if len({q.value for q in named}) == 1:  # "building height 16.2 m … the crane rail at 11.5 m"
        return named[-1:], levels
    said = [q for q in found if words.height.search(clause(q))]
    return said or found, levels


def _not_a_height(q: p.Quantity, text: str, clause: str) -> bool:
    """A floor's level, a part's length or something not the building's ('top floor at 12.4 m', 'EBF
    height 6.0 m', 'the crane rail at 11.5 m')."""
    words = height_words()
    return bool(
        words.level_before.search(text[max(0, q.start - 40) : q.start])
        or (ELEMENT.search(clause) and not words.building_height.search(clause))
        or NOT_THE_BUILDING.search(clause)
    )


# Words before the figure a consultant settles on among several: "so 10.4 m", "I'll use 9.9 m", "→ 16.8 m".
CONCLUDED = re.compile(
    r"(?:\bso|\btherefore|\bhence|\buse|\busing|\bgo with|\bwhich gives|\bwhich makes it|=|→|->|=>)"
    r"\s*(?:about\s+)?$",
    re.I,
)
