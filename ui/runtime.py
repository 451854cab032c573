"""The core's services, created once per process and configuration (never per consultant)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import streamlit as st

from storage import default_data_dir, open_storage
from ui.text import escape
from wizard_core import wiring as core
from wizard_core.errors import WizardError
from wizard_core.manager import ContextManager

PREFIXES = ("WIZARD_", "OPENAI_")  # the settings the core reads from the environment


def manager() -> ContextManager:
    """The process's manager for the current settings; stops the page with a message if unusable."""
    _adopt_secrets()
    settings = sorted((k, v) for k, v in os.environ.items() if k.startswith(PREFIXES))
    # Settings include the API key: hash them so no secret is kept as a cache key.
    fingerprint = hashlib.sha256(repr((str(default_data_dir().resolve()), settings)).encode()).hexdigest()
    try:
        return _manager(fingerprint)
    except WizardError as error:
        st.error(escape(f"The wizard cannot start: {error}"))
        st.stop()
        raise  # not reached: st.stop() ends the run


def data_dir() -> Path:
    """The data folder the app's store uses (imported code text lives there too)."""
    return default_data_dir()


def forget_content() -> None:
    """After an import or a removal: the next run builds a manager that reads the code text anew."""
    core.forget_content()
    _manager.clear()


@st.cache_resource(show_spinner=False, max_entries=4)
def _manager(fingerprint: str) -> ContextManager:
    """Stateless apart from its services: every project's state lives in the store."""
    return core.create_manager(open_storage(), core.make_advisor())


def _adopt_secrets() -> None:
    """Settings in .streamlit/secrets.toml fill in what the environment leaves unset."""
    try:
        found = {name: value for name, value in st.secrets.items() if name.startswith(PREFIXES)}
    except Exception:  # no secrets file (Streamlit raises): the environment alone applies
        return
    for name, value in found.items():
        if isinstance(value, str | int | float | bool) and not os.environ.get(name, "").strip():
            os.environ[name] = str(value)
