"""JSON and JSON Lines: each record is one summary; its configured string fields are the prose.

``json`` validates a record but gives no positions, so a small tokenizer walks the record's
raw text to find the configured fields (dotted paths, ``[]`` steps into arrays) and decodes
each string with a map from every decoded character back to its line and column, escapes
included.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import regex

from anchorlint.config import HistorySettings
from anchorlint.positions import MapBuilder, PositionMap, line_start_map
from anchorlint.run.reading import pretty_printed
from anchorlint.text.documents import Block, RecordProblem, SummarySource
from anchorlint.text.documents.plaintext import split_blocks

if TYPE_CHECKING:
    from anchorlint.config import Settings

_TOKEN = regex.compile(r'"(?:[^"\\\n]++|\\.)*+"|[{}\[\],:]|[^\s{}\[\],:"]++')
#: what a record nested deeper than the JSON decoder's recursion limit is reported as
_TOO_DEEP = "arrays or objects nested too deeply to decode"
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


@dataclass(frozen=True)
class FieldValue:
    text: str
    positions: PositionMap


def _parse_int(digits: str) -> int | float:
    """A valid integer of any length: past Python's digit limit it is kept as a float."""
    return int(digits) if len(digits) <= 4000 else float(digits)


def field_paths(fields: tuple[str, ...]) -> frozenset[tuple[str, ...]]:
    """``messages[].content`` → ("messages", "[]", "content")."""
    paths = set()
    for spec in fields:
        steps: list[str] = []
        for part in spec.split("."):
            name, brackets = part.replace("[]", ""), part.count("[]")
            if name:
                steps.append(name)
            steps.extend(["[]"] * brackets)
        paths.add(tuple(steps))
    return frozenset(paths)


def decode_string(raw: str, line: int, column: int) -> FieldValue:
    """Decode a JSON string token (quotes included) that starts at ``line``:``column``."""
    builder = MapBuilder()
    pieces: list[str] = []
    index, end = 1, len(raw) - 1
    if index >= end:  # an empty string is where its quotes are (an empty summary's finding)
        builder.point(line, column + index)
    while index < end:
        builder.point(line, column + index)
        escape = raw.find("\\", index, end)
        stop = end if escape < 0 else escape
        if stop > index:
            pieces.append(raw[index:stop])
            builder.advance(stop - index)
            index = stop
            continue
        char, width = _escape(raw, index)
        pieces.append(char)
        builder.advance(len(char))
        index += width
    return FieldValue("".join(pieces), builder.build())


def _escape(raw: str, index: int) -> tuple[str, int]:
    letter = raw[index + 1 : index + 2]
    if letter != "u":
        return _ESCAPES.get(letter, letter), 2
    code = int(raw[index + 2 : index + 6], 16)
    if 0xD800 <= code < 0xDC00 and raw[index + 6 : index + 8] == "\\u":
        low = int(raw[index + 8 : index + 12], 16)
        if 0xDC00 <= low < 0xE000:
            return chr(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)), 12
    return ("\ufffd" if 0xD800 <= code < 0xE000 else chr(code)), 6


def find_fields(
    text: str, base: int, paths: frozenset[tuple[str, ...]], line_of: LineIndex
) -> Iterator[FieldValue]:
    """String values at ``paths`` in the JSON value ``text`` (which starts at file offset base).

    A key an object repeats keeps its last value, as every JSON reader does (``json``,
    JavaScript, jq): a value under an earlier copy of the key is dropped, so a record cannot
    show the linter one summary and every other reader another.
    """
    # per open container: [kind, current key, expecting a key, serial, the key's copy number]
    stack: list[list[object]] = []
    copies: dict[tuple[int, str], int] = {}  # (object serial, key) -> copies seen so far
    found: list[tuple[tuple[tuple[int, str, int], ...], FieldValue]] = []
    serial = 0
    for match in _TOKEN.finditer(text):
        token = match[0]
        if token in "{[":
            serial += 1
            stack.append(["{" if token == "{" else "[", None, token == "{", serial, 0])
            continue
        if token in "}]":
            if stack:
                stack.pop()
            continue
        if token == ",":
            if stack and stack[-1][0] == "{":
                stack[-1][2] = True
            continue
        if token == ":" or not stack:
            continue
        top = stack[-1]
        if top[0] == "{" and top[2]:
            key = json.loads(token) if token.startswith('"') else token
            slot = (int(str(top[3])), str(key))
            copies[slot] = copies.get(slot, 0) + 1
            top[1], top[2], top[4] = key, False, copies[slot]
            continue
        if token.startswith('"') and _named(_steps(stack), paths):
            line, column = line_of.locate(base + match.start())
            owners = tuple(
                (int(str(f[3])), str(f[1]), int(str(f[4]))) for f in stack if f[0] == "{"
            )
            found.append((owners, decode_string(token, line, column)))
    for owners, value in found:
        if all(copies[(owner, key)] == copy for owner, key, copy in owners):
            yield value


def _named(steps: list[str], paths: frozenset[tuple[str, ...]]) -> bool:
    """Whether a string at ``steps`` is a configured field's: at its path, or an item of an
    array at its path. A field named without ``[]`` whose value is a list of strings
    (``"next_steps": ["…", "…"]``) means its strings: read as nothing, it passed in silence."""
    if tuple(steps) in paths:
        return True
    return len(steps) > 1 and steps[-1] == "[]" and tuple(steps[:-1]) in paths


def _steps(stack: list[list[object]]) -> list[str]:
    """The path of the value being read: keys of objects, ``[]`` for arrays."""
    return ["[]" if frame[0] == "[" else str(frame[1]) for frame in stack]


class LineIndex:
    """Offsets of line starts in a file, for offset → (line, column)."""

    def __init__(self, text: str, first_line: int = 1) -> None:
        self._map = line_start_map(text, first_line)

    def locate(self, offset: int) -> tuple[int, int]:
        return self._map.locate(offset)


def _summary(
    path: str,
    record: dict[str, object],
    raw: str,
    base: int,
    lines: LineIndex,
    paths: frozenset[tuple[str, ...]],
    history: HistorySettings,
) -> SummarySource | None:
    """The record's summary, or None when it has none of the configured fields: a record
    without them is not a summary (an unrelated array or settings file says nothing)."""
    blocks: list[Block] = []
    values = list(find_fields(raw, base, paths, lines))
    if not values:
        return None
    for value in values:
        blocks.extend(split_blocks(value.text, value.positions))
    line, column = lines.locate(base)
    thread = record.get(history.thread_field)
    generation = record.get(history.generation_field)
    return SummarySource(
        path,
        line,
        column,
        tuple(blocks),
        thread=None if thread is None else str(thread),
        generation=float(generation) if isinstance(generation, (int, float)) else None,
        text_fields=len(values),
    )


def read_jsonl_file(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    """The reader of JSON Lines files: a whole text, or (streamed) its lines from
    ``first_line`` on."""
    # records end at "\n" only, as when the file is streamed: str.splitlines would also
    # split at U+2028, \x1c-\x1e, \x85 or \x0c, all legal inside a record
    lines = newline_lines(text) if isinstance(text, str) else text
    return read_jsonl(path, lines, settings.text.fields, settings.history, first_line)


def read_json_file(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    """The reader of JSON files: one record or an array of records."""
    assert isinstance(text, str)
    return read_json(path, text, settings.text.fields, settings.history)


def newline_lines(text: str) -> list[str]:
    """Lines of ``text`` split at newlines only, terminators kept."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def read_jsonl(
    path: str,
    lines: Iterable[str],
    fields: tuple[str, ...],
    history: HistorySettings,
    first_line: int = 1,
) -> Iterator[SummarySource | RecordProblem]:
    """One summary per non-blank line; a broken line is a RecordProblem and the rest goes on.

    ``lines`` may be a lazily read file (or a chunk of one starting at ``first_line``), so a
    large JSON Lines file streams through.
    """
    paths = field_paths(fields)
    for number, raw_line in enumerate(lines, start=first_line):
        body = raw_line.rstrip("\r\n")
        if not body.strip():
            continue
        if number == 1 and pretty_printed(body):
            yield RecordProblem(1, len(body) - len(body.lstrip()) + 1, _PRETTY)
            return  # no line of it is a record: one finding says why, not one a line
        try:
            record = json.loads(body, parse_int=_parse_int)
        except (ValueError, RecursionError) as exc:
            yield decode_problem(exc, number)
            continue
        if not isinstance(record, dict):
            yield RecordProblem(number, 1, "JSON record is not an object")
            continue
        index = LineIndex(body, number)
        found = _summary(path, record, body, 0, index, paths, history)
        if found is not None:
            yield found


#: how the one finding on a file that is no JSON Lines at all starts: nothing of it was read
NOT_JSON_LINES = "not JSON Lines:"
#: what a file of pretty-printed JSON (``jq`` without ``-c``) saved as JSON Lines is told
_PRETTY = (
    f"{NOT_JSON_LINES} the file is pretty-printed JSON (line 1 is a bracket alone, and what it "
    "opens runs over the lines after it); write one record a line (as `jq -c` does) to have "
    "it read"
)


def decode_problem(exc: ValueError | RecursionError, line: int | None = None) -> RecordProblem:
    """ANC002 for JSON that did not decode: the record on line ``line`` of a JSON Lines file,
    or (``line`` None) a whole document, at the place the decoder stopped."""
    what = "malformed JSON record" if line is not None else "malformed JSON"
    if isinstance(exc, RecursionError):
        return RecordProblem(line or 1, 1, f"{what}: {_TOO_DEEP}")
    at = line if line is not None else getattr(exc, "lineno", 1)
    message, column = getattr(exc, "msg", str(exc)), getattr(exc, "colno", 1)
    # json's own words end "starting at": the position completes them, in file lines
    where = f": line {at} column {column}" if hasattr(exc, "msg") else ""
    return RecordProblem(at, column, f"{what}: {message}{where}{_in_plain_words(exc, line)}")


def _in_plain_words(exc: ValueError, line: int | None) -> str:
    """What the decoder's words mean for the two shapes real JSON Lines files break in most:
    a record closed by a comma (an array's items saved one a line) and a comment line (a
    generator's header). The decoder names only the character it stopped at."""
    doc, pos = getattr(exc, "doc", None), getattr(exc, "pos", None)
    if line is None or not isinstance(doc, str) or not isinstance(pos, int):
        return ""
    if getattr(exc, "msg", "") == "Extra data" and doc[pos : pos + 1] == ",":
        return " (a comma after the record: JSON Lines ends a record with its line)"
    if pos == 0 and doc.startswith(("#", "//")):
        return " (a comment line: JSON Lines has none)"
    return ""


def read_json(
    path: str, text: str, fields: tuple[str, ...], history: HistorySettings
) -> Iterator[SummarySource | RecordProblem]:
    """A .json file holds one record (an object) or an array of records.

    A file that names none of the configured fields anywhere is not a summary file: it says
    nothing even when it is not strict JSON (an editor's settings file with comments)."""
    if not _mentions(text, fields):
        return
    try:
        data = json.loads(text, parse_int=_parse_int)
    except (ValueError, RecursionError) as exc:
        yield decode_problem(exc)
        return
    paths = field_paths(fields)
    lines = LineIndex(text)
    if isinstance(data, dict):
        start = text.find("{")
        found = _summary(path, data, text[start:], start, lines, paths, history)
        yield from () if found is None else (found,)
        return
    if not isinstance(data, list):
        yield RecordProblem(1, 1, "JSON file holds neither an object nor an array of objects")
        return
    items: list[SummarySource | RecordProblem] = []
    for index, (start, end) in enumerate(_array_items(text)):
        item = data[index] if index < len(data) else None
        if isinstance(item, dict):
            found = _summary(path, item, text[start:end], start, lines, paths, history)
            items.extend(() if found is None else (found,))
        else:
            line, column = lines.locate(start)
            items.append(RecordProblem(line, column, "JSON record is not an object"))
    if any(isinstance(item, SummarySource) for item in items):
        yield from items  # elements that are no records matter only in an array of summaries


def _mentions(text: str, fields: tuple[str, ...]) -> bool:
    """Whether some configured field's first key occurs in ``text`` as a JSON key."""
    for spec in fields:
        key = spec.split(".")[0].replace("[]", "")
        if not key or regex.search(r'"' + regex.escape(key) + r'"\s*+:', text):
            return True
    return False


def _array_items(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) offsets of the top-level array's items."""
    depth = 0
    start = None
    for match in _TOKEN.finditer(text):
        token = match[0]
        if token in "{[":
            depth += 1
            if depth == 2 and start is None:
                start = match.start()
        elif token in "}]":
            depth -= 1
            if depth == 1 and start is not None:
                yield start, match.end()
                start = None
        elif depth == 1 and token != ",":
            yield match.start(), match.end()
