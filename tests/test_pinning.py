"""Pinning: pinned forms from the store, refusals, atomic and idempotent rewrites."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import run_cli, write_tree

from anchorlint.stores import pinning
from anchorlint.stores.directory import DirectoryStore
from anchorlint.stores.pinning import PinError, pin_file, pin_text


def digest(data: bytes, length: int = 16) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


ALPHA = digest(b"alpha\n")
BRAVO = digest(b"bravo\r\n")
L1_2 = digest(b"alpha\nbravo\r\n")


@pytest.fixture
def store(tmp_path: Path) -> DirectoryStore:
    write_tree(
        tmp_path / "store",
        {"doc_7.md": b"alpha\nbravo\r\ncharlie\n", "dup.md": "x", "dup.txt": "y"},
    )
    return DirectoryStore(tmp_path / "store")


def test_pins_each_form(store: DirectoryStore) -> None:
    text = "A [[doc_7#L2]], B doc_7#L1-2, C doc_7#char=0,5, D `doc_7#L3`, E [x](doc_7#L1).\n"
    outcome = pin_text(text, store)
    assert outcome.pinned == 5 and not outcome.refused
    assert f"[[doc_7#L2@sha256:{BRAVO}]]" in outcome.text
    assert f"doc_7#L1-2@sha256:{L1_2}," in outcome.text
    assert f"doc_7#char=0,5@sha256:{digest(b'alpha')}," in outcome.text
    assert f"[x](doc_7#L1@sha256:{ALPHA})" in outcome.text


def test_pinning_is_idempotent(store: DirectoryStore) -> None:
    once = pin_text("See doc_7#L1 and [[doc_7#L2-3]].", store)
    twice = pin_text(once.text, store)
    assert twice.pinned == 0 and twice.text == once.text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("See doc_9#L1.", "no document matches"),
        ("See [[../../etc/passwd#L1]].", "leave the store root"),
        ("See dup#L1.", "matches several documents"),
        ("See doc_7#L9.", "ends at line 9"),
        ("See [[doc_7#L1@sha256:ffff]].", "short pin does not match"),
        ("See [[doc_7#L1@md5:0123456789abcdef]].", "md5 pin"),
    ],
)
def test_refuses_what_does_not_resolve(store: DirectoryStore, text: str, reason: str) -> None:
    outcome = pin_text(text, store)
    assert outcome.text == text and outcome.pinned == 0
    (refusal,) = outcome.refused
    assert reason in refusal.reason


def test_a_short_matching_pin_is_lengthened(store: DirectoryStore) -> None:
    short = digest(b"alpha\n", 6)
    outcome = pin_text(f"See [[doc_7#L1@sha256:{short}]].", store)
    assert outcome.text == f"See [[doc_7#L1@sha256:{ALPHA}]]."


def test_markdown_code_fences_are_left_alone(store: DirectoryStore) -> None:
    text = "See doc_7#L1.\n\n```\nexample doc_7#L2\n```\n"
    outcome = pin_text(text, store, markdown=True)
    assert outcome.pinned == 1 and "example doc_7#L2\n" in outcome.text


def test_only_markdown_prose_is_pinned(store: DirectoryStore) -> None:
    """Front matter, indented code and HTML blocks are not the summary's claims."""
    text = (
        "---\nsource: doc_7#L1\n---\n\n"
        "# Findings\n\n"
        "    example doc_7#L2 in indented code\n\n"
        "- The retry rule is doc_7#L1.\n"
        "- Its limit: [[doc_7#L2-3]].\n\n"
        "<div>\nraw doc_7#L3\n</div>\n\n"
        "A paragraph that goes on\r\nto cite doc_7#L3.\r\n"
    )
    outcome = pin_text(text, store, markdown=True)
    assert outcome.pinned == 3
    assert "source: doc_7#L1\n" in outcome.text
    assert "example doc_7#L2 in indented code" in outcome.text
    assert "raw doc_7#L3\n" in outcome.text
    assert outcome.text.count("@sha256:") == 3


def test_file_rewrite_keeps_mode_bom_and_line_endings(
    tmp_path: Path, store: DirectoryStore
) -> None:
    path = tmp_path / "summary.md"
    path.write_bytes("\ufeffFirst doc_7#L1.\r\nSecond [[doc_7#L2]].\r\n".encode())
    os.chmod(path, 0o640)
    outcome = pin_file(path, store)
    assert outcome.pinned == 2
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\r\n") == 2
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".pin")] == []
    before = path.read_bytes()
    assert pin_file(path, store).pinned == 0 and path.read_bytes() == before


def test_refuses_to_overwrite_a_file_changed_since_read(
    tmp_path: Path, store: DirectoryStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "summary.md"
    path.write_text("See doc_7#L1.\n")
    original = pinning.pin_text

    def racing(*args: object, **kwargs: object) -> pinning.PinOutcome:
        path.write_text("Someone else's edit.\n")
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pinning, "pin_text", racing)
    with pytest.raises(PinError, match="changed while it was being pinned"):
        pin_file(path, store)
    assert path.read_text() == "Someone else's edit.\n"
    assert [p.name for p in tmp_path.iterdir()] == ["store", "summary.md"]


def test_non_utf8_is_refused(tmp_path: Path, store: DirectoryStore) -> None:
    path = tmp_path / "summary.txt"
    path.write_bytes(b"doc_7#L1 \xff\n")
    with pytest.raises(PinError, match="not UTF-8"):
        pin_file(path, store)


def test_pin_cli(tmp_path: Path) -> None:
    write_tree(tmp_path, {"store/doc_7.md": "alpha\n", "s.md": "See doc_7#L1 and doc_9#L1.\n"})
    check = run_cli("pin", "--check", "--store", "store", "s.md", cwd=tmp_path)
    assert check.returncode == 1 and "would pin 1 pointer" in check.stdout
    assert (tmp_path / "s.md").read_text() == "See doc_7#L1 and doc_9#L1.\n"
    result = run_cli("pin", "--store", "store", "s.md", cwd=tmp_path)
    assert result.returncode == 1  # one pointer refused
    assert "s.md:1:18: cannot pin 'doc_9#L1'" in result.stdout
    assert f"doc_7#L1@sha256:{ALPHA}" in (tmp_path / "s.md").read_text()
    (tmp_path / "t.md").write_text("See doc_7#L1.\n")
    assert run_cli("pin", "--store", "store", "t.md", cwd=tmp_path).returncode == 0
    missing = run_cli("pin", "--store", "nowhere", "t.md", cwd=tmp_path)
    assert missing.returncode == 2 and "no such file or directory" in missing.stderr
    assert run_cli("pin", "t.md", cwd=tmp_path).returncode == 2


def test_pin_diff_prints_a_patch_and_changes_nothing(tmp_path: Path) -> None:
    original = "See doc_7#L1 and doc_9#L1.\nKeep this line.\nAnd doc_7#L1 again"
    write_tree(tmp_path, {"store/doc_7.md": "alpha\n", "s.md": original})
    result = run_cli("pin", "--diff", "--store", "store", "s.md", cwd=tmp_path)
    assert result.returncode == 1
    assert (tmp_path / "s.md").read_text() == original
    assert result.stdout.startswith("--- a/s.md\n+++ b/s.md\n@@ ")
    assert f"+See doc_7#L1@sha256:{ALPHA} and doc_9#L1.\n" in result.stdout
    assert "s.md:1:18: cannot pin 'doc_9#L1'" in result.stderr
    assert "s.md: would pin 2 pointers" in result.stderr
    (tmp_path / "pins.patch").write_text(result.stdout)
    applied = subprocess.run(
        ["git", "apply", "pins.patch"], cwd=tmp_path, capture_output=True, text=True
    )
    assert applied.returncode == 0, applied.stderr
    pinned = (tmp_path / "s.md").read_text()
    assert pinned == original.replace("doc_7#L1", f"doc_7#L1@sha256:{ALPHA}")
    again = run_cli("pin", "--diff", "--store", "store", "s.md", cwd=tmp_path)
    assert again.stdout == ""  # nothing left to pin (doc_9 is still refused)
