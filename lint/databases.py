"""Summaries stored in a database: SQLite files and PostgreSQL, read-only, rows in batches.

``anchorlint check sqlite:///summaries.db --table summaries`` and ``postgresql://…`` read the
id, text and history columns of a table (``--table``) or of a query (``--query``), and never
write: SQLite is opened with ``mode=ro`` and ``PRAGMA query_only``; a PostgreSQL session is
read-only by default (``default_transaction_read_only``), its transaction is read-only and a
statement timeout bounds every query. Table and column names are quoted with the driver's
quoting (psycopg's ``sql.Identifier``; SQLite's double-quote escaping), never pasted in, and
values are passed as parameters. Rows stream through a cursor a batch at a time, so memory is
bounded by the batch size, not the table. A source URL's password never appears in a report.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

#: rows fetched per batch
BATCH_ROWS = 2048
#: the statement timeout of a PostgreSQL session, in milliseconds
STATEMENT_TIMEOUT_MS = 600_000
SCHEMES = ("sqlite://", "postgresql://", "postgres://")


class DatabaseError(Exception):
    """A database that cannot be read as asked: the message says which and why."""


def is_database(source: str) -> bool:
    return source.startswith(SCHEMES)


@dataclass(frozen=True)
class Query:
    """What to read: a table, or a query of the user's own, and which columns."""

    source: str
    table: str = ""
    query: str = ""
    id_column: str = "id"
    text_columns: tuple[str, ...] = ("summary",)
    thread_column: str = ""
    generation_column: str = ""

    @property
    def label(self) -> str:
        """How findings name this source: the URL without its password, and the table."""
        what = self.table or "query"
        return f"{display_url(self.source)}#{what}"


def display_url(url: str) -> str:
    """``url`` with any password removed."""
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urllib.parse.urlunsplit((parts.scheme, user + host, parts.path, parts.query, ""))


def sqlite_path(url: str) -> str:
    """The file of a ``sqlite:///relative.db`` or ``sqlite:////absolute.db`` URL."""
    rest = url[len("sqlite://") :]
    if not rest.startswith("/") or len(rest) < 2:
        raise DatabaseError(f"{url}: expected sqlite:///path/to/file.db")
    return urllib.parse.unquote(rest[1:].split("?", 1)[0])


def read_rows(query: Query, batch_rows: int = BATCH_ROWS) -> Iterator[list[dict[str, Any]]]:
    """The rows of ``query``'s table or query, as dicts of the wanted columns, in batches."""
    if not query.table and not query.query:
        raise DatabaseError(f"{display_url(query.source)}: name a --table or a --query")
    if query.source.startswith("sqlite://"):
        yield from _sqlite_rows(query, batch_rows)
    else:
        yield from _postgres_rows(query, batch_rows)


def _wanted(query: Query, names: Sequence[str]) -> list[str]:
    """The columns read: id and text ones must exist, history ones are read when present."""
    for column in (query.id_column, *query.text_columns):
        if column not in names:
            raise DatabaseError(
                f"{query.label}: no column {column!r} (columns: {', '.join(names) or 'none'})"
            )
    extra = [c for c in (query.thread_column, query.generation_column) if c and c in names]
    return list(dict.fromkeys([query.id_column, *query.text_columns, *extra]))


def _quote_sqlite(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _sqlite_rows(query: Query, batch_rows: int) -> Iterator[list[dict[str, Any]]]:
    path = sqlite_path(query.source)
    if not os.path.isfile(path):
        raise DatabaseError(f"{query.source}: no such database file: {path}")
    uri = f"file:{urllib.parse.quote(os.path.abspath(path))}?mode=ro"
    try:
        connection = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{query.source}: cannot open: {exc}") from None
    try:
        connection.execute("PRAGMA query_only = ON")
        connection.text_factory = bytes  # text decoded by anchorlint: bad UTF-8 is ANC001
        yield from _sqlite_select(connection, query, batch_rows)
    except sqlite3.Error as exc:
        raise DatabaseError(f"{query.label}: {exc}") from None
    finally:
        connection.close()


def _sqlite_select(
    connection: sqlite3.Connection, query: Query, batch_rows: int
) -> Iterator[list[dict[str, Any]]]:
    if query.table:
        found = connection.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?",
            (query.table,),
        ).fetchone()
        if found is None:
            raise DatabaseError(f"{query.label}: no table {query.table!r}")
        names = [row[1].decode() for row in connection.execute(
            f"PRAGMA table_info({_quote_sqlite(query.table)})")]  # fmt: skip
        columns = _wanted(query, names)
        listed = ", ".join(_quote_sqlite(c) for c in columns)
        cursor = connection.execute(f"SELECT {listed} FROM {_quote_sqlite(query.table)}")
    else:
        cursor = connection.execute(query.query)
        names = [d[0] for d in cursor.description or ()]
        columns = _wanted(query, names)
    yield from _batches(cursor, names if not query.table else columns, columns, batch_rows)


def _batches(
    cursor: Any, names: Sequence[str], columns: Sequence[str], batch_rows: int
) -> Iterator[list[dict[str, Any]]]:
    positions = [list(names).index(c) for c in columns]
    while True:
        fetched = cursor.fetchmany(batch_rows)
        if not fetched:
            return
        yield [{c: row[i] for c, i in zip(columns, positions, strict=True)} for row in fetched]


def _text(value: Any) -> Any:
    """An id or thread read as bytes (SQLite hands text over undecoded here) as text."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", "replace")
    return value


def to_rows(batch: Sequence[dict[str, Any]], query: Query) -> list[Any]:
    """Rows for the engine: ids and threads as text or numbers; text columns as they came
    (bytes are decoded by the engine, and bad UTF-8 there is the record's ANC001)."""
    from anchorlint.records import Row, as_generation, present, row_text

    rows = []
    for record in batch:
        thread = _text(record.get(query.thread_column)) if query.thread_column else None
        generation = record.get(query.generation_column) if query.generation_column else None
        values = [record[c] for c in query.text_columns]
        rows.append(
            Row(
                _text(record[query.id_column]),
                row_text(values),
                None if thread is None else str(thread),
                as_generation(_text(generation)),
                present(values),
            )
        )
    return rows


def _postgres_rows(query: Query, batch_rows: int) -> Iterator[list[dict[str, Any]]]:
    with _postgres(query) as (connection, sql):
        yield from _postgres_select(connection, query, sql, batch_rows)


@contextlib.contextmanager
def _postgres(query: Query) -> Iterator[tuple[Any, Any]]:
    """A read-only PostgreSQL session inside a read-only transaction, and psycopg's ``sql``;
    driver errors become :class:`DatabaseError`."""
    try:
        import psycopg
        from psycopg import sql
    except ImportError:
        raise DatabaseError(
            "reading PostgreSQL needs psycopg: pip install 'anchorlint[postgres]'"
        ) from None
    options = f"-c default_transaction_read_only=on -c statement_timeout={STATEMENT_TIMEOUT_MS}"
    try:
        connection = psycopg.connect(query.source, options=options, connect_timeout=10)
    except psycopg.Error as exc:
        raise DatabaseError(f"{display_url(query.source)}: cannot connect: {exc}") from None
    try:
        connection.read_only = True
        with connection.transaction():
            yield connection, sql
    except psycopg.Error as exc:
        raise DatabaseError(f"{query.label}: {str(exc).strip()}") from None
    finally:
        connection.close()


def _postgres_select(
    connection: Any, query: Query, sql: Any, batch_rows: int
) -> Iterator[list[dict[str, Any]]]:
    if query.table:
        table = sql.Identifier(*query.table.split(".", 1))
        probe = connection.execute(sql.SQL("SELECT * FROM {} LIMIT 0").format(table))
        names = [d.name for d in probe.description or ()]
        columns = _wanted(query, names)
        statement = sql.SQL("SELECT {} FROM {}").format(
            sql.SQL(", ").join(sql.Identifier(c) for c in columns), table
        )
    else:
        own = query.query.strip().rstrip(";")
        statement = sql.SQL(own)  # the user's own query, in a read-only transaction
        probe = connection.execute(sql.SQL("SELECT * FROM ({}) AS q LIMIT 0").format(statement))
        names = [d.name for d in probe.description or ()]
        columns = _wanted(query, names)
        statement = sql.SQL("SELECT {} FROM ({}) AS q").format(
            sql.SQL(", ").join(sql.Identifier(c) for c in columns), statement
        )
    with connection.cursor(name="anchorlint_rows") as cursor:
        cursor.itersize = batch_rows
        cursor.execute(statement)
        yield from _batches(cursor, columns, columns, batch_rows)
