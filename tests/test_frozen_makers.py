"""Anchors, fragments and sentences made in one step equal those their constructors make."""

from __future__ import annotations

import dataclasses

from anchorlint.text import anchor_parts, summary, summary_assembly
from anchorlint.text.anchors import Anchor, Fragment


def test_an_anchor_made_in_one_step_is_the_constructors() -> None:
    fragment = anchor_parts._fragment_of("lines", 3, 4, "L3-4")
    assert fragment == Fragment("lines", 3, 4, "L3-4")
    made = anchor_parts._anchor_of(
        1, 9, "line", "a.py:3", "a.py:3", "a.py", fragment, notation="compact"
    )
    expected = Anchor(1, 9, "line", "a.py:3", "a.py:3", "a.py", fragment, notation="compact")
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert set(vars(made)) == {f.name for f in dataclasses.fields(Anchor)}


def test_a_sentence_made_in_one_step_is_the_constructors() -> None:
    maker = summary_assembly._Made()
    maker.add(2, 9, 1, 5, (), None, 0, 3)
    (made,) = maker.sentences
    expected = summary.Sentence(0, 2, 9, 1, 5, (), None, 0, 3)
    assert made == expected
    assert set(vars(made)) == {f.name for f in dataclasses.fields(summary.Sentence)}


def test_a_summary_made_in_one_step_is_the_constructors() -> None:
    from anchorlint.config import TextSettings
    from anchorlint.text.documents import SummarySource
    from anchorlint.text.documents.markdown import split_blocks
    from anchorlint.text.lexicon import compile_lexicon
    from anchorlint.text.nlp import Pipeline

    text = "See [[ops/a]], etc.\n\nPer [[the earlier note]] as before."
    source = SummarySource("s.md", 1, 1, tuple(split_blocks(text)))
    maker = summary_assembly._Made()
    maker.anchors.append(Anchor(4, 12, "wiki", "ops/a", "[[ops/a]]", "ops/a"))
    maker.add(0, 19, 0, 0, (), None, 0, 0)
    maker.starts.append(0)
    maker.docs.append(None)
    lexicon, pipeline = compile_lexicon(TextSettings()), Pipeline()
    made = summary_assembly._summary(maker, source, text, text, lexicon, pipeline)
    expected = summary.AnalysedSummary(
        source,
        text,
        text,
        tuple(maker.anchors),
        tuple(maker.sentences),
        made.elisions,
        made.claims,
        pipeline,
        (0,),
        (None,),
    )
    assert made == expected and repr(made) == repr(expected)
    fields = {f.name for f in dataclasses.fields(summary.AnalysedSummary)}
    assert set(vars(made)) == fields | {"sentence_starts", "counted_anchors"}
    assert made.sentence_starts == expected.sentence_starts
    assert made.counted_anchors == expected.counted_anchors
