"""The store's settings beside its projects: the practice profile, what the advisor learned of model servers.

A backend keeps each setting by name (``read_setting``, ``write_setting``); every write goes
through the store's key check (``key_check.KeyGuard``) like a project's.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import ValidationError

from storage import bounds, key_check
from wizard_core.errors import CorruptStoreError, InputError, StorageError
from wizard_core.models import Practice

# The store's settings, by the name a backend keeps them under, as a message names them.
PRACTICE = "practice"
MODEL_SERVERS = "model_servers"  # the reply format each model server takes, learned by the advisor
SETTINGS = {
    PRACTICE: "The practice profile",
    MODEL_SERVERS: "What the wizard learned of model servers",
    key_check.KEY_CHECK: "The store's key check",
}
MAX_MODEL_SERVERS = 50  # servers remembered; the oldest are forgotten past this


class Backend(Protocol):
    """What of a store's backend (``base.Backend``) the settings use."""

    def read_setting(self, name: str) -> Any: ...

    def write_setting(self, name: str, value: dict[str, Any]) -> None: ...


def setting_where(name: str) -> str:
    """A setting as a message names it, e.g. "The practice profile"."""
    return SETTINGS.get(name, f"The setting {name}")


class StoreSettings:
    """The settings of one store, read and written through its backend and under its key check."""

    def __init__(self, backend: Backend, keys: key_check.KeyGuard) -> None:
        self.backend = backend
        self.keys = keys

    def load_practice(self) -> Practice:
        """The practice profile every project shares; an empty one if none was saved."""
        try:
            value = self.backend.read_setting(PRACTICE)
        except OSError as exc:
            raise StorageError(
                f"The practice profile could not be read ({exc.strerror or exc}). Projects are unaffected."
            ) from exc
        if value is None:
            return Practice()
        try:
            return Practice.model_validate(value)
        except ValidationError:
            raise CorruptStoreError(
                "The saved practice profile is not valid, so it is not shown. Projects are unaffected; "
                "enter the practice again and save it as the profile to replace it."
            ) from None

    def save_practice(self, practice: Practice) -> None:
        """Replace the practice profile; InputError (nothing saved) if a field does not fit."""
        try:
            checked = Practice.model_validate(practice.model_dump())
        except ValidationError as error:
            raise InputError(f"The practice profile was not saved: {_problems(error)}.") from None
        # A lone surrogate is kept as U+FFFD, as in a record (``bounds``), never refused here.
        value = {field: bounds.valid_text(text) for field, text in checked.model_dump(mode="json").items()}
        self.keys.prepare()
        try:
            self.keys.verify()
            self.backend.write_setting(PRACTICE, value)
        except OSError as exc:
            raise StorageError(
                f"The practice profile could not be saved ({exc.strerror or exc}); nothing was saved."
            ) from exc

    def load_model_servers(self) -> dict[str, Any]:
        """What the advisor learned of each model server and model (its reply format), by their key."""
        try:
            value = self.backend.read_setting(MODEL_SERVERS)
        except OSError as exc:
            raise StorageError(
                f"What the wizard learned of model servers could not be read ({exc})."
            ) from exc
        servers = value.get("servers") if isinstance(value, dict) else None
        return dict(servers) if isinstance(servers, dict) else {}

    def save_model_server(self, key: str, entry: dict[str, Any]) -> None:
        """Keep ``entry`` for the server and model ``key``, beside what is kept for the others."""
        key, entry = bounds.valid_text(key[:500]), _plain(entry)
        self.keys.prepare()
        try:
            self.keys.verify()
            servers = self.load_model_servers()
            servers.pop(key, None)
            servers[key] = entry
            kept = dict(list(servers.items())[-MAX_MODEL_SERVERS:])
            self.backend.write_setting(MODEL_SERVERS, {"servers": kept})
        except OSError as exc:
            raise StorageError(
                f"What the wizard learned of model servers could not be saved ({exc})."
            ) from exc


def _problems(error: ValidationError) -> str:
    """A validation error's problems in a few words, e.g. "name: the limit is 200 characters"."""
    problems = []
    for problem in error.errors():
        field = ".".join(str(part) for part in problem["loc"]) or "the profile"
        limit = (problem.get("ctx") or {}).get("max_length")
        problems.append(
            f"{field}: the limit is {limit} characters" if limit else f"{field}: {problem['msg']}"
        )
    return "; ".join(problems)


def _plain(entry: dict[str, Any]) -> dict[str, Any]:
    """A learned server's entry as stored: its method and refused methods, short words only."""
    method, refused = entry.get("method"), entry.get("refused")
    refused = refused if isinstance(refused, list) else []
    return {
        "method": method[:20] if isinstance(method, str) else None,
        "refused": [m[:20] for m in refused[:5] if isinstance(m, str)],
    }
