"""Property: every article ``candidates`` proposes passes ``check`` when answered consistently with it."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wizard_core.engine import Facts, candidates, check, propose_for

from .projects import from_candidate

GROUPS = ["A1", "A2", "A3", "A4", "B1", "B2", "B3", "C", "D", "E", "F1", "F2", "F3"]


@st.composite
def buildings(draw: st.DrawFn) -> Facts:
    group = draw(st.sampled_from(GROUPS))
    storeys = draw(st.integers(1, 20))
    return Facts(
        groups=(group,),
        storeys=storeys,
        storeys_below=draw(st.integers(0, 3)),
        building_area=float(draw(st.integers(100, 25000))),
        height_m=round(storeys * draw(st.floats(2.8, 4.5)), 1),
        streets=draw(st.integers(1, 3)),
        sprinklered=draw(st.booleans()),
        construction=draw(st.sampled_from(["combustible", "noncombustible", "mixed", "emtc"])),
        heavy_timber=draw(st.booleans()),
        superimposed=False,
        retirement_home=draw(st.booleans()) if group == "C" else None,
        occupant_load=draw(st.integers(10, 3000)),
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(buildings())
def test_every_candidate_passes_check(facts: Facts) -> None:
    for candidate in candidates(facts):
        answers = from_candidate(facts, candidate)
        bad = [f for f in check(answers) if f.severity == "error" and f.item in ("3.10", "3.11", "3.15")]
        assert bad == [], (candidate.article, [f.message for f in bad])


@settings(max_examples=200, deadline=None)
@given(buildings())
def test_the_proposed_article_is_one_of_the_candidates(facts: Facts) -> None:
    proposed = propose_for(facts).occupancies[0].article
    found = candidates(facts)
    if not found:
        assert proposed is None
    else:
        plain = [c.article for c in found if not c.doubtful]
        assert proposed == (plain[0] if plain else found[0].article)
