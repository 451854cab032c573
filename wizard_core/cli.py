"""Command line: replay transcripts, inspect context, list and export projects.

Bad input prints one line on stderr and exits with status 2, having written nothing.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from storage import default_data_dir, open_storage
from wizard_core.errors import WizardError
from wizard_core.export import FORMATS, export
from wizard_core.manager import MAX_MESSAGE_CHARS, MAX_NAME_CHARS, ContextManager, clean_text
from wizard_core.services import ADVISORS, create_manager, make_advisor

MAX_TRANSCRIPT_BYTES = 5_000_000


class UsageError(WizardError):
    """The command line itself is wrong."""


class Transcript(BaseModel):
    """A replayable transcript: a project name and the consultant's messages in order."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    messages: list[str] = Field(min_length=1)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message} (see --help)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m wizard_core", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def store_option(cmd: argparse.ArgumentParser) -> None:
        cmd.add_argument(
            "--store", type=Path, default=None, help="data folder (default $WIZARD_DATA_DIR or ./data)"
        )

    replay = commands.add_parser("replay", help="replay a transcript into a new project")
    replay.add_argument("transcript", type=Path)
    replay.add_argument("--format", choices=("json", "md"), default="md")
    replay.add_argument("--advisor", choices=ADVISORS, default=None)
    store_option(replay)

    new = commands.add_parser("new", help="start a project and print its id")
    new.add_argument("name")
    new.add_argument("--edition", default="2024")
    store_option(new)

    say = commands.add_parser("say", help="send one message to a project and print the reply")
    say.add_argument("project_id")
    say.add_argument("message")
    say.add_argument("--advisor", choices=ADVISORS, default=None)
    store_option(say)

    projects = commands.add_parser("projects", help="list stored projects")
    projects.add_argument("--format", choices=("json", "text"), default="text")
    store_option(projects)

    context = commands.add_parser("context", help="print the context package of the next message")
    context.add_argument("project_id")
    store_option(context)

    exp = commands.add_parser("export", help="export a project's matrix")
    exp.add_argument("project_id")
    exp.add_argument("--format", choices=FORMATS, default="md")
    store_option(exp)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return COMMANDS[args.command](args)
    except WizardError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def _manager(args: argparse.Namespace) -> ContextManager:
    storage = open_storage(args.store if args.store is not None else default_data_dir())
    return create_manager(storage, make_advisor(getattr(args, "advisor", None)))


def load_transcript(path: Path) -> Transcript:
    """Read and check a transcript completely before anything is written."""
    try:
        if path.stat().st_size > MAX_TRANSCRIPT_BYTES:
            raise UsageError(f"{path} is larger than {MAX_TRANSCRIPT_BYTES:,} bytes.")
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"Transcript {path} does not exist.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"Cannot read transcript {path}: {exc}.") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    try:
        transcript = Transcript.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "top level"
        raise UsageError(
            f"{path} is not a transcript ({where}: {err['msg']}); "
            'expected {"name": str, "messages": [str, ...]}.'
        ) from None
    clean_text(transcript.name, MAX_NAME_CHARS, "transcript name")
    for number, message in enumerate(transcript.messages, start=1):
        try:
            clean_text(message, MAX_MESSAGE_CHARS, "message")
        except WizardError as error:
            raise UsageError(f"{path}, message {number}: {error}") from None
    return transcript


def cmd_replay(args: argparse.Namespace) -> int:
    transcript = load_transcript(args.transcript)
    manager = _manager(args)
    state = manager.start_project(transcript.name)
    turns: list[dict[str, str | None]] = []
    for message in transcript.messages:
        section = manager.storage.load_project(state.project_id).current_form_section
        try:
            result = manager.process_user_response(state.project_id, message)
            turns.append(
                {
                    "message": message,
                    "section": result.section,
                    "type": result.type,
                    "content": result.content,
                }
            )
        except WizardError as error:
            turns.append({"message": message, "section": section, "type": "error", "content": str(error)})
    final = manager.storage.load_project(state.project_id)
    report = replay_report(final, turns)
    print(json.dumps(report, indent=2, ensure_ascii=False) if args.format == "json" else _replay_md(report))
    return 0


def replay_report(state: Any, turns: list[dict]) -> dict:
    return {
        "project_id": state.project_id,
        "complete": state.complete,
        "current_section": state.current_form_section,
        "answers": {
            a.section: {
                "question": a.question,
                "answer": a.answer,
                "value": a.value,
                "confidence": a.confidence,
                "obc_references": a.obc_references,
            }
            for a in state.finalized_answers
        },
        "archived_clarifying_sessions": {
            section: [{"question": qa.question, "answer": qa.answer} for qa in thread]
            for section, thread in state.archived_clarifying_sessions.items()
        },
        "turns": turns,
    }


def _replay_md(report: dict) -> str:
    lines = [f"Project {report['project_id']}", ""]
    for turn in report["turns"]:
        lines += [
            f"[{turn['section']}] consultant: {turn['message']}",
            f"  advisor ({turn['type']}): {turn['content']}",
        ]
    done = "complete" if report["complete"] else f"next item {report['current_section']}"
    lines += ["", f"{len(report['answers'])} items answered; {done}."]
    return "\n".join(lines)


def cmd_new(args: argparse.Namespace) -> int:
    print(_manager(args).start_project(args.name, args.edition).project_id)
    return 0


def cmd_say(args: argparse.Namespace) -> int:
    result = _manager(args).process_user_response(args.project_id, args.message)
    print(f"[{result.section}] {result.type} ({result.confidence:.2f}): {result.content}")
    if result.complete:
        print("The matrix is complete.")
    return 0


def cmd_projects(args: argparse.Namespace) -> int:
    summaries = _manager(args).storage.list_projects()
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


def cmd_context(args: argparse.Namespace) -> int:
    print(_manager(args).context_package(args.project_id).markdown, end="")
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    manager = _manager(args)
    state = manager.storage.load_project(args.project_id)
    sys.stdout.write(export(state, manager.forms, args.format))
    return 0


COMMANDS = {
    "replay": cmd_replay,
    "new": cmd_new,
    "say": cmd_say,
    "projects": cmd_projects,
    "context": cmd_context,
    "export": cmd_export,
}
