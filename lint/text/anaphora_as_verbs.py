"""A bare "as <verb>" of ANC101 that names no dropped context.

"As noted, …" and "as discussed." point back into the talk; a second precision audit of real
notes found three shapes of the same words that do not. "Specified" and "cited" name a spec
or a source the sentence is checked against ("the helpers behaved exactly as specified.",
a table cell "as cited" beside the citation), as "as requested." reports that a request was
met: they are not spelled as a bare phrase at all (:data:`SOURCE_VERBS`), and "as specified
earlier" still is. A verb of showing before a colon ("Keep the header exactly as shown:",
"The code is as described: line 95 …") points forward, at what the colon opens. And "such
as detailed, business-specific indexes" is the "such as" of an example, its participle an
adjective. Apart from :mod:`anchorlint.text.anaphora`, which spells the phrases and asks
:func:`not_a_bare_pointer` of each such hit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: verbs whose bare "as <verb>" means "per the spec" or "per the source", not "per the talk"
SOURCE_VERBS = frozenset({"specified", "cited"})
#: verbs of showing that, before a colon, introduce what they show rather than recall it
_SHOWING = frozenset({"shown", "described", "outlined", "detailed", "listed"})


def not_a_bare_pointer(hit: PhraseHit, nxt: Any) -> bool:
    """Whether a bare "as <verb>" before punctuation points nowhere back: "such as" opens
    an example, or a verb of showing before a colon opens what it shows. "As noted:",
    "as discussed:" and "as shown." still point back."""
    before = hit.token_start - 1
    if before >= hit.sentence.token_start and hit.doc[before].lower_ == "such":
        return True
    return nxt.text == ":" and hit.word(-1) in _SHOWING
