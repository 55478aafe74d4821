"""Stores: directory, SQLite, manifest and plugin, and the span arithmetic they share."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from anchorlint.config import Settings, StoreSettings
from anchorlint.stores import StoreEntry, StoreError, detect_kind, open_store, open_store_at
from anchorlint.stores.base import as_caching_store
from anchorlint.stores.directory import DirectoryStore
from anchorlint.stores.resolve import locate, resolve, span_digest
from anchorlint.stores.spans import DocumentView, OutOfRange, Span


def frag(kind: str, first: int, last: int) -> SimpleNamespace:
    return SimpleNamespace(kind=kind, first=first, last=last, raw="")


def anchor(key: str, form: str = "wiki", fragment: object = None) -> SimpleNamespace:
    return SimpleNamespace(key=key, form=form, fragment=fragment, descriptive=False)


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "runbooks").mkdir(parents=True)
    (root / "doc_7.md").write_bytes(b"one\ntwo\r\nthree\nfour")
    (root / "runbooks" / "db.md").write_text("db runbook\n")
    (root / "runbooks" / "cache.md").write_text("cache\n")
    (root / "runbooks" / "cache.txt").write_text("cache too\n")
    (root / "exact").write_text("no extension\n")
    (root / "exact.md").write_text("with extension\n")
    return root


# -- spans ---------------------------------------------------------------------------------


def test_line_spans_include_their_terminator() -> None:
    view = DocumentView.from_bytes(b"one\ntwo\r\nthree\nfour")
    assert view.line_count == 4
    assert view.read_span(view.span(frag("lines", 2, 2))) == b"two\r\n"
    assert view.read_span(view.span(frag("lines", 2, 3))) == b"two\r\nthree\n"
    assert view.read_span(view.span(frag("lines", 4, 4))) == b"four"


def test_char_spans_are_half_open_bytes() -> None:
    view = DocumentView.from_bytes("héllo".encode())
    assert view.read_span(view.span(frag("char", 0, 3))) == "hé".encode()
    assert view.span(frag("char", 6, 6)) == Span(6, 6)
    with pytest.raises(OutOfRange, match="ends at byte 7 but the document has 6 bytes"):
        view.span(frag("char", 0, 7))


def test_line_past_the_end_and_trailing_newline() -> None:
    view = DocumentView.from_bytes(b"a\nb\n")
    assert view.line_count == 2  # the final newline does not start a third line
    with pytest.raises(OutOfRange, match="ends at line 3 but the document has 2 lines"):
        view.span(frag("lines", 2, 3))
    assert DocumentView.from_bytes(b"").line_count == 0


def test_undefined_fragments_are_undecidable() -> None:
    view = DocumentView.from_bytes(b"a\nb\n")
    assert view.span(frag("lines", 2, 1)) is None
    assert view.span(frag("lines", 0, 1)) is None
    assert view.span(frag("name", 0, 0)) is None
    assert view.span(None) == Span(0, 4)


def test_streamed_view_matches_in_memory_view(tmp_path: Path) -> None:
    data = b"".join(b"line %d\n" % i for i in range(200_000)) + b"tail"
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    streamed = DocumentView.from_file(lambda: path.open("rb"), len(data))
    memory = DocumentView.from_bytes(data)
    assert streamed.line_starts == memory.line_starts
    for fragment in (frag("lines", 5, 150_000), frag("char", 3, 1_000_000), None):
        span = memory.span(fragment)
        assert streamed.span(fragment) == span
        assert streamed.digest(span) == hashlib.sha256(data[span.start : span.end]).hexdigest()


# -- directory -----------------------------------------------------------------------------


def test_directory_extension_optional_and_ambiguous(docs: Path) -> None:
    store = DirectoryStore(docs)
    assert [e.ref for e in store.lookup("runbooks/db")] == ["runbooks/db.md"]
    assert [e.ref for e in store.lookup("runbooks/db.md")] == ["runbooks/db.md"]
    assert [e.ref for e in store.lookup("runbooks/cache")] == [
        "runbooks/cache.md",
        "runbooks/cache.txt",
    ]
    assert [e.ref for e in store.lookup("exact")] == ["exact"]  # an exact name wins
    assert store.lookup("runbooks/missing") == ()
    assert store.lookup("nowhere/doc") == ()
    assert [e.ref for e in store.lookup("./doc_7")] == ["doc_7.md"]


@pytest.mark.parametrize(
    "key",
    ["../../etc/passwd", "/etc/passwd", "runbooks/../doc_7", "C:/x", "runbooks\\db", "a//b", ""],
)
def test_directory_keys_never_leave_the_root(docs: Path, key: str) -> None:
    store = DirectoryStore(docs)
    assert store.lookup(key) == ()


def test_directory_symlink_escape_is_unresolvable(docs: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.md"
    secret.write_text("outside\n")
    (docs / "leak.md").symlink_to(secret)
    (docs / "inner.md").symlink_to(docs / "doc_7.md")
    (docs / "outdir").symlink_to(tmp_path, target_is_directory=True)
    store = DirectoryStore(docs)
    assert store.lookup("leak") == ()
    assert store.lookup("outdir/secret") == ()
    assert [e.ref for e in store.lookup("inner")] == ["inner.md"]


def test_directory_declines_uris_and_hashes(docs: Path) -> None:
    store = DirectoryStore(docs)
    assert not store.accepts("https://wiki.example.com/x", "uri")
    assert not store.accepts("sha256:9f2c4e1ab07d9f2c", "hash")
    assert not store.accepts("s3://bucket/key.json", "wiki")
    assert store.accepts("doc_7", "pointer")
    assert resolve(store, anchor("https://x.example/a", "uri")).status == "skip"


def test_directory_reads_each_document_once(docs: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = DirectoryStore(docs)
    calls: list[str] = []
    original = DirectoryStore.read

    def counting(self: DirectoryStore, entry: StoreEntry) -> bytes:
        calls.append(entry.ref)
        return original(self, entry)

    monkeypatch.setattr(DirectoryStore, "read", counting)
    (entry,) = store.cached_lookup("doc_7")
    for first in range(1, 5):
        fragment = frag("lines", first, first)
        assert span_digest(locate(store, entry, fragment), fragment) is not None
    assert calls == ["doc_7.md"]


# -- SQLite --------------------------------------------------------------------------------


def make_db(path: Path, rows: list[tuple[str, object]], sha: bool = False) -> Path:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE documents (key TEXT, content BLOB, sha256 TEXT)")
        for key, content in rows:
            raw = content.encode() if isinstance(content, str) else content
            db.execute(
                "INSERT INTO documents VALUES (?, ?, ?)",
                (key, content, hashlib.sha256(raw).hexdigest() if sha else None),
            )
    db.close()
    return path


HOSTILE = [
    "it's",
    'say "hi"',
    "x'; DROP TABLE documents; --",
    'a" OR "1"="1',
    "%_%",
    "doc_7",
]


def test_sqlite_keys_are_parameters(tmp_path: Path) -> None:
    db = make_db(tmp_path / "s.db", [(k, f"content of {k}\n") for k in HOSTILE])
    store = open_store_at(str(db))
    assert store.describe().startswith("SQLite store")
    for key in HOSTILE:
        (entry,) = store.lookup(key)
        assert store.read(entry) == f"content of {key}\n".encode()
    assert store.lookup("' OR 1=1 --") == ()
    assert store.lookup("%") == ()
    assert len(open_store_at(str(db)).lookup("doc_7")) == 1  # the table survived


def test_sqlite_duplicates_text_and_hashes(tmp_path: Path) -> None:
    db = make_db(tmp_path / "s.db", [("dup", "a"), ("dup", b"b"), ("t", "text\n")], sha=True)
    options = StoreSettings(sha256_column="sha256")
    store = open_store_at(str(db), settings=Settings(store_options=options))
    assert len(store.lookup("dup")) == 2
    (entry,) = store.lookup("t")
    assert entry.sha256 == hashlib.sha256(b"text\n").hexdigest()
    assert store.lookup("sha256:" + entry.sha256[:16]) == (
        replace(entry, key="sha256:" + entry.sha256[:16]),
    )


def test_sqlite_custom_schema_and_bad_names(tmp_path: Path) -> None:
    path = tmp_path / "custom.sqlite"
    with sqlite3.connect(path) as db:
        db.execute('CREATE TABLE "my docs" ("doc id" TEXT, body TEXT)')
        db.execute('INSERT INTO "my docs" VALUES (?, ?)', ("k", "body\n"))
    db.close()
    good = StoreSettings(table="my docs", key_column="doc id", content_column="body")
    store = open_store_at(str(path), settings=Settings(store_options=good))
    assert store.read(store.lookup("k")[0]) == b"body\n"
    with pytest.raises(StoreError, match="no table 'documents'"):
        open_store_at(str(path))
    bad = replace(good, key_column='x" FROM sqlite_master --')
    with pytest.raises(StoreError, match="has no column"):
        open_store_at(str(path), settings=Settings(store_options=bad))


def test_sqlite_kind_on_a_non_sqlite_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "fake.db"
    path.write_text("doc_7\n")
    assert detect_kind(path) == "manifest"
    with pytest.raises(StoreError, match="not a SQLite database"):
        open_store_at(str(path), kind="sqlite")


# -- manifest ------------------------------------------------------------------------------


def test_manifest_plain_and_jsonl(tmp_path: Path) -> None:
    plain = tmp_path / "keys.txt"
    plain.write_text("# keys\ndoc_7\n\nhttps://wiki.example.com/runbooks/db\n")
    store = open_store_at(str(plain))
    assert store.describe().startswith("manifest")
    assert len(store.lookup("doc_7")) == 1
    assert len(store.lookup("https://wiki.example.com/runbooks/db")) == 1
    assert store.lookup("# keys") == ()
    digest = hashlib.sha256(b"x").hexdigest()
    jsonl = tmp_path / "keys.jsonl"
    jsonl.write_text(json.dumps({"key": "a", "sha256": digest}) + "\n" + '{"key": "b"}\n')
    store = open_store_at(str(jsonl))
    assert store.lookup("a")[0].sha256 == digest
    assert [e.ref for e in store.lookup("sha256:" + digest[:12])] == ["line 1"]
    located = locate(store, store.lookup("a")[0], None)
    assert located.view is None and span_digest(located, None) == digest


def test_manifest_bad_jsonl_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    path.write_text('{"key": "a"}\n{"nokey": 1}\n')
    with pytest.raises(StoreError, match=r"m.jsonl:2: a record needs a string 'key'"):
        open_store_at(str(path))


# -- open_store ----------------------------------------------------------------------------


def test_open_store_kinds_and_errors(docs: Path, tmp_path: Path) -> None:
    assert open_store(Settings()) is None
    assert isinstance(open_store(Settings(store=str(docs))), DirectoryStore)
    via_options = open_store(Settings(store_options=StoreSettings(path=str(docs))))
    assert isinstance(via_options, DirectoryStore)
    with pytest.raises(StoreError, match="no such file or directory"):
        open_store(Settings(store=str(tmp_path / "missing")))
    with pytest.raises(StoreError, match="unknown store kind"):
        open_store(Settings(store=str(docs), store_options=StoreSettings(kind="ftp")))
    relative = Settings(store="docs", root=str(tmp_path))
    assert isinstance(open_store(relative), DirectoryStore)


# -- plugins -------------------------------------------------------------------------------

PLUGIN = """
import time
from anchorlint.stores import StoreEntry

class Mem:
    def __init__(self, docs):
        self.docs = docs
    def lookup(self, key):
        return (StoreEntry(key, key),) if key in self.docs else ()
    def read(self, entry):
        return self.docs[entry.ref]
    def describe(self):
        return "memory"

def good(path):
    return Mem({"doc_7": b"a\\nb\\n"})

def raises(path):
    raise RuntimeError("backend down")

def hangs(path):
    time.sleep(30)

def not_a_store(path):
    return 42

class Slow(Mem):
    def lookup(self, key):
        time.sleep(30)

def slow(path):
    return Slow({})
"""


@pytest.fixture
def plugin_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "anchorlint_test_plugin.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "anchorlint_test_plugin"
    sys.modules.pop("anchorlint_test_plugin", None)


def plugin_settings(spec: str, timeout: float = 30.0) -> Settings:
    return Settings(store_options=StoreSettings(plugin=spec, plugin_timeout=timeout))


def test_plugin_store_resolves(plugin_module: str) -> None:
    store = open_store(plugin_settings(f"{plugin_module}:good"))
    assert store is not None and store.describe() == "memory"
    (entry,) = store.lookup("doc_7")
    assert store.view(entry).line_count == 2


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        ("raises", "raised RuntimeError"),
        ("not_a_store", "without lookup, read, describe"),
        ("missing_name", "cannot load"),
    ],
)
def test_plugin_failures_are_clear(plugin_module: str, factory: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        open_store(plugin_settings(f"{plugin_module}:{factory}"))


def test_plugin_timeouts(plugin_module: str) -> None:
    with pytest.raises(StoreError, match=r"the factory did not finish within 0.2s"):
        open_store(plugin_settings(f"{plugin_module}:hangs", 0.2))
    store = open_store(plugin_settings(f"{plugin_module}:slow", 0.2))
    with pytest.raises(StoreError, match=r"lookup\(\) did not finish"):
        store.lookup("x")
    with pytest.raises(StoreError, match="did not finish"):  # broken for the rest of the run
        store.lookup("y")


def test_unknown_entry_point_is_a_clear_error() -> None:
    with pytest.raises(StoreError, match="no entry point of that name"):
        open_store(plugin_settings("no-such-resolver"))


def test_any_object_with_the_protocol_is_a_store() -> None:
    class Tiny:
        def lookup(self, key: str) -> tuple[StoreEntry, ...]:
            raise ValueError("boom")

        def read(self, entry: StoreEntry) -> bytes:
            return b""

        def describe(self) -> str:
            return "tiny"

    store = as_caching_store(Tiny())
    with pytest.raises(StoreError, match="tiny: lookup failed"):
        store.lookup("x")
    with pytest.raises(StoreError, match="is not a store"):
        as_caching_store(object())


def test_entry_point_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "anchorlint_ep_plugin.py").write_text(
        "from anchorlint.stores import StoreEntry\n"
        "class S:\n"
        "    def __init__(self, path): self.path = path\n"
        "    def lookup(self, key): return (StoreEntry(key, key),) if key == 'k' else ()\n"
        "    def read(self, entry): return b'x\\n'\n"
        "    def describe(self): return 'ep store at ' + self.path\n"
    )
    dist = tmp_path / "anchorlint_ep_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: anchorlint-ep-plugin\nVersion: 1.0\n"
    )
    (dist / "entry_points.txt").write_text("[anchorlint.stores]\nmemory = anchorlint_ep_plugin:S\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    settings = Settings(store_options=StoreSettings(plugin="memory", path="/srv/x"))
    store = open_store(settings)
    assert store is not None and store.describe() == "ep store at /srv/x"
    assert len(store.lookup("k")) == 1 and store.lookup("j") == ()
    sys.modules.pop("anchorlint_ep_plugin", None)


def test_large_documents_are_streamed_not_cached(tmp_path: Path) -> None:
    from anchorlint.stores.spans import STREAM_THRESHOLD

    data = b"x" * 99 + b"\n"
    big = data * (STREAM_THRESHOLD // len(data) + 10)
    (tmp_path / "big.log").write_bytes(big)
    store = DirectoryStore(tmp_path)
    (entry,) = store.lookup("big")
    view = store.view(entry)
    assert view.held_bytes == 0 and view.line_count == len(big) // len(data)
    last = view.line_count
    fragment = frag("lines", last - 1, last)
    expected = hashlib.sha256(data * 2).hexdigest()
    assert span_digest(locate(store, entry, fragment), fragment) == expected


def test_directory_link_targets(docs: Path) -> None:
    (docs / "my notes.md").write_text("n\n")
    store = DirectoryStore(docs)
    assert [e.ref for e in store.lookup("my%20notes.md")] == ["my notes.md"]
    assert store.lookup("%2e%2e/%2e%2e/etc/passwd") == ()
    assert not store.accepts("../sibling.md", "link")  # relative to the summary, not the store
    assert store.accepts("../sibling.md", "wiki")
    assert store.lookup("../sibling.md") == ()
