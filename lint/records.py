"""Summaries held as table rows: one record, one summary, named by its id.

A dataset (Parquet, Arrow), a database table and the batch API all hand anchorlint rows:
an id, one or more text columns, and optionally the thread and generation that make rows
generations of one summary. This module turns rows into the engine's summaries and lints
them in spaCy-sized batches, exactly as the records of a JSON Lines file are linted: the text
columns of a row are read like the string fields of a JSON record (plain-text blocks), so a
row and the same record in a ``.jsonl`` file give the same findings. Positions are lines and
columns inside the row's text; several text columns count as one text joined by blank lines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from anchorlint.findings import Finding
from anchorlint.fingerprints import fingerprints, line_context, run_context
from anchorlint.run.reading import Unreadable, decode

if TYPE_CHECKING:
    import pyarrow as pa

    from anchorlint.config import Settings
    from anchorlint.facts import SummaryFacts

#: what separates the text columns of one row: a blank line, so no sentence crosses columns
COLUMN_SEPARATOR = "\n\n"
#: text formats a row's text can be read in
FORMATS = ("text", "markdown")


@dataclass(frozen=True)
class Row:
    """One record: its id, its text (or why it cannot be read), its place in a history."""

    id: Any
    text: str | Unreadable
    thread: str | None = None
    generation: float | None = None
    #: how many of its text columns hold a value: a row whose columns are all null is no
    #: summary (as a JSON record without the field), one with an empty string is an empty one
    text_fields: int = 1


def row_text(values: Sequence[Any]) -> str | Unreadable:
    """The text of a row's text columns: strings as they are, bytes decoded as UTF-8 (else
    ANC001), nulls left out; several columns joined by a blank line."""
    parts: list[str] = []
    for value in values:
        if value is None:
            continue
        if isinstance(value, (bytes, bytearray, memoryview)):
            value = decode(bytes(value))
            if isinstance(value, Unreadable):
                return value
        parts.append(value if isinstance(value, str) else str(value))
    return COLUMN_SEPARATOR.join(parts)


def present(values: Sequence[Any]) -> int:
    """How many of a row's text values are not null."""
    return sum(value is not None for value in values)


def as_generation(value: Any) -> float | None:
    """A generation number from a column value; anything not a number is no generation."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value))
    except ValueError:
        return None


def id_text(value: Any) -> str:
    """A record id as it is printed and fingerprinted: the value's text, control characters
    escaped so that a report line stays one line."""
    text = value if isinstance(value, str) else "" if value is None else str(value)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


#: how a ``]`` in a record id is shown inside the label's brackets
_CLOSE = "\\x5d"


def label(source: str, value: Any) -> str:
    """The path a record's findings carry: ``source[id]`` (``data.parquet[rec-42]``). A
    ``]`` in the id is shown as ``\\x5d``, so the label's own ``]`` is its last: an id such
    as ``x]:9:9: ANC999 forged`` cannot close it early and forge a finding line."""
    return sys.intern(f"{source}[{id_text(value).replace(']', _CLOSE)}]")


@dataclass(frozen=True)
class Linted:
    """What a batch of rows gave: each finding with its row and fingerprint, and the facts
    (for the run-level rules: ANC107, history)."""

    findings: list[tuple[Row, Finding, str]]
    facts: tuple[SummaryFacts, ...]
    #: the rows by the path their findings carry
    rows: dict[str, Row]


class BatchError(ValueError):
    """The batch does not have the columns asked for, or they do not hold text."""


def rows_of(
    batch: pa.Table | pa.RecordBatch,
    text_columns: Sequence[str],
    id_column: str,
    settings: Settings,
) -> list[Row]:
    """The rows of ``batch``; a missing or non-text column is a :class:`BatchError`."""
    import pyarrow as pa

    names = list(batch.schema.names)
    for column in (id_column, *text_columns):
        if column not in names:
            raise BatchError(f"no column {column!r} (columns: {', '.join(names) or 'none'})")
    for column in text_columns:
        kind = batch.schema.field(column).type
        if pa.types.is_dictionary(kind):
            kind = kind.value_type
        if not (pa.types.is_string(kind) or pa.types.is_large_string(kind) or _is_binary(kind)):
            raise BatchError(f"column {column!r} holds {kind}, not text")
    ids = batch.column(id_column).to_pylist()
    texts = [batch.column(c).to_pylist() for c in text_columns]
    threads = _optional(batch, settings.history.thread_field, len(ids))
    generations = _optional(batch, settings.history.generation_field, len(ids))
    rows = []
    for i in range(len(ids)):
        values = [column[i] for column in texts]
        thread = None if threads[i] is None else str(threads[i])
        rows.append(
            Row(ids[i], row_text(values), thread, as_generation(generations[i]), present(values))
        )
    return rows


def _has_store(worker: Any) -> bool:
    context = getattr(worker, "context", worker)
    return bool(getattr(context, "has_store", None) or getattr(context, "_has_store", False))


def store_configured(settings: Settings) -> bool:
    options = settings.store_options
    return bool(settings.store or options.path or options.plugin)


def _is_binary(kind: Any) -> bool:
    import pyarrow as pa

    return bool(pa.types.is_binary(kind) or pa.types.is_large_binary(kind))


def _optional(batch: Any, column: str, count: int) -> list[Any]:
    if column and column in batch.schema.names:
        return batch.column(column).to_pylist()
    return [None] * count


def lint_rows(
    worker: Any, rows: Sequence[Row], name: Callable[[Any], str], text_format: str = "text"
) -> Linted:
    """Lint ``rows`` as summaries named ``name(row.id)``: findings with fingerprints, facts.

    Plain-text rows go through spaCy together; Markdown rows are linted one by one, as
    Markdown files are (each may carry its own suppression comments).
    """
    from anchorlint.positions import line_start_map
    from anchorlint.run.suppressions import Suppressions
    from anchorlint.run.textpass import BATCH, _lint_batch
    from anchorlint.text.documents import SummarySource
    from anchorlint.text.documents.plaintext import split_blocks

    by_path: dict[str, Row] = {}
    found: list[Finding] = []
    facts: list[SummaryFacts] = []
    sources = []
    for row in rows:
        path = name(row.id)
        by_path[path] = row
        if isinstance(row.text, Unreadable) or text_format == "markdown":
            result = worker.lint_text(path + _suffix(text_format), row.text)
            found.extend(_renamed(result.findings, path))
            facts.extend(_with_history(f, path, row) for f in result.facts)
            continue
        blocks = tuple(split_blocks(row.text, line_start_map(row.text)))
        sources.append(
            SummarySource(path, 1, 1, blocks, row.thread, row.generation, row.text_fields)
        )
    batch: list[Finding] = []
    for start in range(0, len(sources), BATCH):  # spaCy's batch: analyses held at once
        part = sources[start : start + BATCH]
        _lint_batch(_context(worker), part, Suppressions(), 0, batch, facts)
    for path, group in _grouped(batch):
        found.extend(_keep(worker, path, group))
    refresh(worker, len(rows))
    return Linted(with_fingerprints(found, by_path), tuple(facts), by_path)


def _context(worker: Any) -> Any:
    """What the text pass takes: the worker's lint context (or the worker itself)."""
    return getattr(worker, "context", worker)


def _keep(worker: Any, path: str, findings: list[Finding]) -> Iterable[Finding]:
    """The findings the selection reports (rows carry no suppression comments)."""
    from anchorlint.run.suppressions import Suppressions

    if hasattr(worker, "_keep"):
        return worker._keep(path, findings, Suppressions())
    from anchorlint.run.filtering import keep

    return keep(path, findings, Suppressions(), worker.context.selection)


#: summaries a worker lints before its spaCy pipeline is made afresh: every distinct token
#: (a commit, a digest, an id) stays in spaCy's string store, which would grow without end
#: over a table of millions of rows
REFRESH_ROWS = 20_000


def refresh(worker: Any, rows: int) -> None:
    """Count ``rows`` against the worker's pipeline; past :data:`REFRESH_ROWS`, drop it (the
    next summary loads a new one, in about half a second)."""
    holder = _context(worker)
    linted = getattr(holder, "_rows_linted", 0) + rows
    if linted >= REFRESH_ROWS and getattr(holder, "_pipeline", None) is not None:
        holder._pipeline = None
        linted = 0
        import gc

        from anchorlint.run.processes import release_memory

        gc.collect()  # the old pipeline's objects hold cycles: free them before the next loads
        release_memory()
    holder._rows_linted = linted


def _suffix(text_format: str) -> str:
    """What a row's path is given so that the engine reads it in ``text_format``."""
    if text_format != "markdown":
        return ""
    from anchorlint.run.kinds import KINDS

    return next(k for k in KINDS if k.name == "markdown").suffixes[0]


def _renamed(findings: Iterable[Finding], path: str) -> Iterator[Finding]:
    import dataclasses

    for f in findings:
        yield f if f.path == path else dataclasses.replace(f, path=path)


def _with_history(fact: SummaryFacts, path: str, row: Row) -> SummaryFacts:
    import dataclasses

    return dataclasses.replace(fact, path=path, thread=row.thread, generation=row.generation)


def _grouped(findings: list[Finding]) -> Iterator[tuple[str, list[Finding]]]:
    groups: dict[str, list[Finding]] = {}
    for f in findings:
        groups.setdefault(f.path, []).append(f)
    return iter(groups.items())


def with_fingerprints(
    findings: Iterable[Finding], rows: dict[str, Row]
) -> list[tuple[Row, Finding, str]]:
    """Each finding with its row and its fingerprint (see :mod:`anchorlint.fingerprints`)."""
    out: list[tuple[Row, Finding, str]] = []
    for path, group in _grouped(list(findings)):
        row = rows[path]
        lines = row.text.split("\n") if isinstance(row.text, str) else []
        keys = fingerprints(group, id_text(row.id), line_context(lines))
        out.extend((row, f, key) for f, key in zip(group, keys, strict=True))
    return out


def fingerprint_run_findings(
    findings: Sequence[Finding], facts: Iterable[SummaryFacts]
) -> list[Finding]:
    """``findings`` of the run-level rules, those of record labels with their fingerprints
    (:func:`run_context`: made from the facts, as the rows' text is gone by now)."""
    import dataclasses

    grouped: dict[str, list[Finding]] = {}
    for f in findings:
        if split_label(f.path)[1] is not None:
            grouped.setdefault(f.path, []).append(f)
    keyed = {id(f): key for pairs in run_fingerprints(grouped, facts).values() for f, key in pairs}
    return [dataclasses.replace(f, fingerprint=keyed[id(f)]) if id(f) in keyed else f
            for f in findings]  # fmt: skip


def run_fingerprints(
    grouped: dict[str, list[Finding]], facts: Iterable[SummaryFacts]
) -> dict[str, list[tuple[Finding, str]]]:
    """Run-level findings (by the record label they name) each with its fingerprint. The
    rows' text is gone by the end of a run, so the context is made from the anchors' text
    kept in the facts (:func:`run_context`)."""
    texts: dict[str, dict[tuple[int, int], str]] = {}
    for fact in facts:
        if fact.path in grouped:
            places = texts.setdefault(fact.path, {})
            places.update({(a.line, a.column): a.text for a in fact.anchors})
    out: dict[str, list[tuple[Finding, str]]] = {}
    for path, group in grouped.items():
        keys = fingerprints(group, unlabel(path), run_context(texts.get(path, {})))
        out[path] = list(zip(group, keys, strict=True))
    return out


def unlabel(path: str) -> str:
    """The id text inside ``source[id]`` (the whole path when it is no record label)."""
    record = split_label(path)[1]
    return path if record is None else record


def split_label(path: str) -> tuple[str, str | None]:
    """``source[id]`` as (source, id); a path that is no record label as (path, None)."""
    if not path.endswith("]"):
        return path, None
    index = len(path) - 2
    depth = 0
    while index >= 0:
        char = path[index]
        if char == "]":
            depth += 1
        elif char == "[":
            if depth == 0:
                return path[:index], path[index + 1 : -1]
            depth -= 1
        index -= 1
    return path, None
