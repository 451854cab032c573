"""Moving projects from one store to another (a folder to a database, or under a new key).

Each project is copied whole (record, logs, revision) where its id is free; a project already
there and equal is counted, never copied again, so a second run copies nothing; one that
differs is reported and left as it is. Each store opens records with its own key, so copying
from a store under one key into a store under another re-encrypts.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from storage.backend import is_valid_id
from storage.base import ProjectStore
from wizard_core.errors import ConflictError, WizardError


@dataclass
class TransferReport:
    """What a transfer did, in counts, and which projects need a person's look."""

    copied: int = 0
    already_there: int = 0
    practice: str = ""  # what became of the practice profile
    conflicting: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)

    def describe(self) -> str:
        lines = [
            f"Projects: {self.copied} copied, {self.already_there} already there, "
            f"{len(self.conflicting)} conflicting, {len(self.unreadable)} unreadable."
        ]
        if self.practice:
            lines.append(f"Practice profile: {self.practice}.")
        if not self.copied and not self.conflicting and not self.unreadable:
            lines.append("Nothing to copy: every project is already in the destination.")
        lines += [f"  conflicting (left as it is in the destination): {p}" for p in self.conflicting]
        lines += [f"  unreadable: {p}" for p in self.unreadable]
        return "\n".join(lines)

    def left_behind(self) -> list[str]:
        """What is in the source and not (the same) in the destination, each with why; empty if all went."""
        left = [f"project {p}: not copied, the destination's copy left as it is" for p in self.conflicting]
        left += [f"project {p}: not copied" for p in self.unreadable]
        if self.practice.startswith("not copied") or "left as it is" in self.practice:
            left.append(f"the practice profile: {self.practice}")
        return left


def copy_projects(source: ProjectStore, destination: ProjectStore) -> TransferReport:
    """Copy every project of ``source`` whose id is free in ``destination``; see the module docstring."""
    report = TransferReport()
    for project_id in sorted(entry.project_id for entry in source.backend.list()):
        if not is_valid_id(project_id):
            continue
        try:
            state = source.load_project(project_id, whole=True)
        except WizardError as error:
            report.unreadable.append(f"{project_id} in the source ({error})")
            continue
        if destination.exists(project_id):
            try:
                there = destination.load_project(project_id, whole=True)
            except WizardError as error:
                report.conflicting.append(f"{project_id} (the destination's copy cannot be read: {error})")
                continue
            if there.model_dump() == state.model_dump():
                report.already_there += 1
            else:
                report.conflicting.append(f"{project_id} (differs from the source's)")
            continue
        try:
            destination.put_copy(state)
        except ConflictError:  # created there since the check, by a running wizard
            report.conflicting.append(f"{project_id} (created in the destination meanwhile)")
            continue
        report.copied += 1
    report.practice = _copy_practice(source, destination)
    return report


def _copy_practice(source: ProjectStore, destination: ProjectStore) -> str:
    """The practice profile goes along where the destination has none; one there already is kept."""
    try:
        practice = source.load_practice()
    except WizardError as error:
        return f"not copied, the source's cannot be read ({error})"
    if practice.empty:
        return ""
    try:
        there = destination.load_practice()
    except WizardError as error:
        return f"not copied, the destination's cannot be read ({error})"
    if there == practice:
        return "already there"
    if not there.empty:
        return "the destination has its own, left as it is"
    destination.save_practice(practice)
    return "copied"
