"""Code rules on the shapes a fifth sweep of real compactor modules showed them misreading
or missing.

Each module is written for these tests in the style of the real ones, with the near misses
beside it that must stay silent (or must keep reporting).
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a chat summarizer that looks up where the stored summaries end (a turn number, maybe none)
#: and summarizes only the turns after it: the lookup calls no model and returns no text
BACKLOG = """\
from typing import Optional, Union


def {getter}(store, chat_id){returns}:
    rows = store.summaries_for(chat_id)
    if not rows:
        return None
    return max(row.last_turn for row in rows)


async def summarize_backlog(llm, store, chat_id, turns, after_turn=None):
    fresh = [t for t in turns if after_turn is None or t.number > after_turn]
    text = "\\n".join(t.text for t in fresh)
    reply = await llm.ainvoke("Summarize these chat turns:\\n" + text)
    store.add_summary(chat_id, reply.content, last_turn=fresh[-1].number)


async def on_idle(llm, store, chat_id, turns):
    cutoff = {getter}(store, chat_id)
    await summarize_backlog(llm, store, chat_id, turns, after_turn=cutoff)
"""


@pytest.mark.parametrize(
    "returns", [" -> int | None", " -> Optional[int]", " -> Union[int, None]", " -> None | int"]
)
def test_a_number_that_may_be_missing_is_no_summary(returns: str) -> None:
    """``summary_cutoff`` is named like a summarizer, but its annotation says it hands back a
    number or nothing, as ``-> int`` does."""
    assert codes(BACKLOG.format(getter="summary_cutoff", returns=returns)) == []


@pytest.mark.parametrize("returns", ["", " -> Optional[str]", " -> str | None"])
def test_a_summarizer_that_may_return_text_still_counts(returns: str) -> None:
    assert codes(BACKLOG.format(getter="summary_cutoff", returns=returns)) == [(20, "ANC306")]


@pytest.mark.parametrize(
    "getter",
    ["get_newest_summarized_turn_id", "last_condensed_message_ids", "summarized_turn_count"],
)
def test_an_id_of_what_was_summarized_is_no_summary(getter: str) -> None:
    """A summary word as a participle, and a last word that names or counts what it touched:
    the name gives an id, whatever the annotation says (here none)."""
    assert codes(BACKLOG.format(getter=getter, returns="")) == []


def test_what_was_summarized_itself_is_still_a_summary() -> None:
    """Without the id word the name may hand back the summarized text."""
    source = BACKLOG.format(getter="get_newest_summarized_turn", returns="")
    assert codes(source) == [(20, "ANC306")]


#: a strategy that folds the older turns into one system note and hands back the new list with
#: how many turns it folded; the caller keeps the list, so the note is folded again next time
FOLD_STRATEGY = """\
class FoldOlderTurns:
    def __init__(self, agent, keep_last=6):
        self._agent = agent
        self._keep_last = keep_last

    async def fold(self, messages: list[dict]) -> tuple[list[dict], int]:
        if len(messages) <= self._keep_last:
            return messages, 0
        older = messages[: -self._keep_last]
        recent = messages[-self._keep_last :]
        digest = await self._summarize_older(older)
        note = {{"role": "system", "content": f"[Summary of earlier turns: {{digest}}]"}}
        return {returned}

    async def _summarize_older(self, older: list[dict]) -> str:
        lines = [f"{{m['role']}}: {{m['content']}}" for m in older]
        reply = await self._agent.run("Summarize this conversation briefly:\\n\\n" + "\\n".join(lines))
        return reply.output
"""


@pytest.mark.parametrize(
    "returned",
    [
        "[note, *recent], len(older)",
        "([note, *recent], len(older))",
        "[note] + recent, len(older)",
        "len(older), [note, *recent]",
    ],
)
def test_a_summary_in_front_of_a_list_returned_in_a_tuple_is_handed_back(returned: str) -> None:
    """The list beside the count is the one the caller keeps, as if it were returned alone."""
    assert codes(FOLD_STRATEGY.format(returned=returned)) == [(11, "ANC306")]


@pytest.mark.parametrize(
    "returned",
    [
        "recent, len(older)",  # the note is dropped: nothing comes back
        "[note, older], len(older)",  # a fixed pair, no history spliced in
        "note, recent",  # the note beside the list, not in it
    ],
)
def test_a_tuple_without_the_summary_in_its_list_hands_nothing_back(returned: str) -> None:
    assert codes(FOLD_STRATEGY.format(returned=returned)) == []


#: a chat hub that keeps each room's messages in a dict it hands to a module function; the
#: function reads one room's list, folds its head into a recap and writes the list back
ROOMS = """\
KEEP = 4


async def summarize_text(llm, text: str) -> str:
    reply = await llm.complete("Summarize this chat so the talk can go on:\\n\\n" + text)
    return reply.text


async def shrink_room(llm, rooms: dict[str, list[dict]], room_id: str) -> None:
    history = {read}
    if len(history) <= KEEP:
        return
    text = "\\n".join(f"{{m['role']}}: {{m['content']}}" for m in history[:-KEEP])
    recap = await summarize_text(llm, text)
    note = {{"role": "user", "content": f"Recap: {{recap}}"}}
    {write}


class Hub:
    def __init__(self, llm):
        self.llm = llm
        self.rooms: dict[str, list[dict]] = {{}}

    async def on_message(self, room_id: str, message: dict) -> None:
        self.rooms.setdefault(room_id, []).append(message)
        if len(self.rooms[room_id]) > 40:
            await shrink_room(self.llm, self.rooms, room_id)
"""


@pytest.mark.parametrize(
    "write",
    [
        "rooms[room_id] = [note, *history[-KEEP:]]",
        "rooms[room_id] = [note] + history[-KEEP:]",
        'rooms[room_id] = [note, {"role": "assistant", "content": "Noted."}, *history[-KEEP:]]',
    ],
)
def test_a_mapping_item_read_and_written_back_under_the_same_key_is_kept(write: str) -> None:
    """The caller's mapping holds the recap in front of the room's recent messages, and the
    next call reads the same item back and summarizes the recap again."""
    assert codes(ROOMS.format(read="rooms[room_id]", write=write)) == [(14, "ANC306")]


@pytest.mark.parametrize(
    ("read", "write"),
    [
        # written under another key than the one read
        ("rooms[room_id]", 'rooms[room_id + ":archive"] = [note, *history[-KEEP:]]'),
        # the recap is dropped: only the recent messages go back
        ("rooms[room_id]", "rooms[room_id] = history[-KEEP:]"),
        # one value per key (a cache of recaps), no history spliced in
        ("rooms[room_id]", "rooms[room_id] = [note]"),
        # a mapping made here, not the caller's
        ("rooms[room_id]", "made = {}\n    made[room_id] = [note, *history[-KEEP:]]"),
        # the item written is never read back: the history comes from elsewhere
        ("list(rooms.values())[0]", "rooms[room_id] = [note, *history[-KEEP:]]"),
    ],
)
def test_near_misses_of_a_mapping_item_kept(read: str, write: str) -> None:
    assert codes(ROOMS.format(read=read, write=write)) == []


#: a chat summarizer whose system prompt comes from another module; the prior summary is
#: appended to it, and the last message asks for the summary by its noun
LAST_ASK = """\
from langchain_core.messages import HumanMessage, SystemMessage

from .texts import BASE_SYSTEM


def summarize_chat(messages, llm, prior_summary=None):
    system = BASE_SYSTEM
    if prior_summary:
        system += f"\\n\\nEarlier recap, to be folded in:\\n{{prior_summary}}"
    reply = llm.invoke([SystemMessage(content=system), *messages, HumanMessage(content={ask!r})])
    return reply.content
"""


@pytest.mark.parametrize(
    "ask",
    [
        "Please provide the summary now.",
        "Write your updated summary below.",
        "Give me the new summary.",
        "Return the summary in Markdown.",
    ],
)
def test_a_last_message_asking_for_the_summary_makes_a_summarizing_call(ask: str) -> None:
    """The prior summary goes into the pass that is asked for the summary (reported at the
    model call)."""
    assert codes(LAST_ASK.format(ask=ask)) == [(10, "ANC306")]


@pytest.mark.parametrize(
    "ask",
    [
        "Please provide the answer now.",  # no summary asked for
        "Return the summary statistics table.",  # another thing named after the summary
        "Provide the summary of the report only.",  # names what to summarize, not the chat
        "If asked, you can provide the summary.",  # an ability, not a request
    ],
)
def test_near_misses_of_a_last_message_asking_for_the_summary(ask: str) -> None:
    assert codes(LAST_ASK.format(ask=ask)) == []


#: a chat log that folds its head into a recap message whenever it grows, through a method
#: annotated to return the message list; the entry point keeps what comes back
CHAT_LOG = """\
from typing import Any, Dict, List

RECAP_SYSTEM = "You condense chat transcripts. Summarize the conversation for a handoff."
PREFIX = "Recap of the earlier conversation:"


class ChatLog:
    def __init__(self, client, model, keep=8):
        self.client = client
        self.model = model
        self.keep = keep
        self.history: List[Dict[str, Any]] = []

    async def add(self, message: Dict[str, Any]) -> List[Dict[str, Any]]:
        self.history.append(message)
        {caller}
        return self.history

    async def _compact_history(self, history: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        if len(history) <= self.keep:
            return history
        head, tail = history[: -self.keep], history[-self.keep :]
        text = "\\n".join(f"{{m['role']}}: {{m['content']}}" for m in head)
        reply = await self.client.chat.completions.create(
            model=self.model,
            messages=[{{"role": "system", "content": {system}}}, {{"role": "user", "content": text}}],
        )
        recap = reply.choices[0].message.content
        {returned}
"""
KEEPS = "self.history = await self._compact_history(self.history)"
RECAP_FIRST = 'return [{"role": "system", "content": f"{PREFIX}\\\\n{recap}"}] + tail'


@pytest.mark.parametrize("returned", [RECAP_FIRST, RECAP_FIRST.replace("}] + tail", "}, *tail]")])
def test_a_message_list_whose_body_summarizes_returns_the_summary(returned: str) -> None:
    """The list annotation says nothing about text, but the body asks the model for a recap
    and puts it in front of the kept turns; the entry point hands it back next time."""
    source = CHAT_LOG.format(caller=KEEPS, system="RECAP_SYSTEM", returned=returned)
    assert codes(source) == [(16, "ANC306")]


@pytest.mark.parametrize(
    ("caller", "system", "returned"),
    [
        # the caller looks at the folded list and never keeps it
        ("view = await self._compact_history(self.history)\n        print(len(view))",
         "RECAP_SYSTEM", RECAP_FIRST),
        # the model is asked for something else: no summary in the list
        (KEEPS, '"You are a helpful assistant."', RECAP_FIRST),
        # the recap is only logged; the list returned holds the kept turns alone
        (KEEPS, "RECAP_SYSTEM", "print(recap)\n        return list(tail)"),
    ],
)  # fmt: skip
def test_near_misses_of_a_message_list_that_holds_a_summary(
    caller: str, system: str, returned: str
) -> None:
    assert codes(CHAT_LOG.format(caller=caller, system=system, returned=returned)) == []


def test_a_strategy_whose_result_nobody_here_keeps_stays_silent() -> None:
    """A compression strategy that returns the recap in front of the recent messages, called
    only from another module, through a client method no list names: nothing here keeps the
    list, so nothing is summarized again here."""
    source = (
        "from typing import List\n\n"
        "from .protocol import Message, Request\n\n\n"
        "class RecapStrategy:\n"
        "    def compress(self, messages: List[Message], provider, model) -> List[Message]:\n"
        "        older, recent = messages[:-10], messages[-10:]\n"
        '        text = "\\n".join(f"{m.role}: {m.content}" for m in older)\n'
        '        prompt = f"Summarize the conversation so far:\\n{text}"\n'
        "        reply = provider.call(Request(model=model, messages=[Message('user', prompt)]))\n"
        "        note = Message('system', f'[Earlier] {reply.message.content}')\n"
        "        return [note, *recent]\n"
    )
    assert codes(source) == []
