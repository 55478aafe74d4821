"""Code spans found without the inline parser equal markdown-it's, and the parser path pairs
backquote runs by length as CommonMark does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.documents import markdown
from anchorlint.text.documents.code_spans import (
    code_spans,
    parser_free,
    runs_code_spans,
    single_code_spans,
)
from anchorlint.text.documents.markdown_spans import inline_spans

PIECES = ["`", "``", "```", " ", "a", "b.py", "\n", "[", "]", "*", "_", "(", ")", "[[x]]", ":", "-"]


def _parsed(content: str) -> tuple[tuple[int, int], ...]:
    children = markdown._parser().parseInline(content)[0].children or []
    return inline_spans(content, children)[0]


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=30).map("".join))
def test_direct_code_spans_equal_the_parsers(content: str) -> None:
    content = content.strip()
    if content and parser_free(content):
        assert code_spans(content) == _parsed(content)


def test_a_longer_run_inside_a_span_does_not_close_it() -> None:
    content = "Run `a ``b`` c` then `d`."
    assert _parsed(content) == ((4, 15), (21, 24)) == code_spans(content)


def test_an_unmatched_run_is_text_and_the_scan_goes_on() -> None:
    assert code_spans("``lonely `code` here") == ((9, 15),)


def test_blocks_with_other_inline_markup_take_the_parser() -> None:
    for content in ("`a` <b>", "`a` [x](y)", "\\`a`", "`a` &amp;"):
        assert not parser_free(content)
    blocks = list(markdown.split_blocks("Read `a.py` and <https://example.com/x>.\n"))
    assert blocks[0].code_spans == ((5, 11),) and blocks[0].hidden_spans == ()


def test_hostile_runs_stay_linear() -> None:
    content = " ".join("`" * (n % 50 + 1) for n in range(20_000))
    spans = code_spans(content)
    assert spans and all(content[s] == "`" and content[e - 1] == "`" for s, e in spans)


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(["`", " ", "a", "b.py", "\n", "``"]), max_size=30).map("".join))
def test_lone_backquotes_pair_up_as_runs_of_any_length_do(content: str) -> None:
    assert code_spans(content) == runs_code_spans(content)
    if "``" not in content:
        assert single_code_spans(content) == runs_code_spans(content)
