"""Short quoted strings a summary names as strings: mentioned, not said (ANC101).

Developers of compactors write what their code prints: `Prepends "PREVIOUS ATTEMPTS:" header`,
`adds a "Prior context" banner`, `a section titled "Earlier decisions"`. The quoted words are
a literal the code writes, and the summary talks about the literal; its back reference points
nowhere, because the string is the referent and the sentence states it. Only a quotation a
noun of literals names (right after the closing mark or right before the opening one), or one
that ends with a colon inside its marks, as a label or a header does, is read so. Scare
quotes round the phrase alone ('As "noted above", the parser changed') name no string: the
summary still points back, and they stay read as prose.
"""

from __future__ import annotations

import regex

#: how far from the hit either quotation mark may stand (a bound: a megabyte sentence)
_REACH = 80
#: how far into its sentence the marks are paired up (a bound: a megabyte sentence)
_SENTENCE_REACH = 400
#: how long a quoted literal is, at the most: a header, a label, a short message
_LITERAL_CHARS = 60
_LITERAL_WORDS = 6
#: the pairs of quotation marks read: straight and curly, double and single
_MARKS = (('"', '"'), ("\u201c", "\u201d"), ("'", "'"), ("\u2018", "\u2019"))

#: nouns that name a piece of text as such (a header, a label, a message a program writes)
_LITERAL_NOUN = (
    r"(?:header|heading|banner|prefix|suffix|label|title|caption|string|literal|message"
    r"|marker|section|line|placeholder|tag|field|key|text|block|button|option|tab|column"
    r"|constant)s?"
)
#: a noun of literals right after the closing mark ("PREVIOUS ATTEMPTS:" header), maybe
#: after other quoted strings of the same list ('the "Prior context" and "Notes" sections')
_NOUN_AFTER = regex.compile(
    r"(?:[ \t]{0,2}+(?:,|and|or|/)[ \t]{0,2}+[\"\u201c'\u2018][^\"\u201c\u201d'\u2018\u2019\n]"
    r"{1,60}+[\"\u201d'\u2019]){0,4}+[ \t]{1,2}+" + _LITERAL_NOUN + r"\b",
    regex.IGNORECASE,
)
#: a noun of literals, or a participle naming one, right before the opening mark: 'a banner
#: "Prior context"', 'label: "Previous session"', 'a section titled "Earlier decisions"'
_NOUN_BEFORE = regex.compile(
    r"\b(?:" + _LITERAL_NOUN + r"|titled|entitled|named|called|labell?ed|headed|reading)"
    r"[ \t]{0,2}+:?[ \t]{0,2}+$",
    regex.IGNORECASE,
)


def mentioned(text: str, first: int, last: int, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (in the sentence ``text[first:last]``) lies inside a short
    quoted literal: a string named as a header, a banner, a label or a message by a noun
    beside it, or one that ends with a colon inside its marks. Its words are the string a
    program writes, which the sentence itself states, not a reference the summary makes."""
    if start - first > _SENTENCE_REACH:
        return False
    for opening, closing in _MARKS:
        quoted = _quotation(text, first, last, start, end, opening, closing)
        if quoted is None:
            continue
        open_at, close_at = quoted
        inside = text[open_at + 1 : close_at]
        if len(inside) > _LITERAL_CHARS or len(inside.split()) > _LITERAL_WORDS:
            return False
        if inside.rstrip().endswith(":"):
            return True
        if _NOUN_AFTER.match(text, close_at + 1, min(last, close_at + 1 + 300)) is not None:
            return True
        lead = text[max(first, open_at - 40) : open_at]
        return _NOUN_BEFORE.search(lead) is not None
    return False


def _quotation(
    text: str, first: int, last: int, start: int, end: int, opening: str, closing: str
) -> tuple[int, int] | None:
    """Where the quotation round ``text[start:end]`` opens and closes, with these marks, or
    None. A mark opens after a space, a bracket or the sentence's start and before a
    non-space, and closes after a non-space and before a non-letter: an apostrophe inside a
    word ("the user's previous session") is no mark. A straight double quote opens only if
    the marks before it in the sentence pair up."""
    open_at = text.rfind(opening, max(first, start - _REACH), start)
    if open_at < 0 or closing in text[open_at + 1 : start]:
        return None
    if open_at > first and (text[open_at - 1].isalnum() or text[open_at - 1] in "_'\""):
        return None
    if text[open_at + 1].isspace():
        return None
    if opening == '"' and text.count('"', first, open_at) % 2 == 1:
        return None
    close_at = text.find(closing, end, min(last, end + _REACH))
    if close_at < 0 or text[close_at - 1].isspace():
        return None
    if close_at + 1 < len(text) and (text[close_at + 1].isalnum() or text[close_at + 1] == "_"):
        return None
    return open_at, close_at
