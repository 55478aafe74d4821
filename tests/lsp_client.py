"""A minimal LSP client over a subprocess's stdio, for smoke tests and latency benchmarks.

It speaks JSON-RPC with Content-Length framing by hand, so it exercises exactly the bytes an
editor would send. Every wait has a deadline: a server that hangs or dies makes the caller
fail with a clear error instead of blocking forever.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, BinaryIO

Message = dict[str, Any]


class LspTimeout(AssertionError):
    """The server did not send what was expected in time."""


def read_message(stream: BinaryIO) -> Message | None:
    """One framed message, or None at end of stream."""
    length = None
    while True:
        header = stream.readline()
        if not header:
            return None
        header = header.strip()
        if not header:
            break
        name, _, value = header.decode("ascii").partition(":")
        if name.lower() == "content-length":
            length = int(value)
    if length is None:
        raise ValueError("LSP frame without Content-Length")
    return json.loads(stream.read(length).decode("utf-8"))


class LspClient:
    """Start ``command`` and talk to it; ``close()`` always reaps the process."""

    def __init__(self, command: Sequence[str] | None = None, cwd: Path | None = None) -> None:
        command = command or [sys.executable, "-m", "anchorlint", "lsp"]
        self.process = subprocess.Popen(
            list(command),
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self._inbox: queue.Queue[Message | None] = queue.Queue()
        self._backlog: list[Message] = []
        self._next_id = 0
        self._write_lock = threading.Lock()
        self._stderr = bytearray()
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self) -> None:
        """Keep reading stderr so a chatty server never blocks on a full pipe."""
        assert self.process.stderr is not None
        while chunk := self.process.stderr.read1(65536):
            self._stderr.extend(chunk)

    def _pump(self) -> None:
        assert self.process.stdout is not None
        while (message := read_message(self.process.stdout)) is not None:
            if "method" in message and "id" in message:  # a request from the server
                self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            self._inbox.put(message)
        self._inbox.put(None)

    def _send(self, message: Message) -> None:
        body = json.dumps(message).encode("utf-8")
        assert self.process.stdin is not None
        with self._write_lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def notify(self, method: str, params: Any = None) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method: str, params: Any = None, timeout: float = 60.0) -> Any:
        self._next_id += 1
        ident = self._next_id
        self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        reply = self.wait_for(lambda m: m.get("id") == ident and "method" not in m, timeout)
        if "error" in reply:
            raise AssertionError(f"{method} failed: {reply['error']}")
        return reply.get("result")

    def wait_for(self, predicate: Callable[[Message], bool], timeout: float = 60.0) -> Message:
        """The first message (kept or new) matching ``predicate``; later ones stay queued."""
        for index, message in enumerate(self._backlog):
            if predicate(message):
                return self._backlog.pop(index)
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self._inbox.get(timeout=left)
            except queue.Empty:
                break
            if message is None:
                raise LspTimeout(f"server exited (stderr: {self.stderr_tail()})")
            if predicate(message):
                return message
            self._backlog.append(message)
        raise LspTimeout(f"no matching message within {timeout}s; got {self._backlog[-3:]}")

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = 60.0) -> Message:
        """The next publishDiagnostics for ``uri`` (and ``version``, when given)."""

        def wanted(m: Message) -> bool:
            if m.get("method") != "textDocument/publishDiagnostics":
                return False
            params = m["params"]
            return params["uri"] == uri and (version is None or params.get("version") == version)

        return self.wait_for(wanted, timeout)["params"]

    def initialize(self, root: Path) -> Any:
        result = self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "capabilities": {},
                "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            },
        )
        self.notify("initialized", {})
        return result

    def stderr_tail(self) -> str:
        return bytes(self._stderr[-2000:]).decode("utf-8", "replace")

    def shutdown(self, timeout: float = 30.0) -> int:
        """shutdown + exit; the server's exit status."""
        self.request("shutdown", None, timeout)
        self.notify("exit")
        return self.process.wait(timeout=timeout)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
