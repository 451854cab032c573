"""The offline advisor on whole consultant transcripts: items right, loops, confident mistakes.

Each transcript in ``bench/transcripts/`` is one building: a script of consultant messages, one
entry per item (the first message, then follow-ups for the questions the consultant expects)
with detours between them (side questions, corrections), and the values each item should end
with, written from the facts of the building. The runner plays the consultant:

- it sends an item's scripted messages while the wizard is on that item;
- when those run out and the wizard still asks, it answers as a consultant reading the question
  would: "yes" if the question offers the expected value, the option itself if the question lists
  it (the app's option buttons), otherwise it repeats what it said last; after three such replies
  it gives up and enters the expected value directly (the item then counts as wrong).

Scored: items whose final value matches the expected one (dict keys the transcript leaves out
are not compared), the longest run of identical consecutive questions, answers recorded wrong
with confidence 0.8 or more (an answer flagged for review by a revision of what it rests on is
shown as "check this still holds", not asserted: it is listed as flagged, not as confident), side
questions answered without consuming the item, and messages the wizard refused.

    python bench/bench_transcripts.py [--show] [--only NAME] [--written before|after|outside]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import InMemoryStorage
from wizard_core import Wizard, open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor
from wizard_core.answers import describe_value, worked_out
from wizard_core.answers.wording.face_line import face_name
from wizard_core.answers.wording.floors import floor_key, floor_name
from wizard_core.content import FormItem
from wizard_core.errors import WizardError

FOLDER = Path(__file__).resolve().parent / "transcripts"
FALLBACKS = 3  # consultant replies after the script runs out, before giving up on the item
CONFIDENT = 0.8
MAX_TURNS = 250  # per transcript: past this, every item still asked about is given up


class Entry(BaseModel):
    """An item's messages, or a detour (side question, correction) sent once where it stands."""

    model_config = ConfigDict(extra="forbid")

    item: str | None = None
    say: list[str] | str
    detour: Literal["side question", "correction", "revision"] | None = None
    about: str | None = None  # the item a correction is about

    @model_validator(mode="after")
    def _one_kind(self) -> Entry:
        if (self.item is None) == (self.detour is None):
            raise ValueError("an entry is either an item's messages or a detour")
        return self

    @property
    def messages(self) -> list[str]:
        return [self.say] if isinstance(self.say, str) else list(self.say)


class Transcript(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    written: Literal["before", "after", "outside"]
    groups: list[str] = Field(min_length=1)
    building: str
    script: list[Entry]
    expected: dict[str, Any]


@dataclass
class Outcome:
    name: str
    written: str
    right: list[str] = field(default_factory=list)
    unscored: list[str] = field(default_factory=list)
    wrong: list[tuple[str, Any, Any, float | None, str]] = field(default_factory=list)
    gave_up: list[str] = field(default_factory=list)
    replies: list[tuple[str, str, str]] = field(default_factory=list)  # (section, type, content)
    side: list[bool] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    # Items given up whose expected value, given only in part (rows without floors), could not be
    # entered directly: left not applicable (scored wrong, as every item given up is).
    unentered: list[str] = field(default_factory=list)
    fallbacks: int = 0
    # (confidence, right) of each answer the advisor recorded and the consultant did not give up on
    recorded: list[tuple[float, bool]] = field(default_factory=list)

    @property
    def longest_run(self) -> int:
        return max(runs(self.replies), default=0)

    @property
    def confident_wrong(self) -> int:
        return sum(1 for *_, conf, source in self.wrong if source == "advisor" and (conf or 0) >= CONFIDENT)


def runs(replies: list[tuple[str, str, str]]) -> list[int]:
    """Lengths of the runs of identical consecutive clarifying questions."""
    found, length, previous = [], 0, None
    for _, kind, content in replies:
        if kind == "clarifying_question" and content == previous:
            length += 1
        else:
            if length:
                found.append(length)
            length = 1 if kind == "clarifying_question" else 0
        previous = content if kind == "clarifying_question" else None
    return found + ([length] if length else [])


class Consultant:
    """Plays one transcript against a fresh wizard with the offline advisor."""

    def __init__(self, transcript: Transcript) -> None:
        self.t = transcript
        self.wizard: Wizard = open_wizard(InMemoryStorage(), advisor=OfflineAdvisor())
        self.pid = self.wizard.start_project(transcript.name).project_id
        self.out = Outcome(transcript.name, transcript.written)
        self.planned = {e.item: e.messages for e in transcript.script if e.item}
        self.last_said: dict[str, str] = {}
        self.done: set[str] = set()
        self.last_reply: tuple[str, str, str] | None = None
        self.tries: dict[str, int] = {}

    def current(self) -> str | None:
        return self.wizard.load_project(self.pid).current_form_section

    def send(self, text: str) -> None:
        section = self.current()
        try:
            result = self.wizard.process_user_response(self.pid, text)
        except WizardError as error:
            self.out.refused.append(f"{text!r}: {error}")
            self.last_reply = None
            return
        self.last_reply = (result.section, result.type, result.content)
        self.out.replies.append(self.last_reply)
        if section:
            self.last_said.setdefault(section, text)

    def play(self) -> Outcome:
        for entry in self.t.script:
            if entry.detour:
                self.detour(entry)
                continue
            section = entry.item or ""
            self.settle(before=section)
            if self.current() == section:
                self.work_on(section)
            self.done.add(section)
        self.settle(before=None)
        self.score()
        return self.out

    def detour(self, entry: Entry) -> None:
        section = self.current()
        for text in entry.messages:
            self.send(text)
            if entry.about:
                self.last_said[entry.about] = text
        if entry.detour == "side question":
            kind = self.last_reply[1] if self.last_reply else "refused"
            self.out.side.append(kind == "side_answer" and self.current() == section)
        self.settle(before=None)

    def settle(self, before: str | None) -> None:
        """Answer whatever item the wizard went back to (a revision), until it is where the script is."""
        for _ in range(40):
            section = self.current()
            if section is None or section == before or section not in self.done:
                return
            self.work_on(section)

    def work_on(self, section: str) -> None:
        planned = self.planned.get(section, [])
        while self.current() == section:
            if planned:
                text = planned.pop(0)
                self.last_said[section] = text
            elif self.tries.get(section, 0) < FALLBACKS and len(self.out.replies) < MAX_TURNS:
                self.tries[section] = self.tries.get(section, 0) + 1
                self.out.fallbacks += 1
                text = self.reply_to_question(section)
            else:
                self.give_up(section)
                return
            self.send(text)

    def reply_to_question(self, section: str) -> str:
        """What a consultant who knows the building says to the wizard's last question."""
        item = self.wizard.item(section)
        expected = self.t.expected.get(section)
        question = (self.last_reply[2] if self.last_reply else "").casefold()
        if item.options and expected is not None:
            labels = expected if isinstance(expected, list) else [expected]
            if all(str(label).casefold() in question for label in labels):
                return ", ".join(labels)  # the option(s), as the app's buttons send them
        elif item.answer_type == "yes_no" and isinstance(expected, bool):
            return "Yes." if expected else "No."
        elif (
            (
                item.answer_type == "occupant_load"  # 3.18's rows offered: yes when they are the building's,
                and isinstance(expected, dict)  # every row, not only the total
                and _offered_total(question) == expected.get("total")
                and "shall i record it" in question  # the reading offered: a consultant says yes
                and self._offered_is(section, expected)
            )
            or (
                section in ROWS_WORKED_OUT  # the rows offered, as the card pre-fills them, are the building's
                and isinstance(expected, dict)
                and "shall i record it" in question
                and self._offered_is(section, expected)
            )
            or (
                expected is not None
                and item.answer_type != "occupant_load"
                and not (isinstance(expected, str) and section in ROW_KEYS)
                and _described(item, expected).casefold() in question
            )
        ):
            return "Yes, that's right."
        return self.last_said.get(section, "")

    def _offered_is(self, section: str, expected: dict[str, Any]) -> bool:
        """Whether the value the wizard offers (what the card pre-fills, worked out) is the expected one."""
        state = self.wizard.load_project(self.pid)
        offered = self.wizard.reading_so_far(state)
        if offered is None:
            return False
        try:
            return same(expected, worked_out(self.wizard.item(section), offered, state))
        except WizardError:
            return False

    def give_up(self, section: str) -> None:
        self.out.gave_up.append(section)
        value = self.t.expected.get(section)
        if isinstance(value, dict) and isinstance(value.get("rows"), list):  # rows without their labels
            floors = self._floors()
            value = {
                **value,
                "rows": [
                    {"floor": floors[n - 1] if n <= len(floors) else f"Row {n}", **r}
                    for n, r in enumerate(value["rows"], 1)
                ],
            }
        if isinstance(value, str) and section in ROW_KEYS:  # the old text: the item's note
            value = {"note": value} if ROW_KEYS[section] == "note" else {ROW_KEYS[section]: [], "note": value}
        try:
            self.wizard.answer_directly(self.pid, section, value, override="bench: consultant gave up")
        except WizardError as error:  # rows given in part that cannot be worked out: left not applicable
            self.out.unentered.append(f"{section}: {error}")
            self.wizard.answer_directly(self.pid, section, None, override="bench: consultant gave up")

    def _floors(self) -> list[str]:
        """The floor names of the occupant-load rows recorded (3.18), in order: fixtures rows given
        without their floor are taken to follow them."""
        answer = self.wizard.load_project(self.pid).answer_for("3.18")
        rows = answer.value.get("rows", []) if answer and isinstance(answer.value, dict) else []
        return [str(r.get("floor", "")) for r in rows]

    def score(self) -> None:
        state = self.wizard.load_project(self.pid)
        for section, expected in sorted(self.t.expected.items()):
            if isinstance(expected, str) and section in ROW_KEYS:
                self.out.unscored.append(section)  # a free-text expectation of an item now worked out
                continue
            answer = state.answer_for(section)
            value = answer.value if answer else "(unanswered)"
            right = bool(answer) and section not in self.out.gave_up and same(expected, value)
            flagged = section in state.flagged  # shown as "check this still holds": not asserted
            if answer and answer.source == "advisor" and section not in self.out.gave_up and not flagged:
                self.out.recorded.append((answer.confidence, right))
            if right:
                self.out.right.append(section)
            else:
                source = "gave up" if section in self.out.gave_up else (answer.source if answer else "none")
                source = "flagged for review" if flagged and source == "advisor" else source
                confidence = answer.confidence if answer else None
                self.out.wrong.append((section, expected, value, confidence, source))


def _described(item: FormItem, expected: Any) -> str:
    """The expected value in the wizard's words, or a text no question holds for computed rows a
    transcript gives only in part (no floor names, say), which no offer can be compared with."""
    try:
        return describe_value(item, expected) or "\0"
    except (KeyError, TypeError, ValueError):
        return "\0"


def _offered_total(question: str) -> int | None:
    """The total persons an occupant-load offer reads ("I read 1158 persons (…)")."""
    found = re.search(r"\bi read ([\d,]+) persons\b", question)
    return int(found[1].replace(",", "")) if found else None


# 3.21-3.23 hold rows now and 3.24-3.25 the sheet's fields; these transcripts expect the text they
# once held (what the consultant wrote is kept as the note).
ROWS_WORKED_OUT = {"3.21", "3.22", "3.23"}  # rows the wizard works out, offered for a yes
ROW_KEYS = {"3.21": "assemblies", "3.22": "faces", "3.23": "rows", "3.24": "note", "3.25": "note"}


def same(expected: Any, actual: Any) -> bool:
    """Equal as the matrix means it: numbers within rounding, text without case or trailing stops."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            _SAME_BY_KEY.get(k, same)(v, actual.get(k)) for k, v in expected.items()
        )
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(same(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, bool) or expected is None:
        return expected is actual
    if isinstance(expected, int | float):
        if isinstance(actual, bool) or not isinstance(actual, int | float):
            return False
        return abs(expected - actual) <= max(0.05, 0.001 * abs(expected))
    if isinstance(expected, str) and isinstance(actual, str):
        return _text(expected) == _text(actual)
    return False


def _same_floor(expected: Any, actual: Any) -> bool:
    """A row's floor as a floor: 'Ground', 'ground flr' and 'Ground floor (gym)' are the ground floor,
    'L2' and '2nd floor' one floor; a name that is no floor ('Seating') as the room a row names in its
    brackets ('Ground floor (seating)'); other names as text."""
    if not isinstance(expected, str) or not isinstance(actual, str):
        return same(expected, actual)
    head = re.sub(r"\s*\(.*$", "", actual)
    room = re.search(r"\((.*)\)\s*$", actual)
    if not floor_name(expected) and room:  # 'Seating' for 'Ground floor (seating)': the room it names
        return same(expected, actual) or _text(expected) in _text(room[1])
    # 'Balcony (mezz)' for 'Mezzanine': the floor the consultant's own label names
    named = floor_name(head) or floor_name(actual)
    # ('L01 - GROUND' for 'Level 1 (dining)': the level a model's name gives)
    level = floor_key(expected if "(" in expected else floor_name(expected))
    on_floor = bool(floor_name(expected)) and level == floor_key(named or head)
    # 'Ground floor (new extension) (warehouse)' for 'Ground floor (new extension)': the label it begins with
    begins = bool(floor_name(expected)) and _text(actual).startswith(_text(expected))
    return same(expected, actual) or on_floor or begins


def _same_face(expected: Any, actual: Any) -> bool:
    """A face by its direction: 'E side', 'East' and 'E (new road)' are the east face; other names
    (a street's, 'rear') as text."""
    if not isinstance(expected, str) or not isinstance(actual, str):
        return same(expected, actual)
    direction = face_name(re.sub(r"\s*\(.*$", "", expected))
    return same(expected, actual) or (
        direction in DIRECTIONS and direction == face_name(re.sub(r"\s*\(.*$", "", actual))
    )


DIRECTIONS = {"North", "South", "East", "West", "Northeast", "Northwest", "Southeast", "Southwest"}


def _same_option(expected: Any, actual: Any) -> bool:
    """3.25's option as the ratings it chooses ('STC 50', 'ASTC 47'): the assemblies named beside them
    ('SB-3', 'tested designs') are the guidance's detail, not another option."""
    if not isinstance(expected, str) or not isinstance(actual, str):
        return same(expected, actual)
    ratings = re.compile(r"\ba?stc\s*\d{2}\b", re.I)
    wanted = {_text(r) for r in ratings.findall(expected)}
    return same(expected, actual) or (bool(wanted) and wanted == {_text(r) for r in ratings.findall(actual)})


# a row's name compared as what it names; 3.25's option as its ratings
_SAME_BY_KEY = {"floor": _same_floor, "face": _same_face, "option": _same_option}


def _text(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".").casefold()


def load(only: str | None, written: str | None, folder: Path = FOLDER) -> list[Transcript]:
    found = []
    for path in sorted(folder.glob("*.json")):
        transcript = Transcript.model_validate_json(path.read_bytes())
        if (only and only not in path.stem) or (written and transcript.written != written):
            continue
        found.append(transcript)
    return found


def report(outcomes: list[Outcome], show: bool) -> None:
    print("| transcript | written | right | longest run | runs ≥ 3 | wrong, confident | gave up |", end="")
    print(" side q. | refused |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for o in outcomes:
        total = len(o.right) + len(o.wrong)
        print(
            f"| {o.name} | {o.written} | {len(o.right)}/{total} | {o.longest_run} | "
            f"{sum(1 for r in runs(o.replies) if r >= 3)} | {o.confident_wrong} | {len(o.gave_up)} | "
            f"{sum(o.side)}/{len(o.side)} | {len(o.refused)} |"
        )
    for written in ("before", "after", "outside", None):
        group = [o for o in outcomes if written is None or o.written == written]
        if not group:
            continue
        right = sum(len(o.right) for o in group)
        total = sum(len(o.right) + len(o.wrong) for o in group)
        label = f"written {written}" if written else "all"
        print(
            f"\n{label}: {len(group)} transcripts, {right}/{total} items right "
            f"({100 * right / total:.1f} %), "
            f"longest run of identical questions {max(o.longest_run for o in group)}, "
            f"runs of 3 or more {sum(1 for o in group for r in runs(o.replies) if r >= 3)}, "
            f"wrong and confident (≥ {CONFIDENT}) {sum(o.confident_wrong for o in group)}, "
            f"gave up {sum(len(o.gave_up) for o in group)}, "
            f"consultant fallbacks {sum(o.fallbacks for o in group)}, "
            f"side questions kept aside {sum(sum(o.side) for o in group)}/{sum(len(o.side) for o in group)}, "
            f"refused {sum(len(o.refused) for o in group)}"
        )
    calibration([pair for o in outcomes for pair in o.recorded])
    if show:
        for o in outcomes:
            for section, expected, value, confidence, source in o.wrong:
                print(f"\n{o.name} {section} ({source}, confidence {confidence}):")
                print(f"  expected {json.dumps(expected)}\n  recorded {json.dumps(value)}")
            for text in o.refused:
                print(f"\n{o.name} refused {text}")
            for text in o.unentered:
                print(f"\n{o.name} gave up, and could not enter the expected value of {text}")


BANDS = ((0.0, 0.5), (0.5, 0.8), (0.8, 0.9), (0.9, 1.01))


def calibration(recorded: list[tuple[float, bool]]) -> None:
    """Confidence band against the share of the advisor's recorded answers that were right."""
    print("\n| confidence | answers recorded | right | share right |")
    print("|---|---:|---:|---:|")
    for low, high in BANDS:
        band = [right for confidence, right in recorded if low <= confidence < high]
        share = f"{100 * sum(band) / len(band):.1f} %" if band else "-"
        top = "1.0" if high > 1 else f"{high:.1f}"
        print(f"| {low:.1f} to {'<' if high <= 1 else ''}{top} | {len(band)} | {sum(band)} | {share} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", action="store_true", help="list every wrong item and refused message")
    parser.add_argument("--only", help="transcripts whose file name contains this")
    parser.add_argument("--written", choices=("before", "after", "outside"))
    parser.add_argument("--replies", action="store_true", help="print each transcript's wizard replies")
    parser.add_argument("--folder", type=Path, default=FOLDER, help="play the transcripts in this folder")
    args = parser.parse_args()
    outcomes = [Consultant(t).play() for t in load(args.only, args.written, args.folder)]
    if args.replies:
        for o in outcomes:
            print(f"\n## {o.name}")
            for section, kind, content in o.replies:
                print(f"[{section} {kind}] {content}")
    report(outcomes, args.show)


if __name__ == "__main__":
    main()
