"""``python -m wizard_core export PROJECT``: a project's matrix as the page's download holds it.

The file goes to ``--output`` (written whole or not at all, readable by its owner alone) or to
stdout; a PDF or workbook is never written to a terminal.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from wizard_core.cli_text import UsageError, inert, store_option, store_wizard
from wizard_core.export import EXPORT_FORMATS, FORMATS, PAPERS


def add_commands(commands: Any) -> None:
    exp = commands.add_parser(
        "export",
        help="export a project's matrix (md, csv, json, pdf, review-pdf or xlsx)",
        description="Export a project's matrix. The file goes to --output, or else to stdout; a PDF or "
        "workbook is not written to a terminal, so give --output FILE or redirect stdout to a file.",
    )
    exp.add_argument("project_id")
    exp.add_argument("--format", choices=FORMATS, default="md")
    exp.add_argument("--paper", choices=PAPERS, default=PAPERS[0], help="the drawing sheet's paper (pdf)")
    exp.add_argument(
        "--output", "-o", type=Path, default=None, help="write the file here (replacing it) instead of stdout"
    )
    store_option(exp)


def cmd_export(args: argparse.Namespace) -> int:
    """The export's bytes, exactly as the page's download holds them (the CSV with its byte-order mark)."""
    if EXPORT_FORMATS[args.format].binary and args.output is None and sys.stdout.isatty():
        raise UsageError(
            f"export: a {args.format.upper()} file is not text for a terminal; "
            "give --output FILE or redirect stdout to a file (nothing was written)"
        )
    wizard = store_wizard(args)
    data = wizard.export_file(wizard.load_project(args.project_id), args.format, paper=args.paper)
    if args.output is None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return 0
    _write_file(args.output, data)
    print(f"Wrote {inert(str(args.output), one_line=True)} ({len(data):,} bytes).", file=sys.stderr)
    return 0


def _write_file(path: Path, data: bytes) -> None:
    """Write ``data`` whole or not at all: a half-written export never replaces a good one.

    The file is readable by its owner alone (0600), as the project it comes from is the client's.
    """
    if path.is_dir():
        raise UsageError(f"export: {inert(str(path), one_line=True)} is a folder; give a file name")
    temp: Path | None = None
    try:
        # mkstemp makes a new file of mode 0600 under a name of its own; the rename keeps both.
        descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:100]}.", suffix=".partial")
        temp = Path(name)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        temp.replace(path)
    except OSError as error:
        if temp is not None:
            temp.unlink(missing_ok=True)
        reason = inert(error.strerror or type(error).__name__, one_line=True)
        raise UsageError(f"export: cannot write {inert(str(path), one_line=True)}: {reason}") from error


COMMANDS = {"export": cmd_export}
