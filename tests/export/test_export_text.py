"""What every export holds of typed text: no direction controls, parentheses as written, private files.

Projects are made through the real wizard on a TinyDB folder; the files are read back as a
consultant's tools read them (pypdf, openpyxl, a CommonMark renderer, the csv and json modules).
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from pypdf import PdfReader

from storage import TinyDBStorage
from tests.support import Clock
from wizard_core import FORMATS, open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor

ROOT = Path(__file__).resolve().parents[2]
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
# Letters the drawing sheet's font surely has, so a PDF's U+FFFD could only be a control left in.
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "


def _wizard(folder: Path):
    return open_wizard(TinyDBStorage(folder / "data"), OfflineAdvisor(), clock=Clock())


def _texts(fmt: str, data: bytes) -> list[str]:
    """Everything a reader of the file sees, as text."""
    if fmt in ("pdf", "review-pdf"):
        reader = PdfReader(io.BytesIO(data))
        return [page.extract_text() for page in reader.pages] + [
            str(v) for v in (reader.metadata or {}).values()
        ]
    if fmt == "xlsx":
        with zipfile.ZipFile(io.BytesIO(data)) as book:  # every part: cells, shared strings, properties
            return [book.read(name).decode("utf-8", "replace") for name in book.namelist()]
    text = data.decode("utf-8-sig")
    if fmt == "json":
        found: list[str] = [text]
        _strings(json.loads(text), found)
        return found
    if fmt == "csv":
        return [text, *(cell for row in csv.reader(io.StringIO(text)) for cell in row)]
    return [text]


def _strings(value: object, into: list[str]) -> None:
    if isinstance(value, str):
        into.append(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            into.append(str(key))
            _strings(item, into)
    elif isinstance(value, list):
        for item in value:
            _strings(item, into)


typed = st.text(alphabet=LETTERS + BIDI, min_size=2, max_size=40).filter(
    lambda t: any(c in BIDI for c in t) and any(c.isalnum() for c in t)
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=typed, address=typed, message=typed, reply=typed, practice=typed)
def test_no_export_holds_a_direction_control(
    name: str, address: str, message: str, reply: str, practice: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        wizard = _wizard(Path(folder))
        pid = wizard.start_project(f"P {name}", address=address).project_id
        wizard.set_project_practice(pid, practice, "1 Main St", "Toronto ON", "416-555-0100")
        wizard.go_to_item(pid, "3.27")
        wizard.process_user_response(pid, f"Notes: {message}")
        # A model's reply and an edited record can hold them anywhere: an answer's text and basis,
        # a clarifying question, a sheet cell.
        state = wizard.load_project(pid)
        answer = state.finalized_answers[-1]
        state.replace_answer(answer.section, answer=f"{answer.answer} {reply}", sheet_cells={"note": reply})
        state.turns[-1].content = f"Asked: {reply}"
        for fmt in FORMATS:
            for text in _texts(fmt, wizard.export_file(state, fmt)):
                assert not any(c in text for c in BIDI), (fmt, [hex(ord(c)) for c in text if c in BIDI])
                if fmt in ("pdf", "review-pdf"):
                    assert "\ufffd" not in text, fmt  # left out, not shown as a replacement


def test_a_name_with_direction_controls_reads_in_the_order_it_was_typed(tmp_path: Path) -> None:
    wizard = _wizard(tmp_path)
    state = wizard.start_project("Tower \u202eABC\u202c East")
    for fmt in ("md", "json"):  # the CSV is the items alone
        assert "Tower ABC East" in wizard.export_file(state, fmt).decode("utf-8-sig"), fmt
    assert "Tower ABC East" in " ".join(_texts("review-pdf", wizard.export_file(state, "review-pdf")))


def test_an_answer_in_parentheses_shows_them_as_written_in_the_markdown(tmp_path: Path) -> None:
    wizard = _wizard(tmp_path)
    pid = wizard.start_project("12 King St").project_id
    wizard.answer_directly(pid, "3.27", "Existing building (sprinklered) | see [note] *A*")
    markdown = wizard.export_file(wizard.load_project(pid), "md").decode()
    row = next(line for line in markdown.splitlines() if line.startswith("| 3.27 "))
    assert "Existing building (sprinklered) \\| see \\[note\\] \\*A\\*" in row
    assert "\\(" not in markdown and "\\)" not in markdown
    rendered = MarkdownIt("commonmark").enable("table").render(markdown)
    assert "<td>Existing building (sprinklered) | see [note] *A*</td>" in rendered  # one cell, nothing live
    assert "<a " not in rendered and "<em>" not in rendered


def test_export_output_files_are_readable_by_their_owner_alone(tmp_path: Path) -> None:
    store = tmp_path / "data"
    pid = _wizard(tmp_path).start_project("12 King St").project_id
    earlier = tmp_path / "matrix.md"
    earlier.write_text("an earlier export")
    earlier.chmod(0o644)
    for fmt in FORMATS:
        target = earlier if fmt == "md" else tmp_path / f"matrix-{fmt}.out"
        done = subprocess.run(
            [sys.executable, "-m", "wizard_core", "export", pid, "--format", fmt, "--output", str(target)],
            cwd=ROOT,
            env={**os.environ, "WIZARD_DATA_DIR": str(store)},
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=lambda: os.umask(0o022),
        )
        assert done.returncode == 0, done.stderr
        assert stat.S_IMODE(target.stat().st_mode) == 0o600, fmt
        assert target.stat().st_size > 100
    assert "12 King St" in earlier.read_text()  # replaced, now private
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temp file left
