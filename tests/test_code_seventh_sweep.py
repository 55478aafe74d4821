"""Code rules on the shapes a seventh sweep of real compactor modules showed them misreading
or missing.

Each module is written for these tests in the style of the real ones (a rolling note run from
synchronous code, a chat history that groups its turns into rounds, a history that keeps its
summary in the system prefix behind a mark), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings

#: a rolling note refreshed from synchronous code through the event loop's runner
ROLLING = """\
import asyncio

NOTE_PROMPT = "Summarize the chat so far plus the new line.\\nSo far:\\n{so_far}\\nNew:\\n{line}"


class RollingNote:
    def __init__(self, client):
        self.client = client
        self.note = ""

    def push(self, line: str) -> None:
        text = NOTE_PROMPT.format(so_far=self.note, line=line)
        reply = asyncio.run(self.client.call(messages=[{"role": "user", "content": text}]))
        self.note = str(reply)
"""


def test_the_event_loop_runner_is_no_second_pass() -> None:
    """One pass per line: the model call, which is handed the kept note; ``asyncio.run`` only
    runs it."""
    ((line, code, message),) = findings(ROLLING)
    assert (line, code) == (13, "ANC306")
    assert message.startswith("`call()`")


@pytest.mark.parametrize(
    "runner",
    ["asyncio.run({})", "asyncio.get_event_loop().run_until_complete({})"],
)
def test_a_one_shot_summary_run_by_the_event_loop_is_no_recompaction(runner: str) -> None:
    call = 'client.call(messages=[{"role": "user", "content": text}])'
    source = (
        "import asyncio\n\n"
        'DIGEST = "Summarize this document in three lines:\\n{body}"\n\n\n'
        "def digest(client, body: str) -> str:\n"
        "    text = DIGEST.format(body=body)\n"
        "    reply = " + runner.format(call) + "\n"
        "    return str(reply)\n"
    )
    assert codes(source) == []


#: a history that summarizes its older turns into a system message and later groups the turns
#: into rounds by their positions in the list
ROUNDS = """\
class Transcript:
    def __init__(self, model):
        self.model = model
        self.messages = [{"role": "system", "content": "Be brief."}]

    def _summarize_turns(self, turns):
        text = "\\n".join(t["content"] for t in turns)
        return self.model.complete("Summarize these turns:\\n" + text)

    def fold(self, upto: int) -> None:
        digest = self._summarize_turns(self.messages[1:upto])
        note = {"role": "system", "content": digest}
        self.messages = self.messages[:1] + [note] + self.messages[upto:]

    def rounds(self) -> list[dict]:
        found = []
        current_round = []
        for i, message in enumerate(self.messages):
            current_round.append(message)
            if message["role"] == "user" and len(current_round) > 1:
                found.append({"start_index": i - len(current_round) + 1, "end_index": i - 1})
                found.append({"end_index": len(self.messages) - 1})
                current_round = [message]
        return found
"""


def test_a_count_of_messages_is_no_offset_into_the_summary() -> None:
    """The list holds the summary as one message among others; its length and a round's
    length count messages, so the round's positions are no offsets into the summary's text.
    The fold itself is a recompaction (the note goes back into the list it summarizes)."""
    assert codes(ROUNDS) == [(11, "ANC306")]


def test_the_length_of_the_summary_text_is_still_an_offset() -> None:
    source = ROUNDS.replace(
        "        found = []\n",
        '        found = [{"end_index": len(self.messages[1]["content"])}]\n',
    )
    assert (16, "ANC301") in codes(source)


#: a history that keeps its summary in the system prefix behind a mark, and leaves out what
#: starts with that mark before it summarizes again
MARKED = """\
MARK = "Summary of earlier turns:"


class Chat:
    def __init__(self, llm):
        self.llm = llm
        self.messages = [{{"role": "system", "content": "You help."}}]

    def _summarize_old(self, old):
        text = "\\n".join(f"{{m['role']}}: {{m['content']}}" for m in old)
        return self.llm.complete("Summarize this conversation:\\n" + text)

    def compact(self, keep: int) -> None:
        older = self.messages[1:-keep]
        older = [m for m in older if {test}]
        note = self._summarize_old(older)
        summary = {{"role": "system", "content": {written}}}
        self.messages = self.messages[:1] + [summary] + self.messages[-keep:]
"""


@pytest.mark.parametrize("written", ['MARK + " " + note', 'f"{MARK} {note}"'])
def test_a_summary_left_out_by_its_own_mark_is_not_compacted_again(written: str) -> None:
    test = 'not (m["role"] == "system" and m["content"].startswith(MARK))'
    assert codes(MARKED.format(test=test, written=written)) == []


@pytest.mark.parametrize(
    ("test", "written"),
    [
        # the mark the filter tests is not the one the summary is written behind
        ('not m["content"].startswith(OTHER)', 'MARK + " " + note'),
        # the filter keeps what starts with the mark: the summary passes
        ('m["content"].startswith(MARK)', 'MARK + " " + note'),
        # the summary is written without the mark
        ('not m["content"].startswith(MARK)', "note"),
    ],
)
def test_a_filter_that_lets_the_summary_through_still_reports(test: str, written: str) -> None:
    source = MARKED.format(test=test, written=written).replace(
        'MARK = "Summary of earlier turns:"',
        'MARK = "Summary of earlier turns:"\nOTHER = "Note:"\nHEADER = MARK + " (auto)"',
    )
    assert (18, "ANC306") in codes(source)


#: a squeezer that builds the list it returns item by item: the system message, the summary,
#: then the recent turns
BUILT = """\
class Squeezer:
    def __init__(self, llm, keep):
        self.llm = llm
        self.keep = keep

    async def squeeze(self, history):
        start = 1 if history and history[0].get("role") == "system" else 0
        cut = len(history) - self.keep
        digest = await self._generate_summary(history[start:cut])
        out = []
        if start:
            out.append(history[0])
        out.append({message})
        out.extend(history[cut:])
        return {returned}

    async def _generate_summary(self, old_messages):
        text = "\\n".join(f"{{m.get('role')}}: {{m.get('content')}}" for m in old_messages)
        return self.llm.chat(prompt="Summarize this conversation briefly:\\n" + text)
"""


def test_a_list_built_item_by_item_around_the_summary_is_handed_back() -> None:
    message = '{"role": "system", "content": "[Earlier summary]\\n" + digest}'
    assert codes(BUILT.format(message=message, returned="out")) == [(9, "ANC306")]


@pytest.mark.parametrize(
    ("message", "returned"),
    [
        # the summary is appended as a bare string: a list of texts, not of messages
        ("digest", "out"),
        # the list is joined into one text before it is returned
        ('{"role": "system", "content": digest}', '"\\n".join(m["content"] for m in out)'),
    ],
)
def test_a_built_list_that_is_no_message_list_is_not_handed_back(
    message: str, returned: str
) -> None:
    assert codes(BUILT.format(message=message, returned=returned)) == []


#: a window of chat lines that folds the lines it lets go into its summary through a
#: summarizer-named helper, which reads the summary from the object itself
WINDOW = """\
PROMPT = "Summarize these lines into one paragraph.\\nSo far:\\n{{prev}}\\nLines:\\n{{lines}}"


class WindowNotes:
    def __init__(self, llm, size):
        self.llm = llm
        self.size = size
        self._lines = []
        self.{attr} = ""

    async def add(self, line):
        self._lines.append(line)
        if len(self._lines) > self.size:
            spill = self._lines[: -self.size]
            self._lines = self._lines[-self.size :]
            {store}

    async def _summarize(self, lines):
        prompt = PROMPT.format(prev=self.{attr} or "(none)", lines="\\n".join(lines))
        reply = await self.llm.call(messages=[{{"role": "user", "content": prompt}}])
        return reply.text
"""


@pytest.mark.parametrize("attr", ["_summary", "summary", "chat_summary"])
def test_a_summarizer_that_reads_the_summary_its_caller_keeps_is_the_pass(attr: str) -> None:
    """The caller hands the helper only new lines; the helper itself hands the kept summary
    to the model, so its call is where the summary is compacted again."""
    source = WINDOW.format(attr=attr, store=f"self.{attr} = await self._summarize(spill)")
    assert codes(source) == [(20, "ANC306")]


def test_a_summary_attribute_nobody_writes_back_is_no_kept_summary() -> None:
    """Set once at start and never written again: what the helper reads is no earlier
    output, so there is nothing compacted twice."""
    source = WINDOW.format(attr="_summary", store="self.latest = await self._summarize(spill)")
    assert codes(source) == []


#: a buffer memory whose prompt template is imported: nothing in the module asks for a
#: summary, but the model is handed the object's summary and its answer becomes that summary
BUFFER = """\
from prompts.memory import NOTE_TEMPLATE, render_template
from messages import HumanMessage, SummaryMessage


class BufferSummaryMemory:
    def __init__(self, llm, limit):
        self.llm = llm
        self.limit = limit
        self.turns = []
        self.{attr} = None

    def prune(self):
        if len(self.turns) <= self.limit:
            return
        spill = self.turns[: -self.limit]
        self.turns = self.turns[-self.limit :]
        previous = self.{attr}.content if self.{attr} else ""
        reply = self.llm.generate_text(
            messages=[
                HumanMessage(
                    content=render_template(
                        NOTE_TEMPLATE, {{"summary": previous, "new_lines": "\\n".join(spill)}}
                    )
                )
            ]
        )
        self.{attr} = SummaryMessage(content=reply.to_string())
"""


def test_a_model_answer_that_becomes_the_summary_it_was_handed_is_a_summary() -> None:
    assert codes(BUFFER.format(attr="_summary_message")) == [(18, "ANC306")]


def test_an_answer_kept_under_another_name_is_no_summary() -> None:
    """Without the prompt in the module, only an attribute named for the summary says what
    the answer is: a note or a reply kept the same way is left alone."""
    assert codes(BUFFER.format(attr="_last_reply")) == []


#: a chain of different condensers that stops at the first one that returns a summary
PIPELINE = """\
class Pipeline:
    def __init__(self, stages):
        self.stages = stages

    def condense(self, view):
        result = view
        for stage in self.stages:
            result = stage.condense(result)
            if isinstance(result, {test}):
                {leave}
        return result
"""


@pytest.mark.parametrize("leave", ["break", "return result"])
def test_a_pipeline_that_stops_at_the_first_summary_compacts_none_again(leave: str) -> None:
    assert codes(PIPELINE.format(test="Condensation", leave=leave)) == []


@pytest.mark.parametrize(
    ("test", "leave"),
    [
        ("Condensation", "continue"),  # goes on to the next stage with the summary
        ("View", "break"),  # stops on a view, goes on with the summary
    ],
)
def test_a_pipeline_that_hands_a_summary_to_the_next_stage_still_reports(
    test: str, leave: str
) -> None:
    assert codes(PIPELINE.format(test=test, leave=leave)) == [(8, "ANC306")]


#: a tool-calling round trip whose user turn asks the model to put the tool's one answer in
#: few words, then sends the reply back for the next turn
ROUND_TRIP = """\
async def lookup_round_trip(client, tool):
    messages = [UserMessage(content="{ask}")]
    first = await client.create(messages=messages, tools=[tool])
    messages.append(AssistantMessage(content=first.content))
    second = await client.create(messages=messages)
    return second.content
"""


def test_an_ask_to_summarize_one_tool_answer_is_no_compaction_prompt() -> None:
    assert codes(ROUND_TRIP.format(ask="Call the lookup tool and summarize the result.")) == []


@pytest.mark.parametrize(
    "ask",
    [
        "Summarize the conversation so far and the result.",
        "Summarize the results of every tool call so far.",
    ],
)
def test_an_ask_about_the_conversation_or_many_results_still_is(ask: str) -> None:
    assert codes(ROUND_TRIP.format(ask=ask)) == [(5, "ANC306")]


#: a module that shortens a page by swapping repeated chunks for ids, twice over
CODER = """\
import collections
import re


def _compress_chunks(text: str, tag: str, skip: list[str], sep: str) -> tuple[dict, str]:
    parts = [p.strip() for p in re.split(sep, text)]
    counts = collections.Counter(parts)
    table = {{}}
    for part, n in counts.items():
        if n > 1 and part not in skip:
            table[f"{{tag}}{{len(table)}}"] = part
    out = "\\n".join(parts)
    for key, value in table.items():
        out = out.replace(value, key)
    {extra}
    return table, out


def shorten_page(text: str) -> str:
    table, out = _compress_chunks(text, "P", [], "\\n\\n+")
    lines, out = _compress_chunks(out, "L", list(table), "\\n+")
    return out
"""


def test_a_lossless_coder_named_compress_is_no_summarizer() -> None:
    assert codes(CODER.format(extra="")) == []


def test_a_compress_function_that_calls_a_model_still_is() -> None:
    source = CODER.format(extra="out = llm.predict('Summarize this text: ' + out)")
    assert (21, "ANC306") in codes(source)
