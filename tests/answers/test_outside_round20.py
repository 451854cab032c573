"""Kinds a round of dictated answers (round h20, a contract administrator speaking on site) found past
the readers, fixed as kinds and tested in words of their own.

- "scratch that" said in passing, after a few words, takes back only the clause just before it: the
  item on screen is answered from the rest, not started over, and no earlier item is revised.
"""

from __future__ import annotations

import pytest

from tests.support import advance_to, make_manager


@pytest.mark.parametrize(
    ("message", "actual"),
    [
        (
            "combustible is permitted here and um we framed it in wood scratch that it's steel joists on "
            "block, all noncombustible, no heavy timber",
            "Noncombustible",
        ),
        (
            "combustible is permitted, the walls are steel stud forget that they're wood stud with a "
            "steel roof deck, so combustible and noncombustible, no heavy timber",
            "Combustible and noncombustible",
        ),
    ],
)
def test_scratch_that_in_passing_takes_back_only_what_was_just_said(message, actual):
    manager = make_manager()
    pid = manager.start_project("Dictated").project_id
    advance_to(manager, pid, "3.15")
    before = manager.storage.load_project(pid)
    result = manager.process_user_response(pid, message)
    after = manager.storage.load_project(pid)
    assert result.decision == "continuing" and result.section == "3.15"
    assert after.answer_for("3.15").value["actual"] == actual  # type: ignore[union-attr]
    assert after.answer_for("3.14") == before.answer_for("3.14")
