"""The code checks at work: proposals for 3.10, the gate before an answer is recorded, overrides,
the `check` command, the exports' appendix and the candidates in a model's context package."""

from __future__ import annotations

import json
import re

import pytest

from tests.support import make_manager
from wizard_core import InputError
from wizard_core.cli import main

# A building answered up to 3.09: (project type, occupancies, building area, storeys, height m, streets)
FACTS = {
    "restaurant": ("A2", 350, 1, 5.0, 1),
    "arena": ("A3", 2_000, 1, 9.0, 1),
    "theatre": ("A1", 500, 1, 8.0, 1),
    "grandstand": ("A4", 800, 1, 6.0, 1),
    "holding cells": ("B1", 2_000, 1, 6.0, 1),
    "day surgery clinic": ("B2", 450, 1, 5.0, 1),
    "care home": ("B3", 1_000, 2, 8.0, 1),
    "walk-up apartments": ("C", 1_000, 3, 10.0, 1),
    "office": ("D", 1_000, 2, 8.0, 1),
    "store": ("E", 1_200, 1, 6.0, 1),
    "paint shop": ("F1", 600, 1, 6.0, 1),
    "warehouse": ("F2", 1_200, 1, 8.0, 1),
    "workshop": ("F3", 1_000, 2, 9.0, 1),
}
# What the consultant says about sprinklers and structure, and the articles whose limits that
# building meets, read from Subsection 3.2.2 (any of them is a right proposal).
CASES = [
    ("restaurant", "It is not sprinklered and wood framed.", {"3.2.2.25", "3.2.2.28"}),
    ("arena", "No sprinklers; combustible construction.", {"3.2.2.32"}),
    ("theatre", "Sprinklered throughout, wood frame.", {"3.2.2.22"}),
    ("grandstand", "Not sprinklered; steel and concrete.", {"3.2.2.35"}),
    ("holding cells", "Sprinklered throughout, concrete and steel.", {"3.2.2.36", "3.2.2.37"}),
    ("day surgery clinic", "Fully sprinklered, combustible construction.", {"3.2.2.40", "3.2.2.41"}),
    ("care home", "Sprinklered, wood frame structure.", {"3.2.2.44", "3.2.2.45"}),
    ("walk-up apartments", "Sprinklered throughout, timber framed, not a retirement home.",
     {"3.2.2.51", "3.2.2.52", "3.2.2.55"}),
    ("office", "Unsprinklered, wood frame.", {"3.2.2.62"}),
    ("store", "Not sprinklered, combustible.", {"3.2.2.68"}),
    ("paint shop", "No sprinklers, steel stud and wood roof: combustible.", {"3.2.2.75"}),
    ("warehouse", "Unsprinklered, wood construction.", {"3.2.2.78"}),
    # An article that does not require sprinklers serves a sprinklered building too.
    ("workshop", "Sprinklered throughout, wood frame.", {"3.2.2.85", "3.2.2.86", "3.2.2.88"}),
]  # fmt: skip


def up_to_310(wizard, use: str) -> str:
    group, area, storeys, height, streets = FACTS[use]
    pid = wizard.start_project(use).project_id
    for section, value in [
        ("3.01", "New construction"),
        ("3.02", [group]),
        ("3.03", False),
        ("3.04", {"existing": 0, "new": area, "total": area}),
        ("3.05", {"existing": 0, "new": area * storeys, "total": area * storeys}),
        ("3.06", None),
        ("3.07", {"storeys_above_grade": storeys, "storeys_below_grade": 0, "height_m": height}),
        ("3.08", False),
        ("3.09", streets),
    ]:
        wizard.answer_directly(pid, section, value)
    assert wizard.load_project(pid).current_form_section == "3.10"
    return pid


@pytest.mark.parametrize(("use", "facts", "fitting"), CASES, ids=[c[0] for c in CASES])
def test_asked_which_article_applies_the_wizard_proposes_one_that_fits_and_yes_records_it(
    use, facts, fitting
):
    wizard = make_manager()
    pid = up_to_310(wizard, use)
    asked = wizard.process_user_response(pid, "Which classification article applies here?")
    assert asked.type == "clarifying_question" and asked.section == "3.10"
    offer = wizard.process_user_response(pid, facts)
    assert offer.type == "clarifying_question" and "Proposed for 3.10" in offer.content
    proposed = [a for a in fitting if a in offer.content]
    assert proposed, offer.content
    recorded = wizard.process_user_response(pid, "Yes, that's right.")
    assert recorded.type == "form_answer" and recorded.section == "3.10"
    assert recorded.answer is not None and recorded.answer.value[0] in fitting
    assert not [f for f in wizard.check(pid) if f.severity == "error" and f.item == "3.10"]


def test_facts_without_an_article_get_a_proposal_instead_of_a_bare_question():
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    offer = wizard.process_user_response(pid, "Two storeys of offices, unsprinklered, wood frame.")
    assert offer.type == "clarifying_question" and "Proposed for 3.10: 3.2.2.62" in offer.content
    assert "2,400" in offer.content  # the comparison that makes it fit


def test_an_article_that_does_not_fit_is_asked_about_not_recorded():
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    reply = wizard.process_user_response(pid, "3.2.2.64 applies.")
    assert reply.type == "clarifying_question"
    assert "3.2.2.64" in reply.content and "800" in reply.content  # its 2-storey limit facing 1 street
    assert "3.2.2.62" in reply.content  # the article that fits, proposed instead
    state = wizard.load_project(pid)
    assert state.answer_for("3.10") is None and state.current_form_section == "3.10"


def test_a_contradicting_sprinkler_answer_is_questioned_citing_the_article():
    wizard = make_manager()
    pid = up_to_310(wizard, "walk-up apartments")
    wizard.answer_directly(pid, "3.10", ["3.2.2.52"])
    reply = wizard.process_user_response(pid, "No sprinklers required.")
    assert reply.type == "clarifying_question" and reply.section == "3.11"
    assert "3.2.2.52" in reply.content and "Entire building" in reply.content
    assert "3.2.2.52" in reply.obc_references
    assert wizard.load_project(pid).answer_for("3.11") is None
    fixed = wizard.process_user_response(pid, "Sprinklered throughout, the entire building.")
    assert fixed.type == "form_answer" and fixed.answer.value == "Entire building"


def test_insisting_records_the_answer_with_its_reason_and_the_export_shows_it():
    wizard = make_manager()
    pid = up_to_310(wizard, "walk-up apartments")
    wizard.answer_directly(pid, "3.10", ["3.2.2.52"])
    wizard.process_user_response(pid, "Not required.")
    insisted = wizard.process_user_response(
        pid, "Not required - record it anyway: an alternative solution replaces the sprinklers."
    )
    assert insisted.type == "form_answer" and insisted.answer.value == "Not required"
    assert insisted.answer.override and "alternative solution" in insisted.answer.override
    assert any("3.2.2.52" in m for m in insisted.answer.override_findings)
    state = wizard.load_project(pid)
    markdown = wizard.export(state, "md")
    assert "Recorded despite the code checks" in markdown and "alternative solution" in markdown
    assert "## Code checks" in markdown and "**3.11** error" in markdown
    document = json.loads(wizard.export(state, "json"))
    assert any(f["item"] == "3.11" and f["severity"] == "error" for f in document["code_checks"])
    assert "alternative solution" in (wizard.export(state, "csv"))


def test_direct_entry_that_contradicts_the_code_is_refused_unless_a_reason_is_given():
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    with pytest.raises(InputError, match=re.escape("3.2.2.64")):
        wizard.answer_directly(pid, "3.10", ["3.2.2.64"])  # 800 m² for 2 storeys facing 1 street
    assert wizard.load_project(pid).answer_for("3.10") is None
    answer = wizard.answer_directly(pid, "3.10", ["3.2.2.62"])
    assert answer.override is None
    too_big = {"existing": 0, "new": 9_000, "total": 9_000}  # over what 3.2.2.62 allows
    with pytest.raises(InputError, match="Not saved"):
        wizard.answer_directly(pid, "3.04", too_big, override="   ")  # a blank reason is no reason
    assert wizard.load_project(pid).answer_for("3.04").value["total"] == 1_000
    forced = wizard.answer_directly(pid, "3.04", too_big, "fire wall split")
    assert forced.override == "fire wall split" and forced.override_findings


def test_a_consistent_project_has_no_errors_and_a_gross_area_below_the_building_area_is_one():
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    for section, value in [
        ("3.10", ["3.2.2.62"]),
        ("3.11", "Not required"),
        ("3.12", False),
        ("3.13", "Not required"),
        ("3.15", {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False}),
        ("3.21", "Floors 45 min, roof 45 min, loadbearing walls 45 min"),
    ]:
        wizard.answer_directly(pid, section, value)
    assert [f for f in wizard.check(pid) if f.severity == "error"] == []
    with pytest.raises(InputError, match=re.escape("3.05")):
        wizard.answer_directly(pid, "3.05", {"existing": 0, "new": 500, "total": 500})


def test_the_check_command_prints_findings_and_exits_0_or_2_on_bad_input(tmp_path, capsys):
    store = tmp_path / "store"
    assert main(["new", "Warehouse", "--store", str(store)]) == 0
    pid = capsys.readouterr().out.strip()
    for message in ["New construction", "F2 storage", "no", "1200 m2 new, no existing", "1200 m2 new gross"]:
        assert main(["say", pid, message, "--store", str(store)]) == 0
    capsys.readouterr()
    assert main(["check", pid, "--store", str(store), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []  # nothing contradicts yet
    assert main(["check", pid, "--store", str(store)]) == 0
    assert "No findings" in capsys.readouterr().out
    assert main(["check", "no-such-project", "--store", str(store)]) == 2
    assert "not found" in capsys.readouterr().err


def test_a_models_package_for_310_lists_the_articles_that_fit():
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    package = wizard.context_package(pid)
    assert "### Code engine: classification articles that fit the answers so far" in package.markdown
    assert "- Group D:" in package.markdown
    assert "Choose the 3.10 article" in package.markdown
    wizard.answer_directly(pid, "3.10", ["3.2.2.62"])
    assert "Code engine" not in wizard.context_package(pid).markdown  # only for 3.10


@pytest.mark.parametrize(
    "reply",
    [
        "Yes, and the building is sprinklered throughout.",
        "yes - though the 2nd floor is actually a mezzanine",
        "Yeah, 3 streets face it",
        "ok but it is noncombustible construction",
    ],
)
def test_a_yes_that_goes_on_to_answer_something_else_does_not_accept_the_proposal(reply):
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    offer = wizard.process_user_response(pid, "Two storeys of offices, unsprinklered, wood frame.")
    assert "Proposed for 3.10: 3.2.2.62" in offer.content
    answer = wizard.process_user_response(pid, reply)
    state = wizard.load_project(pid)
    if answer.type == "form_answer":  # recorded only from the facts just given, never from the bare "yes"
        assert state.answer_for("3.10") is not None and "accepted" not in answer.content
    else:
        assert state.answer_for("3.10") is None and answer.section == "3.10"


@pytest.mark.parametrize(
    "reply", ["Yes", "ok, go with that one", "Sounds good, use your proposed article please"]
)
def test_a_yes_to_the_proposal_itself_records_it(reply):
    wizard = make_manager()
    pid = up_to_310(wizard, "office")
    wizard.process_user_response(pid, "Two storeys of offices, unsprinklered, wood frame.")
    answer = wizard.process_user_response(pid, reply)
    assert answer.type == "form_answer" and answer.answer is not None
    assert answer.answer.value == ["3.2.2.62"]


def test_the_same_contradiction_is_never_asked_a_third_time():
    wizard = make_manager()
    pid = wizard.start_project("Loop").project_id
    for message in ("New construction", "D offices", "no", "12 m2", "4,800 m2 gross", "none"):
        wizard.process_user_response(pid, message)
    same = "4 storeys, no basement, 16.5 m"
    first = wizard.process_user_response(pid, same)
    second = wizard.process_user_response(pid, same)
    third = wizard.process_user_response(pid, same)
    assert first.type == second.type == "clarifying_question" and first.content != second.content
    # The second time says which answers it is at odds with and how to correct them.
    assert "3.04 Building area: Existing 0 m², new 12 m², total 12 m²" in second.content
    assert "correction on 3.04" in second.content
    # The third time keeps the answer as given, at low confidence, with the contradiction left open.
    assert third.type == "form_answer" and third.confidence < 0.5 and "kept as given" in third.content
    state = wizard.load_project(pid)
    assert state.answer_for("3.07").confidence < 0.5 and state.current_form_section == "3.08"
    assert any(f.severity == "error" for f in wizard.check(pid))
    statuses = {row["item"]: row["answer_status"] for row in wizard.matrix_rows(state)}
    assert statuses["3.05"] == "flagged" and statuses["3.07"] == "proposed"


def test_a_proposal_missing_facts_is_given_for_each_case_and_never_recorded():
    wizard = make_manager()
    pid = up_to_310(wizard, "care home")
    asked = wizard.process_user_response(pid, "Which classification article applies here?")
    assert asked.type == "clarifying_question" and "for each case" in asked.content
    assert "if sprinklered throughout and combustible: 3.2.2.45" in asked.content
    assert "if not sprinklered and combustible: no classification article fits" in asked.content
    assert wizard.load_project(pid).answer_for("3.10") is None
    # A yes to a conditional proposal records nothing: the case is chosen by the facts.
    assert wizard.process_user_response(pid, "yes").type == "clarifying_question"
    offer = wizard.process_user_response(pid, "Sprinklered, wood frame structure.")
    assert "Proposed for 3.10: 3.2.2.45" in offer.content


def test_one_occupancy_over_another_of_both_kinds_of_construction_is_proposed_per_portion():
    """Apartments in wood frame over a concrete treatment floor: under 3.2.2.7 each portion has its
    own article, so 'partly combustible' is a case of its own, and the wood portion gets an article
    that permits combustible construction rather than one it would have to confirm is noncombustible."""
    wizard = make_manager()
    pid = wizard.start_project("Clinic under flats").project_id
    for section, value in [
        ("3.01", "New construction"),
        ("3.02", ["C", "B2"]),
        ("3.03", True),
        ("3.04", {"existing": 0, "new": 1500, "total": 1500}),
        ("3.05", {"existing": 0, "new": 4500, "total": 4500}),
        ("3.06", None),
        ("3.07", {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 10.5}),
        ("3.08", False),
        ("3.09", 1),
    ]:
        wizard.answer_directly(pid, section, value)
    asked = wizard.process_user_response(pid, "Which article would you use for each of them?")
    assert asked.type == "clarifying_question" and "partly noncombustible" in asked.content
    assert "combustible in one portion and noncombustible in the other" in asked.content
    offer = wizard.process_user_response(
        pid,
        "Sprinklered throughout; the clinic floor is cast-in-place concrete and the flats above are "
        "wood frame.",
    )
    assert "Proposed for 3.10: 3.2.2.55, 3.2.2.39" in offer.content
    assert "Confirm the B2 portion is noncombustible" in offer.content
    assert wizard.load_project(pid).answer_for("3.10") is None  # a proposal, until the consultant says yes
