"""The offline reader against pint, quantulum3, rapidfuzz and number-parser, on the transcripts.

    .venv/bin/pip install -r bench/requirements-readers.txt
    .venv/bin/python bench/bench_readers.py [--skip PREFIX] [--cases 200] [--seed 7]

``--skip o`` leaves out the transcript files whose name starts with "o". The existing reader is
``wizard_core.answers.read(item, [message], state, forms)``, as the offline advisor calls it for a first
message on the item; ``state`` holds the transcript's expected answers to the items before (the area
reader takes the existing/new split from the 3.01 project type). Its reading is the complete value,
else the value it offers to record ("shall I record …?"); a question counts as no reading.

1. Quantities: the last message of each numeric item. The alternative parses it with quantulum3
   (without its optional classifier), converts each quantity with pint to m² or m (dropping unit words
   pint does not know, as "gross" in "m2 gross") and picks as a simple reader would. Areas: a figure's
   role is the role word (existing; new, addition, adds, wing; total, overall, gross) in its clause
   just before it, else just after; a figure without a unit counts only with a role, in the unit of
   the message's area figure; the total is the one said as total, else existing + new, else the
   largest figure without a role; a lone figure is split as the 3.01 project type says (an addition:
   no reading). Height: the largest length. Storeys above: a count before a storey/floor word;
   below: a count before a basement/below word, else 0. Streets, entrances: the count before the
   noun, else the only count. 3.18: the count after "total", else the only count. The hybrid is the
   existing reader with pint's ft² -> m² and ft -> m factors in place of its constants.
2. Near misses: the option items' last messages, clean and with seeded typos (a letter dropped,
   swapped or doubled in a 4+ letter word of a phrase naming the expected option). rapidfuzz scores
   every 1- to 4-word window against the options' labels and synonyms (``process.extractOne``,
   ``fuzz.ratio``, ``score_cutoff``); the best window wins (multi choice: every non-overlapping
   window above the cutoff). The hybrid asks rapidfuzz only when the existing reader reads nothing.
3. Numbers in words: messages written from the expected values of 3.07, 3.09, 3.20 and 3.04, read
   as they are and after ``number_parser.parse``; and the real messages of kind 1 both ways.
4. Median time per message of each reader (the reader's quantity cache cleared before each call).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pint
from bench_transcripts import FOLDER, Transcript, same
from num2words import num2words
from number_parser import parse as digits_for_words
from rapidfuzz import fuzz, process

from wizard_core.answers import parsing as p
from wizard_core.answers import read
from wizard_core.content import FormItem
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, ProjectState

with warnings.catch_warnings():  # "classifier dependencies not installed": the plain parser is measured
    warnings.simplefilter("ignore")
    from quantulum3 import parser as quantulum

FORMS = FormQuestionService()
UREG = pint.UnitRegistry()
TIMES: dict[str, list[float]] = defaultdict(list)
Board = dict[str, dict[str, Counter]]
H = ("3.07 height_m", "height_m"), ("3.07 storeys above", "storeys_above_grade")
NUMERIC = {  # item -> rows scored: (row, the field compared, or None for the whole value)
    "3.04": [("3.04 building area", None)],
    "3.05": [("3.05 gross area", None)],
    "3.06": [("3.06 mezzanine area", None)],
    "3.07": [*H, ("3.07 storeys below", "storeys_below_grade")],
    "3.09": [("3.09 streets", None)],
    "3.18": [("3.18 total persons", "total")],
    "3.20": [("3.20 entrances", "barrier_free_entrances")],
}
ROLES = {"existing": r"\bexisting\b", "new": r"\b(?:new|addition|adds|added|wing)\b"}
ROLES["total"] = r"\b(?:total|overall|gross)\b"


def timed(name: str, fn: Callable[..., Any], *args: Any) -> Any:
    start = time.perf_counter()
    result = fn(*args)
    TIMES[name].append(time.perf_counter() - start)
    return result


def load(skip: str | None) -> list[Transcript]:
    found = []
    for path in sorted(FOLDER.glob("*.json")):
        try:
            if not (skip and path.name.startswith(skip)):
                found.append(Transcript.model_validate_json(path.read_bytes()))
        except ValueError as error:  # a file still being written
            print(f"skipped {path.name}: {str(error).splitlines()[0]}", file=sys.stderr)
    return found


def existing(t: Transcript, number: str, text: str, name: str = "existing reader") -> Any:
    answers = [
        FormAnswer(section=s, question_number=s, title="", question="", answer="", value=v, confidence=1)
        for s, v in t.expected.items()
        if s < number and FORMS.has_item(s)
    ]
    state = ProjectState(project_id=t.name, current_form_section=number, finalized_answers=answers)
    p._quantities.cache_clear()
    reading = timed(name, read, FORMS.get_item(number), [text], state, FORMS)
    return reading.value if reading.complete else reading.offer


def tally(board: Board, row: str, method: str, expected: Any, value: Any, key: str | None = None) -> None:
    if key is not None:
        expected, value = expected.get(key), value.get(key) if isinstance(value, dict) else None
    outcome = "none" if value is None else "right" if same(expected, value) else "wrong"
    board.setdefault(row, {}).setdefault(method, Counter())[outcome] += 1


def library_quantities(text: str) -> list[tuple[float, str, int, int, float]]:
    """quantulum3's quantities as (value in m² or m, "area" | "length" | "count", start, end, factor)."""
    found = []
    for q in quantulum.parse(text):
        if q.unit.name == "dimensionless":
            found.append((q.value, "count", *q.span, 1.0))
            continue
        known = [d for d in q.unit.dimensions if re.fullmatch(r"[a-z]+", d["base"]) and d["base"] in UREG]
        unit = " * ".join(f"{d['base']} ** {d['power']}" for d in known) or "x"
        for kind, target in (("area", "m ** 2"), ("length", "m")):
            try:
                value = UREG.Quantity(q.value, unit).to(target).magnitude
            except (pint.errors.DimensionalityError, pint.errors.UndefinedUnitError):
                continue
            found.append((value, kind, *q.span, value / q.value if q.value else 1.0))
            break
    return found


def role(text: str, start: int, end: int) -> str | None:
    before = re.split(r"[,;:.()]", text[max(0, start - 25) : start].lower())[-1]
    after = re.split(r"[,;:.()]", text[end : end + 25].lower())[0]
    return next((n for side in (before, after) for n, r in ROLES.items() if re.search(r, side)), None)


def library_area(t: Transcript, found: list[tuple[float, str, int, int, float]], text: str) -> Any:
    factor = next((f for _, kind, _, _, f in found if kind == "area"), None)
    roles: dict[str, float] = {}
    loose = []
    for value, kind, start, end, _ in found:
        said = role(text, start, end)
        if kind == "count" and said and factor:  # "existing 800" after "1,200 m2 overall"
            value, kind = value * factor, "area"
        if kind == "area" and said:
            roles.setdefault(said, value)
        elif kind == "area":
            loose.append(value)
    if loose and "total" not in roles and not {"existing", "new"} <= roles.keys():
        roles["total"] = max(loose)
    if {"existing", "new"} <= roles.keys():
        roles.setdefault("total", roles["existing"] + roles["new"])
    elif "total" in roles and len(roles) == 2:
        part = next(k for k in roles if k != "total")
        roles["new" if part == "existing" else "existing"] = roles["total"] - roles[part]
    elif len(roles) == 1:  # one figure: the project type says whose it is
        option = FORMS.get_item("3.01").option(str(t.expected.get("3.01")))
        if option is None or option.area_split is None:
            return None
        total = roles.popitem()[1]
        roles = {"existing": 0.0, "new": 0.0, "total": total, option.area_split: total}
    else:
        return None
    return {k: round(roles[k], 1) for k in ("existing", "new", "total")}


def counts(found: list[tuple[float, str, int, int, float]], text: str, noun: str) -> int | None:
    """The count before ``noun`` (or after "total"), else the only count in ``text``."""
    whole = [(int(v), s, e) for v, kind, s, e, _ in found if kind == "count" and v == int(v)]
    total = [v for v, s, _ in whole if re.search(r"total\W*$", text[:s].lower())]
    tied = [v for v, _, e in whole if re.match(rf"[\s-]*(?:[\w-]+\s+){{0,2}}?{noun}", text[e:].lower())]
    values = total or tied or [v for v, *_ in whole]
    return values[0] if len(set(values)) == 1 else None


def library_reading(t: Transcript, number: str, text: str) -> Any:
    """The value a simple reader makes of quantulum3's quantities (see the module docstring)."""
    found = library_quantities(text)
    if number in ("3.04", "3.05", "3.06"):
        return library_area(t, found, text)
    if number in ("3.09", "3.18", "3.20"):
        noun, key = {"3.09": ("streets?", None), "3.18": ("persons", "total")}.get(
            number, ("entrances?", "barrier_free_entrances")
        )
        count = counts(found, text, noun)
        return count if key is None else {key: count}
    value: dict[str, Any] = {"storeys_below_grade": 0}
    if lengths := [v for v, kind, *_ in found if kind == "length"]:
        value["height_m"] = round(max(lengths), 2)
    for v, kind, _, end, _ in found:
        after = text[end : end + 40].lower()
        if kind == "count" and re.match(r"[\s-]*(?:\w+\s+)?(?:basements?|levels? below|below)", after):
            value["storeys_below_grade"] = int(v)
        elif kind == "count" and re.match(r"[\s-]*(?:storeys?|stories|floors?)\b(?!\s+below)", after):
            value["storeys_above_grade"] = int(v)
    return value


def with_pint_factors(fn: Callable[[], Any]) -> Any:
    saved = p.FT2_TO_M2, p.FT_TO_M
    p.FT2_TO_M2 = UREG.Quantity(1, "ft ** 2").to("m ** 2").magnitude
    p.FT_TO_M = UREG.Quantity(1, "ft").to("m").magnitude
    try:
        return fn()
    finally:
        p.FT2_TO_M2, p.FT_TO_M = saved


def last_messages(transcripts: list[Transcript], wanted: Callable[[FormItem], bool]) -> list[tuple]:
    """(transcript, item number, last message, expected value) of the ``wanted`` items with a value."""
    return [
        (t, e.item, e.messages[-1], t.expected[e.item])
        for t in transcripts
        for e in t.script
        if e.item and wanted(FORMS.get_item(e.item)) and t.expected.get(e.item) is not None
    ]


def kind_quantities(transcripts: list[Transcript]) -> tuple[Board, str]:
    board: Board = {}
    spelled, unread = Counter(), Counter()
    for t, number, text, expected in last_messages(transcripts, lambda i: i.number in NUMERIC):
        mine = existing(t, number, text)
        theirs = timed("quantulum3 + pint", library_reading, t, number, text)
        hybrid = with_pint_factors(lambda t=t, n=number, x=text: existing(t, n, x, "hybrid (pint factors)"))
        for row, key in NUMERIC[number]:
            for method, value in (("existing", mine), ("quantulum3 + pint", theirs), ("hybrid", hybrid)):
                tally(board, row, method, expected, value, key)
        masked = p.mask_articles(p.normalize(text))
        for q in (q for q in p.quantities(text) if q.unit in ("m2", "ft2", "m", "ft")):
            unit = re.sub(r"^[\d,.\s]+", "", masked[q.start : q.end]).strip()  # as the reader found it
            try:  # can pint read the unit as written?
                target = UREG.parse_units({"m2": "m ** 2", "ft2": "ft ** 2"}.get(q.unit, q.unit))
                by_pint = UREG.parse_units(unit).dimensionality == target.dimensionality
            except Exception:  # pint's parser raises several kinds of error on text it cannot read
                by_pint = False
            spelled[by_pint] += 1
            unread.update([] if by_pint else [unit])
    shown = ", ".join(f"{u!r} ({n})" for u, n in unread.most_common())
    return (
        board,
        f"pint parses {spelled[True]} of {spelled.total()} unit spellings the reader finds; not {shown}",
    )


def fuzzy(item: FormItem, text: str, cutoff: float) -> Any:
    """The option rapidfuzz finds in ``text`` (the best window), or for multi choice all it finds."""
    choices = {phrase.casefold(): o.label for o in item.options for phrase in (o.label, *o.synonyms)}
    words = list(re.finditer(r"\w+(?:[-']\w+)*", text))
    hits = []
    for n in range(1, 5):
        for first, last in zip(words, words[n - 1 :], strict=False):
            window = text[first.start() : last.end()].casefold()
            if best := process.extractOne(window, list(choices), scorer=fuzz.ratio, score_cutoff=cutoff):
                hits.append((-best[1], -n, first.start(), last.end(), choices[best[0]]))
    taken: list[tuple[int, int, str]] = []
    for *_, start, end, label in sorted(hits):
        if not any(start < e and s < end for s, e, _ in taken):
            taken.append((start, end, label))
    if not taken or item.answer_type == "choice":
        return taken[0][2] if taken else None
    return list(dict.fromkeys(label for _, _, label in sorted(taken)))


def misspelled(text: str, start: int, end: int, rng: random.Random) -> str:
    """``text`` with a letter dropped, two swapped or one doubled in the word at [start, end)."""
    word, i = text[start:end], rng.randrange(1, end - start - 1)
    op = rng.choice(("drop", "swap", "double"))
    if op == "swap" and word[i] != word[i + 1]:
        word = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    elif op == "double":
        word = word[: i + 1] + word[i:]
    else:  # a drop, or a swap of two equal letters
        word = word[:i] + word[i + 1 :]
    return text[:start] + word + text[end:]


def kind_near_misses(transcripts: list[Transcript], cases: int, seed: int) -> tuple[Board, int]:
    board: Board = {}
    clean = last_messages(transcripts, lambda i: bool(i.options))
    pool = set()  # (message, start, end) of a 4+ letter word in a phrase that names the expected option
    for k, (_, number, text, expected) in enumerate(clean):
        labels = expected if isinstance(expected, list) else [expected]
        for o in (o for o in FORMS.get_item(number).options if o.label in labels):
            for phrase in (o.label, *o.synonyms):
                for m in re.finditer(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text, re.I):
                    pool |= {
                        (k, m.start() + w.start(), m.start() + w.end())
                        for w in re.finditer(r"[a-z]{4,}", m[0], re.I)
                    }
    rng = random.Random(seed)
    order = rng.sample(sorted(pool), len(pool))  # each word once before any word twice
    picked = [order[i % len(order)] for i in range(cases)]
    typed = [(*clean[k][:2], misspelled(clean[k][2], s, e, rng), clean[k][3]) for k, s, e in picked]
    for row, messages in (("clean (real messages)", clean), ("with a typo", typed)):
        for t, number, text, expected in messages:
            tally(board, row, "existing", expected, mine := existing(t, number, text))
            for cutoff in (80, 85, 90):
                found = timed(f"rapidfuzz @{cutoff}", fuzzy, FORMS.get_item(number), text, cutoff)
                tally(board, row, f"rapidfuzz @{cutoff}", expected, found)
                tally(board, row, f"hybrid @{cutoff}", expected, found if mine is None else mine)
    return board, len(pool)


def w(n: float) -> str:
    return num2words(int(n)).replace(",", "").replace(" and ", " ")  # "one thousand four hundred"


def spelled_messages(t: Transcript) -> list[tuple[str, str, str, Any, str | None]]:
    """(row, item, a message with its numbers in words, expected value, field compared) from ``t``."""
    found = []
    height, streets, bf = (t.expected.get(n) for n in ("3.07", "3.09", "3.20"))
    if isinstance(height, dict):
        up, down = height["storeys_above_grade"], height["storeys_below_grade"]
        below = f"{w(down)} level{'s' * (down > 1)} below grade" if down else "no basement"
        text = f"{w(up).capitalize()} storey{'s' * (up > 1)} above grade, {below}, "
        text += f"{height['height_m']} m to the roof."
        found.append(("3.07 storeys", "3.07", text, height, None))
    if isinstance(streets, int):
        found.append(
            ("3.09 streets", "3.09", f"It faces {w(streets)} street{'s' * (streets > 1)}.", streets, None)
        )
        found += [("3.09 streets", "3.09", "Only a single street.", 1, None)] * (streets == 1)
    if isinstance(bf, dict) and (n := bf["barrier_free_entrances"]):
        hazards = "hazardous substances: yes" if bf["hazardous_substances"] else "no hazardous substances"
        text = f"{w(n).capitalize()} barrier-free entrance{'s' * (n > 1)}; {hazards}."
        found.append(("3.20 entrances", "3.20", text, bf, "barrier_free_entrances"))
    area = t.expected.get("3.04")
    if isinstance(area, dict) and all(v == int(v) for v in area.values()):
        if area["existing"] and area["new"]:
            text = f"Existing {w(area['existing'])} m2 and new {w(area['new'])} m2."
        else:
            side = "new" if area["new"] else "existing"
            text = f"{w(area['total']).capitalize()} square metres, all {side}."
            feet = round(area["total"] / p.FT2_TO_M2, -2)
            as_feet = {"existing": 0, "new": 0, side: round(feet * p.FT2_TO_M2, 1)}
            as_feet["total"] = as_feet[side]
            found.append(("3.04 area, ft²", "3.04", f"{w(feet)} square feet, all {side}.", as_feet, None))
        found.append(("3.04 area, m²", "3.04", text, area, None))
    return found


def kind_numbers_in_words(transcripts: list[Transcript]) -> tuple[Board, str]:
    board: Board = {}
    for t in transcripts:
        for row, number, text, expected, key in spelled_messages(t):
            tally(board, row, "existing", expected, existing(t, number, text), key)
            digits = timed("number-parser", digits_for_words, text)
            tally(board, row, "number-parser, then existing", expected, existing(t, number, digits), key)
            tally(board, row, "quantulum3 + pint", expected, library_reading(t, number, text), key)
    changed = Counter()
    for t, number, text, expected in last_messages(transcripts, lambda i: i.number in NUMERIC):
        digits = digits_for_words(text)
        mine, theirs = existing(t, number, text), existing(t, number, digits)
        changed.update(["text"] * (digits != text) + ["reading"] * (mine != theirs) + ["message"])
        for _, key in NUMERIC[number]:
            tally(board, "real messages (kind 1)", "existing", expected, mine, key)
            tally(board, "real messages (kind 1)", "number-parser, then existing", expected, theirs, key)
    note = f"On the {changed['message']} real messages number-parser rewrote {changed['text']}"
    return board, f"{note}; {changed['reading']} of the existing reader's readings changed"


def table(title: str, board: Board, note: str = "") -> None:
    methods = list(dict.fromkeys(m for row in board.values() for m in row))
    print(f"\n### {title}\n\n| case | n | " + " | ".join(methods) + " |\n|---|---:|" + "---:|" * len(methods))
    total = {m: sum((r.get(m, Counter()) for r in board.values()), Counter()) for m in methods}
    for name, row in {**board, "**all**": total}.items():
        cells = [f"{c['right']} / {c['wrong']} / {c['none']}" if (c := row.get(m)) else "–" for m in methods]
        print(f"| {name} | {next(iter(row.values())).total()} | " + " | ".join(cells) + " |")
    print(
        "\nCells: right / wrong (a value, not the expected one) / no reading." + f"\n\n{note}." * bool(note)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip", help="leave out the transcript files whose name starts with this")
    parser.add_argument("--cases", type=int, default=200, help="messages with a typo")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    transcripts = load(args.skip)
    print(
        f"{len(transcripts)} transcripts" + f" (files starting with {args.skip!r} left out)" * bool(args.skip)
    )
    table("1. Quantities with units: last message of each numeric item", *kind_quantities(transcripts))
    board, pool = kind_near_misses(transcripts, args.cases, args.seed)
    table(f"2. Option words, clean and with {args.cases} typos (drawn from {pool} words)", board)
    table("3. Numbers in words", *kind_numbers_in_words(transcripts))
    print("\n### 4. Time per message\n\n| reader | calls | median (ms) | first call (ms) |")
    print("|---|---:|---:|---:|")
    for name, times in TIMES.items():
        print(f"| {name} | {len(times)} | {1000 * statistics.median(times):.2f} | {1000 * times[0]:.1f} |")


if __name__ == "__main__":
    main()
