"""The sheet's other cells through the Matrix tab: chosen by item, filled in, saved beside the answer."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.ui.test_app import button, create, matrix_view, plain, project_id, say, stored

EXPANDER = "Other cells on the OAA sheet"


def said(at: AppTest) -> list[str]:
    kinds = ("caption", "success", "error", "warning", "info")
    return [plain(str(e.value)) for kind in kinds for e in at.main.get(kind)]


def cell(at: AppTest, section: str, name: str):
    return at.text_input(key=f"sheet-cell-{project_id(at)}-{section}-{name}")


def choose(at: AppTest, section: str) -> AppTest:
    at.selectbox(key=f"sheet-cells-item-{project_id(at)}").select(section).run()
    assert not at.exception
    return at


def test_the_use_beside_an_occupancy_and_a_description_are_saved_beside_their_answers():
    at = create("12 King St offices")
    say(at, "New construction.")
    say(at, "Group D offices.")
    matrix_view(at)
    assert [e.label for e in at.expander if e.label == EXPANDER] == [EXPANDER]
    items = at.selectbox(key=f"sheet-cells-item-{project_id(at)}")
    assert [option.split()[0] for option in items.options] == ["3.01", "3.02"]  # answered, with cells

    choose(at, "3.01")
    cell(at, "3.01", "description").input("Fit-out of floors 2 and 3")
    button(at, "Save cells").click().run()
    assert not at.exception
    assert any(s.startswith("Saved the other cells of 3.01") for s in said(at))

    choose(at, "3.02")
    use = cell(at, "3.02", "groups.1.use")
    assert use.label == "Use beside D"
    use.input("Offices")
    button(at, "Save cells").click().run()
    assert not at.exception
    assert any(s.startswith("Saved the other cells of 3.02") for s in said(at))

    state = stored(at)
    assert state.answer_for("3.01").sheet_cells == {"description": "Fit-out of floors 2 and 3"}  # type: ignore[union-attr]
    assert state.answer_for("3.02").sheet_cells == {"groups.1.use": "Offices"}  # type: ignore[union-attr]
    assert state.answer_for("3.02").value == ["D"]  # type: ignore[union-attr]
    assert cell(at, "3.02", "groups.1.use").value == "Offices"  # the box shows what was saved

    # Cleared and saved: the cell is gone; a word in no cell's place is never sent.
    cell(at, "3.02", "groups.1.use").input("")
    button(at, "Save cells").click().run()
    assert stored(at).answer_for("3.02").sheet_cells == {}  # type: ignore[union-attr]
    button(at, "Save cells").click().run()
    assert "Nothing to save: the cells are as they were." in said(at)


def test_a_new_project_is_told_to_answer_first_and_an_areas_rows_are_a_table():
    at = create("Fresh")
    matrix_view(at)
    assert "Answer an item first (3.01 onwards); its other cells can then be filled in here." in said(at)
    at.session_state["view"] = "Current item"
    at.run()
    for message in ("New construction.", "Group D offices.", "No", "1,200 m2, all new"):
        say(at, message)
    matrix_view(at)
    choose(at, "3.04")
    assert "The description rows printed under the total (10 at most)." in said(at)
    assert not [t for t in at.main.text_input if t.key and t.key.startswith("sheet-cell-")]


def test_an_areas_description_rows_are_added_edited_and_deleted_in_the_table():
    at = create("Areas")
    for message in ("New construction.", "Group D offices.", "No", "1,200 m2, all new"):
        say(at, message)
    matrix_view(at)
    choose(at, "3.04")

    def edit(**edits) -> None:
        # What the browser's table sends: its edits against the rows it was drawn with.
        editor = at.session_state[f"sheet-rows-{project_id(at)}-3.04"]["editor"]
        at.session_state[editor] = {"edited_rows": {}, "added_rows": [], "deleted_rows": []} | edits
        button(at, "Save cells").click().run()
        assert not at.exception

    edit(added_rows=[{"description": "Ground floor", "new": 1200.0}, {"description": "Canopy"}])
    assert stored(at).answer_for("3.04").sheet_cells == {  # type: ignore[union-attr]
        "parts.1.description": "Ground floor",
        "parts.1.new": "1200",
        "parts.2.description": "Canopy",
    }
    edit(edited_rows={"1": {"description": "Canopy over the entrance", "total": 12.5}}, deleted_rows=[0])
    assert stored(at).answer_for("3.04").sheet_cells == {  # type: ignore[union-attr]
        "parts.1.description": "Canopy over the entrance",
        "parts.1.total": "12.5",
    }
    edit(added_rows=[{"description": f"Part {n}"} for n in range(10)])
    assert "The sheet takes 10 description rows at most; nothing was saved." in said(at)
    assert len(stored(at).answer_for("3.04").sheet_cells) == 2  # type: ignore[union-attr]
