"""The code rules' prefilter: decide from the raw text, without LibCST, whether any code rule
could fire on a file. Most Python files name no summarizer, resolver or pointer class; they are
never parsed by LibCST, and linting them never imports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from anchorlint.config import CodeSettings

#: fields that make a record a pointer on their own; ``uri``/``document`` count for ANC304
#: only in a class named like a pointer, which the class words below already find
_DOCUMENT_FIELDS = r"doc_id|source_id|chunk_id"
#: the ANC304 class-name words, whatever the configured ANC301 sink words are
_RECORD_CLASS_WORDS = ("Pointer", "Provenance", "Citation", "Anchor", "Locator")


class ParseFailure(Exception):
    """LibCST rejected the file; the engine reports it as ANC002."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message


def _alternation(names: tuple[str, ...]) -> str:
    cleaned = sorted({n.lstrip("_").lower() for n in names if n.strip("_")}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in cleaned) or r"(?!x)x"


@dataclass(frozen=True)
class Prefilter:
    """Literal words checked first (fast substring search), then one regex per rule family.

    Summarizer *calls* (ANC301/303/306 and ANC302's flow clause need a compaction output);
    resolver *definitions* (ANC305/307, and ANC302's same-name clause on a local resolver);
    ``summary=``-like keywords (ANC302's same-name clause on another module's resolver);
    pointer class words or document fields next to ``class`` (ANC304). All run on the
    lower-cased text except the class words, which are matched as written.
    """

    summarizer_words: tuple[str, ...]
    resolver_words: tuple[str, ...]
    summarizer_call: re.Pattern[str]
    resolver_def: re.Pattern[str]
    summary_keyword: re.Pattern[str]
    class_words: re.Pattern[str]

    def may_fire(self, source: str) -> bool:
        low = source.lower()
        if any(w in low for w in self.summarizer_words) and (
            self.summarizer_call.search(low) or self.summary_keyword.search(low)
        ):
            return True
        if (
            "def" in low
            and any(w in low for w in self.resolver_words)
            and self.resolver_def.search(low)
        ):
            return True
        return "class" in low and self.class_words.search(source) is not None


def _words(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted({n.lstrip("_").lower() for n in names if n.strip("_")}))


@lru_cache(maxsize=16)
def prefilter(settings: CodeSettings) -> Prefilter:
    summarizers = settings.summarizer_names + settings.extra_summarizer_names
    resolvers = settings.resolver_names + settings.extra_resolver_names
    words = {*settings.pointer_class_words, *_RECORD_CLASS_WORDS}
    classy = "|".join(re.escape(w) for w in sorted(words))
    return Prefilter(
        summarizer_words=_words((*summarizers, "summar", "compact")),
        resolver_words=_words(resolvers),
        summarizer_call=re.compile(rf"(?<![a-z0-9])_*(?:{_alternation(summarizers)})\w*\s*\("),
        resolver_def=re.compile(rf"\bdef\s+_*(?:{_alternation(resolvers)})"),
        summary_keyword=re.compile(r"(?<![a-z0-9])_*(?:summar|compact|compressed)\w*\s*=(?!=)"),
        class_words=re.compile(rf"{classy}|\b(?:{_DOCUMENT_FIELDS})\b"),
    )


def may_fire(source: str, settings: CodeSettings) -> bool:
    """False only when no code rule could fire on ``source``; the engine then skips parsing."""
    return prefilter(settings).may_fire(source)
