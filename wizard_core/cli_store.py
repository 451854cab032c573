"""Commands about the store itself: ``migrate`` (move projects between stores) and ``keygen``.

Keys are never given on the command line (where other users and shell history see them): the
options name environment variables that hold them.
"""

from __future__ import annotations

import argparse
import os
import sys
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
        "--to-key-env re-encrypts. Exits 1, naming each, if anything was left behind (a project that "
        "cannot be read or differs in the destination): keep the source until it is copied.",
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
    report = copy_projects(source, destination)
    print(report.describe())
    texts = copy_texts(_code_texts(args.source), _code_texts(args.destination))
    print(texts)
    left = report.left_behind() + _texts_left(texts)
    if not left:
        return 0
    # A script that removes the source after a successful migrate must not lose what stayed there.
    print(
        f"migrate: {len(left)} {'thing was' if len(left) == 1 else 'things were'} not copied, so the source "
        "still holds what the destination lacks; keep it until they are copied:",
        file=sys.stderr,
    )
    for item in left:
        print(f"  {item}", file=sys.stderr)
    return 1


def _texts_left(described: str) -> list[str]:
    """The imported code texts ``copy_texts`` reports it left behind (differing or unreadable)."""
    return [
        f"imported code text {line.strip()}"
        for line in described.splitlines()
        if line.startswith(("  differing", "  unreadable"))
    ]


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
