"""ANC109 placeholder-summary: an error, refusal or absence message where the summary should be."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings
from anchorlint.text.boilerplate import (
    LONGEST_PLACEHOLDER,
    LONGEST_TEMPLATE,
    boilerplate_spans,
    is_placeholder,
    sections_all_empty,
)

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import SUMMARY_START, Example, RuleDoc, TextContext, TextHit, TextRule
from anchorlint.text.summary import unwrapped

#: longest placeholder text quoted in the message
QUOTE_LIMIT = 80


def _own_text(summary: AnalysedSummary, limit: int, settings: Settings) -> str | None:
    """The summary's prose without framework boilerplate (always removed here: a preamble
    around an error message does not make the error a summary); None once it is longer
    than ``limit`` (the rest of a long summary is not read)."""
    parts = []
    size = -2
    linted = settings.text.lint_boilerplate
    # a short summary is asked about once whole; a long one block by block, as far as read
    clean = len(summary.text) <= 4 * limit
    clean = clean and _blanked_nothing(summary.text, summary.masked, linted)
    for block, start in zip(summary.source.blocks, summary.block_starts, strict=False):
        text = block.text
        if not clean:
            masked = summary.masked[start : start + len(text)]
            text = text if _blanked_nothing(text, masked, linted) else _without_boilerplate(text)
        part = unwrapped(text.strip())  # a message hard-wrapped is the same message
        if part:
            parts.append(part)
            size += len(part) + 2
            if size > limit:
                return None
    return "\n\n".join(parts)


def _without_boilerplate(text: str) -> str:
    pieces, at = [], 0
    for start, end in boilerplate_spans(text):
        pieces.append(text[at:start])
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


#: every byte but the space as NUL, and the line breaks the analysis reads as spaces (a hard
#: wrap) as spaces: ``bytes.translate`` with it keeps only where spaces are
_SPACES_ONLY = bytes(32 if byte in (10, 13, 32) else 0 for byte in range(256))


def _blanked_nothing(text: str, masked: str, linted: bool) -> bool:
    """Whether the analysis found no framework boilerplate in ``text`` (blocks, joined or
    not), read off their masked text (``masked``) instead of looking for it again.

    Unless boilerplate is linted, summary assembly blanks it (a block that is only a
    placeholder too, and hidden spans) with spaces in ``summary.masked``, at the text's
    offsets. Where the masked text has its spaces exactly where the text has them, no
    character was blanked, so the block held no boilerplate. (Anchors and code spans masked
    with letters over spaces, or non-ASCII text, only make this answer no, and boilerplate
    is looked for.)"""
    if linted or len(text) != len(masked) or not text.isascii() or not masked.isascii():
        return False
    if text == masked:
        return True  # nothing masked at all (no anchor, no code span): nothing blanked either
    return text.encode().translate(_SPACES_ONLY) == masked.encode().translate(_SPACES_ONLY)


def _message(summary: AnalysedSummary, settings: Settings) -> str | None:
    """Why the summary has no content of its own, or None when it has some."""
    source = summary.source
    if not source.blocks:
        if source.text_fields > 0:
            return "the summary is empty"
        return None  # no text field at all (not a summary), or a file of code only
    # longer than both a placeholder and an empty template: content of its own
    own = _own_text(summary, max(LONGEST_PLACEHOLDER, LONGEST_TEMPLATE), settings)
    if own is None:
        return None
    if not own:
        return "the summary holds only framework boilerplate"
    if is_placeholder(own):
        shown = " ".join(own.split())
        shown = shown if len(shown) <= QUOTE_LIMIT else shown[: QUOTE_LIMIT - 1] + "…"
        return f'the summary is a placeholder message ("{shown}")'
    if sections_all_empty(own):
        return "the summary's sections are empty and it says there was nothing to summarize"
    return None


class PlaceholderSummary(TextRule):
    code: ClassVar[str] = "ANC109"
    name: ClassVar[str] = "placeholder-summary"
    summary: ClassVar[str] = "The summary has no content of its own: empty, an error or a refusal"
    phase: ClassVar[str] = "summary"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Reports a summary once, at its start, when it is empty or is only an error, "
            'refusal or absence message ("Error generating summary: …", "Previous conversation '
            'was too long to summarize.", "No previous conversation history.", "I\'m sorry, but '
            "I can't help with that.\"), with or without framework boilerplate around it."
        ),
        why=(
            "Everything the summary replaced is gone without a pointer, and nothing downstream "
            "notices: the agent carries on from an empty context that reads like a summary."
        ),
        example="Previous conversation was too long to summarize.",
        fix=(
            "Fail the compaction instead of storing the message, or keep the raw turns (or "
            "their keys) when the summarizer cannot produce a summary."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example(
            "Error generating thumbnails was the bug: the resize worker crashed on CMYK JPEGs; "
            "fixed in media/thumbs/resize.py (commit 1c9f4e8)."
        ),
        Example("Fixed the tab order of the login form in web/login/form.tsx.", suffix=".txt"),
        Example(
            '{"summary": "No pending tasks; the cache is warm (commit 5e2c8f0)."}', suffix=".jsonl"
        ),
        Example('{"id": "turn-3", "role": "tool"}', suffix=".jsonl", note="no summary field"),
        Example("We asked why the export failed and the answer was a missing index."),
        Example("```text\nError generating summary: timeout\n```", note="code, not prose"),
        Example("I'm sorry the build broke; the fix is in ci/build.yml (commit 2b8d4e7)."),
        Example("Error during compaction was the bug; compact/run.py now retries once."),
        Example("No summary available offline was the bug; the cache now serves the last one."),
        Example(
            "Goal\n\nShip the exporter.\n\nProgress\n\n(none)",
            suffix=".txt",
            note="a template with content of its own",
        ),
        Example(
            "```markdown\nMoved the export job to ops/cron/export.yml (commit 4d1e9a2).\n```",
            suffix=".txt",
            note="a model's answer fenced whole in prose: read inside the fence",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("Previous conversation was too long to summarize."),
        Example(
            '{"summary": "Error generating summary: context window exceeded"}', suffix=".jsonl"
        ),
        Example('{"summary": ""}', suffix=".jsonl"),
        Example("I'm sorry, but I can't help with that.", suffix=".txt"),
        Example('{"summary": "No previous conversation history."}', suffix=".jsonl"),
        Example(
            "Here is a summary of the conversation to date:\n\n"
            "Previous conversation was too long to summarize."
        ),
        Example(
            "Summary unavailable due to context limits. Older messages were truncated.",
            suffix=".txt",
        ),
        Example("(no summary available)", suffix=".txt"),
        Example("I'm sorry, but I can't assist with that."),
        Example('{"summary": "No summary available for this conversation."}', suffix=".jsonl"),
        Example("Summarization failed: request timed out after 120 s.", suffix=".txt"),
        Example(
            "Goal\n\n(No conversation to summarize: the conversation is empty.)\n\n"
            "Progress\n\n(none)",
            suffix=".txt",
        ),
        Example('{"summary": "I\'m sorry, but I can\'t help with that"}', suffix=".jsonl"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads the summary's blocks, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        message = _message(summary, context.settings)
        if message is not None:
            yield TextHit(
                SUMMARY_START,
                SUMMARY_START,
                f"{message}: whatever it replaced is gone without a pointer; fail the "
                "compaction or keep the raw turns instead",
            )
