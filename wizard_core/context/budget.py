"""The context package's token budget (seed 003's history limit) and what trimming left out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

# The system message (the rules and the matrix's item list) and the messages' framing. The LLM
# advisor measures its own instructions and keeps instructions + package + reply room within the
# window whatever this says; a test keeps these figures at or above what it really sends.
INSTRUCTION_TOKENS = 1700
RULES_TOKENS = 700  # the instructions without the matrix's item list (small windows)
MATRIX_MIN_WINDOW = 4096  # from this window up, the item list rides in the instructions
FEW_EXCERPTS = 3  # code excerpts kept while a long discussion is trimmed


@dataclass(frozen=True)
class Budget:
    """The package's share of the model's window: the window less the reply and the instructions."""

    window_tokens: int = 8192
    reply_tokens: int = 1024
    instruction_tokens: int = INSTRUCTION_TOKENS

    @property
    def matrix_in_instructions(self) -> bool:
        return self.window_tokens >= MATRIX_MIN_WINDOW

    @property
    def package_tokens(self) -> int:
        instructions = self.instruction_tokens if self.matrix_in_instructions else RULES_TOKENS
        return self.window_tokens - self.reply_tokens - instructions


@dataclass
class Trim:
    """What has been left out so far to fit the budget."""

    dropped_archives: list[str] = field(default_factory=list)
    summary_history: bool = False
    compact_structure: bool = False
    dropped_exchanges: int = 0  # the oldest questions and answers of the active discussion
    excerpts_kept: int | None = None  # the best this many code excerpts (None: all of them)
    excerpt_lines: int | None = None  # quoted lines kept of each excerpt (None: all)
    excerpts_found: int = 0  # how many there were, for the note


def drop_archive(trim: Trim, section: str) -> None:
    trim.dropped_archives.append(section)


def compact_structure(trim: Trim) -> None:
    trim.compact_structure = True


def summarize_history(trim: Trim) -> None:
    trim.summary_history = True


def drop_exchanges(trim: Trim, over: int, sizes: list[int]) -> None:
    """Leave out the discussion's oldest exchanges, as many as ``over`` tokens need; never the latest."""
    dropped, freed = trim.dropped_exchanges, 0
    while dropped < len(sizes) - 1 and freed < over:
        freed += sizes[dropped]
        dropped += 1
    trim.dropped_exchanges = dropped


def fewer_excerpts(trim: Trim, found: int, least: int = 1) -> None:
    """One code excerpt fewer (the lowest ranked), keeping at least ``least``."""
    trim.excerpts_found = found
    trim.excerpts_kept = max(least, (found if trim.excerpts_kept is None else trim.excerpts_kept) - 1)


def shorter_excerpts(trim: Trim) -> None:
    """Quote fewer lines of each excerpt kept: half as many each time, down to four."""
    trim.excerpt_lines = max(4, (trim.excerpt_lines or 64) // 2)


def trim_notes(trim: Trim) -> tuple[str, ...]:
    notes = []
    if trim.dropped_archives:
        notes.append("archived discussions of " + ", ".join(trim.dropped_archives))
    if trim.compact_structure:
        notes.append("form structure details")
    if trim.summary_history:
        notes.append("earlier answers in full (given in brief)")
    if trim.dropped_exchanges:
        notes.append(f"the {trim.dropped_exchanges} oldest questions and answers of the active discussion")
    if trim.excerpts_kept == 0:
        notes.append(f"all {trim.excerpts_found} code excerpts")
    elif trim.excerpts_kept is not None and trim.excerpts_kept < trim.excerpts_found:
        notes.append(f"code excerpts beyond the best {trim.excerpts_kept} of {trim.excerpts_found}")
    if trim.excerpt_lines is not None:
        notes.append(f"code excerpt lines beyond the first {trim.excerpt_lines} of each")
    return tuple(notes)


Step = Callable[[Trim, int], None]  # one trimming step, told how many tokens are still over


def trim_plan(unrelated: list[str], related: list[str], exchanges: list[int], excerpts: int) -> list[Step]:
    """The trimming steps in their fixed order (docs/ARCHITECTURE.md), for the builder to take
    one at a time while the package is over budget.

    ``unrelated`` and ``related`` are the archived discussions (oldest first) of items the
    current item neither depends on nor feeds, and of those it does; ``exchanges`` the sizes
    of the active discussion's exchanges; ``excerpts`` how many code excerpts were found.
    """
    steps: list[Step] = [_always(partial(drop_archive, section=s)) for s in unrelated]
    steps += [_always(compact_structure), _always(summarize_history)]
    steps += [_always(partial(drop_archive, section=s)) for s in related]
    # The code excerpts down to the best few, then a long discussion's oldest exchanges, then
    # the excerpts again: fewer, shorter, and (in a window too small for anything) none.
    fewer = _always(partial(fewer_excerpts, found=excerpts))
    steps += [fewer] * max(0, excerpts - FEW_EXCERPTS)
    steps += [partial(drop_exchanges, sizes=exchanges)] * 2  # twice: estimates round per line
    steps += [fewer] * max(0, min(excerpts, FEW_EXCERPTS) - 1)
    steps += [_always(shorter_excerpts)] * 4
    if excerpts:
        steps.append(_always(partial(fewer_excerpts, found=excerpts, least=0)))
    return steps


def kept_quotes(quoted: Sequence[tuple[str, Sequence[str]]], trim: Trim) -> list[tuple[str, list[str]]]:
    """The excerpts' headings and quoted lines that the trimming left in."""
    if trim.excerpts_kept is not None:
        quoted = quoted[: trim.excerpts_kept]
    kept = []
    for heading, body in quoted:
        lines = list(body)
        if trim.excerpt_lines is not None and len(lines) > trim.excerpt_lines:
            lines = [*lines[: trim.excerpt_lines], "> […]"]
        kept.append((heading, lines))
    return kept


def _always(step: Callable[[Trim], None]) -> Step:
    """A step that does the same however far over the budget the package is."""
    return lambda trim, over: step(trim)
