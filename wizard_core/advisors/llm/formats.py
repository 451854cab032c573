"""Structured output: the response_format of each method, and which one a server gets for a schema.

Servers differ: OpenAI takes a JSON Schema (``json_schema``), many local servers only JSON mode
(``json_object``) or plain text, and a grammar-based server may refuse a schema for one
feature (xgrammar and ``$defs``). WIZARD_STRUCTURED_OUTPUT picks a method; ``auto`` (the
default) starts with ``json_schema`` and learns from refusals: a schema refused for a feature
the server has not taken before downgrades schemas with that feature only; a refusal of a
schema with nothing new in it, or of JSON mode, downgrades that method for that server.

The item's value schema goes into ``json_schema`` where a server can hold a reply to it (the
grammar-based local servers), but not for OpenAI's own API: it does not hold a non-strict
schema anyway, and it caches the schema as the start of the prompt, so a schema that changed
with every item would defeat its prompt cache. The prompt carries the item's schema either way.
"""

from __future__ import annotations

import copy
from typing import Any

from wizard_core.advisors.llm import servers
from wizard_core.config import ModelSettings

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


def learn_refusal(settings: ModelSettings, method: str, schema: dict[str, Any]) -> str:
    """Remember what a refusal of ``method`` was about; returns it in words, for the log."""
    used = features(request_schema(settings, schema))
    with servers.lock:
        known = servers.profile(settings)
        new = used - known.good_features if method == "json_schema" else set()
        if new:
            known.suspect_features |= new
            return f"schemas with {', '.join(sorted(new))}"
        known.refused_methods.add(method)
        return f"the {method} method"


def learn_success(settings: ModelSettings, method: str, schema: dict[str, Any]) -> None:
    if settings.structured_output != "auto" or method != "json_schema":
        return
    used = features(request_schema(settings, schema))
    with servers.lock:
        known = servers.profile(settings)
        known.good_features |= used
        known.suspect_features -= used


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
