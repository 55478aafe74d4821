"""ANC306 on the shapes an eighteenth sweep of real compactors showed it misreading where the
summary is kept between passes: a store method named like a pass, a summary left out of the
next pass by an index slice, a returned list that holds nothing but the summary, and a summary
behind a list bound to a name.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: a chat bot that folds its old turns into a summary and hands it to its database, whose
#: method is named like a pass; the database keeps it under the chat's id
STORE_NAMED_COMPACT = """\
PROMPT = "Summarize the conversation above in a short paragraph."


async def fold_old_turns(db, llm, chat_id: str, turns: list[dict]) -> str:
    request = turns + [{"role": "user", "content": PROMPT}]
    reply = await llm.chat(request)
    summary = reply.content
    await db.compact_history(chat_id, keep_recent=4, summary=summary)
    return summary


async def on_message(db, llm, chat_id: str, text: str) -> None:
    turns = await db.get_history(chat_id)
    if len(turns) > 40:
        await fold_old_turns(db, llm, chat_id, turns)
    await db.add(chat_id, {"role": "user", "content": text})
"""


def test_a_store_handed_the_key_of_its_entry_by_position_is_no_pass() -> None:
    """``db.compact_history(chat_id, summary=summary)``, its result dropped: the chat's id
    names the entry written, and the summary is kept, not compacted again."""
    assert codes(STORE_NAMED_COMPACT) == []
    for key in ("self.chat.id", "session_key", "7", "chat.chat_id"):
        source = STORE_NAMED_COMPACT.replace("compact_history(chat_id,", f"compact_history({key},")
        assert codes(source) == [], key


def test_a_store_handed_text_by_position_still_compacts_it() -> None:
    """Handed the turns, the summary by position, or kept from the call's result, the summary
    still goes into a pass."""
    for call in (
        "await db.compact_history(turns, keep_recent=4, summary=summary)",
        "await db.compact_history(chat_id, summary)",
        "await db.compact_history(chat_id, transcript, summary=summary)",
        "summary = await db.compact_history(chat_id, keep_recent=4, summary=summary)",
    ):
        old = "await db.compact_history(chat_id, keep_recent=4, summary=summary)"
        source = STORE_NAMED_COMPACT.replace(old, call).replace(
            "turns: list[dict]) -> str:", "turns: list[dict], transcript: str = '') -> str:"
        )
        assert (8, "ANC306") in codes(source), call
