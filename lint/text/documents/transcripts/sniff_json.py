"""Which agent wrote a whole ``.json`` document, from its first bytes: OpenHands, gemini-cli,
Letta, Roo Code (and Cline), Strands Agents, VS Code's chat, opencode or a Claude Code
session downloaded from the web app.

Byte tests first; where a key name alone is common, the test reads the document's own
top-level keys (:func:`~anchorlint.text.documents.transcripts.sniff_keys.top_level`), so a key
nested in another record's value is not one.
"""

from __future__ import annotations

import regex

from anchorlint.text.documents.transcripts.sniff_keys import (
    BOM,
    GEMINI_META,
    claude_summary,
    top_level,
)

_B = regex.compile
#: a session downloaded from the web app: its records in a ``loglines`` array
LOGLINES = _B(rb'\A\s*\{\s*"loglines"\s*:\s*\[')
#: a record of a user's or the assistant's turn, as the web app's download writes it
_CHAT_RECORD = _B(rb'"type"\s*:\s*"(?:user|assistant)"')
_OH_V0 = (
    _B(rb'"(?:action|observation)"\s*:\s*"'),
    _B(rb'"source"\s*:\s*"'),
    _B(rb'\A\s*\{"id"\s*:\s*[0-9]'),
)
_OH_SDK = (
    _B(rb'"kind"\s*:\s*"[A-Z][A-Za-z]{1,60}"'),
    _B(rb'"source"\s*:\s*"'),
    _B(rb'"id"\s*:\s*"'),
)
#: Roo Code and Kilo Code: the task's API history, an array of messages
_ROO = _B(rb"\A\s*\[\s*\{")
_ROO_KEYS = frozenset({b"role", b"content", b"ts"})
#: Cline's history, whose messages have no ``ts`` in older versions: the task's envelope
#: opens the first message's first text block
_CLINE_TASK = _B(
    rb'\A\s*\[\s*\{\s*"role"\s*:\s*"user"\s*,\s*"content"\s*:\s*\[\s*\{\s*'
    rb'"type"\s*:\s*"text"\s*,\s*"text"\s*:\s*"<task>'
)
#: a Strands Agents session's agent record (its file session manager's ``agent.json``)
_STRANDS_KEYS = frozenset({b"agent_id", b"conversation_manager_state"})
#: VS Code's chat session: its requests, and who asked and answered or when it began
_VSCODE_KEYS = frozenset({b"version", b"requests"})
_VSCODE_NAMES = frozenset({b"requesterUsername", b"responderUsername", b"creationDate"})
#: opencode's file storage: a part names its message and session, a message its session
#: (ids of opencode's own prefixes)
_OPENCODE_PART = ((b"messageID", b"msg_"), (b"sessionID", b"ses_"), (b"id", b"prt_"))
_OPENCODE_MESSAGE = ((b"sessionID", b"ses_"), (b"id", b"msg_"), (b"role", b""))
_LETTA = (_B(rb'\A\s*\{\s*"agents"\s*:\s*\['), _B(rb'"agent_type"\s*:'))
_LETTA_MESSAGES = _B(rb'"messages"\s*:')


def json_format(head: bytes) -> str | None:
    """``openhands``, ``gemini-cli``, ``letta``, ``roo-code``, ``strands``, ``vscode-copilot``,
    ``opencode`` or ``claude-code`` for a JSON document's head (a Claude Code session downloaded from the web app is ``{"loglines":
    [records]}``, its compaction anywhere in it), else None; a byte-order mark opening it is
    passed over."""
    head = head.removeprefix(BOM)
    if all(p.search(head) for p in _OH_V0) or all(p.search(head) for p in _OH_SDK):
        return "openhands"
    if head.lstrip().startswith(b"[") and _OH_V0[0].search(head) and _OH_V0[1].search(head):
        return "openhands"  # an event_cache page: read as nothing
    if all(p.search(head) for p in GEMINI_META) and _LETTA_MESSAGES.search(head):
        return "gemini-cli"
    if _LETTA[0].match(head) or (_LETTA[1].search(head) and _LETTA_MESSAGES.search(head)):
        return "letta"
    if LOGLINES.match(head) and _CHAT_RECORD.search(head):
        return "claude-code"
    if _ROO.match(head) and (_roo(head) or _CLINE_TASK.match(head)):
        return "roo-code"
    if b'"conversation_manager_state"' in head and _strands(head):
        return "strands"
    if b'"requestId"' in head and _vscode(head):
        return "vscode-copilot"
    if b'"sessionID"' in head and _opencode(head):
        return "opencode"
    if claude_summary(head):
        return "claude-code"
    return None


def _strands(head: bytes) -> bool:
    """A Strands Agents agent record: an object whose own keys name the agent and hold its
    conversation manager's state (a key nested in another record's value is not one)."""
    start = head.lstrip()
    return start.startswith(b"{") and top_level(start).keys() >= _STRANDS_KEYS


def _vscode(head: bytes) -> bool:
    """A VS Code chat session: an object whose own keys are its format's version and its
    requests, and name its requester or responder or its creation date."""
    start = head.lstrip()
    if not start.startswith(b"{"):
        return False
    keys = top_level(start).keys()
    return keys >= _VSCODE_KEYS and not _VSCODE_NAMES.isdisjoint(keys)


def _opencode(head: bytes) -> bool:
    """A part or a message of opencode's file storage: an object whose own keys are its ids,
    each with opencode's prefix (``prt_``, ``msg_``, ``ses_``)."""
    start = head.lstrip()
    if not start.startswith(b"{"):
        return False
    keys = top_level(start)
    return any(
        all((keys.get(key) or b"").startswith(prefix) and key in keys for key, prefix in shape)
        for shape in (_OPENCODE_PART, _OPENCODE_MESSAGE)
    )


def _roo(head: bytes) -> bool:
    """A Roo Code (or Kilo Code, or Cline) API history: an array whose first message has a
    role of the conversation, its content and its time stamp (``ts``) at its top level."""
    first = top_level(head[head.index(b"{") :], lambda keys: keys.keys() >= _ROO_KEYS)
    return first.keys() >= _ROO_KEYS and first.get(b"role") in (b"user", b"assistant")
