"""The consultant's review buttons: confirm, confirm all, still holds, undo the last answer, skip for now.

Each is one core call through ``actions.attempt``; its outcome is queued as a message that
says what happened, drawn at the top of the page.
"""

from __future__ import annotations

from ui import actions, session
from wizard_core import FormAnswer, Undo, Wizard, describe_value

CONFIRM = "Confirm answer"
CONFIRM_ALL = "Confirm all proposed"
STILL_HOLDS = "Still holds"
UNDO = "Undo last answer"
SKIP = "Skip for now"
# The keyboard shortcuts for the buttons above (``ui.keys`` wires them), as the page names them.
KEYS = {"confirm": "Alt+C", "undo": "Alt+U", "skip": "Alt+S", "chat": "/"}


def shown(wizard: Wizard, answer: FormAnswer) -> str:
    """An answer as a line: the item and its value ("3.04 Building area: 1,150 m² …")."""
    return f"{answer.section} {answer.title}: {describe_value(wizard.item(answer.section), answer.value)}"


def undo_help(wizard: Wizard, undo: Undo) -> str:
    """What the undo button will do, for its help text."""
    after = (
        f"back to the earlier answer, {describe_value(wizard.item(undo.answer.section), undo.restores.value)}"
        if undo.restores is not None
        else "back to unanswered"
    )
    return f"Takes back {shown(wizard, undo.answer)} ({undo.answer.source}); {after}."


def confirm(wizard: Wizard, project: str, section: str) -> None:
    answer = actions.attempt_on(project, wizard.confirm_answer, project, section)
    if answer is not None:
        session.flash("success", f"Confirmed {shown(wizard, answer)}.")


def confirm_all(wizard: Wizard, project: str) -> None:
    """Confirm every proposed answer that is not flagged; say which were left for review."""
    done = actions.attempt_on(project, wizard.confirm_all, project)
    if done is not None:
        session.flash("warning" if done.left else "success", done.text)


def keep(wizard: Wizard, project: str, section: str) -> None:
    answer = actions.attempt_on(project, wizard.keep_answer, project, section)
    if answer is not None:
        session.flash(
            "success", f"Kept {shown(wizard, answer)}: it still holds, and the review flag is cleared."
        )


def keep_all(wizard: Wizard, project: str, sections: list[str]) -> None:
    kept = actions.attempt_on(project, wizard.keep_all, project, sections)
    if kept:
        items = ", ".join(a.section for a in kept)
        session.flash("success", f"Kept {len(kept)} answers as they are ({items}); their flags are cleared.")


def undo(wizard: Wizard, project: str, revision: int) -> None:
    undone = actions.attempt_on(project, wizard.undo_last_answer, project, revision)
    if undone is None:
        return
    answer = undone.answer
    item = wizard.item(answer.section)
    taken = describe_value(item, answer.value)
    if undone.restores is None:
        after = "back to unanswered; it is the current item again"
    else:
        after = f"back to the earlier answer, {describe_value(item, undone.restores.value)}"
    session.flash("success", f"Undid {answer.section} {item.title} ({taken}): {after}.")


def skip(wizard: Wizard, project: str, section: str) -> None:
    state = actions.attempt_on(project, wizard.skip_item, project, section)
    if state is not None and state.current_form_section is not None:
        title = wizard.item(section).title
        now = f"{state.current_form_section} {wizard.item(state.current_form_section).title}"
        session.flash(
            "info",
            f"Skipped {section} {title} for now; the wizard comes back to it after the other items. "
            f"Now on {now}.",
        )
