"""The rule modules' Python examples are dedented without textwrap: the walk over the lines
gives what ``textwrap.dedent`` gives, for any text of spaces, tabs, line ends and letters."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.registry import all_rules
from anchorlint.rulebase import dedent, python_example

#: lines as the examples write them, and the characters that make dedenting hard
LINES = st.lists(
    st.text(st.sampled_from([" ", "\t", "\r", "\f", "x", "#", "é"]), max_size=12), max_size=12
)


@settings(max_examples=2000, deadline=None)
@given(LINES)
def test_dedent_is_textwraps(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert dedent(text) == textwrap.dedent(text)


@settings(max_examples=500, deadline=None)
@given(st.text(st.sampled_from([" ", "\t", "\n", "\r", "a"])), st.sampled_from(["", "  ", "\t"]))
def test_dedent_is_textwraps_on_indented_text(text: str, indent: str) -> None:
    text = textwrap.indent(text, indent)
    assert dedent(text) == textwrap.dedent(text)


def test_every_python_example_reads_as_textwrap_dedents_it() -> None:
    examples = [
        example
        for rule in all_rules().values()
        for example in (*rule.valid, *rule.invalid)
        if example.suffix == ".py"
    ]
    assert len(examples) > 100
    for example in examples:
        indented = textwrap.indent(example.source, " " * 12)
        assert python_example(indented).source == textwrap.dedent(indented).lstrip()
