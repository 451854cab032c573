"""Importing the consultant's own code text: .txt, .md and .pdf, and every way a file can be unusable."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfWriter

from tests.code_text import article, code_text, make_pdf
from wizard_core.content import load_knowledge
from wizard_core.errors import InputError
from wizard_core.knowledge import code_files, code_store
from wizard_core.knowledge.code_import import (
    import_code_text,
    imported_dir,
    list_imports,
    remove_import,
    split_articles,
)
from wizard_core.knowledge.imported_index import INDEX_NAME
from wizard_core.knowledge.service import KnowledgeBaseService


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def stored_files(data_dir: Path) -> list[Path]:
    """What an import left in the data folder, besides the search index it rebuilds."""
    folder = imported_dir(data_dir)
    return sorted(p for p in folder.iterdir() if p.name != INDEX_NAME) if folder.exists() else []


def test_a_text_file_is_split_by_article_and_stored_as_knowledge(tmp_path, data_dir):
    result = import_code_text(write(tmp_path, "My Code.txt", code_text(4)), data_dir, edition="2012")
    assert (result.name, result.articles, result.edition) == ("my-code", 4, "2012")
    assert "Imported 4 articles (2012 edition) as 'my-code'" in result.describe()
    assert result.path == imported_dir(data_dir) / "my-code.md"
    entries = load_knowledge(result.path)
    assert [e.id for e in entries] == ["7.1.1.1", "7.1.1.2", "7.1.1.3", "7.1.1.4"]
    assert {e.edition for e in entries} == {"2012"}
    assert entries[0].title == "Gizmo Clearances"
    assert entries[0].text.startswith("(1) Every widget enclosure shall be kept not less than 1 m")
    # The line span points at the article in the stored file, so expansion can read around it.
    lines = result.path.read_text(encoding="utf-8").splitlines()
    assert lines[entries[1].start_line - 1] == "## 7.1.1.2 | Sprocket Clearances"
    assert lines[entries[1].end_line - 1].startswith("(2) Every widget")
    assert list_imports(data_dir) == ["my-code"]


def test_article_headings_with_the_word_article_and_markdown_markup(tmp_path, data_dir):
    text = "\n".join(
        [
            "# Part 7 Widgets",
            *article("Article 7.2.1.1", "Widget Doors"),
            "",
            "### 7.2.1.2. Gizmo Doors",
            "(1) Every gizmo door shall swing in the direction of widget travel at all times.",
            "**7.2.1.3.** Sprocket Doors",
            "(1) Every sprocket door shall be self-closing where it serves a widget room.",
        ]
    )
    result = import_code_text(write(tmp_path, "doors.md", text), data_dir)
    entries = {e.id: e for e in load_knowledge(result.path)}
    assert list(entries) == ["7.2.1.1", "7.2.1.2", "7.2.1.3"]
    assert entries["7.2.1.2"].title == "Gizmo Doors"
    assert entries["7.2.1.3"].title == "Sprocket Doors"


def test_references_and_run_on_lines_do_not_start_articles(tmp_path, data_dir):
    text = "\n".join(
        [
            *article("7.3.1.1", "Widget Exits"),
            "(3) Widget exits shall conform to Article",
            "7.3.1.2. Where a widget exit serves more than one gizmo room it shall be doubled.",
            "7.3.1.9. and 7.3.1.10. apply to any widget exit that is not a gizmo exit.",
            *article("7.3.1.2", "Gizmo Exits"),
            *article("7.3.1.3", "Sprocket Exits"),
        ]
    )
    articles, _ = split_articles(text)
    assert [a.id for a in articles] == ["7.3.1.1", "7.3.1.2", "7.3.1.3"]
    first = "\n".join(articles[0].lines)
    assert "7.3.1.2. Where a widget exit" in first and "7.3.1.9. and 7.3.1.10. apply" in first
    assert articles[1].lines[0].startswith("(1) Every widget enclosure")


def test_a_table_of_contents_does_not_replace_the_articles_it_lists(tmp_path):
    contents = ["Contents", "7.4.1.1. Widget Stairs ........ 12", "7.4.1.2. Gizmo Stairs ........ 13"]
    body = [
        *article("7.4.1.1", "Widget Stairs"),
        *article("7.4.1.2", "Gizmo Stairs"),
        *article("7.4.1.3", "Ramps"),
    ]
    articles, skipped = split_articles("\n".join(contents + body))
    assert [a.id for a in articles] == ["7.4.1.1", "7.4.1.2", "7.4.1.3"]
    assert articles[0].title == "Widget Stairs" and len(articles[0].lines) == 2
    assert skipped == 0


def test_explanatory_notes_after_a_part_do_not_run_into_its_last_article():
    text = "\n".join(
        [
            *article("7.7.1.1", "Widget Vents"),
            *article("7.7.1.2", "Gizmo Vents"),
            "Notes to Part 7 Widgets",
            "A-7.7.1.2.(1) Gizmo Vents. Explanatory text about gizmo vents that is not the code itself.",
            "More explanation that belongs to the note.",
            *article("7.7.1.3", "Sprocket Vents"),
        ]
    )
    articles, _ = split_articles(text)
    assert [a.id for a in articles] == ["7.7.1.1", "7.7.1.2", "7.7.1.3"]
    assert not any("xplanat" in line for a in articles for line in a.lines)


def test_titles_on_the_line_above_the_number_are_found():
    text = "\n".join(
        [
            "Widget Vents",
            "7.8.1.1. (1) Every widget vent shall open onto a gizmo shaft of not less than 1 m.",
            "(2) Widget vents shall be screened.",
            "Gizmo Vents",
            "7.8.1.2. (1) Every gizmo vent shall be kept clear of sprocket ducts at all times.",
            "Sprocket Vents",
            "7.8.1.3. (1) Every sprocket vent shall be labelled with the widget it serves.",
        ]
    )
    articles, _ = split_articles(text)
    assert [(a.id, a.title) for a in articles] == [
        ("7.8.1.1", "Widget Vents"),
        ("7.8.1.2", "Gizmo Vents"),
        ("7.8.1.3", "Sprocket Vents"),
    ]
    assert articles[0].lines == [
        "(1) Every widget vent shall open onto a gizmo shaft of not less than 1 m.",
        "(2) Widget vents shall be screened.",
    ]


def test_divisions_a_and_c_prefix_their_article_ids(tmp_path):
    text = "\n".join(
        [
            "Division A Compliance and Widgets",
            *article("1.4.1.2", "Defined Widget Terms"),
            "Division B",
            *article("1.4.1.2", "Widget Terms Used in Division B"),
            "Division C - Administrative Widgets",
            *article("2.1.1.1", "Documenting Widgets"),
        ]
    )
    articles, _ = split_articles(text)
    assert [a.id for a in articles] == ["A-1.4.1.2", "1.4.1.2", "C-2.1.1.1"]


def test_a_title_run_together_with_its_first_sentence_is_split(tmp_path):
    text = "\n".join(
        [
            "7.5.1.1. Widget Lighting (1) Every widget room shall be lit to not less than 50 lx.",
            "7.5.1.2.",
            "Gizmo Lighting",
            "(1) Every gizmo room shall be lit to not less than 100 lx at the floor.",
            *article("7.5.1.3", "Sprocket Lighting"),
        ]
    )
    articles, _ = split_articles(text)
    assert [(a.id, a.title) for a in articles] == [
        ("7.5.1.1", "Widget Lighting"),
        ("7.5.1.2", "Gizmo Lighting"),
        ("7.5.1.3", "Sprocket Lighting"),
    ]
    assert articles[0].lines == ["(1) Every widget room shall be lit to not less than 50 lx."]
    assert articles[1].lines == ["(1) Every gizmo room shall be lit to not less than 100 lx at the floor."]


def test_body_lines_that_look_like_knowledge_markup_stay_text(tmp_path, data_dir):
    text = code_text(3) + "\n".join(
        [
            *article("7.1.1.9", "Widget Labels"),
            "## not a heading | just text inside the article",
            "Keywords: this line belongs to the article too",
            "Edition: 1999 is mentioned here as text",
        ]
    )
    result = import_code_text(write(tmp_path, "labels.txt", text), data_dir, edition="2024")
    entries = {e.id: e for e in load_knowledge(result.path)}
    assert set(entries) == {"7.1.1.1", "7.1.1.2", "7.1.1.3", "7.1.1.9"}
    labels = entries["7.1.1.9"]
    assert "just text inside the article" in labels.text and "Edition: 1999" in labels.text
    assert labels.keywords == [] and labels.edition == "2024"


def test_a_pdf_is_imported_without_page_numbers_and_running_headers(tmp_path, data_dir):
    pages = []
    for page in range(1, 7):
        lines = ["Widget Code - Division B", *article(f"7.6.1.{page}", f"Widget Rule {page}"), str(page)]
        pages.append(lines)
    result = import_code_text(write(tmp_path, "compendium.pdf", make_pdf(pages)), data_dir)
    entries = load_knowledge(result.path)
    assert [e.id for e in entries] == [f"7.6.1.{n}" for n in range(1, 7)]
    assert all("Widget Code" not in e.text and not e.text.endswith((" 2", " 3")) for e in entries)
    assert entries[0].text.endswith("from any widget duct.")


def test_an_unprotected_pdf_with_an_owner_password_imports(tmp_path, data_dir):
    source = write(tmp_path, "plain.pdf", make_pdf([code_text(3).splitlines()]))
    writer = PdfWriter(clone_from=source)
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    with (tmp_path / "owner.pdf").open("wb") as handle:
        writer.write(handle)
    assert import_code_text(tmp_path / "owner.pdf", data_dir).articles == 3


def test_reimporting_a_name_replaces_it_and_leaves_no_temporary_files(tmp_path, data_dir):
    import_code_text(write(tmp_path, "code.txt", code_text(5)), data_dir)
    # The same file, amended, under the same edition: the import is replaced.
    import_code_text(write(tmp_path, "code.txt", code_text(3, part=8)), data_dir, name="code")
    assert stored_files(data_dir) == [imported_dir(data_dir) / "code.md"]
    assert [e.id for e in load_knowledge(imported_dir(data_dir) / "code.md")] == [
        "8.1.1.1",
        "8.1.1.2",
        "8.1.1.3",
    ]
    assert remove_import(data_dir, "code") and not remove_import(data_dir, "code")
    assert list_imports(data_dir) == []


def test_imported_articles_are_searched_and_preferred_over_shipped_notes(tmp_path, data_dir):
    text = code_text(3) + "\n".join(article("3.2.4.1", "Zorblat Alarm Rules", noun="zorblat"))
    import_code_text(write(tmp_path, "mine.txt", text), data_dir)
    kb = KnowledgeBaseService(imported_dir=imported_dir(data_dir))
    entry = kb.get("3.2.4.1")
    assert entry is not None and entry.title == "Zorblat Alarm Rules" and kb.origin(entry) == "imported"
    assert kb.search("zorblat enclosure duct", limit=1)[0].id == "3.2.4.1"
    hits = kb.search_hits("when is a fire alarm system required", 10)
    assert [h.entry.id for h in hits].count("3.2.4.1") == 1
    alarm = next(h for h in hits if h.entry.id == "3.2.4.1")
    assert alarm.origin == "imported" and alarm.entry.source == "imported/mine.md"
    expanded = kb.expanded_text(entry, 1)
    assert "## 3.2.4.1 | Zorblat Alarm Rules" in expanded and "zorblat duct" in expanded


REJECTIONS = [
    ("empty.txt", b"", "is empty"),
    ("blank.txt", b"  \n\n\t\n", "is empty"),
    ("binary.txt", b"\x00\x01\x02 7.1.1.1. Widget" * 10, "not a text file"),
    ("controls.txt", ("\x01\x02\x03\x04" * 50 + code_text(3)).encode(), "not a text file"),
    ("notes.docx", code_text(3).encode(), "import a .txt, .md or .pdf file"),
    (
        "prose.txt",
        b"A letter about the garden.\nIt has no numbered articles at all.\n" * 20,
        "does not look like",
    ),
    ("two.txt", "\n".join(article("7.1.1.1", "One") + article("7.1.1.2", "Two")).encode(), "found 2 article"),
    ("fake.pdf", code_text(3).encode(), "is not a PDF"),
    (
        "broken.pdf",
        b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer <<>>\n%%EOF",
        "damaged",
    ),
    ("scanned.pdf", make_pdf([[]]), "no text layer"),
]


@pytest.mark.parametrize(("name", "content", "message"), REJECTIONS, ids=[r[0] for r in REJECTIONS])
def test_unusable_files_are_refused_with_a_clear_message_and_change_nothing(
    tmp_path, data_dir, name, content, message
):
    import_code_text(write(tmp_path, "code.txt", code_text(3)), data_dir, name="keep")
    before = {p: p.read_bytes() for p in stored_files(data_dir)}
    with pytest.raises(InputError, match=message) as caught:
        import_code_text(write(tmp_path, name, content), data_dir, name="keep")
    assert name in str(caught.value) or "look like" in str(caught.value) or "found" in str(caught.value)
    assert "\n" not in str(caught.value)
    assert {p: p.read_bytes() for p in stored_files(data_dir)} == before


def test_a_password_protected_pdf_is_refused(tmp_path, data_dir):
    source = write(tmp_path, "plain.pdf", make_pdf([code_text(3).splitlines()]))
    writer = PdfWriter(clone_from=source)
    writer.encrypt(user_password="secret", algorithm="RC4-128")
    with (tmp_path / "locked.pdf").open("wb") as handle:
        writer.write(handle)
    with pytest.raises(InputError, match="password-protected"):
        import_code_text(tmp_path / "locked.pdf", data_dir)
    assert stored_files(data_dir) == []


def test_too_large_files_are_refused_before_they_are_read(tmp_path, data_dir, monkeypatch):
    monkeypatch.setattr(code_files, "MAX_TEXT_BYTES", 1024)
    with pytest.raises(InputError, match="too large to import"):
        import_code_text(write(tmp_path, "big.txt", code_text(40)), data_dir)
    monkeypatch.setattr(code_files, "MAX_TEXT_BYTES", 20 * 2**20)
    monkeypatch.setattr(code_files, "MAX_LINES", 50)
    with pytest.raises(InputError, match="lines; limit 50"):
        import_code_text(write(tmp_path, "long.txt", code_text(40)), data_dir)
    assert stored_files(data_dir) == []


def test_a_missing_file_a_bad_edition_and_a_windows_encoding(tmp_path, data_dir):
    with pytest.raises(InputError, match=r"Cannot read nothing\.txt"):
        import_code_text(tmp_path / "nothing.txt", data_dir)
    with pytest.raises(InputError, match="edition must be a year"):
        import_code_text(write(tmp_path, "code.txt", code_text(3)), data_dir, edition="latest")
    cp1252 = (
        code_text(3) + "7.1.1.8. Caf\u00e9 Widgets\n(1) Every caf\u00e9 widget \u2013 shall be quiet.\n"
    ).encode("cp1252")
    result = import_code_text(write(tmp_path, "windows.txt", cp1252), data_dir)
    assert "Café Widgets" in result.path.read_text(encoding="utf-8")


def test_a_failed_write_leaves_the_old_import_and_no_temporary_file(tmp_path, data_dir, monkeypatch):
    import_code_text(write(tmp_path, "code.txt", code_text(3)), data_dir)
    before = (imported_dir(data_dir) / "code.md").read_bytes()

    def refuse(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(code_store.os, "replace", refuse)
    with pytest.raises(InputError, match="could not be saved"):
        import_code_text(write(tmp_path, "code.txt", code_text(5)), data_dir)
    assert stored_files(data_dir) == [imported_dir(data_dir) / "code.md"]
    assert (imported_dir(data_dir) / "code.md").read_bytes() == before
