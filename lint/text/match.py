"""Helpers text rules share to run spaCy matchers over an analysed summary's sentences.

A summary of a kilobyte yields a few matcher hits and keeps one finding per sentence, so a
hit costs more in Python objects than in matching: it is a small tuple of token indices,
no spaCy Span, and its character offsets are worked out only for the hit that is reported.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from anchorlint.text.summary import AnalysedSummary, Sentence


class PhraseHit(NamedTuple):
    """A matcher hit: its sentence, its tokens ``doc[token_start:token_end]`` and its label.

    A named tuple, not a dataclass: thousands are made per megabyte of summaries and most
    are dropped at once, and a tuple costs a quarter of a frozen dataclass to build.
    """

    sentence: Sentence
    doc: Any  # the block's spaCy Doc (maybe its summary's other blocks' too)
    token_start: int
    token_end: int
    label: str

    @property
    def start(self) -> int:
        """Offset of the hit's first character into ``summary.text``."""
        return self.sentence.offset + self.doc[self.token_start].idx

    @property
    def end(self) -> int:
        """Offset just past the hit's last character into ``summary.text``."""
        return end_offset(self.sentence, self.doc, self.token_end)

    def word(self, index: int) -> str:
        """The lower-cased text of the hit's token ``index`` (-1: its last)."""
        return str(self.doc[(self.token_start if index >= 0 else self.token_end) + index].lower_)


def end_offset(sentence: Sentence, doc: Any, token_end: int) -> int:
    """Offset into ``summary.text`` just past token ``token_end - 1`` of the sentence's Doc."""
    last = doc[token_end - 1]
    return int(sentence.offset + last.idx + len(last))


#: labels by match id: the id is the StringStore hash of the label, the same in every
#: pipeline, and a dictionary lookup costs less than asking the StringStore
_LABELS: dict[int, str] = {}


def sentence_hits(
    summary: AnalysedSummary,
    name: str,
    build: Callable[[Any], Any],
    unanchored: bool = False,
    keep: Callable[[PhraseHit], bool] | None = None,
) -> Iterator[PhraseHit]:
    """Run the matcher ``build`` creates (once per pipeline) over each parsed Doc once.

    A match is kept when it lies within one sentence that survived the allowlist (and, with
    ``unanchored``, holds no anchor: the rules that ask skip those hits anyway, so a block
    with no other sentence is not matched at all). Hits come sentence by sentence in text
    order, and within a sentence earliest first, longest first at one start, matches the
    matcher gave in the same place in its order.

    With ``keep``, only the first hit of each sentence that ``keep`` accepts comes: the
    earliest (then longest) one, one finding per sentence; the sentence's later hits are
    neither made nor looked at.
    """
    blocks = _sentences_by_block(summary, unanchored)
    if not blocks:
        return  # nothing parsed, or every parsed sentence anchored: no matcher needed
    matcher = summary.pipeline.matcher(name, build)
    strings = summary.pipeline.nlp.vocab.strings
    for sentences, starts in blocks:
        doc = sentences[0].doc
        matches = matcher(doc)
        if not matches:
            continue
        if len(matches) > 1:
            matches.sort(key=_earliest_longest)
        done = -1  # with ``keep``: the end token of the sentence that has its hit
        for match_id, start, end in matches:
            if start < done:
                continue
            index = bisect_right(starts, start) - 1
            if index < 0:
                continue
            sentence = sentences[index]
            if end > sentence.token_end:
                continue  # beyond the sentence (or in a dropped one after it)
            label = _LABELS.get(match_id)
            if label is None:
                label = _LABELS[match_id] = strings[match_id]
            hit = PhraseHit(sentence, doc, start, end, label)
            if keep is None:
                yield hit
            elif keep(hit):
                done = sentence.token_end
                yield hit


def _earliest_longest(match: tuple[int, int, int]) -> tuple[int, int]:
    return match[1], -match[2]


def _sentences_by_block(
    summary: AnalysedSummary, unanchored: bool
) -> list[tuple[list[Sentence], list[int]]]:
    """The parsed sentences a hit may lie in, Doc by Doc (a Doc may hold several blocks:
    the matcher runs over it once), with their first tokens."""
    blocks: list[tuple[list[Sentence], list[int]]] = []
    current = None
    for sentence in summary.sentences:
        if sentence.doc is None or (unanchored and sentence.anchors):
            continue
        if sentence.doc is not current:
            current = sentence.doc
            blocks.append(([], []))
        sentences, starts = blocks[-1]
        sentences.append(sentence)
        starts.append(sentence.token_start)
    return blocks


def quote(text: str) -> str:
    """The trigger as shown in a message, whitespace folded."""
    return " ".join(text.split())
