"""ANC308: tool results or retrieved documents dropped from the context with no record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.prefilter import CodeTrigger
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: what a file must name before it can hold a retrieval-linked item (as written), each form
#: beside a lower-cased literal it holds (the cheap first test)
_LINKED_FORMS = (
    ("tool", r"Tool(?:Message|Result|Return|Output)"),
    ("function", r"Function(?:Result|Message|ExecutionResult)"),
    ("observation", r"Observation\b|[\"']observation[\"']"),
    ("role", r"role[^\n]{0,24}[\"'](?:tool|function)(?:_result|_output)?[\"']"),
    ("type", r"type[^\n]{0,24}[\"'](?:tool|tool_result|function_call_output)[\"']"),
    ("call_id", r"tool_call_id|\bcall_id\b"),
    (".metadata", r"\.metadata(?:\[|\.get\b)"),
    ("document", r"\[[\"']?Document\b|isinstance\([^\n]{0,40}\bDocument\b"),
    ("node", r"TextNode|NodeWithScore|BaseNode"),
    *((field, rf"\b{field}\b") for field in ("doc_id", "chunk_id", "source_id")),
    *((f".{word}", rf"\.{word}\b") for word in ("provenance", "pointer", "citation", "anchor")),
)
_LINKED_WORDS = "|".join(form for _, form in _LINKED_FORMS)
#: and a list named like a context (lower-cased substrings)
_CONTEXT_WORDS = (
    "message",
    "msgs",
    "history",
    "event",
    "view",
    "context",
    "conversation",
    "transcript",
    "turns",
    "memory",
    "window",
    "buffer",
    "chat",
    "trajectory",
    "scratchpad",
    "state[",  # a graph state key (``state["documents"]``) is kept state (RULES.md)
)


class SilentEviction(CodeRule):
    code = "ANC308"
    name = "silent-eviction"
    summary = (
        "Tool results or retrieved documents are dropped from the context with no record of which."
    )
    doc = RuleDoc(
        what=(
            "Flags a drop of retrieval-linked items from a list that is the model's context "
            '(kept state of a memory, condenser or middleware, `state["messages"]`, a list named '
            "`messages`, `history`, `events`, `view` …, or a copy of one): a comprehension or "
            "`filter()` whose test leaves out tool results (role `tool`/`function`, "
            "`ToolMessage`, `FunctionResultContent`, `*Observation`), documents or nodes with "
            "`metadata`, or spans with provenance, or a loop that appends every item but those "
            "(`if m['role'] == 'tool': continue`, or the same skip under a setting inside that test); `del`, `.pop()` or `.remove()` of one; a slice "
            "of a list whose items all are; or an item's replacement by a string or a count "
            '(`"(12 lines omitted)"`, `Note(f"{n} results removed")`). It stays silent when the '
            "function, or a same-module helper it hands the items to, keeps a record: their ids, "
            "call ids, URLs or `metadata` read into a list, a set, a log call, a return value or "
            "the placeholder itself, or the items kept elsewhere. Trimming a plain chat history "
            "and cutting fresh retrieval results (top k, a relevance floor) before they enter "
            "the context are no eviction."
        ),
        why=(
            "Evicting a retrieval-linked span is the safe half of preserve-or-evict, but only "
            "with a record of the drop: a tool result or a passage can be fetched again by its "
            'call id or source. A placeholder that only counts (`"Skipped 3 messages."`) says '
            "that something went and not what, so the agent cannot re-fetch it, and a later "
            "answer that needs it has nothing to quote."
        ),
        example=(
            "def condense(self, view):\n"
            "    out = []\n"
            "    for i, event in enumerate(view):\n"
            "        if isinstance(event, CmdObservation) and i < len(view) - 5:\n"
            "            out.append(Note('<output hidden>'))  # ANC308\n"
            "        else:\n"
            "            out.append(event)\n"
            "    return out\n\n"
            "# instead: keep which went (the stub names it, or a list is returned or logged)\n"
            "            out.append(Note(f'<output of call {event.call_id} hidden>'))"
        ),
        fix=(
            "Keep a record of the dropped ids: return or store the list of call ids, document "
            "ids or sources that went, log them, or leave them on the placeholder "
            '(`f"[result of {m.tool_call_id} removed]"`); or keep the items verbatim.'
        ),
    )
    invalid = (
        python_example("""
            from agentlib.events import CmdObservation, Note

            class MaskingCondenser:
                def __init__(self, window: int = 4) -> None:
                    self.window = window

                def condense(self, view):
                    out = []
                    for i, event in enumerate(view):
                        if isinstance(event, CmdObservation) and i < len(view) - self.window:
                            out.append(Note(content="<output hidden>"))
                        else:
                            out.append(event)
                    return out
        """),
        python_example("""
            def drop_tool_turns(messages: list[dict]) -> list[dict]:
                head, tail = messages[:-6], messages[-6:]
                head = [m for m in head if m.get("role") != "tool"]
                return head + tail
        """),
        python_example("""
            from dataclasses import dataclass, field

            from textkit.schema import Document

            @dataclass
            class PassageMemory:
                budget: int = 8
                passages: list[Document] = field(default_factory=list)

                def remember(self, doc: Document) -> None:
                    self.passages.append(doc)
                    if len(self.passages) > self.budget:
                        overflow = len(self.passages) - self.budget
                        del self.passages[:overflow]
        """),
        python_example("""
            import logging

            from chatkit.messages import ToolMessage

            log = logging.getLogger(__name__)

            def prune_results(messages, keep_last: int = 3):
                pruned = list(messages)
                cutoff = len(pruned) - keep_last
                dropped = 0
                for idx in range(cutoff - 1, -1, -1):
                    msg = pruned[idx]
                    if isinstance(msg, ToolMessage):
                        pruned.pop(idx)
                        dropped += 1
                log.info("dropped %d tool results", dropped)
                return pruned
        """),
        python_example("""
            def hide_old_outputs(history: list[dict], keep: int = 2) -> list[dict]:
                tools = [i for i, m in enumerate(history) if m["role"] == "tool"]
                hidden = set(tools[:-keep])
                result = []
                for i, m in enumerate(history):
                    if i in hidden:
                        result.append({"role": "tool", "content": "Skipped 1 tool output."})
                        continue
                    result.append(m)
                return result
        """),
        python_example("""
            def trim(messages):
                return list(filter(lambda m: m["role"] not in ("tool", "function"), messages))
        """),
        python_example("""
            from chatkit.messages import ToolMessage

            class ChatMemory:
                def __init__(self) -> None:
                    self.messages: list = []

                def compact(self) -> None:
                    self.messages = [m for m in self.messages if not isinstance(m, ToolMessage)]
        """),
        python_example("""
            def mask_observations(view: list[dict], keep: int = 5) -> list[dict]:
                out = []
                for i, event in enumerate(view):
                    if event.get("role") == "tool" and i < len(view) - keep:
                        out.append({"role": "tool", "content": "Tool result removed"})
                    else:
                        out.append(event)
                return out
        """),
    )
    valid = (
        python_example("""
            from agentlib.events import CmdObservation, Note

            class MaskingCondenser:
                def condense(self, view):
                    out = []
                    for i, event in enumerate(view):
                        if isinstance(event, CmdObservation) and i < len(view) - 4:
                            out.append(Note(content=f"<output of call {event.call_id} hidden>"))
                        else:
                            out.append(event)
                    return out
        """),
        python_example("""
            def trim_history(messages: list[dict], keep: int = 20) -> list[dict]:
                if len(messages) <= keep:
                    return messages
                dropped = len(messages) - keep
                return [{"role": "system", "content": f"Skipped {dropped} messages."}, *messages[-keep:]]
        """),
        python_example("""
            import logging

            log = logging.getLogger(__name__)

            def drop_tool_turns(messages: list[dict]) -> tuple[list[dict], list[str]]:
                kept = [m for m in messages if m.get("role") != "tool"]
                gone = [m["tool_call_id"] for m in messages if m.get("role") == "tool"]
                log.info("evicted tool results %s", gone)
                return kept, gone
        """),
        python_example("""
            class Reranker:
                def postprocess(self, nodes, floor: float = 0.3):
                    ranked = sorted(nodes, key=lambda n: n.score, reverse=True)[:5]
                    return [n for n in ranked if n.metadata.get("score", 0.0) >= floor]
        """),
        python_example("""
            from chatkit.messages import ToolMessage

            def clear_old_results(messages, keep: int = 3):
                tool_positions = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
                out = list(messages)
                for i in tool_positions[:-keep]:
                    out[i] = out[i].model_copy(update={"content": "[cleared]"})
                return out
        """),
        python_example("""
            def retrieve_context(retriever, question: str, k: int = 4):
                context = retriever.search(question)
                return [d for d in context if d.metadata.get("lang") == "en"][:k]
        """),
        python_example("""
            from chatkit.messages import ToolMessage

            class ToolArchive:
                def __init__(self) -> None:
                    self.archived: list[ToolMessage] = []

                def evict(self, messages):
                    for m in list(messages):
                        if isinstance(m, ToolMessage):
                            self.archived.append(m)
                            messages.remove(m)
                    return messages
        """),
        python_example("""
            import json

            def offload_results(messages: list[dict], keep: int, ledger_path: str) -> list[dict]:
                tools = [i for i, m in enumerate(messages) if m.get("role") == "tool"]
                gone = set(tools[:-keep])
                with open(ledger_path, "a", encoding="utf-8") as ledger:
                    for i in sorted(gone):
                        ledger.write(json.dumps({"tool_call_id": messages[i]["tool_call_id"]}) + "\\n")
                return [m for i, m in enumerate(messages) if i not in gone]
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a tool result, document or provenance field is named next to a list
        named like a context."""
        return (
            CodeTrigger(
                LazyPattern(_LINKED_WORDS),
                _CONTEXT_WORDS,
                case_sensitive=True,
                alternatives=tuple((n, LazyPattern(form)) for n, form in _LINKED_FORMS),
            ),
        )

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.eviction import evictions

        for drop in evictions(module):
            yield module.hit(
                drop.node,
                f"`{drop.function}()` drops retrieval-linked items from `{drop.container}` "
                f"({drop.form}; {drop.what}) and nothing records which: no list, log, return "
                "value or stub keeps their ids, so they cannot be fetched again; keep a record "
                "of the dropped ids (return, log or store them) or keep the items verbatim",
            )
