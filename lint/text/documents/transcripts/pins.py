"""Pins into an agent's transcript cover its message text, never its serialised records.

A transcript is copied about: mirrored into a JSON database (which reorders keys and drops
the spacing), exported, re-serialised by another tool. Its records' bytes change with every
copy while what was said does not, so a ``@sha256:`` pin over a span of a transcript's lines
(``session.jsonl#L12-20@sha256:…``) hashes the *message text* of those records:

- each line's record is decoded; every string under a key named ``content``, ``text``,
  ``message``, ``summary``, ``output`` or ``thinking`` (at any depth; objects walked with
  their keys in sorted order, arrays in order) is one piece of its text, and each piece is
  hashed as UTF-8 followed by a line feed;
- ids, timestamps, roles, types and every other field are not part of the text;
- a blank line adds nothing; a line that is no JSON object or array (a truncated last
  record) is hashed as its bytes, followed by a line feed.

A document is a transcript when its first bytes have a native JSON Lines shape (Claude Code,
Codex, gemini-cli: :func:`~anchorlint.text.documents.transcripts.sniff.jsonl_format`). Only
spans of whole lines are read this way; a ``#char=`` range inside a transcript still pins the
bytes it names, as nothing else defines it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from anchorlint.text.documents.transcripts.sniff import jsonl_format

#: the keys whose string values are a record's message text
TEXT_KEYS = frozenset({"content", "text", "message", "summary", "output", "thinking"})


def is_transcript(head: bytes) -> bool:
    """Whether a document's first bytes are an agent transcript's (see the module)."""
    return jsonl_format(head) is not None


def record_text(line: bytes) -> bytes:
    """What one line of a transcript contributes to a pin's digest."""
    body = line.rstrip(b"\r\n")
    if not body.strip():
        return b""
    try:
        record = json.loads(body)
        if isinstance(record, (dict, list)):
            pieces: list[str] = []
            _texts(record, False, pieces)
            return "".join(piece + "\n" for piece in pieces).encode("utf-8", "surrogatepass")
    except (ValueError, RecursionError):
        pass
    return body + b"\n"


def _texts(value: Any, under_text: bool, pieces: list[str]) -> None:
    """The strings under text keys in ``value``, keys sorted, arrays in order."""
    if isinstance(value, dict):
        for key in sorted(value, key=str):
            item = value[key]
            if isinstance(item, str):
                if key in TEXT_KEYS:
                    pieces.append(item)
            else:
                _texts(item, key in TEXT_KEYS, pieces)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                if under_text:
                    pieces.append(item)
            else:
                _texts(item, under_text, pieces)


def text_digest(chunks: Iterable[bytes]) -> str:
    """The sha256 hex digest of the message text of whole lines handed over in ``chunks``
    (pieces of any size; a line may cross them)."""
    hasher, held = hashlib.sha256(), []
    for chunk in chunks:
        cut = chunk.rfind(b"\n") + 1
        if not cut:  # inside one long line: held until it ends
            held.append(chunk)
            continue
        lines = b"".join([*held, chunk[:cut]]).split(b"\n")
        held = [chunk[cut:]]
        for line in lines[:-1]:
            hasher.update(record_text(line))
    tail = b"".join(held)
    if tail:
        hasher.update(record_text(tail))
    return hasher.hexdigest()
