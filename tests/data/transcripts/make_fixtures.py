"""Regenerate the binary transcript fixtures from text held in this file and in the plain fixtures.

Outputs (all written next to this script):
- ``codex-zst/sessions/2026/11/29/rollout-….jsonl.zst``: the plain rollout of 2026-11-29, zstd-compressed.
- ``langgraph/checkpoints.sqlite``: LangGraph SQLite checkpoints, msgpack-encoded exactly as the
  JsonPlusSerializer writes them (ext types for dataclasses, pydantic models and sets), plus one row of
  type "pickle" whose payload would create ``/tmp/anchorlint-pickle-was-loaded`` if it were unpickled.
- ``letta/sqlite.db``: a Letta ``messages`` table with summary messages in their JSON envelopes.

Needs ``msgpack`` and ``zstandard`` (only to regenerate; readers of the fixtures need neither for the
text files). Run: ``python tests/data/transcripts/make_fixtures.py``. The output is deterministic for a
given SQLite and zstd library version; the rows and compressed payload are identical everywhere.
"""

from __future__ import annotations

import json
import pickle
import sqlite3
from pathlib import Path
from typing import Any

import msgpack
import zstandard

HERE = Path(__file__).resolve().parent
PICKLE_CANARY = "/tmp/anchorlint-pickle-was-loaded"

# --------------------------------------------------------------------------- Codex .jsonl.zst
ROLLOUT = (
    "sessions/2026/11/29/rollout-2026-11-29T14-40-10-019acf3b-0a42-7d11-9c6e-1b2a3c4d5e02.jsonl"
)


def make_zst() -> Path:
    """One zstd frame of the whole rollout, as the cold-compression of rollouts writes it."""
    src = HERE / "codex" / ROLLOUT
    out = HERE / "codex-zst" / (ROLLOUT + ".zst")
    out.parent.mkdir(parents=True, exist_ok=True)
    cctx = zstandard.ZstdCompressor(level=10, write_checksum=True, write_content_size=True)
    out.write_bytes(cctx.compress(src.read_bytes()))
    return out


# --------------------------------------------------------------------------- LangGraph
EXT_CONSTRUCTOR_SINGLE_ARG = 0
EXT_CONSTRUCTOR_KW_ARGS = 2
EXT_PYDANTIC_V2 = 5
RS_MODULE = "langmem.short_term.summarization"


def pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def ext_set(items: list[str]) -> msgpack.ExtType:
    return msgpack.ExtType(EXT_CONSTRUCTOR_SINGLE_ARG, pack(["builtins", "set", items]))


def running_summary(text: str, ids: list[str], last: str) -> msgpack.ExtType:
    """langmem's RunningSummary is a dataclass: ext 2 with (module, name, fields)."""
    fields = {
        "summary": text,
        "summarized_message_ids": ext_set(ids),
        "last_summarized_message_id": last,
    }
    return msgpack.ExtType(EXT_CONSTRUCTOR_KW_ARGS, pack([RS_MODULE, "RunningSummary", fields]))


def message(kind: str, mid: str, content: str) -> msgpack.ExtType:
    """A LangChain message is a pydantic v2 model: ext 5 with (module, name, model_dump(), method)."""
    modules = {
        "human": ("langchain_core.messages.human", "HumanMessage"),
        "ai": ("langchain_core.messages.ai", "AIMessage"),
        "system": ("langchain_core.messages.system", "SystemMessage"),
    }
    module, name = modules[kind]
    dump: dict[str, Any] = {
        "content": content,
        "additional_kwargs": {},
        "response_metadata": {},
        "type": kind,
        "name": None,
        "id": mid,
    }
    if kind == "ai":
        dump.update({"tool_calls": [], "invalid_tool_calls": [], "usage_metadata": None})
    return msgpack.ExtType(EXT_PYDANTIC_V2, pack([module, name, dump, "model_validate_json"]))


LG_7_S1 = (
    "Jonas (ticket SUP-3341) wants a refund for order #58213: the espresso machine arrived with a cracked "
    "drip tray. Under [[kb/refund-policy#sec-4]] damaged items are refunded without a return; I offered a "
    "replacement tray first and he declined. Shipping was via the carrier in [[kb/shipping#sec-2]]."
)
LG_7_S2 = (
    "Jonas wants a refund for order #58213 (cracked drip tray). As mentioned above, damaged items are "
    "refunded without a return; the refund of 89,90 € was issued today. He asked for the receipt in "
    'German ("Quittung"); see policies/refunds.md:14 for the wording.'
)
LG_9_S1 = (
    "Mei (ticket SUP-3402) cannot log in after the SSO switch; her account is still bound to the old "
    "tenant. Steps in [[kb/sso-migration#sec-3]] apply; escalated to identity team as IDN-118."
)
LG_9_S2 = (
    "Mei (ticket SUP-3402): SSO login fixed after IDN-118 re-bound her account per "
    "[[kb/sso-migration#sec-3]]. She confirmed on the phone — “works now”. Close the ticket after 48 h."
)


class _Canary:
    """Pickles to a call of ``open(PICKLE_CANARY, "w")``: loading it would create the canary file."""

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (open, (PICKLE_CANARY, "w"))


def checkpoint_blob(cid: str, ts: str, values: dict[str, Any], step: int) -> bytes:
    version = f"{step + 2:032d}.0.{(step * 7919) % 1000003 / 1000003:.15f}"
    return pack(
        {
            "v": 4,
            "ts": ts,
            "id": cid,
            "channel_values": values,
            "channel_versions": {ch: version for ch in values},
            "versions_seen": {"__input__": {}, "__start__": {"__start__": version}},
            "updated_channels": sorted(values),
        }
    )


def lg_thread(cur: sqlite3.Cursor, thread: str, prefix: str, steps: list[dict[str, Any]]) -> None:
    parent = None
    for n, values in enumerate(steps):
        cid = f"1f0c{prefix}{n:02x}-{n:04x}-6a2e-8001-{n:012x}"
        ts = f"2026-11-2{prefix[-1]}T10:{n:02d}:05.123456+00:00"
        meta = {"source": "input" if n == 0 else "loop", "step": n - 1, "parents": {}}
        if values.get("__pickle__"):
            row_type, blob = "pickle", pickle.dumps(_Canary(), protocol=4)
        else:
            row_type, blob = "msgpack", checkpoint_blob(cid, ts, values, n)
        cur.execute(
            "INSERT INTO checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                thread,
                "",
                cid,
                parent,
                row_type,
                blob,
                json.dumps(meta, ensure_ascii=False).encode("utf-8"),
            ),
        )
        parent = cid


LG_SCHEMA = """
CREATE TABLE IF NOT EXISTS checkpoints (
    thread_id TEXT NOT NULL,
    checkpoint_ns TEXT NOT NULL DEFAULT '',
    checkpoint_id TEXT NOT NULL,
    parent_checkpoint_id TEXT,
    type TEXT,
    checkpoint BLOB,
    metadata BLOB,
    PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id)
);
CREATE TABLE IF NOT EXISTS writes (
    thread_id TEXT NOT NULL,
    checkpoint_ns TEXT NOT NULL DEFAULT '',
    checkpoint_id TEXT NOT NULL,
    task_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    channel TEXT NOT NULL,
    type TEXT,
    value BLOB,
    PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)
);
"""


def support_7() -> list[dict[str, Any]]:
    h1 = message(
        "human", "h-7-1", "My espresso machine arrived with a cracked drip tray (order #58213)."
    )
    a1 = message("ai", "a-7-1", "Sorry about that! Would a replacement tray work for you?")
    h2 = message("human", "h-7-2", "No, I'd like a refund please.")
    a2 = message("ai", "a-7-2", "Understood, I'm processing the refund.")
    h3 = message("human", "h-7-3", "Can I get the receipt in German?")
    rs1 = running_summary(LG_7_S1, ["h-7-1", "a-7-1", "h-7-2"], "h-7-2")
    rs2 = running_summary(LG_7_S2, ["h-7-1", "a-7-1", "h-7-2", "a-7-2", "h-7-3"], "h-7-3")
    copy1 = message("system", "s-7-1", "Summary of the conversation so far: " + LG_7_S1)
    return [
        {},
        {"messages": [h1]},
        {"messages": [h1, a1]},
        {
            "messages": [h1, a1, h2, a2],
            "context": {"running_summary": rs1},
            "summarized_messages": [copy1, a2],
        },
        {
            "messages": [h1, a1, h2, a2, h3],
            "context": {"running_summary": rs1},
            "summarized_messages": [copy1, a2, h3],
        },
        {
            "messages": [h1, a1, h2, a2, h3],
            "context": {"running_summary": rs2},
            "summarized_messages": [
                message("system", "s-7-2", "Summary of the conversation so far: " + LG_7_S2)
            ],
        },
    ]


def support_9() -> list[dict[str, Any]]:
    h1 = message("human", "h-9-1", "I can't log in since you switched to SSO.")
    a1 = message("ai", "a-9-1", "Let me check which tenant your account is bound to.")
    h2 = message("human", "h-9-2", "It works now, thanks!")
    return [
        {},
        {"messages": [h1, a1], "summary": running_summary(LG_9_S1, ["h-9-1"], "h-9-1")},
        {"__pickle__": True},
        {
            "messages": [h1, a1, h2],
            "summary": running_summary(LG_9_S2, ["h-9-1", "a-9-1"], "a-9-1"),
        },
    ]


def make_langgraph() -> Path:
    out = HERE / "langgraph" / "checkpoints.sqlite"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    con = sqlite3.connect(out)
    con.executescript(LG_SCHEMA)
    cur = con.cursor()
    lg_thread(cur, "support-7", "a7", support_7())
    lg_thread(cur, "support-9", "b9", support_9())
    # A classic tutorial state: a plain string in a "summary" channel is not a langmem summary.
    lg_thread(
        cur,
        "tutorial-1",
        "c1",
        [
            {},
            {"messages": [message("human", "h-t-1", "hi")], "summary": "The user greeted the bot."},
        ],
    )
    # A pending write of the newer summary, recorded before the checkpoint that holds it.
    row = cur.execute(
        "SELECT checkpoint_id FROM checkpoints WHERE thread_id = 'support-7' "
        "ORDER BY checkpoint_id LIMIT 1 OFFSET 4"
    ).fetchone()
    rs2 = support_7()[5]["context"]
    cur.execute(
        "INSERT INTO writes VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ("support-7", "", row[0], "summarize-task-0001", 0, "context", "msgpack", pack(rs2)),
    )
    con.commit()
    con.execute("VACUUM")
    con.close()
    return out


# --------------------------------------------------------------------------- Letta
LETTA_PRE_COUNTS = (
    "Note: prior messages ({h} of {t} total messages) have been hidden from view due to conversation "
    "memory constraints.\nThe following is a summary of the previous {k} messages:\n {s}"
)
LETTA_PRE_ALL = (
    "Note: prior messages have been hidden from view due to conversation memory constraints.\n"
    "The following is a summary of the previous messages:\n {s}"
)
LT_A_S1 = (
    "Tomás is planning the office move to the Rua Augusta site (project MOVE-12). Movers are booked for "
    "2026-12-06; the floor plan is docs/move/floorplan-v3.pdf and the IT checklist is "
    "[[it/office-move-checklist#sec-1]]. He prefers e-mail over chat."
)
LT_A_S2 = (
    "Tomás: office move (MOVE-12) on 2026-12-06, movers confirmed. The IT checklist is done except the "
    "printers. He still prefers e-mail, as mentioned above."
)
LT_B_S1 = (
    "Ana tracks the grant application GR-2027-04. The budget sheet is finance/grant-budget.xlsx and the "
    "narrative draft is in [[grants/gr-2027-04#sec-2]]; the deadline is 2027-01-15."
)
LT_B_S2 = (
    "Ana's grant GR-2027-04: budget in finance/grant-budget.xlsx is final; narrative "
    "[[grants/gr-2027-04#sec-2]] reviewed by Zoë. Deadline 2027-01-15; submit through the portal."
)

LETTA_SCHEMA = """
CREATE TABLE agents (id VARCHAR NOT NULL PRIMARY KEY, name VARCHAR, created_at DATETIME);
CREATE TABLE messages (
    id VARCHAR NOT NULL PRIMARY KEY,
    role VARCHAR NOT NULL,
    text VARCHAR,
    content JSON,
    model VARCHAR,
    name VARCHAR,
    tool_calls JSON,
    tool_call_id VARCHAR,
    step_id VARCHAR,
    run_id VARCHAR,
    otid VARCHAR,
    tool_returns JSON,
    group_id VARCHAR,
    sender_id VARCHAR,
    batch_item_id VARCHAR,
    conversation_id VARCHAR,
    is_err BOOLEAN,
    approval_request_id VARCHAR,
    approve BOOLEAN,
    denial_reason VARCHAR,
    approvals JSON,
    sequence_id BIGINT NOT NULL UNIQUE,
    agent_id VARCHAR NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
    organization_id VARCHAR,
    created_at DATETIME,
    updated_at DATETIME,
    is_deleted BOOLEAN NOT NULL DEFAULT 0,
    _created_by_id VARCHAR,
    _last_updated_by_id VARCHAR
);
CREATE INDEX ix_messages_agent_sequence ON messages (agent_id, sequence_id);
"""


def envelope(message_text: str, when: str, stats: dict[str, Any] | None = None) -> str:
    """Letta's json_dumps of a system_alert: indent 2, non-ASCII kept."""
    d: dict[str, Any] = {"type": "system_alert", "message": message_text, "time": when}
    if stats:
        d["compaction_stats"] = stats
    return json.dumps(d, indent=2, ensure_ascii=False)


def wrapped(kind: str, text: str, when: str) -> str:
    return json.dumps({"type": kind, "message": text, "time": when}, indent=2, ensure_ascii=False)


def letta_rows() -> list[tuple[str, str, str, str | None]]:
    """(agent_id, role, text, legacy_text_column) in conversation order."""
    a, b = (
        "agent-3f1e9a52-7c0d-4b8e-a1f6-2d4c6e8b0a13",
        "agent-8b2d4f61-0e9c-4a7d-b3e5-1c5a7e9d2f46",
    )
    t = "2026-11-2{} 0{}:1{}:00 PM UTC+0000"
    stats = {
        "trigger": "context_window_limit",
        "context_tokens_before": 30112,
        "context_tokens_after": 5890,
        "context_window": 32000,
        "messages_count_before": 58,
        "messages_count_after": 8,
    }
    return [
        (a, "system", "You are Letta, a memory-augmented assistant.", None),
        (
            a,
            "user",
            wrapped("user_message", "The movers are booked for 6 December.", t.format(1, 2, 1)),
            None,
        ),
        (a, "assistant", "Noted the moving date.", None),
        (a, "summary", envelope(LETTA_PRE_ALL.format(s=LT_A_S1), t.format(2, 3, 2), stats), None),
        (
            a,
            "user",
            wrapped("user_message", "IT checklist done, printers pending.", t.format(3, 4, 3)),
            None,
        ),
        (
            a,
            "user",
            envelope(
                "Warning: the conversation history will soon reach its maximum length and will "
                "be trimmed.",
                t.format(4, 4, 4),
            ),
            None,
        ),
        (a, "summary", envelope(LETTA_PRE_ALL.format(s=LT_A_S2), t.format(4, 5, 4), stats), None),
        (b, "system", "You are Letta, a memory-augmented assistant.", None),
        (
            b,
            "user",
            "",
            envelope(LETTA_PRE_COUNTS.format(h=30, t=36, k=26, s=LT_B_S1), t.format(5, 1, 1)),
        ),
        (
            b,
            "tool",
            json.dumps({"status": "OK", "message": "None", "time": t.format(5, 1, 2)}, indent=2),
            None,
        ),
        (b, "summary", envelope(LETTA_PRE_ALL.format(s=LT_B_S2), t.format(6, 2, 2)), None),
    ]


def make_letta() -> Path:
    out = HERE / "letta" / "sqlite.db"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)
    con = sqlite3.connect(out)
    con.executescript(LETTA_SCHEMA)
    agents = sorted({row[0] for row in letta_rows()})
    for n, agent in enumerate(agents):
        con.execute(
            "INSERT INTO agents VALUES (?, ?, ?)",
            (agent, ["office-move", "grant-helper"][n], f"2026-11-0{n + 1} 09:00:00.000000"),
        )
    for seq, (agent, role, text, legacy) in enumerate(letta_rows(), start=1):
        # SQLAlchemy's JSON type on SQLite writes json.dumps with its defaults (ASCII escapes).
        content = None if legacy is not None else json.dumps([{"type": "text", "text": text}])
        con.execute(
            "INSERT INTO messages (id, role, text, content, model, tool_calls, tool_returns, sequence_id, "
            "agent_id, organization_id, created_at, updated_at, is_deleted) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)",
            (
                f"message-{seq:08d}-5d1c-4e0a-9b7f-3a2c1e0d9f8b",
                role,
                legacy,
                content,
                "gpt-4.1-mini",
                "[]",
                "[]",
                seq,
                agent,
                "org-00000000-0000-4000-8000-000000000000",
                f"2026-11-21 12:{seq:02d}:00.000000",
                f"2026-11-21 12:{seq:02d}:00.000000",
            ),
        )
    con.commit()
    con.execute("VACUUM")
    con.close()
    return out


if __name__ == "__main__":
    for made in (make_zst(), make_langgraph(), make_letta()):
        print(made.relative_to(HERE), made.stat().st_size, "bytes")
