"""``python -m wizard_core kb``: search the code knowledge; import, list and remove your own code text.

The imported code text is the store's: a database's own table, or the data folder's
``knowledge/imported/``. An import replaces an earlier one only when it is the same file under
the same edition, and says so; otherwise both are kept under their own names.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from storage import default_data_dir, open_code_texts, open_storage
from wizard_core.cli_text import UsageError, inert, store_option
from wizard_core.knowledge.code_catalog import catalog, find
from wizard_core.knowledge.code_import import folder_store, import_code_text, imported_dir
from wizard_core.knowledge.code_store import CodeTextStore
from wizard_core.knowledge.service import KnowledgeBaseService
from wizard_core.wiring import make_advisor, open_wizard


def add_commands(commands: Any, parser_class: type[argparse.ArgumentParser]) -> None:
    kb = commands.add_parser(
        "kb", help="search the code knowledge, or import, list and remove your code text"
    )
    kb_commands = kb.add_subparsers(dest="kb_command", required=True, parser_class=parser_class)
    search = kb_commands.add_parser("search", help="the excerpts that best answer a question")
    search.add_argument("query")
    search.add_argument("--k", type=_positive_int, default=5, help="how many excerpts (default 5)")
    search.add_argument("--format", choices=("json", "text"), default="text")
    store_option(search)
    add = kb_commands.add_parser(
        "import",
        help="import code text from a .txt, .md or .pdf file",
        description="Import your copy of the code text. It replaces an earlier import only when that is "
        "the same file under the same edition; another edition (or another file of that name) is kept, "
        "and this import takes a name of its own, which is printed.",
    )
    add.add_argument("path", type=Path)
    add.add_argument("--edition", default="2024")
    add.add_argument("--name", default=None, help="import name (default: the file name)")
    store_option(add)
    listing = kb_commands.add_parser(
        "list", help="the imported code text: name, edition, source file, articles, date imported"
    )
    listing.add_argument("--format", choices=("json", "text"), default="text")
    store_option(listing)
    remove = kb_commands.add_parser("remove", help="remove one import by the name kb list shows")
    remove.add_argument("name")
    store_option(remove)


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return int(text)


def cmd_kb(args: argparse.Namespace) -> int:
    return {"search": _search, "import": _import, "list": _list, "remove": _remove}[args.kb_command](args)


def _code_texts(args: argparse.Namespace) -> CodeTextStore:
    """The store's own code text: a database's, or a data folder's (read in place, made only when written)."""
    database = open_code_texts(args.store)
    if database is not None:
        return database
    return folder_store(Path(args.store) if args.store is not None else default_data_dir())


def _import(args: argparse.Namespace) -> int:
    print(
        inert(import_code_text(args.path, _code_texts(args), edition=args.edition, name=args.name).describe())
    )
    return 0


def _list(args: argparse.Namespace) -> int:
    found = catalog(_code_texts(args))
    if args.format == "json":
        rows = [
            {
                "name": i.name,
                "edition": i.edition,
                "source": i.source,
                "articles": i.articles,
                "imported": i.imported,
            }
            for i in found
        ]
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    if not found:
        print("No code text is imported; `kb import FILE` imports your copy of the code.")
        return 0
    table = [["NAME", "EDITION", "SOURCE FILE", "ARTICLES", "IMPORTED"]]
    for i in found:
        table.append([i.name, i.edition or "?", i.source or "?", f"{i.articles:,}", i.imported or "?"])
    table = [[inert(cell, one_line=True) for cell in row] for row in table]
    widths = [max(len(row[column]) for row in table) for column in range(4)]
    for row in table:
        print("  ".join([*(cell.ljust(width) for cell, width in zip(row, widths, strict=False)), row[4]]))
    return 0


def _remove(args: argparse.Namespace) -> int:
    store = _code_texts(args)
    there = find(store, args.name)
    if not store.remove(there.name):
        raise UsageError(f"kb remove: {there.name} was removed meanwhile; nothing more was removed.")
    print(inert(f"Removed {there.describe()}; the advisor no longer quotes it.", one_line=True))
    return 0


def _search(args: argparse.Namespace) -> int:
    if not args.query.strip():
        raise UsageError("kb search: give a question or article number to search for")
    code_texts = open_code_texts(args.store)
    if code_texts is not None:  # a database's text, through the wizard's local copy
        knowledge = open_wizard(open_storage(args.store), make_advisor(None), code_texts=code_texts).knowledge
    else:
        folder = Path(args.store) if args.store is not None else default_data_dir()
        knowledge = KnowledgeBaseService(imported_dir=imported_dir(folder))
    hits = knowledge.search_hits(args.query, args.k)
    rows = [
        {
            "id": h.entry.id,
            "score": h.score,
            "text": h.entry.text,
            "source": h.entry.source,
            "title": h.entry.title,
            "edition": h.entry.edition,
            "origin": h.origin,
        }
        for h in hits
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            line = f"{row['score']:8.3f}  {row['id']}  {row['title']} ({row['edition']}, {row['source']})"
            print(inert(line, one_line=True))
    return 0


COMMANDS = {"kb": cmd_kb}
