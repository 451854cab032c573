"""``python -m wizard_core import-matrix FILE``: a matrix in the OAA sheet's layout as a new project.

What was imported, and each cell that was not (by item, row and column), goes to stderr; the new
project's id is the last line on stdout, as ``new`` prints it. A file that is not such a sheet
is one line on stderr, exit status 2, and no project.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from storage import open_code_texts, open_storage
from wizard_core.errors import InputError
from wizard_core.export.inert import printable
from wizard_core.sheet.files import MAX_FILE_BYTES
from wizard_core.wiring import make_advisor, open_wizard


def add_commands(commands: Any) -> None:
    cmd = commands.add_parser(
        "import-matrix",
        help="import a matrix in the OAA Part 3 sheet's layout (.xlsx or .csv) as a new project",
        description="Import a data matrix laid out as the OAA Part 3 sheet (the wizard's own workbook, the "
        "OAA's, or its CSV) as a new project. Each filled item becomes a proposed answer to confirm.",
    )
    cmd.add_argument("file", type=Path)
    cmd.add_argument("--name", default=None, help="the project's name (default: the sheet's project name)")
    cmd.add_argument(
        "--store", default=None, help="data folder or postgresql:// URL (default $WIZARD_DATA_DIR or ./data)"
    )


def cmd_import_matrix(args: argparse.Namespace) -> int:
    path: Path = args.file
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise InputError(
            f"import-matrix: cannot read {path.name}: {error.strerror or type(error).__name__}"
        ) from None
    wizard = open_wizard(
        open_storage(args.store), make_advisor("offline"), code_texts=open_code_texts(args.store)
    )
    result = wizard.import_matrix(data, path.name, args.name)
    print(printable(result.message), file=sys.stderr)
    print(result.state.project_id)
    return 0


COMMANDS = {"import-matrix": cmd_import_matrix}
