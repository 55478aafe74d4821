"""The code rules' prefilter: decide from the raw text, without LibCST, whether any enabled code
rule could fire on a file. Most Python files name no summarizer, resolver or pointer class; they
are never parsed by LibCST, and linting them never imports it.

Each code rule declares what it needs to see (:meth:`anchorlint.rulebase.CodeRule.triggers`):
:class:`CodeTrigger` objects, built from the evidence kinds below (a summarizer call, a summary
handed on by keyword) and from the pointer side's (resolvers and pointer records, in
:mod:`anchorlint.code.prefilter_pointers`). The prefilter is the union of the enabled rules'
triggers and knows no rule; a rule that declares none may fire anywhere, so every file is
parsed for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.config import CodeSettings


@dataclass(frozen=True)
class CodeTrigger:
    """Raw-text evidence a code rule needs before a file is parsed.

    It fires when one of ``words`` occurs in the lower-cased text (a fast substring test; no
    words: always) and ``pattern`` matches the lower-cased text (the text as written when
    ``case_sensitive``).
    """

    #: a compiled pattern, or one compiled at first use (:mod:`anchorlint.code.lazy_pattern`)
    pattern: re.Pattern[str] | LazyPattern
    words: tuple[str, ...] = ()
    case_sensitive: bool = False
    #: a linear search of the lower-cased text used instead of ``pattern`` when set
    finder: Callable[[str], bool] | None = None
    #: a second set of lower-cased substrings, one of which must occur too: the literals
    #: every alternative of ``pattern`` holds, so that a file holding none is rejected without
    #: running an alternation the regular expression engine tries at every position
    needles: tuple[str, ...] = ()
    #: used instead of ``pattern`` when set: (lower-cased literal, expression) pairs; it fires
    #: when an expression whose literal occurs matches. One alternation of many first
    #: characters is tried at every position; an expression that starts with a literal is not.
    alternatives: tuple[tuple[str, re.Pattern[str] | LazyPattern], ...] = ()
    #: the trigger asked instead in a module over :data:`LARGE_MODULE_CHARS` (see there)
    large: CodeTrigger | None = None

    def for_size(self, source: str) -> CodeTrigger:
        """This trigger, or its stricter form for a large module."""
        return self.large if self.large is not None and large_module(source) else self

    def fires(self, source: str, low: str) -> bool:
        if self.words and not any(w in low for w in self.words):
            return False
        if self.needles and not any(n in low for n in self.needles):
            return False
        if self.alternatives:
            text = source if self.case_sensitive else low
            return any(n in low and p.search(text) for n, p in self.alternatives)
        if self.finder is not None:
            return self.finder(low)
        return self.pattern.search(source if self.case_sensitive else low) is not None


@dataclass(frozen=True)
class Prefilter:
    """The union of some triggers; ``None`` among them (a rule that cannot say) passes all."""

    triggers: tuple[CodeTrigger, ...]
    everything: bool = False

    def may_fire(self, source: str) -> bool:
        if generated_module(source):
            return False  # its types mirror someone else's schema (RULES.md)
        if self.everything:
            return True
        low = source.lower()
        return any(trigger.for_size(source).fires(source, low) for trigger in self.triggers)


_GENERATED = LazyPattern(
    r"@generated|auto-?generated|\bcode generated\b|\bdo not edit\b"
    r"|\b(?:file|module|code|source|classes|models?) (?:is|was|were|has been) "
    r"(?:automatically |auto-?)?generated\b"
    r"|\bgenerated (?:by|from|with|using)\b[^\n]{0,80}"
    r"(?:codegen|generator|compiler|openapi|swagger|protoc|schema|grpc|stainless|fern|\.proto)",
    re.IGNORECASE,
)
_HEADER_CHARS = 3000


def generated_module(source: str) -> bool:
    """A header (the leading comments and the module docstring) saying the file is generated.

    Generated modules are not analysed: SDK models that mirror a vendor's schema are pointer
    classes without hashes by the dozen, and nobody can fix them where they are generated.
    """
    head = source[:_HEADER_CHARS]
    header: list[str] = []
    quote = ""
    for line in head.splitlines():
        text = line.strip()
        if quote:
            header.append(text)
            if quote in text:
                break
        elif not text or text.startswith("#"):
            header.append(text)
        elif text.lstrip("rRuUbB")[:3] in ('"""', "'''"):
            quote = text.lstrip("rRuUbB")[:3]
            header.append(text)
            if text.count(quote) >= 2:
                break
        else:
            break
    return _GENERATED.search("\n".join(header)) is not None


def union(declared: Iterable[tuple[CodeTrigger, ...] | None]) -> Prefilter:
    """The prefilter of rules that declared ``declared`` (one entry per rule)."""
    triggers: list[CodeTrigger] = []
    for rule_triggers in declared:
        if rule_triggers is None:
            return Prefilter((), everything=True)
        triggers.extend(t for t in rule_triggers if t not in triggers)
    return Prefilter(tuple(triggers))


def alternation(names: tuple[str, ...]) -> str:
    """The names, underscores before them dropped, as one alternation longest first."""
    cleaned = sorted({n.lstrip("_").lower() for n in names if n.strip("_")}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in cleaned) or r"(?!x)x"


def words_of(names: tuple[str, ...]) -> tuple[str, ...]:
    """The names, lower-cased and without leading underscores: a trigger's substrings."""
    return tuple(sorted({n.lstrip("_").lower() for n in names if n.strip("_")}))


def _summarizers(settings: CodeSettings) -> tuple[str, ...]:
    return settings.summarizer_names + settings.extra_summarizer_names


_WORD_REST = LazyPattern(r"\w*")
_OPEN_CALL = LazyPattern(r"[ \t]*\(")
_KEYWORD = LazyPattern(r"\s*=(?!=)")
#: the generic model methods (RULES.md) and some clients' own (``chat_completion``,
#: ``create_chat_completion`` of local-model bindings, ``generate_content``), each also with
#: an ``a`` for its async form; written
#: here, where no LibCST is imported, and read by :mod:`anchorlint.code.model_calls` too
#: model calls named for what they send or return (``llm.generate_text(``,
#: ``provider.text_chat(``, ``provider.create_message(``, ``client.get_response(``,
#: ``self.api._make_api_request(``) or for the model they call
#: (``self.call_model(``, ``self._invoke_llm(``), as a pattern over the name
NAMED_MODEL_METHODS = (
    r"_?a?(?:generate_(?:text|content|response|reply|answer)"
    r"|(?:create|send)_(?:message|messages|completion|chat_completion)"
    r"|get_(?:response|completion|chat_completion|(?:llm|model)_response)"
    r"|make_(?:api_)?request|text_chat|(?:call|invoke|query|ask)_(?:model|llm|lm))"
)
#: model functions imported and called bare (``from litellm import completion``, ``from
#: .llm import create_chat_completion``): only names that say they call a model, as a pattern
#: over the name
BARE_MODEL_FUNCTIONS = (
    r"_?a?(?:(?:create_|get_)?(?:chat_)?completion|generate_content"
    r"|(?:call|invoke|query|ask)_(?:model|llm|lm)|get_(?:llm|model)_response)"
)
#: ``self.model.request(messages, …)``: ``request`` is an HTTP client's too, so a model call only
#: on a receiver named for the model (``model``, ``llm``, ``chat_model``), never a ``client``
MODEL_REQUEST = r"(?i:llm|model)\.a?request[ \t]*\("
#: a function named for the chat-completion request it sends, whatever provider its first words
#: name (``openai_chat_completions_request(``): :mod:`anchorlint.code.model_helpers` counts
#: one as a model call, so the text checks find it too (a superset: the name read there)
CHAT_COMPLETION_SUFFIXES = ("request", "call", "create", "async")
CHAT_COMPLETION_CALL = (
    r"(?i:chat_completions?(?:_(?:" + "|".join(CHAT_COMPLETION_SUFFIXES) + r"))?)[ \t]*\("
)
MODEL_METHOD_STEMS = (
    "predict", "invoke", "run", "generate", "complete", "completion", "create", "chat", "step",
    "chat_completion", "create_chat_completion", "generate_content",
)  # fmt: skip
#: generic model methods called on something (``llm.predict(``): summarizers by prompt
#: (and ``llm.call(``, a model call only on a receiver named for the model, and
#: ``backend.stream(messages=…)``, one only with a prompt's keyword or on a model:
#: :mod:`anchorlint.code.model_calls` decides)
_MODEL_CALL = LazyPattern(
    r"\.a?(?:" + "|".join(MODEL_METHOD_STEMS) + r")(?:_\w+)?[ \t]*\(|\.a?(?:call|stream)[ \t]*\("
    r"|\.(?:" + NAMED_MODEL_METHODS + r")[ \t]*\("
    r"|(?<![\w.])(?:" + BARE_MODEL_FUNCTIONS + r")[ \t]*\("
    r"|" + MODEL_REQUEST + r"|" + CHAT_COMPLETION_CALL
)
#: a word start in source text: after no letter, or after an escape written in a string
#: (``"…\n\nExtend this summary"``, whose ``n`` is no part of the word)
_WORD_START = r"(?:(?<![a-z])|(?<=\\[nt]))"
#: words that ask a model to summarize, a superset of :mod:`anchorlint.code.prompt_asks`:
#: "distill" is taken whatever follows it (the prompt reading decides), in the first branch:
#: two branches of their own would each test a word start at every position of the module
_ASKS = LazyPattern(
    rf"{_WORD_START}(?:summari[sz]es?|condenses?|compress(?:es)?|compacts?|distill(?:s|ing)?)"
    r"(?![a-z])"
    r"|(?<![a-z])you(?: are|'re) (?:now )?(?:(?:summari[sz]|condens|compress|compact)ing"
    r"|an? (?:[a-z0-9_-]+ ){0,3}(?:summari[sz]er|condenser|compressor|compactor)s?)(?![a-z])"
    rf"""|["'][^"'\n]{{0,60}}?{_WORD_START}"""
    r"""(?:write|produce|give|create|provide|generate|update|extend)s?"""
    r"""(?![a-z])[^"'.\n]{0,40}summar(?:y|ies)"""
    r"""|summari[sz]ation of[^"'.\n]{0,30}(?<![a-z])(?:chat|conversation|dialog|history|messages)"""
)


#: an object's summary written back (``self._summary_message = …``): beside a model call, a
#: summary refreshed by a prompt that may be imported from elsewhere
_KEPT_SUMMARY = LazyPattern(r"self\.[a-z0-9_]{0,30}summary[a-z0-9_]{0,30}[ \t]*=(?!=)")
#: an HTTP post beside a model endpoint written in the module (``requests.post(url, …)``
#: where ``url`` ends in ``/chat/completions``): a model helper of its own
_POST_CALL = LazyPattern(r"\.a?post[ \t]*\(")
MODEL_URL = LazyPattern(r"/(?:chat/)?completions\b|/v1/messages\b|/api/(?:generate|chat)\b")


def posts_to_a_model(text: str) -> bool:
    """Whether the module's text posts to a model endpoint it writes down."""
    return _POST_CALL.search(text) is not None and MODEL_URL.search(text) is not None


class CallFinder:
    """Whether the lower-cased text calls something whose name holds a summarizer stem after
    a word start or an underscore, or calls a generic model method in a module holding a
    string that asks to summarize. Linear: each identifier is scanned once, however many
    stems it holds (``_summar`` repeated 18,000 times is one identifier)."""

    def __init__(self, stems: str, tail: LazyPattern = _OPEN_CALL, prompts: bool = True):
        self.stem = LazyPattern(rf"(?<![a-z0-9])(?:{stems})")
        self.tail = tail
        self.prompts = prompts

    def __call__(self, low: str) -> bool:
        position = 0
        while True:
            found = self.stem.search(low, position)
            if found is None:
                break
            end = _WORD_REST.match(low, found.end())
            position = end.end() if end is not None else found.end()
            if self.tail.match(low, position):
                return True
            position += 1
        if not self.prompts:
            return False
        asked = _ASKS.search(low) is not None or _KEPT_SUMMARY.search(low) is not None
        if not asked:
            return False
        if _MODEL_CALL.search(low) is not None:
            return True
        return posts_to_a_model(low)


#: a module longer than this (in characters) is parsed by LibCST only on strong evidence. Its
#: parse takes seconds (a 350 K-character test module of nested algebra: about 7 CPU s on a
#: loaded machine), and in such modules the weak default stems below name array, algebra and
#: file operations (``np.compress(``, ``expr.rewrite(``, ``fh.truncate(``), which RULES.md
#: counts only beside evidence of text; so there they do not make the module worth parsing.
LARGE_MODULE_CHARS = 128_000
#: the default stems that also name codecs, array and algebra operations (the same as
#: :data:`anchorlint.code.summarizer_calls.WEAK_SUMMARIZER_STEMS`, which imports LibCST)
WEAK_STEMS = ("compress", "rewrite", "truncate")


def large_module(source: str) -> bool:
    return len(source) > LARGE_MODULE_CHARS


def _summarizer_trigger(summarizers: tuple[str, ...], large: CodeTrigger | None) -> CodeTrigger:
    stems = alternation(summarizers)
    return CodeTrigger(
        LazyPattern(rf"(?<![a-z0-9])(?:{stems})"),
        words_of((*summarizers, "summar", "compact")),
        finder=CallFinder(stems),
        large=large,
    )


@lru_cache(maxsize=16)
def summarizer_calls(settings: CodeSettings) -> CodeTrigger:
    """A call of something named like a summarizer (``summarize(``, ``llm.condense (``,
    ``generate_summary(``), or a generic model call beside a prompt asking to summarize:
    where a compaction output is made. In a large module the weak default stems do not count
    (:data:`LARGE_MODULE_CHARS`)."""
    strong = (
        tuple(
            name for name in settings.summarizer_names if name.lstrip("_").lower() not in WEAK_STEMS
        )
        + settings.extra_summarizer_names
    )
    return _summarizer_trigger(_summarizers(settings), _summarizer_trigger(strong, None))


@lru_cache(maxsize=16)
def summary_keywords(settings: CodeSettings) -> CodeTrigger:
    """A keyword argument named like a summary (``summary=``, ``compacted_text=``): a
    compaction output handed to another module's function by name."""
    return CodeTrigger(
        LazyPattern(r"(?<![a-z0-9])(?:summar|compact|compressed)"),
        words_of((*_summarizers(settings), "summar", "compact")),
        finder=CallFinder("summar|compact|compressed", _KEYWORD, prompts=False),
    )
