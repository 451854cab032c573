"""Command line: replay transcripts, inspect context, list and export projects.

Bad input prints one line on stderr and exits with status 2, having written nothing.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path

from storage import open_code_texts, open_storage
from wizard_core import cli_calc, cli_export, cli_kb, cli_matrix, cli_store, cli_turns
from wizard_core.cli_text import UsageError, inert, store_option, store_wizard
from wizard_core.errors import WizardError
from wizard_core.replay import ReplayClock, load_transcript, replay
from wizard_core.tokens import describe_turn
from wizard_core.wiring import ADVISORS, make_advisor, open_wizard


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message} (see --help)")


class _HelpBeforeText(argparse.Action):
    """``-h`` before a command's text shows its help; after the project id it was meant as the text."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, argparse.SUPPRESS, nargs=0, help="show this help message and exit")

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # type: ignore[no-untyped-def]
        given = [getattr(namespace, a.dest, None) for a in parser._actions if not a.option_strings]
        if any(value is not None for value in given):
            raise UsageError(
                f"{parser.prog}: {option_string} after the other arguments reads as an option, so nothing "
                f"was done; to send it as text, put -- before it ({parser.prog} ... -- {option_string})."
            )
        parser.print_help()
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m wizard_core", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    replay = commands.add_parser("replay", help="replay a transcript into a new project")
    replay.add_argument("transcript", type=Path)
    replay.add_argument("--format", choices=("json", "md"), default="md")
    replay.add_argument("--advisor", choices=ADVISORS, default=None)
    store_option(replay)

    new = commands.add_parser("new", help="start a project and print its id", add_help=False)
    new.add_argument("-h", "--help", action=_HelpBeforeText)
    new.add_argument("name")
    new.add_argument("--edition", default="2024")
    store_option(new)

    say = commands.add_parser("say", help="send one message to a project and print the reply", add_help=False)
    say.add_argument("-h", "--help", action=_HelpBeforeText)
    say.add_argument("project_id")
    say.add_argument("message")
    say.add_argument("--advisor", choices=ADVISORS, default=None)
    store_option(say)

    projects = commands.add_parser("projects", help="list stored projects")
    projects.add_argument("--format", choices=("json", "text"), default="text")
    store_option(projects)

    summary = commands.add_parser("summary", help="print a project's context summary")
    summary.add_argument("project_id")
    summary.add_argument("--format", choices=("json", "text"), default="text")
    store_option(summary)

    context = commands.add_parser("context", help="print the context package of the next message")
    context.add_argument("project_id")
    store_option(context)

    check = commands.add_parser("check", help="check a project's answers against the code and each other")
    check.add_argument("project_id")
    check.add_argument("--format", choices=("json", "md"), default="md")
    store_option(check)

    cli_export.add_commands(commands)  # export
    cli_kb.add_commands(commands, _Parser)  # kb search, import, list, remove
    cli_store.add_commands(commands)  # migrate, keygen
    cli_calc.add_commands(commands)  # calc spatial, occupant-load, fixtures
    cli_matrix.add_commands(commands)  # import-matrix
    cli_turns.add_commands(commands)  # turns
    return parser


def main(argv: list[str] | None = None) -> int:
    _quiet_logs()
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except WizardError as error:
        print(f"error: {inert(str(error), one_line=True)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("error: interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped (``| head``): nothing more is wanted, which is no error of the wizard's.
        # Later writes and the flush at exit go nowhere rather than fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # 128 + SIGPIPE, as a shell tool that was cut off
    except Exception as error:  # a bug, not bad input: still one line, never a traceback
        detail = inert(f"{type(error).__name__}: {error}", one_line=True)[:300]
        print(f"error: the wizard failed unexpectedly ({detail}); please report it.", file=sys.stderr)
        return 1


def _quiet_logs() -> None:
    """One line on stderr for a failure: log records and warnings (with their tracebacks) go nowhere."""
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.NullHandler())
    logging.captureWarnings(True)


def cmd_replay(args: argparse.Namespace) -> int:
    transcript = load_transcript(args.transcript)
    clock = ReplayClock()
    storage = open_storage(args.store)
    code_texts = open_code_texts(args.store)
    wizard = open_wizard(storage, make_advisor(args.advisor), clock=clock, code_texts=code_texts)
    result = replay(wizard, transcript, clock)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.format == "json" else _replay_md(result))
    return 0


def _replay_md(report: dict) -> str:
    lines = [f"Project {report['project_id']}: {report['name']}", ""]
    for turn in report["turns"]:
        lines += [
            f"[{turn['section']}] consultant: {turn['message']}",
            f"  advisor ({turn['type']}): {turn['content']}",
        ]
    done = "complete" if report["complete"] else f"next item {report['current_section']}"
    lines += ["", f"{len(report['answers'])} items answered; {done}."]
    return inert("\n".join(lines))


def cmd_new(args: argparse.Namespace) -> int:
    print(store_wizard(args).start_project(args.name, args.edition).project_id)
    return 0


def cmd_say(args: argparse.Namespace) -> int:
    wizard = store_wizard(args)
    result = wizard.process_user_response(args.project_id, args.message)
    print(inert(f"[{result.section}] {result.type} ({result.confidence:.2f}): {result.content}"))
    usage = describe_turn(wizard.load_project(args.project_id).turns[-1])
    if usage:  # what the model call cost ("tokens unknown" when the server never said)
        print(inert(f"Model usage: {usage}"))
    if result.complete:
        print("The matrix is complete.")
    return 0


def cmd_projects(args: argparse.Namespace) -> int:
    summaries = store_wizard(args).list_projects()
    rows = [
        {
            "project_id": s.project_id,
            "name": s.name,
            "complete": s.complete,
            "answered": s.answered,
            "current_section": s.current_section,
            "updated_at": s.updated_at.isoformat(),
            **({"error": s.error} if s.error else {}),
        }
        for s in summaries
    ]
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            status = row.get("error") or ("complete" if row["complete"] else f"at {row['current_section']}")
            answered = f"{row['answered']} answered"
            print(f"{row['project_id']}  {row['name']}  {answered}  {status}  {row['updated_at']}")
    return 0


def cmd_summary(args: argparse.Namespace) -> int:
    summary = store_wizard(args).summary(args.project_id)
    if args.format == "json":
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    items = summary["items"]
    print(
        f"{summary['name']}: {summary['status']}, {summary['freshness']} "
        f"(relevance {summary['temporal_relevance']:.2f}), {summary['interaction_count']} messages"
    )
    print(f"{items['answered']} answered, {items['flagged']} flagged, {items['remaining']} remaining")
    for decision in summary["last_decisions"]:
        print(
            f"  {decision['at']}  {decision['decision']} ({decision['confidence']:.2f}): {decision['reason']}"
        )
    return 0


def cmd_context(args: argparse.Namespace) -> int:
    print(store_wizard(args).context_package(args.project_id).markdown, end="")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """The findings; exit 0 whether or not there are any (2 only for bad input)."""
    found = store_wizard(args).check(args.project_id)
    if args.format == "json":
        print(json.dumps([f.model_dump() for f in found], indent=2, ensure_ascii=False))
        return 0
    if not found:
        print("No findings: the answers agree with the code's classification rules and with each other.")
    for f in found:
        cited = f" ({', '.join(f.articles)})" if f.articles else ""
        related = f" [see also {', '.join(f.related)}]" if f.related else ""
        print(f"- {f.item} {f.severity}: {f.message}{cited}{related}")
    return 0


COMMANDS = {
    "replay": cmd_replay,
    "new": cmd_new,
    "say": cmd_say,
    "projects": cmd_projects,
    "summary": cmd_summary,
    "context": cmd_context,
    "check": cmd_check,
    **cli_kb.COMMANDS,
    **cli_store.COMMANDS,
    **cli_calc.COMMANDS,
    **cli_matrix.COMMANDS,
    **cli_export.COMMANDS,
    **cli_turns.COMMANDS,
}
