"""A noun "above" whose words are the title of one of the note's own headings (ANC101).

"Future work = NEXT STEPS above." under an earlier "## Next steps (priority order)", "Run the
deployment steps above" under "## Deployment steps", "the Integration Tests mentioned above"
under "### Integration Tests": the words before "above", or before the participle, name a
section the note itself holds, as "see the Testing section" does for ANC102
(:func:`~anchorlint.text.own_headings.names_own_section`), so nothing was dropped. Read only
for a title of two words or more that the words before "above" end with, whole, and a heading
before the sentence's block: "the steps above" under "## Steps" (one word, as likely the
dropped steps as the section's), a title the note does not have, and a heading after the
sentence still point back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anchorlint.text.own_headings import titles_above

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: the hits that end with "<noun> above"
_NOUN_ABOVE = frozenset({"noun-above", "bare-noun-above", "output-above"})
#: how many words a title read before "above" may have, and how far back they are looked for
_TITLE_WORDS = (2, 5)
_REACH = 80
#: marks around a word that do not end a title ("**Next steps** above")
_MARKS = "*_`\"'“”‘’"


def titled_above(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """Whether the words right before "above" are, whole, the title of one of the note's own
    headings above the sentence; or, for "mentioned above" and the other participles of
    the rule's verbs, the words right before the participle ("the Integration Tests
    mentioned above" under "### Integration Tests")."""
    if hit.word(-1) != "above":
        return False
    sentence = hit.sentence
    if hit.label in _NOUN_ABOVE:
        end = sentence.offset + hit.doc[hit.token_end - 1].idx
    elif hit.label == "verb-back":
        end = hit.start
    else:
        return False
    before = summary.text[max(sentence.start, end - _REACH) : end]
    words = [word.strip(_MARKS) for word in before.lower().split()]
    fewest, most = _TITLE_WORDS
    runs = []
    for count in range(fewest, most + 1):
        run = words[-count:]
        if len(run) < count or not all(word.replace("-", "").isalnum() for word in run):
            break
        runs.append(" ".join(run))
    if not runs:
        return False
    titles = titles_above(summary, sentence.block)
    return any(run in titles for run in runs)
