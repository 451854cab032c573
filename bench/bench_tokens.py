"""Tokens per turn: the budgeted package vs. an include-everything package.

For the last item of a project answered through the offline advisor (the office transcript,
and the vague transcripts with their clarifying discussions), count the context package's
tokens (estimated, about four characters a token) as built, and as the seed design would
have it: every code note in every package, no trimming.

    python bench/bench_tokens.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import InMemoryStorage
from wizard_core.context import Budget, ContextBuilder
from wizard_core.knowledge.lookup import CodeLookup, Retrieved
from wizard_core.knowledge.query import deterministic_query
from wizard_core.wiring import open_wizard

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "tests" / "transcripts"


def last_item_state(name: str):
    manager = open_wizard(InMemoryStorage())
    pid = manager.start_project(name).project_id
    messages = json.loads((TRANSCRIPTS / name).read_text())["messages"]
    for message in messages:
        state = manager.storage.load_project(pid)
        if state.current_form_section == "3.27" or state.complete:
            break
        manager.process_user_response(pid, message)
    return manager, manager.storage.load_project(pid)


def main() -> None:
    print(f"{'transcript':<32} {'item':>5} {'budgeted':>9} {'everything':>11} {'ratio':>6}  left out")
    for name in ("office-3-storey.json", "mixed-use-addition.json", "clinic-vague.json"):
        manager, state = last_item_state(name)
        package = manager.context_package(state.project_id)
        # Every note in every package, unwidened and untrimmed: what 'include everything' costs.
        item = manager.item(state.current_form_section)
        notes = list(manager.knowledge.entries.values())
        lookup = CodeLookup(manager.knowledge, context_lines=0)
        query = deterministic_query(item, state.active_clarifying_thread, state.latest_user_answer or "")
        everything = Retrieved(query, notes, lookup.quote(notes))
        full = ContextBuilder(manager.forms, Budget(window_tokens=10_000_000)).build(state, item, everything)
        left = "; ".join(package.left_out) or "-"
        print(
            f"{name:<32} {state.current_form_section or '-':>5} {package.tokens:>9,} {full.tokens:>11,} "
            f"{full.tokens / package.tokens:>6.1f}  {left}"
        )


if __name__ == "__main__":
    main()
