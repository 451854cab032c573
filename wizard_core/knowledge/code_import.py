"""Import the consultant's own copy of the code (.txt, .md or .pdf) as searchable articles.

The text is split at article headings (``3.2.4.1. Title`` or ``Article 3.2.4.1. Title``) and
written as one Markdown file in the knowledge format, ``## 3.2.4.1 | Title`` then the article's
lines, so retrieval indexes it and expansion can read lines around an article. Division A and
C articles get an ``A-``/``C-`` prefix. Nothing is written unless the whole file imports: the
result goes to the code-text store (``code_store.py``) in one write. It replaces an earlier
import only when that is the same file under the same edition; any other keeps its name and
the new import takes another (``code_catalog.py``), and the result says which.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from wizard_core.errors import InputError
from wizard_core.knowledge.code_catalog import ImportInfo, place
from wizard_core.knowledge.code_files import DIVISION, MARKUP, read_code_file
from wizard_core.knowledge.code_store import (
    CodeTextStore,
    FolderCodeTexts,
    check_text,
    safe_name,
)

MIN_ARTICLES = 3
MIN_ARTICLE_CHARS = 20
# The whole 2024 code (Divisions A, B and C) has a few thousand articles; this is ample.
MAX_ARTICLES = 20_000
log = logging.getLogger(__name__)

_ARTICLE = re.compile(
    rf"^{MARKUP}(?:Article\s+)?(?P<id>\d{{1,2}}(?:\.\d{{1,3}}){{3}})\.?(?:\*\*|__)?"
    r"(?:\s*\|?\s+(?P<title>.*?))?\s*$"
)
# Part, section and subsection headings, and the explanatory notes' 'A-3.2.4.1.(2)' headings,
# end the article before them but are not articles.
_UPPER_HEADING = re.compile(
    rf"^{MARKUP}(?:Part\s+\d{{1,2}}\b|(?:(?:Section|Subsection)\s+)?\d{{1,2}}(?:\.\d{{1,3}}){{1,2}}\."
    r"|A-\d{1,2}(?:\.\d{1,3})+\.?(?:\(\d+\))*|Notes to Part\s+\d{1,2}\b)"
    r"(?:\s+[A-Z(].*)?\s*$"
)
_DOT_LEADER = re.compile(r"\s*(?:\.\s*){3,}\d*\s*$")
# A line ending like this continues a sentence, so a number starting the next line is a reference.
_RUNS_ON = re.compile(
    r"(?:\b(?:Article|Articles|Sentence|Sentences|Subsection|Clause|and|to|or|in|of|by|under|with)|,)$"
)
_TITLE_LINE = re.compile(r"^[A-Z][^.:;()]{2,118}$")
_KNOWLEDGE_SYNTAX = re.compile(r"^(?:#|(?:Edition|Keywords):)", re.IGNORECASE)
# A file name is written into the header's one line: no line break, control or direction character.
_NOT_IN_A_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]+")


@dataclass
class Article:
    """One article of the imported text: its id, title and lines."""

    id: str
    title: str
    lines: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return sum(len(line) for line in self.lines)


@dataclass(frozen=True)
class ImportResult:
    """What an import produced: where it is and how many articles it holds."""

    name: str
    path: Path | None  # the file, when the text is kept in a folder
    edition: str
    articles: int
    skipped: int
    replaced: ImportInfo | None = None  # the same file's earlier import under the same edition
    beside: ImportInfo | None = None  # another import that had the name asked for, kept

    def describe(self) -> str:
        skipped = f"; {self.skipped} headings without text were left out" if self.skipped else ""
        done = f"Imported {self.articles:,} articles ({self.edition} edition) as '{self.name}'{skipped}."
        if self.replaced is not None:
            made = f", made {self.replaced.imported}" if self.replaced.imported else ""
            done += f" It replaces the earlier import of the same file and edition{made}."
        elif self.beside is not None:
            done += (
                f" The import {self.beside.describe()} is kept beside it under its own name; "
                "remove either one if it is not wanted."
            )
        return done


def imported_dir(data_dir: Path) -> Path:
    """Where a data folder keeps imported code text."""
    return Path(data_dir) / "knowledge" / "imported"


def folder_store(data_dir: Path) -> FolderCodeTexts:
    """The code-text store of a data folder."""
    return FolderCodeTexts(imported_dir(data_dir))


def list_imports(data_dir: Path) -> list[str]:
    return folder_store(data_dir).names()


def remove_import(data_dir: Path, name: str) -> bool:
    """Delete one import; False if there was none by that name. The search index follows at once."""
    return folder_store(data_dir).remove(safe_name(name))


def import_code_text(
    path: Path, store: CodeTextStore | Path, *, edition: str = "2024", name: str | None = None
) -> ImportResult:
    """Read, split and store one file of code text; InputError (nothing written) if unusable.

    ``store`` is a code-text store, or a data folder whose own folder store is meant.
    """
    path = Path(path)
    if not re.fullmatch(r"[0-9]{4}", edition):
        raise InputError(f"The edition must be a year such as 2024, not {edition!r}.")
    text = read_code_file(path)
    articles, skipped = split_articles(text)
    if len(articles) < MIN_ARTICLES:
        raise InputError(
            f"{path.name} does not look like building-code text: found {len(articles)} article "
            f"headings such as '3.2.4.1. Title', and at least {MIN_ARTICLES} are needed."
        )
    if len(articles) > MAX_ARTICLES:
        raise InputError(
            f"{path.name} holds {len(articles):,} articles; an import may hold at most {MAX_ARTICLES:,} "
            "(the whole code has a few thousand). Split it into parts, or check that it is code text."
        )
    if isinstance(store, str | Path):
        store = folder_store(Path(store))
    source = source_name(path.name)
    placed = place(store, safe_name(name or path.stem), edition, source)
    markdown = render_markdown(articles, placed.name, source, edition)
    if not isinstance(store, FolderCodeTexts):
        check_text(markdown)  # a folder checks its own temp file before the rename
    store.write(placed.name, markdown)
    target = store.folder / f"{placed.name}.md" if isinstance(store, FolderCodeTexts) else None
    log.info("Imported %s articles from %s into %s", len(articles), path, store.label)
    return ImportResult(placed.name, target, edition, len(articles), skipped, placed.replaces, placed.beside)


def source_name(file_name: str) -> str:
    """The file's name as the import's header records it: one line, at most 200 characters."""
    return " ".join(_NOT_IN_A_LINE.sub(" ", file_name).split())[:200] or "a file"


def split_articles(text: str) -> tuple[list[Article], int]:
    """Articles in order of first appearance, and how many headings had no usable text.

    A table of contents repeats the headings without text, so of two articles with one id
    the one with more text is kept.
    """
    copies: dict[str, list[Article]] = {}
    current: Article | None = None
    division = "B"
    previous = ""
    loose = ""  # the last line if it was plain text, which may be the next article's title
    lines = [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    for index, line in enumerate(lines):
        if not line:
            continue
        div = DIVISION.match(line)
        article = _ARTICLE.match(line)
        text_line = False
        if div:
            division = div["div"]
        elif article and _is_title(article["title"]) and not _RUNS_ON.search(previous):
            title, rest = _title_and_rest(article["title"] or "", lines[index + 1 : index + 3])
            if not title and rest and _TITLE_LINE.match(loose):
                # e-Laws style: the title stands on the line above '3.2.4.1. (1) ...'.
                title = loose
                if current is not None and current.lines and current.lines[-1] == loose:
                    current.lines.pop()
            number = article["id"]
            current = Article(number if division == "B" else f"{division}-{number}", title)
            if rest:
                current.lines.append(rest)
            copies.setdefault(current.id, []).append(current)
        elif _UPPER_HEADING.match(line):
            current = None
        else:
            text_line = True
            if current is not None and not (current.lines == [] and line == current.title):
                current.lines.append(line)
        previous = line
        loose = line if text_line else ""
    best = [max(found, key=lambda a: a.size) for found in copies.values()]
    articles = [a for a in best if a.size >= MIN_ARTICLE_CHARS]
    return articles, len(best) - len(articles)


def _is_title(title: str | None) -> bool:
    """A heading's title starts with a capital or is absent; a cross-reference runs on in lower case."""
    return not title or title[0].isupper() or title.startswith("(")


def _title_and_rest(title: str, following: list[str]) -> tuple[str, str]:
    """Split 'Title (1) Sentence...' run together by PDF extraction; find a title on the next line."""
    title = _DOT_LEADER.sub("", title).strip()
    if not title:
        nxt = next((line for line in following if line), "")
        if nxt and nxt[0].isupper() and not _ARTICLE.match(nxt) and len(nxt) <= 150:
            title = nxt
    if title.startswith("("):
        return "", title
    head, marker, tail = title.partition(" (1) ")
    if marker:
        return head.strip(), "(1) " + tail.strip()
    if len(title) > 150:
        return title[:150].rsplit(" ", 1)[0], title
    return title, ""


def render_markdown(articles: list[Article], name: str, source_name: str, edition: str) -> str:
    """The knowledge-file form of the articles: one ``## id | title`` entry each."""
    out = [
        f"# Imported code text: {name}",
        "",
        f"The consultant's own copy of the code, imported from {source_name} on {date.today().isoformat()}.",
        "",
        f"Edition: {edition}",
        "",
    ]
    for article in articles:
        title = article.title or f"Article {article.id}"
        out.append(f"## {article.id} | {title}")
        # A line that reads as a heading or a metadata line is indented so it stays text.
        out += [f" {line}" if _KNOWLEDGE_SYNTAX.match(line) else line for line in article.lines]
        out.append("")
    return "\n".join(out)
