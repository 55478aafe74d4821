"""The rules' matcher helper: hits by token index give the hits a character-offset reading
gives, in order, and ``keep`` stops at each sentence's first kept hit without changing it.

The reference reads the matcher's raw matches as the helper did before it kept token indices:
each match's first character located with ``summary.sentence_at``, kept when the match ends
inside that sentence and the sentence is unanchored; then, per sentence, the earliest (then
longest) of the hits a filter keeps, the matcher's first on a tie.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from anchorlint.config import Settings, TextSettings
from anchorlint.registry import all_rules
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.match import PhraseHit, PhraseTable, sentence_hits
from anchorlint.text.nlp import Pipeline
from anchorlint.text.summary import AnalysedSummary, analyse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402

#: sentences dense with both rules' phrases, several hits per sentence, some anchored
DENSE = """# Notes from the previous session

As noted earlier, the cutover moved; see section 4 of the runbook and the above.
Per the config the previous fix held, as noted above, per the ledger.

- The former and the latter, as discussed earlier [[ops/a]], per the spec.
- Line 120 of the log, as mentioned before; the details are in the design doc.

The aforementioned flag, as previously noted, see above; refer to the same runbook.
"""

_TABLE = PhraseTable.of([all_rules()[code] for code in ("ANC101", "ANC102")], Settings())
MATCHERS: list[tuple[str, Callable[[object], object]]] = [
    _TABLE.matcher("ANC101"),
    _TABLE.matcher("ANC102"),
]


@pytest.fixture(scope="module")
def pipeline() -> Pipeline:
    return Pipeline()


def _summaries(pipeline: Pipeline) -> list[AnalysedSummary]:
    texts = [DENSE]
    for seed in range(6):
        rng = random.Random(seed)
        texts.append(structured_summary(rng, 6_000) if seed % 2 else summary_markdown(rng, 2_000))
    sources = [SummarySource("s.md", 1, 1, tuple(split_blocks(text))) for text in texts]
    return analyse(sources, TextSettings(), pipeline)


def _reference(summary: AnalysedSummary, name: str, build: Callable[[object], object]) -> list:
    """(sentence index, start, end, label) of each hit, read by character offsets."""
    matcher = summary.pipeline.matcher(name, build)
    strings = summary.pipeline.nlp.vocab.strings
    found = []
    for doc in dict.fromkeys(s.doc for s in summary.sentences if s.doc is not None):
        for match_id, start, end in matcher(doc):
            owner = next(s for s in summary.sentences if s.doc is doc)
            first = owner.offset + doc[start].idx
            sentence = summary.sentence_at(first)
            if sentence is None or sentence.doc is not doc or end > sentence.token_end:
                continue
            if sentence.anchors:
                continue
            last = doc[end - 1]
            found.append(
                (sentence.index, first, owner.offset + last.idx + len(last), strings[match_id])
            )
    return found


def _as_tuple(hit: PhraseHit) -> tuple[int, int, int, str]:
    return hit.sentence.index, hit.start, hit.end, hit.label


@pytest.mark.parametrize(("name", "build"), MATCHERS)
def test_hits_are_the_character_offset_reading_in_order(
    pipeline: Pipeline, name: str, build: Callable[[object], object]
) -> None:
    total = 0
    for summary in _summaries(pipeline):
        hits = [_as_tuple(h) for h in sentence_hits(summary, name, build, unanchored=True)]
        reference = _reference(summary, name, build)
        assert sorted(hits) == sorted(reference)
        assert hits == sorted(hits, key=lambda h: (h[0], h[1], -h[2]))
        total += len(hits)
    assert total > 30


@pytest.mark.parametrize(("name", "build"), MATCHERS)
@pytest.mark.parametrize("parity", [0, 1])
def test_keep_gives_each_sentences_earliest_longest_kept_hit(
    pipeline: Pipeline, name: str, build: Callable[[object], object], parity: int
) -> None:
    def keep(hit: PhraseHit) -> bool:  # drops about half the hits, and not the same half
        return (hit.token_start + hit.token_end + len(hit.label)) % 2 == parity

    for summary in _summaries(pipeline):
        chosen: dict[int, tuple[int, int, int, str]] = {}
        for hit in sentence_hits(summary, name, build, unanchored=True):
            kept = chosen.get(hit.sentence.index)
            if keep(hit) and (kept is None or (hit.start, -hit.end) < (kept[1], -kept[2])):
                chosen[hit.sentence.index] = _as_tuple(hit)
        expected = [chosen[index] for index in sorted(chosen)]
        got = [_as_tuple(h) for h in sentence_hits(summary, name, build, True, keep=keep)]
        assert got == expected
