"""The readers the file-kind table names for transcripts: which format a file is in (the
``input-format`` setting, else its records' shape), then that format's reader; a file of no
known shape is read by the generic JSON reader with the configured fields.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from anchorlint.run.kinds import SNIFF_BYTES
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import (
    newline_lines,
    read_json_file,
    read_jsonl_file,
)
from anchorlint.text.documents.transcripts import (
    claude,
    codex,
    copilot,
    gemini,
    kimi,
    letta,
    opencode,
    openhands,
    pi,
    qwen,
    roo,
    sqlite,
    strands,
    vscode,
)
from anchorlint.text.documents.transcripts.sniff import jsonl_format
from anchorlint.text.documents.transcripts.sniff_json import json_format

if TYPE_CHECKING:
    from anchorlint.config import Settings

Items = Iterator[SummarySource | RecordProblem]
_LINES: dict[str, Callable[[str, Iterable[str], int], Items]] = {
    "claude-code": claude.read,
    "codex": codex.read,
    "gemini-cli": gemini.read,
    "kimi-cli": kimi.read,
    "qwen-code": qwen.read,
    "copilot-cli": copilot.read,
    "pi": pi.read,
}
_DOCUMENTS: dict[str, Callable[[str, str], Items]] = {
    "claude-code": claude.read_document,
    "openhands": openhands.read_document,
    "gemini-cli": gemini.read_document,
    "letta": letta.read_agent_file,
    "roo-code": roo.read_document,
    "strands": strands.read_document,
    "vscode-copilot": vscode.read_document,
    "opencode": opencode.read_document,
}
#: a compressed rollout decompressing past this is refused (a zip bomb, not a transcript)
MAX_DECOMPRESSED = 1 << 30


def _head(path: str, text: str | Iterable[str]) -> bytes:
    if isinstance(text, str):
        return text[:SNIFF_BYTES].encode("utf-8", "replace")
    try:
        with open(path, "rb") as handle:
            return handle.read(SNIFF_BYTES)
    except OSError:
        return b""


def _chosen(
    settings: Settings, known: Iterable[str], sniffed: Callable[[], str | None]
) -> str | None:
    wanted = getattr(settings, "input_format", "auto")
    if wanted == "auto":
        return sniffed()
    return wanted if wanted in known else None


def named_reader(reader: str, fmt: str) -> str | None:
    """Which transcript reader the entry point ``reader`` (``"module:function"`` of the
    file-kind table) hands a file to when ``input-format`` names ``fmt`` (``json`` or an
    agent's format): ``fmt`` itself, ``""`` for a database (read by its schema, whatever is
    named), or None when the generic fields read it."""
    name = reader.rpartition(":")[2]
    if name == "read_db":
        return ""
    return fmt if fmt in (_DOCUMENTS if name == "read_json" else _LINES) else None


def read_jsonl(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Items:
    """A JSON Lines file: a transcript's reader, or the generic one."""
    fmt = _chosen(settings, _LINES, lambda: jsonl_format(_head(path, text)))
    if fmt is None:
        return read_jsonl_file(path, text, settings, first_line)
    lines = newline_lines(text) if isinstance(text, str) else text
    return _LINES[fmt](path, lines, first_line)


def read_json(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Items:
    """A JSON document: an OpenHands event, a legacy gemini-cli chat, a Letta agent file, a
    Roo Code task's history, a Strands agent record, a VS Code chat session, an opencode
    part, or one generic record (or an array of them)."""
    assert isinstance(text, str)
    fmt = _chosen(settings, _DOCUMENTS, lambda: json_format(_head(path, text)))
    if fmt is None:
        return read_json_file(path, text, settings, first_line)
    return _DOCUMENTS[fmt](path, text)


def read_zst(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Items:
    """A cold-compressed Codex rollout: one zstd frame, decompressed as a stream (never whole
    in memory) and refused past :data:`MAX_DECOMPRESSED`. A format named by ``input-format``
    is read as in a ``.jsonl`` file; else its first line must be a rollout's."""
    try:
        import zstandard
    except ImportError:
        yield RecordProblem(1, 1, "reading .zst rollouts needs the zstandard package", "ANC001")
        return
    try:
        with open(path, "rb") as raw:
            reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
            bounded = _Bounded(reader)  # type: ignore[arg-type]
            lines = io.TextIOWrapper(io.BufferedReader(bounded), "utf-8", newline="\n")
            first = lines.readline()
            wanted = getattr(settings, "input_format", "auto")
            if wanted == "auto" and not _rollout(first):
                return  # a compressed file, but no rollout
            every = itertools.chain([first], lines)
            named = _LINES.get("codex" if wanted == "auto" else wanted)
            if named is not None:
                yield from named(path, every, 1)
            else:  # the generic fields, as for a ``.jsonl`` file
                yield from read_jsonl_file(path, every, settings, 1)
    except (zstandard.ZstdError, OSError, UnicodeDecodeError, _TooLarge) as exc:
        yield RecordProblem(1, 1, f"cannot decompress rollout: {exc}", "ANC001")


def _rollout(first: str) -> bool:
    """Whether a decompressed first line is a rollout's (sniffed as a file's head is)."""
    return jsonl_format(first.encode("utf-8")[:SNIFF_BYTES]) == "codex"


class _TooLarge(Exception):
    pass


class _Bounded(io.RawIOBase):
    """A raw stream that stops a decompression running past the limit."""

    def __init__(self, inner: io.RawIOBase) -> None:
        self.inner, self.total = inner, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data = self.inner.read(len(buffer))
        self.total += len(data)
        if self.total > MAX_DECOMPRESSED:
            raise _TooLarge(f"decompresses past {MAX_DECOMPRESSED >> 20} MB")
        buffer[: len(data)] = data
        return len(data)


def read_db(path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1) -> Items:
    """A SQLite file whose schema is LangGraph's checkpoints, Letta's messages or opencode's
    messages and parts."""
    return sqlite.read(path)
