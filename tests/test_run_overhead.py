"""The run's own shortcuts around the analysis hold to the slow paths they replace.

Findings and facts made in one step (:func:`anchorlint.findings.new_finding`,
:func:`anchorlint.run.spool.fact_of_row`) are what their constructors make; blocks are read
back the same whether or not they were compressed; batches cover every job once, in order.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, Fix, TextEdit, new_finding
from anchorlint.run import spool
from anchorlint.run.jobs import Job
from anchorlint.run.pool import MIN_BATCH, _batched

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
    made = spool.fact_of_row(spool._fact_row(fact))
    assert type(made) is SummaryFacts and made == fact and repr(made) == repr(fact)
    assert all(type(a) is AnchorOccurrence for a in made.anchors)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.line = 0  # type: ignore[misc]
    data, count = spool.pack_facts([fact, fact])
    assert count == 2 and list(spool.PackedFacts([(data, count)])) == [fact, fact]


@pytest.mark.parametrize("count", [1, 3, 2000])
def test_blocks_short_and_long_read_back_the_same(count: int) -> None:
    found = [Finding("a.md", line, 1, "ANC101", f"m{line % 7}", line, 4) for line in range(count)]
    (block,) = spool.pack(found)
    compressed = block.data[:1] != b"\x80"  # a raw pickle starts with its protocol opcode
    assert compressed == (count == 2000)  # 2,000 rows are ~50 KB, past COMPRESS_FROM
    assert spool.unpack("a.md", block.data) == found


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
    sizes = [len(b) for b in _batched([Job(f"f{i}.md", i) for i in range(4000)], 2)]
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[0] == 4000 // 8 and sizes[-1] <= MIN_BATCH
