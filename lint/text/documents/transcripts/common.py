"""What every transcript reader shares: located texts of a record, bodies cut out of them,
and the summary they make.

A record's texts are found twice over: ``json.loads`` says which record it is (a summary or
not, its thread), and the generic reader's tokenizer (:func:`find_fields`) gives each string
with a map back to the file, escapes included. Both walk the record in document order, so
the n-th string of a path in one is the n-th in the other.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import Any

from anchorlint.config_model import INPUT_FORMATS
from anchorlint.positions import MapBuilder, PositionMap
from anchorlint.text.documents import Block, RecordProblem, SummarySource
from anchorlint.text.documents.jsonrecords import (
    FieldValue,
    LineIndex,
    decode_problem,
    find_fields,
)
from anchorlint.text.documents.plaintext import split_blocks

#: how a thread of a native format is named: ``"<format>:<id>"`` (see :func:`native_thread`)
THREAD_SEPARATOR = ":"
#: the agents' formats ``input-format`` names (its choices but ``auto`` and ``json``)
FORMATS = tuple(name for name in INPUT_FORMATS if name not in ("auto", "json"))
#: a conversation saved as Markdown (:mod:`~anchorlint.text.documents.chat_exports`) is a
#: transcript too: its thread is ``"chat-export:<path>"``
CHAT_EXPORT = "chat-export"


def native_thread(fmt: str, ident: str) -> str:
    return f"{fmt}{THREAD_SEPARATOR}{ident}"


def is_native_thread(name: str) -> bool:
    """Whether a history thread is a transcript's (where new turns may add anchors): a
    native format's, or a conversation saved as Markdown."""
    return name.partition(THREAD_SEPARATOR)[0] in (*FORMATS, CHAT_EXPORT)


def record_id(value: object) -> str | None:
    """A record's own id when it is a non-empty string; anything else names no record (a
    number or an object would group unrelated records, or fail to group at all)."""
    return value if isinstance(value, str) and value else None


def home_file(path: str, thread: str) -> bool:
    """Whether ``path`` is the file a native thread is kept in: its name (up to the first
    dot) is the thread's id, as ``<sessionId>.jsonl`` is a Claude Code session's, or the
    thread is named by the path itself (a gemini-cli chat). A copy of a record made in
    another file (a resumed session's) is then told from the record in its own file."""
    ident = thread.partition(THREAD_SEPARATOR)[2]
    return path == ident or os.path.basename(path).partition(".")[0] == ident


def marked_lines(
    lines: Iterable[str], first_line: int, markers: Sequence[str]
) -> Iterator[tuple[int, str]]:
    """(line number, line) of the lines holding one of ``markers``: the only records a
    transcript reader decodes. A streamed file hands over large checked blocks of bytes
    (:meth:`anchorlint.run.reading.LineSource.blocks`): they are searched for the markers
    directly (ASCII, so a match is never inside a UTF-8 sequence), and only the marked lines
    are decoded: a record that is no summary costs no Python step of its own."""
    blocks = getattr(lines, "blocks", None)
    if blocks is None:
        for number, raw in enumerate(lines, first_line):
            if any(marker in raw for marker in markers):
                yield number, raw
        return
    needles = [marker.encode("ascii") for marker in markers]
    for number, block in blocks():
        yield from _marked_in(block, number, needles)


def _marked_in(block: bytes, first: int, needles: list[bytes]) -> Iterator[tuple[int, str]]:
    """The marked lines of a block of whole lines whose first is line ``first``."""
    nexts = [block.find(needle) for needle in needles]
    number, counted, position = first, 0, 0
    while True:
        for index, at in enumerate(nexts):
            if 0 <= at < position:  # inside the line just given: look past it
                nexts[index] = block.find(needles[index], position)
        found = [at for at in nexts if at >= 0]
        if not found:
            return
        hit = min(found)
        start = block.rfind(b"\n", 0, hit) + 1
        end = block.find(b"\n", hit) + 1 or len(block)
        number += block.count(b"\n", counted, start)
        counted, position = start, end
        # a byte-order mark opening a line is dropped, as a line decoded alone drops it
        yield number, block[start:end].decode("utf-8").removeprefix("\ufeff")


def load(raw: str) -> Any:
    """A record decoded, or None when it is not JSON (a truncated last line of a live
    transcript is normal; the caller decides whether that matters)."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def unreadable(raw: str, line: int | None = None) -> Iterator[RecordProblem]:
    """ANC002 when ``raw``, a record holding a summary's marker that :func:`load` could not
    decode, is a broken record: on line ``line`` of a JSON Lines file (not its last line
    with no line end, which a live agent is still writing), or (``line`` None) a whole
    document. Never a silent "no compaction summary" for a compaction that is there.

    A line is decoded without its line end, as the generic reader decodes it: a record cut
    inside a string is "Unterminated string" at the string's start (with the line end, the
    decoder met a control character), and one cut between values is told at the cut, not
    at column 1 of a line after it."""
    if line is not None and not raw.endswith("\n"):
        return
    try:
        json.loads(raw if line is None else raw.rstrip("\r\n"))
    except (ValueError, RecursionError) as exc:
        yield decode_problem(exc, line)


def marked_document(text: str, marker: str) -> Generator[RecordProblem, None, Any]:
    """A JSON document decoded (``data = yield from marked_document(…)``) when it holds
    ``marker``, else None undecoded; one that does not decode is ANC002, yielded, and None."""
    if marker not in text:
        return None
    data = load(text)
    if data is None:
        yield from unreadable(text)
    return data


def located(
    raw: str, line: int, paths: Iterable[tuple[str, ...]], base: int = 0, index: Any = None
) -> list[FieldValue]:
    """Every string at ``paths`` in the JSON text ``raw`` (first line ``line``), in order."""
    lines = index if index is not None else LineIndex(raw, line)
    return list(find_fields(raw, base, frozenset(paths), lines))


def text_count(message: Any) -> int:
    """How many strings of a chat message the paths ``content`` and ``content[].text`` find
    (in document order): its string content, or its parts that hold a text."""
    if not isinstance(message, dict):
        return 0
    content = message.get("content")
    if isinstance(content, str):
        return 1
    if isinstance(content, list):
        return sum(1 for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return 0


def sliced(value: FieldValue, start: int, end: int) -> FieldValue:
    return FieldValue(value.text[start:end], value.positions.shifted(start, end))


def summary(
    path: str,
    bodies: Sequence[FieldValue],
    thread: str,
    generation: float | None = None,
    record: str | None = None,
) -> SummarySource:
    """One native summary made of its bodies' blocks, located at its first body; ``record``
    is the id the record gives itself within ``thread``, when it has one."""
    blocks: list[Block] = []
    for body in bodies:
        if body.text.strip():
            blocks.extend(split_blocks(body.text, body.positions))
    first = next((b for b in bodies if b.text.strip()), bodies[0] if bodies else None)
    line, column = first.positions.locate(0) if first is not None else (1, 1)
    # bodies that are all blank are an empty summary (ANC109); one of code only is not
    blank = first is not None and not first.text.strip()
    return SummarySource(
        path,
        line,
        column,
        tuple(blocks),
        thread=thread,
        generation=generation,
        text_fields=len(bodies) if blank else -1,
        record=record,
    )


def stored_as(value: object) -> str:
    """What a value of the wrong type is, in a note: SQLite keeps any value in any column,
    so a row another writer (or a migration) filled is read as it is, never assumed."""
    if isinstance(value, str):
        return "text"
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "a blob"
    if isinstance(value, bool | int):
        return "an integer"
    if isinstance(value, float):
        return "a real number"
    return type(value).__name__


def opaque(line: int, column: int, what: str) -> RecordProblem:
    """ANC004: a summary whose text is withheld by design, so it cannot be checked."""
    return RecordProblem(line, column, f"{what}: the summary text is not in the file", "ANC004")


def nested(value: FieldValue, inner: FieldValue) -> FieldValue:
    """``inner``, a string decoded out of ``value.text`` (its columns 1-based offsets into
    ``value.text`` on line 1), mapped through ``value`` back to the file: a JSON envelope
    held in a JSON string is escaped twice, and its body's positions go through both."""
    builder = MapBuilder()
    for index in range(len(inner.text)):
        _, column = inner.positions.locate(index)
        builder.point(*value.positions.locate(column - 1))
        builder.advance(1)
    return FieldValue(inner.text, builder.build())


class OffsetIndex:
    """A stand-in for :class:`LineIndex` over a decoded string: offset -> (1, offset + 1)."""

    def locate(self, offset: int) -> tuple[int, int]:
        return 1, offset + 1


class RowIndex:
    """Positions in a JSON value stored in a database row: offset -> (the rowid, offset + 1),
    whatever line breaks the value holds."""

    def __init__(self, row: int) -> None:
        self.row = row

    def locate(self, offset: int) -> tuple[int, int]:
        return self.row, offset + 1


def row_map(text: str, row: int, offset: int = 0, utf8: bool = False) -> PositionMap:
    """Positions of a text stored in a database row: line = the rowid, column = 1 + the
    offset in the stored value (characters, or bytes for a UTF-8 blob)."""
    builder = MapBuilder()
    column = offset + 1
    builder.point(row, column)
    for char in text:
        width = len(char.encode("utf-8")) if utf8 and char >= "\x80" else 1
        builder.advance(1)
        column += width
        if width != 1:
            builder.point(row, column)
    return builder.build()
