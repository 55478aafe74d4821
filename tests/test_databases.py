"""``anchorlint check`` on SQLite and PostgreSQL tables: read-only, every finding with its id."""

from __future__ import annotations

import json
import os
import pickle
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pg_server
import pytest
from conftest import run_cli

ROWS = [
    ("a1", "As noted earlier, the cutover moved to Friday.", None, None),
    ("a2", "See [[runbooks/db]] and [[runbooks/cache]].", "t1", 1),
    ("a3", "See [[runbooks/db]].", "t1", 2),
    ("a4", "Pinned [[doc_7#L3-4@sha256:9f2c4e1ab07d]] text.", None, None),
]
SCHEMA = "CREATE TABLE summaries (id TEXT, summary TEXT, thread TEXT, generation INTEGER)"


def _codes_by_id(stdout: str, prefix: str) -> set[tuple[str, str]]:
    found = set()
    for line in stdout.splitlines():
        assert line.startswith(prefix), line
        record = line[len(prefix) :].split("]", 1)[0]
        found.add((record, line.split(": ", 1)[1].split(" ", 1)[0]))
    return found


EXPECTED = {("a1", "ANC101"), ("a1", "ANC104"), ("a3", "ANC211")}


@pytest.fixture()
def sqlite_db(tmp_path: Path) -> Path:
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as connection:
        connection.execute(SCHEMA)
        connection.executemany("INSERT INTO summaries VALUES (?, ?, ?, ?)", ROWS)
    return path


def test_sqlite_table_reports_every_finding_with_its_id(sqlite_db: Path) -> None:
    url = f"sqlite:///{sqlite_db.name}"
    result = run_cli("check", url, "--table", "summaries", "--text-column", "summary",
                     "--id-column", "id", cwd=sqlite_db.parent)  # fmt: skip
    assert result.returncode == 1, result.stderr
    assert _codes_by_id(result.stdout, f"{url}#summaries[") == EXPECTED


def test_sqlite_query_source_and_a_writing_query_is_refused(sqlite_db: Path) -> None:
    url = f"sqlite:///{sqlite_db}"  # an absolute path: four slashes
    query = "SELECT id, summary FROM summaries WHERE id = 'a1'"
    result = run_cli("check", url, "--query", query, cwd=sqlite_db.parent)
    assert _codes_by_id(result.stdout, f"{url}#query[") == {("a1", "ANC101"), ("a1", "ANC104")}
    writing = run_cli("check", url, "--query", "DELETE FROM summaries RETURNING id, summary",
                      cwd=sqlite_db.parent)  # fmt: skip
    assert writing.returncode == 2
    assert "readonly" in writing.stderr and "Traceback" not in writing.stderr
    with sqlite3.connect(sqlite_db) as connection:
        assert connection.execute("SELECT count(*) FROM summaries").fetchone() == (4,)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--table", "nope"], "no table 'nope'"),
        (["--table", 'summaries"; DROP TABLE summaries; --'], "no table"),
        (["--table", "summaries", "--id-column", "ident"], "no column 'ident'"),
        ([], "--table or a --query"),
    ],
)
def test_sqlite_bad_requests_are_clear_errors(sqlite_db: Path, args: list[str], words: str) -> None:
    result = run_cli("check", f"sqlite:///{sqlite_db.name}", *args, cwd=sqlite_db.parent)
    assert result.returncode == 2
    assert words in result.stderr and "Traceback" not in result.stderr
    with sqlite3.connect(sqlite_db) as connection:
        assert connection.execute("SELECT count(*) FROM summaries").fetchone() == (4,)


def test_a_file_that_is_no_database_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "x.db").write_bytes(b"not a database at all" * 100)
    result = run_cli("check", "sqlite:///x.db", "--table", "s", cwd=tmp_path)
    assert result.returncode == 2
    assert "not a database" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    psycopg = pytest.importorskip("psycopg")
    server = pg_server.start_or_skip()
    try:
        with psycopg.connect(server.url, autocommit=True) as connection:
            connection.execute(SCHEMA)
            with connection.cursor() as cursor:
                cursor.executemany("INSERT INTO summaries VALUES (%s, %s, %s, %s)", ROWS)
            connection.execute("CREATE SEQUENCE counter")
        yield server.url
    finally:
        server.stop()


def test_postgres_table_reports_every_finding_with_its_id(postgres: str) -> None:
    result = run_cli("check", postgres, "--table", "public.summaries", "--text-column",
                     "summary", "--id-column", "id")  # fmt: skip
    assert result.returncode == 1, result.stderr
    assert _codes_by_id(result.stdout, f"{postgres}#public.summaries[") == EXPECTED


def test_postgres_writes_are_refused(postgres: str) -> None:
    import psycopg

    query = "SELECT id, summary, nextval('counter') AS n FROM summaries"
    result = run_cli("check", postgres, "--query", query)
    assert result.returncode == 2
    assert "read-only transaction" in result.stderr and "Traceback" not in result.stderr
    deleting = run_cli("check", postgres, "--query", "DELETE FROM summaries RETURNING id, summary")
    assert deleting.returncode == 2 and "Traceback" not in deleting.stderr
    with psycopg.connect(postgres) as connection:
        assert connection.execute("SELECT count(*) FROM summaries").fetchone() == (4,)


def test_postgres_password_never_printed(postgres: str) -> None:
    with_password = postgres.replace("postgres@", "postgres:s3cret-word@", 1)
    result = run_cli("check", with_password, "--table", "summaries")
    assert result.returncode == 1, result.stderr
    assert "s3cret-word" not in result.stdout + result.stderr


# ------------------------------------------- LangGraph and Letta in their own Postgres tables

PICKLE_CANARY = "/tmp/anchorlint-pickle-was-loaded"
RS_MODULE = "langmem.short_term.summarization"


class _Canary:
    """Pickles to a call that would create the canary file if it were ever unpickled."""

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (PICKLE_CANARY, "w"))


def _running_summary(text: str) -> bytes:
    """A channel value as LangGraph's serializer writes a langmem RunningSummary (a
    dataclass: msgpack extension 2 holding module, class name and fields)."""
    msgpack = pytest.importorskip("msgpack")
    fields = {"summary": text, "summarized_message_ids": [], "last_summarized_message_id": "m9"}
    inner = msgpack.packb([RS_MODULE, "RunningSummary", fields], use_bin_type=True)
    return msgpack.ExtType(2, inner)


def _blob(value: object) -> bytes:
    import msgpack

    return msgpack.packb(value, use_bin_type=True)


def _alert(body: str) -> str:
    """A Letta summary message's content: one text part holding the system-alert envelope."""
    message = (
        "Note: prior messages (14 of 30 total messages) have been hidden from view due to "
        "conversation memory constraints.\nThe following is a summary of the previous 14 "
        f"messages:\n {body}"
    )
    envelope = json.dumps({"type": "system_alert", "message": message, "time": "2026-11-20"})
    return json.dumps([{"type": "text", "text": envelope}])


NATIVE = """
CREATE TABLE checkpoint_blobs (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL, version TEXT NOT NULL, type TEXT NOT NULL, blob BYTEA,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, version));
CREATE TABLE messages (id TEXT PRIMARY KEY, role TEXT, content JSON, text TEXT,
  agent_id TEXT, sequence_id BIGINT, conversation_id TEXT);
"""


@pytest.fixture(scope="module")
def native_postgres(postgres: str) -> str:
    import psycopg

    first = _running_summary("See [[runbooks/db]] and [[runbooks/cache]] for the cutover.")
    second = _running_summary("See [[runbooks/db]] for the cutover.")
    blobs = [
        ("t1", "", "context", "01", "msgpack", _blob({"running_summary": first})),
        ("t1", "", "context", "02", "msgpack", _blob({"running_summary": first})),  # unchanged
        ("t1", "", "messages", "02", "msgpack", _blob(["As noted earlier, RunningSummary"])),
        ("t1", "", "context", "03", "msgpack", _blob({"running_summary": second})),
        ("t2", "", "summary", "01", "msgpack", _blob(_running_summary("As noted earlier, ok."))),
        ("t2", "", "context", "02", "pickle", b"RunningSummary" + pickle.dumps(_Canary())),
    ]
    messages = [
        ("m1", "user", json.dumps([{"type": "text", "text": "As noted earlier, hi."}]), None,
         "agent-1", 1, None),
        ("m2", "summary", _alert("As noted earlier, the export job moved to Friday."), None,
         "agent-1", 2, None),
        ("m3", "user", _alert("Per the config, etc."), None, "agent-2", 1, None),
    ]  # fmt: skip
    with psycopg.connect(postgres, autocommit=True) as connection:
        connection.execute(NATIVE)
        with connection.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO checkpoint_blobs VALUES (%s, %s, %s, %s, %s, %s)", blobs
            )
            cursor.executemany("INSERT INTO messages VALUES (%s, %s, %s, %s, %s, %s, %s)", messages)
    return postgres


def test_langgraph_summaries_read_from_their_postgres_checkpoint_blobs(
    native_postgres: str,
) -> None:
    if os.path.exists(PICKLE_CANARY):
        os.remove(PICKLE_CANARY)
    result = run_cli("check", native_postgres)
    assert result.returncode == 1, result.stderr
    prefix = f"{native_postgres}#checkpoint_blobs["
    found = _codes_by_id(result.stdout, prefix)
    assert {r for r, _ in found} == {"t1//context/03", "t2//summary/01"}
    assert ("t1//context/03", "ANC211") in found and ("t2//summary/01", "ANC101") in found
    drift = next(line for line in result.stdout.splitlines() if "ANC211" in line)
    assert "runbooks/cache" in drift  # against version 01, read once (02 repeats it)
    assert "t2//context/02 skipped: a pickled checkpoint is never loaded" in result.stderr
    assert not os.path.exists(PICKLE_CANARY)


def test_letta_summaries_read_from_their_postgres_messages(native_postgres: str) -> None:
    result = run_cli("check", native_postgres, "--input-format", "letta")
    assert result.returncode == 1, result.stderr
    found = _codes_by_id(result.stdout, f"{native_postgres}#messages[")
    assert {r for r, _ in found} == {"m2", "m3"}
    assert ("m2", "ANC101") in found
    # the body, not the envelope or its preamble, is what is linted: line 1 is the body's
    assert f"{native_postgres}#messages[m2]:1:1: ANC101" in result.stdout
