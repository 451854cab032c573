"""The transcript benchmark's buildings are sound, and none is recorded wrong with confidence.

Each file in ``bench/transcripts/`` is a building written from its facts: its expected matrix
must be one the code engine accepts, and every expected value one the item accepts. Played
through the offline advisor (``bench/bench_transcripts.py``), no answer may be recorded wrong at
confidence 0.8 or more, no question asked three times running, and every replay must reach the end.
"""

from __future__ import annotations

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
# The replays take a while: the tests that read them keep to one worker, so they are played once.
SHARES_OUTCOMES = pytest.mark.xdist_group("bench-outcomes")


@pytest.fixture(scope="module")
def outcomes() -> dict[str, bench.Outcome]:
    return {t.name: bench.Consultant(t).play() for t in bench.load(None, None)}


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


@SHARES_OUTCOMES
def test_no_answer_is_recorded_wrong_with_confidence(outcomes: dict[str, bench.Outcome]) -> None:
    confident = {
        name: [w for w in o.wrong if w[4] == "advisor" and (w[3] or 0) >= bench.CONFIDENT]
        for name, o in outcomes.items()
    }
    assert {name: wrong for name, wrong in confident.items() if wrong} == {}


@SHARES_OUTCOMES
def test_no_question_is_asked_three_times_running(outcomes: dict[str, bench.Outcome]) -> None:
    assert {name: o.longest_run for name, o in outcomes.items() if o.longest_run >= 3} == {}


@SHARES_OUTCOMES
def test_every_replay_reaches_the_end_of_the_matrix(outcomes: dict[str, bench.Outcome]) -> None:
    unanswered = {name: [w[0] for w in o.wrong if w[2] == "(unanswered)"] for name, o in outcomes.items()}
    assert {name: items for name, items in unanswered.items() if items} == {}
    assert {name: o.refused for name, o in outcomes.items() if o.refused} == {}


def test_asked_which_article_applies_it_proposes_one_that_fits_every_building() -> None:
    """At 3.10 the consultant asks instead of naming the article, and answers the facts the wizard
    asks for in words; the proposal fits each building (bench/bench_article_proposals.py)."""
    import bench_article_proposals as proposals

    misfits = {}
    for transcript in bench.load(None, None):
        articles, asked = proposals.proposal(transcript)
        if not proposals.fits(transcript, articles):
            misfits[transcript.name] = (articles, asked[-1:] if asked else [])
    assert misfits == {}
