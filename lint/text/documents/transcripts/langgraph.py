"""LangGraph checkpoints: the summaries langmem and LangChain's summarization middleware keep
in a checkpoint's channel values.

The decoder works on one checkpoint's ``(type, blob)``, whatever database holds it. Blobs of
type ``msgpack`` are decoded with the ``msgpack`` package and an extension hook that turns
LangGraph's extension types into plain tagged dicts: no LangGraph import, no module named in
the data ever imported, nothing constructed. Rows of type ``pickle`` are never loaded: they
are skipped, and the caller says so. Only blobs holding the bytes ``RunningSummary`` or
``lc_source`` are decoded at all.

A summary is:

- a ``langmem.short_term.summarization.RunningSummary`` (a dataclass: extension 2) in channel
  ``context`` (key ``running_summary``) or in channel ``summary``; its text is its
  ``summary`` field;
- else the ``summary_message`` of deepagents' ``_summarization_event`` channel
  (``{cutoff_index, summary_message, file_path}``);
- else the last ``HumanMessage`` of channel ``messages`` whose ``additional_kwargs`` say
  ``lc_source: "summarization"`` (LangChain's ``SummarizationMiddleware``, which replaces the
  older messages with it).

A message's text is its ``content`` string, without the middleware's fixed opening line or
deepagents' preamble and tags (:func:`~.wrappers.middleware_body`). Not summaries: the
``SystemMessage`` copy in ``messages`` or ``summarized_messages``, every other message,
pending ``writes``, a plain string in a ``summary`` channel.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from anchorlint.text.documents.transcripts.common import stored_as
from anchorlint.text.documents.transcripts.wrappers import middleware_body

CLASS = b"RunningSummary"
MODULE = "langmem.short_term.summarization"
#: the bytes a blob holding a summary of LangChain's summarization middleware holds
MIDDLEWARE = b"lc_source"
#: deepagents' channel for its last summarization
EVENT = "_summarization_event"
#: a checkpoint blob larger than this is not decoded (a bound on memory, not a format rule)
MAX_BLOB = 64 << 20


@dataclass(frozen=True)
class Located:
    """A summary text and the byte offset of its first character in the blob."""

    text: str
    offset: int


class Skipped(Exception):
    """A checkpoint that cannot be read safely or at all (the message says why)."""


#: how deep extension values may nest inside each other: each level is decoded by a new
#: unpacker on the C stack, and a blob a few hundred levels deep ends the process; LangGraph
#: nests a message inside a channel value inside a checkpoint, a handful of levels
MAX_EXT_DEPTH = 32


def _unpack(data: bytes, depth: int = 0) -> Any:
    """A msgpack value whose extension values are tagged dicts, their payloads (themselves
    msgpack) decoded likewise, at most :data:`MAX_EXT_DEPTH` levels deep."""
    import msgpack

    def hook(code: int, payload: bytes) -> dict[str, Any]:
        if depth >= MAX_EXT_DEPTH:
            raise Skipped(f"extension values nested over {MAX_EXT_DEPTH} deep")
        value = _unpack(payload, depth + 1)
        if code in (0, 1, 2, 3, 4, 5) and isinstance(value, list) and len(value) >= 3:
            return {"__ext__": code, "module": value[0], "name": value[1], "value": value[2]}
        return {"__ext__": code, "value": value}

    return msgpack.unpackb(data, raw=False, strict_map_key=False, ext_hook=hook)


def running_summary(kind: object, blob: object) -> Located | None:
    """The summary a checkpoint holds, or None; :class:`Skipped` for a pickle row or a blob
    that does not decode."""
    checkpoint = _decoded(kind, blob)
    values = checkpoint.get("channel_values") if isinstance(checkpoint, dict) else None
    if not isinstance(values, dict) or not isinstance(blob, bytes):
        return None
    text = _in_channel("context", values.get("context"))
    text = text if text is not None else _in_channel("summary", values.get("summary"))
    if text is not None:
        return Located(text, _offset(blob, text))
    message = _in_channel(EVENT, values.get(EVENT))
    message = message if message is not None else _in_channel("messages", values.get("messages"))
    return None if message is None else _body(blob, message)


def channel_summary(channel: str, kind: object, blob: object) -> Located | None:
    """The summary one channel value holds, or None: a row of a store that keeps channel
    values apart from their checkpoints (``checkpoint_blobs`` of the Postgres saver:
    ``channel``, ``type``, ``blob``); :class:`Skipped` as :func:`running_summary`."""
    if channel not in CHANNELS:
        return None
    text = _in_channel(channel, _decoded(kind, blob))
    if text is None or not isinstance(blob, bytes):
        return None
    return _body(blob, text) if channel in _MESSAGES else Located(text, _offset(blob, text))


#: the channels a summary is kept in: langmem's, then the middleware's messages
_MESSAGES = (EVENT, "messages")
CHANNELS = ("context", "summary", *_MESSAGES)
#: the bytes that mark a blob worth decoding
MARKERS = (CLASS, MIDDLEWARE)


def _decoded(kind: object, blob: object) -> Any:
    """A blob decoded without importing or constructing anything, or None when it holds no
    running summary; never a pickle. A msgpack row whose value is no bytes (text, a number)
    is a damaged record: :class:`Skipped`, so the rows after it are still read."""
    if kind == "pickle":
        raise Skipped("a pickled checkpoint is never loaded")
    if kind != "msgpack" or blob is None:
        return None
    if not isinstance(blob, bytes):  # SQLite keeps any value in any column
        raise Skipped(f"a msgpack checkpoint stored as {stored_as(blob)}, not bytes")
    if not any(marker in blob for marker in MARKERS):
        return None
    if len(blob) > MAX_BLOB:
        raise Skipped(f"checkpoint blob over {MAX_BLOB >> 20} MB")
    try:
        return _unpack(blob)
    except Skipped:
        raise
    except Exception as exc:  # noqa: BLE001 - any decoding failure of foreign bytes
        raise Skipped(f"checkpoint does not decode as msgpack: {type(exc).__name__}") from None


def _in_channel(channel: str, value: Any) -> str | None:
    """The summary text of a ``context`` (``running_summary`` key) or ``summary`` value, or
    the content of the summary message of an event or a message list."""
    if channel == "context":
        return _summary_of(value.get("running_summary") if isinstance(value, dict) else None)
    if channel == EVENT:
        return _message_text(value.get("summary_message") if isinstance(value, dict) else None)
    if channel == "messages":
        texts = [_message_text(item) for item in value] if isinstance(value, list) else []
        return next((text for text in reversed(texts) if text is not None), None)
    return _summary_of(value)


def _message_text(value: Any) -> str | None:
    """The content of a summarization middleware's message: a ``HumanMessage`` (a pydantic
    model, extension 5, or its plain dict) tagged ``lc_source: "summarization"``."""
    if isinstance(value, dict) and "__ext__" in value:
        if value.get("name") != "HumanMessage":
            return None
        value = value.get("value")
    if not isinstance(value, dict) or value.get("type") != "human":
        return None
    extra = value.get("additional_kwargs")
    if not isinstance(extra, dict) or extra.get("lc_source") != "summarization":
        return None
    content = value.get("content")
    return content if isinstance(content, str) else None


def _body(blob: bytes, content: str) -> Located:
    """A message's summary, its wrapper cut, located at its first byte in the blob."""
    start, end = middleware_body(content)
    return Located(content[start:end], _offset(blob, content) + len(content[:start].encode()))


def _summary_of(value: Any) -> str | None:
    if isinstance(value, dict) and value.get("__ext__") == 7:
        value = value.get("value")
    if not isinstance(value, dict) or value.get("__ext__") != 2:
        return None
    if value.get("module") != MODULE or value.get("name") != "RunningSummary":
        return None
    fields = value.get("value")
    text = fields.get("summary") if isinstance(fields, dict) else None
    return text if isinstance(text, str) else None


def _offset(blob: bytes, text: str) -> int:
    """Where the summary string's bytes start in the blob: its exact msgpack encoding (header
    and bytes) is searched for, so a longer copy quoting it is not mistaken for it."""
    import msgpack

    packed = msgpack.packb(text, use_bin_type=True)
    at = blob.find(packed)
    if at < 0:
        return max(blob.find(text.encode("utf-8")), 0)
    return at + len(packed) - len(text.encode("utf-8"))
