"""ANC308 silent-eviction on realistic compactor modules, their near misses, and bad input.

Each module below has the shape of a tool-result pruner, an observation masker, a passage
memory or a graph node as agent frameworks ship them (written for these tests). Expected
findings are marked with a trailing ``# expect: ANC308`` comment, so a failure names the exact
line that was missed or wrongly flagged; a module with no mark must stay silent.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from textwrap import dedent

import pytest

from anchorlint.config import Settings
from anchorlint.registry import all_rules
from anchorlint.rulebase import CodeRule
from anchorlint.run.codepass import lint_module

RULE = all_rules()["ANC308"]
CODE_RULES = [r for r in all_rules().values() if isinstance(r, CodeRule)]
CORPUS = Path(__file__).parent / "corpus" / "compactors"


def findings(source: str) -> list[tuple[int, str]]:
    found, _ = lint_module("module.py", dedent(source).lstrip(), Settings(), CODE_RULES)
    assert not [f for f in found if f.code in ("ANC001", "ANC002")], found
    return sorted((f.line, f.message) for f in found if f.code == "ANC308")


def expected_lines(source: str) -> list[int]:
    lines = dedent(source).lstrip().splitlines()
    return [n for n, line in enumerate(lines, 1) if re.search(r"# expect: ANC308\b", line)]


ASYNC_MASKER = """
    import asyncio
    from dataclasses import dataclass

    from webagent.events import Event, FileReadObservation, ShellObservation


    @dataclass
    class Elided(Event):
        note: str = ""


    class ShellOutputMasker:
        def __init__(self, window: int = 6) -> None:
            self.window = window

        async def condense(self, view: list[Event]) -> list[Event]:
            await asyncio.sleep(0)
            cut = len(view) - self.window
            out: list[Event] = []
            for i, event in enumerate(view):
                if i >= cut or not isinstance(event, ShellObservation):
                    out.append(event)
                    continue
                lines = len(event.stdout.splitlines())
                out.append(Elided(note=f"[{lines} lines of shell output elided]"))  # expect: ANC308
            return out


    class FileReadMasker:
        def condense(self, view: list[Event]) -> list[Event]:
            out: list[Event] = []
            for event in view:
                if isinstance(event, FileReadObservation) and len(event.content) > 8000:
                    out.append(Elided(note=f"[{event.path} elided; read it again if needed]"))
                else:
                    out.append(event)
            return out
"""

TOOL_PRUNERS = """
    import logging

    from chatlib.messages import AIMessage, BaseMessage, ToolMessage

    logger = logging.getLogger(__name__)


    class OldResultPruner:
        def __init__(self, keep: int = 4) -> None:
            self.keep = keep

        def prune(self, messages: list[BaseMessage]) -> list[BaseMessage]:
            tools = [m for m in messages if isinstance(m, ToolMessage)]
            stale = tools[: max(0, len(tools) - self.keep)]
            kept = [m for m in messages if not isinstance(m, ToolMessage) or m not in stale]  # expect: ANC308
            logger.info("pruned %d tool results", len(stale))
            return kept


    class LoggedResultPruner:
        def prune(self, messages: list[BaseMessage]) -> list[BaseMessage]:
            stale_ids = [m.tool_call_id for m in messages if isinstance(m, ToolMessage)][:-3]
            logger.info("pruned tool results %s", stale_ids)
            return [m for m in messages if not isinstance(m, ToolMessage) or m.tool_call_id not in stale_ids]


    class ChatOnlyTrimmer:
        def trim(self, messages: list[BaseMessage], keep: int = 12) -> list[BaseMessage]:
            skipped = max(0, len(messages) - keep)
            del messages[:skipped]
            return [AIMessage(content=f"Skipped {skipped} messages."), *messages]
"""

PASSAGE_MEMORY = """
    from dataclasses import dataclass, field

    from docs.schema import Document


    @dataclass
    class PassageMemory:
        budget: int = 6
        passages: list[Document] = field(default_factory=list)
        dropped_sources: list[str] = field(default_factory=list)

        def fresh(self, retriever, question: str) -> list[Document]:
            hits = retriever.similarity_search(question, k=8)
            return [d for d in hits if d.metadata.get("score", 0) > 0.3][:4]

        def add(self, docs: list[Document]) -> None:
            self.passages.extend(docs)
            while len(self.passages) > self.budget:
                self.passages.pop(0)  # expect: ANC308

        def add_with_record(self, docs: list[Document]) -> None:
            self.passages.extend(docs)
            while len(self.passages) > self.budget:
                gone = self.passages.pop(0)
                self.dropped_sources.append(gone.metadata["source"])
"""

GRAPH_NODES = """
    from typing import Any


    def strip_tools(state: dict[str, Any]) -> dict[str, Any]:
        msgs = state["messages"]
        return {"messages": list(filter(lambda m: m.get("role") != "tool", msgs))}  # expect: ANC308


    def strip_tools_recorded(state: dict[str, Any]) -> dict[str, Any]:
        msgs = state["messages"]
        gone = [m["tool_call_id"] for m in msgs if m.get("role") == "tool"]
        kept = [m for m in msgs if m.get("role") != "tool"]
        return {"messages": kept, "evicted_tool_calls": gone}


    def last_turns(state: dict[str, Any]) -> dict[str, Any]:
        return {"messages": state["messages"][-10:]}


    def only_tool_results(state: dict[str, Any]) -> list[dict[str, Any]]:
        return [m for m in state["messages"] if m.get("role") == "tool"]
"""


@pytest.mark.parametrize(
    "source",
    [ASYNC_MASKER, TOOL_PRUNERS, PASSAGE_MEMORY, GRAPH_NODES],
    ids=["async-masker", "tool-pruners", "passage-memory", "graph-nodes"],
)
def test_realistic_modules(source: str) -> None:
    assert [line for line, _ in findings(source)] == expected_lines(source)


def test_message_names_what_where_and_the_fix() -> None:
    [(_, message)] = findings(ASYNC_MASKER)
    assert "`condense()`" in message
    assert "`view`" in message
    assert "ShellObservation" in message  # what was dropped, and why it counts as linked
    assert "placeholder" in message
    assert "keep a record of the dropped ids" in message
    assert "verbatim" in message


def test_placeholder_with_the_call_id_is_a_record() -> None:
    source = """
        from chatlib.messages import ToolMessage

        def clear(messages):
            out = []
            for m in messages:
                if isinstance(m, ToolMessage):
                    out.append(ToolMessage(content="[cleared]", tool_call_id=m.tool_call_id))
                else:
                    out.append(m)
            return out
    """
    assert findings(source) == []
    assert findings(source.replace("tool_call_id=m.tool_call_id", "tool_call_id='gone'")) != []


def test_summary_in_the_place_of_a_tool_result_is_not_eviction() -> None:
    """Replacing a tool result by its summary is rewrite (ANC303), not a placeholder."""
    source = """
        from chatlib.messages import ToolMessage

        def shrink(messages, llm):
            out = []
            for m in messages:
                if isinstance(m, ToolMessage):
                    out.append(f"summary: {llm.summarize(m.content)}")
                else:
                    out.append(m)
            return out
    """
    assert findings(source) == []


def test_a_helper_that_archives_the_item_is_a_record() -> None:
    source = """
        from chatlib.messages import ToolMessage

        class Memory:
            def __init__(self, store):
                self.store = store
                self.messages = []

            def _keep(self, message):
                self.store.save(message)

            def evict(self):
                for m in list(self.messages):
                    if isinstance(m, ToolMessage):
                        self._keep(m)
                        self.messages.remove(m)
    """
    assert findings(source) == []
    assert [line for line, _ in findings(source.replace("self._keep(m)\n", ""))] == [14]


def test_a_helper_that_records_the_ids_of_the_dropped_list_is_a_record() -> None:
    """The dropped items go to a same-module helper together (``self._remember(old)``);
    it records their call ids. A helper that only counts them keeps no record."""
    source = """
        class Pruner:
            def _remember(self, items):
                self.dropped_ids.extend(m["tool_call_id"] for m in items)

            def prune(self, messages):
                tools = [m for m in messages if m.get("role") == "tool"]
                old = tools[:-4]
                self._remember(old)
                return [m for m in messages if not (m.get("role") == "tool" and m in old)]
    """
    assert findings(source) == []
    counting = source.replace(
        'self.dropped_ids.extend(m["tool_call_id"] for m in items)', "self.dropped += len(items)"
    )
    assert [line for line, _ in findings(counting)] == [9]


def test_an_item_tested_and_dropped_through_its_index() -> None:
    """``isinstance(messages[i], ToolMessage)`` then ``messages.pop(i)`` / ``del messages[i]``
    drops a tool result; reading its call id first is a record; dropping user turns so, or
    everything but tool results, is no eviction of linked items."""
    source = """
        def drop(state, keep=6):
            messages = state["messages"]
            for i in range(len(messages) - keep - 1, -1, -1):
                if isinstance(messages[i], ToolMessage):
                    messages.pop(i)
            return {"messages": messages}
    """
    assert [line for line, _ in findings(source)] == [5]
    assert [line for line, _ in findings(source.replace("messages.pop(i)", "del messages[i]"))] == [
        5
    ]
    logged = source.replace(
        "messages.pop(i)",
        "gone.append(messages[i].tool_call_id)\n                    messages.pop(i)",
    ).replace('return {"messages": messages}', 'return {"messages": messages, "gone": gone}')
    assert (
        findings(
            logged.replace("    messages = state", "    gone = []\n            messages = state")
        )
        == []
    )
    assert (
        findings(
            source.replace("isinstance(messages[i], ToolMessage)", 'messages[i]["role"] == "user"')
        )
        == []
    )
    assert findings(source.replace("if isinstance(", "if not isinstance(")) == []


def test_documents_cut_from_a_state_key() -> None:
    """A graph state key of documents is kept state: cutting it with ``del`` drops them; a
    list of strings, or fresh retrieval results cut to the top k, are not evicted."""
    source = """
        from dataclasses import dataclass, field

        @dataclass
        class Document:
            page_content: str
            metadata: dict = field(default_factory=dict)

        def budget(state, overflow):
            docs: list[Document] = state["documents"]
            del docs[:overflow]
            return {"documents": docs, "note": f"{overflow} documents removed"}
    """
    assert [line for line, _ in findings(source)] == [10]
    assert (
        findings(source.replace('state["documents"]', 'retriever.invoke(state["question"])')) == []
    )
    assert findings(source.replace("list[Document]", "list[str]")) == []


def test_filtering_a_copy_that_is_never_used_evicts_nothing() -> None:
    source = """
        from chatlib.messages import ToolMessage

        def count_chat(messages):
            chat = [m for m in messages if not isinstance(m, ToolMessage)]
            return len(chat)
    """
    assert findings(source) == []


@pytest.mark.parametrize(
    "source",
    [
        "def f(messages):\n    del messages[0][1]\n    return messages\n",
        "def f(messages, *a, **k):\n    return [m for m in messages if (lambda x=1: x)()]\n",
        "def f(history):\n    history[::2] = []\n    return list(filter(None, history))\n",
        "def f(view):\n    return [e for e in view if not isinstance(e, (A, B)) for x in e]\n",
        "class C:\n    messages: list\n    def f(self):\n        self.messages.pop()\n",
        "def f(events):\n    return list(filter(lambda e, y: e, events))\n",
    ],
)
def test_odd_shapes_give_no_traceback(source: str) -> None:
    findings(source)


def test_compactor_corpus_precision_and_recall() -> None:
    from corpus_score import score

    result = score(CORPUS, "ANC308")
    assert result.precision("ANC308") >= 0.95, result.false_positives
    assert result.recall("ANC308") >= 0.90, result.false_negatives
    expected = json.loads((CORPUS / "expected.json").read_text())
    labelled = sum(item.endswith(":ANC308") for items in expected.values() for item in items)
    assert labelled >= 14


def test_rule_declares_a_trigger_that_skips_plain_code() -> None:
    from anchorlint.code.prefilter import union

    prefilter = union([RULE.triggers(Settings().code)])
    assert not prefilter.may_fire("def handler(request):\n    return request.json()\n")
    assert prefilter.may_fire(ASYNC_MASKER)


KEPT_STATE = """
    from dataclasses import dataclass, field

    from chatlib.messages import BaseMessage, Note, ToolMessage
    from docs.schema import Document


    @dataclass
    class WorkingMemory:
        docs: list[Document] = field(default_factory=list)
        messages: list[BaseMessage] = field(default_factory=list)

        def shrink_docs(self, keep: int = 5) -> None:
            self.docs = self.docs[-keep:]  # expect: ANC308

        def shrink_chat(self, keep: int = 20) -> None:
            self.messages = self.messages[-keep:]

        def chat_only(self) -> list[BaseMessage]:
            return [m for m in self.messages if not isinstance(m, ToolMessage)]

        def get_messages(self) -> list[BaseMessage]:
            kept = [m for m in self.messages if not isinstance(m, ToolMessage)]  # expect: ANC308
            return [Note(content=f"{len(self.messages) - len(kept)} tool results hidden"), *kept]
"""

FUNCTION_ROLE = """
    def drop_function_turns(conversation: list[dict]) -> list[dict]:
        cleaned = []
        for turn in conversation:
            if turn["role"] == "function":
                cleaned.append({"role": "system", "content": "(function output removed)"})  # expect: ANC308
            else:
                cleaned.append(turn)
        return cleaned


    def drop_function_turns_named(conversation: list[dict]) -> list[dict]:
        cleaned = []
        for turn in conversation:
            if turn["role"] == "function":
                cleaned.append({"role": "system", "content": f"(output of {turn['name']} call {turn['id']} removed)"})
            else:
                cleaned.append(turn)
        return cleaned
"""


@pytest.mark.parametrize("source", [KEPT_STATE, FUNCTION_ROLE], ids=["kept-state", "function-role"])
def test_kept_state_and_function_roles(source: str) -> None:
    assert [line for line, _ in findings(source)] == expected_lines(source)


def test_a_list_the_function_builds_itself_is_not_the_context() -> None:
    """Parsing a saved transcript and leaving its tool turns out evicts nothing: the
    messages were made here, from text, not taken out of a model's context."""
    source = """
        def parse_transcript(text: str, include_tool: bool = False) -> list[dict]:
            messages = []
            for block in text.split("\\n\\n"):
                role, _, content = block.partition(": ")
                messages.append({"role": role, "content": content})
            if not include_tool:
                messages = [m for m in messages if m["role"] != "tool"]
            return messages
    """
    assert findings(source) == []
    taken = source.replace(
        "def parse_transcript(text: str,", "def parse_transcript(messages: list,"
    )
    taken = taken.replace("            messages = []\n", "").replace(
        'text.split("\\\\n\\\\n")', "[]"
    )
    assert [line for line, _ in findings(taken)] == [6]


def test_a_label_next_to_the_kept_item_is_no_placeholder() -> None:
    source = """
        def render(messages: list[dict]) -> list[str]:
            lines = []
            for m in messages:
                if m["role"] == "tool":
                    lines.append("Tool output:")
                    lines.append(m["content"])
                else:
                    lines.append(f"{m['role']}: {m['content']}")
            return lines
    """
    assert findings(source) == []
    dropped = source.replace('lines.append(m["content"])', "pass")
    assert [line for line, _ in findings(dropped)] == [5]


COMPOUND_FILTERS = """
    def drop_tool_traffic(messages: list[dict]) -> list[dict]:
        return [m for m in messages if m["role"] != "tool" and not m.get("tool_calls")]  # expect: ANC308


    def keep_only_tool_results(messages: list[dict]) -> list[dict]:
        return [m for m in messages if m["role"] == "tool" and m.get("content")]


    def drop_empty(messages: list[dict]) -> list[dict]:
        return [m for m in messages if m.get("content") and m["role"] != "system"]


    class ScoredContext:
        def create_context(self, records: list[dict], cutoff: float) -> list[dict]:
            context = [  # expect: ANC308
                r
                for r in records
                if r["score"] > cutoff or r["role"] not in ("tool", "function")
            ]
            return context

        def top_records(self, records: list[dict], cutoff: float) -> list[dict]:
            ranked = [r for r in records if r["score"] > cutoff or r["role"] not in ("tool",)]
            return ranked
"""


def test_role_tests_inside_and_or_not_in() -> None:
    """A conjunct ``role != "tool"`` leaves out every tool result; a disjunct leaves out the
    low-scored ones; a list handed in under any name, filtered into the context, is the
    context. A filter that keeps only tool results, or one that tests no tool role, or one
    whose result is no context, is silent."""
    assert [line for line, _ in findings(COMPOUND_FILTERS)] == expected_lines(COMPOUND_FILTERS)


TYPED_PASSAGES = """
    from dataclasses import dataclass


    @dataclass(frozen=True)
    class Passage:
        chunk_id: str
        text: str


    @dataclass(frozen=True)
    class Turn:
        role: str
        text: str


    def evict_oldest(context: list[Passage]) -> None:
        del context[0]  # expect: ANC308


    def trim_turns(context: list[Turn]) -> None:
        del context[0]


    class Pruner:
        def __init__(self) -> None:
            self.items: list[Passage] = []
            self.turns: list[Turn] = []

        def attach(self, item: Passage) -> None:
            self.items.append(item)
            while len(self.items) > 3:
                self.items.pop(0)  # expect: ANC308

        def attach_turn(self, turn: Turn) -> None:
            self.turns.append(turn)
            while len(self.turns) > 3:
                self.turns.pop(0)
"""


def test_a_list_typed_with_a_class_declaring_provenance() -> None:
    """``del``/``pop(0)`` on a list whose element class (same module) declares ``chunk_id``
    drops spans with provenance; the same cut of plain chat turns is silent."""
    assert [line for line, _ in findings(TYPED_PASSAGES)] == expected_lines(TYPED_PASSAGES)


ELIDED_POSITIONS = """
    def _line_count(entry: dict) -> int:
        return len(str(entry["content"]).splitlines())


    def _label(entry: dict) -> str:
        return entry["tool_call_id"]


    def elide(history: list[dict], keep: int) -> list[dict]:
        old = {i for i, e in enumerate(history) if e.get("role") == "tool"}
        out = []
        for i, entry in enumerate(history):
            if i in old:
                out.append({"role": "user", "content": f"({_line_count(entry)} lines omitted)"})  # expect: ANC308
            else:
                out.append(entry)
        return out


    def elide_named(history: list[dict], keep: int) -> list[dict]:
        old = {i for i, e in enumerate(history) if e.get("role") == "tool"}
        out = []
        for i, entry in enumerate(history):
            if i in old:
                out.append({"role": "user", "content": f"(output of {_label(entry)} omitted)"})
            else:
                out.append(entry)
        return out
"""


def test_positions_from_a_set_comprehension_and_a_size_helper_in_the_placeholder() -> None:
    """Entries replaced at the positions a set comprehension found by role are tool results;
    a placeholder whose only reading of the entry is a size helper says only that something
    went. One that hands the entry to a helper returning its call id names it."""
    assert [line for line, _ in findings(ELIDED_POSITIONS)] == expected_lines(ELIDED_POSITIONS)
