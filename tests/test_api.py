"""The public API: check_summary and gate, with store paths and store objects."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from conftest import write_tree

from anchorlint.api import GATE_CODES, RecallGuaranteeViolation, check_summary, gate
from anchorlint.config import Settings
from anchorlint.stores import StoreEntry, StoreError

DOC = "alpha\nbravo\n"
PIN_L1 = "sha256:" + hashlib.sha256(b"alpha\n").hexdigest()[:16]
GOOD = f"Cutover per [[doc_7#L1@{PIN_L1}]] and [[runbooks/db]]."


class MemoryStore:
    """A user's own store: anything with lookup, read and describe."""

    def __init__(self, docs: dict[str, bytes]) -> None:
        self.docs = docs
        self.reads = 0

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        return (StoreEntry(key, key),) if key in self.docs else ()

    def read(self, entry: StoreEntry) -> bytes:
        self.reads += 1
        return self.docs[entry.ref]

    def describe(self) -> str:
        return "memory store"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    write_tree(tmp_path / "store", {"doc_7.md": DOC, "runbooks/db.md": "promote\n"})
    return tmp_path / "store"


def codes(findings: list) -> list[str]:  # type: ignore[type-arg]
    return sorted(f.code for f in findings)


def test_gate_passes_a_sound_summary(store: Path) -> None:
    gate(GOOD, store=store)
    gate(GOOD, store=str(store), prior=GOOD)
    gate(GOOD, store=store, prior={f"doc_7#L1@{PIN_L1}", "runbooks/db"})


@pytest.mark.parametrize(
    ("summary", "code"),
    [
        ("Cutover per [[runbooks/database]].", "ANC201"),
        ("Cutover per [[doc_7#L1@sha256:0123456789abcdef]].", "ANC202"),
        ("Cutover per [[doc_7#L7]].", "ANC204"),
        ("The cutover moved, the index was rebuilt, etc.", "ANC104"),
        ("Cutover per [[runbooks/db]], etc., and so on, among others.", "ANC103"),
    ],
)
def test_gate_raises_on_each_violation(store: Path, summary: str, code: str) -> None:
    with pytest.raises(RecallGuaranteeViolation) as caught:
        gate(summary, store=store)
    assert code in {f.code for f in caught.value.findings}
    assert all(f.code in GATE_CODES for f in caught.value.findings)
    assert code in str(caught.value)


def test_gate_raises_on_drift_from_the_prior_text(store: Path) -> None:
    drifted = f"Cutover per [[doc_7#L1@{PIN_L1}]] and [[runbooks/db#failover]]."
    with pytest.raises(RecallGuaranteeViolation) as caught:
        gate(drifted, store=store, prior=GOOD)
    (finding,) = caught.value.findings
    assert finding.code == "ANC211"
    assert "runbooks/db -> runbooks/db#failover" in finding.message


def test_gate_raises_on_drift_from_a_prior_anchor_set(store: Path) -> None:
    with pytest.raises(RecallGuaranteeViolation, match="dropped ledger"):
        gate(GOOD, store=store, prior=[f"doc_7#L1@{PIN_L1}", "runbooks/db", "ledger"])


def test_style_findings_do_not_trip_the_gate(store: Path) -> None:
    summary = "As noted earlier, cutover per [[doc_7#L1]] and [[runbooks/db]]."
    assert "ANC106" in codes(check_summary(summary, store=store))
    gate(summary, store=store)


def test_check_summary_reports_history_rules_with_a_prior_text() -> None:
    prior = "See [[a]], [[b]] and [[c]], etc."
    current = "Nothing omitted: see [[a]], etc., and so on."
    found = codes(check_summary(current, prior=prior, settings=Settings(select=("ANC21",))))
    assert found == ["ANC211", "ANC212", "ANC213"]


def test_store_objects_and_their_cache() -> None:
    memory = MemoryStore({"doc_7": DOC.encode(), "runbooks/db": b"promote\n"})
    summary = GOOD + f" Again [[doc_7#L1@{PIN_L1}]], doc_7#L2 and doc_7#L1-2."
    assert codes(check_summary(summary, store=memory, settings=Settings(select=("ANC2",)))) == []
    assert memory.reads == 1


def test_broken_store_objects_raise_store_errors() -> None:
    class Broken(MemoryStore):
        def lookup(self, key: str) -> tuple[StoreEntry, ...]:
            raise ConnectionError("backend down")

    with pytest.raises(StoreError, match="memory store: lookup failed"):
        gate(GOOD, store=Broken({}))
    with pytest.raises(StoreError, match="is not a store"):
        gate(GOOD, store=object())  # type: ignore[arg-type]


def test_sqlite_path_as_store(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE documents (key TEXT, content BLOB)")
        connection.execute("INSERT INTO documents VALUES ('doc_7', ?)", (DOC.encode(),))
    connection.close()
    gate(f"Cutover per [[doc_7#L1@{PIN_L1}]].", store=db)
    with pytest.raises(RecallGuaranteeViolation, match="ANC201"):
        gate("Cutover per [[runbooks/db]].", store=db)
