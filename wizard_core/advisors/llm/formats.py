"""Structured output: the response_format of each method, and which one a server gets for a schema.

Servers differ: OpenAI takes a JSON Schema (``json_schema``), many local servers only JSON mode
(``json_object``) or plain text, and a grammar-based server may refuse a schema for one
feature (xgrammar and ``$defs``). WIZARD_STRUCTURED_OUTPUT picks a method; ``auto`` (the
default) starts with ``json_schema`` and learns from refusals: a schema refused for a feature
the server has not taken before downgrades schemas with that feature only; a refusal of a
schema with nothing new in it, or of JSON mode, downgrades that method for that server; so
does a refusal of the method's type itself ("Input should be 'text' or 'json_object'"), at
once. A refused method is kept in the store's settings (``recall``, ``keep``), so that neither
a later turn nor a restarted process asks the server for it again.

The item's value schema goes into ``json_schema`` where a server can hold a reply to it (the
grammar-based local servers), but not for OpenAI's own API: it does not hold a non-strict
schema anyway, and it caches the schema as the start of the prompt, so a schema that changed
with every item would defeat its prompt cache. The prompt carries the item's schema either way.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from wizard_core.advisors.llm import servers
from wizard_core.advisors.llm.wording import LABELS
from wizard_core.config import ModelSettings

log = logging.getLogger(__name__)

AUTO_ORDER = ("json_schema", "json_mode", "text")
# Keywords beyond the plain ones (type, properties, items, enum, required, minimum, maximum,
# anyOf, additionalProperties) that grammar-based servers are known to refuse.
FEATURES = frozenset(
    {
        "$defs", "$ref", "definitions", "minLength", "maxLength", "minItems", "maxItems",
        "exclusiveMinimum", "exclusiveMaximum", "default", "oneOf", "allOf", "not", "const",
        "format", "multipleOf", "uniqueItems", "patternProperties", "prefixItems", "if",
    }
)  # fmt: skip


def methods_for(settings: ModelSettings, schema: dict[str, Any]) -> list[str]:
    """The methods to try for this schema on this server, best first."""
    if settings.structured_output != "auto":
        return [settings.structured_output]
    used = features(request_schema(settings, schema))
    with servers.lock:
        known = servers.profile(settings)
        methods = [m for m in AUTO_ORDER if m not in known.refused_methods] or ["text"]
        if "json_schema" in methods and used & known.suspect_features:
            methods.remove("json_schema")
    return methods


def learn_refusal(settings: ModelSettings, method: str, schema: dict[str, Any], whole: bool = False) -> str:
    """Remember what a refusal of ``method`` was about; returns it in words, for the log.

    ``whole``: the server refused the method's type itself, whatever the schema.
    """
    used = features(request_schema(settings, schema))
    with servers.lock:
        known = servers.profile(settings)
        new = used - known.good_features if method == "json_schema" and not whole else set()
        if new:
            known.suspect_features |= new
            return f"schemas with {', '.join(sorted(new))}"
        known.refused_methods.add(method)
        return f"the {method} method"


def learn_success(settings: ModelSettings, method: str, schema: dict[str, Any]) -> None:
    with servers.lock:
        known = servers.profile(settings)
        known.working = method
        known.refused_methods.discard(method)  # a method set by hand that works again is no longer refused
    if settings.structured_output != "auto" or method != "json_schema":
        return
    used = features(request_schema(settings, schema))
    with servers.lock:
        known = servers.profile(settings)
        known.good_features |= used
        known.suspect_features -= used


def refused(settings: ModelSettings) -> list[str]:
    """The methods this server refused."""
    with servers.lock:
        return sorted(servers.profile(settings).refused_methods)


def recall(settings: ModelSettings, memory: servers.Memory | None) -> None:
    """Take what the store's settings hold about this server, once per process."""
    with servers.lock:
        if memory is None or servers.profile(settings).recalled:
            return
    try:
        entry = memory.load_model_servers().get(servers.key(settings))
    except Exception as error:  # the store's trouble must not cost the turn: the server is asked afresh
        log.warning("what was learned of model servers could not be read: %s", error)
        entry = None
    with servers.lock:
        known = servers.profile(settings)
        known.recalled = True
        if not isinstance(entry, dict):
            return
        refused = [m for m in entry.get("refused") or [] if m in AUTO_ORDER and m != "text"]
        working = entry.get("method") if entry.get("method") in AUTO_ORDER else None
        known.refused_methods |= set(refused)
        known.working = known.working or working
        known.kept = (working, tuple(sorted(refused)))


def keep(settings: ModelSettings, memory: servers.Memory | None) -> None:
    """Save the method this server takes and those it refused, if they changed since last saved."""
    with servers.lock:
        known = servers.profile(settings)
        now = (known.working, tuple(sorted(known.refused_methods)))
        if memory is None or now == known.kept:
            return
        known.kept = now
    try:
        memory.save_model_server(servers.key(settings), {"method": now[0], "refused": list(now[1])})
    except Exception as error:  # learned again at the cost of one request in the next process
        log.warning("what was learned of %s could not be saved: %s", settings.host, error)


def mode_line(settings: ModelSettings) -> str:
    """The reply format this server gets, in a line for the consultant."""
    if settings.structured_output != "auto":
        return f"Reply format: {LABELS[settings.structured_output]} (set by WIZARD_STRUCTURED_OUTPUT)."
    with servers.lock:
        known = servers.profile(settings)
        refused = [LABELS[m] for m in AUTO_ORDER if m in known.refused_methods]
        suspect = bool(known.suspect_features)
    method = next((m for m in AUTO_ORDER if LABELS[m] not in refused), "text")
    shown = LABELS[method] if method != "text" else "plain text, the reply checked and repaired"
    if refused:
        return f"Reply format: {shown} (this server refused {' and '.join(refused)})."
    if suspect:
        return f"Reply format: {shown} (JSON mode for items whose schema this server refused)."
    return f"Reply format: {shown} (a plainer one is tried if this server refuses it)."


def request_schema(settings: ModelSettings, value_schema: dict[str, Any]) -> dict[str, Any]:
    """The reply schema this server is sent: with the item's value schema, or the plain envelope."""
    return reply_schema(None if _openai_itself(settings) else value_schema)


def response_format(
    settings: ModelSettings, method: str, value_schema: dict[str, Any]
) -> dict[str, Any] | None:
    """The request's response_format for ``method`` (None: plain text, the prompt alone)."""
    if method == "json_schema":
        schema = request_schema(settings, value_schema)
        return {
            "type": "json_schema",
            "json_schema": {"name": "advisor_reply", "strict": False, "schema": schema},
        }
    if method == "json_mode":
        return {"type": "json_object"}
    return None


def reply_schema(value_schema: dict[str, Any] | None) -> dict[str, Any]:
    """The reply format as JSON Schema, with the item's value schema inside (any value if None)."""
    value = _portable(copy.deepcopy(value_schema)) if value_schema is not None else {}
    definitions = value.pop("$defs", None)  # "#/$defs/..." refers to the root, so hoist them
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "type": {"type": "string", "enum": ["form_answer", "clarifying_question"]},
            "content": {"type": "string"},
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
            "obc_references": {"type": "array", "items": {"type": "string"}},
            "value": {"anyOf": [value, {"type": "null"}]} if value else {},
        },
        "required": ["type", "content", "confidence", "obc_references", "value"],
        "additionalProperties": False,
    }
    if definitions:
        schema["$defs"] = definitions
    return schema


def features(schema: Any) -> set[str]:
    """The less common JSON Schema keywords ``schema`` uses (property names are not keywords)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key in FEATURES:
                found.add(key)
            if key in ("properties", "$defs", "definitions", "patternProperties") and isinstance(value, dict):
                for sub in value.values():
                    found |= features(sub)
            else:
                found |= features(value)
    elif isinstance(schema, list):
        for sub in schema:
            found |= features(sub)
    return found


def _portable(schema: Any) -> Any:
    """Drop regex patterns: ours use Python syntax that grammar-based servers may refuse."""
    if isinstance(schema, dict):
        return {k: _portable(v) for k, v in schema.items() if k != "pattern"}
    if isinstance(schema, list):
        return [_portable(v) for v in schema]
    return schema


def _openai_itself(settings: ModelSettings) -> bool:
    host = settings.host.split(":")[0].lower()
    return host == "api.openai.com" or host.endswith(".openai.azure.com")
