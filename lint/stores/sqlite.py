"""A SQLite file of documents, opened read-only.

Default schema (table and column names are settings under ``[tool.anchorlint.store]``)::

    CREATE TABLE documents (
        key     TEXT NOT NULL,   -- the anchor key, matched exactly
        content BLOB NOT NULL,   -- the document bytes (TEXT is read as UTF-8)
        sha256  TEXT             -- optional: set sha256-column = "sha256" to use it
    );

Keys are only ever bound as query parameters. Table and column names cannot be parameters,
so they are checked against the file's own schema first and then quoted as identifiers: a
configured name that does not exist is a :class:`StoreError`, never SQL.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from anchorlint.config import StoreSettings
from anchorlint.stores.base import BaseStore, hash_key
from anchorlint.stores.protocol import SQLITE_MAGIC, StoreEntry, StoreError, shown

#: the longest one query may run (a recursive view never ends)
QUERY_SECONDS = 5.0


def _quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def _check_header(path: Path) -> None:
    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"store {path}: cannot read: {exc.strerror or exc}") from None
    if head != SQLITE_MAGIC:
        raise StoreError(f"store {path}: not a SQLite database (no SQLite header)")


class SqliteStore(BaseStore):
    """Documents in one table of a SQLite file; see the module docstring for the schema."""

    def __init__(self, path: Path, options: StoreSettings) -> None:
        super().__init__()
        _check_header(path)
        self.path = path
        self.table = options.table
        try:
            self._db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            # a view can recurse for ever: every statement gets QUERY_SECONDS, then aborts
            self._deadline = time.monotonic() + QUERY_SECONDS
            self._db.set_progress_handler(self._expired, 10_000)
            columns = {
                row[0]
                for row in self._db.execute("SELECT name FROM pragma_table_info(?)", (self.table,))
            }
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store {path}: unusable SQLite database: {exc}") from None
        if not columns:
            raise StoreError(f"store {path}: no table {self.table!r}")
        wanted = [options.key_column, options.content_column]
        if options.sha256_column:
            wanted.append(options.sha256_column)
        missing = [name for name in wanted if name not in columns]
        if missing:
            raise StoreError(
                f"store {path}: table {self.table!r} has no column {', '.join(map(repr, missing))}"
            )
        self._key = _quote(options.key_column)
        self._content = _quote(options.content_column)
        self._sha = _quote(options.sha256_column) if options.sha256_column else "NULL"
        self._from = _quote(self.table)

    def _expired(self) -> int:
        return 1 if time.monotonic() > self._deadline else 0

    def _execute(self, sql: str, parameters: tuple[object, ...]) -> sqlite3.Cursor:
        self._deadline = time.monotonic() + QUERY_SECONDS
        return self._db.execute(sql, parameters)

    def describe(self) -> str:
        return f"SQLite store {shown(self.path)} (table {self.table})"

    def _rows(self, where: str, value: str) -> list[tuple[object, ...]]:
        sql = (
            f"SELECT rowid, {self._key}, {self._sha} FROM {self._from} WHERE {where} ORDER BY rowid"
        )
        try:
            return self._execute(sql, (value,)).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.describe()}: query failed: {exc}") from None

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        rows = self._rows(f"{self._key} = ?", key)
        prefix = hash_key(key)
        if not rows and prefix is not None and self._sha != "NULL":
            rows = self._rows(f"lower({self._sha}) LIKE ? || '%'", prefix)
        return tuple(
            StoreEntry(key=key, ref=str(rowid), sha256=str(sha).lower() if sha else None)
            for rowid, _, sha in rows
        )

    def read(self, entry: StoreEntry) -> bytes:
        sql = f"SELECT {self._content} FROM {self._from} WHERE rowid = ?"
        try:
            row = self._execute(sql, (int(entry.ref),)).fetchone()
        except (sqlite3.DatabaseError, ValueError) as exc:
            raise StoreError(f"{self.describe()}: cannot read {entry.key!r}: {exc}") from None
        if row is None:
            raise StoreError(f"{self.describe()}: row {entry.ref} vanished")
        value = row[0]
        if value is None:
            return b""
        return value.encode("utf-8") if isinstance(value, str) else bytes(value)

    def close(self) -> None:
        super().close()
        self._db.close()

    def __getstate__(self) -> dict[str, object]:
        raise TypeError("a SQLite store is opened in each worker, not pickled")
