"""Code rules on the shapes an eleventh sweep of compactor code showed them misreading.

Each module is written for these tests in the style of the real ones (a memory store that
folds its chat turns into a summary, a tool-call compactor that describes arguments by their
shape, a condenser that keeps its head), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings


def _recompactions(lines: list[int]) -> list[tuple[int, str]]:
    """The findings of a module whose only findings are second passes on ``lines``."""
    return [(line, "ANC306") for line in lines]


#: a short-term memory whose items are chat turns: the role is kept in their metadata
TURN_MEMORY = """\
class TurnMemory:
    def __init__(self, store, llm):
        self.store = store
        self.llm = llm

    async def _fold(self, task_items, old_summaries, pending):
        task = [{"role": it.metadata["role"], "content": it.content} for it in task_items]
        older = [{"ids": it.summary_ids, "content": it.content} for it in old_summaries]
        new = [{"role": it.metadata.get("role"), "content": it.content} for it in pending]
        prompt = f"Update the summary.\\nTask: {task}\\nEarlier: {older}\\nNew: {new}"
        return await self.llm.acompletion([{"role": "user", "content": prompt}])

    async def run(self, session):
        items = self.store.get_all(session)
        preview = "\\n".join(f"[{i.metadata.get('role', i.kind)}] {i.content}" for i in items)
        task_items = [i for i in items if i.kind == "init"]
        old = [i for i in items if i.kind == "summary"]
        pending = [i for i in items if i.kind == "message"]
        text = await self._fold_step(task_items, old, pending)
        self.store.add(text, preview=preview)

    async def _fold_step(self, task_items, old, pending):
        return await self._fold(task_items, old, pending)
"""


def test_items_whose_metadata_holds_a_role_are_chat_turns() -> None:
    """A role read from an item's metadata makes it a chat message: its metadata is the
    conversation's bookkeeping, not a retrieved document's source. (The earlier summaries
    folded in again are a second pass, ANC306.)"""
    assert codes(TURN_MEMORY) == [(11, "ANC306")]
    assert codes(TURN_MEMORY.replace("old_summaries", "notes")) == []


#: the same memory where one function reads a tool call id from an item's metadata
TOOL_TURN_MEMORY = """\
class MemoryItem:
    pass


class TurnMemory:
    def matches(self, memory_item: MemoryItem, call_id: str) -> bool:
        return memory_item.metadata.get("tool_call_id") == call_id

    async def _fold(self, task_items: list[MemoryItem], pending: list[MemoryItem]):
        task = [{"role": it.metadata["role"], "content": it.content} for it in task_items]
        new = [{"role": it.metadata["role"], "content": it.content} for it in pending]
        prompt = f"Update the summary.\\nTask: {task}\\nNew: {new}"
        return await self.llm.acompletion([{"role": "user", "content": prompt}])

    async def _fold_step(self, task_items: list[MemoryItem], pending: list[MemoryItem]):
        return await self._fold(task_items, pending)
"""


def test_turns_of_a_class_that_carries_tool_call_ids_hold_tool_results() -> None:
    """Where the module reads a tool call id from a ``MemoryItem``'s metadata, a list of them
    rendered as chat turns holds tool results: found, and the message says so (not that
    the items are documents)."""
    found = findings(TOOL_TURN_MEMORY)
    assert [(line, code) for line, code, _ in found] == [(13, "ANC303")]
    assert "whose `metadata` holds a tool call id (line 7)" in found[0][2]
    assert "reads `metadata`" not in found[0][2]


def test_a_document_whose_metadata_is_read_for_its_source_is_still_linked() -> None:
    """A metadata read for anything but a role still marks a document, beside chat turns."""
    source = (
        "class Notes:\n"
        "    async def _fold(self, passages, pending):\n"
        '        cited = [{"src": p.metadata["source"], "text": p.content} for p in passages]\n'
        '        new = [{"role": m.metadata["role"], "content": m.content} for m in pending]\n'
        '        prompt = f"Update the summary.\\nPassages: {cited}\\nNew: {new}"\n'
        '        return await self.llm.acompletion([{"role": "user", "content": prompt}])\n'
    )
    assert codes(source) == [(6, "ANC303")]


#: a tool-call compactor that stands in a short description for a call's large arguments
ARGUMENT_SHAPES = """\
import hashlib
import json

MAX_KEYS = 8


def _compact_fields(value):
    if isinstance(value, dict):
        return {k: _compact_fields(v) for k, v in value.items()}
    if isinstance(value, str) and len(value) > 4000:
        digest = hashlib.sha256(value.encode()).hexdigest()
        return {"elided": True, "sha256": digest, "chars": len(value)}
    return value


def _kind_name(value, depth=0):
    if isinstance(value, list) and value and depth < 2:
        return f"list[{_kind_name(value[0], depth + 1)}]"
    return type(value).__name__


def _shape_summary(value):
    if isinstance(value, dict):
        keys = sorted(str(k) for k in value.keys())
        return "keys=" + ",".join(keys[:MAX_KEYS])
    if isinstance(value, list):
        return f"items={len(value)}"
    return _kind_name(value)


def placeholder_for(arguments: str) -> str:
    parsed = _compact_fields(json.loads(arguments))
    return json.dumps({"shape": _shape_summary(parsed), "chars": len(arguments)})
"""


def test_a_summary_named_helper_of_builtins_describes_its_input() -> None:
    """A function named for a summary by its last word that calls only builtins and string
    operations (and a same-module helper that does the same) describes a value's shape; it
    is no second pass over the compacted arguments."""
    assert codes(ARGUMENT_SHAPES) == []


@pytest.mark.parametrize(
    "body",
    [
        '    return client.complete("Summarize this value: " + json.dumps(value))\n',
        "    return textkit.shorten(str(value), 80)\n",
    ],
    ids=["asks-a-model", "calls-a-library"],
)
def test_a_summary_named_helper_that_may_paraphrase_is_still_a_pass(body: str) -> None:
    """The same helper asking a model, or calling anything this module cannot read (a
    library's), may paraphrase: a pass over the compacted value."""
    assert (33, "ANC306") in codes(ARGUMENT_SHAPES.replace("    return _kind_name(value)\n", body))


#: a memory that folds new turns into what it summarized before, the earlier summary handed in
EARLIER_SUMMARY = """\
class LongTermMemory:
    def __init__(self, llm):
        self.llm = llm

    def _render(self, turns):
        return "\\n".join(f"{{t.role}}: {{t.content}}" for t in turns)

    def fold(self, new_turns, {name}):
        text = self._render(new_turns)
        prompt = f"Summarize the history.\\nEarlier: {{{name}}}\\nNew:\\n{{text}}"
        return self.llm.chat_completion(prompt)
"""


@pytest.mark.parametrize(
    "name",
    [
        "previous_ltm_summary",
        "previous_conversation_summary",
        "existing_memory_summary",
        "existed_summary",
        "existed_summary_items",
        "summary_so_far",
    ],
)
def test_the_earlier_summary_named_with_what_it_summarizes_is_handed_back(name: str) -> None:
    """A name that says the summary was made before (``previous``, ``existing``,
    ``existed``, ``so far``), with one word for what it summarizes or for what holds it."""
    assert codes(EARLIER_SUMMARY.format(name=name)) == [(11, "ANC306")]


@pytest.mark.parametrize(
    "name",
    [
        "conversation_summary",
        "summary_items",
        "previous_summary_prompt",
        "previous_turn_summary",
        "last_tool_output_summary",
    ],
)
def test_a_summary_name_that_says_nothing_of_before_is_no_earlier_summary(name: str) -> None:
    """Without a word for earlier, or with words between that name something else (a prompt
    about the summary, the summary of one turn or of a tool's output), the name may be
    anything: silent."""
    assert codes(EARLIER_SUMMARY.format(name=name)) == []


#: a condenser that keeps the system prompt and the first request, then the summary, then the
#: last turn: the summary goes back among the kept messages, and is summarized next time
KEPT_HEAD = """\
SYSTEM = "Summarize the conversation between the kept messages."


class Condenser:
    def __init__(self, llm):
        self.llm = llm

    def _middle(self, messages):
        return "\\n".join(m["content"] for m in messages[2:-1])

    def condense(self, messages):
        reply = self.llm.generate(
            [{"role": "system", "content": SYSTEM}, {"role": "user", "content": self._middle(messages)}]
        )
        note = {"role": "user", "content": "Summary: " + reply.content}
{kept}
"""


@pytest.mark.parametrize(
    "kept",
    [
        "        return messages[:2] + [note] + messages[-1:]",
        "        return [messages[0]] + [note] + messages[-1:]",
        "        head = messages[:2]\n        head.append(note)\n        return head + messages[-1:]",
        "        head = list(messages[:2])\n        head.append(note)\n"
        "        out = head + messages[-1:] + [{'role': 'user', 'content': 'go on'}]\n"
        "        return out",
    ],
    ids=["slice-first", "item-first", "appended-to-head", "head-rebound"],
)
def test_a_summary_placed_after_a_kept_head_is_handed_back(kept: str) -> None:
    """Wherever among the kept messages the summary is placed (after a slice, after an item,
    appended to a copy of the head), the list returned holds it."""
    assert codes(KEPT_HEAD.replace("{kept}", kept)) == [(12, "ANC306")]


@pytest.mark.parametrize(
    "kept",
    [
        "        return messages[:2] + [{'role': 'user', 'content': 'go on'}] + messages[-1:]",
        "        head = messages[:2]\n        head.append({'role': 'user', 'content': 'go on'})\n"
        "        return head + messages[-1:]",
        "        head = messages[:2]\n        head.append(note)\n        return messages",
        "        self.log(messages[:2] + [note])\n        return messages[-1:]",
        "        return messages[:1] + [note]",
        "        head = messages[:2]\n        head.append(note)\n        return head",
    ],
    ids=[
        "no-summary",
        "other-message-appended",
        "head-not-returned",
        "logged-only",
        "summary-last",
        "head-ends-with-summary",
    ],
)
def test_a_kept_head_without_the_summary_hands_nothing_back(kept: str) -> None:
    """The same layouts with another message where the summary was, a head given the summary
    but not returned, or the summary only logged: the returned list holds no summary. A
    summary last of all (``messages[:1] + [note]``, a head returned as it ends with it) is
    appended as a reply is, not put back among kept messages, as before."""
    assert codes(KEPT_HEAD.replace("{kept}", kept)) == []


#: a summarizer that summarizes the head of a long history by calling itself first, then puts
#: that summary into its own prompt with the rest
RECURSIVE = """\
PROMPT = "Summarize the conversation so far."


def _render(msgs):
    return "\\n".join(f"{m['role']}: {m['content']}" for m in msgs)


def summarize_messages(client, msgs, limit):
    text = _render(msgs)
    if len(text) > limit:
        cut = len(msgs) // 2
        head = summarize_messages(client, msgs[:cut], limit)
        text = head + "\\n" + _render(msgs[cut:])
    return client.chat_completion(PROMPT + "\\n" + text)
"""


def test_a_summarizer_that_calls_itself_on_its_head_summarizes_that_summary() -> None:
    """Its own recursive call does not make it a wrapper of a pass its callers make: the
    model call is handed the head's summary again, also where another function calls it."""
    assert codes(RECURSIVE) == [(14, "ANC306")]
    caller = "\n\ndef run(client, msgs):\n    return summarize_messages(client, msgs, 4000)\n"
    assert codes(RECURSIVE + caller) == [(14, "ANC306")]


def test_a_summarizer_called_only_by_others_is_still_a_wrapper() -> None:
    """Without the recursion, called once from elsewhere on raw messages: no second pass."""
    source = RECURSIVE.replace(
        "        head = summarize_messages(client, msgs[:cut], limit)\n",
        "        head = _render(msgs[:cut])[-limit:]\n",
    )
    source += "\n\ndef run(client, msgs):\n    return summarize_messages(client, msgs, 4000)\n"
    assert codes(source) == []


#: a message history whose running summary is extended by a completion function imported from
#: the project's own model module, called bare
BARE_COMPLETION = """\
from agentkit.llm import create_chat_completion

SUMMARY_REQUEST = "Update the running summary of the conversation with the new events."


class MessageHistory:
    def __init__(self):
        self.summary = "I was created."

    def _render(self, events):
        return "\\n".join(str(e) for e in events)

    def update_running_summary(self, new_events):
        prompt = f"{SUMMARY_REQUEST}\\nCurrent summary: {self.summary}\\n{self._render(new_events)}"
        self.summary = create_chat_completion(prompt)
        return self.summary
"""


@pytest.mark.parametrize(
    "name", ["create_chat_completion", "chat_completion", "completion", "call_llm"]
)
def test_an_imported_completion_function_called_bare_is_a_model_call(name: str) -> None:
    """``create_chat_completion(prompt)`` imported from a module asks a model as
    ``llm.create_chat_completion(prompt)`` does."""
    assert codes(BARE_COMPLETION.replace("create_chat_completion", name)) == [(15, "ANC306")]


@pytest.mark.parametrize(
    "source",
    [
        BARE_COMPLETION.replace("create_chat_completion", "format_entry"),
        BARE_COMPLETION.replace(
            "from agentkit.llm import create_chat_completion\n",
            "def create_chat_completion(prompt):\n    return prompt[-2000:]\n",
        ),
        BARE_COMPLETION.replace("from agentkit.llm import create_chat_completion\n", ""),
    ],
    ids=["another-function", "defined-here-as-a-cut", "not-imported"],
)
def test_a_bare_call_that_is_no_imported_model_function_asks_no_model(source: str) -> None:
    """A bare function named for nothing a model does, one the module defines itself (read
    from its body: here a cut), or a name the module never imports: no model call."""
    assert codes(source) == []


#: the running summary's prompt wrapped in a message, then in a sequence built by a classmethod
WRAPPED_PROMPT = """\
from agentkit.llm import ChatSequence, Message

REQUEST = "Write a short running summary of what happened."


class History:
    summary = "nothing yet"

    def __init__(self, llm, model):
        self.llm = llm
        self.model = model

    def fold(self, events):
        prompt = f"{REQUEST}\\nSummary so far:\\n{self.summary}\\nNew events:\\n{events}"
        {wrap}
        self.summary = self.llm.chat_completion(prompt)
        return self.summary
"""


@pytest.mark.parametrize(
    ("wrap", "expected"),
    [
        ('prompt = ChatSequence.for_model(self.model, [Message("user", prompt)])', [16]),
        ('prompt = ChatSequence.from_messages([Message("user", prompt)])', [16]),
        ('prompt = ChatSequence.build([Message("user", prompt)])', [16]),
        ("prompt = f'{REQUEST} in {Tokens.count(prompt)} tokens:\\n{events}'", []),
        ("prompt = f'{REQUEST} ({self.model.for_user(prompt)})\\n{events}'", []),
    ],
    ids=["for-model", "from-messages", "build", "class-method-counts", "instance-for"],
)
def test_a_prompt_wrapped_by_a_classmethod_that_builds_is_still_the_prompt(
    wrap: str, expected: list[int]
) -> None:
    """A classmethod named to build an instance (``for_*``, ``from_*``, ``build``) holds the
    messages it was built from, as the message class does. A class's other method (a count)
    and an instance's ``for_*`` method may return anything: the prompt built from them holds
    no summary."""
    assert codes(WRAPPED_PROMPT.replace("{wrap}", wrap)) == _recompactions(expected)


#: a condenser that hands the model its older messages serialised, its summary put back first
SERIALISED = """\
import json

SYSTEM = "Summarize the conversation."


class Condenser:
    def __init__(self, llm, threshold):
        self.llm = llm
        self.threshold = threshold

    async def condense_memory(self, messages):
        if len(str(messages)) < self.threshold:
            return messages
        middle = {middle}
        reply = self.llm.generate([{{"role": "system", "content": SYSTEM}}, {{"role": "user", "content": middle}}])
        note = {{"role": "user", "content": f"Compressed history:\\n{{reply.content}}"}}
        return [note] + messages[-1:]
"""


@pytest.mark.parametrize(
    ("middle", "expected"),
    [
        ("json.dumps([m.to_dict() for m in messages[:-1]])", [15]),
        ("json.dumps([m.to_dict_clean() for m in messages[:-1]], indent=2)", [15]),
        ("json.dumps([m.model_dump(exclude_none=True) for m in messages[:-1]])", [15]),
        ("json.dumps([m.to_dict('role') for m in messages[:-1]])", []),
        ("json.dumps([m.role_dict() for m in messages[:-1]])", []),
    ],
    ids=["to-dict", "to-dict-clean", "model-dump", "one-field", "another-method"],
)
def test_messages_serialised_whole_keep_their_text(middle: str, expected: list[int]) -> None:
    """A message serialised whole by its own method (``to_dict``, ``model_dump``, keyword
    options only) keeps its text, the kept summary's too; a method handed a field, or one
    that names no serialisation, may pick anything."""
    assert codes(SERIALISED.format(middle=middle)) == _recompactions(expected)


#: a knowledge graph whose entity descriptions are merged and summarized when they grow: the
#: stored description (a summary after the first overflow) is read back and summarized again
GRAPH_MERGE = """\
SEP = "<SEP>"


async def _summarize_descriptions(llm, name, text):
    if len(text) < 2000:
        return text
    return await llm.complete(f"Summarize these descriptions of {name}:\\n{text}")


async def merge_node(llm, graph, name, new_nodes):
    old = await graph.get_node(name)
    parts = [n["description"] for n in new_nodes]
    if old is not None:
        parts.append(old["description"])
    description = await _summarize_descriptions(llm, name, SEP.join(sorted(set(parts))))
    {write}
    return description
"""


@pytest.mark.parametrize(
    ("write", "expected"),
    [
        ('await graph.upsert_node(name, node_data={"description": description})', [15]),
        (
            "node_data = dict(description=description, kind='entity')\n"
            "    await graph.upsert_node(name, node_data=node_data)",
            [15],
        ),
        ('await graph.upsert_node(name, node_data={"summary_len": len(description)})', []),
        ('await graph.upsert_edge(name, edge_data={"description": description})', []),
        ('await archive.upsert_node(name, node_data={"description": description})', []),
    ],
    ids=["dict-literal", "dict-call-by-name", "other-field", "other-kind", "other-store"],
)
def test_a_summary_written_back_to_the_record_it_was_read_from_is_summarized_again(
    write: str, expected: list[int]
) -> None:
    """A field a function writes back to the store it read the record from (``get_node`` …
    ``upsert_node``) is what the next call reads: the summary in it is merged and summarized
    again. Another field, another kind of record (an edge) or another store keep nothing the
    read finds."""
    assert codes(GRAPH_MERGE.replace("{write}", write)) == _recompactions(expected)
