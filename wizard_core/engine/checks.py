"""``check(answers, focus)``: the matrix answers against the code and against each other."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .answers import answer_findings
from .assemblies import assembly_findings
from .calculated import calculated_findings
from .context import build_context
from .findings import Context, Finding, finding
from .fit import evaluate
from .ratings import rating_findings
from .systems import system_findings

# Where a misfit between the 3.10 article and the facts is reported, and what it rests on.
ASPECT_ITEMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "group": ("3.10", ("3.02",)),
    "storeys": ("3.10", ("3.07",)),
    "area": ("3.10", ("3.04", "3.09", "3.07")),
    "height": ("3.10", ("3.07",)),
    "streets": ("3.10", ("3.09",)),
    "occupant_load": ("3.10", ("3.18",)),
    "use": ("3.10", ("3.02",)),
    "sprinklers": ("3.11", ("3.10",)),
    "construction": ("3.15", ("3.10", "3.07", "3.11")),
}
RESTRICTION_LEVEL = {
    "Combustible permitted": 0,
    "Encapsulated mass timber permitted": 1,
    "Noncombustible required": 2,
}


def check(answers: Mapping[str, Any], focus: str | None = None) -> list[Finding]:
    """Findings on the answers; with ``focus`` only those on that item or related to it."""
    out: list[Finding] = []
    ctx = build_context(answers, out)
    _fit_findings(ctx, out)
    _restriction(ctx, out)
    out.extend(system_findings(ctx))
    out.extend(answer_findings(ctx))
    out.extend(rating_findings(ctx))
    out.extend(assembly_findings(ctx))
    out.extend(calculated_findings(ctx))
    unique = list({(f.item, f.severity, f.message): f for f in out}.values())
    if focus is None:
        return unique
    return [f for f in unique if f.item == focus or focus in f.related]


def _fit_findings(ctx: Context, out: list[Finding]) -> None:
    seen: set[tuple[str, str]] = set()
    for group, article in ctx.pairs:
        ev = evaluate(article, group, ctx.facts)
        for issue in ev.issues:
            if issue.fits == "unknown" or (article.id, issue.text) in seen:
                continue
            seen.add((article.id, issue.text))
            item, related = ASPECT_ITEMS[issue.aspect]
            message = f"3.10 gives {article.id} for {group}: {issue.text}"
            out.append(finding(item, issue.severity, message, issue.refs, ("3.10", *related)))
        if ev.fits != "no" and ev.uncertain:
            notes = "; ".join(dict.fromkeys(ev.uncertain))
            out.append(
                finding(
                    "3.10",
                    "info",
                    f"3.10 gives {article.id} for {group}; a limit it relies on is "
                    f"marked uncertain (OCR) in the source: {notes}. Check it against the official "
                    "text.",
                    [article.id],
                    ["3.02"],
                )
            )


def _restriction(ctx: Context, out: list[Finding]) -> None:
    value = ctx.value("3.15")
    restriction = value.get("restriction") if isinstance(value, Mapping) else None
    articles = ctx.articles
    if restriction not in RESTRICTION_LEVEL or not articles:
        return
    given = RESTRICTION_LEVEL[restriction]
    labels = {a.id: a.construction.restriction for a in articles}
    levels = [RESTRICTION_LEVEL[label] for label in labels.values()]
    if ctx.facts.stacked and restriction in labels.values():
        return
    strict = min(levels) if ctx.facts.stacked else max(levels)
    governing = [a for a, label in labels.items() if RESTRICTION_LEVEL[label] == strict]
    if given < strict and not (
        given == 0 and any(ctx.code.by_id[a].construction.combustible_if for a in governing)
    ):
        out.append(
            finding(
                "3.15",
                "error",
                f"3.15 gives the restriction '{restriction}', but {governing[0]} "
                f"requires '{labels[governing[0]]}'.",
                governing,
                ["3.10"],
            )
        )
    elif given > strict and not ctx.facts.stacked:
        out.append(
            finding(
                "3.15",
                "warning",
                f"3.15 gives the restriction '{restriction}', but {governing[0]} "
                f"gives '{labels[governing[0]]}'; record what the article permits (the actual "
                "construction may still be more robust).",
                governing,
                ["3.10"],
            )
        )
