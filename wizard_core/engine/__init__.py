"""The code engine: OBC 2024 Division B 3.2.2 classification as data, candidates and answer checks.

Pure Python over ``content/code/part3-2024.json``; imports only the standard library, pydantic and
``wizard_core.errors``.
"""

from __future__ import annotations

from .checks import check
from .classify import Candidate, MissingFact, OccupancyProposal, Proposal, candidates, propose, propose_for
from .code import Article, CodeData, load_code
from .facts import Facts, facts_from_answers
from .findings import Finding
from .rating_text import parse_ratings

__all__ = [
    "Article",
    "Candidate",
    "CodeData",
    "Facts",
    "Finding",
    "MissingFact",
    "OccupancyProposal",
    "Proposal",
    "candidates",
    "check",
    "facts_from_answers",
    "load_code",
    "parse_ratings",
    "propose",
    "propose_for",
]
