"""A summary a model wrapped whole in one fence of prose: read inside the fence.

Models often answer a "summarize the conversation" prompt with the whole summary inside
```` ```markdown ```` (or ```` ```text ````, or ```` ```xml ```` around ``<summary>`` tags), and
that raw answer is what gets logged to a ``.txt`` file or kept in a JSON field. Read as
Markdown, the fence makes the whole summary code: no rule sees it, and a summary with prose
blocks none reads as empty. When the text is exactly one such fence (blank lines around
it aside) whose info string names prose, the two fence lines are blanked with spaces, so
the inside is read as the prose it is, at its own positions. A fence of code (```` ```python
````), a bare fence (its language unknown) and a fence with text outside it stay code.
"""

from __future__ import annotations

import regex

_LEADING = regex.compile(r"[\r\n\t ]*+")
#: info strings that name prose, not a programming language
_PROSE = frozenset({"markdown", "md", "text", "txt", "plaintext", "plain"})
#: the opening fence line: three to ten backticks or tildes and the info string's first word
_OPENING = regex.compile(r"[ ]{0,3}(`{3,10}|~{3,10})[ \t]*+([A-Za-z]{1,20})[ \t]*+\r?\n")
#: a closing fence line of the same character, at least as long, and nothing after it
_CLOSING = regex.compile(r"\n[ ]{0,3}(`{3,}+|~{3,}+)[ \t]*+\Z")
#: an XML fence is prose when it opens with a summary tag (``<summary>``, ``<analysis>``)
_SUMMARY_TAG = regex.compile(r"\s*+<(?:summary|analysis|state_snapshot)\b", regex.IGNORECASE)


def unfenced(text: str) -> str | None:
    """``text`` with the fence around it blanked, or None when it is not one prose fence.

    The length and the line breaks stay as they are: every offset and position inside is
    the text's own."""
    leading = _LEADING.match(text)
    start = leading.end() if leading is not None else 0
    if not text.startswith(("```", "~~~"), start):
        return None  # most texts: their first character decides
    body_end = len(text.rstrip("\r\n\t "))
    opening = _OPENING.match(text, start, body_end)
    if opening is None:
        return None
    language = opening[2].lower()
    closing = _CLOSING.search(text, opening.end() - 1, body_end)
    if closing is None or closing[1][0] != opening[1][0] or len(closing[1]) < len(opening[1]):
        return None
    inside = text[opening.end() : closing.start()]
    if language not in _PROSE and not (language == "xml" and _SUMMARY_TAG.match(inside)):
        return None
    if _fence_inside(inside, opening[1]):
        return None  # a second fence inside: the outer one may close early, as Markdown reads it
    head = _blank(text[start : opening.end()])
    tail = _blank(text[closing.start() : body_end])
    return text[:start] + head + inside + tail + text[body_end:]


def _fence_inside(inside: str, run: str) -> bool:
    """Whether a line inside is a fence of the wrapper's character (it might close it)."""
    return any(line.lstrip(" ").startswith(run[0] * 3) for line in inside.splitlines())


def _blank(part: str) -> str:
    """``part`` with every character but its line breaks made a space."""
    return "".join(c if c in "\r\n" else " " for c in part)
