"""Helpers text rules share to run spaCy matchers over an analysed summary's sentences."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from anchorlint.summary import AnalysedSummary, Sentence


@dataclass(frozen=True)
class PhraseHit:
    """A matcher hit: the sentence, the token span and its offsets into summary.text."""

    sentence: Sentence
    tokens: Any  # spaCy Span
    start: int
    end: int
    label: str


def sentence_hits(
    summary: AnalysedSummary, name: str, build: Callable[[Any], Any]
) -> Iterator[PhraseHit]:
    """Run the matcher ``build`` creates (once per pipeline) over every sentence."""
    matcher = summary.pipeline.matcher(name, build)
    vocab = summary.pipeline.nlp.vocab
    for sentence in summary.sentences:
        span = sentence.span
        for match_id, start, end in matcher(span):
            tokens = span[start:end]
            yield PhraseHit(
                sentence,
                tokens,
                sentence.offset + tokens.start_char,
                sentence.offset + tokens.end_char,
                vocab.strings[match_id],
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
