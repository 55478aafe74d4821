"""A summary's parsed blocks share one spaCy Doc; sentences and findings stay each block's.

The blank pipeline joins a summary's blocks with a blank line into one Doc (one tokenizer
call, one matcher call per rule). These tests hold every sentence and every finding to those
of a Doc per block, on generated summaries and on the edges that could leak from one block
into the next: a pointer at a block's end and a number at the next one's start, blocks that
start or end with whitespace, a block that holds a blank line, an empty block.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.positions import line_start_map
from anchorlint.run.engine import lint_source
from anchorlint.text.documents import Block, SummarySource
from anchorlint.text.nlp import ParsedBlock, Pipeline, _whole
from anchorlint.text.summary import analyse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402


def _a_doc_per_block(self: Pipeline, group: list[str]) -> list[ParsedBlock]:
    return [_whole(self.pipe([text])[0]) for text in group]


def _both(monkeypatch: pytest.MonkeyPatch, path: str, text: str) -> tuple[list, list]:
    settings = Settings()
    joined = lint_source(path, text, settings)
    with monkeypatch.context() as patched:
        patched.setattr(Pipeline, "_parse_group", _a_doc_per_block)
        apart = lint_source(path, text, settings)
    return joined, apart


@pytest.mark.parametrize("seed", range(12))
def test_generated_summaries_find_the_same_as_a_doc_per_block(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(seed)
    text = structured_summary(rng, 12_000) if seed % 2 else summary_markdown(rng, 3_000)
    joined, apart = _both(monkeypatch, "s.md", text)
    assert joined == apart


EDGES = """# Handover

Everything is in the section

12 items remain for the earlier migration note.

See line

42 of the log for the details mentioned above.

Refer to the same

Runbook as before, etc.

Fig. 3 shows what was discussed above.
"""


def test_a_pointer_never_reads_into_the_next_block(monkeypatch: pytest.MonkeyPatch) -> None:
    joined, apart = _both(monkeypatch, "edges.md", EDGES)
    assert joined == apart
    assert {f.code for f in joined} >= {"ANC101"}


def _source(*texts: str) -> SummarySource:
    blocks = tuple(Block(t, line_start_map(t)) for t in texts)
    return SummarySource("s.json", 1, 1, blocks)


@pytest.mark.parametrize(
    "texts",
    [
        (
            "As noted above, it moved.",
            "  Indented: as discussed earlier.  ",
            "See the section above.",
        ),
        (
            "As noted above.\n\nTwo paragraphs in one block, as said before.",
            "As mentioned earlier.",
        ),
        ("", "As noted above, the pool stays.", "", "The previous decision stands."),
        ("As noted above", "etc.", "Etc. The earlier plan holds."),
    ],
)
def test_sentences_equal_a_doc_per_block(texts: tuple[str, ...]) -> None:
    settings = Settings().text
    pipeline = Pipeline()
    (joined,) = analyse([_source(*texts)], settings, pipeline)
    separate = [_a_doc_per_block(pipeline, [t])[0] for t in texts]
    assert [(s.start, s.end, s.block) for s in joined.sentences] == [
        (s.start, s.end, s.block) for s in _assembled(texts, separate)
    ]
    for sentence in joined.sentences:
        tokens = sentence.span
        assert tokens is not None
        first, last = tokens[0], tokens[-1]
        assert sentence.offset + first.idx == sentence.start
        assert sentence.offset + last.idx + len(last) == sentence.end


def _assembled(texts: tuple[str, ...], parses: list[ParsedBlock]) -> list:
    import anchorlint.text.summary as summary

    settings = Settings().text
    source = _source(*texts)
    parts = [summary._block_parts(block, settings) for block in source.blocks]
    lexicon = summary.compile_lexicon(settings)
    return list(summary.assemble(source, parts, list(parses), lexicon, Pipeline()).sentences)
