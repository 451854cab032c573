"""The working of a fixture count (3.7.4): its steps, notes, sentences and the figures to verify,
and the count tables read with their sums shown."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .fixture_data import CountTable, Lookup
from .marked import Marked
from .occupancy_data import load_occupancy

_PARTIAL = "part increments counted as whole ones (the code states no rule)"


@dataclass
class Work:
    """The working of one count, gathered as it is worked out."""

    steps: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    sentences: list[str] = field(default_factory=list)

    def check(self, item: Marked | None, label: str) -> None:
        """Name ``label`` among the figures to verify (always when ``item`` is None)."""
        if (item is None or item.to_verify) and label not in self.marks:
            self.marks.append(label)

    def rule(self, key: str, say: str | None = None, lead: str = "") -> float | None:
        """A rule's figure, marked if unconfirmed; ``say`` adds the rule's own words as a note."""
        rule = load_occupancy().rule(key)
        self.check(rule, f"{rule.id} ({rule.edition} text)")
        if say is not None:
            self.notes.append(f"{lead}{rule.text.rstrip('.')} ({rule.id}){say}")
        return rule.value


def split(total: int, male_pct: float) -> tuple[int, int]:
    """(male, female) of ``total`` at ``male_pct``, each rounded up."""
    return math.ceil(round(total * male_pct / 100, 6)), math.ceil(round(total * (100 - male_pct) / 100, 6))


def read_count(table: CountTable, n: int, column: str, sex: str, work: Work) -> int:
    """A count table's figure for ``n``, its row or sum recorded as a step."""
    column = column if column in table.columns else table.columns[0]
    found: Lookup = table.lookup(n, column)
    if found.row.startswith("over"):
        step = table.over.values[column]
        extra = n - table.over.over
        sum_ = f"{step.base} + ⌈{extra} ÷ {step.per}⌉ = {found.value}"
        work.steps.append(f"{n} {sex} over {table.over.over}: {sum_} (Table {table.id})")
        if found.partial:
            work.notes.append(f"Table {table.id}, {sex}: {_PARTIAL}; whole ones only: {found.floor_value}")
            work.check(None, f"Table {table.id}: {_PARTIAL}")
    else:
        work.steps.append(f"{n} {sex} → row {found.row} → {found.value} (Table {table.id})")
    work.check(table, f"Table {table.id} ({table.edition} figures)")
    return found.value


def per_n(n: int, per: int, sex: str, sentence: str, work: Work) -> int:
    """One fixture per ``per`` persons, rounded up, recorded as a step."""
    value = math.ceil(n / per)
    work.steps.append(f"⌈{n} {sex} ÷ {per}⌉ = {value} ({sentence})")
    if n % per:
        work.check(None, f"{sentence}: {_PARTIAL}")
    return value
