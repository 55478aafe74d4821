"""Code rules on two shapes the sixth sweep of real compactor modules left missing: a tool
result skipped under a flag inside the test that picks it (ANC308), and a model's reply
cleaned by a pattern substitution in a helper before it goes back into the kept list (ANC306).

Each module is written for these tests in the style of the real ones (an agent SDK's input
trimmer, a compactor class with a static clean-up helper), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings

#: an input trimmer that drops earlier tool outputs while a setting is on, and shortens the
#: ones it keeps when it is off
FLAGGED = """\
from dataclasses import dataclass


@dataclass
class Settings:
    drop_old_results: bool = True


class Trimmer:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def trim(self, messages: list[dict]) -> list[dict]:
        kept = []
        for message in messages:
            if message["role"] == "tool":
                if {flag}:
                    continue
                message = {{**message, "content": message["content"][:200]}}
            kept.append(message)
        return kept
"""


@pytest.mark.parametrize(
    "flag", ["self.settings.drop_old_results", "self.settings.drop_old_results and True"]
)
def test_a_tool_result_skipped_while_a_setting_holds_is_dropped(flag: str) -> None:
    """While the setting is on, every tool result leaves the context and no id is kept."""
    assert codes(FLAGGED.format(flag=flag)) == [(18, "ANC308")]


def test_the_finding_names_the_flag() -> None:
    ((_, _, message),) = findings(FLAGGED.format(flag="self.settings.drop_old_results"))
    assert "while `self.settings.drop_old_results` holds" in message


#: near misses: each loop skips a tool result under a second test, and none of them is a
#: silent drop of what the context needs
NEAR_MISSES = {
    "a duplicate of a result already kept": """\
def dedupe(history: list[dict], seen: set[str]) -> list[dict]:
    kept = []
    for item in history:
        if item.get("role") == "tool":
            if item.get("tool_call_id") in seen:
                continue
        kept.append(item)
    return kept
""",
    "an output found empty through a name bound from the item": """\
def drop_empty(history: list[dict]) -> list[dict]:
    kept = []
    for item in history:
        if item.get("type") == "function_call_output":
            output = item.get("output")
            text = output.strip() if output else ""
            if not text:
                continue
        kept.append(item)
    return kept
""",
    "the dropped ids returned": """\
def trim(history: list[dict], remove: bool) -> tuple[list[dict], list[str]]:
    kept, dropped = [], []
    for item in history:
        if item.get("role") == "tool":
            if remove:
                dropped.append(item["tool_call_id"])
                continue
        kept.append(item)
    return kept, dropped
""",
    "the dropped ids logged": """\
import logging

log = logging.getLogger(__name__)


def trim(history: list[dict], remove: bool) -> list[dict]:
    kept = []
    for item in history:
        if item.get("role") == "tool":
            if remove:
                log.info("dropped tool result %s", item["tool_call_id"])
                continue
        kept.append(item)
    return kept
""",
    "a loop that counts and keeps nothing": """\
def count_tools(history: list[dict], verbose: bool) -> int:
    total = 0
    for item in history:
        if item.get("role") == "tool":
            if not verbose:
                continue
            total += 1
    return total
""",
    "the item kept before the skip": """\
def keep_first(history: list[dict], remove: bool) -> list[dict]:
    kept = []
    for item in history:
        if item.get("role") == "tool":
            kept.append(item)
            if remove:
                continue
            print("tool")
    return kept
""",
    "a stub kept under the flag": """\
def stub(history: list[dict], remove: bool) -> list[dict]:
    kept = []
    for item in history:
        if item.get("role") == "tool":
            if remove:
                kept.append({"role": "tool", "tool_call_id": item["tool_call_id"], "content": ""})
                continue
        kept.append(item)
    return kept
""",
}


@pytest.mark.parametrize("source", NEAR_MISSES.values(), ids=NEAR_MISSES.keys())
def test_a_skip_that_loses_nothing_is_not_reported(source: str) -> None:
    assert codes(source) == []


#: a compactor whose reply is cleaned by a static helper (a pattern substitution) before the
#: summary goes to the front of the list the agent keeps
CLEANED = """\
import re

_THINKING = re.compile(r"<think>.*?</think>", re.S)
PROMPT = "Summarize the conversation above concisely."


class Compactor:
    def __init__(self, client):
        self.client = client

    async def compact(self, messages: list[dict], keep: int = 4) -> list[dict]:
        older, recent = messages[:-keep], messages[-keep:]
        request = older + [{{"role": "user", "content": PROMPT}}]
        reply = await self.client.messages.create(model="m", messages=request)
        text = self._clean(reply.content[0].text)
        return [{{"role": "user", "content": text}}] + recent

    @staticmethod
    def _clean(text: str) -> str:
        return {cleaning}
"""


@pytest.mark.parametrize(
    "cleaning",
    [
        're.sub(r"<think>.*?</think>", "", text).strip()',
        're.sub(r"<think>.*?</think>", "", string=text, flags=re.S)',
        '_THINKING.sub("", text)',
    ],
)
def test_a_reply_cleaned_by_a_substitution_is_still_the_summary(cleaning: str) -> None:
    """The substitution hands back the text it was made in, so the summary the next pass
    reads is the model's own output."""
    assert codes(CLEANED.format(cleaning=cleaning)) == [(14, "ANC306")]


def test_a_substitution_into_a_fixed_text_is_not_the_summary() -> None:
    """Only the text the substitution is made in comes back; a summary used as the pattern's
    replacement is not read, and a fixed text is no summary."""
    source = CLEANED.format(cleaning='re.sub("x", "y", "fixed")')
    assert codes(source) == []
