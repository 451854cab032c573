"""``python -m wizard_core turns PROJECT``: a project's messages and replies, a page at a time.

A project is opened with its newest turns only; this reads the transcript from the store's turn
log, newest page first (``--before`` goes back a page: the command prints where the next one
starts), one item's turns with ``--item``. Every message a consultant ever sent can be read here.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from storage import open_code_texts, open_storage
from wizard_core.cli_text import inert, store_option
from wizard_core.log_records import OUTSIDE
from wizard_core.wiring import make_advisor, open_wizard

PAGE = 20


def add_commands(commands: Any) -> None:
    cmd = commands.add_parser(
        "turns",
        help="print a project's messages and replies, newest page first",
        description="Print a page of a project's transcript: each message with its place, item, time and "
        "the reply. The last line says how to read the page before it.",
    )
    cmd.add_argument("project_id")
    cmd.add_argument(
        "--item", default=None, help="only the turns about this item (e.g. 3.04); 'none': outside"
    )
    cmd.add_argument("--before", type=int, default=None, help="the page before this place (as printed)")
    cmd.add_argument(
        "--limit", type=int, default=PAGE, help=f"turns on the page (default {PAGE}, at most 100)"
    )
    cmd.add_argument("--format", choices=["text", "json"], default="text")
    store_option(cmd)


def cmd_turns(args: argparse.Namespace) -> int:
    store = args.store
    wizard = open_wizard(open_storage(store), make_advisor("offline"), code_texts=open_code_texts(store))
    section = OUTSIDE if args.item == "none" else args.item
    page = wizard.load_turns(args.project_id, section, args.before, args.limit)
    if args.format == "json":
        turns = [
            {"place": place, **turn.model_dump(mode="json")}
            for place, turn in zip(page.places, page.turns, strict=True)
        ]
        print(json.dumps({"turns": turns, "older": page.older}, indent=2, ensure_ascii=False))
        return 0
    if not page.turns:
        print("No turns here.")
    for place, turn in zip(page.places, page.turns, strict=True):
        where = turn.section or "outside the items"
        print(inert(f"#{place} [{where}] {turn.received_at:%Y-%m-%d %H:%M} you: {turn.message}"))
        reply = turn.content if turn.status == "done" else f"({turn.status}: {turn.error or 'no reply'})"
        print(inert(f"    wizard: {reply}"))
    if page.older is not None:
        print(f"Earlier turns: --before {page.older}")
    return 0


COMMANDS = {"turns": cmd_turns}
