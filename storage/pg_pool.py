"""One connection pool per process and database, and database failures as messages a consultant can act on.

A forked or spawned replica makes its own pool (connections cannot cross processes), of at most
``WIZARD_DB_CONNECTIONS`` connections (8 by default: a replica's sessions wait their turn beyond
that; replicas × connections must stay below the server's ``max_connections``). Connections are
in autocommit, so a statement alone is one round trip; what needs a transaction opens one. Before
handing a connection out the pool looks, without a round trip, whether the server has written to
it while it was idle (as a server ending the session does) and only then asks it, so one the
server dropped (a restart, a terminated session) is replaced and the call after a failure
reconnects. Messages name the host and database, never the password.
"""

from __future__ import annotations

import os
import re
import select
import threading

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from storage.pg_url import DatabaseURL
from wizard_core.errors import StorageError

CONNECT_SECONDS = 10
CONNECTIONS_ENV = "WIZARD_DB_CONNECTIONS"
MAX_CONNECTIONS = 8  # per process, unless CONNECTIONS_ENV says otherwise

_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()


def process_pool(url: DatabaseURL) -> ConnectionPool:
    """This process's pool for ``url``, opened on first use; StorageError if the server cannot be reached."""
    key = (os.getpid(), url.conninfo)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is not None and not pool.closed:
            return pool
        pool = ConnectionPool(
            url.conninfo,
            min_size=1,
            max_size=pool_size(),
            open=False,
            check=check_idle,  # a connection the server dropped is replaced
            kwargs={
                "connect_timeout": CONNECT_SECONDS,
                "application_name": "obc-matrix-wizard",
                "autocommit": True,
            },
            name=f"wizard {url.label}",
        )
        try:
            # Connect once directly first: the pool would only say it timed out, not why.
            psycopg.connect(url.conninfo, connect_timeout=CONNECT_SECONDS).close()
            pool.open(wait=True, timeout=CONNECT_SECONDS)
        except (psycopg.Error, PoolTimeout) as error:
            pool.close()
            raise StorageError(
                f"The project database {url.label} cannot be reached: {reason(url, error)}. "
                "Check that the server is running and the store URL is right."
            ) from None
        _pools[key] = pool
        return pool


def pool_size(env: dict[str, str] | None = None) -> int:
    """The most connections a process keeps: ``WIZARD_DB_CONNECTIONS`` (1 to 100), else 8."""
    given = (os.environ if env is None else env).get(CONNECTIONS_ENV, "").strip()
    if not given:
        return MAX_CONNECTIONS
    if not given.isdigit() or not 1 <= int(given) <= 100:
        raise StorageError(
            f"{CONNECTIONS_ENV} must be a whole number of connections from 1 to 100, not {given[:20]!r}; "
            "nothing was opened."
        )
    return int(given)


def check_idle(conn: psycopg.Connection) -> None:
    """Raise if ``conn`` is unusable. An idle connection has nothing to read; one the server ended has
    its farewell (or end of file) waiting, and only then is the server asked, in a round trip."""
    if conn.closed:
        raise psycopg.OperationalError("the connection is closed")
    poll = select.poll()
    poll.register(conn.fileno(), select.POLLIN)
    if poll.poll(0):
        ConnectionPool.check_connection(conn)


def close_pool(url: DatabaseURL) -> None:
    """Close this process's connections to ``url``; the next store opened on it reconnects."""
    with _pools_lock:
        pool = _pools.pop((os.getpid(), url.conninfo), None)
    if pool is not None:
        pool.close()


def failure(url: DatabaseURL, doing: str, error: Exception) -> StorageError:
    """The error for a database call that failed while the project was being ``doing`` ("saved", "read")."""
    nothing = " Nothing was saved." if doing == "saved" else ""
    return StorageError(
        f"The project database {url.label} could not be {doing}: {reason(url, error)}.{nothing} "
        "Check that the server is running and the store URL is right, then try again."
    )


# What libpq says of a connection that failed, and the same in words; the first that matches wins.
_SAID = (
    (
        re.compile(r"failed to resolve host|could not translate host name|Name or service not known", re.I),
        "the host name {host} could not be found; check its spelling, and the network or DNS",
    ),
    (
        re.compile(r"Connection refused", re.I),
        "nothing at {host} port {port} accepted the connection; "
        "the server is not running there, or the port is wrong",
    ),
    (
        re.compile(r"timeout expired|timed out", re.I),
        "{host} port {port} did not answer in time; "
        "the host is down or unreachable, or a firewall drops the traffic",
    ),
    (
        re.compile(r"No route to host|Network is unreachable|Host is unreachable", re.I),
        "there is no network route to {host}",
    ),
    (
        re.compile(
            r"invalid response to SSL negotiation|received invalid response|not a PostgreSQL|"
            r"server closed the connection unexpectedly|unexpected response",
            re.I,
        ),
        "something at {host} port {port} answered, but not as a PostgreSQL server; check the host and port",
    ),
    (
        re.compile(r"password authentication failed|no password supplied|authentication failed", re.I),
        "the server refused the user name or password",
    ),
    (
        re.compile(r"no pg_hba\.conf entry", re.I),
        "the server does not accept connections from this machine for this user and database",
    ),
    (
        re.compile(r"too many clients|remaining connection slots", re.I),
        "the server has no free connections left",
    ),
    (
        re.compile(r"the database system is (starting up|shutting down|in recovery mode)", re.I),
        "the server is starting up or shutting down",
    ),
)


def reason(url: DatabaseURL, error: Exception) -> str:
    """What failed, in a few plain words, without the password (never a bare code such as "H")."""
    if isinstance(error, PoolTimeout):
        return "no connection could be made in time"
    text = url.scrub(" ".join(str(error).split()))
    host, port = _host_port(url)
    for pattern, words in _SAID:
        if pattern.search(text):
            return words.format(host=host, port=port)
    # The server's own sentence (e.g. 'database "x" does not exist'), after libpq's "…failed: FATAL:".
    said = re.split(r"failed:\s*(?:FATAL:|ERROR:)?\s*", text.splitlines()[0] if text else "")[-1].strip()
    if len(said) >= 12 and any(c.isalpha() for c in said):
        return said
    detail = text[:200] or "no reason given"
    return f"the connection to {host} port {port} failed ({type(error).__name__}: {detail})"


def _host_port(url: DatabaseURL) -> tuple[str, str]:
    """The host and port as the label names them (``host:port/db``; port 5432 when none is given)."""
    where = url.label.rsplit("/", 1)[0]
    host, _, port = where.rpartition(":") if where.count(":") == 1 else (where, "", "")
    return host or where, port or "5432"
