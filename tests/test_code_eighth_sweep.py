"""Code rules on the shapes an eighth sweep of real compactor modules showed them misreading.

Each module is written for these tests in the style of the real ones (a chat context that
hands out filtered copies, a frame pipeline that orders a summary and applies the answer, a
writer and a reviewer of one summary), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a chat context that hands out a copy without tool calls when the caller asks for one
CHAT_LOG = """\
class ChatLog:
    def __init__(self, items):
        self._items = items

    def copy(self, *, exclude_function_call: bool = False) -> "ChatLog":
        items = []
        for item in self._items:
            if exclude_function_call and item.type in ["function_call", "function_call_output"]:
                continue
            items.append(item)
        return ChatLog(items)

    def to_dict(self, *, exclude_function_call: bool = False) -> dict:
        items = []
        for item in self._items:
            if exclude_function_call and item.type == "function_call_output":
                continue
            items.append(item.to_dict())
        return {"items": items}

    async def _summarize(self, llm):
        return await llm.summarize("\\n".join(i.text for i in self._items))
"""


def test_a_copy_the_caller_asks_to_leave_tool_calls_out_of_drops_nothing() -> None:
    assert codes(CHAT_LOG) == []


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # the filtered list replaces the object's own
        ("        return ChatLog(items)\n", "        self._items = items\n"),
        # put back in place
        ("        return ChatLog(items)\n", "        self._items[:] = items\n"),
        # a setting, not the caller's argument, decides
        ("if exclude_function_call and item.type in", "if SETTINGS.lean and item.type in"),
    ],
)
def test_a_filter_that_replaces_the_list_or_follows_a_setting_still_drops(
    before: str, after: str
) -> None:
    source = CHAT_LOG.replace(before, after, 1)
    assert (10, "ANC308") in codes(source)


#: a frame pipeline: one frame orders a summary, another brings the answer, which is applied
FRAMES = """\
class SummarizeContextFrame:
    config = None


class SummaryResultFrame:
    summary = ""


class ContextSummarizer:
    def __init__(self, context, llm):
        self._context = context
        self._llm = llm

    async def process(self, frame):
        if isinstance(frame, SummarizeContextFrame):
            await self._handle_summarization_request(frame)
        elif isinstance(frame, SummaryResultFrame):
            await self._apply_summary(frame.summary)

    async def _handle_summarization_request(self, frame):
        await self._llm.send(frame.config)

    async def _apply_summary(self, summary):
        self._context.set_messages([{"role": "user", "content": "Summary: " + summary}])
"""


def test_an_order_to_summarize_and_applying_the_answer_are_no_second_pass() -> None:
    assert codes(FRAMES) == []


def test_a_summary_frame_summarized_again_is_still_a_second_pass() -> None:
    source = FRAMES.replace(
        "            await self._apply_summary(frame.summary)\n",
        "            await self._summarize(frame.summary)\n",
    ) + (
        "\n    async def _summarize(self, text):\n"
        '        return await self._llm.complete(f"Summarize the conversation: {text}")\n'
    )
    assert codes(source) == [(18, "ANC306")]


#: a writer and a reviewer of one summary
REVIEWED = """\
async def generate_summary(doc: str) -> str:
    return (await writer.run(f"Summarize: {doc}")).text


async def review_summary(summary: str) -> str:
    return (await reviewer.run(f"Review this summary: {summary}")).text


async def pipeline(doc: str) -> str:
    s = await generate_summary(doc)
    return await review_summary(s)
"""


@pytest.mark.parametrize("verb", ["review", "critique", "evaluate", "grade", "judge"])
def test_a_step_that_judges_the_summary_makes_none(verb: str) -> None:
    assert codes(REVIEWED.replace("review_summary", f"{verb}_summary")) == []


def test_a_step_that_condenses_the_summary_again_is_a_second_pass() -> None:
    assert codes(REVIEWED.replace("review_summary", "condense_summary")) == [(11, "ANC306")]


#: a memory that keeps one summary per group in a database and merges new facts into it
GROUPS = """\
async def summarize_pair(llm, pair):
    return await llm.complete(f"Combine these two summaries into one summary:\\n{pair[0]}\\n{pair[1]}")


async def update_group(db, llm, member):
    group, is_new = await find_group(db, member)
    merged = await summarize_pair(llm, (member.summary, group.summary))
    group.summary = merged
    await group.save(db)
    return group
"""


def test_a_record_loaded_merged_into_and_saved_back_is_summarized_again() -> None:
    assert codes(GROUPS) == [(7, "ANC306")]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # a record made here, not fetched: nothing comes back from an earlier call
        ("await find_group(db, member)", "Group(member.group_id), True"),
        ("await find_group(db, member)", "await create_group(db, member)"),
        # fetched but never written back
        ("    await group.save(db)\n", ""),
        # its own summary is not what is merged
        ("(member.summary, group.summary)", "(member.summary, member.notes)"),
    ],
)
def test_a_record_made_here_kept_nowhere_or_not_merged_is_no_second_pass(
    before: str, after: str
) -> None:
    assert codes(GROUPS.replace(before, after)) == []


#: a compaction strategy that asks its chat client for the summary and puts it at the front
#: of the caller's list, in place
STRATEGY = """\
PROMPT = "Generate a summary of the entire conversation. Incorporate any previously provided summary."


class SummaryStrategy:
    def __init__(self, client, keep=4):
        self.client = client
        self.keep = keep
        self.prompt = PROMPT

    async def __call__(self, messages: list) -> bool:
        old = messages[: -self.keep]
        resp = await self.client.get_response(
            [
                {"role": "system", "content": self.prompt},
                {"role": "user", "content": "\\n".join(m.text for m in old)},
            ]
        )
        messages.insert(0, {"role": "assistant", "content": resp.text})
        return True
"""


def test_a_client_asked_for_a_response_with_a_summary_prompt_is_a_model_call() -> None:
    assert codes(STRATEGY) == [(12, "ANC306")]


def test_a_response_asked_for_without_a_summary_prompt_is_none() -> None:
    source = STRATEGY.replace(
        "Generate a summary of the entire conversation. Incorporate any previously provided summary.",
        "Answer the user's last question.",
    )
    assert codes(source) == []


#: a chat log that folds its history into a summary and drops every tool output
FOLD = """\
class ChatLog:
    async def fold(self, llm):
        summary = await llm.complete("Compress older conversation history into a short summary.")
        kept = []
        for it in self._items:
            if isinstance(it, FunctionCallOutput):
                continue
            kept.append(it)
        self._items = kept
        self._items.append(summary)
"""


@pytest.mark.parametrize("cls", ["FunctionCallOutput", "ToolCallResult", "FunctionCallResult"])
def test_a_function_call_output_is_a_tool_result(cls: str) -> None:
    assert codes(FOLD.replace("FunctionCallOutput", cls)) == [(8, "ANC308")]


def test_the_function_call_itself_is_no_tool_result() -> None:
    assert codes(FOLD.replace("FunctionCallOutput", "FunctionCall")) == []


#: a tree of summaries: each round summarizes pairs of the last round's summaries at once
TREE = """\
import asyncio


async def summarize_pair(llm, pair):
    return await llm.complete(f"Combine these two summaries into one summary:\\n{pair[0]}\\n{pair[1]}")


async def build_group(llm, members):
    summaries = [m.summary for m in members]
    while len(summaries) > 1:
        half = len(summaries) // 2
        summaries = list(
            await asyncio.gather(
                *[
                    summarize_pair(llm, (left, right))
                    for left, right in zip(summaries[:half], summaries[half:], strict=False)
                ]
            )
        )
    return summaries[0]
"""


@pytest.mark.parametrize("gather", ["asyncio.gather", "semaphore_gather"])
def test_each_round_of_a_tree_of_summaries_summarizes_the_last(gather: str) -> None:
    assert codes(TREE.replace("asyncio.gather", gather)) == [(15, "ANC306")]


def test_one_round_over_the_members_is_one_pass() -> None:
    """Summaries of pairs of members, made once: no round takes another's output."""
    source = TREE.replace("    while len(summaries) > 1:\n", "    if len(summaries) > 1:\n")
    assert codes(source) == []


def test_zipped_lists_pass_each_its_own_items() -> None:
    """Only the second list holds summaries: its name is the one compacted again."""
    source = """\
async def summarize(llm, text):
    return await llm.complete(f"Summarize this conversation:\\n{text}")


async def run(llm, turns, notes):
    for turn, note in zip(turns, [await summarize(llm, n) for n in notes]):
        await summarize(llm, turn)
        await summarize(llm, note)
"""
    assert codes(source) == [(8, "ANC306")]


#: a compactor that trims to a budget, asking a helper for the oldest item it may drop
TRIM = """\
class ToolResultCompactor:
    def compress_messages(self, request, limit):
        compressed = list(request.messages)
        omitted = 0
        while sum(len(m.content) for m in compressed) > limit:
            removable = self._oldest_removable_index(compressed)
            if removable is None:
                break
            compressed.pop(removable)
            omitted += 1
        return CompactionResult(messages=compressed, omitted=omitted)

    def _oldest_removable_index(self, messages):
        for index, message in enumerate(messages):
            if message.role not in {"system", "developer", "user", "assistant"}:
                return index
        return None
"""


def test_an_item_a_helper_finds_by_a_role_no_chat_turn_has_is_dropped_by_pop() -> None:
    assert codes(TRIM) == [(9, "ANC308")]


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # a system message may be the one found: not certainly a tool result
        ('{"system", "developer", "user", "assistant"}', '{"user", "assistant"}'),
        # the helper finds a chat turn
        ("message.role not in {", "message.role in {"),
        # the id of what is dropped is kept
        (
            "            compressed.pop(removable)\n",
            "            gone = compressed.pop(removable)\n            dropped.append(gone.id)\n",
        ),
    ],
)
def test_a_helper_that_may_find_a_chat_turn_or_a_drop_on_record_is_silent(
    before: str, after: str
) -> None:
    source = TRIM.replace(before, after).replace(
        "        omitted = 0\n", "        omitted, dropped = 0, []\n"
    )
    source = source.replace("omitted=omitted)", "omitted=omitted, dropped=dropped)")
    assert codes(source) == []
