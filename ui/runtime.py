"""The page's runtime: one wizard per process and configuration (never per consultant)."""

from __future__ import annotations

import gc
import hashlib
import os
from functools import cache

import streamlit as st

import wizard_core
from storage import describe_target, open_code_texts, open_storage
from ui.text import escape
from wizard_core import Wizard, WizardError

PREFIXES = ("WIZARD_", "OPENAI_")  # the settings the core reads from the environment


def wizard() -> Wizard:
    """The process's wizard for the current settings; stops the page with a message if unusable."""
    _adopt_secrets()
    settings = sorted((k, v) for k, v in os.environ.items() if k.startswith(PREFIXES))
    # Settings include the API key: hash them so no secret is kept as a cache key.
    fingerprint = hashlib.sha256(repr((describe_target(), settings)).encode()).hexdigest()
    try:
        found = _wizard(fingerprint)
        # Another replica may have imported or removed code text: the wizard asks its store every
        # few seconds (one small query) and reloads in place, so this cached wizard stays current.
        found.refresh_code_text()
        return found
    except WizardError as error:
        st.error(escape(f"The wizard cannot start: {error}"))
        st.stop()
        raise  # not reached: st.stop() ends the run


@st.cache_resource(show_spinner=False, max_entries=4)
def _wizard(fingerprint: str) -> Wizard:
    """Stateless apart from its services: every project's state lives in the store."""
    found = wizard_core.open_wizard(open_storage(), wizard_core.make_advisor(), code_texts=open_code_texts())
    _settle_heap()
    return found


@cache
def _settle_heap() -> None:
    """Keep the collector off what the process loaded once (the code, its indexes, Streamlit).

    Those objects live as long as the process, but every full collection walked them all: a pause
    of a quarter of a second or more that fell in nearly every reply's run, on a page with a
    long project. Frozen once, after the first wizard is made, a collection walks only what runs
    make; later wizards (other settings) are collected as usual. No collection first: it would
    find next to nothing (a few objects) and cost a fresh server's first page a tenth of a second.
    """
    gc.freeze()


def _adopt_secrets() -> None:
    """Settings in .streamlit/secrets.toml fill in what the environment leaves unset."""
    try:
        found = {name: value for name, value in st.secrets.items() if name.startswith(PREFIXES)}
    except Exception:  # no secrets file (Streamlit raises): the environment alone applies
        return
    for name, value in found.items():
        if isinstance(value, str | int | float | bool) and not os.environ.get(name, "").strip():
            os.environ[name] = str(value)


def store_line() -> str:
    """Where projects are kept, in words; a database URL (it may hold a password) is not shown."""
    target = describe_target()
    if "://" in target:
        return "a PostgreSQL database (the URL in WIZARD_DATA_DIR)"
    return f"the folder {target}"
