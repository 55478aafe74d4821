"""The anchor scanner: each form found with its span; reducing it to the forms a text can
hold never hides one."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text import anchor_scanners, anchors

PIECES = [
    "word",
    " ",
    "[[",
    "]]",
    "doc_7",
    "#L3-4",
    "@sha256:",
    "8cbe08fc3b175a93",
    ":",
    "#",
    "https",
    "://",
    "x.io/a",
    "urn",
    "urn:",
    "mailto:",
    "doi:",
    "sha256",
    "md5:",
    "blake2b:",
    "(",
    ")",
    ".",
    "/",
    "\n",
    "src/a.py",
    "a.py",
    ":12",
    "-20",
    "line 3 of ",
    " (line 4)",
    "`",
    "4f9e2b1",
    "commit ",
    "#12",
    "ENG-4411",
    "acme/api",
    "550e8400-e29b-41d4-a716-446655440000",
    "http://localhost:8081",
]


def _found(text: str) -> list[tuple[int, int, str]]:
    return [(a.start, a.end, a.form) for a in anchors.find_anchors(text, TextSettings())]


_KINDS = anchor_scanners._kinds(())
FULL_SCANNER = anchor_scanners._scanner(
    (), _KINDS, (True,) * len(anchor_scanners._forms((), _KINDS))
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30) | st.lists(st.text(), max_size=5))
def test_the_reduced_scanner_finds_what_the_full_one_finds(pieces: list[str]) -> None:
    """Forms whose needles the text lacks are left out of the scanner: the matches stay."""
    text = "".join(pieces)
    reduced = anchor_scanners._scanner_for(text, TextSettings())
    expected = [(m.lastgroup, m.span()) for m in FULL_SCANNER.finditer(text)]
    found = [(m.lastgroup, m.span()) for m in reduced.finditer(text)] if reduced else []
    assert found == expected


def test_text_without_any_needle_is_not_scanned() -> None:
    text = "Ratios of three to two (no [brackets], no hashes, no schemes) at half, say"
    assert anchor_scanners._scanner_for(text, TextSettings()) is None
    assert list(FULL_SCANNER.finditer(text)) == []


def test_each_form_in_one_paragraph() -> None:
    text = (
        "Rules in [[design/ledger#L3-4@sha256:8cbe08fc3b175a93]], steps at "
        "https://wiki.example.com/db, blob sha256:8cbe08fc3b175a93aa and doc_7#L120-140."
    )
    assert [form for _, _, form in _found(text)] == ["wiki", "uri", "hash", "pointer"]
    assert text[slice(*_found(text)[3][:2])] == "doc_7#L120-140"


def test_prose_without_brackets_colons_or_hashes_has_no_anchor() -> None:
    assert _found("The cutover moved to Thursday after the replica lagged.") == []


def test_moved_keeps_every_field() -> None:
    import dataclasses

    (anchor,) = anchors.find_anchors("x [[doc_7#L3-4@sha256:8cbe08fc3b175a93]]", TextSettings())
    anchor = dataclasses.replace(
        anchor, in_code=True, descriptive=True, pin_problem="p", notation="compact"
    )
    expected = dataclasses.replace(anchor, start=anchor.start + 9, end=anchor.end + 9)
    assert anchor.moved(9) == expected and vars(anchor.moved(9)) == vars(expected)
    # a new field must be added to anchor_parts._anchor_of too
    assert len(dataclasses.fields(anchors.Anchor)) == 12


def test_an_anchor_marked_in_code_is_the_one_replace_makes() -> None:
    import dataclasses

    text = "x `a.py` and [[doc_7#L3-4@sha256:8cbe08fc3b175a93]]"
    found = anchors.find_anchors(text, TextSettings())
    marked = anchors.mark_in_code(found, [(2, 8)])
    expected = [dataclasses.replace(found[0], in_code=True), found[1]]
    assert marked == expected and [vars(a) for a in marked] == [vars(a) for a in expected]


#: the path form and its start finder, for the default extensions (all start with a letter:
#: a dot must be followed by one) and for extensions that do not
_PATH_FORMS = [
    next((f.pattern, f.finder) for f in anchor_scanners._separate_forms(ext, _KINDS) if f.finder)
    for ext in ((), ("7z", "py", "k"))
]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [*PIECES, "`a.py`", " (lines 3-4)", "é", "_", "~/", "../", ".7z", ".\u212a", "K"]
            + [
                "`a.py:sym`",
                "`a.py`**",
                " (READ, lines 3-4)",
                " (DEPRECATEDX, lines 3-4)",
                " (line 4: x)",
                " (line 4, 5)",
                "`app/[id]/",
                "`src/(g)/",
                "`app/[id]/a.py`",
            ]
        ),
        max_size=30,
    )
    | st.lists(st.text(), max_size=5)
)
def test_trying_only_the_candidate_starts_finds_every_match(pieces: list[str]) -> None:
    """The path form and the union are tried only where the pre-scan says they can start;
    their matches are those of a scan of every position."""
    from anchorlint.text.anchor_starts import matches_at, union_starts

    text = "".join(pieces)
    for form, finder in _PATH_FORMS:
        spans = [(m.lastgroup, m.span()) for m in form.finditer(text)]
        found = matches_at(form, text, finder(text))
        assert [(m.lastgroup, m.span()) for m in found] == spans
    spans = [(m.lastgroup, m.span()) for m in FULL_SCANNER.finditer(text)]
    found = matches_at(FULL_SCANNER, text, union_starts(text, _KINDS))
    assert [(m.lastgroup, m.span()) for m in found] == spans


def test_the_pre_scan_is_linear_on_runs_of_dots_and_path_characters() -> None:
    import time

    from anchorlint.text.anchor_starts import path_starts, union_starts

    for text in ("." * 400_000, "a." * 200_000, "a/" * 200_000 + ".", "[[#:" * 100_000):
        began = time.process_time()
        path_starts(text)
        union_starts(text, _KINDS)
        anchors.find_anchors(text, TextSettings())
        assert time.process_time() - began < 5


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a1", "1", "abc", "f00d", "deadbeef1", " ", "x", "commit ", "-", "0"]),
        max_size=40,
    )
    | st.lists(st.text(alphabet="0123456789abcdefgxyz -.#", max_size=20), max_size=5)
)
def test_the_commit_form_is_tried_only_where_it_can_start(pieces: list[str]) -> None:
    """The bare commit form, tried only at the hex runs that end in a digit, finds what a scan
    of every position finds."""
    from anchorlint.text.anchor_starts import matches_at
    from anchorlint.text.id_starts import commit_starts

    (form,) = [
        f.pattern for f in anchor_scanners._separate_forms((), _KINDS) if f.finder is commit_starts
    ]
    text = "".join(pieces)
    spans = [m.span() for m in form.finditer(text)]
    assert [m.span() for m in matches_at(form, text, commit_starts(text))] == spans


def test_the_commit_pre_scan_is_linear_on_alternating_hex() -> None:
    import time

    from anchorlint.text.id_starts import commit_starts

    for text in ("a1" * 300_000, "ab1" * 200_000, "1a" * 300_000):
        began = time.process_time()
        commit_starts(text)
        assert time.process_time() - began < 5


@settings(max_examples=600, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *["a1", "1", "abc", "f00d", "deadbeef1", " ", "x", "commit ", "0", "0a", "-"],
                *["Commit: ", "SHA ", "1A2B3C4D", "acme/api", "#12", "/", "#", "é", "\ud800"],
                *["550e8400", "-e29b", "-41d4-a716-446655440000", "ENG", "-4411", "rev "],
                *["Rev ", "REVISION: ", "cOmMiT ", "Sha:", "ſha "],
                *["LiNe ", "lInEs ", "3", " of ", "src/a.py", "-4"],
            ]
        ),
        max_size=40,
    )
    | st.lists(st.text(), max_size=4)
)
def test_a_form_is_tried_only_in_text_its_gate_lets_through(pieces: list[str]) -> None:
    """A gate is a superset of its form: wherever the form matches, the gate says yes."""
    text = "".join(pieces)
    for separate in anchor_scanners._separate_forms((), _KINDS):
        form, gate = separate.pattern, separate.gate
        if form.search(text) is not None:
            assert gate(text), (form.pattern, text)


def test_colons_that_start_no_uri_or_hash_are_no_candidates() -> None:
    from anchorlint.text.anchor_starts import union_starts

    prose = "Decisions: keep the retry budget as it is. Error: none seen since the cutover."
    assert union_starts(prose, _KINDS) == []
    assert union_starts("See https://x.io/a and sha256:8cbe08fc3b17", _KINDS) == [4, 23]


@pytest.mark.parametrize(
    "text",
    [
        "id 550e8400-e29b-41d4-a716-446655440000 here",
        "Fixed in commit 4f9e2b1.",
        "see SHA: 1A2B3C4D5E for it",
        "landed in Rev 1A2B3C4D yesterday",
        "REVISION 1A2B3C4D5E6F is the one",
        "tracked in acme/api#1234 now",
        "moved in #12 and ENG-4411",
        "line 3 of src/a.py",
        "LiNe 3 of src/a.py",
    ],
)
def test_each_gate_lets_its_own_form_through(text: str) -> None:
    matched = 0
    for separate in anchor_scanners._separate_forms((), _KINDS):
        form, gate = separate.pattern, separate.gate
        if form.search(text) is not None:
            matched += 1
            assert gate(text), form.pattern
    assert matched


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Landed in Rev 1A2B3C4D yesterday.", "1a2b3c4d"),
        ("REVISION 1A2B3C4D5E6F is the one.", "1a2b3c4d5e6f"),
    ],
)
def test_a_capitalised_word_before_a_commit_still_makes_it_an_anchor(text: str, key: str) -> None:
    """The word before an upper-case commit may be capitalised: the gate lowers the text."""
    from anchorlint.config import TextSettings

    found = anchors.find_anchors(text, TextSettings(), (), {})
    assert [(a.form, a.key) for a in found] == [("commit", key)]


@pytest.mark.parametrize(
    "text", ["See LiNe 12 of src/ledger.py.", "See lInEs 12-14 in src/ledger.py."]
)
def test_a_line_in_prose_is_an_anchor_in_any_case(text: str) -> None:
    """ "line N of FILE" reads its word in any case, as its pattern does (the gate before it
    once let only "line", "Line" and "LINE" through)."""
    from anchorlint.config import TextSettings

    found = anchors.find_anchors(text, TextSettings(), (), {})
    assert [(a.form, a.key) for a in found] == [("line", "src/ledger.py")]


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("`web/app/[item]/types.ts` (lines 10-22) needs a field.", "web/app/[item]/types.ts"),
        ("`src/app/(shop)/cart/page.tsx` (line 4) reads it.", "src/app/(shop)/cart/page.tsx"),
    ],
)
def test_a_route_in_code_with_a_line_after_it_is_an_anchor(text: str, key: str) -> None:
    """The pre-scan offers the backtick before a route's first folder, not only the one
    before a run of path characters: the bracketed folder breaks the run."""
    from anchorlint.config import TextSettings

    found = anchors.find_anchors(text, TextSettings(), (), {})
    assert [(a.form, a.key) for a in found] == [("line", key)]


PATH_SCAN_PIECES = [
    *["`", "a.py", "src/a.py", "tests/t.py", "::", ":12", ":x", ":", "12", "x", " ", "é"],
    *[" (line 4)", " (lines 3-4)", ", line 7", ", at line 5", "  near LINE 2", " Lİne 3"],
    *["line", "(", ")", ",", ".", "/", "-", "~/", "../", "Node.js", " on line 9", "_"],
    *[
        ":connect`",
        ":a.b`",
        "**",
        " (READ, lines 4-9)",
        " (UNCHANGEDABC, lines 4-9)",
        " (line 4: x)",
        " (line 4, 5)",
        "; ",
    ],
    # bracketed folders of a route ("app/(auth)/[id]/page.ts"), and brackets that are none
    *["[id]", "(g)", "[[...x]]", "(..)p", "(g)x", "C:", "[", "]", "app/", "[x](y)"],
    # a route in code: the backtick before its first folder (`` `app/[id]/a.py` (line 4)``)
    *["`app/[id]/", "`src/(g)/", "`app/[id]/a.py`", "`src/(g)/a.py`"],
]


@settings(max_examples=800, deadline=None)
@given(
    st.lists(st.sampled_from(PATH_SCAN_PIECES), max_size=24).map("".join)
    | st.text(alphabet="`a.py/:12 (line),İé", max_size=40)
    | st.text(max_size=40)
)
def test_the_path_form_with_its_plain_pattern_finds_what_the_whole_form_finds(text: str) -> None:
    """Where the path form tries only its plain alternative (no ``:`` and digit, and no
    "line" near the run's end), it finds what the whole pattern finds at every position."""
    for extensions in ((), ("7z", "py", "k")):
        forms = anchor_scanners._separate_forms(extensions, _KINDS)
        (form,) = [f for f in forms if isinstance(f, anchor_scanners._PathForm)]
        expected = [(m.lastgroup, m.span()) for m in form.pattern.finditer(text)]
        assert [(m.lastgroup, m.span()) for m in form.scan(text)] == expected


def _union_starts_by_runs(text: str) -> list[int] | None:
    """The candidate starts as they were found before the needles (the reference): each
    "[[", the run before each URI or hash colon, the run before each "#"."""
    import regex

    from anchorlint.text.anchor_starts import DENSE

    runs = {
        "uri": regex.compile(r"(?r)[\w.+-]*"),
        "hash": regex.compile(r"(?r)[\w@]*"),
        # a bracketed folder after a "/", whole: "app/(auth)/page.tsx#L3"
        "pointer": regex.compile(
            r"(?r)(?:[\w\-.~+%]|/(?:(?:\[\[(?:\.\.\.)?[\w-]{1,64}\]\]"
            r"|\[(?:\.\.\.)?[\w-]{1,64}(?:=[\w-]{1,64})?\]|\([\w-]{1,64}\))(?=[/.]))?)*"
        ),
    }

    def before(at: int, kind: str) -> set[int]:
        start = runs[kind].match(text, 0, at).start()
        return {start} if start < at else set()

    found: set[int] = set()
    for needle in ("[[", ":", "#"):
        if text.count(needle) > len(text) // DENSE:
            return None
    found.update(i for i in range(len(text)) if text.startswith("[[", i))
    for colon in (i for i, c in enumerate(text) if c == ":"):
        if text.startswith("//", colon + 1) or text.endswith(
            ("urn", "doi", "mailto", "arxiv"), 0, colon
        ):
            found |= before(colon, "uri")
        if text.endswith(("sha256", "sha512", "sha1", "blake2b", "md5"), 0, colon):
            found |= before(colon, "hash")
    for mark in (i for i, c in enumerate(text) if c == "#"):
        found |= before(mark, "pointer")
    return sorted(found)


@settings(max_examples=600, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [*PIECES, "é#", " #", "_#", "~#", "[[[", "sha1://", "/", "(g)", "[id]", ".ts", "a"]
        ),
        max_size=30,
    ).map("".join)
    | st.text(alphabet="[]:#/ a_é@sha256md5-.", max_size=40)
    | st.text(max_size=20)
)
def test_the_union_tried_from_its_needles_finds_every_match(text: str) -> None:
    """The needles stand for the starts of the reference; the union tried from them,
    skipping needles inside the last match, finds what a scan of every position finds."""
    from anchorlint.text.anchor_starts import union_matches, union_needles, union_starts

    assert union_starts(text, _KINDS) == _union_starts_by_runs(text)
    needles = union_needles(text, _KINDS)
    expected = [(m.lastgroup, m.span()) for m in FULL_SCANNER.finditer(text)]
    if needles is not None:
        found = union_matches(FULL_SCANNER, text, needles)
        assert [(m.lastgroup, m.span()) for m in found] == expected


def test_the_ascii_characters_of_a_pointer_run_are_its_patterns() -> None:

    from anchorlint.text.anchor_starts import _POINTER, _POINTER_ASCII

    for code in range(128):
        character = chr(code)
        assert (character in _POINTER_ASCII) == bool(_POINTER[1].fullmatch(character))
