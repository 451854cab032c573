"""Prompt-cache friendliness: how much of each answer request repeats the one before it.

A transcript is replayed through the LLM advisor (the real langchain-openai client) against
the fake chat-completions server in tests/fake_openai.py, which answers each item with the
value the offline advisor gives for the same transcript. From the request bodies the server
logged, for every pair of consecutive answer requests (query rewrites left out): the length of
their identical beginning (the messages in order, role and text), in estimated tokens (about
four characters a token, the estimate the wizard budgets with; real tokenizers count more
tokens for this text, so the figures are if anything low). OpenAI's prompt cache needs at
least 1,024 identical tokens and then reuses them in steps of 128; ``cached`` applies that
rule, as the server's ``prompt_tokens_details.cached_tokens`` would report it. ``share`` is the
median, over the pairs, of the part of each prompt identical to the prompt before it: what a
llama.cpp or vLLM server (which reuse any shared prefix) need not evaluate again; ``same item``
the same median over the pairs of turns on one item (a clarifying question and its answer).

``--order seeds`` builds the packages with the sections in the seeds' order and the notes on what
was left out at the top, as the wizard sent them before the sections were ordered for the cache
(``wizard_core.context.SECTIONS``); the default is the order the wizard sends now.

    python bench/bench_prefix.py [--order seeds|sent] [transcript.json ...]
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import re
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from storage import InMemoryStorage  # noqa: E402
from tests.fake_openai import FakeOpenAI, Reply, Request, reply  # noqa: E402
from tests.support import Clock  # noqa: E402
from wizard_core.advisors.llm.advisor import LLMAdvisor  # noqa: E402
from wizard_core.advisors.offline.advisor import OfflineAdvisor  # noqa: E402
from wizard_core.config import ModelSettings  # noqa: E402
from wizard_core.context import builder as context  # noqa: E402
from wizard_core.wiring import open_wizard  # noqa: E402

TRANSCRIPTS = ROOT / "tests" / "transcripts"
DEFAULT = (
    "office-3-storey.json",
    "mixed-use-addition.json",
    "clinic-vague.json",
    "house-conversion-vague.json",
)
CACHE_MINIMUM, CACHE_STEP = 1024, 128


def offline_values(messages: list[Any]) -> dict[str, Any]:
    """What the offline advisor makes of the transcript: the model will say the same."""
    wizard = open_wizard(InMemoryStorage(), advisor=OfflineAdvisor(), clock=Clock())
    pid = wizard.start_project("Benchmark").project_id
    for message in messages:
        wizard.process_user_response(pid, message if isinstance(message, str) else message["text"])
    return {a.section: a.value for a in wizard.storage.load_project(pid).finalized_answers}


def responder(values: dict[str, Any]) -> Any:
    def respond(request: Request) -> Reply:
        if "standalone question" in request.text("system")[0]:  # the reply made standalone, as a model would
            discussion = request.text("user")[0]
            item = discussion.split("\n")[0].removeprefix("Item: ").split(" - ")[0]
            latest = discussion.rsplit("Latest reply: ", 1)[-1].strip("'\"")
            return reply(f"For {item}: {latest}")
        current = request.text("user")[0].split("## Current Form Question\n")[1]
        section = re.match(r"\*\*(3\.\d\d) - ", current)[1]  # type: ignore[index]
        if section not in values:
            question = f"What else is needed to settle {section}?"
            return reply({"type": "clarifying_question", "content": question, "confidence": 0.3,
                          "obc_references": [], "value": None})  # fmt: skip
        return reply({"type": "form_answer", "content": f"The answer for {section}.", "confidence": 0.9,
                      "obc_references": [], "value": values[section]})  # fmt: skip

    return respond


def prompt(request: Request) -> str:
    return "".join(f"{m['role']}\n{m['content']}\n" for m in request.body["messages"])


def shared(first: str, second: str) -> int:
    length = min(len(first), len(second))
    return next((i for i in range(length) if first[i] != second[i]), length)


def measure(name: str) -> dict[str, Any]:
    messages = json.loads((TRANSCRIPTS / name).read_text(encoding="utf-8"))["messages"]
    fake = FakeOpenAI().start()
    fake.responder = responder(offline_values(messages))
    try:
        settings = ModelSettings(api_key="sk-bench", base_url=fake.url, model="bench", turn_timeout=30.0)
        wizard = open_wizard(InMemoryStorage(), advisor=LLMAdvisor(settings), clock=Clock())
        pid = wizard.start_project("Benchmark").project_id
        for message in messages:
            wizard.process_user_response(pid, message if isinstance(message, str) else message["text"])
    finally:
        fake.stop()
    answers = [r for r in fake.requests if "standalone question" not in r.text("system")[0]]
    prompts = [prompt(r) for r in answers]
    pairs = [shared(a, b) // 4 for a, b in itertools.pairwise(prompts)]
    cached = [p // CACHE_STEP * CACHE_STEP if p >= CACHE_MINIMUM else 0 for p in pairs]
    sizes = [len(p) // 4 for p in prompts[1:]]
    shares = [shared(a, b) / len(b) for a, b in itertools.pairwise(prompts)]
    items = [re.search(r"## Current Form Question\n\*\*(3\.\d\d)", r.text("user")[0])[1] for r in answers]
    same = [share for share, (a, b) in zip(shares, itertools.pairwise(items), strict=True) if a == b]
    return {
        "share": statistics.median(shares),
        "same_item": statistics.median(same) if same else None,
        "same_pairs": len(same),
        "messages": len(messages),
        "requests": len(answers),
        "pairs": len(pairs),
        "over": sum(p >= CACHE_MINIMUM for p in pairs),
        "median_shared": statistics.median(pairs),
        "min_shared": min(pairs),
        "median_prompt": statistics.median(sizes),
        "cached_share": sum(cached) / sum(sizes),
        # Every request the turns made (answers, corrections, query rewrites) per message.
        "calls": len(fake.requests) / len(messages),
    }


ORDERS = {"sent": context.SECTIONS, "seeds": context.SEEDS_ORDER}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--order", choices=ORDERS, default="sent")
    parser.add_argument("transcripts", nargs="*", default=DEFAULT)
    args = parser.parse_args()
    logging.disable(logging.WARNING)
    if args.order == "seeds":  # the packages as they were built before (a bench-only switch)
        context.SECTIONS, context.STABLE = ORDERS["seeds"], frozenset()
    print(f"order: {args.order}")
    print(f"{'transcript':<26} {'msgs':>4} {'pairs':>5} {'>= 1,024':>9} {'share':>6} {'median shared':>13} "
          f"{'min':>5} {'median prompt':>13} {'cached':>7} {'same':>5} {'same item':>14} "
          f"{'calls/msg':>9}")  # fmt: skip
    for name in args.transcripts:
        r = measure(Path(name).name)
        print(
            f"{Path(name).name:<26} {r['messages']:>4} {r['pairs']:>5} {r['over']:>9} "
            f"{r['over'] / r['pairs']:>6.0%} {r['median_shared']:>13,.0f} {r['min_shared']:>5,} "
            f"{r['median_prompt']:>13,.0f} {r['cached_share']:>7.0%} {r['share']:>5.0%} "
            + (f"{r['same_item']:>5.0%} of {r['same_pairs']:>2} pairs" if r["same_pairs"] else f"{'—':>14}")
            + f" {r['calls']:>9.2f}"
        )


if __name__ == "__main__":
    main()
