"""Code rules on the shapes a fourth sweep of real compactor modules showed them misreading
or missing.

Each module is written for these tests in the style of the real ones, with the near misses
beside it that must stay silent.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

SUMMARY_LOADER = """\
from dataclasses import dataclass


@dataclass
class Restored:
    text: str
    at: str


def {name}(meta, default_at=""):
    text = meta.get("summary")
    return Restored(text, meta.get("at", default_at)) if text else None


def resume(session):
    return {name}(session.metadata, default_at=session.updated_at)
"""


@pytest.mark.parametrize(
    "name",
    ["session_summary_from_metadata", "summary_from_json", "thread_summary_from_store"],
)
def test_a_summary_read_back_from_where_it_is_stored_is_no_summarizer(name: str) -> None:
    """The loader calls no model: handing it a session's fields rewrites nothing."""
    assert codes(SUMMARY_LOADER.format(name=name)) == []


def test_a_summary_made_from_messages_is_still_a_summarizer() -> None:
    source = (
        "def build_summary_from_messages(messages, llm):\n"
        '    return llm.invoke("Summarize the conversation:" + str(messages))\n\n\n'
        "def compact(state, llm):\n"
        '    note = build_summary_from_messages(state["messages"], llm)\n'
        '    state["messages"] = [note, *state["messages"][-4:]]\n'
    )
    assert codes(source) == [(6, "ANC306")]
