"""ANC107 without a store splits each key once and judges the anchors by those splits: its
findings are those of the reference below, which split every key again for every anchor."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import Settings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.text.key_split import split_key as _split
from anchorlint.text.key_split import split_target
from rules.text.anc107_ambiguous_anchor import (
    _SKIPPED_FORMS,
    _STORE_ONLY_FORMS,
    AmbiguousAnchor,
)

FORMS = ["wiki", "uri", "pointer", "hash", "link", "custom", "path", "line", "issue"]
KEYS = ["config.yaml", "a/config.yaml", "b/config.yaml", "x:config.yaml", "spec", "api/spec"]
KEYS += ["db/spec", "/spec", "c/d/spec", "readme", "svc:readme", "t/readme", ":x"]
KEYS += ["./config.yaml", "../config.yaml", "./a/config.yaml", "../b/config.yaml", "./:x"]


def _reference(facts: Sequence[SummaryFacts]) -> Iterator[tuple[str, int, str, str]]:
    """The former loop: a set union for every anchor, each key split in both passes."""
    namespaces: dict[str, set[str]] = defaultdict(set)
    for summary in facts:
        keys = [a.key for a in summary.anchors if a.form not in ("uri", "hash")]
        for key in (*keys, *summary.qualified_keys):
            namespace, name = _split(key)
            if namespace:
                namespaces[name].add(namespace)
    for summary in facts:
        for anchor in summary.anchors:
            namespace, name = _split(anchor.key)
            if anchor.form == "link":  # a scheme-less target is read from where it is cited
                namespace = split_target(anchor.key)[0]
            places = namespaces.get(name, set())
            skipped = anchor.form in _SKIPPED_FORMS or anchor.form in _STORE_ONLY_FORMS
            if namespace is None and not skipped and len(places) >= 2:
                listed = ", ".join(f"{ns}/{name}" for ns in sorted(places)[:4])
                yield (summary.path, anchor.line, anchor.key, listed)


def _found(facts: Sequence[SummaryFacts]) -> list[tuple[str, int, str, str]]:
    """The rule's findings as the reference gives them (path, line, key, namespaces listed)."""
    found = []
    for hit in AmbiguousAnchor().check_run(facts, Settings()):
        key, listed = hit.message.split('"')[1], hit.message.split("also cites ")[1]
        found.append((hit.path, hit.line, key, listed.split("; qualify")[0]))
    return found


def _anchor(key: str, form: str, line: int) -> AnchorOccurrence:
    return AnchorOccurrence(key, key, line, 1, line, 1 + len(key), form)


_ANCHORS = st.lists(st.tuples(st.sampled_from(KEYS), st.sampled_from(FORMS)), max_size=6)
_SUMMARY = st.tuples(_ANCHORS, st.lists(st.sampled_from(KEYS), max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.lists(_SUMMARY, max_size=5))
def test_findings_are_the_references(
    summaries: list[tuple[list[tuple[str, str]], list[str]]],
) -> None:
    facts = [
        SummaryFacts(
            path=f"s{i}.md",
            line=1,
            column=1,
            anchors=tuple(_anchor(key, form, n + 1) for n, (key, form) in enumerate(anchors)),
            anchor_count=len(anchors),
            elision_count=0,
            claims_completeness=False,
            qualified_keys=tuple(qualified),
        )
        for i, (anchors, qualified) in enumerate(summaries)
    ]
    assert _found(facts) == list(_reference(facts))


def test_a_bare_key_under_two_namespaces_is_found() -> None:
    anchors = (_anchor("spec", "wiki", 1), _anchor("api/spec", "wiki", 2))
    facts = [
        SummaryFacts("s.md", 1, 1, anchors, 2, 0, False, qualified_keys=("db/spec",)),
    ]
    found = list(AmbiguousAnchor().check_run(facts, Settings()))
    assert len(found) == 1 and _found(facts) == list(_reference(facts))
    assert found[0].message.startswith('bare key "spec" is ambiguous: this run also cites api/')
