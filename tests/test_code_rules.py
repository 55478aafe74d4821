"""The code rules ANC301-ANC307 on their own examples and on realistic compactor modules.

Rules run through the one code pass (:func:`anchorlint.run.codepass.lint_module`: prefilter,
parse once, lazily analysed module), the way the engine and the flake8 plugin run them. The realistic modules under ``tests/data/code_rules``
mark every expected finding with a trailing ``# expect: ANCxxx`` comment, so a test failure
names the exact line that was missed or wrongly flagged.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from anchorlint.code.field_names import is_positional_field
from anchorlint.code.front import ParseFailure, analyse_module, statement_ranges
from anchorlint.code.names import NameSets
from anchorlint.code.provenance_queries import retrieval_linked_spans
from anchorlint.config import CodeSettings, Settings
from anchorlint.registry import all_rules
from anchorlint.rulebase import CodeRule
from anchorlint.run.codepass import lint_module, prefilter

DATA = Path(__file__).parent / "data" / "code_rules"
SETTINGS = Settings()
CODE_RULES: dict[str, CodeRule] = {
    code: rule for code, rule in all_rules().items() if isinstance(rule, CodeRule)
}


def may_fire(source: str, settings: CodeSettings) -> bool:
    """The prefilter of all seven code rules."""
    return prefilter(list(CODE_RULES.values()), settings).may_fire(source)


def hits(source: str, settings: Settings = SETTINGS) -> list[tuple[int, str, str]]:
    """(line, code, message) of every code-rule hit, suppressions not applied; [] when the
    prefilter says skip."""
    findings, _ = lint_module("sample.py", source, settings, list(CODE_RULES.values()))
    assert all(f.code != "ANC002" for f in findings), findings
    return sorted((f.line, f.code, f.message) for f in findings)


def test_all_seven_code_rules_are_registered() -> None:
    """ANC301-ANC307 are here (ANC308 has tests of its own)."""
    assert {f"ANC30{i}" for i in range(1, 8)} <= set(CODE_RULES)
    for rule in (CODE_RULES[f"ANC30{i}"] for i in range(1, 8)):
        minimum = 5 if rule.code == "ANC307" else 8
        assert len(rule.invalid) >= minimum and len(rule.valid) >= minimum, rule.code
        assert all(e.suffix == ".py" for e in (*rule.invalid, *rule.valid))


def _expected(source: str) -> list[tuple[int, str]]:
    return sorted(
        (number, code)
        for number, line in enumerate(source.splitlines(), 1)
        for code in re.findall(r"expect: (ANC\d{3})", line)
    )


@pytest.mark.parametrize(
    "name", ["compactor_service.py", "careful_compactor.py", "memory_store.py"]
)
def test_realistic_module_gives_exactly_the_marked_findings(name: str) -> None:
    source = (DATA / name).read_text(encoding="utf-8")
    assert 70 <= len(source.splitlines()) <= 150
    found = sorted({(line, code) for line, code, _ in hits(source)})
    assert found == _expected(source)


def test_careful_module_is_entirely_clean() -> None:
    source = (DATA / "careful_compactor.py").read_text(encoding="utf-8")
    assert may_fire(source, SETTINGS.code)
    assert hits(source) == []


def test_messages_name_the_output_and_its_origin() -> None:
    source = (DATA / "compactor_service.py").read_text(encoding="utf-8")
    messages: dict[str, str] = {}
    for _, code, message in hits(source):
        messages[code] = messages.get(code, "") + "\n" + message
    assert "`summarize()` compacts `self.summary" in messages["ANC306"]
    assert "this same call on an earlier pass" in messages["ANC306"]
    assert "kept in `self.summary` (stored at line 46) and handed back" in messages["ANC306"]
    assert "already the output of `condense()` at line 86" in messages["ANC306"]
    assert "offset computed on `self.summary`" in messages["ANC301"]
    assert "resolve against the summary, not the source" in messages["ANC301"]
    assert "`short` (from `condense()` at line 80)" in messages["ANC302"]
    assert "`source_bytes` against `summary_bytes`" in messages["ANC307"]
    assert "`Citation`" in messages["ANC304"] and "`start`, `end`" in messages["ANC304"]
    assert "`span`" in messages["ANC303"] and "`span.provenance`" in messages["ANC303"]


def test_hit_positions_are_the_offending_node() -> None:
    source = "def cite(raw, q):\n    s = condense(raw)\n    return Citation(start=s.find(q))\n"
    module = analyse_module(source, "x.py", SETTINGS.code)
    (hit,) = CODE_RULES["ANC301"].check(module, SETTINGS)
    assert (hit.line, hit.column, hit.end_line, hit.end_column) == (3, 27, 3, 36)


def test_configured_summarizer_names_extend_the_defaults() -> None:
    source = "def f(raw):\n    s = digest_turns(raw)\n    return Pointer(start=s.find('x'))\n"
    assert hits(source) == []
    custom = Settings(code=CodeSettings(extra_summarizer_names=("digest_turns",)))
    assert [c for _, c, _ in hits(source, custom)] == ["ANC301"]


def test_prefilter_skips_files_without_any_configured_name() -> None:
    assert not may_fire("import os\n\ndef main():\n    print(os.getcwd())\n", SETTINGS.code)
    assert may_fire("x = llm.Summarize(text)\n", SETTINGS.code)  # case-insensitive
    assert may_fire("def resolve_span(p, source):\n    pass\n", SETTINGS.code)
    # uri/document make a pointer only in a pointer-named class, which the class words find
    assert not may_fire(NEAR_MISSES["http-request"], SETTINGS.code)
    assert not may_fire(NEAR_MISSES["editor-location"], SETTINGS.code)
    assert may_fire("class SourceSpan:\n    uri: str\n    line: int\n", SETTINGS.code)


def test_prefilter_reads_what_each_rule_needs_beyond_a_name() -> None:
    """A resolver is one to ANC305/ANC307 only with a source parameter, a class named only
    ``Span…`` is a pointer only by ``uri``/``document``, and ANC302 without a summarizer call
    needs a resolver call beside a named summary: files without those are never parsed."""
    assert not may_fire(
        "def resolve(self, root_reqs, check):\n    return root_reqs\n", SETTINGS.code
    )
    assert not may_fire("def expand_tabs(line: str) -> str:\n    return line\n", SETTINGS.code)
    assert may_fire("def expand_tabs(line: str) -> str:\n    return line[1:]\n", SETTINGS.code)
    assert may_fire("async def fetch_span(\n    ptr,\n    original_bytes,\n):\n", SETTINGS.code)
    assert may_fire("def resolve(p, d=f(')')):\n    pass\n", SETTINGS.code)  # a quote: unsure
    assert not may_fire("class SpanRuler:\n    start: int\n    end: int\n", SETTINGS.code)
    assert may_fire("class SpanRef:\n    document: str\n    start: int\n", SETTINGS.code)
    assert not may_fire("x = resolve(req)\nprint(package.summary)\n", SETTINGS.code)
    assert may_fire("x = resolve(req, summary=s, source=s)\n", SETTINGS.code)


def test_capitalised_and_codec_calls_are_not_summarizers() -> None:
    source = (
        "import zlib\nfrom gzip import compress\n\n"
        "def f(raw):\n    a = zlib.compress(raw)\n    b = compress(a)\n"
        "    c = Compactor(raw)\n    return compress(b), Compactor(c)\n"
    )
    assert hits(source) == []


def test_parse_failure_carries_a_position() -> None:
    with pytest.raises(ParseFailure) as info:
        analyse_module("def f(:\n    pass\n", "bad.py", SETTINGS.code)
    assert info.value.line >= 1 and info.value.column >= 1 and info.value.message


def test_statement_ranges_cover_multiline_statements_and_headers() -> None:
    source = (
        "def f(\n    raw,\n):\n    x = g(\n        raw,\n    )\n"
        "    if (x and\n        raw):\n        return x\n"
    )
    module = analyse_module(source, "x.py", SETTINGS.code)
    ranges = statement_ranges(module)
    assert (1, 3) in ranges and (4, 6) in ranges and (7, 8) in ranges and (9, 9) in ranges


def test_analysed_module_resolves_metadata_once() -> None:
    from libcst.metadata import PositionProvider

    module = analyse_module("x = summarize(y)\n", "x.py", SETTINGS.code)
    first = module.metadata(PositionProvider)
    assert module.metadata(PositionProvider) is first
    assert module.flow is module.flow


MORE_POSITIVES = {
    "ANC301-attribute": "def f(raw, q, ptr):\n    s = summarize(raw)\n    ptr.start = s.find(q)\n",
    "ANC301-replace": (
        "import dataclasses\n\ndef f(raw, q, ptr):\n    s = summarize(raw)\n"
        "    return dataclasses.replace(ptr, start=s.find(q))\n"
    ),
    "ANC301-comprehension": (
        "def f(raw, quotes):\n    s = summarize(raw)\n"
        "    return [Citation(start=s.find(q)) for q in quotes]\n"
    ),
    "ANC301-starred-span": (
        "import re\n\nP = re.compile('x')\n\ndef f(raw):\n    m = P.search(summarize(raw))\n"
        "    return Span(*m.span())\n"
    ),
    "ANC301-line-count": (
        "def f(raw, q):\n    s = summarize(raw)\n    i = s.find(q)\n"
        "    line_no = s[:i].count('\\n') + 1\n    return Pointer('d', line=line_no)\n"
    ),
    "ANC302-method": "def f(r, ptr, raw):\n    return r.resolve(ptr, source=summarize(raw))\n",
    "ANC302-dict-slot": (
        "def f(ptr, raw, state):\n    state['summary'] = summarize(raw)\n"
        "    return resolve(ptr, source=state['summary'])\n"
    ),
    "ANC302-keywords": "def f(p, buf):\n    return resolve_pointer(p, source_bytes=buf, summary_bytes=buf)\n",
    "ANC303-filtered-generator": "def f(chunks):\n    return summarize(c for c in chunks if c.doc_id)\n",
    "ANC304-pydantic-uri": (
        "from pydantic import BaseModel\n\nclass SourceSpan(BaseModel):\n    uri: str\n    line: int\n"
    ),
    "ANC305-lines": "def resolve_lines(doc, ptr):\n    lines = doc.splitlines()\n    return lines[ptr.line]\n",
    "ANC306-loop-on-raw": (
        "def f(text):\n    for _ in range(3):\n        text = rewrite(text)\n    return text\n"
    ),
    "ANC306-rewrite-of-text": (
        "def polish(text: str) -> str:\n    return text\n\n"
        "def rewrite_notes(notes: str) -> str:\n    return polish(notes)\n\n"
        "def twice(raw_context):\n    return rewrite_notes(rewrite_notes(raw_context))\n"
    ),
    "ANC307-assert": (
        "def quote_source(ptr, original, compressed):\n    assert original is not compressed\n"
        "    return original[ptr.start : ptr.end]\n"
    ),
    # a parameter annotated as the graph's state keeps the summary for the next call
    "ANC306-annotated-state": (
        "def fold(ctx: AgentState, turns: list[str]) -> AgentState:\n"
        "    ctx.summary = condense(ctx.summary + '\\n'.join(turns))\n"
        "    return ctx\n"
    ),
}


NEAR_MISSES = {
    "print-end": "def f(raw, q):\n    s = summarize(raw)\n    print(s.find(q), end='')\n",
    "length-key": "def f(raw):\n    s = summarize(raw)\n    return {'length': len(s), 'summary': s}\n",
    "path-resolve": (
        "from pathlib import Path\n\ndef f(p):\n    s = summarize(p)\n    return Path(p).resolve(), s\n"
    ),
    "set-compactor": (
        "def compact(paths) -> set[str]:\n    return set(paths)\n\n"
        "def f(paths):\n    return compact(compact(paths))\n"
    ),
    "enum": "from enum import Enum\n\nclass AnchorKind(Enum):\n    START = 1\n    END = 2\n",
    "text-of-span": "def f(doc):\n    print(doc.doc_id)\n    return summarize(doc.text)\n",
    "template": (
        "def expand_template(template: str, values) -> str:\n"
        "    return template[values.start : values.end]\n"
    ),
    "identity-not-summary": (
        "def resolve(source, other):\n    if source is other:\n        return source\n"
        "    return source + other\n"
    ),
    "token-identity": "def verify_token(token, secret) -> bool:\n    return token is secret\n",
    # shapes of installed libraries that tripped the rules (algebra, arrays, JSON, editors)
    "algebra-rewrite": (
        "def _rewrite1(f, x):\n    return f\n\n"
        "def _rewrite2(f, x):\n    return f\n\n"
        "def integrate(f, x):\n    g = _rewrite1(f, x)\n    return _rewrite2(g, x)\n"
    ),
    "masked-array-compressed": (
        "import numpy.ma as ma\n\ndef count_groups(x):\n    return ma.compressed(x).copy()\n\n"
        "def kendall(x):\n    return count_groups(x.compressed())\n"
    ),
    "json-pointer": (
        "def resolve_fragment(document, fragment):\n"
        "    for part in fragment.split('/'):\n        document = document[part]\n"
        "    return document\n"
    ),
    "editor-location": (
        "from dataclasses import dataclass\n\n@dataclass\nclass Location:\n"
        "    uri: str\n    range: object\n"
    ),
    # "stream" and "drawing" only contain the letters of a text word ("str", "raw")
    "byte-stream-compress": (
        "def pack(stream, drawing):\n    return compress(compress(stream), drawing)\n"
    ),
    "http-request": (
        "class Request:\n    uri: str\n    limit_request_line: int\n    headers: dict\n"
    ),
    # a web framework's middleware: the response is a new object on every call, so a body
    # compressed into it is not kept state that comes back
    "response-body-codec": (
        "from webkit.text import compress_bytes, compress_chunks\n\n"
        "class ShrinkMiddleware:\n"
        "    def process_response(self, request, response):\n"
        "        if response.streaming:\n"
        "            response.streaming_content = compress_chunks(response.streaming_content)\n"
        "            return response\n"
        "        packed = compress_bytes(response.content, max_random_bytes=100)\n"
        "        response.content = packed\n"
        "        return response\n"
    ),
}


@pytest.mark.parametrize("name", sorted(MORE_POSITIVES))
def test_more_positive_shapes(name: str) -> None:
    assert name.split("-")[0] in {c for _, c, _ in hits(MORE_POSITIVES[name])}


@pytest.mark.parametrize("name", sorted(NEAR_MISSES))
def test_near_misses_stay_silent(name: str) -> None:
    assert hits(NEAR_MISSES[name]) == []


def test_rules_never_raise_on_generated_python() -> None:
    """Every lower-case call a summarizer and every function a resolver: all paths run."""
    hypothesis = pytest.importorskip("hypothesis")
    hypothesmith = pytest.importorskip("hypothesmith")
    letters = tuple("abcdefghijklmnopqrstuvwxyz")
    greedy = Settings(
        code=CodeSettings(extra_summarizer_names=letters, extra_resolver_names=letters)
    )

    @hypothesis.settings(
        max_examples=40, deadline=None, suppress_health_check=list(hypothesis.HealthCheck)
    )
    @hypothesis.given(hypothesmith.from_grammar())
    def run(source: str) -> None:
        try:
            module = analyse_module(source, "gen.py", greedy.code)
        except ParseFailure:
            return
        for rule in CODE_RULES.values():
            list(rule.check(module, greedy))
        statement_ranges(module)

    run()


def test_statement_ranges_for_decorators_match_and_one_liners() -> None:
    source = (
        "@dec(\n    x)\ndef f():\n    match x:\n        case 1:\n            pass\n"
        "class C(Base,\n        Other): pass\n"
    )
    ranges = statement_ranges(analyse_module(source, "x.py", SETTINGS.code))
    assert (1, 3) in ranges  # decorator through the def line
    assert (4, 4) in ranges and (5, 5) in ranges and (6, 6) in ranges
    assert (7, 8) in ranges  # a one-line body belongs to its header's statement


MULTILINE_SINK = """\
def cite(text):
    summary = summarize(text)
    return resolve_span(
        summary,  # noqa: ANC302
    )


def resolve_span(source):
    return source
"""


def test_noqa_on_any_line_of_a_multiline_call_suppresses_it() -> None:
    from anchorlint.run.engine import lint_bytes

    assert [
        f.code
        for f in lint_bytes("c.py", MULTILINE_SINK.replace("# noqa: ANC302", "").encode(), SETTINGS)
    ] == ["ANC302"]
    assert lint_bytes("c.py", MULTILINE_SINK.encode(), SETTINGS) == []


def test_a_file_without_noqa_is_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Statement ranges need CPython's parser too; they are only computed for a ``# noqa``."""
    import ast

    from anchorlint.run.engine import lint_bytes

    calls: list[str] = []
    real_parse = ast.parse
    monkeypatch.setattr(ast, "parse", lambda *a, **k: calls.append("ast") or real_parse(*a, **k))
    source = MULTILINE_SINK.replace("# noqa: ANC302", "")
    assert [f.code for f in lint_bytes("c.py", source.encode(), SETTINGS)] == ["ANC302"]
    assert calls == []
    assert lint_bytes("c.py", MULTILINE_SINK.encode(), SETTINGS) == []
    assert calls == ["ast"]


TUPLE_SUMMARIZER_MODULE = """\
import hashlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Locator:
    uri: str
    char_start: int
    char_end: int
    sha256: str


class SessionContext:
    def __init__(self, client, uri: str):
        self.client = client
        self.uri = uri

    async def _compact(self, turns: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        reply = await self.client.complete(user=str(turns))
        return reply.text, reply.meta

    def _pin(self, key: str) -> str:
        return hashlib.sha256(key.encode()).hexdigest()

    async def locate(self, turns, key: str) -> Locator:
        text, meta = await self._compact(turns)
        i = text.find(key)
        return Locator(self.uri, char_start=i, char_end=i + len(key), sha256=self._pin(key))  # expect: ANC301

    async def locate_all(self, turns, keys: list[str]) -> list[Locator]:
        result = await self._compact(turns)
        found = []
        for key in keys:
            i = result[0].find(key)
            found.append(Locator(self.uri, i, i + len(key), self._pin(key)))  # expect: ANC301
        return found

    async def locate_in_source(self, turns, raw: str, key: str) -> tuple[str, Locator]:
        text, meta = await self._compact(turns)
        i = raw.find(key)
        return text, Locator(self.uri, char_start=i, char_end=i + len(key), sha256=self._pin(key))

    async def budget(self, turns, limit: int) -> str:
        text, meta = await self._compact(turns)
        used = meta.get("tokens", len(text))
        return text if used <= limit else text[:limit]
"""


def test_text_element_of_a_tuple_returning_summarizer_is_followed() -> None:
    """``text, meta = await self._compact(...)``: ``text`` is the output, ``meta`` is not."""
    found = sorted({(line, code) for line, code, _ in hits(TUPLE_SUMMARIZER_MODULE)})
    assert found == _expected(TUPLE_SUMMARIZER_MODULE)
    source = TUPLE_SUMMARIZER_MODULE.replace("tuple[str, dict[str, Any]]", "tuple[int, int]")
    assert hits(source) == []  # no text position: not a summarizer at all


PAYLOAD_SPANS_MODULE = """\
import logging
from typing import Any

log = logging.getLogger("compaction")


class Worker:
    def __init__(self, llm, ledger):
        self.llm = llm
        self.ledger = ledger

    def handle(self, job: dict[str, Any]) -> dict[str, Any]:
        hits = job.get("retrieved", [])
        docs = sorted({h["doc_id"] for h in hits})
        log.info("job %s: %d hits from %s", job["id"], len(hits), ", ".join(docs))
        summary = self.llm.condense(hits, max_tokens=job.get("max_tokens", 300))  # expect: ANC303
        return {"id": job["id"], "summary": summary, "docs": docs}

    def handle_logged(self, payload: dict[str, Any]) -> str:
        spans = payload["spans"]
        for i, span in enumerate(spans):
            log.debug("span %d cites %s", i, span.get("citation"))
        ranked = sorted(spans, key=lambda s: s["score"])
        return self.llm.summarize(ranked[3:])  # expect: ANC303

    def handle_history(self, job: dict[str, Any]) -> dict[str, Any]:
        hits = job["spans"]
        docs = {h["doc_id"] for h in hits}
        notes = "\\n".join(h["text"] for h in hits)
        return {"summary": self.llm.condense(job["history"]), "notes": notes, "docs": docs}

    def handle_guarded(self, payload: dict[str, Any]) -> str:
        spans = payload["spans"]
        labels = [s["doc_id"] for s in spans]
        if any(s.get("doc_id") for s in spans):
            raise ValueError(f"linked spans stay verbatim: {labels}")
        return self.llm.summarize(spans)

    def handle_evicting(self, payload: dict[str, Any]) -> tuple[str, list[str]]:
        spans = payload["spans"]
        evicted = [s["doc_id"] for s in spans if s.get("doc_id")]
        spans = [s for s in spans if not s.get("doc_id")]
        self.ledger.extend(evicted)
        return self.llm.summarize(spans), evicted

    def handle_pruned(self, payload: dict[str, Any]) -> str:
        spans = payload["spans"]
        log.info("docs: %s", {s["doc_id"] for s in spans})
        for span in list(spans):
            if is_linked(span):
                spans.remove(span)
        return self.llm.summarize(spans)

    def handle_checked(self, payload: dict[str, Any]) -> str:
        spans = payload["spans"]
        log.info("docs: %s", {s["doc_id"] for s in spans})
        for span in spans:
            if is_linked(span):
                raise ValueError(span["doc_id"])
        return self.llm.summarize(spans)

    def handle_checked_at_once(self, payload: dict[str, Any]) -> str:
        spans = payload["spans"]
        log.info("docs: %s", {s["doc_id"] for s in spans})
        if any(is_linked(s) for s in spans):
            raise ValueError("linked spans stay verbatim")
        return self.llm.summarize(spans)


def is_linked(span: dict[str, Any]) -> bool:
    return bool(span.get("doc_id"))
"""


def test_lists_whose_items_have_their_label_read_are_linked_spans() -> None:
    """Payload lists known linked only from ``h["doc_id"]`` reads of their items; evicted,
    guarded, reassigned or pruned lists, and lists whose text alone is used, stay silent."""
    found = sorted({(line, code) for line, code, _ in hits(PAYLOAD_SPANS_MODULE)})
    assert found == _expected(PAYLOAD_SPANS_MODULE)
    messages = [m for _, code, m in hits(PAYLOAD_SPANS_MODULE) if code == "ANC303"]
    assert "`hits` (the code reads `doc_id` of its items)" in messages[0]
    assert "`ranked` (the code reads `citation` of its items)" in messages[1]


# -- readings of issue 16: names, prompts, retrieval links, positional names, generated files --


def hits7(source: str) -> list[tuple[int, str, str]]:
    """The hits of ANC301-ANC307 (ANC308 is tested on its own)."""
    return [h for h in hits(source) if h[1] <= "ANC307"]


def test_summarizer_names_as_a_word_after_a_verb_and_thing_nouns_excluded() -> None:
    names = NameSets.from_settings(SETTINGS.code)
    for name in (
        "predict_new_summary",
        "generate_summary",
        "_summarize_messages",
        "rolling_summary",
    ):
        assert names.is_summarizer(name), name
    for name in (
        "summary_config",
        "summarizer_cls",
        "summary_mode",
        "summary_tokens",
        "check_summary",
        "log_summary",
        "format_summary",
        "text_for_summary",
        "get_summary_prompt",
        "SummaryEvent",
        # helpers real compactors name after the summary, which call no model
        "_prepare_summarization_result",
        "locate_summarization_boundary",
        "as_user_summary",
        "summarization_result",
    ):
        assert not names.is_summarizer(name), name


def test_positional_names_follow_the_catalogue() -> None:
    for name in ("start_char_idx", "start_char_index", "end_index", "line_start", "char_end"):
        assert is_positional_field(name), name
    for name in ("start_timestamp", "end_time", "start_mark", "output_index", "content_index"):
        assert not is_positional_field(name), name


def test_generated_modules_are_not_analysed() -> None:
    body = (
        "from pydantic import BaseModel\n\n"
        "class CitationSpan(BaseModel):\n    doc_id: str\n    start_char_idx: int\n"
    )
    assert [c for _, c, _ in hits7(body)] == ["ANC304"]
    assert hits7("# Code generated by schema-codegen. DO NOT EDIT.\n" + body) == []
    # a docstring that merely says summaries are generated is no codegen header
    assert [c for _, c, _ in hits7('"""Summaries generated by the model."""\n' + body)] == [
        "ANC304"
    ]


def test_tool_results_and_documents_are_retrieval_linked() -> None:
    source = (
        "def fold(messages, docs: list[Document], llm):\n"
        "    tools = [m for m in messages if m.get('role') == 'tool']\n"
        "    chats = [m for m in messages if m.get('role') != 'tool']\n"
        "    for m in messages:\n"
        "        if isinstance(m, ToolMessage):\n"
        "            print(m.tool_call_id)\n"
        "    return llm.summarize(chats)\n"
    )
    module = analyse_module(source, "m.py", SETTINGS.code)
    info = module.index.functions["fold"]
    linked = retrieval_linked_spans(module, info)
    assert "docs" in linked.lists and "tools" in linked.lists and "m" in linked.spans
    assert not linked.is_linked("chats")
    assert hits7(source) == []  # only the chat turns reach the summarizer


def test_summarizer_by_prompt_and_one_layer_per_summarizer() -> None:
    source = (
        'PROMPT = "Progressively summarize the lines, adding onto the summary: {s} {n}"\n\n'
        "class Memory:\n"
        "    def summarize(self, text):\n"
        "        return self.llm.predict(PROMPT.format(s=text, n=''))\n\n"
        "    def add(self, new):\n"
        "        self.summary = self.summarize(self.summary + new)\n"
    )
    found = [(line, code) for line, code, _ in hits7(source)]
    assert found == [(8, "ANC306")]  # the caller's pass, not the wrapper's model call again


def test_summarizer_by_an_inline_prompt_about_the_conversation() -> None:
    """A prompt written in the call (``+``, an f-string), or a system message asking for a
    "summarization of the chat", makes a generic model call a summarizer; a literal that asks
    for something else, or names no conversation, does not."""
    source = (
        "def fold(llm, text, previous_summary):\n"
        '    return llm.generate("Summarize this conversation:\\n" + text + previous_summary)\n\n'
        "def fold_f(llm, text, previous_summary):\n"
        '    return llm.invoke(f"Summarize the chat history below.\\n{text}\\n{previous_summary}")\n\n'
        "def translate(llm, text, previous_summary):\n"
        '    return llm.generate("Translate this conversation into French:\\n" + previous_summary)\n\n'
        "def flag(llm, previous_summary):\n"
        '    return llm.run("--compress " + previous_summary)\n'
    )
    assert [(line, code) for line, code, _ in hits7(source)] == [(2, "ANC306"), (5, "ANC306")]
    system = (
        'REDUCE = "Provide a concise summarization of the entire chat in five sentences."\n\n'
        "async def reduce(service, history):\n"
        '    request = [{"role": "system", "content": REDUCE}, *history[:-10]]\n'
        "    reply = await service.chat(request)\n"
        '    return [{"role": "assistant", "content": reply.content}, *history[-10:]]\n'
    )
    assert [(line, code) for line, code, _ in hits7(system)] == [(5, "ANC306")]
    assert hits7(system.replace("summarization of the entire chat", "review of the chat")) == []


def test_a_model_answer_is_no_prompt_whatever_it_was_asked() -> None:
    """A standalone question condensed from the chat (a prompt that asks to condense) goes to
    a retriever and into the answer prompt: the model's answer is not itself a summary prompt,
    so neither call is a second pass."""
    named = (
        'CONDENSE = "Given the chat history, condense the follow-up into a standalone question. {h} {q}"\n\n'
        "def ask(llm, retriever, history, question):\n"
        "    standalone = llm.invoke(CONDENSE.format(h=history, q=question))\n"
        "    docs = retriever.invoke(standalone)\n"
        '    return llm.invoke(f"Answer from these documents: {docs} Question: {standalone}")\n'
    )
    assert hits7(named) == []
    inline = named.replace(
        "llm.invoke(CONDENSE.format(h=history, q=question))",
        'llm.invoke(f"Given the chat history, condense the follow-up into a question. {history}")',
    )
    assert hits7(inline) == []


def test_a_persona_that_can_summarize_is_no_summary_prompt() -> None:
    """A chat assistant whose system prompt says it *can* summarize conversations answers
    questions: feeding its replies back with the history is a chat loop, not re-compaction."""
    source = (
        'SYSTEM = "You are a helpful assistant. You can answer questions and summarize chats."\n\n'
        "class Bot:\n"
        "    def ask(self, question):\n"
        "        self.history.append({'role': 'user', 'content': question})\n"
        "        reply = self.client.chat(\n"
        "            [{'role': 'system', 'content': SYSTEM}, *self.history]\n"
        "        )\n"
        "        self.history.append({'role': 'assistant', 'content': reply.content})\n"
        "        return reply.content\n"
    )
    assert hits7(source) == []
    asking = source.replace("You can answer questions and summarize chats.", "Summarize the chat.")
    assert [code for _, code, _ in hits7(asking)] == ["ANC306"]


def test_a_summarizer_taking_the_previous_summary_reports_its_own_model_call() -> None:
    """The caller hands in a summary loaded from a store: the pass is the model call inside
    the summarizer that builds its prompt from ``previous_summary``."""
    source = (
        'PROMPT = "Summarize the conversation, updating the previous summary: {p} {c}"\n\n'
        "class Sessions:\n"
        "    def create_session_summary(self, convo, previous_summary=None):\n"
        "        return self.model.generate(PROMPT.format(p=previous_summary, c=convo))\n\n"
        "    def refresh(self, sid):\n"
        "        session = self.db.load(sid)\n"
        "        session.summary = self.create_session_summary(\n"
        "            session.text, previous_summary=session.summary\n"
        "        )\n"
    )
    assert [(line, code) for line, code, _ in hits7(source)] == [(5, "ANC306")]


def test_a_chain_built_from_a_local_template_and_a_summary_in_message_form() -> None:
    """The template reaches the chain through a local name; a summarizer annotated to return
    a list of messages returns the summary; a list of paths is no summary."""
    chain = (
        'TEMPLATE = "Progressively summarize the lines of conversation: {summary} {new_lines}"\n\n'
        "class Memory:\n"
        "    def __init__(self, llm):\n"
        "        prompt = PromptTemplate(TEMPLATE, ['summary', 'new_lines'])\n"
        "        self.chain = LLMChain(llm=llm, prompt=prompt)\n\n"
        "    def save(self, lines):\n"
        "        self.buffer = self.chain.predict(summary=self.buffer, new_lines=lines)\n"
    )
    assert [(line, code) for line, code, _ in hits7(chain)] == [(9, "ANC306")]
    assert hits7(chain.replace("Progressively summarize", "Translate")) == []
    messages = (
        "def summarize_all(messages) -> list[dict[str, str]]:\n"
        "    return [{'role': 'user', 'content': llm.predict(render(messages))}]\n\n"
        "def fold(messages):\n"
        "    summary = summarize_all(messages[:5])\n"
        "    return summarize_all(summary + messages[5:])\n"
    )
    assert [(line, code) for line, code, _ in hits7(messages)] == [(6, "ANC306")]
    paths = messages.replace("list[dict[str, str]]", "list[str]")
    assert hits7(paths) == []
    trimming = (
        "class Chat:\n"
        "    def compact_messages(self, messages) -> list[dict[str, str]]:\n"
        "        return messages[:2] + messages[-18:]\n\n"
        "    def add(self, message):\n"
        "        self.history.append(message)\n"
        "        self.history = self.compact_messages(self.history)\n"
    )
    assert hits7(trimming) == []  # a cut that keeps messages is no summary in message form


def test_anc303_through_summaries_positional_carriers_and_regrouped_nodes() -> None:
    """Per-document summaries are summaries, not document text (reducing them is ANC306's);
    a dataclass span built positionally with the input's source id is a relabel; nodes
    regrouped through a dict of lists are still nodes."""
    map_reduce = (
        'MAP = "Summarize this document for a reader who needs its key facts: {text}"\n\n'
        "def overview(llm, docs: list[Document]):\n"
        "    partials = [llm.invoke(MAP.format(text=d.page_content)).content for d in docs]\n"
        "    final = llm.invoke(MAP.format(text='\\n'.join(partials))).content\n"
        "    return final, [d.metadata['source'] for d in docs]\n"
    )
    codes = [(line, code) for line, code, _ in hits7(map_reduce)]
    assert (4, "ANC303") in codes and (5, "ANC303") not in codes and (5, "ANC306") in codes
    spans = (
        "from dataclasses import dataclass\n\n"
        "@dataclass\n"
        "class Span:\n"
        "    text: str\n"
        "    source_id: str\n\n"
        "def paraphrase(spans: list[Span], llm):\n"
        "    return [Span(condense(s.text, llm), s.source_id) for s in spans]\n"
    )
    assert [(line, code) for line, code, _ in hits7(spans)] == [(9, "ANC303")]
    assert hits7(spans.replace("s.source_id)", "'derived')")) == []
    grouped = (
        "def merge(llm, nodes: list[TextNode]):\n"
        "    by_doc: dict[str, list[TextNode]] = defaultdict(list)\n"
        "    for node in nodes:\n"
        "        by_doc[node.ref_doc_id].append(node)\n"
        "    for group in by_doc.values():\n"
        "        context = '\\n'.join(n.get_content() for n in group)\n"
        "        yield summarize(context)\n"
    )
    assert [(line, code) for line, code, _ in hits7(grouped)] == [(7, "ANC303")]
    assert (
        hits7(
            grouped.replace("list[TextNode]] =", "list[str]] =").replace(
                "nodes: list[TextNode]", "nodes"
            )
        )
        == []
    )


def test_one_declared_span_text_to_a_summarizer() -> None:
    """``condense(s.text)`` of a span whose class declares ``provenance`` is the one-item case
    of their text joined into a prompt; summarizing only the spans without provenance is not."""
    source = (
        "from dataclasses import dataclass\n\n"
        "@dataclass\n"
        "class Span:\n"
        "    text: str\n"
        "    provenance: str\n\n"
        "def shorten(spans: list[Span], llm):\n"
        "    out = []\n"
        "    for s in spans:\n"
        "        out.append(condense(s.text, llm))\n"
        "    return out\n"
    )
    assert [(line, code) for line, code, _ in hits7(source)] == [(11, "ANC303")]
    guarded = source.replace(
        "        out.append(condense(s.text, llm))\n",
        "        if s.provenance:\n"
        "            out.append(s)\n"
        "        else:\n"
        "            out.append(condense(s.text, llm))\n",
    )
    assert hits7(guarded) == []
    assert hits7(source.replace("    provenance: str\n", "    kind: str\n")) == []


MIDDLEWARE = (
    'PROMPT = "Summarize the earlier part of this agent run: {history}"\n\n'
    "class Hook:\n"
    "    def _safe_cutoff(self, messages, cutoff):\n"
    "        while cutoff < len(messages) and isinstance(messages[cutoff], ToolMessage):\n"
    "            cutoff += 1\n"
    "        return cutoff\n\n"
    "    def before_model(self, state):\n"
    "        messages = state['messages']\n"
    "        cutoff = self._safe_cutoff(messages, len(messages) - 10)\n"
    "        history = '\\n'.join(f'{m.type}: {m.content}' for m in messages[:cutoff])\n"
    "        return self.model.invoke(PROMPT.format(history=history))\n"
)


def test_a_mixed_list_rendered_whole_into_the_prompt() -> None:
    """The middleware tests its message list for tool results where it cuts, then renders
    every item before the cut into the summary prompt: the tool output is summarized. A
    rendering that leaves tool results out or tells them apart, or a list never tested for
    tool output (plain chat), is silent."""
    found = [(line, code) for line, code, _ in hits7(MIDDLEWARE)]
    assert found == [(13, "ANC303")]
    for variant in (
        MIDDLEWARE.replace(
            "for m in messages[:cutoff])", "for m in messages[:cutoff] if m.type != 'tool')"
        ),
        MIDDLEWARE.replace(
            "f'{m.type}: {m.content}'",
            "(m.content if not isinstance(m, ToolMessage) else '[tool output]')",
        ),
        MIDDLEWARE.replace("isinstance(messages[cutoff], ToolMessage)", "messages[cutoff] is None"),
        MIDDLEWARE.replace(  # the tool results are deleted before the rendering
            "        history = ",
            "        del messages[:cutoff]\n        history = ",
        ),
    ):
        assert [c for _, c, _ in hits7(variant)] == [], variant


def test_kept_state_messages_say_where_it_was_stored_and_came_back() -> None:
    source = (
        "def node(state):\n"
        "    old = state.get('summary', '')\n"
        "    new = summarize(old + render(state['messages']))\n"
        "    return {'summary': new}\n"
    )
    [(line, code, message)] = hits7(source)
    assert (line, code) == (3, "ANC306")
    assert "kept in the state key 'summary' (stored at line 4) and handed back" in message


def test_a_message_dict_and_a_fresh_reply_are_no_state_mapping() -> None:
    """A new message dict whose content is a summary, and a reply handed in read by the same
    key (even in another function), keep nothing between calls: only the tool reply's
    rewrite (ANC303) is reported. Kept under a state mapping's key, the same flow is."""
    source = (
        "def shorten_reply(reply: dict) -> dict:\n"
        "    return {'role': 'assistant', 'content': summarize(reply['content'])}\n"
        "\n"
        "def shorten_reply2(reply: dict) -> dict:\n"
        "    short = summarize(reply['content'])\n"
        "    return {'role': 'assistant', 'content': short, 'ref': reply['tool_call_id']}\n"
    )
    assert [(line, code) for line, code, _ in hits7(source)] == [(5, "ANC303")]
    kept = source.replace("reply: dict", "state: dict").replace("reply[", "state[")
    kept = kept.replace("'role': 'assistant', ", "")
    assert "ANC306" in {code for _, code, _ in hits7(kept)}, kept


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        ("[summary_msg, *messages[-4:]]", ["ANC306"]),
        ("[summary_msg] + messages[-4:]", ["ANC306"]),
        ("[messages[0], summary_msg] + messages[-4:]", ["ANC306"]),
        ("[summary_msg] + recent + [messages[-1]]", ["ANC306"]),
        ("[summary_msg] + ['done']", []),  # a fixed pair, no history handed back
        ("recent + [summary_msg]", []),  # at the end, not put back at the front
    ],
)
def test_summary_put_back_at_the_front_by_concatenation(returned: str, expected: list[str]) -> None:
    source = (
        "def fit(messages: list) -> list:\n"
        "    recent = messages[-4:]\n"
        "    summary_msg = {'role': 'system', 'content': summarize_messages(messages[:-4])}\n"
        f"    return {returned}\n"
    )
    assert [code for _, code, _ in hits7(source)] == expected, returned


@pytest.mark.parametrize(
    ("test", "linked"),
    [
        ('entry["message_type"] == "observation"', True),
        ('e.get("message_type") in ("observation", "action")', True),
        ('m.role == "observation"', True),
        ('m.type == "observation"', False),  # a kind of record, not of a history entry
        ('e["message_type"] == "thought"', False),
        ("isinstance(m, FunctionExecutionResultMessage)", True),
        ("isinstance(p, ToolReturnPart)", True),
        ("isinstance(p, ToolReturnType)", False),
        ("isinstance(p, UserPromptPart)", False),
    ],
)
def test_tool_result_readings_of_three_framework_shapes(test: str, linked: bool) -> None:
    """A function-execution result message, an observation entry of a trajectory and a
    tool-return part are tool results; the agent's own thoughts and a user prompt are not."""
    import libcst as cst

    from anchorlint.code.retrieval import linked_test

    found = linked_test(cst.parse_expression(test))
    assert (found is not None and found.present) == linked, found


def test_weak_stems_do_not_make_a_large_module_worth_parsing() -> None:
    """Over the size budget, ``np.compress(``/``expr.rewrite(`` alone leave a module to the
    syntax check (its LibCST parse costs seconds); a real summarizer name still counts."""
    from anchorlint.code.prefilter import LARGE_MODULE_CHARS, WEAK_STEMS
    from anchorlint.code.summarizer_calls import WEAK_SUMMARIZER_STEMS

    assert frozenset(WEAK_STEMS) == WEAK_SUMMARIZER_STEMS
    filler = "x = [1, 2, 3]\n" * (LARGE_MODULE_CHARS // 14 + 1)
    weak = "import numpy as np\n\ndef kept(a, m):\n    return np.compress(m, a)\n"
    strong = "def fold(history):\n    return summarize(history)\n"
    assert may_fire(weak, SETTINGS.code)
    assert not may_fire(weak + filler, SETTINGS.code)
    assert may_fire(strong + filler, SETTINGS.code)


def test_positions_are_the_position_providers_node_for_node() -> None:
    """The cheaper position pass gives every node of every corpus module (and CRLF, tabs,
    decorators, comments, an unterminated last line) exactly LibCST's ``PositionProvider``
    range."""
    import libcst as cst
    from libcst.metadata import PositionProvider

    from anchorlint.code.positions import Positions

    corpus = Path(__file__).parent / "corpus"
    sources = [p.read_text(encoding="utf-8") for p in sorted(corpus.glob("co*/*.py"))]
    sources += [
        "@dec(\r\n  1)\r\nclass A:\r\n\tx: int = (1 +\r\n\t  2)  # c\r\n\r\n\tdef f(self): return [\r\n\t\t3]\r\n",
        "if x:\n    y = {'a': [1, (2,)]}\nelse:\n    pass\n# trailing\nz = f'{y!r:>10}'",
        "",
    ]
    assert len(sources) > 100
    for source in sources:
        module = cst.parse_module(source)
        provider = PositionProvider()
        provider._gen_impl(module)
        fast = Positions(module)
        assert set(fast) == set(provider._computed)
        assert all(fast[node] == provider._computed[node] for node in fast)


RELABEL_OUTPUT_SIDE = """\
from dataclasses import dataclass, field


@dataclass(frozen=True)
class MemoryItem:
    text: str
    source_id: str


@dataclass(frozen=True)
class Step:
    tool_call_id: str
    observation: str


@dataclass
class Document:
    page_content: str
    metadata: dict = field(default_factory=dict)


def merge(group: list[MemoryItem]) -> MemoryItem:
    merged = llm.compress(group[0].text + group[1].text)
    return MemoryItem(text=merged, source_id=group[0].source_id)


def merge_fresh(group: list[MemoryItem], new_id: str) -> MemoryItem:
    merged = llm.compress(group[0].text + group[1].text)
    return MemoryItem(text=merged, source_id=new_id)


def record(result, step: int) -> Step:
    return Step(tool_call_id=result.call_ref, observation=llm.compress(result.output))


def ratio(doc: Document) -> Document:
    res = compressor.compress(doc.page_content)
    return Document(page_content=res.text, metadata={**doc.metadata, "r": res.ratio})


def own(doc: Document) -> Document:
    res = compressor.compress(doc.page_content)
    return Document(page_content=res.text, metadata={**res.metadata, "r": res.ratio})
"""


def test_output_side_relabel_from_an_element_and_beside_an_added_key() -> None:
    """``source_id=group[0].source_id`` copies an input span's provenance onto the summary (the
    class declares ``source_id``, whatever its name); ``{**doc.metadata, "r": res.ratio}``
    still copies the input's metadata. A fresh id, a step record keyed by a call id, and the
    output's own metadata are no relabel."""
    relabels = [
        line
        for line, code, message in hits7(RELABEL_OUTPUT_SIDE)
        if code == "ANC303" and "with the provenance" in message
    ]
    assert relabels == [24, 38]


def test_a_resolver_returning_a_line_slice_of_an_unnamed_source() -> None:
    """With no ``source*`` parameter, the first str parameter whose lines a resolver slices and
    joins back is its source (as a direct slice is); a non-resolver doing the same is silent."""
    source = (
        "def quote_lines(citation, partition_text: str) -> str:\n"
        "    lines = partition_text.splitlines()\n"
        '    return "\\n".join(lines[citation.line_start - 1 : citation.line_end])\n'
        "\n"
        "def wrap_lines(citation, body: str) -> str:\n"
        "    lines = body.splitlines()\n"
        '    return "\\n".join(lines[: citation.width])\n'
    )
    assert [(line, code) for line, code, _ in hits7(source)] == [(3, "ANC305")]


@pytest.mark.parametrize(
    ("instructions", "expected"),
    [
        ("Summarize this conversation.", ["ANC306"]),
        ("Answer from this conversation.", []),
        ("You can summarize conversations.", []),
    ],
)
def test_a_module_level_agent_built_from_a_short_summarize_instruction(
    instructions: str, expected: list[str]
) -> None:
    """An agent object built at module level from an instruction that asks to summarize the
    conversation (three words will do) is the chain of the prompt reading: its ``run()`` is a
    summarizer call, and a summary it returns put back in front is re-compaction."""
    source = (
        f'summary_agent = SummaryAgent("m", instructions="{instructions}")\n'
        "\n"
        "async def fold(messages: list) -> list:\n"
        "    old = messages[:-6]\n"
        "    summary = await summary_agent.run(message_history=old)\n"
        "    return [summary, *messages[-6:]]\n"
    )
    assert [code for _, code, _ in hits7(source)] == expected
