"""ANC306 on the shapes a sweep of real compactor modules showed it missing.

Each module here is written for the purpose, in the style of shipped short-term memories: a
running summary filled into a prompt template by a helper and handed to the model, a memory
replayed over its history in a loop, and the near misses beside them that must stay silent.
"""

from __future__ import annotations

from anchorlint.code.names import NameSets
from anchorlint.config import CodeSettings, Settings
from anchorlint.registry import all_rules
from anchorlint.rulebase import CodeRule
from anchorlint.run.codepass import lint_module

SETTINGS = Settings()


def findings(source: str) -> list[tuple[int, str, str]]:
    """(line, code, message) of every code-rule finding, in line order."""
    rules = [r for r in all_rules().values() if isinstance(r, CodeRule)]
    found, _ = lint_module("memory.py", source, SETTINGS, rules)
    assert all(f.code != "ANC002" for f in found), found
    return sorted((f.line, f.code, f.message) for f in found)


def codes(source: str) -> list[tuple[int, str]]:
    return [(line, code) for line, code, _ in findings(source)]


def one_recompaction(source: str, line: int) -> str:
    """The message of the module's only finding, an ANC306 on ``line``."""
    found = findings(source)
    assert [(at, code) for at, code, _ in found] == [(line, "ANC306")]
    return found[0][2]


#: a short-term memory that extends its running summary: the template is filled by a helper,
#: the model is called by the entry points (sync and async), each with its own parameters
ROLLING_MEMORY = '''\
from typing import cast

FIRST_PROMPT = Template.from_messages(
    [("placeholder", "{turns}"), ("user", "Write a summary of the conversation above:")]
)
ROLLING_PROMPT = Template.from_messages(
    [
        ("placeholder", "{turns}"),
        ("user", "Summary so far: {prior}\\n\\nExtend this summary with the turns above:"),
    ]
)


def _trim_before_summarization(turns, budget):
    """Drops the oldest turns until the rest fits the model's window."""
    while turns and count_tokens(turns) > budget:
        turns = turns[1:]
    return turns


def _model_input(*, turns, running_summary, rolling_prompt, first_prompt, budget):
    trimmed = _trim_before_summarization(turns, budget)
    if running_summary:
        filled = cast(
            PromptValue,
            rolling_prompt.invoke({"turns": trimmed, "prior": running_summary.text}),
        )
    else:
        filled = cast(PromptValue, first_prompt.invoke({"turns": trimmed}))
    return filled.messages


def fold_turns(
    turns,
    model,
    running_summary=None,
    rolling_prompt=ROLLING_PROMPT,
    first_prompt=FIRST_PROMPT,
    budget=2048,
):
    model_input = _model_input(
        turns=turns,
        running_summary=running_summary,
        rolling_prompt=rolling_prompt,
        first_prompt=first_prompt,
        budget=budget,
    )
    reply = model.invoke(model_input)
    return RunningSummary(text=reply.content, covered=[t.id for t in turns])
'''
#: the async twin, as shipped memories write it beside the sync one
ROLLING_MEMORY += "\n\n" + ROLLING_MEMORY[ROLLING_MEMORY.index("def fold_turns(") :].replace(
    "def fold_turns(", "async def afold_turns("
).replace("reply = model.invoke(", "reply = await model.ainvoke(")


def test_a_running_summary_filled_into_a_template_by_a_helper_is_compacted_again() -> None:
    found = findings(ROLLING_MEMORY)
    assert [(line, code) for line, code, _ in found] == [(48, "ANC306"), (67, "ANC306")]
    sync, async_ = (message for _, _, message in found)
    assert "`invoke()` compacts `model_input`" in sync
    # each entry point is told of its own parameter, not the first caller's
    assert "handed in as `running_summary` (line 36)" in sync
    assert "`ainvoke()` compacts `model_input`" in async_
    assert "handed in as `running_summary` (line 55)" in async_


def test_a_first_summary_from_a_template_default_is_no_recompaction() -> None:
    """A prompt template taken as a parameter's default, filled with the raw turns and handed
    to the model: one pass, nothing it compacts was a summary."""
    source = ROLLING_MEMORY.split("\n\n\ndef _trim_before")[0] + (
        "\n\n\ndef first_fold(turns, model, first_prompt=FIRST_PROMPT):\n"
        '    filled = first_prompt.invoke({"turns": turns})\n'
        "    return model.invoke(filled.messages).content\n"
    )
    assert findings(source) == []


def test_a_filled_template_that_reaches_no_model_is_silent() -> None:
    """Counting the tokens of the filled prompt is no pass, and filling a template calls no
    model even when the template is a prompt name of the module."""
    source = (
        'ROLLING_PROMPT = Template.from_messages([("user", "Extend this summary with the new turns: {prior}")])\n'
        "\n\n"
        "def prompt_size(turns, previous_summary, prompt=ROLLING_PROMPT):\n"
        '    filled = prompt.invoke({"turns": turns, "prior": previous_summary})\n'
        "    return count_tokens(filled.messages)\n"
    )
    assert findings(source) == []


def test_a_memory_replayed_over_its_history_in_a_loop() -> None:
    """A memory object built in a class method folds its history a few turns at a time,
    handing each pass the buffer the previous pass wrote."""
    source = (
        "class DigestMemory(BaseMemory):\n"
        '    buffer: str = ""\n'
        "\n"
        "    @classmethod\n"
        "    def replay(cls, llm, store, step=2):\n"
        "        memo = cls(llm=llm, store=store)\n"
        "        for i in range(0, len(memo.store.messages), step):\n"
        "            memo.buffer = memo.predict_new_summary(\n"
        "                memo.store.messages[i : i + step], memo.buffer\n"
        "            )\n"
        "        return memo\n"
    )
    assert "compacts `memo.buffer`, already the output of this same call" in one_recompaction(
        source, 8
    )


def test_a_loop_that_summarizes_each_slice_on_its_own_is_silent() -> None:
    """Each slice summarized apart and the summaries collected: no pass sees another's output."""
    source = (
        "def digests(llm, messages, step=4):\n"
        "    out = []\n"
        "    for i in range(0, len(messages), step):\n"
        "        out.append(llm.predict_new_summary(messages[i : i + step], ''))\n"
        "    return out\n"
    )
    assert findings(source) == []


def test_long_arguments_are_cut_with_an_ellipsis_in_the_message() -> None:
    source = (
        'PROMPT = "Summarize the conversation so far, keeping every file path: {old}"\n'
        "\n\n"
        "def condense(view, llm):\n"
        "    previous = next((e for e in view if isinstance(e, SummaryEvent)), None)\n"
        "    prompt = PROMPT.format(old=previous.text if previous else '')\n"
        "    return llm.completion(messages=[{'content': prompt, 'role': 'user', 'name': 'condenser'}])\n"
    )
    found = findings(source)
    assert [code for _, code, _ in found] == ["ANC306"]
    held = found[0][2].split("compacts `")[1].split("`,")[0]
    assert held.startswith("[{'content': prompt, 'role'") and held.endswith("…")
    assert len(held) == 40


def test_steps_around_the_pass_are_not_summarizers() -> None:
    names = NameSets.from_settings(CodeSettings())
    for name in (
        "_trim_before_summarization",
        "_adjust_messages_before_summarization",
        "clean_after_compaction",
        "tokens_for_summary",
    ):
        assert not names.is_summarizer(name), name
    assert names.is_summarizer("summarize_before_handoff")


def test_an_ask_written_after_an_escaped_newline_makes_the_module_worth_parsing() -> None:
    """In source text ``"…\\n\\nSummarize …"`` puts an ``n`` before the verb: the prefilter
    still reads it as the start of a word, so the module is parsed and the pass is found."""
    source = (
        'PROMPT = "Turns:\\n{turns}\\n\\nSummarize the turns above into the summary so far: {prior}"\n'
        "\n\n"
        "def fold(llm, turns, previous_summary):\n"
        "    return llm.predict(PROMPT.format(turns=turns, prior=previous_summary))\n"
    )
    assert "\\n\\nSummarize" in source
    found = findings(source)
    assert [(line, code) for line, code, _ in found] == [(5, "ANC306")]


# ------------------------------------------------- a second sweep: more frameworks' shapes


def test_a_branch_that_leaves_does_not_reach_the_code_after_it() -> None:
    """A token-limit transform cuts the last message that fits and stops (``break``), or
    returns early: the cut it made there never reaches the per-message cut below."""
    source = (
        "class TokenCap:\n"
        "    def apply(self, messages):\n"
        "        kept, used = [], 0\n"
        "        for msg in reversed(messages):\n"
        "            room = self.limit - used - self.per_message\n"
        "            if room < 0:\n"
        '                msg["content"] = self._truncate_text(msg["content"], self.limit - used)\n'
        "                kept.insert(0, msg)\n"
        "                break\n"
        '            msg["content"] = self._truncate_text(msg["content"], self.per_message)\n'
        '            used += count_tokens(msg["content"])\n'
        "            kept.insert(0, msg)\n"
        "        return kept\n"
        "\n"
        "    def one(self, text, tight):\n"
        "        if tight:\n"
        "            text = self._truncate_text(text, 10)\n"
        "            return text\n"
        "        text = self._truncate_text(text, 100)\n"
        "        return text\n"
    )
    assert codes(source) == []


def test_a_summary_carried_over_continue_is_still_compacted_again() -> None:
    source = (
        "def rolling(chunks):\n"
        '    summary = ""\n'
        "    for chunk in chunks:\n"
        "        if not chunk.strip():\n"
        "            summary = summarize(summary)\n"
        "            continue\n"
        '        summary = summarize(summary + "\\n" + chunk)\n'
        "    return summary\n"
    )
    assert codes(source) == [(5, "ANC306"), (7, "ANC306")]


def test_a_helper_that_packages_the_summary_is_no_second_pass() -> None:
    source = (
        "def evict(self, to_summarize):\n"
        "    text = simple_summary(messages=to_summarize)\n"
        "    return package_summarize_message(summary=text, hidden=len(to_summarize))\n"
    )
    assert codes(source) == []


def test_an_observation_holding_a_summary_is_no_tool_result() -> None:
    """A condensation observation is the previous summary, not tool output: rewrapping it for
    the prompt relabels no tool call (ANC303). Cutting it to a length in a condenser that makes
    such summaries is still a cut of the summary the model sees (ANC306, as RULES.md reads
    ``truncate(summarize(x))``); a renderer that makes none is in
    ``tests/test_code_audit_provenance.py``."""
    source = (
        "class Condenser:\n"
        "    def condense(self, view):\n"
        "        return Condensation(summary=self.llm.summarize(view))\n"
        "\n"
        "    def to_message(self, obs, max_chars):\n"
        "        if isinstance(obs, AgentCondensationObservation):\n"
        "            text = truncate_content(obs.content, max_chars)\n"
        '            return Message(role="user", content=[TextContent(text=text)])\n'
        "        return None\n"
    )
    assert codes(source) == [(7, "ANC306")]


def test_previous_summary_named_with_what_holds_it() -> None:
    source = (
        'PROMPT = "Summarize the events below. The summary so far: {prior}"\n'
        "\n\n"
        "class Condenser:\n"
        '    def _summary(self, events, previous_summary_content="none"):\n'
        "        prompt = PROMPT.format(prior=previous_summary_content)\n"
        "        return self.client.generate(prompt + render(events))\n"
    )
    assert "handed in as `previous_summary_content`" in one_recompaction(source, 7)


def test_a_message_list_named_with_more_words_is_handed_back() -> None:
    source = (
        "class Trimmer:\n"
        "    def apply(self, message_lists):\n"
        "        folded = self._summarize_turns(message_lists[1:-6])\n"
        "        note = Message(role='user', content=folded)\n"
        "        return [message_lists[0], note, *message_lists[-6:]]\n"
    )
    assert codes(source) == [(3, "ANC306")]


def test_an_agent_step_with_a_prompt_that_compacts() -> None:
    """``step`` is an agent framework's model call, and a system prompt saying the assistant
    "compacts" the context asks for a summary as "summarize" does."""
    source = (
        'SYSTEM = "You are an assistant that compacts the conversation context for later turns."\n'
        "\n\n"
        "class Compaction:\n"
        "    async def compact(self, messages, runtime):\n"
        "        older, recent = messages[:-3], messages[-3:]\n"
        "        reply = await runtime.step(system_prompt=SYSTEM, history=older)\n"
        "        return [Message(role='user', content=reply.text)] + recent\n"
    )
    assert codes(source) == [(7, "ANC306")]


#: a toolkit that keeps an agent built to write summaries (its system message split over two
#: literals) and whose public method calls its summarizer method
TOOLKIT = (
    "class NotesToolkit:\n"
    "    def __init__(self, model):\n"
    "        self.summary_agent = ChatAgent(\n"
    '            system_message="You are an assistant that writes short "\n'
    '            "summaries of conversations.",\n'
    "            model=model,\n"
    "        )\n"
    "\n"
    "    def compress(self, records):\n"
    "        return self._summarize_records(records)\n"
    "\n"
)


def test_a_summarizer_that_reads_the_old_summary_from_its_object() -> None:
    """A toolkit keeps an agent built to write summaries (its system message split over two
    literals), and its summarizer method folds the summary it kept into the next prompt: the
    model call inside that method is the second pass, though callers call the method."""
    source = (
        TOOLKIT.replace("model):\n", "model):\n        self.existing_summary = ''\n", 1)
        + "    def _summarize_records(self, records):\n"
        "        if not records:\n"
        "            return self.existing_summary\n"
        "        reply = self.summary_agent.step(self._prompt(render(records)))\n"
        "        self.existing_summary = reply.text\n"
        "        return self.existing_summary\n"
        "\n"
        "    def _prompt(self, text):\n"
        '        head = "Extract the key facts of the conversation."\n'
        "        if self.existing_summary:\n"
        '            head += f" Previous summary: {self.existing_summary}"\n'
        '        return head + "\\n" + text\n'
    )
    assert "`self.existing_summary`" in one_recompaction(source, 16)


def test_a_summarizer_method_whose_callers_hand_it_raw_records_is_one_pass() -> None:
    """The same toolkit without the kept summary: its callers' call is the pass, once."""
    source = (
        TOOLKIT + "    def _summarize_records(self, records):\n"
        "        return self.summary_agent.step(render(records)).text\n"
    )
    assert codes(source) == []


def test_a_summary_put_into_kept_messages_by_slice_assignment() -> None:
    source = (
        "class Topic:\n"
        "    async def squeeze(self, count):\n"
        "        older = self.messages[1 : count + 1]\n"
        "        digest = await self.summarize_messages(older)\n"
        "        self.messages[1 : count + 1] = [Message(ai=False, text=digest)]\n"
    )
    assert "kept in `self.messages` (stored at line 5)" in one_recompaction(source, 4)


def test_a_summary_rendered_into_a_message_template_is_still_the_summary() -> None:
    """The summary is rendered into a message template by a function of another module
    (``parse_prompt("….md", summary=…)``) before it goes back into the kept messages."""
    source = (
        "class Topic:\n"
        "    async def squeeze(self, count):\n"
        "        older = self.messages[1 : count + 1]\n"
        "        digest = await self.summarize_messages(older)\n"
        '        text = self.agent.parse_prompt("topic_summary.md", summary=digest)\n'
        "        self.messages[1 : count + 1] = [Message(ai=False, text=text)]\n"
    )
    assert "kept in `self.messages` (stored at line 6)" in one_recompaction(source, 4)


def test_slice_assignment_of_raw_messages_keeps_no_summary() -> None:
    source = (
        "class Topic:\n"
        "    async def squeeze(self, count):\n"
        "        older = self.messages[1 : count + 1]\n"
        "        await self.archive.save(await self.summarize_messages(older))\n"
        "        self.messages[1 : count + 1] = []\n"
    )
    assert codes(source) == []


def test_measuring_the_old_summary_is_not_holding_it() -> None:
    """A call that counts the old summary's tokens returns a number, not the summary: using
    it as the budget of a cut of the raw turns compacts no summary again."""
    source = (
        "def fit(raw_turns, previous_summary, window):\n"
        "    return truncate(raw_turns, count_prompt_tokens(previous_summary))\n"
    )
    assert codes(source) == []


def test_a_citation_class_nested_in_a_response_model() -> None:
    """Structured-output models declare their citation type inside the response type; a
    nested record is a record (ANC304), and its pinned or unnamed siblings stay silent."""
    source = (
        "from pydantic import BaseModel\n"
        "\n\n"
        "class Answer(BaseModel):\n"
        "    class Citation(BaseModel):\n"
        "        quoted: str\n"
        "        start_char_index: int\n"
        "        end_char_index: int\n"
        "\n"
        "    class PinnedCitation(BaseModel):\n"
        "        start_char_index: int\n"
        "        end_char_index: int\n"
        "        span_sha256: str\n"
        "\n"
        "    class Margin(BaseModel):\n"
        "        start: int\n"
        "        end: int\n"
        "\n"
        "    text: str\n"
        "    citations: list[Citation]\n"
    )
    assert codes(source) == [(5, "ANC304")]
