"""The parts of an anchor read by string methods (fragment, pin, key syntax, URI body, private
host, number) equal what the patterns they stand in for read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import anchor_forms, anchor_parts, anchor_pins, anchors

#: pieces that put fragments, pins, keys, hosts and numbers on their edges
PIECES = [
    *["L", "L3", "-", "-L", "12", "0", "123456789", "1234567890", "line=", "char=", ",", "\n"],
    *["@", "sha256", "SHA256", "md5", ":", "8cbe08fc3b175a93", "ABCDEF", "g", "a" * 17, "x"],
    *["doc_7", "#", "/", ".", " ", "://", "urn:", "doi:", "mailto:", "https", "http://", "e"],
    *["localhost", "LOCALHOST", "127.0.0.1", "10.1.2.3", "192.168.0.1", "172.16.0.1", "[::1]"],
    *["0.0.0.0", "a.local", "b.internal", "user@", ":8080", "\u0661", "\u017f", "\u212a", "é"],
]
_DIGITS = st.sampled_from(["", "0", "12", "123456789", "1234567890", "\u0661", "1\u0661"])
_ENDS = st.sampled_from(["", "\n", " ", "\n\n"])
#: fragments and pins with their parts' lengths on both sides of their bounds
_FRAGMENTS = st.tuples(
    st.sampled_from(["L", "line=", "char="]),
    _DIGITS,
    st.sampled_from(["", "-", "-L", ",", "-LL"]),
    _DIGITS,
    _ENDS,
).map("".join)
_PINS = st.tuples(
    st.sampled_from(["doc_7@", "a@b@", "@"]),
    st.sampled_from(["sha256", "SHA256", "md5", "a" * 16, "a" * 17, "sha-256", ""]),
    st.sampled_from([":", "", "::"]),
    st.sampled_from(["8cbe08fc3b17", "ABCdef", "a" * 128, "a" * 129, "ag", "", "\u0661"]),
    _ENDS,
).map("".join)
TEXTS = (
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
    | st.text(max_size=40)
    | _FRAGMENTS
    | _PINS
)


def _fragment_by_pattern(raw: str) -> anchor_parts.Fragment:
    """The reference: every fragment read by :data:`anchor_parts._FRAGMENT_PARTS`."""
    match = anchor_parts._FRAGMENT_PARTS.match(raw)
    if match is None:
        return anchor_parts.Fragment("name", None, None, raw)
    if match["l1"]:
        first = int(match["l1"])
        return anchor_parts.Fragment("lines", first, int(match["l2"] or first), raw)
    if match["ln1"]:
        a = int(match["ln1"])
        b = int(match["ln2"]) if match["ln2"] else a + 1
        return anchor_parts.Fragment("lines", a + 1, b, raw)
    a = int(match["c1"])
    return anchor_parts.Fragment("char", a, int(match["c2"]) if match["c2"] else a + 1, raw)


@settings(max_examples=800, deadline=None)
@given(TEXTS)
def test_a_fragment_is_read_as_its_pattern_reads_it(raw: str) -> None:
    if raw:
        assert anchor_parts.parse_fragment(raw) == _fragment_by_pattern(raw)


@settings(max_examples=800, deadline=None)
@given(TEXTS)
def test_a_pin_is_read_as_its_pattern_reads_it(body: str) -> None:
    at = body.rfind("@")
    match = anchor_pins._PIN.match(body, at) if at >= 0 else None
    expected = None if match is None else (match["alg"], match["hex"])
    assert (anchor_pins._pin_parts(body, at) if at >= 0 else None) == expected


@settings(max_examples=800, deadline=None)
@given(TEXTS)
def test_the_default_key_syntax_is_read_as_its_pattern_reads_it(body: str) -> None:
    key_syntax, _ = anchors._compiled("", ())
    expected = key_syntax.fullmatch(body) is not None
    assert anchor_parts._key_matches(key_syntax, body) is expected


@settings(max_examples=800, deadline=None)
@given(TEXTS)
def test_a_body_the_uri_pattern_matches_may_be_a_uri(body: str) -> None:
    if anchor_parts._URI_ONLY.fullmatch(body):
        assert anchor_parts._may_be_uri(body)


@settings(max_examples=800, deadline=None)
@given(st.sampled_from(["http://", "https://", "HTTP://", "s3://"]), TEXTS)
def test_a_private_host_is_found_as_its_pattern_finds_it(scheme: str, rest: str) -> None:
    for uri in (scheme + rest, rest):
        expected = anchor_forms._PRIVATE_HOST.match(uri) is not None
        assert anchor_forms.private_host(uri) is expected


@settings(max_examples=800, deadline=None)
@given(
    st.lists(st.sampled_from(["1", "0", "e", "E", "a", "\u0661", "1" * 40, "x"]), max_size=8).map(
        "".join
    )
)
def test_a_number_is_told_from_a_commit_as_its_pattern_tells_it(body: str) -> None:
    expected = anchor_forms._NUMBER.fullmatch(body) is not None
    assert anchor_forms.not_a_commit(body) is expected
