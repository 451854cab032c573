"""A database that cannot be reached is said in words: what failed, and where, never a bare code."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator

import pytest

from storage import open_storage
from wizard_core.errors import StorageError


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])  # free, and nobody listens once the probe closes


@pytest.fixture
def not_postgresql() -> Iterator[int]:
    """A port where something answers, but not as PostgreSQL: one byte, as some proxies do."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            with conn:
                conn.recv(1024)
                conn.sendall(b"H")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield int(server.getsockname()[1])
    stop.set()
    thread.join(timeout=5)
    server.close()


def _refusal(url: str) -> str:
    with pytest.raises(StorageError) as caught:
        open_storage(url)
    return str(caught.value)


def _in_words(message: str) -> bool:
    """No code of a letter or two in brackets or after a colon, no errno, no traceback."""
    return (
        re.search(r"\(\w{1,2}\)|: \w{1,2}\.|\[Errno", message) is None
        and "Traceback" not in message
        and "\n" not in message
    )


def test_a_closed_port_says_nothing_accepted_the_connection() -> None:
    port = _closed_port()
    message = _refusal(f"postgresql://ana:s3cr3t@127.0.0.1:{port}/team")
    assert f"127.0.0.1:{port}/team cannot be reached" in message
    assert f"nothing at 127.0.0.1 port {port} accepted the connection" in message
    assert "s3cr3t" not in message and _in_words(message)


def test_a_host_name_that_does_not_resolve_says_so() -> None:
    message = _refusal("postgresql://ana@nonexistent.invalid:5432/team")
    assert "the host name nonexistent.invalid could not be found" in message
    assert _in_words(message)


def test_a_server_that_is_not_postgresql_is_named_not_quoted(not_postgresql: int) -> None:
    message = _refusal(f"postgresql://ana@127.0.0.1:{not_postgresql}/team")
    assert f"something at 127.0.0.1 port {not_postgresql} answered, but not as a PostgreSQL server" in message
    assert "(H)" not in message and ": H" not in message and _in_words(message)
