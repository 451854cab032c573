"""Retrieval: tokenizing, BM25 ranking, named articles first, query expansion, the service, the CLI."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from tests.code_text import article, code_text
from wizard_core import cli
from wizard_core.content import CONTENT_DIR, load_form
from wizard_core.errors import ContentError
from wizard_core.knowledge.code_import import import_code_text, imported_dir
from wizard_core.knowledge.retrieval import BM25, CodeIndex
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.knowledge.terms import Vocabulary, load_vocabulary, referenced_ids, stem, tokenize

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "bench"


@pytest.fixture(scope="module")
def kb() -> KnowledgeBaseService:
    return KnowledgeBaseService()


def ids(entries: list) -> list[str]:
    return [e.id for e in entries]


def test_tokens_keep_article_ids_whole_and_index_their_prefixes():
    assert tokenize("See Article 3.2.4.1. and SB-10") == ["see", "article", "3.2.4.1", "sb-10"]
    assert tokenize("Sentence 3.2.4.1.(2)", prefixes=True) == ["sentence", "3.2.4.1", "3.2.4", "3.2", "2"]
    assert tokenize("Div. A 1.4.1.2, O. Reg. 163/24") == ["div", "1.4.1.2", "reg", "163/24"]


def test_tokens_are_lower_case_singular_and_without_stop_words():
    assert tokenize("The Occupancies of STOREYS and Stories with Boxes") == [
        "occupancy",
        "storey",
        "storey",
        "box",
    ]
    assert [stem(w) for w in ("glass", "status", "analysis", "bus", "ramps", "sprinklers")] == [
        "glass",
        "status",
        "analysis",
        "bus",
        "ramp",
        "sprinkler",
    ]
    assert tokenize("Group C over Part 9, 10% of it") == [
        "group",
        "group-c",
        "part",
        "part-9",
        "10",
        "percent",
    ]


def test_references_in_a_question_are_normalized_to_knowledge_ids():
    found = referenced_ids("Div. A 1.4.1.2, Article 3.2.2.51., sb 10, a-1.4.1, O. Reg. 163/24 and C-2.1")
    assert found == ["A-1.4.1.2", "3.2.2.51", "SB-10", "A-1.4.1", "O. Reg. 163/24", "C-2.1"]


def test_bm25_prefers_rare_terms_and_shorter_documents():
    docs = [{"common": 1.0, "rare": 1.0}, {"common": 1.0}, {"common": 1.0}, {"rare": 1.0, "x": 9.0}]
    scores = BM25(docs).scores({"rare": 1.0})
    assert set(scores) == {0, 3} and scores[0] > scores[3]
    both = BM25(docs).scores({"rare": 1.0, "common": 1.0})
    assert max(both, key=both.__getitem__) == 0
    assert BM25(docs).scores({"absent": 1.0}) == {}


def test_a_named_article_ranks_first_whatever_else_the_question_says(kb):
    assert kb.search("sprinklers and standpipes under 3.2.4.1 please", 3)[0].id == "3.2.4.1"
    assert kb.search("Div. A 1.4.1.2", 1)[0].id == "A-1.4.1.2"
    assert kb.search("what does 1.4.1.2 say about building height", 1)[0].id == "A-1.4.1.2"
    assert ids(kb.search("compare SB-12 with SB-10", 2)) == ["SB-12", "SB-10"]
    assert kb.search("is O. Reg. 447/24 the latest", 1)[0].id == "O. Reg. 447/24"


def test_an_article_not_in_the_notes_brings_its_nearest_subsection(kb):
    assert kb.search("what does 3.2.4.7 require", 1)[0].id == "3.2.4"
    assert kb.search("3.2.5", 1)[0].id == "3.2.5"


def test_a_subsection_number_finds_the_articles_under_it(kb):
    found = ids(kb.search("articles of 3.2.5 about hose", 6))
    assert found[0] == "3.2.5" and all(i.startswith("3.2.5") for i in found)


def test_search_returns_entries_best_first_with_scores(kb):
    scored = kb.search_scored("when is a standpipe required in a 4 storey building", 5)
    assert scored[0][0].id == "3.2.5.8"
    scores = [s for _, s in scored]
    assert scores == sorted(scores, reverse=True) and all(s > 0 for s in scores)
    assert kb.search("when is a standpipe required in a 4 storey building", 3) == [e for e, _ in scored[:3]]
    assert kb.search("", 5) == [] and kb.search("zzzz qqqq", 5) == [] and kb.search("fire", 0) == []


def test_consultant_words_find_the_codes_terms(kb):
    assert "3.2.3.1" in ids(kb.search("how much glass can face the lot line", 3))
    assert "3.7.4" in ids(kb.search("number of toilets in a bar", 3))
    assert "3.2.5.6" in ids(kb.search("fire lane width", 3))


def test_added_terms_never_outweigh_the_consultants_own_words():
    vocabulary = load_vocabulary()
    terms = vocabulary.query_terms("glazing in an office")
    assert terms["glazing"] == terms["office"] == 1.0
    added = {t: w for t, w in terms.items() if t not in ("glazing", "office")}
    assert added and all(0 < w < 1 for w in added.values())
    assert Vocabulary().query_terms("glazing") == {"glazing": 1.0}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "invalid"),
        ('{"synonyms": {"x": ["y"]}, "colour": 1}', "invalid"),
        ('{"synonyms": {"the": ["limiting distance"]}}', "no searchable words"),
        ('{"synonyms": {"x": ["y"]}, "expansion_weight": 2}', "invalid"),
    ],
)
def test_a_bad_search_terms_file_is_a_content_error(tmp_path, content, message):
    path = tmp_path / "search-terms.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ContentError, match=message):
        load_vocabulary(path)


def test_the_shipped_search_terms_file_is_valid():
    vocabulary = load_vocabulary(CONTENT_DIR / "search-terms.json")
    assert len(vocabulary.rules) > 50 and 0 < vocabulary.weight <= 1


def test_relevant_entries_are_the_items_references_then_the_questions_hits(kb):
    form = load_form(CONTENT_DIR / "forms" / "part3-2024.json")
    standpipe = next(i for i in form.items if i.number == "3.12")
    found = kb.relevant_entries(standpipe, "is a hydrant flow test needed", 6)
    assert ids(found[:4]) == standpipe.references
    assert found[4].id == "3.2.5.7" and len(found) == 6 and len(set(ids(found))) == 6
    assert ids(kb.relevant_entries(standpipe, "", 2)) == standpipe.references[:2]
    assert len(kb.relevant_entries(standpipe, "", 8)) == 8


def test_an_imported_copy_of_an_article_replaces_the_note_in_every_lookup(tmp_path):
    text = code_text(3) + "\n".join(article("3.2.5.8", "Zorblat Standpipes", noun="zorblat"))
    import_code_text(_write(tmp_path, text), tmp_path / "data")
    kb = KnowledgeBaseService(imported_dir=imported_dir(tmp_path / "data"))
    form = load_form(CONTENT_DIR / "forms" / "part3-2024.json")
    standpipe = next(i for i in form.items if i.number == "3.12")
    first = kb.relevant_entries(standpipe, "", 4)[0]
    assert first.id == "3.2.5.8" and first.title == "Zorblat Standpipes"
    hits = kb.search_hits("standpipe zorblat", 5)
    assert [h.origin for h in hits if h.entry.id == "3.2.5.8"] == ["imported"]
    assert ids(kb.search("widget enclosure duct", 3)) == ["7.1.1.1", "7.1.1.2", "7.1.1.3"]


def _write(folder: Path, text: str) -> Path:
    path = folder / "mine.txt"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_damaged_import_is_skipped_and_the_notes_still_load(tmp_path, caplog):
    folder = tmp_path / "imported"
    folder.mkdir()
    (folder / "broken.md").write_text("no entries here\n", encoding="utf-8")
    kb = KnowledgeBaseService(imported_dir=folder)
    assert kb.imported == {} and len(kb.import_problems) == 1 and "broken.md" in caplog.text
    assert kb.get("3.2.4.1") is not None


def test_the_index_keeps_one_hit_per_article_even_past_the_first_page(kb):
    entries = [(e, "notes") for e in kb.notes.values()]
    copies = [(e.model_copy(update={"source": "imported/x.md"}), "imported") for e in kb.notes.values()]
    index = CodeIndex(entries + copies)  # type: ignore[arg-type]
    hits = index.search("fire alarm sprinkler standpipe", 20)
    assert len(hits) == 20 and len({h.entry.id for h in hits}) == 20
    assert {h.origin for h in hits} == {"imported"}


# Floors just under the measured recall (bench/README.md): a drop means retrieval got worse.
RECALL_FLOORS = {"questions.json": 0.9, "questions_held_out.json": 0.8, "questions_held_out_2.json": 0.9}


@pytest.mark.parametrize("name", sorted(RECALL_FLOORS))
def test_the_labelled_questions_meet_the_recall_target(kb, name):
    questions = json.loads((BENCH / name).read_text(encoding="utf-8"))["questions"]
    known = set(kb.entries)
    assert all(set(q["gold"]) <= known for q in questions), "a gold id is not a knowledge id"
    recall = statistics.fmean(
        len(set(q["gold"]) & set(ids(kb.search(q["question"], 5)))) / len(q["gold"]) for q in questions
    )
    assert recall >= RECALL_FLOORS[name]
    assert name != "questions.json" or len(questions) >= 40


def test_cli_kb_search_prints_json_best_first(capsys):
    assert cli.main(["kb", "search", "do we need a standpipe", "--k", "3", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [set(r) >= {"id", "score", "text", "source"} for r in rows] == [True] * 3
    assert rows[0]["id"] == "3.2.5.8" and rows[0]["source"] == "part3-fire-protection.md"
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)


def test_cli_kb_import_then_search_finds_the_imported_text(tmp_path, capsys):
    source = _write(tmp_path, code_text(4, noun="quibble"))
    store = str(tmp_path / "store")
    assert (
        cli.main(["kb", "import", str(source), "--edition", "2012", "--name", "Mine", "--store", store]) == 0
    )
    assert "Imported 4 articles (2012 edition) as 'mine'" in capsys.readouterr().out
    assert cli.main(["kb", "search", "quibble duct", "--k", "1", "--format", "json", "--store", store]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["origin"] == "imported" and row["source"] == "imported/mine.md" and row["edition"] == "2012"


@pytest.mark.parametrize(
    "argv",
    [
        ["kb", "search", "alarm", "--k", "0"],
        ["kb", "search", "   "],
        ["kb", "import", "/nonexistent/code.txt"],
        ["kb", "frobnicate"],
    ],
)
def test_cli_kb_bad_input_is_one_line_on_stderr_and_status_2(tmp_path, capsys, argv):
    assert cli.main([*argv, *(["--store", str(tmp_path / "s")] if argv[1] != "frobnicate" else [])]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and captured.err.startswith("error: ")
    assert not (tmp_path / "s").exists()


def test_the_knowledge_base_loads_without_langchain():
    code = "import sys, wizard_core.knowledge.service; print('langchain_core' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
