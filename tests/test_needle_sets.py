"""The pattern set's matcher of bytes finds, in one pass, the patterns RE2 finds one by one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.needles import NeedleSet, PatternSet
from anchorlint.text.trigger_words import END, START

SOURCES = (
    f"{START}(?:as|so){END}",
    f"{START}above{END}",
    "(?:^|[^a-z0-9])as (?:the )?last time(?:[^a-z0-9]|$)",
    "from (?:earlier|before)",
    "x{2,4}",
)
PIECES = ["as", "so", " ", "above", "as the last time", "from earlier", "xx", "x", "é", "_"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join) | st.text(max_size=40))
def test_the_set_finds_what_each_pattern_finds(text: str) -> None:
    import re2

    patterns = PatternSet(SOURCES)
    expected = [i for i, source in enumerate(SOURCES) if re2.search(source, text) is not None]
    assert sorted(patterns.held(text)) == expected
    assert sorted(patterns.match_bytes(text.encode())) == expected


def test_an_empty_set_holds_nothing() -> None:
    assert PatternSet(()).held("as above") == []
    assert list(PatternSet(()).match_bytes(b"as above")) == []
    assert NeedleSet(()).held("as above") == frozenset()
