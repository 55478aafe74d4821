"""Helpers text rules share to run spaCy matchers over an analysed summary's sentences.

A summary of a kilobyte yields a few matcher hits and keeps one finding per sentence, so a
hit costs more in Python objects than in matching: it is a small tuple of token indices,
no spaCy Span, and its character offsets are worked out only for the hit that is reported.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple
from weakref import WeakKeyDictionary

from anchorlint.text.summary import AnalysedSummary, Sentence

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.rulebase import TextContext, TextRule


class PhraseHit(NamedTuple):
    """A matcher hit: its sentence, its tokens ``doc[token_start:token_end]`` and its label.

    A named tuple, not a dataclass: thousands are made per megabyte of summaries and most
    are dropped at once, and a tuple costs a quarter of a frozen dataclass to build.
    """

    sentence: Sentence
    doc: Any  # the block's spaCy Doc (maybe its summary's other blocks' too)
    token_start: int
    token_end: int
    label: str

    @property
    def start(self) -> int:
        """Offset of the hit's first character into ``summary.text``."""
        return self.sentence.offset + self.doc[self.token_start].idx

    @property
    def end(self) -> int:
        """Offset just past the hit's last character into ``summary.text``."""
        return end_offset(self.sentence, self.doc, self.token_end)

    def word(self, index: int) -> str:
        """The lower-cased text of the hit's token ``index`` (-1: its last)."""
        return str(self.doc[(self.token_start if index >= 0 else self.token_end) + index].lower_)


def end_offset(sentence: Sentence, doc: Any, token_end: int) -> int:
    """Offset into ``summary.text`` just past token ``token_end - 1`` of the sentence's Doc."""
    last = doc[token_end - 1]
    return int(sentence.offset + last.idx + len(last))


#: labels by match id: the id is the StringStore hash of the label, the same in every
#: pipeline, and a dictionary lookup costs less than asking the StringStore
_LABELS: dict[int, str] = {}


def sentence_hits(
    summary: AnalysedSummary,
    name: str,
    build: Callable[[Any], Any],
    unanchored: bool = False,
    keep: Callable[[PhraseHit], bool] | None = None,
) -> Iterator[PhraseHit]:
    """Run the matcher ``build`` creates (once per pipeline) over each parsed Doc once.

    A match is kept when it lies within one sentence that survived the allowlist (and, with
    ``unanchored``, holds no anchor: the rules that ask skip those hits anyway, so a block
    with no other sentence is not matched at all). Hits come sentence by sentence in text
    order, and within a sentence earliest first, longest first at one start, matches the
    matcher gave in the same place in its order.

    With ``keep``, only the first hit of each sentence that ``keep`` accepts comes: the
    earliest (then longest) one, one finding per sentence; the sentence's later hits are
    neither made nor looked at.
    """
    blocks = _sentences_by_block(summary, unanchored)
    if not blocks:
        return  # nothing parsed, or every parsed sentence anchored: no matcher needed
    matcher = summary.pipeline.matcher(name, build)
    strings = summary.pipeline.nlp.vocab.strings
    for sentences, starts in blocks:
        doc = sentences[0].doc
        matches = matcher(doc)
        if not matches:
            continue
        if len(matches) > 1:
            matches.sort(key=_earliest_longest)
        done = -1  # with ``keep``: the end token of the sentence that has its hit
        for match_id, start, end in matches:
            if start < done:
                continue
            index = bisect_right(starts, start) - 1
            if index < 0:
                continue
            sentence = sentences[index]
            if end > sentence.token_end:
                continue  # beyond the sentence (or in a dropped one after it)
            label = _LABELS.get(match_id)
            if label is None:
                label = _LABELS[match_id] = strings[match_id]
            hit = PhraseHit(sentence, doc, start, end, label)
            if keep is None:
                yield hit
            elif keep(hit):
                done = sentence.token_end
                yield hit


def _earliest_longest(match: tuple[int, int, int]) -> tuple[int, int]:
    return match[1], -match[2]


def _sentences_by_block(
    summary: AnalysedSummary, unanchored: bool
) -> list[tuple[list[Sentence], list[int]]]:
    """The parsed sentences a hit may lie in, Doc by Doc (a Doc may hold several blocks:
    the matcher runs over it once), with their first tokens."""
    blocks: list[tuple[list[Sentence], list[int]]] = []
    current = None
    sentences: list[Sentence] = []
    starts: list[int] = []
    for sentence in summary.sentences:
        doc = sentence.doc
        if doc is None or (unanchored and sentence.anchors):
            continue
        if doc is not current:
            current = doc
            sentences, starts = [], []
            blocks.append((sentences, starts))
        sentences.append(sentence)
        starts.append(sentence.token_start)
    return blocks


#: labelled phrases of each rule: code -> label -> phrases
Labelled = Mapping[str, Mapping[str, Sequence[str]]]


class PhraseTable:
    """The phrases the enabled rules declare (:meth:`~anchorlint.rulebase.TextRule.phrases`),
    found with one PhraseMatcher for all of them.

    A PhraseMatcher's cost is a walk over a Doc's tokens, whatever it looks for, and the
    rules that declare phrases match the same Docs: one walk serves them all. Each rule gets
    the matches its own matcher would give, in the same order (its labels are its own, so
    every match of its labels comes from where its own matcher would have found it).
    """

    def __init__(self, labelled: Labelled) -> None:
        owners: dict[str, str] = {}
        for code, phrases in labelled.items():
            for label in phrases:
                other = owners.setdefault(label, code)
                if other != code:
                    raise ValueError(f"phrase label {label!r} is both {other}'s and {code}'s")
        self.labelled = labelled
        self.codes = frozenset(labelled)
        contents = repr(sorted((code, sorted(p.items())) for code, p in labelled.items()))
        #: the table's contents as a key: each pipeline keeps one matcher per key
        self.key = hashlib.blake2b(contents.encode(), digest_size=16).hexdigest()
        self._views = {
            code: (f"{code}:{self.key}", partial(_view, self, code)) for code in labelled
        }

    @classmethod
    def of(cls, rules: Iterable[TextRule], settings: Settings) -> PhraseTable:
        """The table of the rules that declare phrases under these settings."""
        return cls({rule.code: found for rule in rules if (found := rule.phrases(settings))})

    def matcher(self, code: str) -> tuple[str, Callable[[Any], Any]]:
        """The name and build, for :func:`sentence_hits`, of ``code``'s view of the table's
        matcher."""
        return self._views[code]


#: one shared matcher per language object and table
_SHARED: WeakKeyDictionary[Any, dict[str, _SharedMatcher]] = WeakKeyDictionary()


def _view(table: PhraseTable, code: str, nlp: Any) -> Callable[[Any], list[tuple[int, int, int]]]:
    by_key = _SHARED.setdefault(nlp, {})
    shared = by_key.get(table.key)
    if shared is None:
        shared = by_key[table.key] = _SharedMatcher(nlp, table.labelled)
    return partial(shared.matches, code)


class _SharedMatcher:
    """A table's PhraseMatcher; its matches on a Doc are kept on the Doc by the first rule
    that asks (``Doc.user_data``) and each rule takes its own from them by label."""

    def __init__(self, nlp: Any, labelled: Labelled) -> None:
        from spacy.matcher import PhraseMatcher

        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        #: the match ids of each rule's labels
        self.ids: dict[str, frozenset[int]] = {}
        every = [
            text for phrases in labelled.values() for texts in phrases.values() for text in texts
        ]
        keys = iter(phrase_keys(nlp, every))
        for code, phrases in labelled.items():
            for label, texts in phrases.items():
                if texts:
                    self.matcher.add(label, [next(keys) for _ in texts])
            self.ids[code] = frozenset(nlp.vocab.strings.add(label) for label in phrases)
        #: what this matcher's matches are kept under on a Doc (another table's are not)
        self.tag = object()

    def matches(self, code: str, doc: Any) -> list[tuple[int, int, int]]:
        """The matches of ``code``'s phrases in ``doc`` (a list of the caller's own)."""
        every: list[tuple[int, int, int]] | None = doc.user_data.get(self.tag)
        if every is None:
            every = doc.user_data[self.tag] = self.matcher(doc)
        ids = self.ids[code]
        return [match for match in every if match[0] in ids]


def phrase_keys(nlp: Any, texts: Sequence[str]) -> list[Any]:
    """What PhraseMatcher.add is given for each phrase: its tokens' LOWER ids (what ``add``
    reads off a Doc) where they are known without a Doc of its own, else its Doc.

    A Doc per phrase costs more than tokenising it: ANC101's thousands of phrases cost
    some 250 M instructions, a twentieth of a run over 600 short summaries. Phrases of
    ASCII letters between single spaces are tokenised together instead, in one Doc joined
    by spaces, and each gets the tokens within its characters. spaCy's tokenizer splits
    each stretch between spaces on its own (prefixes, suffixes, infixes, exceptions, its
    cache); only its last step, the exceptions found across tokens, could reach over a
    space: one that holds whitespace (checked: none but whitespace alone), or the tokens an
    exception with an affix splits into, which hold the affix (punctuation, a symbol, a
    unit after a number), never a token of letters alone. Any other phrase, or a tokenizer
    not spaCy's own, gets a Doc of its own.
    """
    tokenizer = nlp.tokenizer
    keys: list[Any] = [None] * len(texts)
    joined: list[str] = []
    ends: list[tuple[int, int]] = []  # (index in texts, end of its characters in the join)
    plain = _splits_at_spaces(tokenizer)
    at = 0
    for index, text in enumerate(texts):
        if plain and _letters_and_spaces(text):
            joined.append(text)
            at += len(text)
            ends.append((index, at))
            at += 1
        else:
            keys[index] = tokenizer(text)
    if joined:
        idx, lower = tokenizer(" ".join(joined)).to_array(["IDX", "LOWER"]).T.tolist()
        token = 0
        for index, end in ends:
            first = token
            while token < len(idx) and idx[token] < end:
                token += 1
            keys[index] = lower[first:token]
    return keys


def _letters_and_spaces(text: str) -> bool:
    """Words of ASCII letters, each after one space but the first."""
    words = text.split(" ")
    return all(word.isalpha() and word.isascii() for word in words)


def _splits_at_spaces(tokenizer: Any) -> bool:
    """Whether ``tokenizer`` is spaCy's (not a language's own) with no exception that holds
    whitespace besides whitespace alone."""
    from spacy.tokenizer import Tokenizer

    if not isinstance(tokenizer, Tokenizer) or type(tokenizer).__call__ is not Tokenizer.__call__:
        return False
    return not any(
        not key.isspace() and any(char.isspace() for char in key) for key in tokenizer.rules
    )


def rule_matcher(rule: TextRule, context: TextContext) -> tuple[str, Callable[[Any], Any]]:
    """The name and build of ``rule``'s matcher: its view of the run's shared table, or of a
    table of its own phrases where the context holds none with them (a rule run alone)."""
    table = context.phrases
    if table is None or rule.code not in table.codes:
        table = PhraseTable.of([rule], context.settings)
    return table.matcher(rule.code)


def quote(text: str) -> str:
    """The trigger as shown in a message, whitespace folded."""
    return " ".join(text.split())
