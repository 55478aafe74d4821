"""The spaCy pipeline: imported only when a summary is linted.

The default is ``spacy.blank("en")`` with one rule-based component that finds sentence
starts as spaCy's Sentencizer does and repairs the boundaries it gets wrong in summaries (a
boundary after a closing ``etc.``, none after ``Fig.``/``approx.``). Anchors and inline code are masked with letters
of the same length before spaCy sees the text, so each anchor stays one token and offsets
stay those of the original prose. A trained model named in config may be loaded instead;
no rule depends on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

_NO_BOUNDARY_AFTER = frozenset(
    {"fig", "figs", "sec", "secs", "no", "nos", "approx", "vs", "cf", "al", "ca", "vol", "pp"}
)
COMPONENT = "anchorlint_boundaries"
#: the letter anchors are masked with before spaCy sees the text (see summary.ANCHOR_MASK)
CITATION_MASK = "X"


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
            (frozenset(strings.add(v) for v in _spellings("etc.")), 1),
            (frozenset(strings.add(v) for v in _spellings("etc")), 2),
        )

    def __call__(self, doc: Any) -> Any:
        """Record each sentence's bounds on the Doc (:data:`BOUNDS`).

        Starts found here are written to the Doc only over a trained recogniser's: the
        rules read sentences through the bounds, and the one token attribute they ask
        (``is_sent_start`` of a token after a hit, never a sentence's first) is not a start
        either way."""
        if len(doc) == 0 or (self.after_others and doc.has_annotation("DEP")):
            return doc  # a trained parser's boundaries are its own
        tokens = _Tokens(doc)
        if self.after_others and doc.has_annotation("SENT_START"):  # a trained recogniser's
            import numpy
            from spacy.attrs import SENT_START

            starts = [int(s) for s in doc.to_array(SENT_START).astype("int64")]
            tokens.repair(starts, self.etc)
            column = numpy.array(starts, dtype="int64").view("uint64").reshape(-1, 1)
            doc.from_array([SENT_START], column)
        else:
            starts = tokens.sent_starts(self.enders)
            tokens.repair(starts, self.etc)
        doc.user_data[BOUNDS] = tokens.bounds(starts)
        return doc


def _spellings(word: str) -> list[str]:
    """``word`` in every mix of upper- and lower-case letters."""
    spellings = [""]
    for char in word:
        cases = {char, char.upper()}
        spellings = [s + c for s in spellings for c in sorted(cases)]
    return spellings


#: where the component leaves each sentence's (first token, end token, start char, end
#: char) on the Doc, so summary assembly need not read the starts back
BOUNDS = "anchorlint_bounds"


class _Tokens:
    """A Doc's token texts as a list of ids, read with one ``to_array`` call: the loop over
    Token objects spaCy's sentencizer runs costs as much as tokenising, and numpy's calls
    cost more than loops on blocks of a few dozen tokens. Only the ids are read in full;
    sentence ends are few, so starts are found from each ending character onwards (the same
    rule: after a sentence-ending character, the next token that is no punctuation), and the
    other attributes are read token by token where a start or a repair looks."""

    def __init__(self, doc: Any) -> None:
        from spacy.attrs import ORTH

        self.orth: list[int] = doc.to_array(ORTH).tolist()
        self.size = len(self.orth)
        self.strings = doc.vocab.strings
        self.doc = doc

    def is_space(self, index: int) -> bool:
        return bool(self.doc[index].is_space)

    def is_punct(self, index: int) -> bool:
        return bool(self.doc[index].is_punct)

    def text(self, index: int) -> str:
        return self.strings[self.orth[index]]

    def sent_starts(self, enders: frozenset[int]) -> list[int]:
        """1 where a sentence starts, -1 elsewhere, as spaCy's Sentencizer decides."""
        starts = [-1] * self.size
        starts[0] = 1
        orth, size = self.orth, self.size
        if enders.isdisjoint(orth):
            return starts
        after = 0
        for index in [i for i, o in enumerate(orth) if o in enders]:
            if index < after:
                continue  # an ending mark before the start already found
            after = index + 1
            while after < size and (orth[after] in enders or self.is_punct(after)):
                after += 1
            if after < size:
                starts[after] = 1
        return starts

    def bounds(self, starts: list[int]) -> list[tuple[int, int, int, int]]:
        """(first token, end token, start char, end char) of each sentence."""
        firsts = [i for i, s in enumerate(starts) if s == 1]
        if not firsts or firsts[0] != 0:
            firsts.insert(0, 0)
        ends = [*firsts[1:], self.size]
        doc = self.doc
        found = []
        for a, b in zip(firsts, ends, strict=True):
            last = doc[b - 1]
            found.append((a, b, doc[a].idx, last.idx + len(last)))
        return found

    def repair(self, starts: list[int], etc: tuple[tuple[frozenset[int], int], ...]) -> None:
        """A closing ``etc.`` ends a sentence; an abbreviation's full stop and a citation
        after a sentence's end do not."""
        for index in [i for i, start in enumerate(starts) if start == 1]:
            if index > 0 and self._is_citation(index):
                starts[index] = -1
                self._start_after_citation(index, starts)
            elif index > 0 and self._after_abbreviation(index):
                starts[index] = -1
        # "etc." (one token, or "etc" + ".") ends a sentence only before a capital letter
        size = self.size
        for kinds, width in etc:
            if kinds.isdisjoint(self.orth):
                continue
            for index in [i for i, orth in enumerate(self.orth) if orth in kinds]:
                after = index + width
                if width == 2 and (after > size or self.text(index + 1) != "."):
                    continue
                if after < size:
                    starts[after] = 1 if self.text(after)[:1].isupper() else -1

    def _start_after_citation(self, index: int, starts: list[int]) -> None:
        """The sentence after a trailing citation starts at its first capitalised word."""
        after = index + 1
        while after < self.size and (self.is_punct(after) or self.is_space(after)):
            after += 1
        if after < self.size and self.text(after)[:1].isupper():
            starts[after] = 1

    def _after_abbreviation(self, index: int) -> bool:
        return (
            index >= 2
            and self.text(index - 1) == "."
            and self.text(index - 2).lower() in _NO_BOUNDARY_AFTER
            and not self.doc[index - 2].whitespace_
        )

    def _is_citation(self, index: int) -> bool:
        """An anchor right after a sentence's end cites that sentence (``"…." [[doc#L3]]``),
        unless the words after it continue a new sentence (``[[doc]] holds the steps``)."""
        size = self.size
        at = index + 1 if self.text(index) == "(" and index + 1 < size else index
        text = self.text(at)
        if len(text) < 4 or text != CITATION_MASK * len(text):
            return False
        after = at + 1
        while after < size and (self.text(after) in (")", "]") or self.is_space(after)):
            after += 1
        return after >= size or self.is_punct(after) or self.text(after)[:1].isupper()


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
        import gc

        collecting = gc.isenabled()
        gc.disable()
        try:
            import spacy

            _register_component()
            if self.model:
                nlp = spacy.load(self.model, exclude=["ner", "lemmatizer", "textcat"])
            else:
                nlp = spacy.blank("en")
            nlp.add_pipe(COMPONENT, last=True)
        finally:
            if collecting:
                gc.freeze()
                gc.enable()
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
            return list(nlp.pipe(texts, batch_size=256))
        make_doc = nlp.make_doc
        components = [component for _, component in nlp.pipeline]
        docs = []
        for text in texts:
            doc = make_doc(text)
            for component in components:
                doc = component(doc)
            docs.append(doc)
        return docs

    def matcher(self, name: str, build: Callable[[Any], Any]) -> Any:
        """A Matcher/PhraseMatcher built once per pipeline by ``build(nlp)``."""
        matcher = self._matchers.get(name)
        if matcher is None:
            matcher = self._matchers[name] = build(self.nlp)
        return matcher
