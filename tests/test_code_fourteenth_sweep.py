"""Code rules on the shapes a fourteenth sweep of compactor code showed them misreading.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

import pytest

from anchorlint.code.names import NameSets
from anchorlint.config import CodeSettings
from tests.test_recompaction_real_shapes import codes, one_recompaction

NAMES = NameSets.from_settings(CodeSettings())

#: an agent whose summarizing method is handed a token count, not text: it reads the turns
#: it folds from its own store, deletes them, asks the model through a helper of its class
#: that every answer goes through, and puts the answer back into the same store, where the
#: next fold reads it again
STATE_ONLY_FOLD = """\
import logging

from helpers.llm import chat_completions_request, local_chat_request

KEEP_RECENT = 4


class NotebookAgent:
    def __init__(self, model):
        self.model = model
        self.store = {"turns": []}

    def _put(self, role, text, at=None):
        if at:
            self.store["turns"].insert(at, {"role": role, "content": text})
        else:
            self.store["turns"].append({"role": role, "content": text})

    def _fold_history(self, used_tokens: int):
        turns = self.store["turns"]
        if len(turns) > 1 + KEEP_RECENT:
            turns = turns[1:-KEEP_RECENT]
            del self.store["turns"][1:-KEEP_RECENT]
        else:
            turns = turns[1:]
            del self.store["turns"][1:]
        texts = [turn["content"] for turn in turns]
        request = {
            "model": self.model,
            "messages": [
                {"role": "user", "content": "Condense the earlier turns below in a paragraph:" + str(texts)}
            ],
        }
        answer, _ = self._ask(request)
        self._put("assistant", "Earlier in this chat: " + answer, at=1)
        logging.info("folded history at %d tokens", used_tokens)

    def _ask(self, request):
        if self.model.startswith("remote-"):
            reply = chat_completions_request(request)
            return reply["choices"][0]["message"]["content"], reply["usage"]["total_tokens"]
        reply = local_chat_request(request["messages"], self.model)
        return reply["message"]["content"], reply.get("eval_count", 0)

    def answer(self):
        request = {"model": self.model, "messages": list(self.store["turns"])}
        text, used = self._ask(request)
        if used > 6000:
            self._fold_history(used)
        return text
"""


def test_a_fold_handed_only_a_token_count_is_the_pass_that_summarizes_its_own_summary() -> None:
    message = one_recompaction(STATE_ONLY_FOLD, 34)
    assert "`_ask()`" in message
    assert "self.store['turns']" in message


def test_the_same_fold_writing_its_answer_elsewhere_is_silent() -> None:
    """The answer kept apart from the turns it folds is never folded again."""
    source = STATE_ONLY_FOLD.replace(
        'self._put("assistant", "Earlier in this chat: " + answer, at=1)',
        "self.notes = answer",
    )
    assert codes(source) == []


def test_a_fold_handed_the_turns_by_its_caller_is_reported_once() -> None:
    """When the caller hands the turns in, the finding stays one, at the fold's model call
    (no second one at the caller's call of the fold)."""
    source = STATE_ONLY_FOLD.replace(
        'def _fold_history(self, used_tokens: int):\n        turns = self.store["turns"]',
        "def _fold_history(self, used_tokens: int, turns):\n        turns = turns",
    ).replace("self._fold_history(used)", 'self._fold_history(used, self.store["turns"])')
    assert source != STATE_ONLY_FOLD
    assert codes(source) == [(34, "ANC306")]


def test_a_fold_of_a_buffer_that_never_holds_a_summary_is_silent() -> None:
    """Reading its own state alone does not make a fold re-compaction: the summary must be
    put back where the next fold reads."""
    source = """\
from helpers.llm import chat_completions_request


class Digest:
    def __init__(self):
        self.buffer = []
        self.digests = []

    def add(self, line):
        self.buffer.append(line)
        if len(self.buffer) > 50:
            self._summarize_buffer(len(self.buffer))

    def _summarize_buffer(self, count):
        prompt = "Summarize these log lines:\\n" + "\\n".join(self.buffer)
        reply = self._ask({"messages": [{"role": "user", "content": prompt}]})
        self.digests.append(reply)
        self.buffer = []

    def _ask(self, request):
        return chat_completions_request(request)["choices"][0]["message"]["content"]
"""
    assert codes(source) == []


#: a chat shell's slash command: it looks the agent up with a helper named for what may be
#: compacted, checks that there is enough to fold, and runs the one pass
COMPACT_COMMAND = """\
from typing import cast

from shell.compaction import CompactionSettings, compact_conversation


def _compactable_agent(ctx, name):
    agent = ctx.agents.get(name)
    if agent is None:
        raise KeyError(f"no agent named {name}")
    return cast("ChatAgent", agent)


def _is_compressible(agent, minimum=4):
    return len(agent.message_history) > minimum


async def cmd_compact(ctx, name, focus=None):
    agent = _compactable_agent(ctx, name)
    if not _is_compressible(agent):
        return "nothing to compact yet"
    settings = CompactionSettings(focus=focus)
    result = await compact_conversation(agent, settings=settings)
    ctx.console.print(f"folded {result.removed} turns")
    return result
"""


def test_a_helper_named_for_what_may_be_compacted_makes_no_pass() -> None:
    """``_compactable_agent`` only looks an agent up: the compaction after it is the first."""
    assert codes(COMPACT_COMMAND) == []


def test_the_same_command_handing_a_compacted_agent_on_is_still_found() -> None:
    """A helper named with the verb (``_compact_agent``) makes a pass; the command's own
    compaction of its output is the second."""
    source = COMPACT_COMMAND.replace("_compactable_agent", "_compact_agent")
    assert codes(source) == [(22, "ANC306")]


@pytest.mark.parametrize(
    "name", ["_compactable_agent", "compressible_turns", "summarizable_messages", "is_truncatable"]
)
def test_an_adjective_of_a_summary_verb_names_no_summarizer(name: str) -> None:
    assert not NAMES.is_summarizer(name)


@pytest.mark.parametrize("name", ["compact_agent", "summarize_messages", "_condense_turns"])
def test_the_verbs_beside_them_still_name_summarizers(name: str) -> None:
    assert NAMES.is_summarizer(name)


#: a hook that compacts an agent's history after a turn and prints what the pass did with a
#: display helper named for the lines it renders
COMPACTION_HOOK = """\
import logging

from agentkit.compaction import compact_conversation
from agentkit.ui import compaction_summary_lines, usage_rows

log = logging.getLogger(__name__)


async def after_turn(agent, console, settings):
    if agent.usage.context_tokens < settings.threshold:
        return None
    result = await compact_conversation(agent, settings=settings)
    for line in compaction_summary_lines(result, colour=console.is_terminal):
        console.print(line)
    log.info("compaction: %s", usage_rows(result))
    return result
"""


def test_a_display_helper_named_for_the_summary_lines_it_renders_makes_no_pass() -> None:
    """``compaction_summary_lines(result)`` formats the outcome for the console."""
    assert codes(COMPACTION_HOOK) == []


def test_the_same_hook_summarizing_the_outcome_again_is_found() -> None:
    """A name that ends with the summary noun and is handed the outcome makes a pass."""
    source = COMPACTION_HOOK.replace(
        "compaction_summary_lines(result, colour", "compaction_summary(result, colour"
    ).replace("compaction_summary_lines, usage_rows", "compaction_summary, usage_rows")
    assert codes(source) == [(13, "ANC306")]


@pytest.mark.parametrize(
    "name", ["compaction_summary_lines", "summary_rows", "render_summary_table", "summary_line"]
)
def test_a_summary_noun_before_a_display_noun_names_no_summarizer(name: str) -> None:
    assert not NAMES.is_summarizer(name)


#: a workspace indexer: one summary per page, written into a memory store it is handed by a
#: setter whose result it drops
PAGE_INDEXER = """\
import logging

log = logging.getLogger(__name__)

PAGE_PROMPT = "Summarize this page in three sentences:\\n{text}"


class PageIndexer:
    def __init__(self, llm, memory):
        self.llm = llm
        self.memory = memory

    async def _summarize_page(self, page):
        reply = await self.llm.complete(PAGE_PROMPT.format(text=page.text))
        return reply.strip()

    async def index_page(self, page):
        note = await self._summarize_page(page)
        if not note:
            return {"status": "skipped", "path": page.path}
        await self.memory.update_semantic_summary(page.path, f"[page] {note}")
        log.debug("indexed %s", page.path)
        return {"status": "indexed", "path": page.path, "summary": note}
"""


def test_a_store_setter_named_update_summary_with_its_result_dropped_makes_no_pass() -> None:
    """``await self.memory.update_semantic_summary(path, text)`` keeps the page's summary."""
    assert codes(PAGE_INDEXER) == []


def test_the_same_updater_whose_result_is_kept_is_a_pass() -> None:
    """Its result taken, ``update_…_summary`` hands back a summary it made from the note."""
    source = PAGE_INDEXER.replace(
        "        await self.memory.update_semantic_summary(",
        "        self.digest = await self.memory.update_semantic_summary(",
    )
    assert codes(source) == [(21, "ANC306")]


def test_an_updater_of_this_module_is_read_from_its_body() -> None:
    """A method of the class named like a setter that asks the model to fold the note into
    the folder's summary is a pass, its result dropped or not."""
    source = PAGE_INDEXER.replace(
        "await self.memory.update_semantic_summary(page.path, ",
        "await self.update_folder_summary(page.folder, ",
    ) + (
        "\n    async def update_folder_summary(self, folder, note):\n"
        '        prompt = f"Update the summary of this folder with the note below.\\n{note}"\n'
        "        self.folders[folder] = await self.llm.complete(prompt)\n"
    )
    assert [code for _, code in codes(source)] == ["ANC306"]


#: a session summarizer: it reads the latest stored summary record, budgets the new summary
#: from the stored one's token count, and hands the stored text to the prompt builder
SESSION_SUMMARIES = """\
SHORT_PROMPT = (
    "Update the summary of this conversation.\\n"
    "<previous>{previous}</previous>\\n<messages>{messages}</messages>"
)


async def get_summary(db, session_id, kind):
    rows = await db.fetch_summaries(session_id)
    return rows.get(kind)


async def create_short_summary(messages, input_tokens, previous_summary_text, llm):
    prompt = SHORT_PROMPT.format(previous=previous_summary_text or "", messages=messages)
    return await llm.complete(prompt, max_tokens=input_tokens)


async def refresh_short_summary(db, session_id, messages, llm):
    latest = await get_summary(db, session_id, "short")
    previous_summary_text = latest["content"] if latest else None
    input_tokens = 200 + (latest["token_count"] if latest else 0)
    if latest and latest.get("message_count", 0) > 40:
        input_tokens += 100
    text = await create_short_summary(messages, input_tokens, previous_summary_text, llm)
    await db.save_summary(session_id, "short", text)
    return text
"""


def test_a_budget_read_from_the_stored_summarys_token_count_is_not_named_as_the_summary() -> None:
    """The pass is reported with the stored text it is handed, not the count beside it."""
    message = one_recompaction(SESSION_SUMMARIES, 23)
    assert "`previous_summary_text`" in message
    assert "`input_tokens`" not in message


@pytest.mark.parametrize("count", ['latest["token_count"]', 'latest.get("token_count", 0)'])
def test_a_pass_handed_only_the_stored_summarys_counts_is_silent(count: str) -> None:
    """``latest["token_count"]`` and ``latest.get("message_count")`` hold no text of the
    stored summary; a pass handed the budget alone compacts nothing twice (the parameter
    renamed, so that its name does not say it holds the previous summary)."""
    source = (
        SESSION_SUMMARIES.replace("previous_summary_text", "earlier_text")
        .replace('earlier_text = latest["content"] if latest else None', "earlier_text = None")
        .replace('latest["token_count"]', count)
    )
    assert source.count("earlier_text = None") == 1
    assert codes(source) == []


#: a history folder that reads the summary from the model's reply with an accessor method
#: and puts it in front of the turns it keeps, the list the agent hands back next turn
REPLY_ACCESSOR = """\
FOLD_PROMPT = "Summarize this conversation for another model that resumes the work."


def _tokens(messages):
    return sum(len(str(m)) // 4 for m in messages)


class HistoryFolder:
    def __init__(self, llm, budget=6000, keep=6):
        self.llm = llm
        self.budget = budget
        self.keep = keep

    async def fold(self, messages):
        if _tokens(messages) < self.budget:
            return messages
        older, recent = messages[: -self.keep], messages[-self.keep :]
        reply = await self.llm.generate(older + [{"role": "user", "content": FOLD_PROMPT}])
        text = str(reply.last_text() or "").strip()
        if not text:
            return messages
        note = {"role": "user", "content": f"[FOLDED HISTORY]\\n{text}"}
        return [note] + recent
"""


@pytest.mark.parametrize(
    "accessor", ["reply.last_text()", "reply.get_text()", "reply.all_text()", "reply.content()"]
)
def test_a_replys_text_read_by_an_accessor_method_carries_the_summary(accessor: str) -> None:
    """``reply.last_text()`` hands back the reply's text as ``reply.text`` does."""
    source = REPLY_ACCESSOR.replace("reply.last_text()", accessor)
    message = one_recompaction(source, 18)
    assert "the message list `fold()` returns" in message


@pytest.mark.parametrize(
    "accessor", ["reply.finish_reason()", "reply.has_text()", "reply.text_tokens()"]
)
def test_a_replys_other_accessors_carry_no_summary(accessor: str) -> None:
    """A method that names something else, tests the text or counts it hands none of it."""
    assert codes(REPLY_ACCESSOR.replace("reply.last_text()", accessor)) == []


#: a compactor that picks the older turns by their positions (a set of indices worked out
#: first), summarizes them, and returns the summary in front of the turns it keeps: the
#: list the caller hands back on the next round
PICKED_BY_INDEX = """\
CONDENSE_PROMPT = "Condense the conversation history below into a structured summary.\\n\\n{text}"


def _old_indices(messages, keep):
    cut = max(0, len(messages) - keep)
    return {i for i in range(cut) if messages[i].role != "system"}


async def compact(messages, llm, keep=6):
    conv = [m for m in messages if m.role != "system"]
    old = _old_indices(conv, keep)
    old_msgs = [conv[i] for i in sorted(old)]
    recent = [conv[i] for i in range(len(conv)) if i not in old]
    text = "\\n".join(f"[{m.role}]: {m.content}" for m in old_msgs)
    summary = await llm.generate_text(CONDENSE_PROMPT.format(text=text))
    note = {"role": "user", "content": "[Context Summary]\\n" + summary}
    return [note] + recent
"""


def test_turns_picked_by_an_index_comprehension_carry_the_summary_handed_back() -> None:
    """``[conv[i] for i in sorted(old)]`` takes the older turns, the summary of the last round
    among them, as ``conv[: len(old)]`` would."""
    message = one_recompaction(PICKED_BY_INDEX, 15)
    assert "the message list `compact()` returns" in message


def test_the_same_picks_with_the_summary_handed_back_apart_are_silent() -> None:
    """The summary returned beside the kept turns, not among them, is never picked again."""
    source = PICKED_BY_INDEX.replace("return [note] + recent", "return recent, note")
    assert codes(source) == []


def test_picks_at_the_positions_of_tool_results_take_no_summary() -> None:
    """Positions worked out from a test for tool results (``m.role == "tool"``) pick tool
    results only; the summary note, a user message, is never among them."""
    source = PICKED_BY_INDEX.replace(
        "old = _old_indices(conv, keep)",
        'tool_at = [i for i, m in enumerate(conv) if m.role == "tool"]\n'
        "    old = set(tool_at[:-keep])",
    )
    assert source != PICKED_BY_INDEX
    assert "ANC306" not in [code for _, code in codes(source)]


def test_one_turn_picked_at_a_computed_position_is_silent() -> None:
    """A single item at a position worked out from the list (``conv[longest]``) may be any
    turn: only several picked by the indices looped over are read as a slice."""
    source = PICKED_BY_INDEX.replace(
        "old_msgs = [conv[i] for i in sorted(old)]",
        "longest = max(old, key=lambda i: len(conv[i].content))\n    old_msgs = [conv[longest]]",
    )
    assert codes(source) == []


#: a chat bot's context compressor whose provider is asked with ``text_chat(contexts=…)``:
#: the older turns and a request for a summary go in, the summary comes back in front of
#: the recent turns, the list the bot hands back on the next overflow
PROVIDER_TEXT_CHAT = """\
from bot.core import Message, logger

SUMMARY_REQUEST = "Generate a summary of our previous conversation history."


class LLMSummaryCompressor:
    def __init__(self, provider, keep_recent=4):
        self.provider = provider
        self.keep_recent = keep_recent

    async def __call__(self, messages):
        older, recent = messages[: -self.keep_recent], messages[-self.keep_recent :]
        if not older:
            return messages
        contexts = list(older)
        contexts.append(Message(role="user", content=SUMMARY_REQUEST))
        try:
            response = await self.provider.text_chat(contexts=contexts)
        except Exception as exc:
            logger.error(f"summary failed: {exc}")
            return messages
        summary = (response.completion_text or "").strip()
        kept = []
        kept.append(Message(role="user", content=f"Summary of earlier turns: {summary}"))
        kept.append(Message(role="assistant", content="Acknowledged."))
        kept.extend(recent)
        return kept
"""


def test_a_providers_text_chat_asked_for_a_summary_is_the_pass() -> None:
    """``provider.text_chat(contexts=…)`` is the model call, as ``llm.chat(…)`` is."""
    message = one_recompaction(PROVIDER_TEXT_CHAT, 18)
    assert "`text_chat()`" in message


def test_a_providers_text_chat_asked_for_a_reply_is_silent() -> None:
    """The same call asked to go on with the conversation makes no summary."""
    source = PROVIDER_TEXT_CHAT.replace(
        '"Generate a summary of our previous conversation history."',
        '"Answer the last question in one sentence."',
    )
    assert codes(source) == []


#: an agent's compaction: the history is read from the agent's property and a new one is
#: handed to the agent through its loader method, the summary in front of the recent turns
LOADED_HISTORY = """\
import logging

CHECKPOINT_PROMPT = "Summarize this conversation for another model that resumes the work."
log = logging.getLogger(__name__)


async def compact_agent(agent, keep=4):
    history = list(agent.message_history)
    if len(history) <= keep:
        return None
    older, recent = history[:-keep], history[-keep:]
    reply = await agent.llm.generate(older + [{"role": "user", "content": CHECKPOINT_PROMPT}])
    note = {"role": "user", "content": "[COMPACTED HISTORY]\\n" + reply.text}
    agent.load_message_history([note] + recent)
    log.info("compacted %d turns of %s", len(older), agent.name)
    return note
"""


@pytest.mark.parametrize("field", ["message_history", "messages", "chat_history"])
def test_a_history_written_back_by_the_agents_loader_is_compacted_again(field: str) -> None:
    """``agent.load_message_history([note] + recent)`` after reading ``agent.message_history``
    is the assignment of that field, written as a call: the next compaction reads the note."""
    source = LOADED_HISTORY.replace("message_history", field)
    message = one_recompaction(source, 12)
    assert f"`agent.{field}`" in message


def test_a_setter_named_for_the_history_on_another_object_is_silent() -> None:
    """The new history handed to an archive the function never reads from is not what the
    next compaction reads."""
    source = LOADED_HISTORY.replace(
        "async def compact_agent(agent, keep=4):",
        "async def compact_agent(agent, archive, keep=4):",
    ).replace("agent.load_message_history(", "archive.load_message_history(")
    assert codes(source) == []


def test_a_loader_of_a_field_the_function_never_reads_is_silent() -> None:
    """``agent.set_messages(…)`` after reading ``agent.message_history``: another field,
    which may be kept anywhere."""
    source = LOADED_HISTORY.replace("agent.load_message_history(", "agent.set_messages(")
    assert codes(source) == []


#: a shrinker whose summary message is made by the message class's factory for a role
ROLE_FACTORY = """\
from chatlib.prompt import Prompt

CHECKPOINT_PROMPT = "Summarize this conversation for another model that resumes the work."


async def shrink(messages, llm, keep=4):
    if len(messages) <= keep:
        return messages
    older, recent = messages[:-keep], messages[-keep:]
    reply = await llm.generate(older + [Prompt.user(CHECKPOINT_PROMPT)])
    note = Prompt.user("[COMPACTED]\\n" + reply.text)
    return [note] + recent
"""


@pytest.mark.parametrize("factory", ["Prompt.user", "Prompt.assistant", "chatlib.Message.system"])
def test_a_summary_message_made_by_a_role_factory_carries_the_summary(factory: str) -> None:
    """``Prompt.user(text)`` makes a message holding the text, as ``HumanMessage(content=…)``
    does; put in front of the kept turns, it is summarized on the next round."""
    source = ROLE_FACTORY.replace('note = Prompt.user("', f'note = {factory}("')
    message = one_recompaction(source, 10)
    assert "the message list `shrink()` returns" in message


def test_a_role_named_method_of_an_instance_is_silent() -> None:
    """``transcript.user(text)`` on an object, not a class, may record the text and return
    anything."""
    source = ROLE_FACTORY.replace(
        "async def shrink(messages, llm, keep=4):",
        "async def shrink(messages, llm, transcript, keep=4):",
    ).replace('note = Prompt.user("', 'note = transcript.user("')
    assert codes(source) == []


#: a long-term memory: one summary per day kept in a mapping by date, then the days'
#: summaries summarized again into an overall one
DAILY_SUMMARIES = """\
import json

from memlib.llm import chat_completion

DAY_PROMPT = "Please summarize the events of the conversation below in a few sentences."
OVERALL_PROMPT = "Please summarize the following daily events into one overall summary."


def ask(system, text):
    msgs = [{"role": "system", "content": system}, {"role": "user", "content": text}]
    return chat_completion(messages=msgs)["choices"][0]["message"]["content"]


def update_memory(path, user):
    with open(path, encoding="utf8") as f:
        memory = json.load(f)
    daily = {}
    for date, turns in memory[user]["history"].items():
        lines = [f"{t['role']}: {t['content']}" for t in turns]
        daily[date] = ask(DAY_PROMPT, "\\n".join(lines))
    overall = ask(OVERALL_PROMPT, "\\n".join(daily.values()))
    memory[user]["overall"] = overall
    with open(path, "w", encoding="utf8") as f:
        json.dump(memory, f)
    return overall
"""


@pytest.mark.parametrize(
    "read",
    ['"\\n".join(daily.values())', '"\\n".join(daily[d] for d in sorted(daily))'],
)
def test_summaries_kept_in_a_mapping_by_date_summarized_again_are_found(read: str) -> None:
    """``daily[date] = ask(…)`` then the mapping's values summarized into one: the day
    summaries are compacted again, as when they are appended to a list."""
    source = DAILY_SUMMARIES.replace('"\\n".join(daily.values())', read)
    assert source.count(read) == 1
    assert codes(source) == [(21, "ANC306")]


def test_the_mappings_keys_summarized_are_silent() -> None:
    """Iterating the mapping gives its dates, no summary."""
    source = DAILY_SUMMARIES.replace('"\\n".join(daily.values())', '", ".join(daily)')
    assert codes(source) == []


def test_a_mapping_handed_in_is_not_read_as_holding_only_summaries() -> None:
    """A cache the caller hands in may hold anything else beside what this call puts in it."""
    source = DAILY_SUMMARIES.replace(
        "def update_memory(path, user):", "def update_memory(path, user, daily):"
    ).replace("    daily = {}\n", "")
    assert codes(source) == []


#: a compactor whose prompt is handed out by a helper of the module: a configured prompt (a
#: file path or the text itself) or, failing that, the module's default, which asks for a
#: summary
PROMPT_HELPER = """\
from pathlib import Path

DEFAULT_COMPACTION_PROMPT = (
    "Summarize this conversation so that another model can resume the work: keep the task, "
    "decisions, open questions and the files touched."
)


def resolve_compaction_prompt(settings):
    configured = settings.prompt if settings else None
    if not configured:
        return DEFAULT_COMPACTION_PROMPT
    path = Path(configured).expanduser()
    if path.is_file():
        return path.read_text(encoding="utf-8").strip() or DEFAULT_COMPACTION_PROMPT
    return configured


async def compact(messages, llm, settings, keep=4):
    older, recent = messages[:-keep], messages[-keep:]
    request_text = resolve_compaction_prompt(settings)
    if settings.focus:
        request_text = f"{request_text}\\n\\nFocus on: {settings.focus}"
    reply = await llm.generate(older + [{"role": "user", "content": request_text}])
    note = {"role": "user", "content": "[COMPACTED]\\n" + reply.text}
    return [note] + recent
"""


def test_a_prompt_handed_out_by_a_helper_of_the_module_makes_the_call_a_summarizer() -> None:
    """``resolve_compaction_prompt(settings)`` returns the module's summary prompt (unless a
    setting overrides it): the model call it goes into is the pass."""
    message = one_recompaction(PROMPT_HELPER, 24)
    assert "`generate()`" in message


def test_a_helper_handing_out_a_prompt_that_asks_for_no_summary_is_silent() -> None:
    source = PROMPT_HELPER.replace(
        '"Summarize this conversation so that another model can resume the work: keep the task, "',
        '"Answer the last question of this conversation; cite the task, "',
    )
    assert codes(source) == []


def test_a_helper_returning_what_the_model_made_of_the_prompt_is_no_prompt() -> None:
    """A function that asks the model with the prompt and returns the answer hands out a
    summary, not a prompt: the call of a model with that summary is no second pass by its
    prompt (the helper itself is the one pass)."""
    source = PROMPT_HELPER.replace(
        "        return DEFAULT_COMPACTION_PROMPT\n",
        "        return settings.llm.complete(DEFAULT_COMPACTION_PROMPT)\n",
        1,
    ).replace(
        'return path.read_text(encoding="utf-8").strip() or DEFAULT_COMPACTION_PROMPT',
        'return path.read_text(encoding="utf-8").strip()',
    )
    assert source.count("DEFAULT_COMPACTION_PROMPT") == 2
    assert codes(source) == []


#: a chat bot's compressor whose returned list starts from a helper of the module that
#: copies the leading system messages, then takes the summary pair and the recent turns
SEEDED_BY_HELPER = """\
from bot.core import Message

SUMMARY_REQUEST = "Generate a summary of our previous conversation history."


def _leading_system(messages):
    head = []
    for m in messages:
        if m.role != "system":
            break
        head.append(m)
    return head


class SummaryCompressor:
    def __init__(self, llm, keep_recent=6):
        self.llm = llm
        self.keep_recent = keep_recent

    async def __call__(self, messages):
        older = [m for m in messages[: -self.keep_recent] if m.role != "system"]
        recent = messages[-self.keep_recent :]
        reply = await self.llm.chat(older + [Message(role="user", content=SUMMARY_REQUEST)])
        kept = _leading_system(messages)
        kept.append(Message(role="user", content=f"Earlier conversation, summarized: {reply.text}"))
        kept.append(Message(role="assistant", content="Understood."))
        kept.extend(recent)
        return kept
"""


def test_a_returned_list_seeded_by_a_helper_that_makes_a_new_list_holds_the_summary() -> None:
    """``kept = _leading_system(messages)``, a new list the helper makes, is built around
    the summary as ``kept = []`` would be: handed back, it is summarized on the next call."""
    message = one_recompaction(SEEDED_BY_HELPER, 23)
    assert "the message list `__call__()` returns" in message


def test_the_same_list_kept_aside_while_the_input_is_returned_is_silent() -> None:
    source = SEEDED_BY_HELPER.replace(
        "        return kept\n", "        self.last_digest = kept\n        return messages\n"
    )
    assert codes(source) == []
