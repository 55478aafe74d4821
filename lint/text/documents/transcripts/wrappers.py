"""The fixed wrappers agent frameworks put around a compaction summary, by exact wording.

A wrapper is the framework's, not the summary's: its sentences ("continued from a previous
conversation", "from where it left off", "prior messages … hidden") would trip ANC101 on
every native summary, and Claude Code's tail names a transcript path that would count as an
anchor. Readers lint the body between them; the wrapper stays in the file, untouched, and the
body keeps its exact positions (it is a slice of the decoded text).
"""

from __future__ import annotations

import regex

#: Claude Code: the continuation preambles (older, current), each followed by line breaks
CLAUDE_PREAMBLES = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:",
    "This session is being continued from a previous conversation that ran out of context. "
    "The summary below covers the earlier portion of the conversation.",
)
#: Claude Code: the tail's paragraphs (the transcript-path line starts with the first)
CLAUDE_TRANSCRIPT_LINE = (
    "If you need specific details from before compaction (like exact code snippets, error "
    "messages, or content you generated), read the full transcript at:"
)
CLAUDE_TAIL_SENTENCES = (
    "Recent messages are preserved verbatim.",
    "Please continue the conversation from where we left it off without asking the user any "
    "further questions. Continue with the last task that you were asked to work on.",
    "Please continue the conversation from where we left off without asking the user any "
    "further questions. Continue with the last task that you were asked to work on.",
    "Continue the conversation from where it left off without asking the user any further "
    "questions. Resume directly \u2014 do not acknowledge the summary, do not recap what was "
    'happening, do not preface with "I\'ll continue" or similar. Pick up the last task as if '
    "the break never happened.",
)
#: Codex: the handoff prefix of a local compaction (double space before "assist" is theirs)
CODEX_PREFIX = (
    "Another language model started to solve this problem and produced a summary of its "
    "thinking process. You also have access to the state of the tools that were used by that "
    "language model. Use this to build on the work that has already been done and avoid "
    "duplicating work. Here is the summary produced by the other language model, use the "
    "information in this summary to  assist with your own analysis:"
)
#: Letta: the sentence that closes every summary preamble; the body follows ``:\n `` (the
#: preambles before it vary in counts and wording, and all end in this sentence)
LETTA_LEAD = regex.compile(
    r"The following is a summary of the previous (?:[0-9]{1,9} )?messages:\n ?"
)


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def claude_body(text: str, *, first: bool, last: bool) -> tuple[int, int]:
    """(start, end) of the summary body in one text block of a Claude Code summary: the
    preamble cut from the first block, the tail paragraphs from the last."""
    start, end = 0, len(text)
    if first:
        for preamble in CLAUDE_PREAMBLES:
            if text.startswith(preamble):
                start = _skip_space(text, len(preamble))
                break
    if last:
        end = _tail_start(text, start)
    return start, max(start, end)


def _tail_start(text: str, floor: int) -> int:
    """Where the fixed tail begins: trailing tail sentences and the transcript-path line are
    peeled off the end, one at a time, so the body's own text is never cut."""
    end = len(text)
    while True:
        stripped = text[:end].rstrip()
        cut = next((s for s in CLAUDE_TAIL_SENTENCES if stripped.endswith(s)), None)
        if cut is not None:
            end = len(stripped) - len(cut)
            continue
        line_start = stripped.rfind("\n") + 1
        if stripped.startswith(CLAUDE_TRANSCRIPT_LINE, line_start) and line_start > floor:
            end = line_start
            continue
        return max(floor, len(stripped))


def codex_body(message: str) -> int:
    """Where the body starts in a Codex ``compacted`` message (after the prefix and its line
    break, when the prefix is there: older rollouts stored the bare summary)."""
    if message.startswith(CODEX_PREFIX):
        return _skip_space(message, len(CODEX_PREFIX))
    return 0


def letta_body(message: str) -> int | None:
    """Where the body starts in a Letta ``system_alert`` message, or None when the alert holds
    no summary (a token-limit warning, a note that messages went to recall memory)."""
    match = LETTA_LEAD.search(message)
    return None if match is None else match.end()
