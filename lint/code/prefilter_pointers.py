"""The prefilter's evidence on the pointer side: resolvers and pointer records.

A resolver turns a pointer back into source text (ANC302, ANC305, ANC307) and a pointer or
provenance record names where a span came from (ANC304); the triggers here find either in the
raw text, without LibCST, as :mod:`anchorlint.code.prefilter` finds summarizer calls. They read
signatures and class headers, not calls, so they share only the engine with it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.prefilter import CallFinder, CodeTrigger, alternation, words_of
from anchorlint.config import CodeSettings

#: fields that make a record a pointer on their own; ``uri``/``document`` count only in a class
#: named like a pointer, which the class words below already find
_DOCUMENT_FIELDS = r"doc_id|source_id|chunk_id"
#: class-name words of pointer and provenance records, whatever the configured sink words are
_RECORD_CLASS_WORDS = ("Pointer", "Provenance", "Citation", "Anchor", "Locator")


def _resolvers(settings: CodeSettings) -> tuple[str, ...]:
    return settings.resolver_names + settings.extra_resolver_names


@lru_cache(maxsize=16)
def resolver_definitions(settings: CodeSettings) -> CodeTrigger:
    """A function defined with a resolver's name (``def resolve_span``, ``def fetch_span``)."""
    resolvers = _resolvers(settings)
    return CodeTrigger(LazyPattern(rf"\bdef\s+_*(?:{alternation(resolvers)})"), words_of(resolvers))


@lru_cache(maxsize=16)
def resolvers_reading_files(settings: CodeSettings) -> CodeTrigger:
    """A function defined with a resolver's name in a module that opens or reads a file: a
    resolver may read its source itself (``open(path, "rb")``) rather than be handed it
    (ANC305)."""
    return replace(resolver_definitions(settings), needles=("open(", "read_bytes(", "read_text("))


#: how far a signature is read; a longer one counts as holding a source parameter
_SIGNATURE_CHARS = 2000
#: a ``str`` or ``bytes`` annotation in a signature
_TYPED_TEXT = LazyPattern(r"(?<![\w.])(?:str|bytes)(?!\w)")
#: ``return text[...]``: what makes a str/bytes parameter a resolver's source
#: ``return text[...]``, or ``return "\n".join(lines[...])`` (a slice by line)
_RETURNS_SLICE = LazyPattern(
    r"\breturn[ \t]+(?:[\w.]+|(?:\"[^\"\n]{0,8}\"|'[^'\n]{0,8}')\.join\([ \t]*[\w.]+)[ \t]*\["
)


class _SourceSignature:
    """Whether a function named like a resolver takes a source: a parameter named like one
    (``source``, ``original_bytes``, ``doc``) or annotated ``str``/``bytes`` (RULES.md's
    fallback), read in the lower-cased signature between its parentheses. A
    resolver without one is no resolver to ANC305 and ANC307, and pip's ``def resolve(self,
    root_reqs)`` need not be parsed. A signature holding a quote (a default string may hold a
    parenthesis) or longer than the budget counts."""

    def __init__(
        self, resolvers: tuple[str, ...], named: LazyPattern, typed: LazyPattern | None
    ) -> None:
        stems = alternation(resolvers)
        self.head = LazyPattern(rf"\bdef\s+_*(?:{stems})\w*\s*(?:\[[^\]\n]*\]\s*)?\(")
        self.named = named
        self.typed = typed

    def __call__(self, low: str) -> bool:
        for found in self.head.finditer(low):
            depth, end = 1, found.end()
            stop = min(len(low), end + _SIGNATURE_CHARS)
            while end < stop and depth:
                char = low[end]
                if char in "([{":
                    depth += 1
                elif char in ")]}":
                    depth -= 1
                elif char in "'\"":
                    return True
                end += 1
            signature = low[found.end() : end]
            if depth or self.named.search(signature):
                return True
            if (
                self.typed is not None
                and self.typed.search(signature)
                and _RETURNS_SLICE.search(low)
            ):
                return True  # the fallback: a str/bytes parameter whose slice is returned
        return False


@lru_cache(maxsize=16)
def resolvers_with_source(settings: CodeSettings) -> CodeTrigger:
    """A function named like a resolver that takes a source parameter (ANC305, ANC307)."""
    resolvers = _resolvers(settings)
    named = LazyPattern(rf"(?<!\w)_*(?:{alternation(settings.source_parameter_names)})")
    finder = _SourceSignature(resolvers, named, _TYPED_TEXT)
    return CodeTrigger(LazyPattern(r"(?!x)x"), words_of(resolvers), finder=finder)


#: a summary handed on by keyword or bound by name (``summary=``, ``compacted_text =``)
_SUMMARY_BINDING = LazyPattern(r"\b_*(?:summar|compact|compressed)\w*\s*=[^=]")
#: a parameter named like a summary in a signature
_SUMMARY_PARAMETER = LazyPattern(r"(?<!\w)_*(?:summar|compact|compressed)")


class _ResolverBesideSummary:
    """A resolver-named call in a module that binds a summary by name or defines a resolver
    with a summary parameter: what ANC302's same-value reading needs."""

    def __init__(self, resolvers: tuple[str, ...]) -> None:
        self.calls = CallFinder(alternation(resolvers), prompts=False)
        self.definitions = _SourceSignature(resolvers, _SUMMARY_PARAMETER, None)

    def __call__(self, low: str) -> bool:
        named = _SUMMARY_BINDING.search(low) is not None or self.definitions(low)
        return named and self.calls(low)


@lru_cache(maxsize=16)
def resolver_calls_beside_summaries(settings: CodeSettings) -> CodeTrigger:
    """A call of something named like a resolver in a module that names a summary
    (``summary=``, a ``summary_bytes`` parameter): one value handed as both source and
    summary (ANC302's reading without a summarizer call)."""
    return CodeTrigger(
        LazyPattern(r"(?!x)x"),
        ("summar", "compact", "compressed"),
        finder=_ResolverBesideSummary(_resolvers(settings)),
    )


@lru_cache(maxsize=16)
def pointer_classes(settings: CodeSettings) -> CodeTrigger:
    """A class whose name holds a pointer or provenance record word (``Pointer``,
    ``Citation``; matched as written), or a document field (``doc_id``) near a ``class``."""
    classy = "|".join(re.escape(w) for w in sorted(_RECORD_CLASS_WORDS))
    return CodeTrigger(
        LazyPattern(rf"\bclass[ \t]+\w*(?:{classy})|\b(?:{_DOCUMENT_FIELDS})\b"),
        ("class",),
        case_sensitive=True,
        needles=(*(w.lower() for w in sorted(_RECORD_CLASS_WORDS)), *_DOCUMENT_FIELDS.split("|")),
    )


@lru_cache(maxsize=16)
def loosely_named_pointer_classes(settings: CodeSettings) -> CodeTrigger:
    """A class named with a configured pointer word only (``SpanRuler``) in a module that
    names ``uri`` or ``document``: such a class is a pointer only by those fields."""
    words = set(settings.pointer_class_words) - set(_RECORD_CLASS_WORDS)
    classy = "|".join(re.escape(w) for w in sorted(words)) or r"(?!x)x"
    return CodeTrigger(
        LazyPattern(rf"\bclass[ \t]+\w*(?:{classy})"), ("uri", "document"), case_sensitive=True
    )
