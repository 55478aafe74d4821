"""The anchor front end's shortcuts give exactly what the plain scan gives: groups read by
number, the whole union tried at the candidate starts, every form's matches in order."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text import anchor_parts, anchor_scanners, anchors
from anchorlint.text.anchor_forms import NOT_TICKETS, not_a_commit, not_a_path, private_host

PIECES = [
    *["word", " ", "[[", "]]", "doc_7", "#L3-4", "@sha256:", "8cbe08fc3b175a93", ":", "#"],
    *["https", "://", "x.io/a", "urn:", "mailto:", "sha256", "md5:", "(", ")", ".", "/", "\n"],
    *["src/a.py", "a.py", ":12", "-20", ":3", "line 3 of ", "lines 4-5 in ", " (line 4)"],
    *[", line 9", " around line 2", "`", "4f9e2b1", "commit ", "Commit: ", "SHA ", "#12"],
    *["ENG-4411", "SHA-256", "L33-201", "acme/api", "550e8400-e29b-41d4-a716-446655440000"],
    *["http://localhost:8081", "Node.js", "1e100000", "doc#line=3,4", "x#char=5", "é", "_"],
    *["README#setup", "[[a b]]", "[[https://x.io]]", "@md5:abc", "ab12cd34ef"],
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=30).map("".join) | st.text(max_size=80)


def _anchor_by_name(
    match: regex.Match[str], key_syntax: regex.Pattern[str], kinds: frozenset[str]
) -> anchors.Anchor | None:
    """The anchor of a match with every group read by name: the scan before groups were
    read by number from ``regs``."""
    kind = match.lastgroup
    start, end = match.span(kind)
    body = match[kind]
    if kind == "wiki":
        return anchors.parse_key(body, match.start(), match.end(), "wiki", match[0], key_syntax)
    if kind == "uri":
        body = anchor_parts._trim_uri(body)
        if body.count(":") and len(body) > body.index(":") + 1 and not private_host(body):
            return anchor_parts._anchor_of(start, start + len(body), "uri", body, body, body)
        return None
    if kind == "hash":
        return anchor_parts._anchor_of(start, end, "hash", body, body, body.lower())
    if kind == "pointer":
        if body.endswith(".") and "#L" not in body and "=" not in body:
            body = body.rstrip(".")
        return anchors.parse_key(body, start, start + len(body), "pointer", body, key_syntax)
    if kind in anchor_parts._LINE_GROUPS:
        if "line" not in kinds:
            return None
        path_group, first_group, last_group, notation = anchor_parts._LINE_GROUPS[kind]
        if not_a_path(match[path_group]):
            return None
        first = int(match[first_group])
        last = int(match[last_group]) if match[last_group] else first
        raw = f"L{first}" if last == first else f"L{first}-{last}"
        fragment = anchor_parts._fragment_of("lines", first, last, raw)
        return anchor_parts._anchor_of(
            start, end, "line", body, body, match[path_group], fragment, notation=notation
        )
    if kind == "path":
        wanted = "path" in kinds and not not_a_path(body)
        return anchor_parts._anchor_of(start, end, "path", body, body, body) if wanted else None
    if (kind == "issue" and match.groupdict().get("ticket") in NOT_TICKETS) or (
        kind == "commit" and not_a_commit(body)
    ):
        return None
    return anchor_parts._anchor_of(
        start, end, kind, body, body, body.lower() if kind != "issue" else body
    )


def _slow_scan(text: str, configured: TextSettings) -> list[anchors.Anchor]:
    """Every form scanned at every position: the full union, then each separate form."""
    key_syntax, _ = anchors.compile_settings(configured)
    kinds, forms, separate = anchor_scanners._plan(configured)
    matches = []
    if forms:
        union = anchor_scanners._scanner(configured.path_extensions, kinds, (True,) * len(forms))
        matches.extend(union.finditer(text))
    for form in separate:
        matches.extend(form.pattern.finditer(text))
    found = [_anchor_by_name(m, key_syntax, kinds) for m in matches]
    return [a for a in found if a is not None]


@settings(max_examples=500, deadline=None)
@given(TEXTS)
def test_the_scan_finds_what_every_form_at_every_position_finds(text: str) -> None:
    configured = TextSettings()
    key_syntax, _ = anchors.compile_settings(configured)
    fast = anchors._scan(text, key_syntax, configured)
    assert anchors._without_overlaps(fast) == anchors._without_overlaps(
        _slow_scan(text, configured)
    )


@settings(max_examples=200, deadline=None)
@given(TEXTS, st.sampled_from([("line", "path"), ("issue", "commit"), ("wiki", "pointer")]))
def test_the_scan_of_some_kinds_finds_what_the_slow_scan_finds(
    text: str, kinds: tuple[str, ...]
) -> None:
    configured = TextSettings(anchor_kinds=kinds)
    key_syntax, _ = anchors.compile_settings(configured)
    fast = anchors._scan(text, key_syntax, configured)
    assert anchors._without_overlaps(fast) == anchors._without_overlaps(
        _slow_scan(text, configured)
    )


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_groups_read_by_number_are_the_groups_read_by_name(text: str) -> None:
    """Each match's anchor, read from ``regs``, is the one read group by group by name."""
    configured = TextSettings()
    key_syntax, _ = anchors.compile_settings(configured)
    kinds, forms, separate = anchor_scanners._plan(configured)
    union = anchor_scanners._scanner(configured.path_extensions, kinds, (True,) * len(forms))
    for pattern in (union, *(f.pattern for f in separate)):
        groups = anchor_parts._group_numbers(pattern)
        for match in pattern.finditer(text):
            expected = _anchor_by_name(match, key_syntax, kinds)
            assert anchor_parts._anchor(match, groups, text, key_syntax, kinds) == expected


HEXISH = st.lists(
    st.sampled_from(["a1", "1", "abc", "f00d", "deadbeef1", " ", "x", "0", "-", "é", "A1B2C3D"]),
    max_size=40,
).map("".join) | st.text(alphabet="0123456789abcdefgxyzAF -.#é", max_size=40)


@settings(max_examples=600, deadline=None)
@given(HEXISH)
def test_commit_starts_read_off_the_marked_bytes_are_the_hex_runs(text: str) -> None:
    from anchorlint.text.id_starts import (
        commit_starts,
        hex_run_starts,
        may_hold_commit,
        may_hold_lower_commit,
    )

    assert may_hold_lower_commit(text) == may_hold_commit(text)
    assert commit_starts(text) == hex_run_starts(text)


@settings(max_examples=600, deadline=None)
@given(
    st.lists(
        st.sampled_from(["ENG", "-", "4411", "A", "B2", "x", " ", "_", "#", "é", "٣", "SHA", "Q1"]),
        max_size=30,
    ).map("".join)
    | st.text(alphabet="AB09-x _\u0663", max_size=40)
)
def test_the_ticket_form_tried_at_its_starts_finds_every_match(text: str) -> None:
    from anchorlint.text.anchor_forms import TICKET_FORM
    from anchorlint.text.anchor_starts import matches_at
    from anchorlint.text.id_starts import ticket_starts

    form = regex.compile(TICKET_FORM)
    expected = [m.span() for m in form.finditer(text)]
    assert [m.span() for m in matches_at(form, text, ticket_starts(text))] == expected


PATH_PIECES = [
    *["`", "a.py", "src/a.py", "`src/b.ts`", " (line 4)", " line 9", " LINE 2", " Lİne 3"],
    *[" lines 3-4", ", line 7", " at line 5", "line", "Line", ".", " ", "é", "~/", "../"],
    *[":12", "x", "_", "-", "/", "`.py", "a.b.c", "Node.js", "(", ")"],
]


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(PATH_PIECES), max_size=24).map("".join) | st.text(max_size=40))
def test_the_path_form_tried_at_its_starts_finds_every_match(text: str) -> None:
    """Runs found in the marked bytes, and backticks skipped where no "line" can follow,
    leave every match of the path form."""
    from anchorlint.text.anchor_starts import matches_at

    kinds = anchor_scanners._kinds(())
    for extensions in ((), ("7z", "py", "k")):
        (form, finder) = next(
            (f.pattern, f.finder)
            for f in anchor_scanners._separate_forms(extensions, kinds)
            if f.finder is not None
        )
        expected = [(m.lastgroup, m.span()) for m in form.finditer(text)]
        found = matches_at(form, text, finder(text))
        assert [(m.lastgroup, m.span()) for m in found] == expected
