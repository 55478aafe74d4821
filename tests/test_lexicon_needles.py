"""The needles that let the elision and claim regexes be skipped never hide a match.

Text is built from the very words the patterns are made of, in any case, so that matches are
frequent; whenever a pattern matches, the text must hold one of its needles.
"""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text.lexicon import (
    CLAIM_NEEDLES,
    COMPLETENESS_CLAIMS,
    ELISION_MARKERS,
    ELISION_NEEDLES,
    PART_NEEDLES,
    compile_lexicon,
    part_needles,
)

WORDS = """
etc etc. and so on forth related items the like among others many more ... [snip] [truncated]
(omitted) details content remaining rest omitted elided truncated this our summary recap digest
context condensed compaction compacted record overview handoff is remains was stays fully
entirely complete comprehensive exhaustive lossless a full account transcript of conversation
session thread discussion history trace everything nothing has been got were left out dropped
lost skipped no detail information facts fact have are all relevant important key decisions
preserved retained kept captured included entire covers captures includes without any loss
omission omissions for see . , ; : ! ? ) ] ( [ - x 42
status notes checklist guide snapshot self-contained detailed here's ** - and
""".split()


#: whole shapes of each pattern, so that a match is likely in most generated texts
PHRASES = """
refunds, etc.
queues and so on
caches and so forth
owners and related items
dashboards and the like
payments among others
alerts and more.
runbooks and many more)
then ...
the log [snip]
(truncated)
details omitted
the rest elided
this summary is complete
our recap stays fully lossless
a full account of the session
the complete transcript of this thread
nothing was left out
nothing skipped
no details were lost
no context dropped
all key decisions are captured
all facts kept
entire context is preserved
covers everything
without any loss
without omissions
comprehensive overview
""".strip().split("\n")


def _case(word: str, style: int) -> str:
    return (word, word.upper(), word.title())[style]


texts = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(PHRASES), st.sampled_from(WORDS)),
        st.integers(0, 2),
        st.sampled_from([" ", "  ", "\n", ""]),
    ),
    max_size=24,
).map(lambda parts: "".join(_case(w, c) + sep for w, c, sep in parts))


@settings(max_examples=400, deadline=None)
@given(texts)
def test_no_match_is_ever_skipped(text: str) -> None:
    lexicon = compile_lexicon(TextSettings())
    for markers in (lexicon.elisions, lexicon.claims):
        if not markers.may_occur(text):
            assert markers.pattern.search(text) is None, text


@pytest.mark.parametrize(
    "text",
    [
        "Billing, refunds, ETC. were moved.",
        "Owners: payments and so on.",
        "The rest truncated here.",
        "See the list [snip] below.",
        "This summary is complete.",
        "A full account of the session.",
        "Nothing was left out.",
        "No facts were dropped.",
        "All key decisions are captured.",
        "Full context retained.",
        "It covers everything.",
        "Rewritten without any loss.",
    ],
)
def test_every_marker_shape_keeps_its_needle(text: str) -> None:
    lexicon = compile_lexicon(TextSettings())
    matching = [m for m in (lexicon.elisions, lexicon.claims) if m.pattern.search(text)]
    assert matching, text
    assert all(markers.may_occur(text) for markers in matching), text


def test_non_ascii_and_configured_phrases_are_always_searched() -> None:
    lexicon = compile_lexicon(TextSettings())
    assert lexicon.elisions.needles == ELISION_NEEDLES
    assert lexicon.elisions.may_occur("Owners: payments\u2026")  # non-ASCII: always searched
    assert not lexicon.elisions.may_occur("Owners: payments.")
    extended = compile_lexicon(TextSettings(extra_elision_markers=("and whatnot",)))
    assert extended.elisions.needles is None
    assert extended.elisions.may_occur("Owners: payments and whatnot.")
    assert extended.claims.needles == CLAIM_NEEDLES


#: whole shapes of the alternatives that have needles of their own
PART_PHRASES = """
(42 lines omitted)
[3 tool results removed]
( +1,200 more files were hidden)
7 earlier messages were truncated
... 5 more lines
…12 more rows
tool output was cleared
command output clipped
the rest elided
details omitted
<response clipped>
[... 40 lines truncated ...]
it captures all the relevant details
contains all the facts
here is a comprehensive summary
this is my very comprehensive recap
this is a **comprehensive, self-contained checklist**
here's a detailed and complete hand-off
**Handoff status**: Complete and comprehensive.
- Status: complete, self-contained
this summary is complete
our handoff stays entirely lossless
a full account of the session
the complete transcript of this thread
for a comprehensive overview of
## Complete handoff
**full session summary
Self-contained guide to the app
## A complete session snapshot
Notes (comprehensive)
refunds, etc.
queues and so on
caches and so forth
owners and related items
dashboards and the like
payments among others
among other fixes
alerts and more.
runbooks and many more)
src/a.py and 3 more files.
[Earlier conversation truncated]
the log [snip]
[...]
(truncated)
skipped 4 earlier lines
[output removed by the tool]
nothing was left out
nothing else is pending
no details were lost
No pending tasks
all key decisions are preserved
full context is retained
it covers everything
everything important is captured here
without any loss
""".strip().split("\n")

part_texts = st.lists(
    st.tuples(
        st.one_of(st.sampled_from(PART_PHRASES), st.sampled_from(WORDS)),
        st.integers(0, 2),
        st.sampled_from([" ", "  ", "\n", "", "\t"]),
    ),
    max_size=16,
).map(lambda parts: "".join(_case(w, c) + sep for w, c, sep in parts))


def _needled() -> list[tuple[regex.Pattern[str], tuple[str, ...]]]:
    found = []
    for pattern in ELISION_MARKERS + COMPLETENESS_CLAIMS:
        needles = part_needles(pattern)
        if needles is not None:
            found.append((regex.compile(pattern, regex.IGNORECASE | regex.MULTILINE), needles))
    return found


def test_every_part_needle_names_one_alternative() -> None:
    for start, _ in PART_NEEDLES:
        owners = [p for p in ELISION_MARKERS + COMPLETENESS_CLAIMS if p.startswith(start)]
        assert len(owners) == 1, start
    assert len(_needled()) == len(PART_NEEDLES)


@pytest.mark.parametrize("text", PART_PHRASES)
def test_each_part_shape_matches_and_holds_a_needle(text: str) -> None:
    lowered = text.lower()
    matched = [n for p, n in _needled() if p.search(text)]
    if "for a comprehensive" not in lowered:
        assert matched, text
    for needles in matched:
        assert any(n in lowered for n in needles), text


@settings(max_examples=600, deadline=None)
@given(part_texts)
def test_no_alternative_match_is_ever_skipped(text: str) -> None:
    lowered = text.lower()
    for pattern, needles in _needled():
        if pattern.search(text) is not None:
            assert any(n in lowered for n in needles), (pattern.pattern[:40], text)
