"""``python -m wizard_core calc``: the engine's calculators from the command line.

Each prints its figure with the table row, column and article it came from; ``--format json``
gives the same as one object. A bad input is one line on stderr naming it, and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
from dataclasses import asdict
from typing import Any

from wizard_core.engine.occupancy import CalcError, occupant_load
from wizard_core.engine.plumbing import fixtures
from wizard_core.engine.spatial import spatial_separation
from wizard_core.errors import InputError


def _figure(text: str) -> float:
    try:
        value = float(text.replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def _count(text: str) -> int:
    value = _figure(text)
    if value != int(value):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
    return int(value)


def add_commands(commands: Any) -> None:
    calc = commands.add_parser("calc", help="the engine's calculators: spatial, occupant-load, fixtures")
    kinds = calc.add_subparsers(dest="calc_command", required=True, parser_class=commands._parser_class)

    spatial = kinds.add_parser(
        "spatial",
        help="permitted unprotected openings, rating, construction and cladding of one face (3.2.3)",
    )
    spatial.add_argument("--group", required=True, help="major occupancy: A1-A4, B1-B3, C, D, E, F1-F3")
    spatial.add_argument("--sprinklered", action="store_true", help="sprinklered throughout")
    spatial.add_argument("--area", type=_figure, required=True, help="exposing building face area, m²")
    spatial.add_argument("--ld", type=_figure, required=True, help="limiting distance, m")
    spatial.add_argument(
        "--ratio", type=_figure, default=None, help="the larger side over the smaller (not sprinklered)"
    )
    spatial.add_argument("--hl", action="store_true", help="the ratio is height over length")
    spatial.add_argument(
        "--interpolate",
        action="store_true",
        help="interpolate between rows and columns (needs AHJ acceptance)",
    )
    spatial.add_argument("--format", choices=("json", "text"), default="text")

    load = kinds.add_parser("occupant-load", help="persons for a floor area from Table 3.1.17.1 (3.1.17)")
    load.add_argument("--use", required=True, help="the use, e.g. classroom, offices, retail")
    load.add_argument("--area", type=_figure, default=None, help="floor area, m²")
    load.add_argument("--seats", type=_count, default=None, help="fixed seats")
    load.add_argument("--sleeping-rooms", type=_count, default=None, help="sleeping rooms (dwelling units)")
    load.add_argument("--design", type=_count, default=None, help="the persons the area is designed for")
    load.add_argument("--format", choices=("json", "text"), default="text")

    plumbing = kinds.add_parser("fixtures", help="water closets required for an occupant load (3.7.4)")
    plumbing.add_argument("--group", required=True, help="major occupancy: A1-A4, B1-B3, C, D, E, F1-F3")
    plumbing.add_argument("--persons", type=_count, required=True, help="occupant load (3.18)")
    plumbing.add_argument("--use", default=None, help="the use, e.g. restaurant, school, theatre")
    plumbing.add_argument("--area", type=_figure, default=None, help="floor area, m² (Group D: 14 m²/person)")
    plumbing.add_argument("--male-pct", type=_figure, default=50.0, help="share of males, %% (default 50)")
    plumbing.add_argument("--format", choices=("json", "text"), default="text")


def cmd_calc(args: argparse.Namespace) -> int:
    try:
        result, data = _run(args)
    except CalcError as error:
        raise InputError(f"calc {args.calc_command}: {error}") from error
    if args.format == "json":
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(result.working())
        for line in (*getattr(result, "notes", ()), *getattr(result, "to_verify", ())):
            print(f"- {line}")
    return 0


def _run(args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    result: Any
    if args.calc_command == "spatial":
        if args.ratio is not None and args.ratio < 1:
            raise CalcError(
                "ratio", "give the larger side over the smaller (1 or more); say --hl when height is larger"
            )
        result = spatial_separation(
            args.group, args.sprinklered, args.area, args.ld, args.ratio, interpolate=args.interpolate
        )
        data = asdict(result)
        data["ratio_sides"] = None if args.ratio is None else ("H/L" if args.hl else "L/H")
        return result, data
    if args.calc_command == "occupant-load":
        result = occupant_load(
            args.use, args.area, seats=args.seats, sleeping_rooms=args.sleeping_rooms, design=args.design
        )
        return result, asdict(result)
    result = fixtures(args.group, args.persons, use=args.use, area_m2=args.area, male_pct=args.male_pct)
    return result, asdict(result)


COMMANDS = {"calc": cmd_calc}
