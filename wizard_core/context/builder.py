"""ContextBuilder: the package's sections in the order sent, trimmed to the token budget.

The sections keep the seeds' names but run from what changes least to what changes every turn
(``SECTIONS``): the answers so far and the archived threads, the current item, the item list and
the response format, the code excerpts, the active thread and the latest message. A model server's
prompt cache reuses the longest unchanged beginning of a prompt, so consecutive turns share
everything up to the first change (``bench/bench_prefix.py`` measures it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar, cast

from wizard_core.content import FormItem, KnowledgeEntry
from wizard_core.context import sections as parts
from wizard_core.context.budget import Budget, Step, Trim, kept_quotes, trim_notes, trim_plan
from wizard_core.context.sections import (
    ACTIVE,
    ARCHIVED,
    CODE,
    CURRENT,
    HISTORY,
    IN_INSTRUCTIONS,
    LATEST,
    RESPONSE_FORMAT,
    SEEDS_ORDER,
    STRUCTURE,
    TITLE,
    quote,
)
from wizard_core.forms import FormQuestionService
from wizard_core.knowledge.lookup import Retrieved
from wizard_core.models import ProjectState
from wizard_core.tokens import estimate_tokens

# The order the sections are sent in: what changes least first, so that consecutive requests share
# the longest beginning a server's prompt cache can reuse, the seeds' order kept within each block:
# what only grows (the answers so far, the archived threads: a new answer or thread is added at
# their end); what stays the same for every turn on one item (the current item, the item list, the
# response format with the item's schema); the code excerpts (often the same for the turns on one
# item; the question they were retrieved for is their last line); then the active thread and the
# latest message, which change every turn. Measured with bench/bench_prefix.py (bench/README.md):
# the form's status and the response format change with every item, so before the answers they
# would end the shared beginning at the instructions whenever an item is answered; and the active
# thread before the excerpts would end it there on every turn.
SECTIONS = (HISTORY, ARCHIVED, CURRENT, STRUCTURE, RESPONSE_FORMAT, CODE, ACTIVE, LATEST)
STABLE = frozenset({HISTORY, ARCHIVED})  # the notes on what was left out come after these
__all__ = ["SECTIONS", "SEEDS_ORDER", "STABLE", "TITLE", "ContextBuilder", "ContextPackage", "quote"]


@dataclass(frozen=True)
class ContextPackage:
    """The assembled package: its sections, the Markdown sent to a model, and what it was built from."""

    markdown: str
    item: FormItem | None
    excerpts: list[KnowledgeEntry]
    query: str = ""
    tokens: int = 0  # estimated, about four characters a token
    left_out: tuple[str, ...] = ()
    sections: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (heading, lines) in the order sent
    rebuild: Callable[[int, bool], ContextPackage] | None = field(default=None, compare=False, repr=False)
    # As sent to a model: the same sections, Form Structure giving each item's status only.
    for_model: str = ""
    model_tokens: int = 0
    # Whether the item list is left to the model's instructions (large windows; see for_model).
    matrix_in_instructions: bool = False

    def within(self, tokens: int, matrix_in_instructions: bool | None = None) -> ContextPackage:
        """The same package trimmed to ``tokens`` (for a model whose window proved smaller)."""
        same = matrix_in_instructions in (None, self.matrix_in_instructions)
        if self.rebuild is None or (same and self.model_tokens <= tokens):
            return self
        flag = self.matrix_in_instructions if matrix_in_instructions is None else matrix_in_instructions
        return self.rebuild(tokens, flag)

    def section(self, heading: str) -> str:
        """One section's text, heading included ('' if the package has no such section)."""
        for name, lines in self.sections:
            if name == heading:
                return "\n".join([name, *lines])
        return ""

    @property
    def response_format(self) -> str:
        return self.section(RESPONSE_FORMAT)


class ContextBuilder:
    """Builds the complete context package in Markdown, within the token budget."""

    def __init__(self, form_service: FormQuestionService, budget: Budget | None = None) -> None:
        self.forms = form_service
        self.budget = budget or Budget()

    def build(
        self,
        state: ProjectState,
        item: FormItem | None,
        retrieved: Retrieved | None = None,
        recap: str | None = None,
        limit: int | None = None,
        matrix_in_instructions: bool | None = None,
    ) -> ContextPackage:
        """The package for ``item`` (the current item) with the excerpts retrieval found for it.

        ``limit`` is the package's share of the window in tokens (the budget's, if None). With
        ``matrix_in_instructions`` (by default, when the window has room for it) a model gets the
        matrix's item list in its instructions, the same for every request, and the package's
        Form Structure gives each item's status only.
        """
        limit = self.budget.package_tokens if limit is None else limit
        in_instructions = (
            self.budget.matrix_in_instructions if matrix_in_instructions is None else matrix_in_instructions
        )
        trim = Trim()
        # Each section's lines by the trimming that shapes them, made once a build: trimming takes up
        # to one step per archived thread, and would otherwise quote the whole package again each time.
        memo: Memo = {}

        def model_view(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
            return _render(
                self._for_model(state, sections, memo) if in_instructions else sections, recap, trim
            )

        sections = self._sections(state, item, retrieved, trim, memo)
        for_model = model_view(sections)
        # Over budget (measured as a model is sent it): trim in a fixed order (see
        # docs/ARCHITECTURE.md). The current item, the latest message and the latest exchange of
        # its discussion are never left out.
        related = parts.related_items(self.forms, item)
        steps = self._trim_steps(state, related, retrieved)
        unrelated = [s for s in state.archived_clarifying_sessions if s not in related]
        taken = _hopeless_drops(memo[ARCHIVED], unrelated, len(for_model) - 4 * limit)
        if taken:  # archives whose dropping cannot bring it within budget: dropped without measuring
            for step in steps[:taken]:
                step(trim, 0)
            sections = self._sections(state, item, retrieved, trim, memo)
            for_model = model_view(sections)
        for step in steps[taken:]:
            over = estimate_tokens(for_model) - limit
            if over <= 0:
                break
            step(trim, over)
            sections = self._sections(state, item, retrieved, trim, memo)
            for_model = model_view(sections)
        markdown = _render(sections, recap, trim)
        return ContextPackage(
            markdown,
            item,
            _kept_excerpts(retrieved, trim),
            retrieved.query.text.strip() if retrieved else "",
            estimate_tokens(markdown),
            trim_notes(trim),
            sections,
            rebuild=partial(self.build, state, item, retrieved, recap),
            for_model=for_model,
            model_tokens=estimate_tokens(for_model),
            matrix_in_instructions=in_instructions,
        )

    def _for_model(
        self, state: ProjectState, sections: tuple[tuple[str, tuple[str, ...]], ...], memo: Memo | None = None
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The sections as a model is sent them: the item list is in its instructions instead."""
        compact = _once(memo, "statuses", lambda: parts.structure(self.forms, state, compact=True))
        statuses = (*compact[:-1], IN_INSTRUCTIONS)
        return tuple((h, statuses if h == STRUCTURE else body) for h, body in sections)

    def _trim_steps(self, state: ProjectState, related: set[str], retrieved: Retrieved | None) -> list[Step]:
        archived = list(state.archived_clarifying_sessions)
        sizes = [
            estimate_tokens("\n".join(parts.thread([qa], None))) + 1 for qa in state.active_clarifying_thread
        ]
        return trim_plan(
            unrelated=[s for s in archived if s not in related],
            related=[s for s in archived if s in related],
            exchanges=sizes,
            excerpts=len(retrieved.quoted) if retrieved else 0,
        )

    def _sections(
        self,
        state: ProjectState,
        item: FormItem | None,
        retrieved: Retrieved | None,
        trim: Trim,
        memo: Memo | None = None,
    ) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The sections as ``trim`` leaves them; with ``memo``, each made once per trimming that shapes it."""
        query = retrieved.query.text if retrieved else ""
        keep = set(item.depends_on) if item else set()
        related = parts.related_items(self.forms, item)
        latest = [quote(state.latest_user_answer)] if state.latest_user_answer else ["(none yet)"]
        # The question they were retrieved for last: the excerpts often repeat from turn to turn.
        retrieved_for = [f"Retrieved for: {quote(query)}"] if query else []
        threads = _once(memo, ARCHIVED, lambda: parts.archived_threads(self.forms, state, related))
        skip = set(trim.dropped_archives)
        makers: dict[str, tuple[object, Callable[[], list[str]]]] = {
            HISTORY: (
                trim.summary_history,
                lambda: parts.history(self.forms, state, trim.summary_history, keep),
            ),
            CURRENT: (None, lambda: parts.current(state, item)),
            ACTIVE: (trim.dropped_exchanges, lambda: parts.active(state, trim.dropped_exchanges)),
            LATEST: (None, lambda: latest),
            ARCHIVED: (
                tuple(trim.dropped_archives),
                lambda: (
                    [line for s, lines in threads.items() if s not in skip for line in lines] or ["(none)"]
                ),
            ),
            CODE: (
                (trim.excerpts_kept, trim.excerpt_lines),
                lambda: _excerpts(retrieved, trim) + retrieved_for,
            ),
            STRUCTURE: (
                trim.compact_structure,
                lambda: parts.structure(self.forms, state, compact=trim.compact_structure),
            ),
            RESPONSE_FORMAT: (None, lambda: parts.response_format(self.forms, item)),
        }
        sections = []
        for heading in SECTIONS:
            key, make = makers[heading]
            sections.append((heading, _once(memo, (heading, key), partial(_lines, make))))
        return tuple(sections)


def _hopeless_drops(threads: dict[str, tuple[str, ...]], unrelated: list[str], excess: int) -> int:
    """How many of the first trimming steps (the unrelated archives, oldest first) leave the package
    over budget whatever else: those the builder would take one by one, measuring after each, because
    even the characters of their lines together fall short of ``excess`` (a package's characters over
    four per token of its limit). Dropping one saves at most its lines, so this never takes one too many."""
    if excess <= 0:
        return 0
    saved = taken = 0
    for section in unrelated:
        saved += sum(len(line) + 1 for line in threads.get(section, ()))
        if saved >= excess:
            break
        taken += 1
    return taken


Memo = dict[object, Any]  # a build's sections, by heading and the trimming that shaped them
T = TypeVar("T")


def _once(memo: Memo | None, key: object, make: Callable[[], T]) -> T:
    """``make()``, made once per ``key`` in ``memo`` (every time without one)."""
    if memo is None:
        return make()
    if key not in memo:
        memo[key] = make()
    return cast(T, memo[key])


def _lines(make: Callable[[], list[str]]) -> tuple[str, ...]:
    return tuple(make())


def _render(sections: tuple[tuple[str, tuple[str, ...]], ...], recap: str | None, trim: Trim) -> str:
    notes = trim_notes(trim)
    said = [f"Recap (the consultant is back after a break): {recap}", ""] if recap else []
    if notes:
        said += ["Left out to fit the token budget: " + "; ".join(notes) + ".", ""]
    lines = [TITLE, ""]
    for heading, body in sections:
        if said and heading not in STABLE:  # after the sections that stay the same from turn to turn
            lines += said
            said = []
        lines += [heading, *body, ""]
    return "\n".join(lines).rstrip() + "\n"


def _kept_quotes(retrieved: Retrieved | None, trim: Trim) -> list[tuple[str, list[str]]]:
    return kept_quotes([(q.heading, q.lines) for q in retrieved.quoted] if retrieved else [], trim)


def _excerpts(retrieved: Retrieved | None, trim: Trim) -> list[str]:
    lines = [line for heading, body in _kept_quotes(retrieved, trim) for line in (heading, *body)]
    return lines or ["(no excerpts found)"]


def _kept_excerpts(retrieved: Retrieved | None, trim: Trim) -> list[KnowledgeEntry]:
    """The entries whose excerpts are in the package."""
    if retrieved is None:
        return []
    if trim.excerpts_kept is None:
        return list(retrieved.excerpts)
    headings = " ".join(heading for heading, _ in _kept_quotes(retrieved, trim))
    return [e for e in retrieved.excerpts if f"{e.id} - {e.title}" in headings]
