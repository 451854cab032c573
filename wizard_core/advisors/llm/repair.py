"""A model's reply text made into the core's reply format, repairing only what is safe.

Safe repairs: a reasoning model's thinking before the reply (taken out); prose or code
fences around the JSON; keys the format does not have; the reply type's spelling ("Form
answer"); a confidence given as text ("0.8"), with a percent sign ("85%"), or as a percentage
(any number above 1 up to 100: 85 -> 0.85, 1.7 -> 0.017; read so, a confidence can only come
out lower than the model may have meant, never higher, and below 0.8 an answer is proposed for
the consultant to confirm); references given as one string; a value on a clarifying question
(dropped); a clarifying question's confidence above 0.5 (capped: a question means the facts
do not settle the item); a form answer without content (described from its validated value);
control characters and terminal escape sequences (made inert). Unknown references are left for
AIResponseProcessor, which drops them.

A form answer in the seeds' format (type, content, confidence, obc_references: no ``value``, or
a null value where the item needs one), or whose value the item does not accept as given but
its reader does ("A2 - other assembly" for 3.02), has its value read by the item's offline
reader, from the value's text, else from the content. A value read so is recorded below 0.8, to
confirm, unless the reader is sure of it and so is the model (both 0.8 or more): a model's
sentence may hold a figure nobody gave, and a wrong answer recorded with confidence is the
worst this wizard can do. A reply with no value whose content the reader cannot read a value
from becomes the reader's clarifying question to the consultant (a second model call would cost
a slow turn on a laptop's CPU, for a reply no likelier to be readable); one whose value is not
usable and does not read either is sent back, naming what the item takes.

Not repaired, so the model is asked again: no JSON object, an unknown reply type, a reply
about another item than the current one, a confidence outside 0-1 that is not a percentage
(-0.2, 150, "high"; for a value read from the content it is not asked about: the reading's
own confidence, below 0.8, stands), no content on a question, or a value the item does not
accept that its reader cannot read either.
"""

from __future__ import annotations

import logging
import math
import re
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from wizard_core.advisors.base import AdvisorRequest
from wizard_core.advisors.llm.jsontext import extract_object
from wizard_core.advisors.llm.relevance import other_item
from wizard_core.advisors.llm.thinking import neutral, without_thinking
from wizard_core.answers import describe_value, read, validate_value
from wizard_core.answers.doubt import CONFIDENT
from wizard_core.content import FormItem
from wizard_core.errors import InvalidReplyError
from wizard_core.models import AdvisorReply

log = logging.getLogger(__name__)

TYPES = ("form_answer", "clarifying_question")
QUESTION_CONFIDENCE = 0.5  # the most a clarifying question may claim
READ_CONFIDENCE = 0.7  # a value read from a model's words, unless reader and model are both sure
_PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")


@dataclass(frozen=True)
class Checked:
    """A reply ready for the core, or the problem to tell the model and the part it concerns."""

    reply: dict[str, Any] | None = None
    problem: str | None = None
    part: str = ""  # "JSON", "item", "type", "content", "confidence", "obc_references" or "value"
    about: FormItem | None = None  # the other item a reply was about


def check_reply(text: str, request: AdvisorRequest) -> Checked:
    item = request.item
    data = extract_object(without_thinking(text))
    if data is None:
        return Checked(problem="the reply is not a JSON object (or the object is incomplete)", part="JSON")
    other = other_item(data, item, request.forms)
    if other is not None:
        problem = (
            f"the reply is about item {other.number} ({other.title}), but the current item is "
            f"{item.number} ({item.title}): answer or ask about {item.number} only"
        )
        return Checked(problem=problem, part="item", about=other)
    data = _repair(data, item)
    if data.get("type") == "form_answer" and not _usable_value(data, item):
        data = _read_value(data, request)
    try:
        reply = AdvisorReply.model_validate(data)
    except ValidationError as exc:
        return Checked(
            problem=_describe(exc), part=str(exc.errors()[0]["loc"][0]) if exc.errors()[0]["loc"] else "JSON"
        )
    if reply.type == "form_answer":
        try:
            validate_value(item, reply.value)
        except InvalidReplyError as exc:
            problem = f"{exc} The value must match the JSON Schema given for this item"
            return Checked(problem=problem, part="value")
    return Checked(reply=data)


def _usable_value(data: dict[str, Any], item: FormItem) -> bool:
    """Whether a form answer's own value is one the item takes (a null only where it allows one)."""
    if "value" not in data or (data["value"] is None and not item.allows_not_applicable):
        return False
    try:
        validate_value(item, data["value"])
    except InvalidReplyError:
        return False
    return True


def _read_value(data: dict[str, Any], request: AdvisorRequest) -> dict[str, Any]:
    """A form answer whose value is missing or not usable, with the value its reader reads in the
    value's text or the content, at a confidence it can stand on; or, if neither reads, the
    reader's question to the consultant. A value that neither is nor reads as text is left to be
    refused, so the model is asked again."""
    item = request.item
    given = data.get("value")
    texts: list[str] = [t for t in (given, data.get("content")) if isinstance(t, str) and t.strip()]
    if not texts:
        return data  # nothing to read: refused as it stands, and the model asked again
    reading = None
    for text in texts:
        reading = read(item, [text], request.state, request.forms)
        if reading.complete:
            break
    if reading is None or not reading.complete:
        if given is not None:
            return data  # a value it tried to give: the model is told what the item takes
        missing = reading.missing if reading is not None and reading.missing else item.question
        log.info("the model's answer to %s states no value its reader can read; asking", item.number)
        question = f"To answer {item.number} {item.title}, please tell me {missing.rstrip('.?')}."
        return {"type": "clarifying_question", "content": question, "confidence": 0.3,
                "obc_references": [], "value": None}  # fmt: skip
    model = data.get("confidence")
    said = (
        model if isinstance(model, int | float) and not isinstance(model, bool) and 0 <= model <= 1 else None
    )
    sure = said is not None and said >= CONFIDENT and reading.confidence >= CONFIDENT
    confidence = min(reading.confidence, said if said is not None else 1.0)
    log.info(
        "read %s's value from the model's words (reader %.2f, model %s)",
        item.number,
        reading.confidence,
        model,
    )
    return {
        **data,
        "value": reading.value,
        "confidence": confidence if sure else min(confidence, READ_CONFIDENCE),
    }


def _repair(data: dict[str, Any], item: FormItem) -> dict[str, Any]:
    extra = sorted(set(data) - set(AdvisorReply.model_fields))
    if extra:
        log.info("dropping keys %s from the model's reply", extra)
    data = {k: v for k, v in data.items() if k in AdvisorReply.model_fields}
    if isinstance(data.get("type"), str):
        spelled = re.sub(r"[\s-]+", "_", data["type"].strip().lower())
        if spelled in TYPES:
            data["type"] = spelled
    if "confidence" in data:
        data["confidence"] = _confidence(data["confidence"])
    references = data.get("obc_references")
    if isinstance(references, str):
        data["obc_references"] = [r.strip() for r in re.split(r"[,;]", references) if r.strip()]
    elif references is None:
        data["obc_references"] = []
    if data.get("type") == "clarifying_question":
        data["value"] = None
        confidence = data.get("confidence")
        number = isinstance(confidence, int | float) and not isinstance(confidence, bool)
        if number and QUESTION_CONFIDENCE < float(confidence or 0) <= 1:
            log.info("capping a clarifying question's confidence %s at %s", confidence, QUESTION_CONFIDENCE)
            data["confidence"] = QUESTION_CONFIDENCE
    elif data.get("type") == "form_answer" and not _text(data.get("content")) and "value" in data:
        data["content"] = _described(item, data.get("value"))
    if isinstance(data.get("content"), str):
        data["content"] = neutral(data["content"]).strip()
    if isinstance(data.get("obc_references"), list):
        data["obc_references"] = [neutral(r) if isinstance(r, str) else r for r in data["obc_references"]]
    return data


def _confidence(value: Any) -> Any:
    if isinstance(value, str):
        percent = _PERCENT.match(value)
        if percent:
            return float(percent[1]) / 100
        try:
            value = float(value)
        except ValueError:
            return value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return value
    if 1 < value <= 100:
        return value / 100
    return value


def _described(item: FormItem, value: Any) -> Any:
    """Content for a form answer that came without any: the value in words, if the value is valid."""
    try:
        normalized = validate_value(item, value)
    except InvalidReplyError:
        return None  # the value's own problem is what the model will be told
    return f"{item.number} {item.title}: {describe_value(item, normalized)}."


def _text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _describe(exc: ValidationError) -> str:
    problems = []
    for error in exc.errors()[:5]:
        where = ".".join(str(part) for part in error["loc"]) or "reply"
        given = error.get("input")
        shown = f" (got {given!r})" if isinstance(given, str | int | float) and len(repr(given)) < 40 else ""
        problems.append(f"{where}: {error['msg']}{shown}")
    return "; ".join(problems)
