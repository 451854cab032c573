"""Code checks on the page: the sidebar badge, the matrix tab's panel (a finding goes to its item),
and direct entry refused by the checks unless a reason to record it anyway is given."""

from __future__ import annotations

from storage import open_storage
from tests.test_checks import up_to_310
from tests.ui.test_app import button, card, matrix_view, open_app, plain, project_id, stored, texts
from wizard_core import open_wizard


def office_at_310():
    wizard = open_wizard(open_storage())
    pid = up_to_310(wizard, "office")  # D, 2 storeys, 1,000 m², facing 1 street
    return wizard, pid


def test_the_sidebar_badge_and_the_matrix_panel_show_a_finding_that_goes_to_its_item():
    wizard, pid = office_at_310()
    wizard.answer_directly(pid, "3.10", ["3.2.2.62"])
    wizard.answer_directly(pid, "3.04", {"existing": 0, "new": 3_000, "total": 3_000}, "fire wall planned")
    at = open_app(pid)
    assert not at.exception
    sidebar = "\n".join(texts(at.sidebar))
    assert "Code checks" in sidebar and "2 errors" in sidebar  # the area limit, and gross < building area
    matrix_view(at)
    panel = "\n".join(texts(at.get_by_key("code-checks")))
    assert "3.2.2.62" in panel and "2,400" in panel  # the limit the building area is over
    button(at, "Go to 3.10").click().run()
    assert not at.exception and at.session_state["view"] == "Current item"
    assert "3.10 Building classification" in card(at)


def test_a_consistent_project_says_no_contradictions():
    wizard, pid = office_at_310()
    wizard.answer_directly(pid, "3.10", ["3.2.2.62"])
    at = matrix_view(open_app(pid))
    assert "No contradictions" in "\n".join(texts(at.sidebar))
    assert "No contradictions found between the answers and the code." in [plain(s.value) for s in at.success]


def test_direct_entry_the_checks_contradict_is_refused_then_kept_with_a_reason():
    _, pid = office_at_310()
    at = open_app(pid)
    at.text_input(key="entry-3.10-value").input("3.2.2.64")
    button(at, "Save answer").click().run()
    assert not at.exception
    errors = [plain(e.value) for e in at.error]
    assert any("Not saved" in e and "3.2.2.64" in e for e in errors), errors
    assert stored(at).answer_for("3.10") is None
    at.text_input(key="override-3.10").input("Fire wall divides it into two buildings")
    button(at, "Save answer").click().run()
    answer = stored(at).answer_for("3.10")
    assert answer is not None and answer.value == ["3.2.2.64"]
    assert answer.override == "Fire wall divides it into two buildings"
    assert project_id(at) == pid
