"""The prompt tokens a server says it took from its prompt cache, in whichever shape it says it.

ChatOpenAI reads OpenAI's shape only (``usage.prompt_tokens_details.cached_tokens``, which vLLM
sends too); the others are read here from the raw reply or stream chunk:

- ``usage.prompt_cache_hit_tokens`` (DeepSeek);
- ``usage.cache_read_input_tokens`` (gateways in Anthropic's terms, LiteLLM);
- ``usage.cached_tokens`` and ``usage.input_tokens_details.cached_tokens`` (other gateways);
- ``timings.cache_n`` (llama.cpp's server, beside the usage, in the reply and in the last chunk);
- ``tokens_cached`` (llama.cpp's older servers, at the top of the reply).

A shape that is absent is unknown (None), never 0: Ollama and many servers do not say.
"""

from __future__ import annotations

from typing import Any

CACHED = "cached_prompt_tokens"  # where a reply's count travels in additional_kwargs

_PATHS = (
    ("usage", "prompt_tokens_details", "cached_tokens"),
    ("usage", "prompt_cache_hit_tokens"),
    ("usage", "cache_read_input_tokens"),
    ("usage", "cached_tokens"),
    ("usage", "input_tokens_details", "cached_tokens"),
    ("timings", "cache_n"),
    ("tokens_cached",),
)


def cached_tokens(raw: Any) -> int | None:
    """The cached prompt tokens a reply or chunk (as a dict) reports, or None if it says nothing."""
    for path in _PATHS:
        value: Any = raw
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    return None
