"""One connection pool per process and database, and database failures as messages a consultant can act on.

A forked or spawned replica makes its own pool (connections cannot cross processes). The pool
checks a connection before handing it out, so one the server dropped (a restart, a network
cut) is replaced and the call after a failure reconnects. Messages name the host and database,
never the password.
"""

from __future__ import annotations

import os
import threading

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from storage.pg_url import DatabaseURL
from wizard_core.errors import StorageError

CONNECT_SECONDS = 10
MAX_CONNECTIONS = 8  # per process: a replica's sessions wait their turn beyond this

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
            max_size=MAX_CONNECTIONS,
            open=False,
            check=ConnectionPool.check_connection,  # a connection the server dropped is replaced
            kwargs={"connect_timeout": CONNECT_SECONDS, "application_name": "obc-matrix-wizard"},
            name=f"wizard {url.label}",
        )
        try:
            # Connect once directly first: the pool would only say it timed out, not why.
            psycopg.connect(url.conninfo, connect_timeout=CONNECT_SECONDS).close()
            pool.open(wait=True, timeout=CONNECT_SECONDS)
        except (psycopg.Error, PoolTimeout) as error:
            pool.close()
            raise StorageError(
                f"The project database {url.label} cannot be reached ({reason(url, error)}). "
                "Check that the server is running and the store URL is right."
            ) from None
        _pools[key] = pool
        return pool


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
        f"The project database {url.label} could not be {doing} ({reason(url, error)}).{nothing} "
        "Check that the server is running and the store URL is right, then try again."
    )


def reason(url: DatabaseURL, error: Exception) -> str:
    """The server's or driver's reason in a few words, without the password."""
    if isinstance(error, PoolTimeout):
        return "no connection could be made in time"
    lines = str(error).strip().splitlines()
    if not lines:
        return type(error).__name__
    # "connection failed: connection to server at …, port … failed: FATAL:  <the reason>"
    return url.scrub(lines[0].rsplit(": ", 1)[-1].strip()) or type(error).__name__
