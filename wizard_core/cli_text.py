"""What every command shares: text safe for a terminal, the usage error, and the store it works on."""

from __future__ import annotations

import argparse
import re

from storage import open_code_texts, open_storage
from wizard_core.errors import WizardError
from wizard_core.wiring import make_advisor, open_wizard
from wizard_core.wizard import Wizard


class UsageError(WizardError):
    """The command line itself is wrong."""


# Control characters and escape sequences (a model's among them) would act on the terminal.
# A lone surrogate (from a file name that is not UTF-8) could not be printed at all.
_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def inert(text: str, one_line: bool = False) -> str:
    """``text`` safe to print: control characters shown as U+FFFD (and line breaks as spaces)."""
    text = " ".join(text.split()) if one_line else text
    return _CONTROL.sub("\ufffd", text)


def store_option(cmd: argparse.ArgumentParser) -> None:
    """``--store``, which every command that reads or writes the store takes."""
    cmd.add_argument(
        "--store",
        default=None,
        help="data folder or postgresql:// URL (default $WIZARD_DATA_DIR or ./data)",
    )


def store_wizard(args: argparse.Namespace) -> Wizard:
    """The wizard on ``--store``: a folder, or a database (its projects and its imported code text)."""
    storage = open_storage(args.store)
    advisor = make_advisor(getattr(args, "advisor", None))
    return open_wizard(storage, advisor, code_texts=open_code_texts(args.store))
