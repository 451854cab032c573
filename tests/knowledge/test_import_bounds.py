"""Imports are bounded: a slow or huge file is refused clearly, outside the caller's process, leaving nothing.

The PDFs are built by the test (``hostile_pdfs.py``): pages of a hundred thousand text
operations that take pypdf seconds each, and a decompression bomb.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.code_text import code_text, make_pdf
from tests.knowledge.hostile_pdfs import decompression_bomb, slow_pdf
from wizard_core.errors import InputError
from wizard_core.knowledge import code_import, pdf_text
from wizard_core.knowledge.code_import import import_code_text, imported_dir, list_imports
from wizard_core.knowledge.imported_index import INDEX_NAME


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    import_code_text(_file(tmp_path, "kept.txt", code_text(3)), folder, name="kept")
    return folder


def _file(folder: Path, name: str, content: str | bytes) -> Path:
    path = folder / name
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def _stored(data_dir: Path) -> dict[str, bytes]:
    folder = imported_dir(data_dir)
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.name != INDEX_NAME}


def test_a_page_that_takes_too_long_is_refused_quickly_and_outside_this_process(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_text, "PAGE_SECONDS", 0.5)
    source = _file(tmp_path, "slow.pdf", slow_pdf(pages=10))  # about 2.5 s a page without the budget
    assert source.stat().st_size < 10_000
    before = _stored(data_dir)
    wall, cpu = time.monotonic(), time.process_time()
    with pytest.raises(InputError) as caught:
        import_code_text(source, data_dir)
    assert time.monotonic() - wall < 10
    assert time.process_time() - cpu < 1.0  # the page's CPU was spent in the child, not here
    message = str(caught.value)
    assert message.startswith("slow.pdf: page 1 takes longer than 0.5 s to read")
    assert "nothing was imported" in message and "\n" not in message
    assert _stored(data_dir) == before


def test_a_file_over_its_whole_time_budget_is_refused_and_its_reader_stopped(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_text, "PAGE_SECONDS", 30.0)
    monkeypatch.setattr(pdf_text, "FILE_SECONDS", 1.5)
    started = time.monotonic()
    with pytest.raises(InputError, match=r"slow\.pdf takes longer than 1\.5 s to read in all"):
        import_code_text(_file(tmp_path, "slow.pdf", slow_pdf(pages=4)), data_dir)
    assert time.monotonic() - started < 8
    assert list_imports(data_dir) == ["kept"]


@pytest.mark.parametrize(
    ("build", "limits", "message"),
    [
        (lambda: decompression_bomb(300), {}, "is damaged or not a readable PDF"),
        (
            lambda: make_pdf([["7.1.1.1. Widget"]] * 5),
            {"MAX_PAGES": 3},
            r"has too many pages to import \(5; limit 3\)",
        ),
        (
            lambda: make_pdf([code_text(3).splitlines()] * 3),
            {"MAX_CHARS": 500},
            "holds more text than an import may",
        ),
        (lambda: slow_pdf(pages=1), {"MEMORY_BYTES": 64 * 2**20}, "needs more memory to read than an import"),
    ],
    ids=["a decompression bomb", "too many pages", "too much text", "too little memory to read it"],
)
def test_a_pdf_past_a_limit_is_refused_and_changes_nothing(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch, build, limits: dict, message: str
) -> None:
    for name, value in limits.items():
        monkeypatch.setattr(pdf_text, name, value)
    before = _stored(data_dir)
    with pytest.raises(InputError, match=message):
        import_code_text(_file(tmp_path, "bad.pdf", build()), data_dir, name="kept")
    assert _stored(data_dir) == before


def test_an_import_with_too_many_articles_is_refused(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(code_import, "MAX_ARTICLES", 10)
    with pytest.raises(InputError, match="holds 12 articles; an import may hold at most 10"):
        import_code_text(_file(tmp_path, "big.txt", code_text(12)), data_dir)
    assert list_imports(data_dir) == ["kept"]
    assert import_code_text(_file(tmp_path, "ok.txt", code_text(10)), data_dir).articles == 10


def test_temp_files_left_by_a_killed_import_are_removed(tmp_path: Path, data_dir: Path) -> None:
    folder = imported_dir(data_dir)
    crashed = [folder / ".code-k1l2.tmp", folder / ".index-9x8.tmp"]
    for path in crashed:
        path.write_text("## 7.1.1.1 | half written")
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    live = folder / ".other-abc.tmp"  # an import in progress elsewhere, seconds old
    live.write_text("## in progress")

    import_code_text(_file(tmp_path, "code.txt", code_text(4)), data_dir)
    assert not any(path.exists() for path in crashed) and live.exists()
    os.utime(live, (time.time() - 3600, time.time() - 3600))
    assert list_imports(data_dir) == ["code", "kept"] and not live.exists()


def test_a_bad_edition_is_refused_even_in_other_digits(tmp_path: Path, data_dir: Path) -> None:
    with pytest.raises(InputError, match="edition must be a year"):
        import_code_text(_file(tmp_path, "c.txt", code_text(3)), data_dir, edition="\u0968\u0966\u0968\u096a")
