"""What the consultant is told when a model call fails: one plain sentence, with what to do.

Servers are named by host and port only, never by the key, a password in the URL or the
path; the server's own words are quoted only shortened, masked and made inert.
"""

from __future__ import annotations

import logging

from wizard_core.advisors.llm.faults import Fault
from wizard_core.advisors.llm.thinking import neutral
from wizard_core.config import ModelSettings

log = logging.getLogger(__name__)

KEPT = " Your message is kept; try again"
QUOTED = 160  # characters of the server's own words shown
CANCELLED = "You cancelled the advisor's reply, so nothing was changed. Your message is kept."
LABELS = {"json_schema": "JSON Schema", "json_mode": "JSON mode", "text": "plain text"}


def timed_out(settings: ModelSettings) -> str:
    return (
        f"The model server at {settings.host} did not answer within "
        f"{settings.turn_timeout:g} s. Your message is kept; try again "
        "(or raise WIZARD_TURN_TIMEOUT if the model is slow)."
    )


def no_first_token(settings: ModelSettings) -> str:
    """A server that had not begun its reply in time: most often a model reading a long prompt on a CPU."""
    return (
        f"The model server at {settings.host} had not begun its reply after "
        f"{settings.first_token_seconds:g} s; a model on a CPU can take minutes to read the request. "
        "Your message is kept; try again (or raise WIZARD_FIRST_TOKEN_TIMEOUT and WIZARD_TURN_TIMEOUT)."
    )


def formats_refused(settings: ModelSettings, refused: list[str]) -> str:
    """Every reply format the wizard can ask for was refused: which, and the setting to use."""
    tried = [LABELS[m] for m in LABELS if m in refused]
    listed = ", ".join(tried[:-1]) + f" and {tried[-1]}" if len(tried) > 1 else "".join(tried)
    return (
        f"The model server at {settings.host} refused every reply format the wizard tried ({listed}), "
        "so nothing was changed; its answers are in the wizard's log. Check the server's structured-"
        "output settings, or set WIZARD_STRUCTURED_OUTPUT to a format it takes (json_schema, json_mode "
        "or text). Your message is kept."
    )


def format_set_refused(settings: ModelSettings) -> str:
    """The format set by hand was refused."""
    method = settings.structured_output
    return (
        f"The model server at {settings.host} does not take the reply format set by "
        f"WIZARD_STRUCTURED_OUTPUT={method} ({LABELS.get(method, method)}); its answer is in the wizard's "
        "log. Set WIZARD_STRUCTURED_OUTPUT=auto, so that the wizard finds a format it takes. "
        "Your message is kept."
    )


def describe(fault: Fault, settings: ModelSettings, failures: int = 1, waited: float | None = None) -> str:
    """A sentence for the consultant; ``waited`` is a Retry-After too long to sit out."""
    host, times, said = settings.host, _times(failures), said_of(fault, settings)
    status = fault.status
    if waited is not None and fault.kind in ("rate_limited", "server"):
        what = "429 (rate limited)" if status == 429 else str(status or "an error")
        return f"The model server at {host} answered {what} and asked to wait {waited:g} s.{KEPT} later."
    simple = {
        "timeout": timed_out(settings),
        "rate_limited": f"The model server at {host} answered 429 (rate limited) {times}.{KEPT} in a minute.",
        "auth": f"The model server at {host} rejected the API key (401). Check OPENAI_API_KEY.",
        "forbidden": f"The model server at {host} refused access (403){said}. Check the key's permissions.",
        "model_not_found": (
            f"The model server at {host} does not know the model {settings.model!r} (404). "
            "Check WIZARD_MODEL and OPENAI_BASE_URL."
        ),
        "no_endpoint": (
            f"The model server at {host} has no chat-completions endpoint at the configured address "
            "(404). Check OPENAI_BASE_URL: it usually ends in /v1."
        ),
        "content_filter": f"The model server at {host} stopped the reply with its content filter.",
        "refused": f"The model server at {host} refused the connection {times}; is it running?{KEPT}.",
        "connection": f"The connection to the model server at {host} failed {times}.{KEPT}.",
        "format": (  # the server's words (often a validation dump) go to the log only
            f"The model server at {host} does not take the reply format the wizard asked for; its answer "
            "is in the wizard's log. Set WIZARD_STRUCTURED_OUTPUT=auto."
        ),
        "parameter": (
            f"The model server at {host} does not take the request parameter {fault.parameter!r}{said}."
        ),
        "not_chat": (
            f"The model server at {host} sent something that is not a chat-completions reply. "
            "Check OPENAI_BASE_URL."
        ),
    }
    if fault.kind in simple:
        return simple[fault.kind]
    if fault.kind == "context_length":
        return too_long(settings, fault.window)
    if fault.kind == "server":
        what = f"answered {status}" + (" (server error)" if status >= 500 else "") if status else ""
        what = what or "sent an error in place of a reply"
        return f"The model server at {host} {what} {times}{said}.{KEPT}."
    return f"The model server at {host} refused the request ({status or 'error'}){said}."


def too_long(settings: ModelSettings, window: int | None, needed: int | None = None) -> str:
    """The prompt does not fit the window: which window, whose, and the ways to fix it."""
    asked = f" (this turn needs about {needed:,} tokens with room for the reply)" if needed else ""
    if window == settings.context_window:  # the wizard's own setting is what does not fit
        return (
            f"The request is too long for WIZARD_CONTEXT_WINDOW ({window:,} tokens){asked}, even with the "
            "context package trimmed. Raise WIZARD_CONTEXT_WINDOW if the model's window is larger, or "
            f"lower WIZARD_REPLY_TOKENS (it is {settings.reply_tokens:,}). Your message is kept."
        )
    named = f" of {window:,} tokens" if window else ""
    setting = window or "the model's context length"
    return (
        f"The request was too long for the context window{named} of the model {settings.model!r} at "
        f"{settings.host}{asked}, even with the context package trimmed. Set WIZARD_CONTEXT_WINDOW={setting} "
        f"(it is {settings.context_window:,}) or lower WIZARD_REPLY_TOKENS, or give the model a longer "
        "context on the server. Your message is kept."
    )


def said_of(fault: Fault, settings: ModelSettings) -> str:
    """': "the server's words"', shortened, with secrets masked and control characters made inert."""
    words = " ".join(neutral(settings.redact(fault.detail)).split())
    if not words:
        return ""
    if len(words) > QUOTED:
        words = words[: QUOTED - 1].rstrip() + "…"
    return f': "{words}"'


def log_failure(error: BaseException, fault: Fault, settings: ModelSettings, attempt: int) -> None:
    detail = settings.redact(f"{type(error).__name__}: {error}")
    log.warning(
        "model call to %s failed (attempt %d, %s): %s",
        settings.host,
        attempt,
        fault.kind,
        detail[: 4000 if fault.kind == "format" else 500],  # a refused format: the whole of what it said
        exc_info=error if fault.kind == "not_chat" else None,  # server errors carry their body: no trace
    )


def _times(count: int) -> str:
    return {1: "once", 2: "twice", 3: "three times"}.get(count, f"{count} times")
