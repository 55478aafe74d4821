"""Per-job results cached by content hash, settings and anchorlint's own code.

A cached entry holds what a worker returns for one job (findings, facts, suppressions), so
a rerun over an unchanged tree neither parses nor analyses anything. Cross-file rules are
recomputed from the cached facts every run, so they are never stale. Results that depend on
a store are not cached (the store may change without the summary changing).

Entries are JSON, never pickle: a cache directory committed to a repository must not be a
way to run code. They are filed under keys (:mod:`anchorlint.run.cache_keys`) in packs
(:mod:`anchorlint.run.cache_packs`); this module is the cache a run holds and the entries'
layout.

An entry holds findings and facts as rows (lists in field order, findings already sorted),
not objects by name: a warm run reads thousands of entries, and rows are what the spool
packs (:mod:`anchorlint.run.warm` hands them on without making a Finding of each).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, Fix, TextEdit, sort_findings
from anchorlint.run import safe_files
from anchorlint.run.cache_keys import EntryKey
from anchorlint.run.cache_pack_format import PACKS, SHARD_CHARS
from anchorlint.run.cache_packs import WRITERS, PackReader, writer_of
from anchorlint.run.results import FileResult, RecordRef
from anchorlint.run.suppressions import Directive, Suppressions


@dataclass(frozen=True)
class ResultCache:
    """Packs below ``directory``; every access goes through :mod:`anchorlint.run.safe_files`.

    The folder is entered from ``root`` (the project) one component at a time without
    following links, so a cache directory that is a link, or one named by a config to lie
    outside the project, is simply not used; nothing is read or written through a link.
    """

    directory: Path
    fingerprint: str
    root: str = ""
    #: the process that made it (the run's parent; its workers receive a copy)
    owner: int = field(default_factory=os.getpid, compare=False)

    def shard(self, path: str) -> str:
        """The shard of ``path``'s entries: its folder's, under these settings."""
        text = f"{self.fingerprint}|{os.path.dirname(path)}"
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:SHARD_CHARS]

    def _folder(self, create: bool) -> int:
        root = self.root or str(self.directory.parent)
        relative = os.path.relpath(self.directory, root) if self.root else self.directory.name
        return safe_files.open_path(root, relative, create)

    def packs_folder(self, create: bool) -> int:
        """The descriptor of the folder of packs (made, and the cache tagged, on ``create``)."""
        top = self._folder(create)
        try:
            if create:
                self._ensure_tag(top)
            return safe_files.open_folder(top, PACKS, create)
        finally:
            os.close(top)

    @contextmanager
    def reader(self) -> Iterator[PackReader]:
        """Reads many entries: the folder of packs is entered and listed once."""
        entries = PackReader(self)
        try:
            yield entries
        finally:
            entries.close()

    def put(self, key: EntryKey, value: FileResult) -> None:
        """File ``value`` under ``key``: gathered, and written with the next pack."""
        self.put_text(key, json.dumps(_dump(key, value)))

    def put_text(self, key: EntryKey, entry: str) -> None:
        """An entry already in its JSON form (read from a pack, filed under a new stamp)."""
        writer_of(self).add(self.shard(key.path), key, entry)

    def flush(self) -> None:
        """Write what this process gathered (a process's end does it too)."""
        writer = WRITERS.get(self)
        if writer is not None:
            writer.flush()

    def _ensure_tag(self, top: int) -> None:
        try:
            info = os.stat("CACHEDIR.TAG", dir_fd=top, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode):
                return
        except FileNotFoundError:
            pass
        safe_files.replace_file(top, "CACHEDIR.TAG", _TAG)
        safe_files.replace_file(top, ".gitignore", b"*\n")


_TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# anchorlint cache\n"


#: the fields of a finding row and of a fact row, in order (a fact row has no path: an
#: entry belongs to one file, whose path the reader supplies)
FINDING_FIELDS = tuple(f.name for f in fields(Finding))[1:]
FACT_FIELDS = tuple(f.name for f in fields(SummaryFacts))[1:]
ANCHOR_FIELDS = tuple(f.name for f in fields(AnchorOccurrence))
_FIX = FINDING_FIELDS.index("fix")
_ANCHORS = FACT_FIELDS.index("anchors")
_QUALIFIED = FACT_FIELDS.index("qualified_keys")
_ORDER = FACT_FIELDS.index("order")
_RECORD = FACT_FIELDS.index("record")
assert _QUALIFIED == _ORDER + 1 == _RECORD - 1 == len(FACT_FIELDS) - 2  # what fact_rows writes
#: where a fact row (without its path) keeps what :func:`record_refs` reads
_THREAD, _LINE, _COLUMN = map(FACT_FIELDS.index, ("thread", "line", "column"))


def _dump(key: EntryKey, result: FileResult) -> list[Any]:
    findings = []
    for finding in sort_findings(result.findings):  # the order the spool packs them in
        row = [getattr(finding, name) for name in FINDING_FIELDS]
        row[_FIX] = None if finding.fix is None else asdict(finding.fix)
        findings.append(row)
    facts = []
    for fact in result.facts:
        row = [getattr(fact, name) for name in FACT_FIELDS]
        row[_ANCHORS] = [[getattr(a, name) for name in ANCHOR_FIELDS] for a in fact.anchors]
        facts.append(row)
    directives = [
        [d.line, d.column, d.first, d.last, sorted(d.codes)] for d in result.suppressions.directives
    ]
    return [
        key.path,
        key.start,
        key.end,
        key.digest,
        findings,
        facts,
        directives,
        result.unreadable,
    ]


def fix_of(item: dict[str, Any] | None) -> Fix | None:
    """A finding row's fix, from its JSON form."""
    if item is None:
        return None
    edits = tuple(TextEdit(**e) for e in item["edits"])
    if type(item["description"]) is not str or not all(map(_edit_typed, edits)):
        raise ValueError("a fix with a field of another type")  # a forged entry
    return Fix(item["description"], edits)


def _edit_typed(edit: TextEdit) -> bool:
    return (
        type(edit.line) is type(edit.column) is type(edit.end_line) is type(edit.end_column) is int
        and type(edit.new_text) is str
    )


def fact_rows(path: str, rows: list[list[Any]], order: int) -> list[list[Any]]:
    """An entry's fact rows as :func:`anchorlint.run.spool_packing.pack_facts` lays them out: with
    their path, at ``order`` in this run, their keys a tuple (anchors stay rows)."""
    if set(map(type, rows)) - {list} or set(map(len, rows)) - {len(FACT_FIELDS)}:
        raise ValueError("a fact row of another shape")
    return [[path, *row[:_ORDER], order, tuple(row[_QUALIFIED]), row[_RECORD]] for row in rows]


def record_refs(rows: list[list[Any]]) -> tuple[RecordRef, ...]:
    """The records an entry's fact rows name (see :attr:`FileResult.records`), as a worker
    would have sent them; a row naming one with anything but strings is of another shape
    (an entry anyone could have written must not reach the run's grouping unchecked)."""
    refs = tuple(
        (row[_THREAD], row[_RECORD], row[_LINE], row[_COLUMN])
        for row in rows
        if row[_RECORD] is not None
    )
    for thread, record, line, column in refs:
        if not (type(thread) is type(record) is str and type(line) is type(column) is int):
            raise ValueError("a fact row naming its record with other than a string")
    return refs


def directives_of(rows: list[Any]) -> Suppressions:
    for row in rows:
        if {type(value) for value in row[:4]} != {int} or not all(
            type(code) is str for code in row[4]
        ):
            raise ValueError("a directive with a field of another type")  # a forged entry
    return Suppressions(
        [
            Directive(line, column, first, last, frozenset(codes))
            for line, column, first, last, codes in rows
        ]
    )
