"""Barrier-free washrooms (3.8.2.3): universal washrooms per building and barrier-free stalls per
washroom, from Tables 3.8.2.3.A and B."""

from __future__ import annotations

from .occupancy import check_count
from .occupancy_data import load_occupancy


def universal_washrooms(storeys: int) -> int:
    """Universal washrooms a building needs (Table 3.8.2.3.A: per building, not per floor)."""
    count = check_count("storeys", storeys, 1)
    assert count is not None
    return load_occupancy().table_by_id["3.8.2.3.A"].lookup(count).value


def bf_stalls(wcs_in_washroom: int, universal_within_45m: bool = False) -> int:
    """Barrier-free stalls one washroom needs (Table 3.8.2.3.B), by its water closets."""
    count = check_count("wcs_in_washroom", wcs_in_washroom)
    assert count is not None
    column = "stalls_universal_within_45m" if universal_within_45m else "stalls"
    return load_occupancy().table_by_id["3.8.2.3.B"].lookup(count, column).value
