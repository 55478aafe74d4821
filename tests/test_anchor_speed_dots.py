"""In ASCII text the path finder finds its dots and its runs' ends in the text's marked bytes
(``anchor_starts.path_candidates``): the reference is every text read as before, each dot
found by a string search and each run's ends by the run patterns."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import anchor_starts
from tests.test_anchor_scan import PATH_SCAN_PIECES

PIECES = [*PATH_SCAN_PIECES, *["A.", ".Z", "..", ".\u212a", "x.y.z", "@", "%", "+", "\n", "ſ"]]
TEXT = (
    st.lists(st.sampled_from(PIECES), max_size=24).map("".join)
    | st.text(alphabet="`a.py/:12 (line),İé", max_size=40)
    | st.text(max_size=40)
)


def _candidates(text: str, letter_after_dot: bool) -> list[tuple[int, bool]]:
    found: list[tuple[int, bool]] = []
    dot = text.find(".")
    while dot >= 0:
        if not letter_after_dot or text[dot + 1 : dot + 2].isalpha():
            start = anchor_starts._RUN_BACK.match(text, 0, dot).start()
            stop = anchor_starts._RUN_ON.match(text, dot).end()
            following = text[stop : stop + 1]
            closing = stop if following == "`" else -1
            symbol = anchor_starts._SYMBOL.match(text, stop) if following == ":" else None
            closing = symbol.end() - 1 if symbol is not None else closing
            quoted = start and text[start - 1] == "`" and closing >= 0
            if quoted and anchor_starts.line_near(text, closing + 1):
                found.append((start - 1, False))
            plain = not (following == ":" and text[stop + 1 : stop + 2].isdigit())
            plain = plain and not (following in " (," and anchor_starts.line_near(text, stop))
            plain = plain and not (following in ("[", "(") and text[stop - 1 : stop] == "/")
            if start and text[start - 1] in ")]":
                routed = anchor_starts._BRACKETED_BACK.match(text, 0, start)
                if routed is not None:
                    begin = routed.start()
                    coded = begin and text[begin - 1] == "`" and closing >= 0
                    if coded and anchor_starts.line_near(text, closing + 1):  # `app/[x]/a.ts`
                        found.append((begin - 1, False))
                    found.append((begin, False))
            found.append((start, plain))
            dot = text.find(".", stop)
        else:
            dot = text.find(".", dot + 1)
    merged: dict[int, bool] = {}
    for start, plain in found:
        merged[start] = merged.get(start, True) and plain
    return sorted(merged.items())


@settings(max_examples=2000, deadline=None)
@given(TEXT, st.booleans())
def test_the_candidates_are_those_found_dot_by_dot(text: str, letter_after_dot: bool) -> None:
    assert anchor_starts.path_candidates(text, letter_after_dot) == _candidates(
        text, letter_after_dot
    )
    # the same text with a character outside ASCII after it takes the other reading
    wider = text + "\u00e9"
    assert anchor_starts.path_candidates(wider, letter_after_dot) == _candidates(
        wider, letter_after_dot
    )
