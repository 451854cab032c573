"""Context expansion (seed 004): widening excerpts from their files, the file cache, merging."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import pytest

from wizard_core.knowledge.expansion import Chunk, FileContextExpander, Span, merge_spans
from wizard_core.knowledge.service import KnowledgeBaseService


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def numbered(folder: Path, name: str = "notes.md", count: int = 50) -> Path:
    """A file whose line n reads 'line n'."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"line {n}\n" for n in range(1, count + 1)), encoding="utf-8")
    return path


def chunk(start: int, end: int, name: str = "notes.md", content: str = "ORIGINAL", id: str = "") -> Chunk:
    return Chunk(name, start, end, content, id or f"{start}-{end}")


def lines(first: int, last: int) -> str:
    return "\n".join(f"line {n}" for n in range(first, last + 1))


@pytest.fixture
def expander() -> FileContextExpander:
    return FileContextExpander()


def test_a_chunk_is_widened_by_the_lines_around_it(tmp_path, expander):
    numbered(tmp_path)
    # The seed's worked example: lines 25-30 with 5 lines of context give lines 20-35.
    assert expander.expand(tmp_path, chunk(25, 30), 5) == lines(20, 35)
    assert expander.expand(tmp_path, chunk(10, 10), 1) == lines(9, 11)


@pytest.mark.parametrize("context", [0, -3])
def test_no_context_gives_the_chunk_as_retrieved(tmp_path, expander, context):
    numbered(tmp_path)
    assert expander.expand(tmp_path, chunk(25, 30), context) == "ORIGINAL"


def test_the_widened_span_is_clamped_to_the_file(tmp_path, expander):
    numbered(tmp_path, count=40)
    assert expander.expand(tmp_path, chunk(2, 3), 5) == lines(1, 8)
    assert expander.expand(tmp_path, chunk(38, 40), 5) == lines(33, 40)
    assert expander.expand(tmp_path, chunk(20, 20), 1000) == lines(1, 40)
    (tmp_path / "one.md").write_text("only line\n", encoding="utf-8")
    assert expander.expand(tmp_path, chunk(1, 1, "one.md"), 3) == "only line"


@pytest.mark.parametrize(
    ("setup", "piece", "reason"),
    [
        (lambda d: None, chunk(1, 2, "missing.md"), "No such file"),
        (lambda d: (d / "empty.md").write_text(""), chunk(1, 1, "empty.md"), "past the end"),
        (lambda d: numbered(d, count=10), chunk(11, 12), "past the end"),
        (lambda d: numbered(d), chunk(0, 2), "bad line span"),
        (lambda d: numbered(d), chunk(5, 4), "bad line span"),
        (lambda d: (d / "bad.md").write_bytes(b"\xff\xfe\x00bad"), chunk(1, 1, "bad.md"), "decode"),
        (lambda d: (d / "folder.md").mkdir(), chunk(1, 1, "folder.md"), "directory"),
        (lambda d: numbered(d.parent, "outside.md"), chunk(1, 1, "../outside.md"), "outside"),
    ],
    ids=["missing", "empty", "past-end", "zero-start", "reversed", "undecodable", "directory", "escape"],
)
def test_any_failure_gives_the_chunk_as_retrieved_with_a_warning(
    tmp_path, expander, caplog, setup, piece, reason
):
    base = tmp_path / "base"
    base.mkdir()
    setup(base)
    with caplog.at_level(logging.WARNING, logger="wizard_core.knowledge.expansion"):
        assert expander.expand(base, piece, 3) == "ORIGINAL"
    assert [r.levelno for r in caplog.records] == [logging.WARNING]
    assert reason in caplog.text and piece.file_path in caplog.text


def test_files_are_read_once_and_then_served_from_the_cache(tmp_path, expander, monkeypatch):
    numbered(tmp_path)
    reads = []
    original = Path.read_text

    def counting(self: Path, *args: object, **kwargs: object) -> str:
        reads.append(self.name)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", counting)
    for start in range(5, 40, 5):
        expander.expand(tmp_path, chunk(start, start), 2)
    assert reads == ["notes.md"]
    assert expander.cache_count == 1 and expander.cached(tmp_path / "notes.md")


def test_files_over_the_line_limit_are_not_cached(tmp_path):
    big = numbered(tmp_path, "big.md", count=10_001)
    small = numbered(tmp_path, "small.md", count=10_000)
    expander = FileContextExpander()
    assert expander.expand(tmp_path, chunk(10_001, 10_001, "big.md"), 1) == lines(10_000, 10_001)
    expander.expand(tmp_path, chunk(1, 1, "small.md"), 1)
    assert not expander.cached(big) and expander.cached(small)


def test_cached_files_expire_after_five_minutes(tmp_path, monkeypatch):
    clock = Clock()
    expander = FileContextExpander(clock=clock)
    numbered(tmp_path)
    reads = []
    original = Path.read_text

    def counting(self: Path, *args: object, **kwargs: object) -> str:
        reads.append(clock.now)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "read_text", counting)
    expander.expand(tmp_path, chunk(5, 5), 1)
    clock.now += 299
    expander.expand(tmp_path, chunk(6, 6), 1)  # still fresh, and a hit does not extend the expiry
    clock.now += 2
    assert expander.expand(tmp_path, chunk(7, 7), 1) == lines(6, 8)
    assert reads == [1000.0, 1301.0]


def test_at_most_the_limit_of_files_is_cached_least_recently_used_first_out(tmp_path):
    for n in range(101):
        numbered(tmp_path, f"f{n}.md", count=3)
    expander = FileContextExpander()
    for n in range(101):
        expander.expand(tmp_path, chunk(1, 1, f"f{n}.md"), 1)
    assert expander.cache_count == 100
    assert not expander.cached(tmp_path / "f0.md") and expander.cached(tmp_path / "f100.md")
    small = FileContextExpander(max_files=2)
    for name in ("f1.md", "f2.md", "f1.md", "f3.md"):
        small.expand(tmp_path, chunk(1, 1, name), 1)
    assert [small.cached(tmp_path / f"f{n}.md") for n in (1, 2, 3)] == [True, False, True]


def test_invalidating_a_file_a_folder_or_everything(tmp_path, expander):
    for folder, name in [("a", "x.md"), ("a/sub", "y.md"), ("b", "z.md")]:
        numbered(tmp_path / folder, name)
        expander.expand(tmp_path / folder, chunk(1, 1, name), 1)
    assert expander.cache_count == 3
    expander.invalidate_file(tmp_path / "b" / "z.md")
    assert not expander.cached(tmp_path / "b" / "z.md") and expander.cache_count == 2
    expander.expand(tmp_path / "b", chunk(1, 1, "z.md"), 1)
    expander.invalidate_folder(tmp_path / "a")
    assert expander.cache_count == 1 and expander.cached(tmp_path / "b" / "z.md")
    expander.clear()
    assert expander.cache_count == 0


def test_a_changed_file_is_read_again_even_without_invalidation(tmp_path, expander):
    path = numbered(tmp_path, count=10)
    assert expander.expand(tmp_path, chunk(5, 5), 1) == lines(4, 6)
    path.write_text("first\nsecond\nthird\nfourth\nfifth changed\nsixth\n", encoding="utf-8")
    assert expander.expand(tmp_path, chunk(5, 5), 1) == "fourth\nfifth changed\nsixth"


def test_many_threads_share_one_cache_safely(tmp_path):
    for n in range(60):
        numbered(tmp_path, f"f{n}.md", count=30)
    expander = FileContextExpander(max_files=20)
    failures: list[str] = []

    def work(offset: int) -> None:
        for step in range(300):
            n = (offset * 7 + step) % 60
            got = expander.expand(tmp_path, chunk(10, 12, f"f{n}.md"), 2)
            if got != lines(8, 14):
                failures.append(got)
            if step % 50 == 0:
                expander.invalidate_folder(tmp_path)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and expander.cache_count <= 20


def test_overlapping_and_touching_spans_merge_and_others_do_not():
    spans = [
        Span("a.md", 10, 20, ("x",)),
        Span("b.md", 15, 18, ("w",)),
        Span("a.md", 18, 25, ("y",)),
        Span("a.md", 26, 30, ("z",)),
        Span("a.md", 40, 45, ("v",)),
        Span("a.md", 12, 14, ("x",)),
    ]
    assert merge_spans(spans) == [
        Span("a.md", 10, 30, ("x", "y", "z")),
        Span("a.md", 40, 45, ("v",)),
        Span("b.md", 15, 18, ("w",)),
    ]
    assert merge_spans([]) == []


def test_expanding_several_chunks_never_repeats_a_line(tmp_path, expander):
    numbered(tmp_path)
    numbered(tmp_path, "other.md", count=5)
    pieces = [
        chunk(10, 12, id="a"),
        chunk(14, 15, id="b"),
        chunk(30, 30, id="c"),
        chunk(2, 2, "other.md", id="d"),
    ]
    result = expander.expand_many(tmp_path, [*pieces, chunk(1, 1, "missing.md", "kept as is", "e")], 2)
    assert [(r.ids, r.start_line, r.end_line) for r in result] == [
        (("a", "b"), 8, 17),
        (("c",), 28, 32),
        (("d",), 1, 4),
        (("e",), 1, 1),
    ]
    assert result[0].text == lines(8, 17) and result[-1].text == "kept as is"
    quoted = "\n".join(r.text for r in result[:3]).splitlines()
    assert len(quoted) == len(set(quoted))


def test_shipped_notes_expand_into_their_neighbours_and_merge():
    kb = KnowledgeBaseService()
    alarm = kb.get("3.2.4.1")
    assert alarm is not None
    source = (kb.knowledge_dir / alarm.source).read_text(encoding="utf-8").splitlines()
    expanded = kb.expanded_text(alarm, 2)
    assert expanded == "\n".join(source[alarm.start_line - 3 : alarm.end_line + 2])
    assert expanded.startswith(source[alarm.start_line - 3]) and alarm.text[:60] in expanded
    merged = kb.expanded_excerpts([alarm, kb.get("3.2.4"), kb.get("SB-10")], 2)  # type: ignore[list-item]
    assert [m.ids for m in merged] == [("3.2.4", "3.2.4.1"), ("SB-10",)]
    assert merged[0].text.count("## 3.2.4.1 |") == 1 and merged[0].text.count("## 3.2.4 |") == 1


def test_a_note_whose_file_is_gone_falls_back_to_its_text(tmp_path, caplog):
    folder = tmp_path / "knowledge"
    folder.mkdir()
    (folder / "notes.md").write_text(
        "Edition: 2024\n\n## 7.1.1.1 | Widget clearances\nEvery widget keeps a clear space around it.\n",
        encoding="utf-8",
    )
    kb = KnowledgeBaseService(knowledge_dir=folder)
    entry = kb.get("7.1.1.1")
    assert entry is not None
    (folder / "notes.md").unlink()
    with caplog.at_level(logging.WARNING):
        assert kb.expanded_text(entry, 3) == entry.text
    assert "Could not expand notes.md" in caplog.text
