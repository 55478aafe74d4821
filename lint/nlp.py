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
from typing import Any

_NO_BOUNDARY_AFTER = frozenset(
    {"fig", "figs", "sec", "secs", "no", "nos", "approx", "vs", "cf", "al", "ca", "vol", "pp"}
)
_ENDERS = frozenset({".", "!", "?", "…", "..."})
COMPONENT = "anchorlint_boundaries"
#: the letter anchors are masked with before spaCy sees the text (see summary.ANCHOR_MASK)
CITATION_MASK = "X"


def _register_component() -> None:
    from spacy.language import Language

    if Language.has_factory(COMPONENT):
        return

    @Language.component(COMPONENT)
    def repair_boundaries(doc: Any) -> Any:
        """Closing ``etc.`` ends a sentence; an abbreviation's full stop does not."""
        for index in range(1, len(doc)):
            previous, token = doc[index - 1], doc[index]
            if previous.lower_ in ("etc.", "e.g.", "i.e.") and index >= 1:
                token.is_sent_start = previous.lower_ == "etc." and token.text[:1].isupper()
            elif (
                token.is_sent_start
                and _is_citation(doc, index)
                or (
                    previous.text == "."
                    and index >= 2
                    and doc[index - 2].lower_ in _NO_BOUNDARY_AFTER
                    and not doc[index - 2].whitespace_
                )
            ):
                token.is_sent_start = False
        return doc


def _is_citation(doc: Any, index: int) -> bool:
    """An anchor right after a sentence's end cites that sentence: ``"…." [[doc#L3]]``."""
    text = doc[index].text
    if text == "(" and index + 1 < len(doc):
        text = doc[index + 1].text
    return len(text) >= 4 and text == CITATION_MASK * len(text)


class Pipeline:
    """One loaded pipeline plus the matchers rules build on it, owned by one worker."""

    def __init__(self, model: str = "") -> None:
        import spacy

        _register_component()
        if model:
            self.nlp = spacy.load(model, exclude=["ner", "lemmatizer", "textcat"])
        else:
            self.nlp = spacy.blank("en")
        if "parser" not in self.nlp.pipe_names and "senter" not in self.nlp.pipe_names:
            self.nlp.add_pipe("sentencizer")
        self.nlp.add_pipe(COMPONENT, last=True)
        self.has_model = bool(model)
        self._matchers: dict[str, Any] = {}

    def pipe(self, texts: Sequence[str]) -> list[Any]:
        return list(self.nlp.pipe(texts, batch_size=256))

    def matcher(self, name: str, build: Callable[[Any], Any]) -> Any:
        """A Matcher/PhraseMatcher built once per pipeline by ``build(vocab)``."""
        matcher = self._matchers.get(name)
        if matcher is None:
            matcher = self._matchers[name] = build(self.nlp.vocab)
        return matcher
