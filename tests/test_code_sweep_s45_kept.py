"""ANC306 on the shapes an eighteenth sweep of real compactors showed it misreading where the
summary is kept between passes: a store method named like a pass, a summary left out of the
next pass by an index slice, a returned list that holds nothing but the summary, and a summary
behind a list bound to a name.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes, one_recompaction

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


#: an append-only running summary: the new turns are summarized from the slice after the
#: summary message, found by its role, and the new text is appended to the old one, which never
#: goes to the model again; the first pass runs only when no summary was found
APPEND_ONLY_MEMORY = """\
PROMPT = "Summarize these messages briefly:\\n{text}"


def _summarize(turns: list, llm) -> str:
    text = "\\n".join(f"{t['role']}: {t['content']}" for t in turns)
    return llm.invoke(PROMPT.format(text=text)).content


def _summary_message(text: str) -> dict:
    return {"role": "summary", "content": text}


def prune(state: dict, llm, keep: int = 6) -> dict:
    history = state["conversation_history"]
    if len(history) <= keep * 2:
        return state
    at = None
    for i, message in enumerate(history):
        if message["role"] == "summary":
            at = i
            break
    if at is not None:
        fresh = _summarize(history[at + 1 : -keep], llm)
        merged = history[at]["content"] + "\\n\\n[More]: " + fresh
        state["conversation_history"] = [_summary_message(merged)] + history[-keep:]
    else:
        first = _summarize(history[:-keep], llm)
        state["conversation_history"] = [{"role": "summary", "content": first}] + history[-keep:]
    return state
"""


def test_the_slice_after_the_summary_message_and_the_branch_without_one_are_no_pass() -> None:
    """``history[at + 1 : -keep]`` starts past the summary message found at ``at``, and the
    ``else`` of ``if at is not None`` runs only when the history holds none."""
    assert codes(APPEND_ONLY_MEMORY) == []


def test_the_index_found_by_next_or_by_a_mark_reads_the_same() -> None:
    loop = APPEND_ONLY_MEMORY[
        APPEND_ONLY_MEMORY.index("    at = None") : APPEND_ONLY_MEMORY.index("    if at is not")
    ]
    for found in (
        '    at = next((i for i, m in enumerate(history) if m["role"] == "summary"), None)\n',
        "    at = next((i for i, m in enumerate(history) if m.get('type') == 'summary'), None)\n",
        '    at = next((i for i, m in enumerate(history) if m["content"].startswith("[Summary")),'
        " None)\n",
    ):
        assert codes(APPEND_ONLY_MEMORY.replace(loop, found)) == [], found
    flipped = APPEND_ONLY_MEMORY.replace("if at is not None:", "if at is None:")
    flipped = flipped.replace("history[at + 1 : -keep]", "history[:-keep]   ")
    assert codes(flipped) == [(27, "ANC306")]  # the summary is in the ``else`` now


def test_a_slice_that_keeps_the_summary_or_the_old_summary_in_the_prompt_is_a_pass() -> None:
    """From ``at`` itself, with the old summary written into the prompt, or with ``at`` found
    by a test that picks another message (or bound again), the summary goes into the pass."""
    for old, new, line in (
        ("history[at + 1 : -keep]", "history[at : -keep]", 23),
        (
            "_summarize(history[at + 1 : -keep], llm)",
            "_summarize([history[at]] + history[at + 1 : -keep], llm)",
            23,
        ),
        ('message["role"] == "summary"', 'message["role"] == "user"', 23),
        ('message["role"] == "summary"', 'message["role"] != "summary"', 23),
        ("            break\n", "            break\n    at = max(at or 0, 1)\n", 24),
    ):
        found = codes(APPEND_ONLY_MEMORY.replace(old, new))
        assert (line, "ANC306") in found, new


#: a research chat that replaces its whole history with the summary (and a list of sources),
#: keeping the system message; when the model gives nothing it hands the messages back as they
#: are, so what it returns stands in for them and is summarized again next time
WHOLE_HISTORY_REPLACED = """\
SYSTEM = "You compact a research chat. Summarize the conversation, keeping its ref keys."


def _call_compact_model(client, model: str, text: str) -> str:
    try:
        resp = client.chat.completions.create(
            model=model,
            messages=[
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": f"Conversation to compact:\\n\\n{text[:30000]}"},
            ],
        )
        return (resp.choices[0].message.content or "").strip()
    except Exception:
        return ""


def compact_conversation(messages: list, sources: list, client, model: str) -> list:
    text = "\\n\\n".join(f"[{m['role']}]: {m.get('content', '')}" for m in messages)
    summary = _call_compact_model(client, model, text)
    if not summary:
        return messages
    system_msgs = [m for m in messages if m["role"] == "system"][:1]
    new_messages = system_msgs + [
        {"role": "assistant", "content": f"[Conversation summary]\\n{summary}"},
    ]
    if sources:
        new_messages.append({"role": "system", "content": "Sources: " + ", ".join(sources)})
    return new_messages
"""


def test_a_list_of_the_summary_alone_stands_in_for_the_messages_handed_back() -> None:
    """``return messages`` on one path, ``system + [note]`` on the other: the caller keeps
    what comes back as its messages, and the next compaction summarizes the note again."""
    message = one_recompaction(WHOLE_HISTORY_REPLACED, 6)
    assert "the message list `compact_conversation()` returns" in message


def test_the_summary_and_an_acknowledgement_returned_inline_stand_in_too() -> None:
    returned = WHOLE_HISTORY_REPLACED[WHOLE_HISTORY_REPLACED.index("    system_msgs =") :]
    pair = """\
    return [
        {"role": "user", "content": f"[Conversation so far]\\n{summary}"},
        {"role": "assistant", "content": "Noted, continuing."},
    ]
"""
    assert codes(WHOLE_HISTORY_REPLACED.replace(returned, pair)) == [(6, "ANC306")]


def test_a_list_of_the_summary_alone_is_no_history_without_the_messages_returned() -> None:
    """Without the path that returns the messages as they are, nothing says the list is kept
    (it may be a request for another model); a note paired with the list it was made from
    (``[note, older]``) is no list of messages; a local named like the messages is no list
    the function is handed."""
    assert codes(WHOLE_HISTORY_REPLACED.replace("return messages\n", "return []\n")) == []
    paired = WHOLE_HISTORY_REPLACED.replace(
        "new_messages = system_msgs + [", "new_messages = system_msgs + [messages,"
    )
    assert codes(paired) == []
    local = WHOLE_HISTORY_REPLACED.replace(
        "def compact_conversation(messages: list,", "def compact_conversation(turns: list,"
    ).replace("    text = ", "    messages = list(turns)\n    text = ")
    assert codes(local) == []


#: a checkpoint compactor that puts the summary after the system message through a list bound
#: to a name, then the recent turns after it, and returns the list with a flag
NAMED_PREFIX = """\
PROMPT = "Summarize these turns for a handoff to the next session:\\n"


class Checkpointer:
    def summarize_turns(self, llm, turns: list) -> str:
        lines = "\\n".join(str(t.get("content", "")) for t in turns)
        return llm.complete(PROMPT + lines)

    def compact(self, llm, messages: list, keep: int = 4) -> tuple:
        if len(messages) <= keep + 2:
            return messages, False
        cut = len(messages) - keep
        block = {"role": "user", "content": self.summarize_turns(llm, messages[1:cut])}
        prefix = [messages[0], block]
        if messages[cut].get("role") != "assistant":
            prefix.append({"role": "assistant", "content": "Acknowledged."})
        compacted = prefix + messages[cut:]
        return compacted, True
"""


def test_a_summary_behind_a_named_prefix_is_handed_back() -> None:
    """``prefix = [system, block]; compacted = prefix + recent``, as ``[system, block] +
    recent`` written inline is."""
    message = one_recompaction(NAMED_PREFIX, 13)
    assert "the message list `compact()` returns" in message


def test_a_named_prefix_followed_by_a_request_or_not_returned_is_silent() -> None:
    """The prefix followed by literals alone (a request with an ask), or the list built and
    only logged, hands no history back."""
    asked = NAMED_PREFIX.replace(
        "compacted = prefix + messages[cut:]",
        'compacted = prefix + [{"role": "user", "content": "Go on."}]',
    )
    assert codes(asked) == []
    logged = NAMED_PREFIX.replace(
        "return compacted, True", "print(compacted)\n        return [], True"
    )
    logged = logged.replace(
        "            return messages, False\n", "            return [], False\n"
    )
    assert codes(logged) == []
