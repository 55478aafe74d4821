"""Helpers text rules share to run spaCy matchers over an analysed summary's sentences."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from anchorlint.text.summary import AnalysedSummary, Sentence


@dataclass(frozen=True)
class PhraseHit:
    """A matcher hit: the sentence, the token span and its offsets into summary.text."""

    sentence: Sentence
    tokens: Any  # spaCy Span
    start: int
    end: int
    label: str


def sentence_hits(
    summary: AnalysedSummary,
    name: str,
    build: Callable[[Any], Any],
    unanchored: bool = False,
) -> Iterator[PhraseHit]:
    """Run the matcher ``build`` creates (once per pipeline) over each parsed block once.

    A match is kept when it lies within one sentence that survived the allowlist (and, with
    ``unanchored``, holds no anchor: the rules that ask skip those hits anyway, so no Span
    or hit is made for them).
    """
    if all(doc is None for doc in summary.docs):
        return  # nothing was parsed: no rule trigger in this summary, no matcher needed
    matcher = summary.pipeline.matcher(name, build)
    vocab = summary.pipeline.nlp.vocab
    for block_index, doc in enumerate(summary.docs):
        if doc is None:
            continue
        offset = summary.block_starts[block_index]
        for match_id, start, end in matcher(doc):
            first = offset + doc[start].idx
            sentence = summary.sentence_at(first)
            if sentence is None or sentence.doc is None or end > sentence.token_end:
                continue
            if unanchored and sentence.anchors:
                continue
            tokens = doc[start:end]
            yield PhraseHit(
                sentence, tokens, first, offset + tokens.end_char, vocab.strings[match_id]
            )


def first_per_sentence(hits: Iterator[PhraseHit]) -> Iterator[PhraseHit]:
    """Keep the earliest (then longest) hit of each sentence: one finding per sentence."""
    best: dict[int, PhraseHit] = {}
    for hit in hits:
        kept = best.get(hit.sentence.index)
        if kept is None or (hit.start, -hit.end) < (kept.start, -kept.end):
            best[hit.sentence.index] = hit
    yield from (best[i] for i in sorted(best))


def quote(text: str) -> str:
    """The trigger as shown in a message, whitespace folded."""
    return " ".join(text.split())
