"""Code rules on the shapes a tenth sweep of whole framework trees showed them misreading.

Each module is written for these tests in the style of the real ones (a streaming agent
sample, the status lines and headings of a tool runner, a memory block cut to a budget), with
the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a sample that streams an agent's replies and carries the thread it hands back
STREAMED_REPLIES = """\
import asyncio

from agentsdk import Agent

TASK = "Please summarize the project's contributing guide for a new developer"


async def main() -> None:
    agent = Agent(name="helper")
    thread = None
    async for reply in agent.invoke(messages=TASK, thread=thread):
        print(reply)
        thread = reply.thread


def replay(llm, text: str):
    state = None
    for chunk in llm.summarize_stream(text, state=state):
        print(chunk)
        state = chunk.state
    return state


if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_for_loops_iterable_is_made_once() -> None:
    """The call that makes the iterator runs once, before the first round: what the body
    binds afterwards never reaches it."""
    assert codes(STREAMED_REPLIES) == []


def test_a_while_loop_reads_its_test_again() -> None:
    """A ``while`` loop calls the summarizer each round, with what the last round kept."""
    source = (
        "def refine(llm, text: str, rounds: int):\n"
        "    state = text\n"
        "    while llm.summarize(state) and rounds:\n"
        "        state = llm.summarize(state)\n"
        "        rounds -= 1\n"
        "    return state\n"
    )
    assert (3, "ANC306") in codes(source)


#: a tool runner whose headings and status lines are cut from cut output
TOOL_RUNNER = """\
from toolkit.strings import clip as truncate_line
from toolkit.agent_text import clip as truncate_for_agent
from toolkit.text import cut_text

TITLE_MAX = 80


def _truncate_title(text: str) -> str:
    return cut_text(text, TITLE_MAX)


def _truncate_status(text: str) -> str:
    return cut_text(text, TITLE_MAX)


class ShellTool:
    def heading(self, text: str = ""):
        if not text:
            text = self.name
        text = truncate_line(text, 60)
        return f"[shell] {text}"

    def heading_from(self, output: str):
        for line in reversed(output.splitlines()):
            if line.strip():
                return self.heading(line)
        return self.heading()

    def clean(self, output: str):
        return truncate_for_agent(agent=self.agent, output=output, limit=8000)

    def finish(self, raw: str):
        out = self.clean(raw)
        title = _truncate_title(raw)
        self.set_status(title)
        return out, self.heading_from(out)

    def set_status(self, status: str):
        self.status = _truncate_status(status)
"""


def test_a_heading_or_status_cut_from_a_cut_is_one_cut() -> None:
    """Two cuts in a row are one cut of the raw output: nothing was paraphrased."""
    assert codes(TOOL_RUNNER) == []


def test_a_cut_of_a_summary_is_still_a_second_pass() -> None:
    """``truncate(summarize(x))`` is the catalogue's chain, whatever the cut is for."""
    source = TOOL_RUNNER.replace(
        "return truncate_for_agent(agent=self.agent, output=output, limit=8000)",
        "return self.llm.summarize(output)",
    )
    assert codes(source) == [(20, "ANC306")]


#: still found: a summary fed back inside a loop's body (the body is run twice, so its
#: summarizer sees what the last round made), and a cut kept on the object and handed back
#: to itself with the next chunk
STILL_FOUND = {
    "summary fed back in a loop": (
        "def replay(llm, chunks: list[str]):\n"
        "    summary = ''\n"
        "    for chunk in chunks:\n"
        "        summary = llm.summarize(summary + chunk)\n"
        "    return summary\n",
        4,
    ),
    "buffer re-cut after every chunk": (
        "from toolkit.text import truncate_text\n\n\n"
        "class Console:\n"
        "    def on_chunk(self, chunk: str) -> None:\n"
        "        self.output = truncate_text(self.output + chunk, 2000)\n",
        6,
    ),
}


@pytest.mark.parametrize("case", sorted(STILL_FOUND))
def test_a_pass_over_its_own_last_output_is_still_found(case: str) -> None:
    source, line = STILL_FOUND[case]
    assert codes(source) == [(line, "ANC306")]


#: a memory block cut to the budget its recalled part was already cut to
MEMORY_BLOCK = """\
from memlib.text import truncate_text
from memlib.spans import Span

MAX_MEMORY_CONTEXT_LENGTH = 4000


async def recall(store, query: str):
    hits = await store.search(query)
    return truncate_text("\\n".join(h.body for h in hits), MAX_MEMORY_CONTEXT_LENGTH)


async def memory_block(store, query: str):
    parts = []
    recalled = await recall(store, query)
    if recalled:
        parts.append(f"Relevant memory:\\n{recalled}")
    return truncate_text("\\n\\n".join(parts), MAX_MEMORY_CONTEXT_LENGTH)


def pointer_for(query: str, blob):
    short = truncate_text(blob, MAX_MEMORY_CONTEXT_LENGTH)
    start = short.find(query)
    return Span(start=start, end=start + len(query))
"""


def test_a_limit_constant_says_nothing_about_text() -> None:
    """``MAX_MEMORY_CONTEXT_LENGTH`` is a number: a weak ``truncate`` stem handed only it and
    an unnamed value is no cut of text (no ANC301 on its offsets), and the block cut again to
    the same budget is one cut."""
    assert codes(MEMORY_BLOCK) == []


def test_a_text_named_argument_beside_the_limit_still_counts() -> None:
    source = MEMORY_BLOCK.replace("(query: str, blob)", "(query: str, raw_context)").replace(
        "truncate_text(blob,", "truncate_text(raw_context,"
    )
    assert codes(source) == [(23, "ANC301")]


#: a hybrid search that pairs chunks with their summaries and ranks the pairs, and a test of a
#: graph memory that builds summary records by id and places them in buckets
SUMMARY_RECORDS = """\
from search.pairs import chunk_summary_pairs
from search.ranking import rank_chunk_summary_pairs
from buckets.placement import place_graph_summaries_incrementally
from buckets.models import SummaryNode


def hybrid_hits(chunk_hits: list, summary_hits: list, top_k: int) -> list:
    pairs = chunk_summary_pairs(chunk_hits, summary_hits)
    ranked = rank_chunk_summary_pairs(pairs, top_k)
    return [p["chunk"] for p in ranked]


def _summary(summary_id: str) -> SummaryNode:
    return SummaryNode(id=summary_id, text=f"{summary_id} body")


def test_new_summaries_join_an_existing_bucket():
    ids = ["a", "b"]
    placed = place_graph_summaries_incrementally([_summary(summary_id) for summary_id in ids], [])
    assert placed
"""


def test_summary_records_paired_ranked_or_placed_are_no_passes() -> None:
    """``…_summary_pairs`` names pairs, ``rank_``/``place_`` put made summaries in order or in
    place, and ``_summary(summary_id)`` is handed an id, not text."""
    assert codes(SUMMARY_RECORDS) == []


def test_a_summary_noun_handed_text_is_still_a_summarizer() -> None:
    """A bare ``_summary(text)`` handed the turns, then summarized again, is a second pass."""
    source = SUMMARY_RECORDS + (
        "\n\ndef digest(llm, turns_text: str):\n"
        "    first = _summary(turns_text)\n"
        "    return llm.summarize(first)\n"
    )
    assert codes(source) == [(25, "ANC306")]


#: a preprocessing step that compresses a turn, reads which roles the audit selected, and
#: retries on the raw turn with those roles
AUDITED_RETRY = """\
from pipeline.shrink import compress_chunk_with_counts, compress_until_within_limit


async def compress_turn(*, turn: dict, llm):
    out = dict(turn)
    for role in ("user", "assistant"):
        out[role] = await llm.summarize(turn[role])
    audit = {"selected_roles": ["user", "assistant"], "n": 1}
    return out, audit


async def compress_retry(*, source_turn: dict, roles: list, llm):
    return await compress_turn(turn={r: source_turn[r] for r in roles}, llm=llm)


async def handle(turn: dict, llm):
    shrunk, audit = await compress_turn(turn=turn, llm=llm)
    roles = audit["selected_roles"]
    shrunk, audit = await compress_retry(source_turn=turn, roles=roles, llm=llm)
    return shrunk


async def handle_chunk(chunk: dict, source: dict):
    shrunk, audit, counts = await compress_chunk_with_counts(chunk=chunk)
    roles = audit.get("selected_roles")
    shrunk, audit, counts = await compress_until_within_limit(source_chunk=source, roles=roles)
    return shrunk
"""


def test_a_key_read_from_an_unpacked_audit_is_no_text() -> None:
    """Of ``shrunk, audit = compress(…)`` whose positions nothing tells apart, a key that
    names no text (``audit["selected_roles"]``, ``audit.get(…)``) is bookkeeping."""
    assert codes(AUDITED_RETRY) == []


def test_a_text_key_of_an_unpacked_element_is_still_the_output() -> None:
    """``audit["summary"]`` may be the text: handed to the next pass, it is compacted again;
    so is the unpacked element itself."""
    source = AUDITED_RETRY.replace('audit.get("selected_roles")', 'audit.get("summary")')
    assert codes(source) == [(26, "ANC306")]
    source = AUDITED_RETRY.replace('roles = audit["selected_roles"]', "roles = shrunk")
    assert codes(source) == [(19, "ANC306")]


#: a compressor that records the size and digest of the text before and after
SIZED_AUDIT = """\
import hashlib


async def shrink_turn(llm, text: str) -> str:
    return await llm.compress_message(text)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def shrink_with_audit(llm, text: str):
    short = await shrink_turn(llm, text)
    audit = {
        "before": {"chars": len(text), "sha256": _digest(text)},
        "after": {"chars": len(short), "lines": len(short.splitlines()), "sha256": _digest(short)},
    }
    return short, audit
"""


def test_the_length_of_a_summary_under_a_count_field_is_a_size() -> None:
    """``"chars": len(short)`` counts the summary's characters: no offset into it."""
    assert codes(SIZED_AUDIT) == []


def test_the_length_of_a_summary_as_a_spans_end_is_still_an_offset() -> None:
    source = SIZED_AUDIT.replace('{"chars": len(short),', '{"end": len(short),')
    assert codes(source) == [(16, "ANC301")]


#: a graph view that keeps a smaller provenance record on each node
NODE_PROVENANCE = """\
def _compact_provenance(node: dict):
    keys = ("source_task", "source_user")
    picked = {k: node.get(k) for k in keys if node.get(k)}
    return picked or None


def prepare(nodes: list[dict]) -> list[dict]:
    for node in nodes:
        prov = _compact_provenance(node)
        if prov is not None:
            node["provenance"] = prov
    return nodes


def describe(nodes: list[dict], llm) -> list[dict]:
    for node in nodes:
        node["label"] = llm.summarize(node)
        node["provenance"] = {"by": "describe"}
    return nodes
"""


def test_provenance_written_after_the_call_was_not_there_before() -> None:
    """A record made smaller is no summary, and a node given its provenance after it was
    summarized was handed to the summarizer without one."""
    assert codes(NODE_PROVENANCE) == []


def test_provenance_written_before_the_summarizer_is_carried_to_it() -> None:
    source = NODE_PROVENANCE.replace(
        '        node["label"] = llm.summarize(node)\n        node["provenance"] = {"by": "describe"}\n',
        '        node["provenance"] = {"by": "describe"}\n        node["label"] = llm.summarize(node)\n',
    )
    assert codes(source) == [(18, "ANC303")]


#: an offloading middleware that picks the summarizer configured for a tool call's context
SUMMARIZER_FOR_CONTEXT = '''\
class Offloader:
    def _summarizer_for_ctx(self, ctx: "ToolCtx") -> "SummaryEngine":
        """Pick the summarizer engine configured for this context."""
        if not ctx.model_name:
            return self._engine
        return SummaryEngine(ctx.model_name)

    def _summarization_for_ctx(self, ctx: "ToolCtx") -> SummarizationMiddleware:
        return SummarizationMiddleware(self._summarizer_for_ctx(ctx))

    def run_compact(self, ctx: "ToolCtx"):
        call_id = ctx.tool_call_id or ""
        middleware = self._summarization_for_ctx(ctx)
        return {"call": call_id, "middleware": middleware}
'''


def test_a_function_annotated_to_return_a_summarizer_makes_none() -> None:
    """``-> SummarizationMiddleware`` (or a forward reference to one): the call picks or makes
    the summarizer, so the context handed to it is not rewritten."""
    assert codes(SUMMARIZER_FOR_CONTEXT) == []


def test_the_same_helper_annotated_to_return_text_still_rewrites_the_span() -> None:
    source = SUMMARIZER_FOR_CONTEXT.replace("-> SummarizationMiddleware:", "-> str:")
    assert codes(source) == [(13, "ANC303")]


#: a compressor that summarizes the agent's memory and hands the summary to the memory's
#: own compact method, which installs it
MEMORY_INSTALL = """\
SHRINK_PROMPT = "Summarize the following agent conversation into a dense summary:\\n{history}"


class HistoryShrinker:
    def _summarize(self, llm, history: str) -> str:
        return llm.complete(SHRINK_PROMPT.format(history=history))

    def shrink(self, agent, llm):
        history = agent.memory.as_text()
        summary = self._summarize(llm, history)
        block = f"[Summary of earlier turns]\\n{summary}"
        agent.memory.compact(summary=block, keep_last=4)
        return summary
"""


def test_a_summary_handed_to_a_store_by_its_name_is_installed() -> None:
    """``memory.compact(summary=block)``, its result dropped: the store keeps the summary."""
    assert codes(MEMORY_INSTALL) == []


def test_a_summary_handed_to_compact_with_messages_is_compacted_again() -> None:
    """Handed with the messages to fold it into, or kept from the call's result, or by
    position, the summary goes into a pass."""
    for call in (
        "agent.memory.compact(summary=block, messages=agent.memory.turns)",
        "agent.memory = agent.memory.compact(summary=block)",
        "agent.memory.compact(block)",
    ):
        source = MEMORY_INSTALL.replace("agent.memory.compact(summary=block, keep_last=4)", call)
        assert (12, "ANC306") in codes(source), call
