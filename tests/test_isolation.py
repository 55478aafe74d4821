"""Isolation resolution (ANC201-ANC204) through the engine and the command line."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from conftest import run_cli, write_tree

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source
from anchorlint.stores.directory import DirectoryStore

DOC7 = "alpha\nbravo\r\ncharlie\ndelta\n"
STORE = {
    "doc_7.md": DOC7,
    "runbooks/db.md": "promote the replica\n",
    "runbooks/cache.md": "a\n",
    "runbooks/cache.txt": "b\n",
}
ISOLATION = ("ANC201", "ANC202", "ANC203", "ANC204")


def pin(data: str) -> str:
    return "sha256:" + hashlib.sha256(data.encode()).hexdigest()[:16]


BRAVO_CRLF = pin("bravo\r\n")
BRAVO_LF = pin("bravo\n")


def codes(text: str, store_root: Path, suffix: str = ".md") -> list[str]:
    settings = Settings(select=(*ISOLATION, "ANC107"))
    findings = lint_source(f"s{suffix}", text, settings, store=DirectoryStore(store_root))
    return [f.code for f in findings]


@pytest.fixture
def store(tmp_path: Path) -> Path:
    write_tree(tmp_path / "store", STORE)
    return tmp_path / "store"


def test_escape_attempts_are_unresolvable(store: Path, tmp_path: Path) -> None:
    (tmp_path / "secret.md").write_text("outside\n")
    assert codes("Secrets at [[../../etc/passwd#L1]].", store) == ["ANC201"]
    assert codes("And [[../secret#L1]] too.", store) == ["ANC201"]
    assert codes("Absolute [[/etc/passwd#L1]].", store) == ["ANC201"]


def test_ambiguous_key_is_anc107_not_anc201(store: Path) -> None:
    assert codes("See [[runbooks/cache]].", store) == ["ANC107"]


def test_named_fragment_resolves_with_its_document(store: Path) -> None:
    assert codes("See [[runbooks/db#failover]] and [[doc_7#intro]].", store) == []


def test_past_the_end_is_only_anc204(store: Path) -> None:
    wrong = "sha256:0123456789abcdef"
    assert codes(f"At [[doc_7#L3-9@{wrong}]].", store) == ["ANC204"]
    assert codes("At doc_7#char=0,999.", store) == ["ANC204"]


def test_pins_cover_line_terminators(store: Path) -> None:
    assert codes(f"At doc_7#L2@{BRAVO_CRLF}.", store) == []
    assert codes(f"At doc_7#L2@{BRAVO_LF}.", store) == ["ANC202"]
    assert codes(f"At doc_7#line=1,2@{BRAVO_CRLF}.", store) == []
    assert codes(f"At doc_7#char=0,5@{pin('alpha')}.", store) == []
    assert codes(f"Whole [[doc_7@{pin(DOC7)}]].", store) == []


def test_quote_is_checked_against_the_first_pointer_after_it(store: Path) -> None:
    text = 'Earlier doc_7#L1 said "promote the replica" in runbooks/db#L1.'
    assert codes(text, store) == []
    text = '"promote the replica" per doc_7#L1, not runbooks/db#L1.'
    assert codes(text, store) == ["ANC203"]
    assert codes('Per runbooks/db#L1, "promote   the\nreplica".', store) == []
    assert codes('Per runbooks/db#L1, "Promote the replica".', store) == ["ANC203"]


def test_no_store_no_isolation_findings(store: Path) -> None:
    findings = lint_source("s.md", "See [[nowhere#L9]].", Settings(select=ISOLATION))
    assert findings == []


def test_uris_and_hashes_are_left_to_other_stores(store: Path) -> None:
    text = "See https://wiki.example.com/x and sha256:9f2c4e1ab07d9f2c and s3://b/k.json."
    assert codes(text, store) == []


def test_jsonl_records_are_resolved(store: Path) -> None:
    records = [{"summary": "See [[doc_7#L1]]."}, {"summary": "See [[doc_8#L1]]."}]
    text = "".join(json.dumps(r) + "\n" for r in records)
    settings = Settings(select=ISOLATION)
    findings = lint_source("s.jsonl", text, settings, store=DirectoryStore(store))
    assert [(f.code, f.line) for f in findings] == [("ANC201", 2)]


# -- the command line ----------------------------------------------------------------------


def test_cli_check_with_directory_store(store: Path, tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("Promote per [[runbooks/db#L1]]; secrets at [[../../etc/passwd#L1]].\n")
    result = run_cli("check", "--select", "ANC2", "--store", str(store), str(summary))
    assert result.returncode == 1, result.stderr
    assert "summary.md:1:44: ANC201" in result.stdout
    assert "etc/passwd" in result.stdout and "leave the store root" in result.stdout
    assert result.stdout.count("ANC2") == 1


def test_cli_check_with_sqlite_store(tmp_path: Path) -> None:
    db = tmp_path / "store.sqlite"
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE documents (key TEXT, content BLOB)")
        connection.execute("INSERT INTO documents VALUES (?, ?)", ("doc_7", DOC7.encode()))
        connection.execute("INSERT INTO documents VALUES (?, ?)", ('it\'s "odd"', b"x\n"))
    connection.close()
    summary = tmp_path / "s.md"
    summary.write_text(f"Good doc_7#L2@{BRAVO_CRLF}; bad doc_7#L1@{pin('x')}; gone [[doc_9]].\n")
    result = run_cli("check", "--select", "ANC2", "--store", str(db), str(summary))
    assert result.returncode == 1, result.stderr
    found = sorted(line.split()[1] for line in result.stdout.splitlines())
    assert found == ["ANC201", "ANC202"]


def test_cli_store_errors_exit_2(tmp_path: Path) -> None:
    summary = tmp_path / "s.md"
    summary.write_text("See [[doc_7]].\n")
    result = run_cli("check", "--store", str(tmp_path / "missing"), str(summary))
    assert result.returncode == 2
    assert "no such file or directory" in result.stderr
    fake = tmp_path / "fake.db"
    fake.write_text("not sqlite at all\n")
    config = tmp_path / "anchorlint.toml"
    config.write_text(f'[store]\npath = "{fake}"\nkind = "sqlite"\n')
    result = run_cli("check", "--config", str(config), str(summary))
    assert result.returncode == 2
    assert "not a SQLite database" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_manifest_store(tmp_path: Path) -> None:
    manifest = tmp_path / "keys.txt"
    manifest.write_text("doc_7\nhttps://wiki.example.com/runbooks/db\n")
    summary = tmp_path / "s.md"
    summary.write_text(
        "See [[doc_7]], https://wiki.example.com/runbooks/db and https://wiki.example.com/x.\n"
    )
    result = run_cli("check", "--select", "ANC201", "--store", str(manifest), str(summary))
    assert result.returncode == 1, result.stderr
    assert len(result.stdout.splitlines()) == 1
    assert "https://wiki.example.com/x" in result.stdout


def test_cli_plugin_store_from_config(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "my_resolver.py": (
                "from anchorlint.stores import StoreEntry\n"
                "class Wiki:\n"
                "    pages = {'wiki/db': b'promote the replica\\n'}\n"
                "    def lookup(self, key):\n"
                "        return (StoreEntry(key, key),) if key in self.pages else ()\n"
                "    def read(self, entry):\n"
                "        return self.pages[entry.ref]\n"
                "    def describe(self):\n"
                "        return 'wiki resolver'\n"
                "def make(path):\n"
                "    return Wiki()\n"
                "def hang(path):\n"
                "    import time; time.sleep(60)\n"
            ),
            "anchorlint.toml": '[store]\nplugin = "my_resolver:make"\n',
            "s.md": 'Per [[wiki/db#L1]], "promote the replica"; not [[wiki/cache]].\n',
        },
    )
    result = run_cli(
        "check", "--select", "ANC2", "--allow-plugin", "my_resolver:make", "s.md", cwd=tmp_path
    )
    assert result.returncode == 1, result.stderr
    assert result.stdout.count("ANC201") == 1 and "wiki resolver" in result.stdout
    (tmp_path / "anchorlint.toml").write_text(
        '[store]\nplugin = "my_resolver:hang"\nplugin-timeout = 0.5\n'
    )
    result = run_cli(
        "check", "--select", "ANC2", "--allow-plugin", "my_resolver:hang", "s.md", cwd=tmp_path
    )
    assert result.returncode == 2 and "did not finish within 0.5s" in result.stderr
