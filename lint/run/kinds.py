"""The file-kind table: the one place that knows what a file is, from its name (and, for kinds
that share a suffix, the shape of its first bytes).

Every stage asks this table and nothing else: discovery (which files a walk lints), jobs
(which files are split into chunks), the engine (which pass, and whether a file streams), the
text pass (which reader), suppressions (which comment syntax), fixing, pinning and the full
reporter (how lines end), the command line (what ``--stdin-filename`` may name) and the editor.

Adding a kind is one entry in :data:`KINDS`, plus its reader: a function with the signature
of :data:`anchorlint.text.documents.Reader`, named here as ``"module:function"`` so that the
table stays cheap to import (discovery never loads a Markdown parser). A kind that shares a
suffix with another (an agent transcript in ``.jsonl``, say) gives a ``sniff`` function, also
``"module:function"``, that is handed the file's first bytes and says whether they have its
record shape; such kinds come before the plain kind of their suffix, which is the fallback.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

#: how many bytes of a file a sniffer sees
SNIFF_BYTES = 8192


@dataclass(frozen=True)
class FileKind:
    """One kind of file anchorlint lints."""

    name: str
    suffixes: tuple[str, ...]
    #: which rules read it: "text" (text rules, and run rules over its facts) or "code"
    rules: Literal["text", "code"]
    #: the front end (``"module:function"``, a :data:`~anchorlint.text.documents.Reader`);
    #: None for Python, which the code pass parses itself
    reader: str | None
    #: the in-file suppression syntax: "markdown", "text", "python", or None (no comments)
    suppressions: Literal["markdown", "text", "python"] | None
    #: records one a line: a large file is split into chunks of lines, and streams
    chunkable: bool = False
    #: a lone carriage return ends a line, as the kind's parser counts lines
    lone_cr: bool = False
    #: only the front end's prose holds anchors to rewrite (``pin`` skips code and HTML)
    prose_only_pins: bool = False
    #: ``"module:function"`` taking the first bytes and saying whether they are this kind
    sniff: str | None = None
    #: the reader opens the file itself (a database, a compressed stream): it is handed the
    #: path and an empty text, and the file is never decoded as UTF-8 first
    binary: bool = False
    #: a table of rows, one summary each (Parquet, Arrow): read by :mod:`anchorlint.tables`
    #: in fragments of row groups, not as text
    rows: bool = False

    def load_reader(self) -> Callable[..., object]:
        if self.reader is None:
            raise ValueError(f"{self.name} files have no text reader")
        return _load(self.reader)

    def matches(self, head: bytes) -> bool:
        return self.sniff is not None and bool(_load(self.sniff)(head))

    @property
    def reads_records(self) -> bool:
        """Summaries are records in it (JSON, JSON Lines, an agent's transcript or store):
        a file of it may hold none."""
        return self.reader is not None and self.reader.startswith(f"{_TRANSCRIPTS}.dispatch:")


_TRANSCRIPTS = "anchorlint.text.documents.transcripts"

KINDS: tuple[FileKind, ...] = (
    FileKind(
        "markdown",
        (".md", ".markdown"),
        "text",
        "anchorlint.text.documents.markdown:read",
        "markdown",
        lone_cr=True,
        prose_only_pins=True,
    ),
    FileKind(
        "text", (".txt",), "text", "anchorlint.text.documents.plaintext_captures:read", "text"
    ),
    # agent transcripts: a record shape decides, before the plain kind of the same suffix
    FileKind(
        "transcript-json",
        (".json", ".af"),
        "text",
        f"{_TRANSCRIPTS}.dispatch:read_json",
        None,
        sniff=f"{_TRANSCRIPTS}.sniff:is_native_json",
    ),
    FileKind(
        "transcript-jsonl",
        (".jsonl",),
        "text",
        f"{_TRANSCRIPTS}.dispatch:read_jsonl",
        None,
        chunkable=True,
        sniff=f"{_TRANSCRIPTS}.sniff:is_native_jsonl",
    ),
    FileKind(
        "codex-zst",
        (".zst",),
        "text",
        f"{_TRANSCRIPTS}.dispatch:read_zst",
        None,
        sniff=f"{_TRANSCRIPTS}.sniff:is_zstd",
        binary=True,
    ),
    FileKind(
        "transcript-sqlite",
        (".sqlite", ".sqlite3", ".db"),
        "text",
        f"{_TRANSCRIPTS}.dispatch:read_db",
        None,
        sniff=f"{_TRANSCRIPTS}.sniff:is_transcript_db",
        binary=True,
    ),
    FileKind("json", (".json",), "text", f"{_TRANSCRIPTS}.dispatch:read_json", None),
    FileKind(
        "jsonl",
        (".jsonl",),
        "text",
        f"{_TRANSCRIPTS}.dispatch:read_jsonl",
        None,
        chunkable=True,
    ),
    FileKind("python", (".py", ".pyi"), "code", None, "python", lone_cr=True),
    FileKind("parquet", (".parquet", ".pq"), "text", None, None, rows=True),
    FileKind("arrow", (".arrow", ".feather", ".ipc", ".arrows"), "text", None, None, rows=True),
)

#: a file named on the command line whose suffix says nothing is read as Markdown, without
#: in-file suppressions
FALLBACK = FileKind(
    "other", (), "text", "anchorlint.text.documents.markdown:read", None, lone_cr=True
)

#: a SQLite file of no schema a transcript reader knows, named on the command line: read by the
#: database reader (which finds nothing in it) so that it is told what it is, not read as text
#: (a walk never lints one)
OTHER_DATABASE = FileKind(
    "sqlite",
    (".sqlite", ".sqlite3", ".db"),
    "text",
    f"{_TRANSCRIPTS}.dispatch:read_db",
    None,
    binary=True,
)
_SQLITE_MAGIC = b"SQLite format 3\x00"

#: every suffix some kind reads (a directory walk lints these files and no others)
LINTED_SUFFIXES = frozenset(s for kind in KINDS for s in kind.suffixes)
#: the suffixes of kinds told by name alone (a walk lints such a file without reading it)
_PLAIN_SUFFIXES = frozenset(s for kind in KINDS if kind.sniff is None for s in kind.suffixes)


@cache
def _load(target: str) -> Callable[..., object]:
    module, _, name = target.partition(":")
    function: Callable[..., object] = getattr(importlib.import_module(module), name)
    return function


def suffix(path: str) -> str:
    """``os.path.splitext(path)[1].lower()``: the suffix a kind is looked up by (a run asks
    it of every job several times, so on POSIX without the generic function's steps)."""
    if not _POSIX:
        return os.path.splitext(path)[1].lower()
    dot = path.rfind(".")
    start = path.rfind("/") + 1
    # as splitext: no suffix unless the last dot follows a character of the name that is
    # not a dot (".md" and "..md" are names without one)
    if dot <= start or not path[start:dot].lstrip("."):
        return ""
    return path[dot:].lower()


_POSIX = os.path.sep == "/" and os.path.altsep is None and os.path.extsep == "."


def kind_of(path: str, head: bytes | None = None) -> FileKind | None:
    """The kind of ``path`` by its suffix; among kinds sharing the suffix, the first whose
    sniffer accepts ``head`` (the file's first bytes, when the caller has them), else the
    plain kind. None when anchorlint does not lint such files."""
    if head is None:
        return _plain_kind(suffix(path))
    wanted = suffix(path)
    for kind in KINDS:
        if wanted not in kind.suffixes:
            continue
        if kind.sniff is None:
            return kind
        if kind.matches(head):
            return kind
    return None


@lru_cache(maxsize=64)  # suffixes are few; names like ``x.<anything>`` must not grow it
def _plain_kind(wanted: str) -> FileKind | None:
    """:func:`kind_of` without a file's first bytes: the first kind of the suffix that needs
    none (a run asks this of every job several times)."""
    for kind in KINDS:
        if wanted in kind.suffixes and kind.sniff is None:
            return kind
    return None


def whole_text_kind(path: str) -> FileKind | None:
    """The kind a run lints ``path`` as when its name alone tells it and the file is read
    whole as UTF-8 text (Markdown, plain text, Python, a name no kind claims): no sniffing
    kind shares its suffix, and the kind neither streams, opens the file itself nor holds
    rows. None when the first bytes or the kind's reader decide (see :func:`kind_to_lint_file`).
    """
    return _whole_text_kind(suffix(path))


@lru_cache(maxsize=64)
def _whole_text_kind(wanted: str) -> FileKind | None:
    if any(k.sniff is not None and wanted in k.suffixes for k in KINDS):
        return None
    kind = _plain_kind(wanted) or FALLBACK
    return None if kind.chunkable or kind.binary or kind.rows else kind


def kind_of_file(path: str) -> FileKind | None:
    """Like :func:`kind_of` for a file on disk: its first bytes are read only when a
    sniffing kind shares its suffix."""
    wanted = suffix(path)
    if not any(k.sniff is not None and wanted in k.suffixes for k in KINDS):
        return kind_of(path)
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError:
        head = None
    return kind_of(path, head)


def kind_to_lint_file(path: str) -> FileKind:
    """Like :func:`kind_to_lint` for a file on disk, its first bytes sniffed when needed; a
    SQLite database of no known schema is :data:`OTHER_DATABASE`."""
    kind = kind_of_file(path)
    if kind is None and suffix(path) in OTHER_DATABASE.suffixes and _is_sqlite(path):
        return OTHER_DATABASE
    return kind or FALLBACK


def _is_sqlite(path: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE_MAGIC)) == _SQLITE_MAGIC
    except OSError:
        return False


def walk_lints(path: str) -> bool:
    """Whether a directory walk lints ``path``: its suffix has a plain kind, or a sniffing
    kind recognises its first bytes (a ``.db`` that is no agent's store is not linted)."""
    if suffix(path) in _PLAIN_SUFFIXES:
        return True
    return kind_of_file(path) is not None


def kind_to_lint(path: str, head: bytes | None = None) -> FileKind:
    """The kind a run lints ``path`` as: its own, else :data:`FALLBACK`."""
    return kind_of(path, head) or FALLBACK


def lone_cr_ends_lines(path: str) -> bool:
    """Whether a lone ``\\r`` ends a line of ``path`` as its front end counts lines
    (Markdown and Python: yes; a file of no known kind is read as Markdown)."""
    return kind_to_lint(path).lone_cr
