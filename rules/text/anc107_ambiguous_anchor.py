"""ANC107 ambiguous-anchor: a key that does not pick out one source."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings
from anchorlint.rulebase import Example, LocatedHit, RuleDoc, RunRule
from anchorlint.text.key_split import split_key, split_target

if TYPE_CHECKING:
    from anchorlint.facts import AnchorOccurrence, SummaryFacts
    from anchorlint.stores.protocol import Store

_SKIPPED_FORMS = frozenset({"uri", "hash", "custom", "commit", "issue", "uuid"})
#: a bare file name is how coding agents write paths: ambiguous only against a store
_STORE_ONLY_FORMS = frozenset({"path", "line"})
#: the forms never read as a key without a store: made once, not for every anchor
_UNSTORED_SKIPPED_FORMS = _SKIPPED_FORMS | _STORE_ONLY_FORMS
#: the forms whose keys name no namespace (:attr:`Anchor.namespace`): every other anchor with
#: one is evidence of it, whatever its form, as compact facts keep it (``qualified_keys``), so
#: a summary's anchors count alike whether the run kept their positions or only their keys
_NO_NAMESPACE_FORMS = frozenset({"uri", "hash"})


def _hit(path: str, anchor: AnchorOccurrence, message: str) -> LocatedHit:
    return LocatedHit(path, anchor.line, anchor.column, anchor.end_line, anchor.end_column, message)


class AmbiguousAnchor(RunRule):
    code: ClassVar[str] = "ANC107"
    name: ClassVar[str] = "ambiguous-anchor"
    summary: ClassVar[str] = "A key that is not unique: several sources answer to it"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "With a store: flags a key that matches more than one entry. Without one: flags a "
            "bare key (no namespace, such as `[[config.yaml]]`) whose name appears qualified "
            "under two or more namespaces in the same run (`[[proj-a/config.yaml]]`, "
            "`[[proj-b/config.yaml]]`)."
        ),
        why=(
            "An ambiguous key resolves, but may bind to the wrong chunk. That is worse than a "
            "miss: the agent cites a source confidently and it is the wrong one."
        ),
        example="Timeouts come from [[config.yaml]] (with proj-a/config.yaml and proj-b/config.yaml around).",
        fix="Qualify the key with its namespace: `[[proj-a/config.yaml]]`.",
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("Timeouts come from [[proj-a/config.yaml]]."),
        Example(
            "Timeouts come from [[config.yaml]].",
            files={"other.md": "Also [[proj-a/config.yaml]]."},
        ),
        Example("Both [[proj-a/config.yaml]] and [[proj-b/config.yaml]] are qualified."),
        Example(
            "A URI https://a.example.com/config.yaml is not a bare key, [[proj-a/config.yaml]], [[proj-b/config.yaml]]."
        ),
        Example("Unique in store [[runbooks/db]].", store={"runbooks/db.md": "x\n"}),
        Example("Bare [[readme]] with one namespace [[svc/readme]] only."),
        Example("Different names [[a/config.yaml]], [[b/settings.yaml]] and [[config.toml]]."),
        Example('{"summary": "Only [[proj-a/config.yaml]] here."}', suffix=".jsonl"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example(
            "Timeouts come from [[config.yaml]].",
            files={"other.md": "[[proj-a/config.yaml]] and [[proj-b/config.yaml]]."},
        ),
        Example("[[config.yaml]] vs [[proj-a/config.yaml]] vs [[proj-b/config.yaml]]."),
        Example(
            "Bare pointer config.yaml#L3@sha256:0123456789ab, with [[a/config.yaml]] and [[b/config.yaml]]."
        ),
        Example(
            "Key [[runbooks/db]] matches two files.",
            store={"runbooks/db.md": "a\n", "runbooks/db.txt": "b\n"},
        ),
        Example("[[readme]] here; [[svc-a/readme]] and [[svc-b/readme]] elsewhere.", suffix=".txt"),
        Example(
            '{"summary": "Settings in [[settings.json]]; [[x:settings.json]] and [[y:settings.json]]."}',
            suffix=".jsonl",
        ),
        Example(
            "[[notes]] is ambiguous.",
            files={"b.md": "[[team-a/notes]]", "c.md": "[[team-b/notes]]"},
        ),
        Example("Doc [[spec]] and [[api/spec]] and [[db/spec]]."),
    )

    def check_run(
        self, facts: Sequence[SummaryFacts], settings: Settings, store: Store | None = None
    ) -> Iterator[LocatedHit]:
        if store is not None:
            yield from self._against_store(facts, store)
            return
        namespaces: dict[str, set[str]] = defaultdict(set)
        # each key split once, and the anchors judged by the same splits
        splits: dict[str, tuple[str | None, str]] = {}
        for summary in facts:
            keys = [a.key for a in summary.anchors if a.form not in _NO_NAMESPACE_FORMS]
            for key in (*keys, *summary.qualified_keys):
                split = splits.get(key)
                if split is None:
                    split = splits[key] = split_key(key)
                namespace, name = split
                if namespace:  # "" (``../a.md``): qualified, but under no namespace
                    namespaces[name].add(namespace)
        for summary in facts:
            for anchor in summary.anchors:
                if anchor.form in _UNSTORED_SKIPPED_FORMS:
                    continue
                namespace, name = splits[anchor.key]
                if anchor.form == "link":  # resolves beside its file (a scheme-less target)
                    namespace = split_target(anchor.key)[0]
                places = namespaces.get(name, set())
                if namespace is None and len(places) >= 2:
                    listed = ", ".join(f"{ns}/{name}" for ns in sorted(places)[:4])
                    yield _hit(
                        summary.path,
                        anchor,
                        f'bare key "{anchor.key}" is ambiguous: this run also cites {listed}; '
                        "qualify it with its namespace",
                    )

    def _against_store(self, facts: Sequence[SummaryFacts], store: Store) -> Iterator[LocatedHit]:
        for summary in facts:
            for anchor in summary.anchors:
                if anchor.form in _SKIPPED_FORMS:
                    continue
                matches = store.lookup(anchor.key)
                if len(matches) > 1:
                    names = ", ".join(sorted(m.ref for m in matches)[:4])
                    yield _hit(
                        summary.path,
                        anchor,
                        f'key "{anchor.key}" matches {len(matches)} entries in the store '
                        f"({names}); qualify it so it resolves to exactly one",
                    )
