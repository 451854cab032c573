"""Commands about the store itself: ``migrate`` (move projects between stores) and ``keygen``.

Keys are never given on the command line (where other users and shell history see them): the
options name environment variables that hold them.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from storage import KEY_ENV, Sealer, describe_target, new_key, open_code_texts, open_storage
from storage.transfer import copy_projects
from wizard_core.errors import InputError
from wizard_core.knowledge.code_import import folder_store
from wizard_core.knowledge.code_store import CodeTextStore, copy_texts


def add_commands(commands: argparse._SubParsersAction) -> None:
    """Register ``migrate`` and ``keygen`` on the main parser's commands."""
    migrate = commands.add_parser(
        "migrate",
        help="copy every project from one store to another (a folder or a postgresql:// URL)",
        description="Copy every project (and imported code text) from one store to another. Projects "
        "already in the destination are not copied again; one that differs there is reported, not "
        "replaced. Each store is opened with the key in its --*-key-env variable (default "
        f"{KEY_ENV}); an unset variable means no encryption, so naming a new key's variable in "
        "--to-key-env re-encrypts.",
    )
    migrate.add_argument("--from", dest="source", required=True, help="the store to copy from")
    migrate.add_argument("--to", dest="destination", required=True, help="the store to copy into")
    migrate.add_argument(
        "--from-key-env", default=KEY_ENV, metavar="NAME", help="variable holding the source's key"
    )
    migrate.add_argument(
        "--to-key-env",
        default=None,
        metavar="NAME",
        help="variable holding the destination's key (default: the source's)",
    )
    commands.add_parser("keygen", help=f"print a new encryption key for {KEY_ENV}")


def cmd_migrate(args: argparse.Namespace) -> int:
    if describe_target(args.source) == describe_target(args.destination):
        raise InputError("migrate: --from and --to name the same store; nothing was copied.")
    source = open_storage(args.source, _key(args.from_key_env))
    destination = open_storage(args.destination, _key(args.to_key_env or args.from_key_env))
    print(copy_projects(source, destination).describe())
    print(copy_texts(_code_texts(args.source), _code_texts(args.destination)))
    return 0


def _code_texts(target: str) -> CodeTextStore:
    """Where a store keeps imported code text: its database, or its folder's ``knowledge/imported``."""
    return open_code_texts(target) or folder_store(Path(target))


def cmd_keygen(args: argparse.Namespace) -> int:
    print(new_key())
    return 0


def _key(variable: str) -> Sealer | None:
    """The key in ``variable``; an unset or empty one means no encryption."""
    if not variable.replace("_", "").isalnum():
        raise InputError(f"migrate: {variable!r} is not an environment variable name.")
    value = os.environ.get(variable, "").strip()
    return Sealer(value, source=variable) if value else None


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {"migrate": cmd_migrate, "keygen": cmd_keygen}
