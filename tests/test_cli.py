"""The command line, run as a real process against a real TinyDB folder."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.support import TRANSCRIPTS

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, store: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    return subprocess.run(
        [sys.executable, "-m", "wizard_core", *args, "--store", str(store)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def replay(name: str, store: Path) -> dict:
    done = run("replay", str(TRANSCRIPTS / name), "--format", "json", store=store)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # exactly one JSON object


OFFICE_VALUES = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.03": False,
    "3.04": {"existing": 0, "new": 1150, "total": 1150},
    "3.05": {"existing": 0, "new": 3450, "total": 3450},
    "3.06": None,
    "3.07": {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 12.8},
    "3.08": False,
    "3.09": 2,
    "3.10": ["3.2.2.60"],
    "3.11": "Entire building",
    "3.12": False,
    "3.13": "Single stage",
    "3.14": True,
    "3.15": {"restriction": "Combustible permitted", "actual": "Noncombustible", "heavy_timber": False},
    "3.16": "Normal",
    "3.17": "SC1",
    "3.19": True,
    "3.20": {"barrier_free_entrances": 2, "hazardous_substances": False},
    "3.25": None,
    "3.26": None,
    "3.27": None,
}


def test_replay_of_the_plain_office_transcript_answers_every_item(tmp_path):
    report = replay("office-3-storey.json", tmp_path)
    assert report["complete"] is True and report["current_section"] is None
    assert set(report) == {
        "project_id",
        "name",
        "complete",
        "current_section",
        "answers",
        "archived_clarifying_sessions",
        "turns",
    }
    answers = report["answers"]
    assert sorted(answers) == [f"3.{n:02d}" for n in range(28)]
    for section, value in OFFICE_VALUES.items():
        assert answers[section]["value"] == value, section
    assert answers["3.18"]["value"]["total"] == 342
    assert [r["persons"] for r in answers["3.18"]["value"]["rows"]] == [334, 8]
    assemblies = {row["assembly"]: row for row in answers["3.21"]["value"]["assemblies"]}
    assert [assemblies[a]["rating_h"] for a in ("floors", "floors_over_basement", "roof")] == [1, 1, 1]
    assert assemblies["mezzanine"]["rating_h"] is None  # the building has no mezzanine
    (north,) = answers["3.22"]["value"]["faces"]
    # Group D sprinklered, 420 m² at 9 m: Table 3.2.3.1.-D row "150 or more", column 9 m.
    assert (north["area_m2"], north["limiting_distance_m"], north["upo_permitted_pct"]) == (420, 9, 100)
    assert set(answers["3.04"]) == {
        "question",
        "answer",
        "advisor_note",
        "value",
        "confidence",
        "obc_references",
    }
    assert answers["3.04"]["question"] and answers["3.04"]["obc_references"] == ["A-1.4.1.2"]
    assert len(report["turns"]) == 27
    assert all(t["type"] == "form_answer" for t in report["turns"])
    assert report["turns"][0] == {
        "message": "New construction: a three storey office building for an engineering firm.",
        "section": "3.01",
        "type": "form_answer",
        "content": report["turns"][0]["content"],
        "decision": "continuing",
        "stale": False,
    }


def test_replay_of_the_vague_transcript_asks_before_answering(tmp_path):
    report = replay("house-conversion-vague.json", tmp_path)
    types = [t["type"] for t in report["turns"]]
    assert types == [
        "clarifying_question",
        "form_answer",
        "form_answer",
        "form_answer",
        "clarifying_question",
        "form_answer",
        "form_answer",
    ]
    answers = report["answers"]
    assert answers["3.01"]["value"] == "Change of use"
    assert answers["3.02"]["value"] == ["D"]
    assert answers["3.03"]["value"] is False
    assert answers["3.04"]["value"] == {"existing": 140, "new": 0, "total": 140}
    assert answers["3.05"]["value"] == {"existing": 280, "new": 0, "total": 280}
    assert report["current_section"] == "3.06" and report["complete"] is False
    archived = report["archived_clarifying_sessions"]
    assert sorted(archived) == ["3.01", "3.04"]
    assert archived["3.04"][0]["answer"] == "140 m2 existing, 0 new, 140 m2 total."
    assert answers["3.04"]["confidence"] >= 0.9


def test_projects_context_and_export_read_the_replayed_project(tmp_path):
    pid = replay("house-conversion-vague.json", tmp_path)["project_id"]
    listed = json.loads(run("projects", "--format", "json", store=tmp_path).stdout)
    assert listed == [
        {
            "project_id": pid,
            "name": "House conversion to a small office, vague answers",
            "complete": False,
            "answered": 6,
            "current_section": "3.06",
            "updated_at": listed[0]["updated_at"],
        }
    ]
    context = run("context", pid, store=tmp_path)
    assert context.returncode == 0 and "**3.06 - Mezzanine area**" in context.stdout
    assert "### 3.04 - Building area Discussion" in context.stdout

    md = run("export", pid, "--format", "md", store=tmp_path).stdout
    assert "| 3.04 | Building area | Existing 140 m², new 0 m², total 140 m² | proposed | A-1.4.1.2 |" in md
    assert "## Basis of answers" in md and "About 140." not in md.split("## Basis")[0]
    exported_csv = run("export", pid, "--format", "csv", store=tmp_path).stdout
    assert exported_csv.startswith("\ufeffItem,")  # the byte-order mark Excel needs to read UTF-8
    rows = list(csv.DictReader(io.StringIO(exported_csv.removeprefix("\ufeff"))))
    assert [r["Item"] for r in rows][:3] == ["3.00", "3.01", "3.02"] and len(rows) == 28
    assert rows[1]["Answer"] == "Change of use" and "Q: " in rows[1]["Discussion"]
    document = json.loads(run("export", pid, "--format", "json", store=tmp_path).stdout)
    assert document["items"][4]["value"] == {"existing": 140, "new": 0, "total": 140}


def test_export_writes_pdf_and_xlsx_files_with_output(tmp_path):
    pid = replay("house-conversion-vague.json", tmp_path)["project_id"]
    pdf_path, xlsx_path = tmp_path / "out" / "matrix.pdf", tmp_path / "out" / "matrix.xlsx"
    pdf_path.parent.mkdir()
    done = run("export", pid, "--format", "pdf", "--output", str(pdf_path), store=tmp_path)
    assert done.returncode == 0 and done.stdout == "" and "Wrote" in done.stderr
    sheet_pdf = PdfReader(pdf_path)
    assert len(sheet_pdf.pages) == 1 and round(float(sheet_pdf.pages[0].mediabox.width)) == 1224
    done = run("export", pid, "--format", "pdf", "--paper", "arch-d", "-o", str(pdf_path), store=tmp_path)
    assert round(float(PdfReader(pdf_path).pages[0].mediabox.width)) == 2592  # 36 in
    review = tmp_path / "out" / "review.pdf"
    done = run("export", pid, "--format", "review-pdf", "--output", str(review), store=tmp_path)
    text = "\n".join(page.extract_text() for page in PdfReader(review).pages)
    assert "House conversion to a small office, vague answers" in text and "Page 1 of" in text
    assert "Existing 140 m², new 0 m², total 140 m²" in text
    done = run("export", pid, "--format", "xlsx", "-o", str(xlsx_path), store=tmp_path)
    assert done.returncode == 0
    sheet = load_workbook(xlsx_path)["Part 3"]
    start = next(row for row in sheet.iter_rows() if row[0].value == "3.04")[0].row
    total = [c.value for c in sheet[start + 4]]
    assert total[3] == "TOTAL" and total[8:11] == [140, 0, 140]


def test_export_of_a_pdf_to_a_pipe_is_the_file_and_a_bad_output_changes_nothing(tmp_path):
    pid = replay("house-conversion-vague.json", tmp_path)["project_id"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENAI")}
    piped = subprocess.run(
        [sys.executable, "-m", "wizard_core", "export", pid, "--format", "pdf", "--store", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=120,
    )
    assert piped.returncode == 0 and piped.stdout.startswith(b"%PDF-")
    missing = tmp_path / "no-such-folder" / "matrix.pdf"
    done = run("export", pid, "--format", "pdf", "--output", str(missing), store=tmp_path)
    assert done.returncode == 2 and "cannot write" in done.stderr and not missing.parent.exists()
    done = run("export", pid, "--format", "xlsx", "--output", str(tmp_path), store=tmp_path)
    assert done.returncode == 2 and "is a folder" in done.stderr


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "does not exist"),
        ("{not json", "not valid JSON"),
        ('{"name": "x", "messages": "hello"}', "not a transcript"),
        ('{"name": "x", "messages": [1, 2]}', "not a transcript"),
        ('{"name": "x"}', "not a transcript"),
        ('{"name": "x", "messages": ["' + "y" * 5000 + '"]}', "message 1"),
    ],
)
def test_bad_transcripts_exit_2_with_one_line_and_write_nothing(tmp_path, content, expected):
    path = tmp_path / "transcript.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    store = tmp_path / "store"
    done = run("replay", str(path), "--format", "json", store=store)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and expected in done.stderr
    assert not (store / "projects").exists() or not list((store / "projects").glob("*.json"))


@pytest.mark.parametrize(
    "command",
    [
        ["context", "nope"],
        ["export", "nope", "--format", "md"],
        ["export", "../../etc/passwd"],
        ["turns", "nope"],
        ["frobnicate"],
    ],
)
def test_unknown_projects_and_commands_exit_2(tmp_path, command):
    done = run(*command, store=tmp_path)
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_turns_prints_the_transcript_a_page_at_a_time(tmp_path):
    messages = json.loads((TRANSCRIPTS / "office-3-storey.json").read_text())["messages"]
    pid = replay("office-3-storey.json", tmp_path)["project_id"]
    done = run("turns", pid, "--limit", "10", store=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("#17 [3.18] ") and lines[0].endswith(f"you: {messages[17]}")
    assert lines[-1] == "Earlier turns: --before 17"
    older = json.loads(run("turns", pid, "--before", "17", "--format", "json", store=tmp_path).stdout)
    assert [t["place"] for t in older["turns"]] == list(range(0, 17))[-20:] and older["older"] is None
    assert [t["message"] for t in older["turns"]] == messages[:17]
    one = run("turns", pid, "--item", "3.04", store=tmp_path).stdout
    assert messages[3] in one and messages[4] not in one
    bad = run("turns", pid, "--limit", "0", store=tmp_path)
    assert bad.returncode == 2 and "1 to 100 turns" in bad.stderr and len(bad.stderr.splitlines()) == 1


def test_help_lists_the_commands(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "wizard_core", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    for command in ("replay", "projects", "context", "export", "turns"):
        assert command in done.stdout


def test_replay_of_a_mixed_use_addition_orders_articles_by_occupancy(tmp_path):
    report = replay("mixed-use-addition.json", tmp_path)
    answers = report["answers"]
    assert report["complete"] is True
    assert answers["3.01"]["value"] == "Addition"
    assert answers["3.02"]["value"] == ["E", "C"]
    assert answers["3.03"]["value"] is True
    assert answers["3.04"]["value"] == {"existing": 600, "new": 250, "total": 850}
    assert answers["3.06"]["value"] is None
    assert answers["3.07"]["value"] == {"storeys_above_grade": 3, "storeys_below_grade": 0, "height_m": 11}
    assert answers["3.09"]["value"] == 1
    assert answers["3.10"]["value"] == ["3.2.2.69", "3.2.2.51"]
    assert answers["3.18"]["value"]["total"] == 211
    assert answers["3.20"]["value"] == {"barrier_free_entrances": 2, "hazardous_substances": False}


def test_replay_of_a_vague_clinic_asks_until_the_facts_are_exact(tmp_path):
    report = replay("clinic-vague.json", tmp_path)
    by_section: dict[str, list[str]] = {}
    for turn in report["turns"]:
        by_section.setdefault(turn["section"], []).append(turn["type"])
    assert by_section["3.01"] == ["clarifying_question", "form_answer"]
    assert by_section["3.04"] == ["clarifying_question", "form_answer"]  # "about 2000 sq ft"
    assert by_section["3.07"] == ["clarifying_question", "clarifying_question", "form_answer"]
    assert by_section["3.18"] == ["clarifying_question"]  # "about 100 people" is an estimate
    answers = report["answers"]
    assert answers["3.04"]["value"] == {"existing": 0, "new": 199.7, "total": 199.7}
    assert "ft²" in answers["3.04"]["advisor_note"] and "ft²" not in answers["3.04"]["answer"]
    assert answers["3.05"]["value"] == answers["3.04"]["value"]
    assert answers["3.06"]["value"] is None
    assert answers["3.07"]["value"] == {"storeys_above_grade": 3, "storeys_below_grade": 1, "height_m": 11.6}
    assert answers["3.10"]["value"] == ["3.2.2.62"]
    assert answers["3.15"]["value"] == {
        "restriction": "Combustible permitted",
        "actual": "Combustible",
        "heavy_timber": False,
    }
    assert report["current_section"] == "3.18"
