"""Kinds of real server, as personas of the fake server: how each refuses, errs, thinks, caches.

Each persona copies what one server does in the shapes it really uses (the sources are named
beside each): its error body, how it says a prompt is too long for its window, the response
formats and schema features it refuses, the request parameters it does not know, whether it
reports prompt-cache hits, and how a reasoning model's thinking arrives. ``settings`` are the
wizard settings the README gives for that server.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field, replace
from typing import Any

from tests.fake_openai import FakeOpenAI, Reply, Request, shared_prefix

DRAFT = (
    'The consultant said "new construction"? A first draft: {"type": "form_answer", "content": '
    '"Change of use.", "confidence": 0.99, "obc_references": [], "value": "Change of use"} but no, '
    "reading again, the building is new: the answer is new construction."
)


@dataclass(frozen=True)
class ServerPersona:
    name: str
    window: int | None = None  # the model's context length on the server
    too_long: str | None = None  # how it says a prompt is too long: openai, vllm, llamacpp, 413, truncate
    shape: str = "openai"  # its error body: openai, vllm (top level), string (LM Studio), ollama
    refuses_params: tuple[str, ...] = ()
    refuses_formats: tuple[str, ...] = ()  # response_format types it refuses ("" for none sent)
    format_refusal: str = "openai"  # how: openai (400), pydantic (llama-cpp-python: 500), or "422"
    refuses_schema: tuple[str, ...] = ()  # JSON Schema keywords its grammar engine refuses
    thinking: str | None = None  # "field" (reasoning_content) or "inline" (<think> in the content)
    cache: bool = False  # reports prompt_tokens_details.cached_tokens
    errors_in_200: bool = False  # sends upstream errors with status 200, as the body
    basic_auth: tuple[str, str] | None = None
    settings: dict[str, str] = field(default_factory=dict)

    def refuse(self, request: Request, fake: FakeOpenAI) -> Reply | None:
        if self.basic_auth and request.headers.get("authorization") != _basic(*self.basic_auth):
            return self.error(401, "Authentication required: wrong or missing user name and password")
        for name in self.refuses_params:
            if name in request.body:
                return self.error(400, self._unknown(name), param=name)
        fmt = request.response_format
        if (fmt or "") in self.refuses_formats:
            return self._refuse_format(fmt)
        if fmt == "json_schema" and self.refuses_schema:
            schema = json.dumps(request.body["response_format"]["json_schema"]["schema"])
            if any(f'"{keyword}"' in schema for keyword in self.refuses_schema):
                return self.error(
                    400, "The provided JSON schema contains features not supported by xgrammar."
                )
        needed = request.prompt_tokens + (request.max_tokens or 0)
        if self.window and needed > self.window:
            return self._too_long(request, fake)
        return None

    def dress(self, scripted: Reply, request: Request, fake: FakeOpenAI) -> Reply:
        if scripted.status != 200 and scripted.error_body is None and scripted.body is None:
            in_body = self.errors_in_200 and scripted.status >= 500
            body = {"error": {"message": scripted.error, "code": scripted.status}} if in_body else None
            dressed = self.error(scripted.status, scripted.error) if body is None else Reply(error_body=body)
            return replace(scripted, error_body=dressed.error_body, in_body=in_body)
        if scripted.status != 200 or scripted.body is not None:
            return scripted
        thinking = scripted.thinking or (DRAFT if self.thinking else None)
        content = scripted.content or ""
        if self.thinking == "inline" and thinking:
            content, thinking = f"<think>{thinking}</think>\n{content}", None
        details: dict[str, Any] = {}
        if self.cache:
            details["prompt_tokens_details"] = {"cached_tokens": _cached(request, fake)}
        reasoning = -(-len(scripted.thinking or (DRAFT if self.thinking else "")) // 4)
        if self.thinking:
            details["completion_tokens_details"] = {"reasoning_tokens": reasoning}
        usage = (request.prompt_tokens, -(-len(content) // 4) + (reasoning if self.thinking else 0))
        return replace(scripted, content=content, thinking=thinking, usage=usage, usage_details=details)

    def error(self, status: int, message: str, param: str | None = None) -> Reply:
        if self.shape == "vllm":  # vllm/entrypoints/openai/protocol.py ErrorResponse
            body: Any = {
                "object": "error",
                "message": message,
                "type": "BadRequestError",
                "param": param,
                "code": status,
            }
        elif self.shape == "string":  # LM Studio: {"error": "..."}
            body = {"error": message}
        elif self.shape == "ollama":  # ollama openai/openai.go NewError
            body = {"error": {"message": message, "type": "api_error", "param": None, "code": None}}
        else:
            code = "unsupported_parameter" if param else None
            body = {
                "error": {"message": message, "type": "invalid_request_error", "param": param, "code": code}
            }
        return Reply(status=status, error=message, error_body=body)

    def _refuse_format(self, fmt: str | None) -> Reply:
        if self.format_refusal == "pydantic":
            # llama-cpp-python (llama_cpp/server/errors.py RouteErrorHandler): a request that fails
            # FastAPI's validation is answered 500 with str() of the validation error as the message.
            loc, expected = ("body", "response_format", "type"), "'text' or 'json_object'"
            if fmt is None:
                loc, expected = ("body", "response_format"), "a valid dictionary"
            dump = (
                f"1 validation error:\n  {{'type': 'literal_error', 'loc': {loc!r}, 'msg': \"Input should be "
                f"{expected}\", 'input': {fmt!r}, 'ctx': {{'expected': \"{expected}\"}}}}\n"
            )
            body = {"error": {"message": dump, "type": "internal_server_error", "param": None, "code": None}}
            return Reply(status=500, error=dump, error_body=body)
        if self.format_refusal == "422":  # FastAPI's own validation answer (vLLM's older front end)
            detail = [{"type": "literal_error", "loc": ["body", "response_format", "type"],
                       "msg": "Input should be 'text' or 'json_object'", "input": fmt}]  # fmt: skip
            return Reply(status=422, error_body={"detail": detail})
        return self.error(400, "'response_format.type' must be 'json_schema' or 'text'")

    def _unknown(self, name: str) -> str:
        if name in ("max_tokens", "max_completion_tokens"):  # OpenAI's reasoning models
            other = "max_completion_tokens" if name == "max_tokens" else "max_tokens"
            return f"Unsupported parameter: '{name}' is not supported with this model. Use '{other}' instead."
        return f"Unrecognized request argument supplied: {name}"  # Azure OpenAI, older API versions

    def _too_long(self, request: Request, fake: FakeOpenAI) -> Reply | None:
        window, prompt, reply = self.window or 0, request.prompt_tokens, request.max_tokens or 0
        if self.too_long == "truncate":  # Ollama: keeps what fits and says nothing
            with fake.lock:
                fake.truncated += 1
            return None
        if self.too_long == "413":  # a gateway's body-size limit
            return Reply(
                status=413, error_body=b"<html><body><h1>413 Request Entity Too Large</h1></body></html>"
            )
        if self.too_long == "llamacpp":  # tools/server: exceed_context_size_error
            message = (
                "the request exceeds the available context size. "
                "try increasing the context size or enable context shift"
            )
            body = {"error": {"code": 400, "message": message, "type": "exceed_context_size_error",
                              "n_prompt_tokens": prompt, "n_ctx": window}}  # fmt: skip
            return Reply(status=400, error_body=body)
        if self.too_long == "vllm":
            message = (
                f"This model's maximum context length is {window} tokens. However, you requested "
                f"{prompt + reply} tokens ({prompt} in the messages, {reply} in the completion). "
                "Please reduce the length of the messages or completion."
            )
            return self.error(400, message)
        message = (
            f"This model's maximum context length is {window} tokens. However, your messages resulted in "
            f"{prompt + reply} tokens. Please reduce the length of the messages."
        )
        body = {"error": {"message": message, "type": "invalid_request_error", "param": "messages",
                          "code": "context_length_exceeded"}}  # fmt: skip
        return Reply(status=400, error_body=body)


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def _cached(request: Request, fake: FakeOpenAI) -> int:
    """OpenAI's rule: the longest prefix shared with an earlier prompt, from 1,024 tokens in steps of 128."""
    with fake.lock:
        earlier = list(fake.prompts)
        fake.prompts.append(request.prompt)
    shared = max((shared_prefix(request.prompt, p) // 4 for p in earlier), default=0)
    return shared // 128 * 128 if shared >= 1024 else 0


PERSONAS = {
    "openai": ServerPersona(
        "openai", window=128_000, too_long="openai", cache=True, settings={"OPENAI_API_KEY": "sk-…"}
    ),
    "ollama": ServerPersona(
        "ollama", window=4096, too_long="truncate", shape="ollama",
        settings={"OPENAI_BASE_URL": "http://localhost:11434/v1", "WIZARD_CONTEXT_WINDOW": "4096"},
    ),
    "vllm": ServerPersona(
        "vllm", window=8192, too_long="vllm", shape="vllm", refuses_schema=("$defs", "$ref"), cache=True,
        settings={"OPENAI_BASE_URL": "http://localhost:8000/v1", "WIZARD_CONTEXT_WINDOW": "8192"},
    ),
    "llamacpp": ServerPersona(
        "llamacpp", window=4096, too_long="llamacpp",
        settings={"OPENAI_BASE_URL": "http://localhost:8080/v1", "WIZARD_CONTEXT_WINDOW": "4096"},
    ),
    "lmstudio": ServerPersona(
        "lmstudio", window=8192, too_long="openai", shape="string", refuses_formats=("json_object",),
        settings={"OPENAI_BASE_URL": "http://localhost:1234/v1"},
    ),
    "llamacpp-python": ServerPersona(
        "llamacpp-python", window=8192, too_long="openai", refuses_formats=("json_schema",),
        format_refusal="pydantic", settings={"OPENAI_BASE_URL": "http://localhost:8000/v1"},
    ),
    "gateway": ServerPersona(
        "gateway", too_long="413", errors_in_200=True, refuses_params=("stream_options",),
        basic_auth=("wizard", "s3cret-pass"), settings={"OPENAI_BASE_URL": "https://wizard:…@gateway/v1"},
    ),
    "reasoning": ServerPersona(
        "reasoning", window=128_000, too_long="openai", thinking="field", refuses_params=("max_tokens",),
        settings={"WIZARD_REPLY_TOKENS": "4096", "WIZARD_TURN_TIMEOUT": "120"},
    ),
}  # fmt: skip


def persona(name: str, **changes: Any) -> ServerPersona:
    return replace(PERSONAS[name], **changes)
