"""A throwaway PostgreSQL server for the tests: one per session, a fresh database per test.

Started with Debian's own ``initdb`` and ``pg_ctl`` rather than pytest-postgresql: its process
fixture runs them as the current user, and CI runs as root, which ``initdb`` refuses. Here the
server runs as the ``postgres`` user (``runuser``) in a temp folder it owns, on a free port and
a socket folder inside that temp folder, with fsync off (the data dies with the session). It is
stopped (``pg_ctl stop -m immediate``) at session end, and at interpreter exit if the session
was cut short, so no server is ever left running.

Use the ``pg_url`` fixture (``postgresql://postgres@127.0.0.1:PORT/DB``, a new empty database
per test) or ``pg_server`` (the session's ``PgServer``, e.g. ``new_database()`` for a second one).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["PgServer", "find_bin_dir", "pg_server", "pg_url"]

USER = "postgres"


def find_bin_dir() -> Path | None:
    """Where ``initdb``/``pg_ctl`` live: ``$WIZARD_PG_BIN``, else Debian's newest version, else PATH."""
    candidates = [os.environ.get("WIZARD_PG_BIN", "")]
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True)
    which = shutil.which("pg_ctl")
    candidates.append(str(Path(which).parent) if which else "")
    for folder in filter(None, candidates):
        if all((Path(folder) / tool).is_file() for tool in ("initdb", "pg_ctl", "postgres")):
            return Path(folder)
    return None


def _version(path: str) -> int:
    name = Path(path).parent.name
    return int(name) if name.isdigit() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PgServer:
    """One running server; ``url(db)`` for a database on it, ``new_database()`` for an empty one."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="wizard-pg-"))
        self.data = self.root / "data"
        self.sockets = self.root / "sockets"
        self.port = 0
        self._names = itertools.count(1)
        self._running = False

    def _as_postgres(self) -> list[str]:
        # initdb refuses root; anyone else runs the server as themselves.
        return ["runuser", "-u", USER, "--"] if os.geteuid() == 0 else []

    def _run(self, *argv: str) -> None:
        result = subprocess.run([*self._as_postgres(), *argv], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise RuntimeError(f"{Path(argv[0]).name} failed: {(result.stderr or result.stdout).strip()}")

    def start(self) -> None:
        self.sockets.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.root, USER, USER)
            shutil.chown(self.sockets, USER, USER)
        self._run(
            str(self.bin_dir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            USER,
            "--auth=trust",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        for _ in range(3):  # the port is free when probed, but another process may take it first
            self.port = _free_port()
            options = (
                f"-p {self.port} -k {self.sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
            )
            try:
                self._run(
                    str(self.bin_dir / "pg_ctl"),
                    "-D",
                    str(self.data),
                    "-o",
                    options,
                    "-l",
                    str(self.root / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                )
            except RuntimeError:
                continue
            self._running = True
            atexit.register(self.stop)
            return
        raise RuntimeError(f"the test server did not start; see {self.root / 'server.log'}")

    def stop(self) -> None:
        """Stop the server at once and remove its folder; safe to call twice."""
        if self._running:
            self._running = False
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database (about 30 ms with fsync off)."""
        import psycopg

        name = f"wizard_test_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        return self.url(name)

    def terminate_connections(self, url: str) -> int:
        """End every other session on ``url``'s database, as a server restart or network cut would."""
        import psycopg

        database = url.rsplit("/", 1)[1].split("?", 1)[0]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (database,),
            ).fetchall()
        return len(rows)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """The session's PostgreSQL server; the test is skipped, saying why, if it cannot run here."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql); the PostgreSQL leg is skipped")
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("running as root without runuser, so initdb cannot run as the postgres user")
    server = PgServer(bin_dir)
    try:
        server.start()
    except (RuntimeError, KeyError, LookupError, OSError) as error:  # KeyError/LookupError: no postgres user
        server.stop()
        pytest.skip(f"a PostgreSQL test server could not be started: {error}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A fresh, empty database on the session's server, as a store URL; its pool is closed after."""
    from storage.pg_pool import close_pool
    from storage.pg_url import parse_database_url

    url = pg_server.new_database()
    yield url
    close_pool(parse_database_url(url))
