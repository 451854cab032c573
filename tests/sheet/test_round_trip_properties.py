"""Properties: whatever the wizard records leaves as the OAA Part 3 sheet and comes back the same.

The sheet's rules for what a text cell can hold: never exactly one of the template's placeholders
("-", "/", "TEXT HERE", "Select applicable", a bracketed hint…: ``cells.is_placeholder``), which
read as a blank cell; no leading or trailing spaces, which a cell does not keep; and no line break
within a cell (a text answer's lines each take a row of their own); and not "N/A" or "not
applicable", which in an item's first answer cell says the item is not applicable (so a 3.26 of
"N/A" comes back as not applicable, which is what it says). Everything else printable
comes back: accents, a leading "=", a "/" inside. A CSV cell read as ``cells.text_of`` tidies it
holds each run of blanks as one space.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wizard_core.answers import validate_value
from wizard_core.export import export
from wizard_core.export.inert import defanged
from wizard_core.forms import FormQuestionService
from wizard_core.models import FormAnswer, Practice, ProjectState
from wizard_core.sheet import cells
from wizard_core.sheet.files import sheets
from wizard_core.sheet.read import read_sheet
from wizard_core.sheet.values import ASSEMBLIES
from wizard_core.sheet.write import sheet_lines

FORMS = FormQuestionService()
ITEMS = {item.number: item for item in FORMS.items}
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GROUPS = [option.label for option in ITEMS["3.02"].options]
RATINGS = [None, 0, 0.75, 1, 1.5, 2, 3, 4]
BANDS = ["less than 3:1", "3:1 to 10:1", "over 10:1"]


def _is_cell_text(text: str) -> bool:
    """Text a sheet cell holds as itself (the module docstring's rules)."""
    tidy = cells.text_of(text)
    not_applicable = tidy.casefold().rstrip(".") in ("n/a", "not applicable")
    return text == text.strip() and not cells.is_placeholder(tidy) and not not_applicable


# Letters (accented ones too), marks, digits, punctuation, symbols and spaces; no control characters
# and no line or paragraph separators.
_CHARACTERS = st.characters(categories=("L", "M", "N", "P", "S", "Zs"))


def _cell_text(max_size: int = 24) -> st.SearchStrategy[str]:
    words = st.text(_CHARACTERS, min_size=1, max_size=max_size)
    return st.one_of(
        words,
        words.map(lambda text: "=" + text[: max_size - 1]),
        st.tuples(words, words).map(lambda pair: f"{pair[0]} / {pair[1]}"[:max_size]),
        # What a consultant writes, and words that begin like a heading of the rows below a list.
        st.sampled_from(
            [
                "Rez-de-chaussée",
                "Étage 2",
                "=SUM(A1:A3)",
                "1/2 storey",
                "N/A",
                "Müller's",
                "-1",
                "Total",
                "Notes",
            ]
        ),
    ).filter(lambda text: _is_cell_text(text) and len(text) <= max_size)


TEXT = _cell_text()
# What a CSV cell gives back is tidied (cells.text_of): any run of blanks becomes one space.
TIDY_TEXT = TEXT.filter(lambda text: text == cells.text_of(text))


def _decimals(low: int, high: int, places: int = 3) -> st.SearchStrategy[float]:
    """A figure from low to high with up to ``places`` decimals, as a consultant types one."""
    return st.integers(0, places).flatmap(
        lambda scale: st.integers(low * 10**scale, high * 10**scale).map(lambda whole: whole / 10**scale)
    )


NUMBER = _decimals(0, 10**6)
HOURS = _decimals(0, 4, places=2)
PERCENT = _decimals(0, 100)
COUNT = st.integers(0, 10_000)


def _pair(figure: st.SearchStrategy[Any]) -> st.SearchStrategy[tuple[Any, Any]]:
    """Required / provided, at least one given (neither is a blank cell)."""
    return st.tuples(figure, st.none() | figure) | st.tuples(st.none(), figure)


KINDS: dict[str, st.SearchStrategy[Any]] = {
    "text": TEXT,
    "number": NUMBER,
    "int": COUNT,
    "yes_no": st.booleans(),
    "hours": HOURS,
    "hours_na": st.none() | HOURS,
    "group": st.sampled_from(GROUPS),
    "ratio": st.builds("{}{}{}".format, st.integers(0, 999), st.sampled_from(":/"), st.integers(0, 999)),
    "number_pair": _pair(PERCENT),
    "int_pair": _pair(COUNT),
    # a face's ratio, or the band of Table 3.2.3.1.-B or -C named in its place
    "face_ratio": st.tuples(_decimals(1, 100), st.just("")) | st.tuples(st.none(), st.sampled_from(BANDS)),
}
KIND_VALUES = st.sampled_from(sorted(KINDS)).flatmap(lambda kind: st.tuples(st.just(kind), KINDS[kind]))


@SETTINGS
@given(KIND_VALUES)
@example(("number_pair", (None, 12.345)))  # was written rounded, as 12.35
@example(("ratio", "60/40"))  # was refused: only 60:40 was read
def test_each_kind_of_cell_reads_back_what_was_written(kind_value: tuple[str, Any]) -> None:
    kind, value = kind_value
    written = cells.write(kind, value)
    assert written is not None
    assert cells.read(kind, written) == value


@SETTINGS
@given(KIND_VALUES.filter(lambda kv: kv[0] != "text") | st.tuples(st.just("text"), TIDY_TEXT))
def test_each_kind_of_cell_reads_back_from_its_text_as_a_csv_cell_holds_it(
    kind_value: tuple[str, Any],
) -> None:
    kind, value = kind_value
    assert cells.read(kind, cells.text_of(str(cells.write(kind, value)))) == value


@given(st.sampled_from([kind for kind in KINDS if kind != "hours_na"]))
def test_a_field_without_a_value_leaves_its_cell_blank(kind: str) -> None:
    assert cells.write(kind, None) is None and cells.write(kind, cells.EMPTY) is None
    assert cells.read(kind, None) is cells.EMPTY and cells.read(kind, "") is cells.EMPTY


# Whole answers: a typed value per answer type, normalized as the wizard records it.

OPTIONAL_TEXT = st.just("") | TEXT
SHORT_TEXT = _cell_text(10)


def _choice(number: str) -> st.SearchStrategy[str]:
    return st.sampled_from([option.label for option in ITEMS[number].options])


def _area() -> st.SearchStrategy[dict[str, float]]:
    # The total as typed, or as the area reader works it out (rounded, answers/area.py): a float sum's
    # seventeenth digit (0.1 + 1.1 = 1.2000000000000002) is not a figure anyone records, and a
    # workbook keeps sixteen (openpyxl writes "%.16g"; Excel shows fifteen).
    return st.tuples(NUMBER, NUMBER).map(
        lambda en: {"existing": en[0], "new": en[1], "total": round(en[0] + en[1], 3)}
    )


HEIGHT = st.fixed_dictionaries(
    {
        "storeys_above_grade": st.integers(1, 200),
        "storeys_below_grade": st.integers(0, 20),
        "height_m": _decimals(0, 1000).filter(lambda height: height > 0),
    }
)
CONSTRUCTION = st.fixed_dictionaries(
    {
        "restriction": st.sampled_from([o.label for o in ITEMS["3.15"].field_options["restriction"]]),
        "actual": st.sampled_from([o.label for o in ITEMS["3.15"].field_options["actual"]]),
        "heavy_timber": st.booleans(),
    }
)
ENTRANCES_HAZARDS = st.fixed_dictionaries(
    {"barrier_free_entrances": st.integers(0, 100), "hazardous_substances": st.booleans()}
)
POSITIVE = NUMBER.filter(lambda figure: figure > 0)


@st.composite
def occupant_load(draw: st.DrawFn) -> dict[str, Any]:
    floors = draw(st.lists(TEXT, max_size=6, unique_by=str.casefold))
    if not floors:  # a total alone (kept as given: answers/occupant_load.py)
        return {"rows": [], "total": draw(COUNT), "note": draw(OPTIONAL_TEXT)}
    rows = [
        {
            "floor": floor,
            "occupancy": draw(st.just("") | st.sampled_from(GROUPS)),
            "use": draw(OPTIONAL_TEXT),
            "area_m2": draw(st.none() | POSITIVE),
            "persons": draw(COUNT),
            "based_on": draw(OPTIONAL_TEXT),
            "posted_limit": draw(st.booleans()),
        }
        for floor in floors
    ]
    return {"rows": rows, "total": sum(row["persons"] for row in rows), "note": draw(OPTIONAL_TEXT)}


@st.composite
def faces(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(TEXT, max_size=6, unique_by=str.casefold))
    if not names:  # a note alone (kept as written: answers/faces.py)
        return {"faces": [], "note": draw(TEXT)}
    rows = [
        {
            "face": name,
            # A face is worked out from its area and limiting distance, so a recorded one has both.
            "area_m2": draw(POSITIVE),
            "limiting_distance_m": draw(NUMBER),
            **dict(
                zip(
                    ("ratio", "ratio_band"),
                    draw(KINDS["face_ratio"] | st.just((None, ""))),
                    strict=True,
                )
            ),
            "upo_permitted_pct": draw(st.none() | PERCENT),
            "upo_actual_pct": draw(st.none() | PERCENT),
            "frr_h": draw(st.none() | HOURS),
            "construction": draw(OPTIONAL_TEXT),
            "cladding": draw(OPTIONAL_TEXT),
            # The table, row and column a face's permitted openings come from has no cell on the
            # sheet: an import works it out again (importing.py), so a face read back has none.
            "basis": "",
        }
        for name in names
    ]
    return {"faces": rows, "note": draw(OPTIONAL_TEXT)}


@st.composite
def fixtures(draw: st.DrawFn) -> dict[str, Any]:
    count = st.none() | st.integers(0, 50)
    rows = [
        {
            "floor": draw(TEXT),
            "persons": draw(COUNT),
            "sentence": draw(OPTIONAL_TEXT),
            **{
                key: draw(count)
                for key in (
                    "wc_required",
                    "wc_provided",
                    "bf_wc_required",
                    "bf_wc_provided",
                    "universal_required",
                    "universal_provided",
                )
            },
        }
        for _ in range(draw(st.integers(0, 5)))
    ]
    if not rows:  # a note alone is kept as written, its ratio as typed (answers/fixtures.py)
        return {"ratio": draw(KINDS["ratio"]), "rows": [], "note": draw(TEXT)}
    # Rows are worked out, the ratio with them: male:female as parts of 100.
    male = draw(st.integers(0, 100))
    return {"ratio": f"{male}:{100 - male}", "rows": rows, "note": draw(OPTIONAL_TEXT)}


@st.composite
def assemblies(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(st.sampled_from(ASSEMBLIES), unique=True, max_size=5))
    rows = [
        {
            "assembly": name,
            "rating_h": draw(st.sampled_from(RATINGS)),
            "supporting_h": draw(st.sampled_from(RATINGS)),
            "noncombustible_in_lieu": draw(st.booleans()),
        }
        for name in names
    ]
    return {"assemblies": rows, "note": draw(TEXT if not rows else OPTIONAL_TEXT)}


ENERGY = st.fixed_dictionaries(
    {
        "compliance_path": st.just("") | st.sampled_from(["SB-10, ASHRAE 90.1", "SB-12"]) | TEXT,
        "climate_zone": st.just("") | SHORT_TEXT,
        "degree_days": st.none() | st.integers(0, 20_000),
        "note": OPTIONAL_TEXT,
    }
).filter(lambda energy: any(v not in ("", None) for v in energy.values()))
SOUND = st.fixed_dictionaries(
    {"more_than_one_dwelling_unit": st.none() | st.booleans(), "option": OPTIONAL_TEXT, "note": OPTIONAL_TEXT}
).filter(lambda sound: any(v not in ("", None) for v in sound.values()))
LINES = st.lists(TEXT, min_size=1, max_size=4).map("\n".join)


def _articles(count: int) -> st.SearchStrategy[list[str]]:
    article = st.tuples(st.integers(20, 93), st.sampled_from(["", "", "", "A", "B"])).map(
        lambda ns: f"3.2.2.{ns[0]}{ns[1]}"
    )
    return st.lists(article, min_size=count, max_size=count, unique=True)


VALUES: dict[str, st.SearchStrategy[Any]] = {
    "3.01": _choice("3.01"),
    "3.03": st.booleans(),
    "3.04": _area(),
    "3.05": _area(),
    "3.06": _area(),
    "3.07": HEIGHT,
    "3.08": st.booleans(),
    "3.09": st.integers(1, 3),
    "3.11": _choice("3.11"),
    "3.12": st.booleans(),
    "3.13": _choice("3.13"),
    "3.14": st.booleans(),
    "3.15": CONSTRUCTION,
    "3.16": _choice("3.16"),
    "3.17": _choice("3.17"),
    "3.18": occupant_load(),
    "3.19": st.booleans(),
    "3.20": ENTRANCES_HAZARDS,
    "3.21": assemblies(),
    "3.22": faces(),
    "3.23": fixtures(),
    "3.24": ENERGY,
    "3.25": SOUND,
    "3.26": LINES,
    "3.27": LINES,
}


@st.composite
def projects(draw: st.DrawFn) -> dict[str, Any]:
    """Typed values by item for some of the items (3.00 always; 3.10 with one article per group).

    No answer is "not applicable" (None): the sheet prints one as blank cells, which read as to do.
    """
    edition = FORMS.form.editions[0]
    values: dict[str, Any] = {"3.00": f"{edition.regulation} (last amendment {edition.last_amendment})"}
    if draw(st.integers(0, 4)):
        values["3.02"] = draw(st.lists(st.sampled_from(GROUPS), min_size=1, max_size=6, unique=True))
    for number, strategy in VALUES.items():
        if draw(st.integers(0, 4)):  # most items answered, some left to do
            values[number] = draw(strategy)
    if "3.02" in values and draw(st.integers(0, 4)):
        values["3.10"] = draw(_articles(len(values["3.02"])))
    return {number: validate_value(ITEMS[number], value) for number, value in values.items()}


# Values these properties found coming back otherwise: an actual 12.345 % read back as 12.35 %, a
# floor named like the TOTAL row below the floors (read as that row), a ratio typed 60/40 beside a
# note alone (refused).
FOUND = {
    number: validate_value(ITEMS[number], value)
    for number, value in {
        "3.18": {"rows": [{"floor": "Total building", "persons": 120}], "total": 120},
        "3.22": {
            "faces": [{"face": "North", "area_m2": 120, "limiting_distance_m": 6, "upo_actual_pct": 12.345}]
        },
        "3.23": {"ratio": "60/40", "rows": [], "note": "Fixtures are the base building's."},
    }.items()
}


def _state(values: dict[str, Any]) -> ProjectState:
    state = ProjectState(project_id="p", name="Round trip", address="1 Main St")
    for number, value in values.items():
        item = ITEMS[number]
        state.finalized_answers.append(
            FormAnswer(
                section=number,
                question_number=number,
                title=item.title,
                question=item.question,
                answer=f"{number} {item.title}",
                value=value,
                confidence=0.9,
                source="direct",
                confirmed=True,
            )
        )
    return state


def _read_back(values: dict[str, Any], grid: dict[int, dict[str, Any]]) -> None:
    reading = read_sheet(grid, FORMS)
    assert reading.problems == []
    assert {number: got.value for number, got in reading.answers.items()} == values


@SETTINGS
@given(projects())
@example(FOUND)
def test_a_project_written_as_the_sheet_reads_back_with_the_same_answers(values: dict[str, Any]) -> None:
    lines = sheet_lines(_state(values), FORMS, Practice(name="Acme"), {}, date(2026, 1, 5), "in progress")
    _read_back(values, {number: line.cells for number, line in enumerate(lines, start=1)})


def _inert(values: dict[str, Any]) -> bool:
    """Whether no text in the values holds a web address the workbook defangs (export/inert.py)."""

    def texts(value: Any) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [t for v in value.values() for t in texts(v)]
        if isinstance(value, list):
            return [t for v in value for t in texts(v)]
        return []

    return all(defanged(text) == text for value in values.values() for text in texts(value))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(projects().filter(_inert))
@example(FOUND)
def test_a_project_exported_as_a_workbook_imports_with_the_same_answers(values: dict[str, Any]) -> None:
    data = export(_state(values), FORMS, "xlsx")
    assert isinstance(data, bytes)
    (_, grid), *_ = sheets(data, "x.xlsx")
    _read_back(values, grid)
