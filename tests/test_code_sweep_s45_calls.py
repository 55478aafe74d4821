"""Code rules on the calls and prompts an eighteenth sweep of real compactors showed them
missing: a compactor annotated ``-> list`` whose same-module caller keeps what it returns, a
model asked through a streaming method, and a system prompt that names the summarizer's role.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from anchorlint.code.prefilter import summarizer_calls
from anchorlint.config import CodeSettings
from tests.test_recompaction_real_shapes import codes, one_recompaction

#: a coding agent's compaction module: the fold asks the model by prompt and returns
#: ``[summary_msg, ack, *recent]`` under a bare ``-> list``; the entry point keeps that list
WRAPPER_KEPT_BY_CALLER = """\
def estimate(messages: list) -> int:
    return sum(len(str(m.get("content", ""))) for m in messages) // 4


def compact_messages(messages: list, client, model: str) -> list:
    old, recent = messages[:-6], messages[-6:]
    text = "\\n".join(f"[{m['role']}]: {m.get('content', '')}" for m in old)
    prompt = "Summarize the following conversation history concisely.\\n\\n" + text
    reply = client.chat.completions.create(
        model=model, messages=[{"role": "user", "content": prompt}]
    )
    summary_msg = {"role": "user", "content": f"[Earlier summary]\\n{reply.choices[0].message.content}"}
    ack = {"role": "assistant", "content": "Understood, continuing."}
    return [summary_msg, ack, *recent]


def maybe_compact(state, client, model: str) -> bool:
    if estimate(state.messages) < 90_000:
        return False
    state.messages = compact_messages(state.messages, client, model)
    return True
"""


def test_a_kept_list_from_a_prompted_wrapper_annotated_list_is_summarized_again() -> None:
    message = one_recompaction(WRAPPER_KEPT_BY_CALLER, 20)
    assert "`compact_messages()` compacts `state.messages`" in message


def test_the_wrapper_alone_is_still_reported_at_its_model_call() -> None:
    alone = WRAPPER_KEPT_BY_CALLER.split("\n\n\ndef maybe_compact")[0] + "\n"
    message = one_recompaction(alone, 9)
    assert "kept in the message list `compact_messages()` returns" in message


#: the same fold binding the list to a name before it restores some files after the summary
BOUND_LIST = WRAPPER_KEPT_BY_CALLER.replace(
    "    return [summary_msg, ack, *recent]\n",
    "    compacted = [summary_msg, ack, *recent]\n"
    "    compacted.extend(restore_files())\n"
    "    return compacted\n",
)


def test_the_kept_list_returned_by_the_name_it_is_bound_to_is_read_too() -> None:
    message = one_recompaction(BOUND_LIST, 22)
    assert "`compact_messages()` compacts `state.messages`" in message


#: near misses: a ``-> list`` fold that writes its summary to a file and keeps a plain marker
#: line in front of the recent turns, and a ``-> list`` that only cuts; both kept by the caller
LISTS_THAT_ARE_NO_HISTORY = """\
MARKER = "[older turns archived to notes.md]"


def archive_messages(messages: list, client, path: str) -> list:
    old, recent = messages[:-6], messages[-6:]
    text = "\\n".join(str(m.get("content", "")) for m in old)
    prompt = "Summarize the following conversation history for the archive.\\n\\n" + text
    reply = client.chat.completions.create(model="m", messages=[{"role": "user", "content": prompt}])
    with open(path, "a", encoding="utf-8") as out:
        out.write(reply.choices[0].message.content)
    return [MARKER, *recent]


def compact_messages(messages: list) -> list:
    head = {"role": "system", "content": "You are a coding agent."}
    return [head, *messages[-8:]]


def tidy(state, client) -> None:
    state.messages = archive_messages(state.messages, client, "notes.md")
    state.messages = compact_messages(state.messages)
"""


def test_lists_whose_front_is_no_summary_message_stay_silent() -> None:
    assert codes(LISTS_THAT_ARE_NO_HISTORY) == []


#: a caller that sends the folded list on and keeps nothing: no pass reads it again
SENT_NOT_KEPT = WRAPPER_KEPT_BY_CALLER.replace(
    "    state.messages = compact_messages(state.messages, client, model)\n",
    "    client.send(compact_messages(state.messages, client, model))\n",
)


def test_a_caller_that_only_sends_the_list_reports_nothing() -> None:
    assert codes(SENT_NOT_KEPT) == []


#: a compactor that asks its provider for the summary in pieces (``.stream(…)`` handed the
#: messages by keyword) and puts it in front of the kept turns it returns
STREAMED_FOLD = """\
ASK = "Summarize the older part of this chat so the work can continue."


def render(turns: list) -> str:
    return "\\n".join(f"{t['role']}: {t['content']}" for t in turns)


def fold_turns(turns: list, backend) -> list:
    older, kept = turns[:-6], turns[-6:]
    brief = ""
    for piece in backend.stream(messages=[{"role": "user", "content": ASK + "\\n\\n" + render(older)}]):
        brief += piece.text
    return [{"role": "user", "content": "[Earlier turns, condensed]\\n" + brief}, *kept]
"""


def test_a_streamed_model_call_handed_the_messages_is_a_summarizer() -> None:
    message = one_recompaction(STREAMED_FOLD, 11)
    assert "`stream()` compacts" in message


#: a memory whose model is asked through ``llm.astream(prompt)`` and whose running summary is
#: fed into the next prompt
STREAMED_MEMORY = """\
PROMPT = "Progressively summarize the conversation, adding onto the previous summary.\\n{summary}\\n{lines}"


def new_memory() -> dict:
    return {"summary": "", "turns": 0}


async def fold(memory: dict, llm, lines: str) -> None:
    text = ""
    async for chunk in llm.astream(PROMPT.format(summary=memory["summary"], lines=lines)):
        text += chunk.content
    memory["summary"] = text
    memory["turns"] += 1
"""


def test_a_streamed_call_on_the_model_is_a_summarizer() -> None:
    assert codes(STREAMED_MEMORY) == [(10, "ANC306")]


#: near misses in a compactor module: an HTTP client's ``stream("GET", url)``, a response read
#: in pieces, and a recorder handed the prompt to replay it later (no model, no keyword)
STREAMS_THAT_ASK_NO_MODEL = """\
import httpx

ASK = "Summarize the older part of this chat so the work can continue."


def fetch_transcript(url: str) -> str:
    parts = []
    with httpx.Client() as http:
        with http.stream("GET", url) as resp:
            for chunk in resp.stream(4096):
                parts.append(chunk.decode())
    return "".join(parts)


def record_request(recorder, turns: list) -> list:
    prompt = ASK + "\\n\\n" + str(turns)
    shown = recorder.stream(prompt)
    return [{"role": "user", "content": shown}, *turns[-4:]]


def replay(state, recorder) -> None:
    state.turns = record_request(recorder, state.turns)
"""


def test_streams_of_files_responses_and_recorders_ask_no_model() -> None:
    assert codes(STREAMS_THAT_ASK_NO_MODEL) == []


#: a checkpointer whose system prompt only names its role, and whose previous checkpoint (an
#: attribute named for no summary) goes into the next prompt of the same model call
ROLE_PROMPT_CHECKPOINTER = """\
import logging

log = logging.getLogger(__name__)
SYSTEM = "You are a context-checkpoint summarizer. Keep decisions and file paths."


class Checkpointer:
    def __init__(self, client):
        self.client = client
        self.last_checkpoint = ""

    def summarize_turns(self, turns: list) -> str:
        body = "\\n".join(str(t.get("content", "")) for t in turns)
        user = f"<PREVIOUS>{self.last_checkpoint or 'None.'}</PREVIOUS>\\n<TURNS>{body}</TURNS>"
        reply = self.client.chat.completions.create(
            model="small",
            messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}],
        )
        return reply.choices[0].message.content

    def checkpoint(self, older: list) -> None:
        text = self.summarize_turns(older)
        log.info("checkpoint of %d chars", len(text))
        self.last_checkpoint = text
"""


def test_a_role_prompt_asks_and_the_kept_result_read_back_is_summarized_again() -> None:
    message = one_recompaction(ROLE_PROMPT_CHECKPOINTER, 15)
    assert "kept in `self.last_checkpoint`" in message


#: near misses: the same summarizer whose prompt reads an attribute its callers fill with
#: something else than its result (a style guide), and which reads its kept result back only
#: to log its length
OTHER_ATTRIBUTES = (
    ROLE_PROMPT_CHECKPOINTER.replace(
        "    def __init__(self, client):\n",
        "    def __init__(self, client, guide: str):\n        self.guide = guide\n",
    )
    .replace(
        "<PREVIOUS>{self.last_checkpoint or 'None.'}</PREVIOUS>",
        "<GUIDE>{self.guide}</GUIDE>",
    )
    .replace(
        "        body = ",
        "        if self.last_checkpoint:\n"
        '            log.debug("replacing %d chars", len(self.last_checkpoint))\n'
        "        body = ",
    )
)


def test_attributes_that_hold_no_earlier_result_of_the_summarizer_stay_silent() -> None:
    assert codes(OTHER_ATTRIBUTES) == []


#: a persona that names a summarizer without being one, or names another role
NO_ROLE_ASK = """\
SYSTEM = "You are a helpful coding assistant. The summarizer will handle old turns."
REVIEW = "You are a reviewer of summaries written by another model."


def review(client, draft: str, notes: list) -> list:
    reply = client.chat.completions.create(
        model="small",
        messages=[{"role": "system", "content": REVIEW}, {"role": "user", "content": draft}],
    )
    return [{"role": "user", "content": reply.choices[0].message.content}, *notes]


def keep(state, client) -> None:
    state.notes = review(client, state.draft, state.notes)
"""


def test_a_persona_that_only_mentions_a_summarizer_asks_nothing() -> None:
    assert codes(NO_ROLE_ASK) == []


#: a fold whose only words asking for a summary are the role its system prompt names, and
#: whose functions are named for no summary: the module prefilter must still let it through
ROLE_ONLY_FOLD = """\
import anthropic

api = anthropic.Anthropic()
ROLE = "You are a concise summarizer."


def fold_node(state: dict) -> dict:
    older = state["messages"][:-6]
    reply = api.messages.create(
        model="small", max_tokens=600, system=ROLE, messages=[{"role": "user", "content": str(older)}]
    )
    note = {"role": "user", "content": reply.content[0].text}
    return {"messages": [note, *state["messages"][-6:]]}
"""


def test_a_role_only_prompt_passes_the_prefilter_and_is_read_as_an_ask() -> None:
    trigger = summarizer_calls(CodeSettings())
    assert trigger.fires(ROLE_ONLY_FOLD, ROLE_ONLY_FOLD.lower())
    assert codes(ROLE_ONLY_FOLD) == [(9, "ANC306")]
