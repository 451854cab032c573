"""What went wrong with a model server: retryable or not, and a sentence naming it.

Messages name the server by host and port only, never the key or the path; the server's own
error text goes to the log (with the key masked, in case a server echoes it), not the page.
"""

from __future__ import annotations

import email.utils
import logging
import time

import openai
from langchain_core.exceptions import ContextOverflowError

from wizard_core.config import ModelSettings

log = logging.getLogger(__name__)


def timed_out(settings: ModelSettings) -> str:
    return (
        f"The model server at {settings.host} did not answer within "
        f"{settings.turn_timeout:g} s. Your message is kept; try again "
        "(or raise WIZARD_TURN_TIMEOUT if the model is slow)."
    )


def describe(error: BaseException, settings: ModelSettings, failures: int, asked: float | None = None) -> str:
    """A sentence for the consultant; ``asked`` is a Retry-After too long to wait for."""
    host, times = settings.host, _times(failures)
    kept = " Your message is kept; try again"
    if isinstance(error, openai.APITimeoutError):
        return timed_out(settings)
    if isinstance(error, openai.APIStatusError) and asked is not None:
        what = "429 (rate limited)" if error.status_code == 429 else str(error.status_code)
        return f"The model server at {host} answered {what} and asked to wait {asked:g} s.{kept} later."
    if isinstance(error, openai.RateLimitError):
        return f"The model server at {host} answered 429 (rate limited) {times}.{kept} in a minute."
    if isinstance(error, openai.AuthenticationError):
        return f"The model server at {host} rejected the API key (401). Check OPENAI_API_KEY."
    if isinstance(error, openai.PermissionDeniedError):
        return f"The model server at {host} refused access (403). Check the key's permissions."
    if isinstance(error, openai.NotFoundError):
        return (
            f"The model server at {host} does not know the model {settings.model!r} (404). "
            "Check WIZARD_MODEL and OPENAI_BASE_URL."
        )
    if isinstance(error, openai.ContentFilterFinishReasonError):
        return f"The model server at {host} stopped the reply with its content filter."
    if isinstance(error, ContextOverflowError):
        return f"This project's context is too long for the model {settings.model!r}."
    if isinstance(error, openai.APIStatusError):
        if error.status_code >= 500:
            return f"The model server at {host} answered {error.status_code} (server error) {times}.{kept}."
        return f"The model server at {host} refused the request ({error.status_code}); see the log."
    if is_connection_fault(error):
        if _refused(error):
            return f"The model server at {host} refused the connection {times}; is it running?{kept}."
        return f"The connection to the model server at {host} failed {times}.{kept}."
    return (
        f"The model server at {host} sent something that is not a chat-completions reply. "
        "Check OPENAI_BASE_URL."
    )


def log_failure(error: BaseException, settings: ModelSettings, failures: int) -> None:
    detail = f"{type(error).__name__}: {error}"
    if settings.api_key:  # a server may echo the key in its error body
        detail = detail.replace(settings.api_key, "[key]")
    unexpected = not isinstance(error, openai.OpenAIError | ContextOverflowError)
    log.warning(
        "model call to %s failed (attempt %d): %s",
        settings.host,
        failures,
        detail[:500],
        exc_info=error if unexpected else None,  # openai errors carry the server's body: no trace
    )


def rejects_format(error: BaseException) -> bool:
    if isinstance(error, ContextOverflowError):
        return False
    return isinstance(error, openai.BadRequestError | openai.UnprocessableEntityError)


def is_connection_fault(error: BaseException) -> bool:
    """A dropped or refused connection, from the client or (mid-stream) from the transport."""
    if isinstance(error, openai.APIConnectionError):
        return True
    return any(type(e).__module__.split(".")[0] in ("httpx2", "httpcore2", "httpx") for e in _chain(error))


def _refused(error: BaseException) -> bool:
    return any(isinstance(e, ConnectionRefusedError) for e in _chain(error))


def _chain(error: BaseException) -> list[BaseException]:
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        current = current.__cause__ or current.__context__
    return seen


def retry_after(error: openai.APIStatusError) -> float | None:
    headers = error.response.headers
    try:
        if "retry-after-ms" in headers:
            return float(headers["retry-after-ms"]) / 1000
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            when = email.utils.parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _times(count: int) -> str:
    return {1: "once", 2: "twice", 3: "three times"}.get(count, f"{count} times")
