"""The context package's token budget (seed 003's history limit) and what trimming left out."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Budget:
    """The package's share of the model's window: the window less the reply and the instructions."""

    window_tokens: int = 8192
    reply_tokens: int = 1024
    instruction_tokens: int = 700

    @property
    def package_tokens(self) -> int:
        return self.window_tokens - self.reply_tokens - self.instruction_tokens


@dataclass
class Trim:
    """What has been left out so far to fit the budget."""

    dropped_archives: list[str] = field(default_factory=list)
    summary_history: bool = False
    compact_structure: bool = False


def drop_archive(trim: Trim, section: str) -> None:
    trim.dropped_archives.append(section)


def compact_structure(trim: Trim) -> None:
    trim.compact_structure = True


def summarize_history(trim: Trim) -> None:
    trim.summary_history = True


def trim_notes(trim: Trim) -> tuple[str, ...]:
    notes = []
    if trim.dropped_archives:
        notes.append("archived discussions of " + ", ".join(trim.dropped_archives))
    if trim.compact_structure:
        notes.append("form structure details")
    if trim.summary_history:
        notes.append("earlier answers in full (given in brief)")
    return tuple(notes)
