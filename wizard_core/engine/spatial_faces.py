"""What a recorded face of spatial separation (3.22) carries beside its inputs: the table of 3.2.3.1 it
was read with and whether the street rule (3.2.3.10.(2)) gives it unlimited openings.

Both the reader that works the faces out and the checks that work them out again read a face's basis
with these rules, so the two agree on a mixed building's faces and on a face on a street.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .calc_error import CalcError
from .spatial_lookup import table_for

# how a face given unlimited openings by the street rule is recorded (its basis opens with it)
STREET_RULE = "3.2.3.10.(2)"
STREET_MIN_LD_M = 9.0  # 3.2.3.10.(2): a storey at street level facing a street, LD 9 m or more

# the table of 3.2.3.1 a text names: 'table B', 'Table 3.2.3.1.-D', 'col 3 of Table D'
TABLE_NAMED = re.compile(r"\btable\s+(?:3\.2\.3\.1\.?)?\s*-?\s*([b-e])\b(?!\d|\.\d)", re.I)


def tables_named(text: str) -> list[str]:
    """The letters of the tables of 3.2.3.1 named in ``text``, each once, in order."""
    return list(dict.fromkeys(m[1].upper() for m in TABLE_NAMED.finditer(text)))


def face_group(groups: Iterable[str], governing: str, sprinklered: bool, table: str) -> str:
    """The occupancy a face is read with: of a building's several, the one whose table (its letter,
    'D') is named for the face, as the face of that occupancy's fire compartment (3.2.3.1.(1));
    the governing occupancy otherwise."""
    named = list(groups)
    if table and len(named) > 1:
        for group in named:
            try:
                if table_for(group, sprinklered).endswith(f"-{table}"):
                    return group
            except CalcError:
                continue
    return governing


def street_rule_applies(ld_m: float, storeys: int | None) -> bool:
    """Whether 3.2.3.10.(2) gives a face on a street unlimited openings as a whole: the limiting distance
    is 9 m or more and the building has one storey, so the face is its storey at street level."""
    return ld_m >= STREET_MIN_LD_M and storeys == 1


def by_street_rule(basis: str) -> bool:
    """Whether a recorded face's basis is the street rule."""
    return basis.startswith(STREET_RULE)
