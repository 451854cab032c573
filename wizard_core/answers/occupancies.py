"""Major occupancies (3.02): a room that serves the main use belongs to it (3.1.2).

A room named in a sentence that says it serves, supports or is part of another use ("the admin
offices serve the school") is part of that major occupancy, not one of its own. A room that
usually serves the main use ("a gift shop", "the bleachers"), named without saying either way,
is asked about once. Occupancies named by their code ("D", "Group E") are always kept, and so is
anything said to be separate ("a separate tenant").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from wizard_core.answers import parsing as p
from wizard_core.answers.vocabulary import phrase_pattern, vocabulary

SENTENCE = re.compile(r"[^.;!?\n]+")


@dataclass
class Sorted:
    """The occupancies a message names, sorted into kept, serving the main use, and unclear."""

    labels: list[str] = field(default_factory=list)
    served: dict[str, str] = field(default_factory=dict)  # label -> the room words that serve the main use
    unclear: dict[str, str] = field(default_factory=dict)  # label -> the room words to ask about


@dataclass(frozen=True)
class _Words:
    serving: re.Pattern[str]
    separate: re.Pattern[str]
    rooms: re.Pattern[str]


@cache
def _words() -> _Words:
    o = vocabulary().occupancies
    return _Words(phrase_pattern(o.serving), phrase_pattern(o.separate), phrase_pattern(o.rooms))


def sort_out(text: str, matches: list[p.OptionMatch], codes: list[str]) -> Sorted:
    """Which of the options ``matches`` finds in ``text`` are major occupancies of their own."""
    words = _words()
    lowered = p.normalize(text).lower()
    rooms = list(words.rooms.finditer(lowered))
    roles: dict[str, list[tuple[str, str]]] = {}  # label -> (role, room words) for each mention
    for match in matches:
        sentence = next(s for s in SENTENCE.finditer(lowered + ".") if s.start() <= match.start <= s.end())
        said = sentence.group()
        room = next((r.group() for r in rooms if r.start() <= match.start < r.end()), None)
        serving = words.serving.search(said)
        if match.by_label or words.separate.search(said):
            role = "main"
        elif serving and match.start < sentence.start() + serving.start():
            role = "served"
        elif room:
            role = "room"
        else:
            role = "main"
        roles.setdefault(match.option.label, []).append((role, room or _named(lowered, match)))
    main = set(codes) | {label for label, seen in roles.items() if any(r == "main" for r, _ in seen)}
    result = Sorted()
    for label in dict.fromkeys([*codes, *roles]):
        seen = roles.get(label, [])
        if label in main or not main:
            result.labels.append(label)
        elif any(r == "served" for r, _ in seen):
            result.served[label] = next(words for r, words in seen if r == "served")
        else:
            result.unclear[label] = seen[0][1]
    return result


def part_of_main(replies: list[str]) -> bool | None:
    """The consultant's answer to 'part of the main use, or separate?': True, False or None (unsaid)."""
    words = _words()
    for reply in reversed(replies):
        lowered = p.normalize(reply).lower()
        if words.separate.search(lowered):
            return False
        if words.serving.search(lowered):
            return True
    return None


def _named(lowered: str, match: p.OptionMatch) -> str:
    return lowered[match.start : match.end] if match.end > match.start else match.option.label
