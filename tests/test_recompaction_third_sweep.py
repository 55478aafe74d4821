"""ANC306 on the shapes a third sweep of real compactor modules showed it missing or misreading.

Each module is written for these tests in the style of the real ones (a thread summarizer that
loads the stored summary and hands it on by keyword, a graph node that writes its prompt as an
f-string run on into a literal, a round compressor that calls its client's own completion
method, a conversation manager that rewrites the agent's message list), with the near misses
beside them that must stay silent.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings, one_recompaction

THREAD_SUMMARIZER = """\
from .prompts import THREAD_SUMMARY_PROMPT


def generate_summary(turns, llm, existing_summary=None):
    system = THREAD_SUMMARY_PROMPT + (existing_summary or "")
    return llm.invoke([system, *turns])


def compress_thread(store, thread_id, turns, llm):
    stored = store.latest_summary(thread_id)
    text = generate_summary(turns, llm, existing_summary=stored.text if stored else None)
    store.save_summary(thread_id, text)
"""


def test_a_summarizer_handed_the_stored_summary_by_keyword() -> None:
    """The prompt comes from another module, so the summarizer's own model call shows no
    pass; the call that hands it the stored summary as ``existing_summary=`` is one."""
    message = one_recompaction(THREAD_SUMMARIZER, 11)
    assert "handed in as `existing_summary=`" in message


def test_a_first_summary_handed_none_is_one_pass() -> None:
    first = THREAD_SUMMARIZER.replace("stored.text if stored else None", "None")
    assert codes(first) == []
    empty = THREAD_SUMMARIZER.replace("stored.text if stored else None", '""')
    assert codes(empty) == []


def test_a_keyword_named_otherwise_is_no_previous_summary() -> None:
    source = THREAD_SUMMARIZER.replace("existing_summary", "style_hint")
    assert codes(source) == []


def test_the_body_that_reports_its_own_pass_is_not_reported_again_at_the_call() -> None:
    """With the prompt in the module, the summarizer's model call is the pass (one finding,
    where the previous summary meets the model), not a second one at the call."""
    local = THREAD_SUMMARIZER.replace(
        "from .prompts import THREAD_SUMMARY_PROMPT\n",
        'THREAD_SUMMARY_PROMPT = "Summarize the conversation, extending the summary so far: "\n',
    )
    assert codes(local) == [(6, "ANC306")]


def test_a_selector_of_what_goes_into_the_pass_is_no_summarizer() -> None:
    """``get_messages_to_summarize`` picks turns and calls no model: handing its output to the
    summarizer is the first pass."""
    source = (
        "def get_messages_to_summarize(history, keep):\n"
        "    return history[:-keep]\n\n\n"
        "def summarize_history(older, llm):\n"
        "    return llm.invoke(older)\n\n\n"
        "def compress(history, llm):\n"
        "    older = get_messages_to_summarize(history, keep=4)\n"
        "    return summarize_history(older, llm)\n"
    )
    assert codes(source) == []


GRAPH_NODE = """\
def summarize_conversation(state, llm):
    summary = state.get("summary", "")
    ask = (
        f"Summary of the conversation so far: {summary}\\n\\n"
        "Extend the summary with the new messages above:"
    )
    response = llm.invoke(state["messages"] + [ask])
    return {"summary": response.content}
"""


def test_an_f_string_run_on_into_a_literal_carries_the_summary() -> None:
    """Two adjacent literals are one string: the f-string's summary is in the prompt."""
    assert codes(GRAPH_NODE) == [(7, "ANC306")]


def test_a_literal_run_on_into_an_f_string_without_the_summary_is_silent() -> None:
    source = GRAPH_NODE.replace("{summary}", "{len(state['messages'])} turns")
    assert codes(source) == []


ROUND_COMPRESSOR = """\
class RoundCompressor:
    def __init__(self, client):
        self.client = client
        self.previous_summary = ""

    def compress(self, rounds):
        self.previous_summary = self._summarize(rounds[:-3])
        return self.previous_summary, rounds[-3:]

    def _summarize(self, rounds):
        system = f"Earlier summary: {self.previous_summary}. Now compress these rounds."
        return self.client.chat_completion([system, *rounds])["content"]
"""


def test_a_clients_own_completion_method_is_a_model_call() -> None:
    [(line, code, message)] = findings(ROUND_COMPRESSOR)
    assert (line, code) == (12, "ANC306")
    assert "`self.previous_summary`" in message


@pytest.mark.parametrize("method", ["generate_content", "create_chat_completion"])
def test_other_clients_completion_methods_are_model_calls_too(method: str) -> None:
    source = ROUND_COMPRESSOR.replace("chat_completion", method)
    assert codes(source) == [(12, "ANC306")]


def test_a_completion_method_with_no_summary_in_its_prompt_is_one_pass() -> None:
    source = ROUND_COMPRESSOR.replace("Earlier summary: {self.previous_summary}. ", "")
    assert codes(source) == []


CONVERSATION_MANAGER = """\
class SummarizingManager:
    def __init__(self, ratio=0.5):
        self.ratio = ratio

    def reduce_context(self, agent):
        cut = int(len(agent.messages) * self.ratio)
        older, recent = agent.messages[:cut], agent.messages[cut:]
        note = self.summarize_messages(older)
        agent.messages[:] = [note, *recent]
"""


def test_a_summary_put_into_the_agents_message_list_comes_back() -> None:
    """The agent outlives the call: the next reduction slices and summarizes a list that
    starts with the last summary."""
    [(line, code, message)] = findings(CONVERSATION_MANAGER)
    assert (line, code) == (8, "ANC306")
    assert "`agent.messages`" in message


def test_a_fresh_request_object_keeps_nothing() -> None:
    source = CONVERSATION_MANAGER.replace("agent", "request")
    assert codes(source) == []


STATE_KEY_IN_AN_ATTRIBUTE = """\
class MessageSummarizer:
    def __init__(self, llm, summary_key="conversation_summary"):
        self.llm = llm
        self._summary_key = summary_key

    def summarization_node(self, state):
        prior = getattr(state, self._summary_key, "")
        msgs = state.messages
        if prior:
            msgs = [SystemMessage(content=prior), *msgs]
        summary = self.llm.summarize(msgs[:-4])
        return {self._summary_key: summary}
"""


def test_a_state_key_held_in_an_attribute_meets_its_read() -> None:
    """The node writes its summary under the key its object names and reads it back with
    ``getattr`` under the same expression on the next run."""
    [(line, code, message)] = findings(STATE_KEY_IN_AN_ATTRIBUTE)
    assert (line, code) == (11, "ANC306")
    assert "the state key named by `self._summary_key`" in message


def test_a_read_under_another_attribute_is_no_kept_summary() -> None:
    source = STATE_KEY_IN_AN_ATTRIBUTE.replace(
        "getattr(state, self._summary_key", "getattr(state, self._title_key"
    )
    assert codes(source) == []
