"""Reference-style Markdown links cite their source as an inline link does.

``See the runbook [db cutover][rb]`` with ``[rb]: runbooks/db.md`` names a key: the sentence is
anchored, the key counts for density and is resolved against a store, and findings about it
point at the bracketed link in the prose.
"""

from __future__ import annotations

from pathlib import Path

from anchorlint import check_summary
from anchorlint.text.documents import Block, split_long_block
from anchorlint.text.documents.markdown import split_blocks

SUMMARY = """\
# Cutover recap

Per the runbook [db cutover][rb], the primary was drained first. The ledger rules are in
the design doc [ledger design][] and did not change.

See the documentation on [retention] for the purge schedule.

The replica lag is charted in [the lag panel][lag], lines 40 to 52.

[rb]: runbooks/db-cutover.md
[ledger design]: https://wiki.example.com/design/ledger
[retention]: docs/retention.md
[lag]: dashboards/replica.md#L40-52
"""


def codes(findings: list) -> list[tuple[int, str]]:  # type: ignore[type-arg]
    return [(f.line, f.code) for f in findings]


def test_reference_links_anchor_their_sentences() -> None:
    found = codes(check_summary(SUMMARY))
    assert not [c for c in found if c[1] in ("ANC102", "ANC103", "ANC104")], found


def test_reference_link_findings_point_at_the_bracketed_link() -> None:
    unpinned = [f for f in check_summary(SUMMARY) if f.code == "ANC106"]
    assert [(f.line, f.column) for f in unpinned] == [(8, 31)]


def test_full_collapsed_and_shortcut_forms_are_located() -> None:
    spans = [
        (block.text[start:end], target)
        for block in split_blocks(SUMMARY)
        for start, end, target in block.reference_links
    ]
    assert spans == [
        ("[db cutover][rb]", "runbooks/db-cutover.md"),
        ("[ledger design][]", "https://wiki.example.com/design/ledger"),
        ("[retention]", "docs/retention.md"),
        ("[the lag panel][lag]", "dashboards/replica.md#L40-52"),
    ]


def test_an_undefined_reference_is_prose() -> None:
    text = "See the documentation on [retention][nowhere] for the schedule.\n"
    assert [f.code for f in check_summary(text)] == ["ANC102", "ANC104"]


def test_a_reference_to_a_heading_is_no_anchor() -> None:
    text = "See the documentation on [retention][] for the schedule.\n\n[retention]: #retention\n"
    assert "ANC102" in [f.code for f in check_summary(text)]


def test_a_code_label_and_an_escaped_bracket_before_it() -> None:
    text = (
        "Odd \\[bracket] text; see the documentation of [`purge.days`][p] for details.\n\n"
        "[p]: docs/retention.md\n"
    )
    blocks = [b for b in split_blocks(text) if b.reference_links]
    (start, end, target), *_ = blocks[0].reference_links
    assert (blocks[0].text[start:end], target) == ("[`purge.days`][p]", "docs/retention.md")
    assert check_summary(text) == []


def test_the_store_resolves_the_defined_target(tmp_path: Path) -> None:
    (tmp_path / "runbooks").mkdir()
    (tmp_path / "runbooks" / "db-cutover.md").write_text("drain the primary\n")
    text = "Per the runbook [db cutover][rb], drain first; [gone][g] is missing.\n\n"
    text += "[rb]: runbooks/db-cutover.md\n[g]: runbooks/gone.md\n"
    unresolved = [f for f in check_summary(text, store=tmp_path) if f.code == "ANC201"]
    assert [(f.line, f.column) for f in unresolved] == [(1, 48)]


def test_long_blocks_keep_reference_links_whole() -> None:
    text = "word " * 30 + "[db cutover][rb] " + "word " * 30
    start = text.index("[db")
    positions = next(iter(split_blocks(text))).positions
    link = (start, start + len("[db cutover][rb]"), "runbooks/db.md")
    block = Block(text, positions, reference_links=(link,))
    pieces = split_long_block(block, limit=100)
    kept = [(p.text[a:b], t) for p in pieces for a, b, t in p.reference_links]
    assert kept == [("[db cutover][rb]", "runbooks/db.md")]


def test_an_inline_link_whose_destination_is_normalised_still_anchors() -> None:
    text = "Per the runbook [notes](<runbooks/my notes.md>), drain first.\n"
    (block,) = split_blocks(text)
    assert block.reference_links == ((16, 23, "runbooks/my%20notes.md"),)
    assert check_summary(text) == []
