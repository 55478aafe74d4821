"""The run's own shortcuts around the analysis hold to the slow paths they replace.

Findings and facts made in one step (:func:`anchorlint.findings.new_finding`,
:func:`anchorlint.run.spool_packing.fact_of_row`) are what their constructors make; blocks are read
back the same whether or not they were compressed, and whether they were written to the
spool's file one by one or in groups; batches cover every job once, in order; a suffix is
what ``os.path.splitext`` says; the findings kept are those the filter kept before its
shortcut for files without suppressions.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
from contextlib import closing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import Settings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, Fix, TextEdit, new_finding
from anchorlint.registry import known_codes
from anchorlint.run import kinds, spool, spool_packing
from anchorlint.run.filtering import keep
from anchorlint.run.jobs import Job
from anchorlint.run.pool import _batched
from anchorlint.run.selection import Selection
from anchorlint.run.suppressions import Directive, Suppressions

texts = st.text(max_size=20)
numbers = st.integers(min_value=0, max_value=10**6)
fixes = st.none() | st.builds(
    Fix, texts, st.tuples(st.builds(TextEdit, numbers, numbers, numbers, numbers, texts))
)
finding_fields = st.tuples(
    texts, numbers, numbers, texts, texts, numbers, numbers, texts, fixes, texts
)
anchors = st.builds(AnchorOccurrence, texts, texts, numbers, numbers, numbers, numbers, texts)
facts = st.builds(
    SummaryFacts,
    texts,
    numbers,
    numbers,
    st.lists(anchors, max_size=3).map(tuple),
    numbers,
    numbers,
    st.booleans(),
    st.none() | texts,
    st.none() | st.floats(allow_nan=False),
    numbers,
    st.lists(texts, max_size=3).map(tuple),
)


@given(finding_fields)
def test_a_finding_made_in_one_step_is_the_constructors(fields: tuple[object, ...]) -> None:
    made, built = new_finding(*fields), Finding(*fields)  # type: ignore[arg-type]
    assert type(made) is Finding
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert [getattr(made, f.name) for f in dataclasses.fields(Finding)] == list(fields)
    assert pickle.loads(pickle.dumps(made)) == built
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 0  # type: ignore[misc]


@given(facts)
def test_facts_read_back_in_one_step_are_the_constructors(fact: SummaryFacts) -> None:
    made = spool_packing.fact_of_row(spool_packing._fact_row(fact))
    assert type(made) is SummaryFacts and made == fact and repr(made) == repr(fact)
    assert all(type(a) is AnchorOccurrence for a in made.anchors)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 0  # type: ignore[misc]
    data, count = spool_packing.pack_facts([fact, fact])
    assert count == 2 and list(spool.PackedFacts([(data, count)])) == [fact, fact]


@pytest.mark.parametrize("count", [1, 3, 2000])
def test_blocks_short_and_long_read_back_the_same(count: int) -> None:
    found = [Finding("a.md", line, 1, "ANC101", f"m{line % 7}", line, 4) for line in range(count)]
    (block,) = spool_packing.pack(found)
    compressed = block.data[:1] != b"\x80"  # a raw pickle starts with its protocol opcode
    assert compressed == (count == 2000)  # 2,000 rows are ~50 KB, past COMPRESS_FROM
    assert spool_packing.unpack("a.md", block.data) == found


@given(st.lists(st.sampled_from(["file", "chunk", "rows"]), max_size=300), st.integers(1, 4))
def test_batches_hold_every_job_once_in_order(kinds: list[str], workers: int) -> None:
    jobs = [
        Job(
            f"d/f{i}.parquet" if kind == "rows" else f"d/f{i}.md",
            i,
            0,
            10 if kind != "file" else -1,
        )
        for i, kind in enumerate(kinds)
    ]
    batches = _batched(jobs, workers)
    assert [job for batch in batches for job in batch] == jobs
    for batch in batches:
        assert batch
        if any(job.end >= 0 for job in batch):
            assert len(batch) == 1  # a chunk or a fragment goes alone


def test_batches_shrink_towards_the_end() -> None:
    """Down to one job each: the last batches are what one worker finishes while the other
    has nothing left, and a long summary alone is a hundredth of a second."""
    sizes = [len(b) for b in _batched([Job(f"f{i}.md", i) for i in range(4000)], 2)]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == 4000 // 8 and sizes[-8:] == [1] * 8


@given(st.text(alphabet="./aMd\\ é", max_size=12))
def test_a_suffix_is_what_splitext_says(path: str) -> None:
    assert kinds.suffix(path) == os.path.splitext(path)[1].lower()


def _old_keep(
    path: str, findings: list[Finding], suppressions: Suppressions, selection: Selection
) -> tuple[Finding, ...]:
    """The filter before a file without suppressions or per-file ignores took a shortcut."""
    ignored = selection.ignored_for(path)

    def reports(code: str) -> bool:
        return code in selection.enabled and not any(code.startswith(p) for p in ignored)

    kept = [
        f
        for f in findings
        if reports(f.code)
        and (f.code == "ANC001" or not suppressions.suppressed(f.code, f.line, f.end_line))
    ]
    if reports("ANC003"):
        for line, column, message in suppressions.unused(known_codes(), selection.external):
            kept.append(Finding(path, line, column, "ANC003", message, line, column, "x"))
    return tuple(kept)


codes = st.sampled_from(["ANC001", "ANC003", "ANC101", "ANC102", "ANC107", "ANC999"])


@given(
    st.lists(st.tuples(codes, st.integers(1, 5)), max_size=8),
    st.lists(st.tuples(st.integers(1, 5), st.sets(codes, max_size=2)), max_size=2),
    st.sampled_from([{}, {"*.md": ("ANC10",)}, {"other.md": ("ANC1",)}]),
)
def test_kept_findings_are_those_the_old_filter_kept(
    hits: list[tuple[str, int]],
    directives: list[tuple[int, set[str]]],
    per_file: dict[str, tuple[str, ...]],
) -> None:
    selection = Selection.from_settings(Settings(per_file_ignores=per_file))
    found = [Finding("a.md", line, 1, code, "m", line, 2, "x") for code, line in hits]

    def suppressions() -> Suppressions:
        made = [Directive(line, 1, line, line, frozenset(c)) for line, c in directives]
        return Suppressions(made)

    new = keep("a.md", found, suppressions(), selection)
    old = _old_keep("a.md", found, suppressions(), selection)
    assert [(f.code, f.line, f.message) for f in new] == [(f.code, f.line, f.message) for f in old]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(1, 40), max_size=30), max_size=12), st.integers(1, 400))
def test_blocks_written_in_groups_read_back_as_written_one_by_one(
    files: list[list[int]], write_at: int
) -> None:
    """Blocks are written to the spool's file in groups; facts read between the adds (as
    the cross-file rules do) and the findings read at the end find every block."""

    def run(spooled: int) -> tuple[list[Finding], list[list[SummaryFacts]]]:
        saved, spool.WRITE_AT = spool.WRITE_AT, spooled
        try:
            seen: list[list[SummaryFacts]] = []
            with closing(spool.FindingSpool(in_memory=512)) as spooler:
                for number, lines in enumerate(files):
                    path = f"f{number}.md"
                    found = [Finding(path, n, 1, "ANC101", "m" * n) for n in lines]
                    for block in spool_packing.pack(found):
                        spooler.add(block)
                    fact = SummaryFacts(path, 1, 1, (), len(lines), 0, False, None, None, 0, ())
                    spooler.add_facts(path, spool_packing.pack_facts([fact]))
                    if number % 3 == 1:
                        seen.append(list(spooler.facts([path])))
                spooler.add_late([Finding("f0.md", 2, 2, "ANC107", "late")])
                seen.append(list(spooler.facts(f"f{n}.md" for n in range(len(files)))))
                return list(spooler.findings()), seen
        finally:
            spool.WRITE_AT = saved

    assert run(write_at) == run(1)


@given(finding_fields)
def test_a_finding_read_from_a_row_is_the_constructors(fields: tuple[object, ...]) -> None:
    built = Finding(*fields)  # type: ignore[arg-type]
    path, row = fields[0], fields[1:]
    for made in (
        spool_packing.finding_of_row(path, row),  # type: ignore[arg-type]
        spool_packing._finding_of_mixed_row(fields),
    ):
        assert type(made) is Finding
        assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
        assert made.fix == built.fix and made.fingerprint == built.fingerprint
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.line = 0  # type: ignore[misc]


@given(facts)
def test_a_fact_row_is_its_fields_in_order(fact: SummaryFacts) -> None:
    row = [getattr(fact, f.name) for f in dataclasses.fields(SummaryFacts)]
    row[[f.name for f in dataclasses.fields(SummaryFacts)].index("anchors")] = tuple(
        tuple(getattr(a, f.name) for f in dataclasses.fields(AnchorOccurrence))
        for a in fact.anchors
    )
    assert spool_packing._fact_row(fact) == tuple(row)


def _old_sort_findings(findings: list[Finding]) -> list[Finding]:
    """``sort_findings`` before it compared neighbours field by field."""
    findings = sorted(findings, key=lambda f: f.sort_key)
    kept: list[Finding] = []
    for item in findings:
        if not kept or kept[-1] != item:
            kept.append(item)
    return kept


class _OtherFinding(Finding):
    """A subclass: never equal to a Finding with the same fields (dataclass equality)."""


few_findings = st.sampled_from([Finding, Finding, Finding, _OtherFinding]).flatmap(
    lambda cls: st.builds(
        cls,
        path=st.sampled_from(["a.md", "b.md"]),
        line=st.integers(1, 3),
        column=st.integers(1, 2),
        code=st.sampled_from(["ANC101", "ANC102"]),
        message=st.sampled_from(["m", "n"]),
        end_line=st.integers(0, 1),
        end_column=st.integers(0, 1),
        name=st.sampled_from(["x", "y"]),
        fix=st.sampled_from([None, Fix("f", ())]),
        fingerprint=st.sampled_from(["", "p"]),
    )
)


@settings(max_examples=300)
@given(st.lists(few_findings, max_size=12))
def test_sorted_findings_are_those_the_old_loop_kept(found: list[Finding]) -> None:
    from anchorlint.findings import sort_findings

    expected = _old_sort_findings(list(found))
    kept = sort_findings(list(found))
    assert [id(f) for f in kept] == [id(f) for f in expected]
    assert sort_findings(iter(found)) == expected


@given(
    st.text(alphabet="./aqpPQ\u212a\u0130:s", max_size=12),
    st.sampled_from(["", ".pq", ".PARQUET", ".Arrows", ".ipc", ".md"]),
)
def test_rows_are_told_by_the_path_as_by_its_kind(name: str, end: str) -> None:
    from anchorlint.run.jobs import is_rows, rows_by_name

    for path in (name + end, "sqlite://" + name, "d/" + name + end):
        assert is_rows(path) == rows_by_name(path)


def test_a_finished_job_carries_the_result_without_its_findings() -> None:
    from anchorlint.run.done import JobDone, finish
    from anchorlint.run.results import FileResult

    found = (Finding("a.md", 2, 1, "ANC101", "m", 2, 3, "x"),)
    fact = SummaryFacts("a.md", 1, 1, (), 0, 0, False, None, None, 0, ())
    suppressions = Suppressions([Directive(1, 1, 1, 2, frozenset({"ANC101"}))])
    result = FileResult("a.md", found, (fact,), suppressions, ("boom",), False)
    done = finish(result)
    expected = FileResult("a.md", (), (), suppressions, ("boom",), False)
    assert done.result == expected and vars(done.result) == vars(expected)
    assert done.packed == spool_packing.pack(found) and done.facts == spool_packing.pack_facts(
        [fact]
    )
    for pickled in (pickle.loads(pickle.dumps(done)), pickle.loads(pickle.dumps(done, 2))):
        assert type(pickled) is JobDone and pickled == done
        assert type(pickled.result) is FileResult and vars(pickled.result) == vars(expected)
        assert all(type(p) is spool_packing.Packed for p in pickled.packed)


def _old_flake8_lines(findings: list[Finding]) -> str:
    """The flake8 format before it remembered each message's shown form."""
    from anchorlint.safe_text import line_path, terminal

    return "".join(
        f"{line_path(f.path)}:{f.line}:{f.column}: {f.code} "
        f"{f.message if f.message.isprintable() else terminal(f.message)}\n"
        for f in findings
    )


@given(
    st.lists(
        st.builds(
            Finding,
            path=st.sampled_from(["a.md", "::b.md", "c\x1b.md"]),
            line=st.integers(1, 3),
            column=st.integers(1, 3),
            code=st.sampled_from(["ANC101", "ANC102"]),
            message=st.sampled_from(["m", "n\u2028", "\x1b[31mred", "é…", ""]),
        ),
        max_size=12,
    ),
    st.sampled_from([1, 2, 4096]),
)
def test_flake8_lines_are_the_old_ones(found: list[Finding], kept: int) -> None:
    import io

    import anchorlint.reporters as reporters

    out = io.StringIO()
    saved, reporters.SHOWN_MESSAGES = reporters.SHOWN_MESSAGES, kept
    try:
        reporters.flake8_lines(found, out, reporters.ReportOptions())
    finally:
        reporters.SHOWN_MESSAGES = saved
    assert out.getvalue() == _old_flake8_lines(found)


def test_a_tally_counts_per_code_with_the_first_name() -> None:
    from anchorlint.reporters import Tally

    tally = Tally()
    found = [
        Finding("a.md", 1, 1, "ANC102", "m", name="second"),
        Finding("a.md", 1, 1, "ANC101", "m", name="first", fix=Fix("f", ())),
        Finding(
            "a.md", 2, 1, "ANC101", "m", name="other", fix=Fix("f", (TextEdit(1, 1, 1, 2, ""),))
        ),
    ]
    assert list(tally.count(found)) == found
    assert tally.counts == {"ANC102": (1, "second"), "ANC101": (2, "first")}
    assert (tally.total, tally.fixable) == (3, 1)
