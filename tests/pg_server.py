"""A throwaway PostgreSQL server for the database-source tests.

The server comes from the distribution's binaries (``initdb``, ``pg_ctl``; CI installs the
``postgresql`` package when they are missing). It lives in a temporary directory: a cluster
made with ``initdb``, a Unix socket in the same directory, a port on 127.0.0.1 only, no fsync,
trust authentication for the local test user. PostgreSQL refuses to run as root, so when the
tests run as root the server runs as an unprivileged user (``nobody``) through ``runuser``,
and the directory is handed to that user. :func:`start` returns ``None`` with a reason when
no server can be started here; the tests then skip with that reason.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

#: the unprivileged user a root test run starts the server as
SERVER_USER = "nobody"
#: seconds to wait for the server to accept connections
START_TIMEOUT = 60


@dataclass
class Server:
    """A running server: its directory, port and the URL a client connects with."""

    directory: Path
    port: int
    bin_dir: Path
    as_user: str | None

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        """Stop the server at once (nothing in it needs to survive) and remove its files."""
        command = [str(self.bin_dir / "pg_ctl"), "-D", str(self.directory / "data")]
        _run([*command, "-m", "immediate", "-w", "stop"], self.as_user, check=False)
        shutil.rmtree(self.directory, ignore_errors=True)


def find_binaries() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``: on PATH, else the newest of Debian's
    ``/usr/lib/postgresql/*/bin``."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: (
            int(Path(p).parent.parent.name) if Path(p).parent.parent.name.isdigit() else 0
        ),
    )
    return Path(candidates[-1]).parent if candidates else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run(
    command: list[str], as_user: str | None, check: bool = True
) -> subprocess.CompletedProcess[str]:
    if as_user is not None:
        command = ["runuser", "-u", as_user, "--", *command]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=START_TIMEOUT, check=check, cwd="/"
    )


def start() -> tuple[Server | None, str]:
    """Start a server; ``(server, "")``, or ``(None, reason)`` when none can be started."""
    bin_dir = find_binaries()
    if bin_dir is None:
        return None, "no PostgreSQL server binaries (initdb, pg_ctl) on this machine"
    as_user = None
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            return None, "running as root and no runuser to start PostgreSQL unprivileged"
        as_user = SERVER_USER
    directory = Path(tempfile.mkdtemp(prefix="anchorlint-pg-"))
    if as_user is not None:
        shutil.chown(directory, user=as_user)
    port = _free_port()
    server = Server(directory, port, bin_dir, as_user)
    try:
        _initdb_and_start(server)
    except (subprocess.SubprocessError, OSError) as exc:
        detail = getattr(exc, "stderr", "") or str(exc)
        server.stop()
        return None, f"PostgreSQL could not be started: {detail.strip()[-400:]}"
    return server, ""


def start_or_skip() -> Server:
    """A started server, for a test fixture: the test skips with the reason when none can be
    started here, and fails instead where ``ANCHORLINT_REQUIRE_POSTGRES`` is set (CI sets it
    where the binaries are), so a server that should run never hides as a skip."""
    import pytest

    server, reason = start()
    if server is None and os.environ.get("ANCHORLINT_REQUIRE_POSTGRES"):
        pytest.fail(f"PostgreSQL is required here (ANCHORLINT_REQUIRE_POSTGRES): {reason}")
    if server is None:  # a machine without the server's binaries: said, not hidden
        pytest.skip(reason)
    return server


def _initdb_and_start(server: Server) -> None:
    data = server.directory / "data"
    initdb = str(server.bin_dir / "initdb")
    _run([initdb, "-D", str(data), "-U", "postgres", "-A", "trust", "-N", "-E", "UTF8"],
         server.as_user)  # fmt: skip
    options = (
        f"-c listen_addresses=127.0.0.1 -p {server.port} -k {server.directory} "
        "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    )
    log = str(server.directory / "server.log")
    pg_ctl = str(server.bin_dir / "pg_ctl")
    _run([pg_ctl, "-D", str(data), "-o", options, "-l", log, "-w", "-t", str(START_TIMEOUT),
          "start"], server.as_user)  # fmt: skip
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            if probe.connect_ex(("127.0.0.1", server.port)) == 0:
                return
        time.sleep(0.1)
    raise OSError(f"the server did not listen on 127.0.0.1:{server.port}")
