"""The findings spool: what it reads back is exactly ``sort_findings`` of everything added
(ties and repeats included), however the findings were split into blocks, and it does not
hold them all in memory while doing so."""

from __future__ import annotations

import gc
import tracemalloc
from contextlib import closing

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.findings import Finding, Fix, TextEdit, sort_findings
from anchorlint.run.spool import FindingSpool
from anchorlint.run.spool_packing import pack

FIX = Fix("pin", (TextEdit(1, 1, 1, 2, "x"),))
finding = st.builds(
    Finding,
    path=st.sampled_from(["a.md", "b.jsonl", "b.jsonl", "c/d.py"]),
    line=st.integers(1, 6),
    column=st.integers(1, 3),
    code=st.sampled_from(["ANC101", "ANC107"]),
    message=st.sampled_from(["m", "n"]),
    end_line=st.integers(0, 2),
    end_column=st.just(0),
    name=st.just("rule"),
    fix=st.sampled_from([None, FIX]),
)


@settings(max_examples=300, deadline=None)
@given(blocks=st.lists(st.lists(finding, max_size=8), max_size=6), extra=st.lists(finding))
def test_reads_back_sort_findings_of_everything(
    blocks: list[list[Finding]], extra: list[Finding]
) -> None:
    with closing(FindingSpool()) as spool:
        for block in blocks:
            for packed in pack(block):
                spool.add(packed)
        streamed = list(spool.findings(extra))
    expected = sort_findings([f for block in blocks for f in block] + extra)
    assert streamed == expected
    assert [f.fix for f in streamed] == [f.fix for f in expected]


def test_a_discarded_file_reads_back_nothing() -> None:
    with closing(FindingSpool()) as spool:
        for packed in pack([Finding("a.md", 1, 1, "ANC101", "m"), Finding("b.md", 1, 1, "X", "m")]):
            spool.add(packed)
        spool.discard("a.md")
        assert [f.path for f in spool.findings()] == ["b.md"]


def _findings(start: int, count: int) -> list[Finding]:
    return [
        Finding("big.jsonl", line, 1 + line % 7, "ANC101", "As noted earlier", line, 30, "rule")
        for line in range(start, start + count)
    ]


def _peak(work: object) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        work()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_findings_are_not_all_in_memory_at_once() -> None:
    """100,000 findings in blocks of 2,000, as the chunks of a large file arrive."""
    blocks, size = 50, 2000

    def held() -> None:
        kept = [f for b in range(blocks) for f in _findings(b * size + 1, size)]
        assert len(sort_findings(kept)) == blocks * size

    def spooled() -> None:
        with closing(FindingSpool(in_memory=1 << 16)) as spool:
            for b in range(blocks):
                for packed in pack(_findings(b * size + 1, size)):
                    spool.add(packed)
            assert sum(1 for _ in spool.findings()) == blocks * size

    assert _peak(spooled) * 4 < _peak(held)


def test_packed_facts_read_the_same_on_every_pass() -> None:
    from anchorlint.facts import AnchorOccurrence, SummaryFacts
    from anchorlint.run.spool import PackedFacts
    from anchorlint.run.spool_packing import pack_facts

    anchor = AnchorOccurrence("doc_7", "doc_7#L3-4", 2, 5, 2, 15, "pointer")
    facts = [SummaryFacts("big.jsonl", line, 1, (anchor,), 1, 0, False) for line in range(1, 9)]
    packed = PackedFacts([pack_facts(facts[:5]), pack_facts([]), pack_facts(facts[5:])])
    assert list(packed) == list(packed) == facts
    assert len(packed) == 8 and packed[6] == facts[6] and packed[-2:] == tuple(facts[-2:])


many_paths = st.builds(
    Finding,
    path=st.sampled_from([f"d.parquet[r{n}]" for n in range(40)] + ["a.md"]),
    line=st.integers(1, 4),
    column=st.integers(1, 3),
    code=st.sampled_from(["ANC101", "ANC106"]),
    message=st.sampled_from(["m", "n"]),
    end_line=st.integers(0, 1),
    end_column=st.just(0),
    name=st.just("rule"),
    fix=st.sampled_from([None, FIX]),
)


@settings(max_examples=200, deadline=None)
@given(batches=st.lists(st.lists(many_paths, max_size=700), max_size=4))
def test_a_job_packed_batch_by_batch_reads_back_as_packed_at_once(
    batches: list[list[Finding]],
) -> None:
    from anchorlint.run.spool_packing import Packer

    packer = Packer()
    for batch in batches:
        packer.add(batch)
    whole = pack([f for batch in batches for f in batch])
    made = packer.blocks()
    assert [(p.path, p.mixed, p.first, p.last) for p in made] == [
        (p.path, p.mixed, p.first, p.last) for p in whole
    ]
    with closing(FindingSpool()) as by_batch, closing(FindingSpool()) as at_once:
        for packed in made:
            by_batch.add(packed)
        for packed in whole:
            at_once.add(packed)
        assert list(by_batch.findings()) == list(at_once.findings())
