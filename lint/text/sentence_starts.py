"""Sentence starts of a block, found from its token ids and each token text's kind.

spaCy's sentencizer walks Token objects, which costs as much as tokenising; a summary's
blocks are short and their sentence ends few, so the starts are found here from two columns
of the Doc (token ids and character offsets) and a table of what each token text is (an
ending mark, punctuation, a capital, a masked anchor, an abbreviation): see
:class:`TokenBlock`. :mod:`anchorlint.text.nlp` runs it inside its pipeline component and over
the blocks of a joined Doc.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from anchorlint.text.nlp import SentenceBoundaries

#: the letter anchors are masked with before spaCy sees the text (see summary.ANCHOR_MASK)
CITATION_MASK = "X"

#: abbreviations no sentence ends after ("Fig. 3", "approx. 40"), lower-cased, without the dot
NO_BOUNDARY_AFTER = frozenset(
    {"fig", "figs", "sec", "secs", "no", "nos", "approx", "vs", "cf", "al", "ca", "vol", "pp"}
)


def marked(orth: list[int], marks: frozenset[int], lo: int, size: int) -> list[int]:
    """The indices in ``[lo, size)`` of the tokens in ``marks``, ascending, the tokens read
    in C (``compress`` over ``map``): a comprehension costs Python steps on every token."""
    window = orth if lo == 0 and size == len(orth) else orth[lo:size]
    return list(compress(range(lo, size), map(marks.__contains__, window)))


def spellings(word: str) -> list[str]:
    """``word`` in every mix of upper- and lower-case letters."""
    found = [""]
    for char in word:
        cases = {char, char.upper()}
        found = [s + c for s in found for c in sorted(cases)]
    return found


#: the token columns sentences are found from, named (``to_array`` reads a name without
#: the failed attribute lookup it makes of a number)
TOKEN_COLUMNS = ["ORTH", "IDX"]

#: where the component leaves each sentence's (first token, end token, start char, end
#: char) on the Doc, so summary assembly need not read the starts back
BOUNDS = "anchorlint_bounds"

#: what a token's kind (:class:`TokenKinds`) says of it: a sentence-ending mark, punctuation,
#: space, a first letter in upper case, ".", "(", ")" or "]", a masked anchor (four or more
#: of CITATION_MASK), an abbreviation no sentence ends after, "etc." and "etc"
ENDER, PUNCT, SPACE, UPPER, DOT, OPEN, CLOSE, MASK, ABBREVIATION, ETC_DOT, ETC = (
    1 << bit for bit in range(11)
)
#: the bits above the kinds: the token's length
LENGTH_SHIFT = 16


class TokenKinds(dict[int, int]):
    """Each token text's kind (the bits above and its length), by its id, worked out on
    first sight and kept for the process: what the sentence rules ask of a token (its text,
    ``is_punct``, ``is_space``) belongs to its text, not to the token, and reading it off a
    Token costs an object per question."""

    def __init__(
        self, vocab: Any, enders: frozenset[int], etc_dot: frozenset[int], etc: frozenset[int]
    ) -> None:
        super().__init__()
        self.vocab = vocab
        self.enders, self.etc_dot, self.etc = enders, etc_dot, etc

    def __missing__(self, orth: int) -> int:
        text = self.vocab.strings[orth]
        lexeme = self.vocab[orth]
        kind = len(text) << LENGTH_SHIFT
        for bit, holds in (
            (ENDER, orth in self.enders),
            (PUNCT, lexeme.is_punct),
            (SPACE, lexeme.is_space),
            (UPPER, text[:1].isupper()),
            (DOT, text == "."),
            (OPEN, text == "("),
            (CLOSE, text in (")", "]")),
            (MASK, len(text) >= 4 and text == CITATION_MASK * len(text)),
            (ABBREVIATION, text.lower() in NO_BOUNDARY_AFTER),
            (ETC_DOT, orth in self.etc_dot),
            (ETC, orth in self.etc),
        ):
            if holds:
                kind |= bit
        self[orth] = kind
        return kind


class TokenBlock:
    """The tokens ``[lo, size)`` of a Doc (one block of a Doc that holds several, see
    :meth:`Pipeline.parse_groups`, whose sentences neither start nor look beyond it), read
    as token ids and their kinds: the loop over Token objects spaCy's sentencizer runs
    costs as much as tokenising.

    Sentence starts are kept as a dict of the tokens decided (1: a start, -1: none), all
    after ``lo``, which always starts one: sentence ends are few, so starts are found from
    each ending mark onwards (the same rule: after a sentence-ending character, the next
    token that is no punctuation), and repairs look only there. Indices are the Doc's."""

    def __init__(
        self, component: SentenceBoundaries, doc: Any, orth: list[int], lo: int, size: int
    ) -> None:
        self.doc = doc
        self.orth = orth
        self.lo = lo
        self.size = size
        self.kinds = component.kinds

    def marks(self, marks: frozenset[int]) -> list[int]:
        """Where the block holds a sentence-ending mark or an "etc"."""
        return marked(self.orth, marks, self.lo, self.size)

    def sent_starts(self, marks: list[int]) -> dict[int, int]:
        """Starts after ``lo`` as spaCy's Sentencizer finds them, from ``marks`` (ascending,
        in the block; those that end no sentence are passed over)."""
        size, orth, kinds = self.size, self.orth, self.kinds
        starts = {}
        after = self.lo
        for index in marks:
            if index < after or not kinds[orth[index]] & ENDER:
                continue  # an ending mark before the start already found
            after = index + 1
            while after < size and kinds[orth[after]] & (ENDER | PUNCT):
                after += 1
            if after < size:
                starts[after] = 1
        return starts

    def repair(self, starts: dict[int, int], marks: list[int]) -> None:
        """A closing ``etc.`` ends a sentence; an abbreviation's full stop and a citation
        after a sentence's end do not."""
        orth, kinds, size = self.orth, self.kinds, self.size
        for index in sorted(i for i, s in starts.items() if s == 1) if starts else ():
            # each check asked only where its first condition holds (most starts are words)
            if kinds[orth[index]] & (MASK | OPEN) and self._is_citation(index):
                starts[index] = -1
                self._start_after_citation(index, starts)
            elif kinds[orth[index - 1]] & DOT and self._after_abbreviation(index):
                starts[index] = -1
        # "etc." (one token, or "etc" + ".") ends a sentence only before a capital letter
        etc = [i for i in marks if kinds[orth[i]] & (ETC_DOT | ETC)]
        if not etc:
            return
        for kind, width in ((ETC_DOT, 1), (ETC, 2)):
            for index in etc:
                if not kinds[orth[index]] & kind:
                    continue
                after = index + width
                if width == 2 and (after > size or not kinds[orth[index + 1]] & DOT):
                    continue
                if after < size:
                    starts[after] = 1 if kinds[orth[after]] & UPPER else -1

    def _start_after_citation(self, index: int, starts: dict[int, int]) -> None:
        """The sentence after a trailing citation starts at its first capitalised word."""
        orth, kinds, size = self.orth, self.kinds, self.size
        after = index + 1
        while after < size and kinds[orth[after]] & (PUNCT | SPACE):
            after += 1
        if after < size and kinds[orth[after]] & UPPER:
            starts[after] = 1

    def _after_abbreviation(self, index: int) -> bool:
        orth, kinds = self.orth, self.kinds
        return (
            index - 2 >= self.lo
            and bool(kinds[orth[index - 1]] & DOT)
            and bool(kinds[orth[index - 2]] & ABBREVIATION)
            and not self.doc[index - 2].whitespace_
        )

    def _is_citation(self, index: int) -> bool:
        """An anchor right after a sentence's end cites that sentence (``"…." [[doc#L3]]``),
        unless the words after it continue a new sentence (``[[doc]] holds the steps``)."""
        orth, kinds, size = self.orth, self.kinds, self.size
        at = index + 1 if kinds[orth[index]] & OPEN and index + 1 < size else index
        if not kinds[orth[at]] & MASK:
            return False
        after = at + 1
        while after < size and kinds[orth[after]] & (CLOSE | SPACE):
            after += 1
        return after >= size or bool(kinds[orth[after]] & (PUNCT | UPPER))

    def bounds(
        self, starts: dict[int, int], idx: list[int], base: int = 0
    ) -> list[tuple[int, int, int, int]]:
        """(first token, end token, start char, end char) of each sentence, characters
        counted from ``base``."""
        lo, size, orth, kinds = self.lo, self.size, self.orth, self.kinds
        if not starts:  # one sentence: most headings, bullets and short paragraphs
            return [
                (
                    lo,
                    size,
                    idx[lo] - base,
                    idx[size - 1] + (kinds[orth[size - 1]] >> LENGTH_SHIFT) - base,
                )
            ]
        firsts = sorted(i for i, s in starts.items() if s == 1)
        firsts.insert(0, lo)
        ends = [*firsts[1:], size]
        return [
            (a, b, idx[a] - base, idx[b - 1] + (kinds[orth[b - 1]] >> LENGTH_SHIFT) - base)
            for a, b in zip(firsts, ends, strict=True)
        ]
