"""The record-shape sniffer: which agent wrote a ``.jsonl`` or ``.json`` file, from its
first bytes, never from its name alone (a whole JSON document's tests are in
:mod:`~anchorlint.text.documents.transcripts.sniff_json`).

Byte tests first (a sniff runs on every transcript-suffixed file a walk meets), tolerant of
spacing, since some tools re-serialise records with Python's separators. Where a key name
alone is common (``parentUuid`` inside another tool's event, ``session_id``) or its order
varies (a Codex line with an ``ordinal``, or with sorted keys), the test then reads the top
level of the head's records: the first line decoded (Codex), or a scan of strings and
brackets that stops once the keys read settle the question.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator

import regex

from anchorlint.run.kinds import SNIFF_BYTES
from anchorlint.text.documents.transcripts.sniff_json import json_format
from anchorlint.text.documents.transcripts.sniff_keys import (
    BOM,
    GEMINI_META,
    Keys,
    claude_summary,
    top_level,
)

_B = regex.compile
_CLAUDE = (
    _B(rb'"parentUuid"\s*:'),
    _B(rb'"type"\s*:\s*"(?:summary|file-history-snapshot|queue-operation)"'),
)
_CLAUDE_ID = _B(rb'"(?:sessionId|leafUuid|messageId)"\s*:')
_CLAUDE_TYPES = frozenset({b"summary", b"file-history-snapshot", b"queue-operation"})
_CLAUDE_IDS = frozenset({b"sessionId", b"leafUuid", b"messageId"})
#: ``claude -p --output-format stream-json``: records keyed ``session_id`` (snake case)
_STREAM = _B(rb'"session_id"\s*:')
_STREAM_MESSAGE = frozenset({b"session_id", b"parent_tool_use_id", b"type", b"message"})
#: a Kimi Code wire log opens with its protocol's metadata record
_KIMI = _B(rb'\A\s*\{[^\n]{0,200}"type"\s*:\s*"metadata"')
_KIMI_TYPE = _B(rb"[a-z_]{1,40}(?:\.[a-z_]{1,40}){1,3}")
#: a Codex rollout line's own keys (``RolloutLine``: a stamp, the item's tag and payload,
#: and in later versions an ``ordinal``), each with the value it must have
_CODEX_SCALARS = {
    b"timestamp": _B(rb'"[^"\\\n]{1,64}"'),
    b"type": _B(rb'"[a-z_]{1,40}"'),
    b"ordinal": _B(rb"[0-9]{1,19}"),
}
_CODEX_PAIR = _B(rb'\s*"(timestamp|type|ordinal)"\s*:\s*([^,}\n]{1,80})\s*,')
_CODEX_OPEN = _B(rb"\A\s*\{")
_CODEX_PAYLOAD = _B(rb'\s*"payload"\s*:\s*\{')
#: the first line of a Codex rollout written before its lines were tagged (until September
#: 2025): the session's meta alone, as Codex serialises it: its id (a UUID), its time stamp,
#: its instructions (text or null), then maybe its git facts
_CODEX_META = _B(
    rb'\A\s*\{\s*"id"\s*:\s*"[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}"\s*,'
    rb'\s*"timestamp"\s*:\s*"[^"\\\n]{1,64}"\s*,\s*"instructions"\s*:\s*(?:null\b|")'
)
_CODEX_META_KEYS = frozenset({b"id", b"timestamp", b"instructions", b"git"})
_GEMINI_UPDATE = _B(rb'\A\s*\{"\$(?:set|rewindTo)"\s*:')
#: a GitHub Copilot CLI session log opens with its ``session.start`` event
_COPILOT = _B(rb'\A\s*\{[^\n]{0,200}"type"\s*:\s*"session\.start"')
_COPILOT_KEYS = frozenset({b"type", b"data", b"id", b"timestamp", b"parentId"})
#: what ``session.start`` says of its writer: the producer, or the CLI's version
_COPILOT_PRODUCER = _B(rb'"(?:producer"\s*:\s*"copilot-agent"|copilotVersion"\s*:)')
#: a Pi session opens with its header entry, keyed as nothing else's first line is; its tag
#: comes first as Pi writes it, after the keys that sort before it as a re-save writes it
_PI = _B(rb'\A\s*\{[^\n]{0,4096}?"type"\s*:\s*"session"\s*[,}]')
_PI_KEYS = frozenset({b"type", b"version", b"id", b"timestamp", b"cwd", b"parentSession"})
#: what a v1 header held besides (the model and thinking level it started with, the session
#: it was branched from): Pi's migration to v3 adds ``version`` and keeps them on disk
_PI_V1_KEYS = frozenset({b"provider", b"modelId", b"thinkingLevel", b"branchedFrom"})
_PI_NEEDED = frozenset({b"type", b"id", b"timestamp", b"cwd"})
#: a kimi-cli context file opens with a record of one of its own roles
_KIMI_CONTEXT = _B(rb'\A\s*\{\s*"role"\s*:\s*"_(?:system_prompt|checkpoint|usage)"')
#: Qwen Code: a record's ``message`` is a gemini content (its role, then its parts)
_QWEN_MESSAGE = _B(rb'"message"\s*:\s*\{\s*"role"\s*:\s*"[a-z]{1,16}"\s*,\s*"parts"\s*:\s*\[')
ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"


def jsonl_format(head: bytes) -> str | None:
    """``claude-code``, ``codex``, ``gemini-cli``, ``kimi-cli``, ``qwen-code``,
    ``copilot-cli`` or ``pi`` for a JSON Lines head, else None. A byte-order mark opening the file (an
    editor's re-save on Windows) is not the first record's: the tests that anchor at the
    start look past it."""
    head = head.removeprefix(BOM)
    if codex_line(head) or codex_meta(head):
        return "codex"
    gemini = _GEMINI_UPDATE.match(head) or all(p.search(head) for p in GEMINI_META)
    if gemini and not _CLAUDE[0].search(head):
        return "gemini-cli"
    if any(p.search(head) for p in _CLAUDE) and _CLAUDE_ID.search(head) and _claude_keys(head):
        return "qwen-code" if _qwen(head) else "claude-code"
    if _STREAM.search(head) and _stream_json(head):
        return "claude-code"
    if _KIMI.match(head) and _kimi_wire(head):
        return "kimi-cli"
    if _COPILOT.match(head) and _copilot(head):
        return "copilot-cli"
    if _KIMI_CONTEXT.match(head) and _kimi_context(head):
        return "kimi-cli"
    if _PI.match(head) and _pi(head):
        return "pi"
    if claude_summary(head):
        return "claude-code"
    return None


def _records(
    head: bytes, enough: Callable[[Keys], bool] | None = None, holding: bytes = b""
) -> Iterator[Keys]:
    """The top-level keys of the head's lines that hold ``holding``, one line at a time (a
    test that is settled by the first line reads no other)."""
    for line in head.split(b"\n"):
        if line.strip() and holding in line:
            yield top_level(line, enough)


def _chain(keys: Keys) -> bool:
    return b"parentUuid" in keys or keys.get(b"type") in _CLAUDE_TYPES


def _named(keys: Keys) -> bool:
    return not _CLAUDE_IDS.isdisjoint(keys)


def _claude_keys(head: bytes) -> bool:
    """Claude Code's session fields stand at the top of its records: a record of the chain
    (``parentUuid``) or of a kind of its own, and a record naming its session or message.
    The same names nested in another tool's event (a Kimi wire log quoting a tool call)
    are not its records. A session's first record settles both, most often."""
    chain = named = False
    for keys in _records(head, lambda keys: _chain(keys) and _named(keys)):
        chain, named = chain or _chain(keys), named or _named(keys)
        if chain and named:
            return True
    return False


def _qwen(head: bytes) -> bool:
    """Qwen Code's records carry Claude Code's session fields at their top level, but their
    ``message`` is a gemini content (``role``, ``parts``) and their system events hold a
    ``systemPayload``, neither of which Claude Code writes. The first records of the chain
    decide (a session opens with a user turn, a telemetry or a title event)."""
    if b'"parts"' not in head and b'"systemPayload"' not in head:
        return False  # a Claude Code session, most often: nothing more is read
    chain = (line for line in head.split(b"\n") if b'"parentUuid"' in line)
    for line in itertools.islice(chain, 3):
        keys = top_level(line)
        if b"parentUuid" not in keys:
            continue  # a tool event quoting the field
        if b"systemPayload" in keys:
            return True
        return b"message" in keys and _QWEN_MESSAGE.search(line) is not None
    return False


def _kimi_context(head: bytes) -> bool:
    """A kimi-cli context file: its first record is one of kimi-cli's own (the system
    prompt, a checkpoint, a token count: ``role`` and one field, nothing else)."""
    keys = top_level(head.split(b"\n", 1)[0])
    return len(keys) == 2 and keys.keys() & {b"content", b"id", b"token_count"} != set()


def _copilot(head: bytes) -> bool:
    """A Copilot CLI session log: its first event is ``session.start``, keyed as every event
    is (type, data, id, timestamp, parentId; nothing else), and names the Copilot agent as
    its producer (or the CLI's version)."""
    first = head.split(b"\n", 1)[0]
    keys = top_level(first)
    if keys.get(b"type") != b"session.start" or not _COPILOT_KEYS >= keys.keys() >= {
        b"type",
        b"data",
    }:
        return False
    return _COPILOT_PRODUCER.search(first) is not None


def _init(keys: Keys) -> bool:
    return keys.get(b"type") == b"system" and keys.get(b"subtype") == b"init"


def _stream_json(head: bytes) -> bool:
    """A log of ``claude -p --output-format stream-json`` (and the Agent SDK): its first
    record is the ``system``/``init`` message naming the session (``session_id``), or its
    records are messages carrying ``session_id`` and ``parent_tool_use_id``."""
    first = next(_records(head, lambda keys: _init(keys) and b"session_id" in keys), {})
    if _init(first):
        return b"session_id" in first
    messages = _records(head, holding=b'"parent_tool_use_id"')
    return any(keys.keys() >= _STREAM_MESSAGE for keys in messages)


def _kimi_wire(head: bytes) -> bool:
    """A Kimi Code wire log: a ``metadata`` record naming its protocol version first, then
    records of dotted types (``context.append_message``, ``turn.prompt``)."""
    records = _records(head, lambda keys: b"type" in keys and b"protocol_version" in keys)
    first = next(records, {})
    if first.get(b"type") != b"metadata" or b"protocol_version" not in first:
        return False
    rest = [_KIMI_TYPE.fullmatch(keys.get(b"type") or b"") for keys in itertools.islice(records, 2)]
    return not rest or any(rest)


def codex_line(head: bytes) -> bool:
    """Whether the first line of ``head`` is a Codex rollout line, by its top-level keys
    (``timestamp``, ``type``, ``payload``, maybe ``ordinal``; nothing else), in any order.

    A whole first line is decoded (at most :data:`SNIFF_BYTES`, one C call): keys sorted
    by another tool's writer put the payload first. A line cut off by the sniff window (a
    ``session_meta`` carrying its instructions) is read up to its payload, which Codex
    writes last: the keys before it, each with a scalar value, must be the other three."""
    end = head.find(b"\n")
    if end >= 0 or len(head) < SNIFF_BYTES:
        return _codex_record(head[: end if end >= 0 else len(head)])
    match = _CODEX_OPEN.match(head)
    if match is None:
        return False
    seen: dict[bytes, bytes] = {}
    at = match.end()
    for _ in range(3):
        pair = _CODEX_PAIR.match(head, at)
        if pair is None or pair[1] in seen:
            return False
        seen[pair[1]] = pair[2].strip()
        at = pair.end()
        if _CODEX_PAYLOAD.match(head, at):
            return _codex_keys(seen)
    return False


def codex_meta(head: bytes) -> bool:
    """Whether the first line of ``head`` is an untagged Codex rollout's session meta: its
    keys in Codex's order, no key but the meta's (the instructions, which come before the
    git facts, may run past the sniff window)."""
    if _CODEX_META.match(head) is None:
        return False
    end = head.find(b"\n")
    return top_level(head[: end if end >= 0 else len(head)]).keys() <= _CODEX_META_KEYS


def _codex_record(line: bytes) -> bool:
    if b'"payload"' not in line or b'"timestamp"' not in line or not _CODEX_OPEN.match(line):
        return False  # most JSON Lines heads are decoded no further
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return False
    if not isinstance(record, dict) or not isinstance(record.get("payload"), dict):
        return False
    scalars = {k: v for k, v in record.items() if k != "payload"}
    return _codex_keys({k.encode(): json.dumps(v).encode() for k, v in scalars.items()})


def _codex_keys(scalars: dict[bytes, bytes]) -> bool:
    """Whether a line's keys other than its payload are Codex's: a stamp and a tag, maybe
    an ordinal, each of its shape (a boolean, an object or a long text is someone else's)."""
    if not {b"timestamp", b"type"} <= scalars.keys() <= _CODEX_SCALARS.keys():
        return False
    return all(_CODEX_SCALARS[key].fullmatch(value) for key, value in scalars.items())


def _pi(head: bytes) -> bool:
    """A Pi session: its first line is the session's header, with its id, time stamp and
    working directory, and no key but the header's, current or v1 (a v1 header, migrated
    or not, keeps the model it started with)."""
    keys = top_level(head[: head.find(b"\n") if b"\n" in head else len(head)])
    if keys.get(b"type") != b"session" or not keys.keys() >= _PI_NEEDED:
        return False
    return keys.keys() <= _PI_KEYS | _PI_V1_KEYS


def is_native_jsonl(head: bytes) -> bool:
    return jsonl_format(head) is not None


def is_native_json(head: bytes) -> bool:
    return json_format(head) is not None


def is_zstd(head: bytes) -> bool:
    return head.startswith(ZSTD_MAGIC)


def is_transcript_db(head: bytes) -> bool:
    from anchorlint.text.documents.transcripts.sqlite import schema_beyond, schema_of

    return schema_of(head) is not None or schema_beyond(head)
