"""The context package sent to the advisor: the seeds' eight sections, within the token budget.

``sections.py`` makes each section from the project as the current item needs it; ``builder.py``
puts them in the order sent (least-changing first, for a server's prompt cache) and trims the
whole to the budget.
"""

from wizard_core.context.budget import Budget
from wizard_core.context.builder import SECTIONS, STABLE, ContextBuilder, ContextPackage
from wizard_core.context.sections import IN_INSTRUCTIONS, SEEDS_ORDER, TITLE, matrix_reference, quote

__all__ = [
    "IN_INSTRUCTIONS",
    "SECTIONS",
    "SEEDS_ORDER",
    "STABLE",
    "TITLE",
    "Budget",
    "ContextBuilder",
    "ContextPackage",
    "matrix_reference",
    "quote",
]
