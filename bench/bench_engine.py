"""Time of the code engine: ``check`` on a full realistic project, ``candidates`` and ``propose``.

The project is a six-storey wood condominium over ground-floor shops (E below C, 3.2.2.51), every
item answered. The content file is loaded once before timing (the engine caches it), so the
figures are the per-call cost a wizard turn pays. Prints the median and 90th percentile in ms.

    python bench/bench_engine.py [--repeat 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wizard_core.engine import candidates, check, facts_from_answers, load_code, propose

PROJECT: dict[str, Any] = {
    "3.00": "O. Reg. 163/24, last amended by O. Reg. 447/24",
    "3.01": "New construction",
    "3.02": ["E", "C"],
    "3.03": True,
    "3.04": {"existing": 0, "new": 1400, "total": 1400},
    "3.05": {"existing": 0, "new": 8150, "total": 8150},
    "3.06": {"existing": 0, "new": 60, "total": 60},
    "3.07": {"storeys_above_grade": 6, "storeys_below_grade": 1, "height_m": 17.5},
    "3.08": False,
    "3.09": 1,
    "3.10": ["3.2.2.51", "3.2.2.51"],
    "3.11": "Entire building",
    "3.12": True,
    "3.13": "Single stage",
    "3.14": True,
    "3.15": {
        "restriction": "Combustible permitted",
        "actual": "Combustible and noncombustible",
        "heavy_timber": False,
    },
    "3.16": "Normal",
    "3.17": "SC2",
    "3.18": {
        "total": 262,
        "rows": [
            {"area": "Ground floor retail", "persons": 102, "basis": "3.70 m²/person"},
            {"area": "Apartments, floors 2-6", "persons": 160, "basis": "2 per sleeping room"},
        ],
    },
    "3.19": True,
    "3.20": {"barrier_free_entrances": 2, "hazardous_substances": False},
    "3.21": "Floors 1 h, roof 1 h, mezzanine 1 h, loadbearing walls 1 h; floor over basement 1 h",
    "3.22": "North wall: LD 9 m, 40 % unprotected openings permitted, 25 % proposed.",
    "3.23": "Per Table 3.7.4.2 and 3.8.2.3.",
    "3.24": "SB-12 prescriptive; climate zone 5; 4000 HDD.",
    "3.25": "Yes, more than one dwelling unit; SB-3 assemblies.",
    "3.26": "None.",
    "3.27": "None.",
}


def measure(label: str, call: Callable[[], object], repeat: int) -> tuple[float, float]:
    times = sorted(t * 1000 for t in timeit.repeat(call, number=1, repeat=repeat))
    median = statistics.median(times)
    p90 = times[int(0.9 * (len(times) - 1))]
    print(f"{label:<28} median {median:7.3f} ms   p90 {p90:7.3f} ms   ({repeat} runs)")
    return median, p90


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    load_code()  # the one-off load and validation, outside the timed calls
    facts = facts_from_answers(PROJECT)
    findings = check(PROJECT)
    errors = [f for f in findings if f.severity == "error"]
    print(
        f"project: {len(findings)} findings, {len(errors)} errors; candidates: "
        + ", ".join(f"{c.group} {c.article}" for c in candidates(facts))
    )
    for _ in range(50):  # warm-up
        check(PROJECT)
    measure("check(full project)", lambda: check(PROJECT), args.repeat)
    measure("check(focus='3.10')", lambda: check(PROJECT, focus="3.10"), args.repeat)
    measure("candidates(facts)", lambda: candidates(facts), args.repeat)
    measure("propose(answers)", lambda: propose(PROJECT), args.repeat)


if __name__ == "__main__":
    main()
