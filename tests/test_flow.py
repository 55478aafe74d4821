"""The taint engine behind ANC301/ANC302/ANC306: what it follows and where it stops.

Each test states one propagation step of RULES.md's "Flow" reading as a tiny module and
checks the facts the engine records (offset sinks, resolver leaks, recompactions).
"""

from __future__ import annotations

from textwrap import dedent

import pytest

from anchorlint.code.front import analyse_module
from anchorlint.code.taint import FlowFacts, Kind, Taint
from anchorlint.config import CodeSettings


def facts(source: str) -> FlowFacts:
    module = analyse_module(dedent(source), "m.py", CodeSettings())
    return module.flow


def sinks(source: str) -> list[str]:
    return [fact.sink for fact in facts(source).offsets]


@pytest.mark.parametrize(
    "derivation",
    [
        "t = s",
        "t, other = s, 1",
        "t = s + '!'",
        "t = f'<{s}>'",
        "t = s[10:]",
        "t = str(s)",
        "t = s.strip().lower()",
        "t = s.encode().decode()",
        "t = s.replace('a', 'b')",
        "t = ''.join([s])",
        "t = s if flag else raw",
    ],
)
def test_text_operations_carry_the_output(derivation: str) -> None:
    source = f"""
        def f(raw, flag, q):
            s = condense(raw)
            {derivation}
            return Citation(start=t.find(q))
    """
    assert sinks(source) == ["`Citation(start=…)`"]


@pytest.mark.parametrize(
    ("offset", "expected"),
    [
        ("i = s.find(q)", "the `start=` argument of `make_ptr()`"),
        ("i = s.rindex(q) + 1", "the `start=` argument of `make_ptr()`"),
        ("i = len(s)", "the `start=` argument of `make_ptr()`"),
        ("i = re.search(q, s).start()", "the `start=` argument of `make_ptr()`"),
        ("i = max(0, s.count('\\n'))", "the `start=` argument of `make_ptr()`"),
        ("i, _ = re.match(q, s).span()", "the `start=` argument of `make_ptr()`"),
    ],
)
def test_offset_producers(offset: str, expected: str) -> None:
    source = f"""
        import re

        def f(raw, q):
            s = summarize(raw)
            {offset}
            return make_ptr(doc="d", start=i)
    """
    assert sinks(source) == [expected]


def test_extraction_is_not_followed() -> None:
    source = """
        import re

        def f(raw, q):
            s = summarize(raw)
            keys = re.findall(r"\\[\\[(.*?)\\]\\]", s)
            first = keys[0]
            return Pointer(start=first.find("#"))
    """
    assert sinks(source) == []


def test_rebinding_drops_the_taint() -> None:
    source = """
        def f(raw, q):
            s = summarize(raw)
            s = raw
            return Anchor(offset=s.find(q))
    """
    assert sinks(source) == []


def test_branches_merge_as_may_flow() -> None:
    source = """
        def f(raw, q, short):
            text = raw
            if short:
                text = compact(raw)
            return Anchor(offset=text.find(q))
    """
    assert sinks(source) == ["`Anchor(offset=…)`"]


def test_await_attribute_and_method_self_flow() -> None:
    source = """
        class Memory:
            async def refresh(self, raw):
                result = await self.llm.summarize(raw)
                self.summary = result.text

            def cite(self, q):
                return Citation(start=self.summary.find(q))
    """
    (fact,) = facts(source).offsets
    assert fact.taint.label == "`summarize()`" and fact.taint.subject == "self.summary"


def test_helpers_are_followed_with_their_argument_taint() -> None:
    source = """
        def _bounds(text, q):
            i = text.find(q)
            return i, i + len(q)

        def _short(raw):
            return condense(raw).strip()

        def f(raw, q):
            return _bounds(_short(raw), q)

        def g(raw, q):
            return _bounds(raw, q)
    """
    result = facts(source)
    assert [fact.sink for fact in result.offsets] == ["a returned range"]
    assert result.offsets[0].taint.label == "`condense()`"


def test_recursion_terminates() -> None:
    source = """
        def walk(text, depth):
            if depth == 0:
                return summarize(text)
            return walk(walk(text, depth - 1), depth - 1)
    """
    assert isinstance(facts(source), FlowFacts)


def test_loops_carry_the_output_into_the_next_iteration() -> None:
    source = """
        def rolling(chunks):
            summary = ""
            for chunk in chunks:
                summary = summarize(summary + chunk)
            return summary
    """
    (fact,) = facts(source).recompactions
    assert fact.summarizer == "summarize" and fact.taint.origin is fact.call


def test_one_shot_compaction_of_raw_text_is_not_recompaction() -> None:
    source = """
        def once(text):
            text = summarize(text)
            return truncate(text.upper(), 100)
    """
    (fact,) = facts(source).recompactions
    assert fact.summarizer == "truncate"
    assert facts("def f(text):\n    text = summarize(text)\n    return text\n").recompactions == []


def test_resolver_leaks_map_positional_and_keyword_arguments() -> None:
    source = """
        def get_span(ptr, doc_text: str, summary: str) -> str:
            return doc_text[ptr.start : ptr.end]

        def f(ptr, raw):
            short = compact(raw)
            get_span(ptr, short, raw)
            get_span(ptr, doc_text=raw, summary=short)
            resolve(ptr, source=short)
            resolve(ptr, short)
            resolve(ptr, source_id=short)
    """
    leaks = facts(source).leaks
    assert [(leak.resolver, leak.param) for leak in leaks] == [
        ("get_span", "doc_text"),
        ("resolve", "source"),
    ]


def test_lines_of_a_summary_give_line_offsets() -> None:
    source = """
        def f(raw, needle):
            for number, line in enumerate(rewrite(raw).splitlines()):
                if needle in line:
                    return {"line": number}
            for number, piece in enumerate(["a", "b"]):
                return {"line": number}
    """
    assert sinks(source) == ["the `line` key of a dict"]


def test_taint_values_are_small_and_comparable() -> None:
    import libcst as cst

    call = cst.parse_expression("summarize(x)")
    assert isinstance(call, cst.Call)
    taint = Taint(Kind.COMPACT, call, "`summarize()`")
    assert taint.to(Kind.OFFSET, "x") == Taint(Kind.OFFSET, call, "`summarize()`", "x")


TEXT_TUPLE_MODULE = """
    from typing import Any, Optional


    class Context:
        async def _compact(self, turns: list[str]) -> tuple[str, dict[str, Any]]:
            reply = await self.client.complete(user="\\n".join(turns))
            return reply.text, reply.meta

        def condense_pair(self, raw: str) -> tuple[int, Optional[str]]:
            return 0, raw[:10]

        def condense_bounds(self, raw: str) -> tuple[int, int]:
            return 0, 10

        async def cite(self, turns, key):
            {body}
"""


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (
            "text, meta = await self._compact(turns)\n"
            "            return Anchor(offset=text.find(key))",
            ["`Anchor(offset=…)`"],
        ),
        (
            "pair = await self._compact(turns)\n"
            "            return Anchor(offset=pair[0].find(key))",
            ["`Anchor(offset=…)`"],
        ),
        (
            "text, meta = await self._compact(turns)\n            return Anchor(offset=len(meta))",
            [],
        ),
        ("pair = await self._compact(turns)\n            return Anchor(offset=len(pair[1]))", []),
        ("pair = await self._compact(turns)\n            return Anchor(offset=len(pair))", []),
        (
            "*head, last = await self._compact(turns)\n            return Anchor(offset=len(last))",
            [],
        ),
    ],
)
def test_a_summarizer_returning_text_and_metadata_taints_only_the_text(
    body: str, expected: list[str]
) -> None:
    assert sinks(TEXT_TUPLE_MODULE.format(body=body)) == expected


def test_tuple_annotations_name_the_text_positions() -> None:
    optional = "n, label = self.condense_pair(turns)\n            return Anchor(n, label.find(key))"
    assert sinks(TEXT_TUPLE_MODULE.format(body=optional)) == ["`Anchor(argument 2)`"]
    bounds = "s, e = self.condense_bounds(turns)\n            return Anchor(s.find(key), e)"
    assert sinks(TEXT_TUPLE_MODULE.format(body=bounds)) == []
    variadic = """
        def compact_all(raws) -> tuple[str, ...]:
            return tuple(raws)

        def f(raws, q):
            first, second = compact_all(raws)
            return Anchor(offset=first.find(q))
    """
    assert sinks(variadic) == []


def test_text_of_a_tuple_summarizer_compacted_again_is_recompaction() -> None:
    source = """
        def _compact(raw: str) -> tuple[str, int]:
            return raw[:100], 1

        def twice(raw):
            text, _ = _compact(raw)
            text, tokens = _compact(text)
            return text
    """
    labels = [fact.summarizer for fact in facts(source).recompactions]
    assert labels == ["_compact"]
