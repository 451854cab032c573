"""The growth benchmark's machinery at tiny sizes: the projects it ages, its table, its sizes (no timings)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from storage import open_storage

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import bench_growth as bench  # noqa: E402

AGES = [2, 5]


@pytest.fixture(scope="module")
def grown(tmp_path_factory: pytest.TempPathFactory) -> bench.Grown:
    return bench.grow(AGES, tmp_path_factory.mktemp("grown"))


def test_each_aged_project_has_as_many_turns_as_its_age(grown):
    assert sorted(grown.projects) == AGES
    for age, aged in grown.projects.items():
        assert len(aged.state.turns) == age
        assert aged.record_bytes > 0 and aged.log_bytes > 0
    assert grown.projects[5].log_bytes > grown.projects[2].log_bytes


def test_the_same_seed_grows_the_same_project(grown, tmp_path):
    again = bench.grow(AGES, tmp_path)
    said = [[t.message for t in aged.state.turns] for aged in grown.projects.values()]
    assert [[t.message for t in aged.state.turns] for aged in again.projects.values()] == said


def test_a_tinydb_run_gives_a_row_per_age_and_leaves_the_age_as_it_was():
    report = bench.run(AGES, repeat=2, backends=["tinydb"], say=lambda line: None)
    assert "postgresql" not in report
    row = report["tinydb"]
    assert sorted(row["ages"]) == AGES
    for age, entry in row["ages"].items():
        assert entry["turns"] == age  # the template the repeats copy: the go-to added no turn
        assert entry["reply"] == ["clarifying_question on 3.24"]
        assert entry["turn_ms"] > 0 and entry["record_bytes"] > 0 and entry["log_bytes"] > 0
    assert row["full_reply"] == ["form_answer on 3.27"]
    lines = bench.table(report).splitlines()
    assert [line.split(" | ")[0] for line in lines[2:4]] == ["| 2", "| 5"]
    assert any(line.startswith("| turn at age 5 : age 2 |") for line in lines)


def test_postgresql_sizes_are_read_from_the_stored_rows(grown, pg_url):
    store = open_storage(pg_url, sealer=None)
    try:
        measured = bench.Bench("postgresql", store, pg_url)
        measured.place(5, grown.projects[5].state, bench.PENDING)
        sizes = measured.sizes(5)
        _, _, result = measured.turn(5)
        kept = store.exists("template5"), store.exists("run000001")
    finally:
        store.close()  # type: ignore[attr-defined]
    assert sizes["record_bytes"] > 0 and sizes["log_bytes"] > 0
    aged = grown.projects[5].state  # loaded whole: every turn, decision and archive entry
    assert sizes["log_rows"] == 5 + len(aged.decisions) + len(aged.archive)
    assert (result.type, result.section) == ("clarifying_question", "3.24")
    assert kept == (True, False)  # the timed copy is removed; the template stays


def test_without_postgresql_its_half_is_skipped_saying_why(monkeypatch, capsys):
    monkeypatch.setattr("tests.pg_server.find_bin_dir", lambda: None)
    with bench.postgresql() as url:
        assert url is None
    assert "PostgreSQL skipped: it is not installed" in capsys.readouterr().out
