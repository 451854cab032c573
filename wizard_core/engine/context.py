"""The context every check and calculator reads: the answers, their facts and the 3.10 pairs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .code import Article, CodeData, load_code
from .facts import FARM_ENTRY, FARM_GROUPS, articles_of, facts_from_answers, pair_articles
from .findings import Context, Finding, finding
from .text import plural


def build_context(answers: Mapping[str, Any], out: list[Finding] | None = None) -> Context:
    """The answers' context; findings about the 3.10 pairing itself go to ``out`` when given."""
    code = load_code()
    facts = facts_from_answers(answers)
    pairs = _pairs(code, answers, facts.groups, [] if out is None else out)
    return Context(answers, facts, code, tuple(pairs))


def _pairs(
    code: CodeData, answers: Mapping[str, Any], groups: tuple[str, ...], out: list[Finding]
) -> list[tuple[str, Article]]:
    farm = [g for g in groups if g in FARM_GROUPS]
    if farm:
        out.append(
            finding(
                "3.10",
                "info",
                f"3.02 lists {', '.join(farm)}: "
                + code.rules.farm_buildings.statement
                + f" In 3.10 record '{FARM_ENTRY}' for it.",
                [code.rules.farm_buildings.ref],
                ["3.02"],
            )
        )
    articles = articles_of(answers)
    if not groups or not articles:
        return []
    paired = pair_articles(groups, articles)
    if paired is None:
        out.append(
            finding(
                "3.10",
                "error",
                f"3.10 gives {plural(len(articles), 'article')} ({', '.join(articles)}) but "
                f"3.02 lists {plural(len(groups), 'major occupancy', 'major occupancies')} "
                f"({', '.join(groups)}); give one article "
                "per occupancy, in the order of 3.02.",
                ["3.2.2.5"],
                ["3.02"],
            )
        )
        return []
    pairs: list[tuple[str, Article]] = []
    for group, article_id in paired:
        article = code.by_id.get(article_id)
        if article_id == FARM_ENTRY.upper():
            if group not in FARM_GROUPS:
                out.append(
                    finding(
                        "3.10",
                        "error",
                        f"3.10 records '{FARM_ENTRY}' for {group}, but only farm buildings (Group G) "
                        f"fall outside the 3.2.2 articles; give {group} its classification article.",
                        [code.rules.farm_buildings.ref],
                        ["3.02"],
                    )
                )
            continue
        if group in FARM_GROUPS:
            out.append(
                finding(
                    "3.10",
                    "warning",
                    f"3.10 gives {article_id} for the {group} (farm building) "
                    "occupancy, but Group G has no 3.2.2 article; farm buildings are designed under "
                    "Division B Part 2.",
                    [code.rules.farm_buildings.ref],
                    ["3.02"],
                )
            )
        elif article is None:
            out.append(
                finding(
                    "3.10",
                    "error",
                    f"3.10 gives {article_id} for {group}, which is not a "
                    "classification article of the 2024 code (3.2.2.20 to 3.2.2.93).",
                    [],
                    ["3.02"],
                )
            )
        else:
            pairs.append((group, article))
    return pairs
