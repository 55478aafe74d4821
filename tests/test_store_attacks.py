"""Stores under attack, through the CLI with ``--store``: keys that try to leave the root,
SQL in keys, files that only look like stores, duplicate manifest keys, plugins that raise,
exit or hang. Unit-level lookups are covered in test_stores.py and test_isolation.py; this
file adds what a summary can do end to end."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

import pytest
from conftest import run_cli, write_tree

SECRET = "TOP-SECRET-PAYLOAD"


@pytest.fixture
def escape_tree(tmp_path: Path) -> Path:
    write_tree(
        tmp_path,
        {
            "outside/secret.md": SECRET + "\n",
            "root/doc_7.md": "alpha\nbravo\n",
            "root/sub/inner.md": "inner\n",
        },
    )
    (tmp_path / "root" / "linkdir").symlink_to(tmp_path / "outside", target_is_directory=True)
    (tmp_path / "root" / "leak.md").symlink_to(tmp_path / "outside" / "secret.md")
    return tmp_path


ESCAPES = [
    "../outside/secret#L1",
    "../../../../../../etc/passwd#L1",
    "/etc/passwd#L1",
    "sub/../../outside/secret#L1",
    "%2e%2e/outside/secret#L1",
    "linkdir/secret#L1",
    "leak#L1",
    "..\\\\..\\\\outside\\\\secret#L1",
    "C:\\\\Windows\\\\win#L1",
    "file:///etc/passwd",
    "./../outside/secret#L1",
]


def test_directory_store_keys_never_leave_the_root(escape_tree: Path) -> None:
    summary = escape_tree / "s.md"
    summary.write_text("".join(f"Item [[{key}]].\n\n" for key in ESCAPES))
    result = run_cli(
        "check",
        "--no-cache",
        "--select",
        "ANC2",
        "--store",
        str(escape_tree / "root"),
        str(summary),
    )
    assert result.returncode == 1, result.stderr
    assert SECRET not in result.stdout + result.stderr
    assert "ANC202" not in result.stdout and "ANC204" not in result.stdout  # nothing was read
    unresolved = result.stdout.count("ANC201")
    assert unresolved >= 7, result.stdout  # backslash keys are prose (ANC105), never looked up
    assert "would leave the store root" in result.stdout


def test_pin_refuses_keys_outside_the_root(escape_tree: Path) -> None:
    summary = escape_tree / "s.md"
    original = "See [[../outside/secret#L1]] and [[linkdir/secret#L1]] and [[leak#L1]].\n"
    summary.write_text(original)
    result = run_cli("pin", "--store", str(escape_tree / "root"), str(summary))
    assert result.returncode == 1
    assert result.stdout.count("cannot pin") == 3
    assert summary.read_text() == original
    digest = hashlib.sha256((SECRET + "\n").encode()).hexdigest()
    assert digest[:12] not in result.stdout


def make_sqlite(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE documents (key TEXT, content BLOB)")
        db.executemany(
            "INSERT INTO documents VALUES (?, ?)",
            [("doc_7", b"alpha\nbravo\n"), ("dup", b"a"), ("dup", b"b"), ("x' OR '1'='1", b"q")],
        )
    os.utime(path, (1_000_000_000, 1_000_000_000))


def test_sql_looking_keys_are_plain_keys(tmp_path: Path) -> None:
    store = tmp_path / "store.db"
    make_sqlite(store)
    before = store.read_bytes()
    summary = tmp_path / "s.md"
    keys = [
        "doc_7' OR '1'='1",
        "x'; DROP TABLE documents; --",
        "doc_%",
        "doc__",
        "*",
        "dup",
        "doc_7",
        "x' OR '1'='1",
        "doc_7\"; ATTACH DATABASE '/tmp/evil.db' AS e; --",
    ]
    summary.write_text("".join(f"Item [[{key}]].\n\n" for key in keys))
    result = run_cli(
        "check", "--no-cache", "--select", "ANC2,ANC107", "--store", str(store), str(summary)
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert any(
        "ANC201" in line and "'doc_%'" in line for line in lines
    )  # LIKE wildcards are literal
    assert any("ANC201" in line and "'doc__'" in line for line in lines)
    assert any("ANC107" in line and '"dup"' in line for line in lines)
    assert not any("'doc_7'" in line for line in lines)  # the plain key resolves
    assert store.read_bytes() == before  # nothing dropped, attached or written
    assert not Path("/tmp/evil.db").exists()
    with sqlite3.connect(store) as db:
        assert db.execute("SELECT count(*) FROM documents").fetchone() == (4,)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"SQLite format 3\x00" + b"\x07" * 200, "unusable SQLite database"),
        (
            b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8,
            "not a directory, a SQLite database or a manifest",
        ),
    ],
    ids=["truncated-sqlite", "binary"],
)
def test_files_that_are_not_stores_are_clear_errors(
    tmp_path: Path, content: bytes, message: str
) -> None:
    store = tmp_path / "store.db"
    store.write_bytes(content)
    summary = tmp_path / "s.md"
    summary.write_text("See [[doc_7]].\n")
    result = run_cli("check", "--no-cache", "--store", str(store), str(summary))
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("anchorlint: store ") and message in line


def test_manifest_duplicate_keys_are_ambiguous(tmp_path: Path) -> None:
    plain = tmp_path / "keys.txt"
    plain.write_text("doc_7\ndoc_7\nother\n")
    records = tmp_path / "keys.jsonl"
    records.write_text(
        "".join(
            json.dumps({"key": "doc_7", "sha256": hashlib.sha256(body).hexdigest()}) + "\n"
            for body in (b"one", b"two")
        )
    )
    summary = tmp_path / "s.md"
    summary.write_text("See [[doc_7]] and [[other]].\n")
    for store in (plain, records):
        result = run_cli(
            "check", "--no-cache", "--select", "ANC107", "--store", str(store), str(summary)
        )
        assert result.returncode == 1, result.stderr
        assert 'ANC107 key "doc_7" matches 2 entries in the store (line 1, line 2)' in result.stdout


PLUGIN = """
import sys, time
from anchorlint.stores import StoreEntry

class Base:
    def lookup(self, key):
        return (StoreEntry(key, key),)
    def read(self, entry):
        return b"alpha\\n"
    def describe(self):
        return "test resolver"

class Raises(Base):
    def lookup(self, key):
        raise RuntimeError("backend down")

class Exits(Base):
    def lookup(self, key):
        sys.exit(3)

class Hangs(Base):
    def lookup(self, key):
        time.sleep(120)

class BadRead(Base):
    def read(self, entry):
        return 42

def raises(path): return Raises()
def exits(path): return Exits()
def hangs(path): return Hangs()
def bad_read(path): return BadRead()
def factory_exits(path): raise SystemExit(5)
def factory_hangs(path): time.sleep(120)
"""


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        ("raises", "lookup() raised RuntimeError('backend down')"),
        ("exits", "lookup() raised SystemExit(3)"),
        ("hangs", "lookup() did not finish within 1s"),
        ("bad_read", "read() returned int"),
        ("factory_exits", "the factory raised SystemExit(5)"),
        ("factory_hangs", "the factory did not finish within 1s"),
    ],
)
def test_misbehaving_plugins_are_bounded_clear_errors(
    tmp_path: Path, factory: str, message: str
) -> None:
    (tmp_path / "hostile_resolver.py").write_text(PLUGIN)
    (tmp_path / "anchorlint.toml").write_text(
        f'[store]\nplugin = "hostile_resolver:{factory}"\nplugin-timeout = 1\n'
    )
    (tmp_path / "s.md").write_text("Per [[wiki/db#L1@sha256:0123456789abcdef]].\n")
    start = time.monotonic()
    allow = f"hostile_resolver:{factory}"  # the user's own plugin, allowed by flag
    result = run_cli(
        "check", "--allow-plugin", allow, "--no-cache", "--select", "ANC2", "s.md", cwd=tmp_path
    )
    assert time.monotonic() - start < 60
    assert result.returncode == 2, result.stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("anchorlint: store ") and message in line
