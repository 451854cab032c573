"""The transcript benchmark's buildings are sound, and none is recorded wrong with confidence.

Each file in ``bench/transcripts/`` is a building written from its facts: its expected matrix
must be one the code engine accepts, and every expected value one the item accepts. Played
through the offline advisor (``bench/bench_transcripts.py``), no answer may be recorded wrong at
confidence 0.8 or more, no question asked three times running, and every replay must reach the end.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest

from wizard_core.answers import validate_value
from wizard_core.content import load_form
from wizard_core.engine import check

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
FORM = ROOT / "content" / "forms" / "part3-2024.json"
sys.path.insert(0, str(BENCH))

import bench_transcripts as bench  # noqa: E402

TRANSCRIPTS = sorted((BENCH / "transcripts").glob("*.json"))
# Items whose expectation may be a part of the value (dict keys left out are not compared) or the
# free text consultants once wrote for them; the benchmark scores those by its own rules.
PARTIAL = {"3.18", "3.21", "3.22", "3.23", "3.24", "3.25"}


def _replay(path: Path) -> object:
    # A replay takes a second or two, and three tests read each one: its tests keep to one worker
    # (xdist_group), where it is played once (``outcome``); the 112 replays spread over the workers.
    return pytest.param(path, id=path.stem, marks=pytest.mark.xdist_group(f"replay-{path.stem}"))


REPLAYS = [_replay(path) for path in TRANSCRIPTS]


@functools.cache
def outcome(path: Path) -> bench.Outcome:
    return bench.Consultant(bench.Transcript.model_validate_json(path.read_bytes())).play()


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_each_expected_matrix_is_one_the_item_and_the_engine_accept(path: Path) -> None:
    transcript = bench.Transcript.model_validate_json(path.read_bytes())
    form = load_form(FORM)
    items = {item.number: item for item in form.items}
    scripted = {entry.item for entry in transcript.script if entry.item}
    assert scripted <= set(items), scripted - set(items)
    for section, value in transcript.expected.items():
        assert section in items, section
        if section not in PARTIAL:
            assert bench.same(value, validate_value(items[section], value)), section
    errors = [f.message for f in check(transcript.expected) if f.severity == "error"]
    assert errors == []


@pytest.mark.parametrize("path", REPLAYS)
def test_no_answer_is_recorded_wrong_with_confidence(path: Path) -> None:
    played = outcome(path)
    assert [w for w in played.wrong if w[4] == "advisor" and (w[3] or 0) >= bench.CONFIDENT] == []


@pytest.mark.parametrize("path", REPLAYS)
def test_no_question_is_asked_three_times_running(path: Path) -> None:
    assert outcome(path).longest_run < 3


@pytest.mark.parametrize("path", REPLAYS)
def test_every_replay_reaches_the_end_of_the_matrix(path: Path) -> None:
    played = outcome(path)
    assert [w[0] for w in played.wrong if w[2] == "(unanswered)"] == []
    assert played.refused == []


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_asked_which_article_applies_it_proposes_one_that_fits_the_building(path: Path) -> None:
    """At 3.10 the consultant asks instead of naming the article, and answers the facts the wizard
    asks for in words; the proposal fits the building (bench/bench_article_proposals.py)."""
    import bench_article_proposals as proposals

    transcript = bench.Transcript.model_validate_json(path.read_bytes())
    articles, asked = proposals.proposal(transcript)
    assert proposals.fits(transcript, articles), (articles, asked[-1:])


@pytest.mark.parametrize(
    ("expected", "recorded", "right"),
    [
        ("STC 50", "STC 50, SB-3", True),  # the assemblies beside the rating are detail
        ("ASTC 47", "ASTC 47, tested designs", True),
        ("ASTC 47", "ASTC 47, STC 55", False),  # a second rating is a second option
        ("STC 50", "ASTC 47", False),
        ("SB-3 wall types", "SB-3 wall types", True),
    ],
)
def test_the_sound_option_is_scored_by_the_ratings_it_chooses(expected, recorded, right):
    value = {"more_than_one_dwelling_unit": True, "option": recorded}
    assert bench.same({"more_than_one_dwelling_unit": True, "option": expected}, value) is right


@pytest.mark.parametrize(
    ("expected", "recorded", "right"),
    [
        ("Seating", "Ground floor (seating)", True),  # a room's name, no floor: the room a row names
        ("Under the tiers", "Ground floor (storage room under the tiers)", True),
        ("Seating", "Ground floor (storage)", False),
        ("Level 2", "Ground floor (seating)", False),
        ("Ground", "Ground floor (gym)", True),
    ],
)
def test_a_rows_name_is_scored_as_the_floor_or_room_it_names(expected, recorded, right):
    assert bench.same({"floor": expected}, {"floor": recorded}) is right
