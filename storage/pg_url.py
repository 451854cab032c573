"""Store targets: a PostgreSQL URL or a folder, told apart before anything is opened.

A value naming a database must never be taken for a folder name (``postgresql:/x`` would
otherwise become a folder called ``postgresql:``), so anything that looks like a URL but is
not a well-formed ``postgresql://`` one is refused. Messages name the host and database, never
the password.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from wizard_core.errors import StorageError

SCHEMES = ("postgresql", "postgres")
# Something that reads as "scheme:" then a slash: a URL of any scheme, well-formed or not.
_URL_LIKE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:/")  # two letters at least: C:/ is a drive


@dataclass(frozen=True)
class DatabaseURL:
    """A parsed ``postgresql://`` URL; ``repr`` and ``label`` never show the password."""

    conninfo: str
    label: str  # e.g. "db.example.com:5432/wizard"
    password: str | None

    def __repr__(self) -> str:
        return f"DatabaseURL({self.label!r})"

    def scrub(self, text: str) -> str:
        """``text`` with the password, if any, blotted out: server messages can echo the URL."""
        return text.replace(self.password, "***") if self.password else text


def is_database_url(target: object) -> bool:
    """Whether ``target`` names a PostgreSQL database rather than a folder."""
    return isinstance(target, str) and target.lower().startswith(tuple(f"{s}://" for s in SCHEMES))


def looks_like_url(target: str) -> bool:
    """Whether a folder argument was meant as a URL (``mysql://x``, ``postgresql:/x``)."""
    return _URL_LIKE.match(target) is not None or target.lower().startswith(tuple(f"{s}:" for s in SCHEMES))


def parse_database_url(url: str) -> DatabaseURL:
    """The URL's connection string and label; StorageError (naming no password) if it does not parse."""
    try:
        parts = urlsplit(url)
        port = parts.port  # ValueError if not a number in range
        host = parts.hostname or "localhost"
        password = unquote(parts.password) if parts.password else None
    except ValueError:
        raise StorageError(
            "The store URL cannot be read; write it as postgresql://user:password@host:port/database."
        ) from None
    database = unquote(parts.path.lstrip("/")) or (unquote(parts.username or "") or "postgres")
    label = f"{host}{f':{port}' if port else ''}/{database}"
    if parts.scheme.lower() not in SCHEMES or "/" in database or parts.fragment:
        raise StorageError(f"The store URL for {label} cannot be read; write it as postgresql://…/database.")
    # Debian's libpq reads "postgres://" too, but normalising keeps the messages and checks simple.
    conninfo = "postgresql" + url[len(parts.scheme) :]
    return DatabaseURL(conninfo, label, password)
