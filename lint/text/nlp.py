"""The spaCy pipeline: imported only when a summary is linted.

The default is ``spacy.blank("en")`` with one rule-based component that finds sentence
starts as spaCy's Sentencizer does and repairs the boundaries it gets wrong in summaries (a
boundary after a closing ``etc.``, none after ``Fig.``/``approx.``). Anchors and inline code are masked with letters
of the same length before spaCy sees the text, so each anchor stays one token and offsets
stay those of the original prose. A trained model named in config may be loaded instead;
no rule depends on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, NamedTuple, cast

from anchorlint.collector import frozen_for_life
from anchorlint.text.sentence_starts import (
    BOUNDS,
    LENGTH_SHIFT,
    TOKEN_COLUMNS,
    TokenBlock,
    TokenKinds,
    marked,
    spellings,
)
from anchorlint.text.spacy_startup import blank_english, import_spacy

COMPONENT = "anchorlint_boundaries"


def _register_component() -> None:
    from spacy.language import Language

    if not Language.has_factory(COMPONENT):
        Language.factory(
            COMPONENT,
            func=lambda nlp, name: SentenceBoundaries(nlp.vocab, bool(nlp.pipe_names)),
        )


class SentenceBoundaries:
    """The pipeline component: sentence starts, then the repairs summaries need."""

    def __init__(self, vocab: Any, after_others: bool = True) -> None:
        """``after_others``: components run before this one (a trained model's), which may
        have set sentence starts or a parse; a blank pipeline has none to ask about."""
        from spacy.pipeline import Sentencizer

        self.after_others = after_others

        strings = vocab.strings
        self.enders = frozenset(strings.add(c) for c in Sentencizer.default_punct_chars)
        #: every spelling whose lower case is "etc." (one token) or "etc" (then "."): the
        #: Doc's LOWER column is each token's text lower-cased, and only ASCII letters
        #: lower-case to "e", "t" and "c"
        self.etc = (
            (frozenset(strings.add(v) for v in spellings("etc.")), 1),
            (frozenset(strings.add(v) for v in spellings("etc")), 2),
        )
        self.separator = strings.add(SEPARATOR)
        self.kinds = TokenKinds(vocab, self.enders, self.etc[0][0], self.etc[1][0])
        #: the tokens a block's sentence starts are found from: sentence ends, the two
        #: spellings of "etc." (and the separator between joined blocks)
        self.marks = self.enders | self.etc[0][0] | self.etc[1][0] | {self.separator}

    def __call__(self, doc: Any) -> Any:
        """Record each sentence's bounds on the Doc (:data:`BOUNDS`).

        Starts found here are written to the Doc only over a trained recogniser's: the
        rules read sentences through the bounds, and the one token attribute they ask
        (``is_sent_start`` of a token after a hit, never a sentence's first) is not a start
        either way."""
        if len(doc) == 0 or (self.after_others and doc.has_annotation("DEP")):
            return doc  # a trained parser's boundaries are its own
        orth, idx = doc.to_array(TOKEN_COLUMNS).T.tolist()
        block = TokenBlock(self, doc, orth, 0, len(orth))
        if self.after_others and doc.has_annotation("SENT_START"):  # a trained recogniser's
            import numpy
            from spacy.attrs import SENT_START

            dense = [int(s) for s in doc.to_array(SENT_START).astype("int64")]
            starts = {i: 1 for i in range(1, len(dense)) if dense[i] == 1}
            block.repair(starts, block.marks(self.marks))
            for index, value in starts.items():
                dense[index] = value
            column = numpy.array(dense, dtype="int64").view("uint64").reshape(-1, 1)
            doc.from_array([SENT_START], column)
        else:
            marks = block.marks(self.marks)
            starts = block.sent_starts(marks)
            block.repair(starts, marks)
        doc.user_data[BOUNDS] = block.bounds(starts, idx)
        return doc


class Pipeline:
    """One pipeline plus the matchers rules build on it, owned by one worker.

    spaCy is imported and the pipeline built on the first text that needs parsing: a run
    whose summaries hold no trigger word of any rule never pays for it.
    """

    def __init__(self, model: str = "") -> None:
        self.model = model
        self.has_model = bool(model)
        self._matchers: dict[str, Any] = {}

    @cached_property
    def nlp(self) -> Any:
        """spaCy and the pipeline, built with the cyclic garbage collector paused: importing
        spaCy allocates some hundred thousand objects that live as long as the process, and
        the collections they set off cost a tenth of the import. They are then frozen out of
        every later collection (one per few hundred blocks would walk them all again)."""
        with frozen_for_life():
            spacy = import_spacy()
            _register_component()
            if self.model:
                nlp = spacy.load(self.model, exclude=["ner", "lemmatizer", "textcat"])
            else:
                nlp = blank_english()
            nlp.add_pipe(COMPONENT, last=True)
        return nlp

    def pipe(self, texts: Sequence[str]) -> list[Any]:
        """A Doc per text. A trained model's components run in batches (``nlp.pipe``); the
        blank pipeline's one rule-based component runs on each Doc as it is made, without
        the generators and error handling ``nlp.pipe`` wraps around every Doc (as much
        again as the component itself on a short block)."""
        if not texts:
            return []
        nlp = self.nlp
        if self.has_model:
            return list(nlp.pipe([broken_runs(text) for text in texts], batch_size=256))
        make_doc = nlp.make_doc
        components = self._components
        docs = []
        for text in texts:
            doc = make_doc(broken_runs(text))
            for component in components:
                doc = component(doc)
            docs.append(doc)
        return docs

    @cached_property
    def _components(self) -> list[Any]:
        """The blank pipeline's components, read once: ``nlp.pipeline`` builds a new frozen
        list (and formats the error message it would raise) on every read, and nothing adds
        a component to a pipeline after it is built here."""
        return [component for _, component in self.nlp.pipeline]

    def parse_groups(self, groups: Sequence[Sequence[str]]) -> list[list[ParsedBlock]]:
        """Each text of each group (a summary's blocks) parsed into sentences.

        With the blank pipeline, a group's texts share one Doc, joined by
        :data:`SEPARATOR`: spaCy's tokenizer splits on whitespace first, so each text keeps
        its own tokens, and a Doc per block cost as much again as its tokens (the Doc, the
        arrays read from it, a matcher call per rule). Sentences are found block by block
        and never cross one. A text that starts or ends with whitespace, or holds the
        separator, gets a Doc of its own, as does every text of a trained pipeline."""
        if not any(groups):
            return [[] for _ in groups]
        if self.has_model:
            docs = iter(self.pipe([text for group in groups for text in group]))
            return [[_whole(next(docs)) for _ in group] for group in groups]
        return [self._parse_group(group) for group in groups]

    def _parse_group(self, group: Sequence[str]) -> list[ParsedBlock]:
        joinable = [_joinable(text) for text in group]
        shared = [text for text, join in zip(group, joinable, strict=True) if join]
        joined = iter(self._parse_joined(shared) if len(shared) > 1 else ())
        parsed = []
        for text, join in zip(group, joinable, strict=True):
            block = next(joined, None) if join else None  # none left: the Doc did not split
            parsed.append(block or _whole(self.pipe([text])[0]))
        return parsed

    def _parse_joined(self, texts: list[str]) -> list[ParsedBlock]:
        """Texts joined into one Doc, each with its sentences (none when the Doc does not
        split where expected: then every text gets its own)."""
        doc = self.nlp.make_doc(broken_runs(SEPARATOR.join(texts)))
        component = self.boundaries
        orth, idx = doc.to_array(TOKEN_COLUMNS).T.tolist()
        separator = component.separator
        found = marked(orth, component.marks, 0, len(orth))
        cuts = [i for i in found if orth[i] == separator]
        if len(cuts) != len(texts) - 1:
            return []
        cuts.append(len(orth))
        parsed = []
        lo = base = at = 0
        kinds = component.kinds
        for text, hi in zip(texts, cuts, strict=True):
            stop = at
            while stop < len(found) and found[stop] < hi:
                stop += 1
            if stop == at:  # no mark: one sentence (a heading, a bullet), nothing to repair
                end = idx[hi - 1] + (kinds[orth[hi - 1]] >> LENGTH_SHIFT)
                bounds = [(lo, hi, idx[lo] - base, end - base)]
            else:
                block = TokenBlock(component, doc, orth, lo, hi)
                inside = found[at:stop]
                starts = block.sent_starts(inside)
                block.repair(starts, inside)
                bounds = block.bounds(starts, idx, base)
            parsed.append(ParsedBlock(doc, bounds, base))
            base += len(text) + len(SEPARATOR)
            lo, at = hi + 1, stop + 1
        return parsed

    @cached_property
    def boundaries(self) -> SentenceBoundaries:
        """The pipeline's boundary component."""
        return cast(SentenceBoundaries, self.nlp.get_pipe(COMPONENT))

    def matcher(self, name: str, build: Callable[[Any], Any]) -> Any:
        """A Matcher/PhraseMatcher built once per pipeline by ``build(nlp)``."""
        matcher = self._matchers.get(name)
        if matcher is None:
            matcher = self._matchers[name] = build(self.nlp)
        return matcher


#: what joins a summary's blocks in one Doc (as in the summary's own text)
SEPARATOR = "\n\n"

#: the longest run of characters without whitespace spaCy is given whole: its tokenizer strips
#: prefixes and suffixes one at a time, searching the rest of the run again each time, so a
#: run of ``)``, ``=``, ``§`` or emoji costs the square of its length (16,000 characters took
#: a minute). URLs, paths and code spans are far shorter than this.
MAX_RUN = 1000
#: how far apart the spaces are that break a longer run
RUN_STEP = 250
#: the start of a run longer than :data:`MAX_RUN`: searched only where a run starts, so
#: finding them costs one pass over the text
_LONG_RUN = re.compile(rf"(?<!\S)\S{{{MAX_RUN + 1}}}")
_RUN_END = re.compile(r"\s")


def broken_runs(text: str) -> str:
    """``text`` as spaCy is given it: the same length, so every offset stays the text's own,
    with a space in place of every :data:`RUN_STEP`-th character of a run without whitespace
    longer than :data:`MAX_RUN` (such a run is no word, name or pointer; its tokens are cut
    into pieces spaCy tokenizes in time proportional to the run). Any other text is
    returned as it is."""
    found = _LONG_RUN.search(text) if len(text) > MAX_RUN else None
    if found is None:
        return text
    chars = list(text)
    while found is not None:
        start = found.start()
        end_match = _RUN_END.search(text, found.end())
        end = len(text) if end_match is None else end_match.start()
        for at in range(start + RUN_STEP, end, RUN_STEP):
            chars[at] = " "
        found = _LONG_RUN.search(text, end)
    return "".join(chars)


class ParsedBlock(NamedTuple):
    """One block's parse: its Doc (maybe shared with the summary's other blocks), each
    sentence's (first token, end token, start char, end char) with tokens counted in the Doc
    and characters in the block's own text, and where that text starts in the Doc."""

    doc: Any
    bounds: list[tuple[int, int, int, int]]
    base: int


def _joinable(text: str) -> bool:
    """Whether a block keeps its own tokens inside a joined Doc: whitespace at either end
    would merge with the separator into one token."""
    return bool(text) and not text[0].isspace() and not text[-1].isspace() and SEPARATOR not in text


def _whole(doc: Any) -> ParsedBlock:
    return ParsedBlock(doc, doc_bounds(doc), 0)


def doc_bounds(doc: Any) -> list[tuple[int, int, int, int]]:
    """(first token, end token, start char, end char) of each sentence of a Doc of its own,
    from token arrays: ``doc.sents`` builds a Python object for every token, and a Span per
    sentence costs as much again, though rules look at only the few sentences that hold a
    hit."""
    if len(doc) == 0:
        return []
    kept = doc.user_data.get(BOUNDS)
    if kept is not None:  # the boundary component's own, read off the arrays it had
        return list(kept)
    from spacy.attrs import IDX, LENGTH, SENT_START

    starts, idx, length = doc.to_array([SENT_START, IDX, LENGTH]).T.tolist()
    firsts = sorted({0, *(i for i, s in enumerate(starts) if s == 1)})
    ends = [*firsts[1:], len(starts)]
    return [(a, b, idx[a], idx[b - 1] + length[b - 1]) for a, b in zip(firsts, ends, strict=True)]
