"""An ellipsis glued to the word it cuts: where a writer cut a text off at a fixed length.

One elision marker of the lexicon (:data:`~anchorlint.text.lexicon.ELISION_MARKERS`), built
here for each way of writing the dots; a bounded regex source, as every marker is.
"""

from __future__ import annotations


def cut_off(dots: str) -> str:
    """An ellipsis (``dots``, escaped) glued to the word it cuts, with nothing after it in
    its block (a bracket or a quotation mark closing after it was written round it): where
    a text was cut off, as a writer cuts a prompt or a message at a fixed length. It counts
    where the cut is certain: a bracket the block opened is still open ("(route gates,
    appro..."), or the summary's text ends there after a block of 150 characters or more
    ("…started the planner for the anal..."). (After a hyphen, "add AI-...", the dots stand
    free and count already.) A pause that trails off ("wait...", "Let me check...") inside
    a summary, a status ("Loading...": a gerund) and an elision phrase ("etc...", "and so
    on...", counted once, as its words) do not. The dots come first, so the regex engine
    skips to them; every look-behind is bounded."""
    return (
        rf"{dots}(?=[ \t\r*_]*+(?:\n|\Z))(?<=[^\W_]{dots})"
        r"(?<!(?:\b(?:etc|and[ \t]so[ \t]on|and[ \t]so[ \t]forth|and[ \t]more|among[ \t]others"
        rf"|and[ \t]the[ \t]like)|ing){dots})"
        rf"(?:(?<=[(\[][^()\[\]\n]{{1,200}}{dots})"
        rf"|(?<=[^\n]{{150}}{dots})(?=[ \t\r*_]*+\Z))"
    )
