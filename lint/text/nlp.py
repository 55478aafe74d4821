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
from typing import Any, NamedTuple

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
    other attributes are read token by token where a start or a repair looks.

    The tokens looked at are those of ``[lo, size)``: one block of a Doc that holds several
    (:meth:`Pipeline.parse_groups`), whose sentences neither start nor look beyond it.
    Indices are the Doc's."""

    def __init__(self, doc: Any, orth: list[int] | None = None, lo: int = 0, hi: int = -1) -> None:
        if orth is None:
            from spacy.attrs import ORTH

            orth = doc.to_array(ORTH).tolist()
        self.orth: list[int] = orth
        self.lo = lo
        self.size = len(orth) if hi < 0 else hi
        self.strings = doc.vocab.strings
        self.doc = doc

    def block(self, lo: int, hi: int) -> _Tokens:
        """The same Doc's tokens ``[lo, hi)``."""
        return _Tokens(self.doc, self.orth, lo, hi)

    def is_space(self, index: int) -> bool:
        return bool(self.doc[index].is_space)

    def is_punct(self, index: int) -> bool:
        return bool(self.doc[index].is_punct)

    def text(self, index: int) -> str:
        return self.strings[self.orth[index]]

    def sent_starts(self, enders: frozenset[int], starts: list[int] | None = None) -> list[int]:
        """1 where a sentence starts, -1 elsewhere, as spaCy's Sentencizer decides (written
        into ``starts`` over the tokens looked at, when given)."""
        lo, size = self.lo, self.size
        if starts is None:
            starts = [-1] * size
        starts[lo] = 1
        orth = self.orth
        after = lo
        for index in [i for i in range(lo, size) if orth[i] in enders]:
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
        lo, size = self.lo, self.size
        firsts = [i for i in range(lo + 1, size) if starts[i] == 1]
        firsts.insert(0, lo)
        ends = [*firsts[1:], size]
        doc = self.doc
        found = []
        for a, b in zip(firsts, ends, strict=True):
            last = doc[b - 1]
            found.append((a, b, doc[a].idx, last.idx + len(last)))
        return found

    def repair(self, starts: list[int], etc: tuple[tuple[frozenset[int], int], ...]) -> None:
        """A closing ``etc.`` ends a sentence; an abbreviation's full stop and a citation
        after a sentence's end do not."""
        lo, size = self.lo, self.size
        for index in [i for i in range(lo + 1, size) if starts[i] == 1]:
            if self._is_citation(index):
                starts[index] = -1
                self._start_after_citation(index, starts)
            elif self._after_abbreviation(index):
                starts[index] = -1
        # "etc." (one token, or "etc" + ".") ends a sentence only before a capital letter
        orth = self.orth[lo:size]
        for kinds, width in etc:
            if kinds.isdisjoint(orth):
                continue
            for index in [lo + i for i, o in enumerate(orth) if o in kinds]:
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
            index - 2 >= self.lo
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
        nlp = self.nlp
        doc = nlp.make_doc(SEPARATOR.join(texts))
        tokens = _Tokens(doc)
        separator = nlp.vocab.strings.add(SEPARATOR)
        cuts = [i for i, orth in enumerate(tokens.orth) if orth == separator]
        if len(cuts) != len(texts) - 1:
            return []
        component = nlp.get_pipe(COMPONENT)
        starts = [-1] * tokens.size
        parsed = []
        base = 0
        for text, lo, hi in zip(
            texts, [0, *(c + 1 for c in cuts)], [*cuts, tokens.size], strict=True
        ):
            block = tokens.block(lo, hi)
            block.sent_starts(component.enders, starts)
            block.repair(starts, component.etc)
            bounds = [(a, b, c - base, d - base) for a, b, c, d in block.bounds(starts)]
            parsed.append(ParsedBlock(doc, bounds, base))
            base += len(text) + len(SEPARATOR)
        return parsed

    def matcher(self, name: str, build: Callable[[Any], Any]) -> Any:
        """A Matcher/PhraseMatcher built once per pipeline by ``build(nlp)``."""
        matcher = self._matchers.get(name)
        if matcher is None:
            matcher = self._matchers[name] = build(self.nlp)
        return matcher


#: what joins a summary's blocks in one Doc (as in the summary's own text)
SEPARATOR = "\n\n"


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
