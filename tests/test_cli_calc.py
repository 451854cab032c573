"""``python -m wizard_core calc``, run as a real process: the figures of Tables 3.2.3.1 and 3.2.3.7
and of Table 3.1.17.1, each case read by hand from ../shared/reference (row and column in the id)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NC = "noncombustible"
ANY = "combustible, encapsulated mass timber or noncombustible"
EITHER = "combustible or noncombustible"
NONE = "no requirement"


def calc(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", "calc", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


SPATIAL = [
    # (args, table, permitted %, FRR h, construction, cladding)
    pytest.param(
        "--group D --sprinklered --area 120 --ld 5 --ratio 3",
        "3.2.3.1.-D",
        40,
        0.75,
        ANY,
        NC,
        id="D sprinklered: Table D row 150 or more, column 5 m",
    ),
    pytest.param(
        "--group D --area 120 --ld 5 --ratio 3",
        "3.2.3.1.-B",
        20,
        1.0,
        ANY,
        NC,
        id="D unsprinklered: Table B row 150, 3:1 to 10:1, column 5 m",
    ),
    pytest.param(
        "--group A2 --area 100 --ld 4 --ratio 12",
        "3.2.3.1.-B",
        29,
        0.75,
        ANY,
        NC,
        id="A2 unsprinklered: Table B row 100, over 10:1, column 4 m",
    ),
    pytest.param(
        "--group F3 --area 150 --ld 12 --ratio 3",
        "3.2.3.1.-B",
        84,
        0.75,
        ANY,
        EITHER,
        id="F3 unsprinklered: row exactly 150, ratio exactly 3:1 (middle band), column 12 m",
    ),
    pytest.param(
        "--group D --area 150 --ld 2.7 --ratio 5",
        "3.2.3.1.-B",
        10,
        1.0,
        NC,
        NC,
        id="exactly 10 % belongs to the lowest band of Table 3.2.3.7: noncombustible",
    ),
    pytest.param(
        "--group C --area 100 --ld 5.9 --ratio 4",
        "3.2.3.1.-B",
        25,
        1.0,
        ANY,
        NC,
        id="C: Table B row 100, 3:1 to 10:1, column 5 m = exactly 25 %",
    ),
    pytest.param(
        "--group D --sprinklered --area 100 --ld 5",
        "3.2.3.1.-D",
        50,
        0.75,
        ANY,
        NC,
        id="exactly 50 %: Table D row 100, column 5 m, band over 25 to 50",
    ),
    pytest.param(
        "--group F2 --area 60 --ld 5.5 --ratio 2",
        "3.2.3.1.-C",
        16,
        2.0,
        ANY,
        NC,
        id="F2 unsprinklered: Table C row 60, less than 3:1, column 5 m",
    ),
    pytest.param(
        "--group F1 --sprinklered --area 50 --ld 6",
        "3.2.3.1.-E",
        58,
        1.0,
        ANY,
        EITHER,
        id="F1 sprinklered: Table E row 50, column 6 m",
    ),
    pytest.param(
        "--group E --sprinklered --area 80 --ld 1.1",
        "3.2.3.1.-E",
        0,
        2.0,
        NC,
        NC,
        id="E: limiting distance under 1.2 m reads the 0 column",
    ),
    pytest.param(
        "--group B2 --sprinklered --area 100 --ld 9",
        "3.2.3.1.-D",
        100,
        None,
        NONE,
        NONE,
        id="B2 sprinklered: Table D row 100 reaches 100 % by 8 m",
    ),
    pytest.param(
        "--group C --sprinklered --area 150.1 --ld 2.4",
        "3.2.3.1.-D",
        16,
        1.0,
        ANY,
        NC,
        id="C: a face just over 150 m² takes Table D's last row, 150 or more",
    ),
]


@pytest.mark.parametrize(("args", "table", "permitted", "frr", "construction", "cladding"), SPATIAL)
def test_calc_spatial_gives_the_tables_figures(args, table, permitted, frr, construction, cladding):
    done = calc("spatial", *args.split(), "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert (result["table"], result["upo_permitted_pct"], result["frr_h"]) == (table, permitted, frr)
    assert (result["construction"], result["cladding"]) == (construction, cladding)
    assert {"3.2.3.1", "3.2.3.7"} <= set(result["articles"])


def test_calc_spatial_in_text_shows_its_working():
    done = calc("spatial", "--group", "D", "--sprinklered", "--area", "120", "--ld", "5", "--ratio", "3")
    assert done.returncode == 0
    first = done.stdout.splitlines()[0]
    assert "Table 3.2.3.1.-D" in first and "column 5 m" in first and "40 % permitted" in first


def test_an_unsprinklered_face_within_2_m_caps_each_opening():
    done = calc("spatial", "--group", "C", "--area", "60", "--ld", "1.5", "--ratio", "2", "--format", "json")
    result = json.loads(done.stdout)
    assert result["upo_permitted_pct"] == 8  # Table B row 60, less than 3:1, column 1.5 m
    assert any("0.78" in note for note in result["notes"])  # Table 3.2.3.1.-A at 1.5 m


def test_height_over_length_is_said_and_read_as_the_same_ratio():
    done = calc(
        "spatial", "--group", "D", "--area", "120", "--ld", "5", "--ratio", "3", "--hl", "--format", "json"
    )
    result = json.loads(done.stdout)
    assert (result["ratio_sides"], result["upo_permitted_pct"]) == ("H/L", 20)


def test_calc_occupant_load_for_classrooms():
    done = calc("occupant-load", "--use", "classroom", "--area", "370", "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    # 370 m² ÷ 1.85 m²/person = 200 persons.
    assert (result["persons"], result["based_on"]) == (200, "table: 1.85 m²/person")
    assert "3.1.17.1.(1)(c)" in result["articles"] and result["to_verify"]


def test_calc_occupant_load_in_text():
    done = calc("occupant-load", "--use", "offices", "--area", "930")
    assert done.returncode == 0
    assert "100 persons" in done.stdout.splitlines()[0]  # 930 ÷ 9.30


def test_calc_fixtures_for_an_office_floor():
    done = calc("fixtures", "--group", "D", "--persons", "100", "--area", "930", "--format", "json")
    result = json.loads(done.stdout)
    # 930 ÷ 14 = 66.4 -> 67; 34 per sex; Table 3.7.4.7 row 25-49: 3 each.
    assert (result["fixture_persons"], result["wc_male"], result["wc_female"]) == (67, 3, 3)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        ("spatial --group D --area -5 --ld 5", "area"),
        ("spatial --group D --area 0 --ld 5", "area"),
        ("spatial --group D --sprinklered --area 100 --ld -1", "distance"),
        ("spatial --group Q --sprinklered --area 100 --ld 5", "'Q'"),
        ("spatial --group G2 --sprinklered --area 100 --ld 5", "Group G"),
        ("spatial --group D --area 100 --ld 5", "Ratio"),
        ("spatial --group D --area 100 --ld 5 --ratio 0.5", "ratio"),
        ("spatial --group D --area ten --ld 5", "--area"),
        ("spatial --group E --area 2400 --ld 5 --ratio 2", "2,000 m²"),
        ("occupant-load --use spaceship --area 100", "spaceship"),
        ("occupant-load --use offices --area 0", "area"),
        ("occupant-load --use offices --area nan", "--area"),
    ],
)
def test_bad_input_exits_2_naming_the_input(args, named):
    done = calc(*args.split())
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.strip().splitlines()
    assert named.lower() in line.lower(), line
    assert "e+" not in line  # plain numbers


@pytest.mark.parametrize("calculator", ["occupant-load", "fixtures", "spatial"])
def test_each_calculators_help_prints(calculator: str) -> None:
    done = calc(calculator, "--help")
    assert done.returncode == 0, done.stderr
    assert "usage:" in done.stdout and "failed unexpectedly" not in done.stderr
