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
    found = findings(source)
    assert [(line, code) for line, code, _ in found] == [(8, "ANC306")]
    assert "compacts `memo.buffer`, already the output of this same call" in found[0][2]


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
