"""The code modules' lazily compiled patterns behave as the compiled patterns they stand for."""

from __future__ import annotations

import copy
import pickle
import re

from hypothesis import given
from hypothesis import strategies as st

from anchorlint.code import prefilter, prompt_asks, retrieval
from anchorlint.code.lazy_pattern import LazyPattern

PATTERNS = [
    (r"hash|digest|checksum|fingerprint|sha\d+|sha$", 0),
    (r"\b(?:can|could|may|able to|capable of)\b", re.IGNORECASE),
    (r"(?<![a-z0-9])(?:summar|compact|compressed)", 0),
    (r"[.!?\n](?=\s|$)", 0),
    (r"^(?:id|ids|url)$|_(?:id|ids)$|^id_", 0),
]
TEXT = st.text(alphabet="abcdhisumrytpoe_ .!?\nSHA0123-CanMay", max_size=60)


def span(found: re.Match[str] | None) -> tuple[int, int] | None:
    return found.span() if found else None


@given(TEXT)
def test_every_method_answers_as_the_compiled_pattern(text: str) -> None:
    for pattern, flags in PATTERNS:
        lazy, compiled = LazyPattern(pattern, flags), re.compile(pattern, flags)
        assert span(lazy.search(text)) == span(compiled.search(text))
        assert span(lazy.search(text, 2)) == span(compiled.search(text, 2))
        assert span(lazy.match(text)) == span(compiled.match(text))
        assert span(lazy.fullmatch(text)) == span(compiled.fullmatch(text))
        assert [m.span() for m in lazy.finditer(text)] == [
            m.span() for m in compiled.finditer(text)
        ]
        assert lazy.findall(text) == compiled.findall(text)
        assert lazy.sub("#", text) == compiled.sub("#", text)
        assert lazy.split(text) == compiled.split(text)


def test_compiled_at_first_use_only() -> None:
    lazy = LazyPattern(r"never (?:used|asked)")
    assert "search" not in vars(lazy)
    assert lazy.groups == 0  # any attribute of the compiled pattern compiles it
    assert "search" in vars(lazy)


def test_equal_hashable_copyable_and_picklable_as_compiled_patterns_are() -> None:
    one, two = LazyPattern(r"a+b", re.I), LazyPattern(r"a+b", re.I)
    assert one == two and hash(one) == hash(two)
    assert one != LazyPattern(r"a+b") and one != LazyPattern(r"a+c", re.I)
    two.search("aab")  # a used one still equals an unused one
    assert one == two
    for other in (copy.deepcopy(two), pickle.loads(pickle.dumps(two)), copy.copy(one)):
        assert other == one and other.search("xAAB") is not None


def test_the_modules_hold_lazy_patterns() -> None:
    """What the start-up tests count on: the module-level patterns are not compiled at import."""
    for pattern in (prefilter._ASKS, prompt_asks._CAPABILITY, retrieval._TOOL_CLASS):
        assert isinstance(pattern, LazyPattern)
