"""A revision flags only the answers it really changes, says what changed, and review settles them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from storage import TinyDBStorage
from tests.support import make_manager
from wizard_core import InputError, Wizard

# A three-storey sprinklered office building on one street, classified to 3.2.2.61 (at most 3,600 m²
# building area, four storeys). The upper floors are smaller, so the gross is not 3 × the footprint.
OFFICES: dict[str, Any] = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.03": False,
    "3.04": {"existing": 0, "new": 1200, "total": 1200},
    "3.05": {"existing": 0, "new": 3300, "total": 3300},
    "3.06": None,
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 8.4},
    "3.08": False,
    "3.09": 1,
    "3.10": ["3.2.2.61"],
    "3.11": "Entire building",
    "3.12": False,
    "3.13": "Single stage",
    "3.14": True,
    "3.15": {"restriction": "Combustible permitted", "actual": "Combustible", "heavy_timber": False},
    "3.16": "Normal",
    "3.17": "SC1",
    "3.19": True,
    "3.20": {"barrier_free_entrances": 2, "hazardous_substances": False},
}


@pytest.fixture
def wizard(tmp_path: Path) -> Wizard:
    return make_manager(TinyDBStorage(tmp_path / "data"))


def offices(wizard: Wizard) -> str:
    project = wizard.start_project("Bayview Court offices").project_id
    for section, value in OFFICES.items():
        wizard.answer_directly(project, section, value, override="checked by the consultant")
    assert wizard.load_project(project).flagged == {}
    return project


def revise(wizard: Wizard, project: str, section: str, value: Any) -> dict[str, str]:
    wizard.answer_directly(project, section, value, override="checked by the consultant")
    return wizard.load_project(project).flagged


def area(total: int) -> dict[str, int]:
    return {"existing": 0, "new": total, "total": total}


def test_a_bigger_footprint_within_every_limit_flags_nothing(wizard: Wizard) -> None:
    project = offices(wizard)
    # Before: mezzanine, sprinklers and standpipe were all flagged for any change of 3.04.
    assert revise(wizard, project, "3.04", area(1640)) == {}


def test_a_footprint_past_the_articles_limit_flags_the_classification_with_what_changed(
    wizard: Wizard,
) -> None:
    project = offices(wizard)
    revise(wizard, project, "3.04", area(1640))
    flagged = revise(wizard, project, "3.04", area(4000))
    assert set(flagged) == {"3.10", "3.05"}  # and the gross area is now less than the footprint
    assert "The gross area 3,300 m² (3.05) is less than the building area 4,000 m²" in flagged["3.05"]
    reason = flagged["3.10"]
    assert reason.startswith("Building area (3.04) went from 1,640 m² to 4,000 m². ")
    assert "3.2.2.61" in reason and "3,600 m²" in reason
    assert reason.endswith("Check it still holds.")


def test_gross_area_worked_out_from_identical_floors_is_flagged_when_the_footprint_moves(
    wizard: Wizard,
) -> None:
    project = offices(wizard)
    revise(wizard, project, "3.05", area(3600))  # 3 storeys × 1,200 m²
    flagged = revise(wizard, project, "3.04", area(1250))
    assert set(flagged) == {"3.05"}
    assert "Its 3,600 m² was 3 storeys × 1,200 m² building area, which no longer holds." in flagged["3.05"]


def test_a_fourth_storey_flags_the_standpipe_answer_that_now_falls_short(wizard: Wizard) -> None:
    project = offices(wizard)
    storeys = {"storeys_above_grade": 4, "storeys_below_grade": 0, "height_m": 11.6}
    flagged = revise(wizard, project, "3.07", storeys)
    assert "3.12" in flagged
    assert flagged["3.12"].startswith(
        "Storeys above grade (3.07) went from 3 to 4 and building height went from 8.4 m to 11.6 m. "
    )
    assert "3.2.5.8 requires one above 3 storeys" in flagged["3.12"]
    assert not {"3.10", "3.11", "3.05", "3.06", "3.04"} & set(flagged)  # 3.2.2.61 allows 4 storeys


def test_adding_a_retail_occupancy_flags_what_reads_the_occupancy(wizard: Wizard) -> None:
    project = offices(wizard)
    flagged = revise(wizard, project, "3.02", ["D", "E"])
    assert {"3.03", "3.10", "3.16", "3.19", "3.20"} <= set(flagged)
    assert not {"3.04", "3.05", "3.07", "3.09"} & set(flagged)
    assert flagged["3.03"] == (
        "Major occupancy (3.02) went from D to D, E, which 3.03 Superimposed major occupancies rests on. "
        "Check it still holds."
    )
    assert "give one article per occupancy" in flagged["3.10"]


def test_a_change_the_engine_does_not_read_falls_back_on_the_forms_dependencies(wizard: Wizard) -> None:
    project = offices(wizard)
    flagged = revise(wizard, project, "3.16", "High")
    assert set(flagged) == {"3.17"}
    assert flagged["3.17"].startswith("3.16 Importance category went from Normal to High, which 3.17")


def test_undoing_a_revision_puts_the_earlier_flags_back(wizard: Wizard) -> None:
    project = offices(wizard)
    revise(wizard, project, "3.04", area(4000))
    first = wizard.load_project(project).flagged["3.10"]
    revise(wizard, project, "3.04", area(4200))
    assert wizard.load_project(project).flagged["3.10"] == first  # still past the limit: unchanged
    revise(wizard, project, "3.04", area(1200))
    back = wizard.load_project(project).flagged["3.10"]
    assert back.startswith("Building area (3.04) went from 4,200 m² to 1,200 m². ")
    wizard.undo_last_answer(project)
    assert wizard.load_project(project).flagged["3.10"] == first


def test_keep_all_clears_several_flags_in_one_save_or_changes_nothing(wizard: Wizard) -> None:
    project = offices(wizard)
    flagged = revise(wizard, project, "3.02", ["D", "E"])
    revision = wizard.load_project(project).revision
    with pytest.raises(InputError, match=r"Not flagged for review, so nothing was kept: 3\.04"):
        wizard.keep_all(project, ["3.16", "3.04"])
    assert wizard.load_project(project).revision == revision
    kept = wizard.keep_all(project, ["3.16", "3.19"])
    state = wizard.load_project(project)
    assert [a.section for a in kept] == ["3.16", "3.19"] and state.revision == revision + 1
    assert set(state.flagged) == set(flagged) - {"3.16", "3.19"}
    assert state.answer_for("3.19").reviewed_for == flagged["3.19"]


def test_confirm_all_leaves_flagged_answers_for_the_consultant(wizard: Wizard) -> None:
    project = wizard.start_project("Bayview Court offices").project_id
    wizard.process_user_response(project, "New construction, three storeys of offices.")
    wizard.process_user_response(project, "Group D, business and personal services.")
    wizard.process_user_response(project, "No superimposed occupancies.")
    wizard.answer_directly(project, "3.02", ["D", "E"], override="retail added on the ground floor")
    state = wizard.load_project(project)
    assert "3.03" in state.flagged and state.answer_for("3.03").proposed
    assert wizard.status_counts(state) == {
        "confirmed": 2,  # the code edition and the direct entry
        "proposed": 1,
        "overridden": 0,
        "flagged": 1,
        "skipped": 0,
        "to do": 24,
    }

    done = wizard.confirm_all(project)
    assert [a.section for a in done] == ["3.01"] and len(done) == 1
    assert list(done.left) == ["3.03"] and "Major occupancy (3.02) went from D to D, E" in done.left["3.03"]
    assert done.text == "Confirmed 1 answer; 1 flagged item was left for you to review: 3.03."
    state = wizard.load_project(project)
    assert state.answer_for("3.01").confirmed and state.answer_for("3.03").proposed
    counts = wizard.status_counts(state)
    assert (counts["confirmed"], counts["proposed"], counts["flagged"]) == (3, 0, 1)

    with pytest.raises(InputError, match=r"Nothing was confirmed: the proposed answer is flagged .*3\.03"):
        wizard.confirm_all(project)
