"""The spaCy pipeline: imported only when a summary is linted.

The default is ``spacy.blank("en")`` with a sentencizer and one rule-based component that
repairs boundaries the sentencizer gets wrong in summaries (a boundary after a closing
``etc.``, none after ``Fig.``/``approx.``). Anchors and inline code are masked with letters
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

    if Language.has_factory(COMPONENT):
        return

    @Language.component(COMPONENT)
    def repair_boundaries(doc: Any) -> Any:
        """A closing ``etc.`` ends a sentence; an abbreviation's full stop and a citation
        after a sentence's end do not. Only candidate tokens are visited: tokens are costly
        Python objects, and most of a summary needs no repair."""
        if len(doc) < 2:
            return doc
        from spacy.attrs import LOWER, SENT_START

        for index in (int(i) for i in (doc.to_array(SENT_START) == 1).nonzero()[0]):
            if index > 0 and _is_citation(doc, index):
                doc[index].is_sent_start = False
                _start_after_citation(doc, index)
            elif index > 0 and _after_abbreviation(doc, index):
                doc[index].is_sent_start = False
        lower = doc.to_array(LOWER)
        strings = doc.vocab.strings
        # "etc." (one token, or "etc" + ".") ends a sentence only before a capital letter
        for kind, width in ((strings.add("etc."), 1), (strings.add("etc"), 2)):
            for index in (int(i) for i in (lower == kind).nonzero()[0]):
                after = index + width
                if width == 2 and (after > len(doc) or doc[index + 1].text != "."):
                    continue
                if after < len(doc):
                    doc[after].is_sent_start = doc[after].text[:1].isupper()
        return doc


def _start_after_citation(doc: Any, index: int) -> None:
    """The sentence after a trailing citation starts at its first capitalised word."""
    after = index + 1
    while after < len(doc) and (doc[after].is_punct or doc[after].is_space):
        after += 1
    if after < len(doc) and doc[after].text[:1].isupper():
        doc[after].is_sent_start = True


def _after_abbreviation(doc: Any, index: int) -> bool:
    previous = doc[index - 1]
    return (
        previous.text == "."
        and index >= 2
        and doc[index - 2].lower_ in _NO_BOUNDARY_AFTER
        and not doc[index - 2].whitespace_
    )


def _is_citation(doc: Any, index: int) -> bool:
    """An anchor right after a sentence's end cites that sentence (``"…." [[doc#L3]]``),
    unless the words after it continue a new sentence (``[[doc]] holds the steps``)."""
    at = index + 1 if doc[index].text == "(" and index + 1 < len(doc) else index
    text = doc[at].text
    if len(text) < 4 or text != CITATION_MASK * len(text):
        return False
    after = at + 1
    while after < len(doc) and (doc[after].text in (")", "]") or doc[after].is_space):
        after += 1
    return after >= len(doc) or doc[after].is_punct or doc[after].text[:1].isupper()


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
        import spacy

        _register_component()
        if self.model:
            nlp = spacy.load(self.model, exclude=["ner", "lemmatizer", "textcat"])
        else:
            nlp = spacy.blank("en")
        if "parser" not in nlp.pipe_names and "senter" not in nlp.pipe_names:
            nlp.add_pipe("sentencizer")
        nlp.add_pipe(COMPONENT, last=True)
        return nlp

    def pipe(self, texts: Sequence[str]) -> list[Any]:
        if not texts:
            return []
        return list(self.nlp.pipe(texts, batch_size=256))

    def matcher(self, name: str, build: Callable[[Any], Any]) -> Any:
        """A Matcher/PhraseMatcher built once per pipeline by ``build(nlp)``."""
        matcher = self._matchers.get(name)
        if matcher is None:
            matcher = self._matchers[name] = build(self.nlp)
        return matcher
