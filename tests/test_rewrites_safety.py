"""``pin`` and ``check --fix`` rewrite only what they mean to, the way the user keeps it.

A summary file may be a symlink (a docs folder shared between checkouts), have other hard
links, be read-only on purpose, or belong to another user (a root-run hook in a shared
tree). A rewrite pins the file the user sees through every name, or refuses with a clear
line; it never swaps a link for a copy, never writes a read-only file, never hands the file
to whoever ran the command, and never touches JSON fields that ``check`` does not read.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from security_helpers import json_findings, no_traceback, run

SUMMARY = "See [[doc#L1]].\n"
PINNED_PREFIX = "See [[doc#L1@sha256:"

COMMANDS = {
    "pin": ["pin", "--store", "store"],
    "fix": ["check", "--no-cache", "--fix", "--store", "store"],
}


@pytest.fixture()
def tree(tmp_path: Path) -> Path:
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "doc.md").write_text("one\ntwo\n")
    (tmp_path / "real.md").write_text(SUMMARY)
    return tmp_path


def rewrite(tree: Path, command: str, name: str):
    proc = run([*COMMANDS[command], name], cwd=tree)
    no_traceback(proc)
    return proc


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_symlink_pins_its_target_or_refuses(tree: Path, command: str) -> None:
    (tree / "link.md").symlink_to("real.md")
    proc = rewrite(tree, command, "link.md")
    assert (tree / "link.md").is_symlink(), "the link was replaced by a copy"
    assert os.readlink(tree / "link.md") == "real.md"
    if (tree / "real.md").read_text() == SUMMARY:  # refused: said so, and not a success
        assert proc.returncode != 0 and proc.stderr.strip(), proc.stderr.decode()
    else:
        assert (tree / "real.md").read_text().startswith(PINNED_PREFIX), proc.stderr.decode()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_hard_links_are_not_split(tree: Path, command: str) -> None:
    os.link(tree / "real.md", tree / "other.md")
    proc = rewrite(tree, command, "real.md")
    assert os.stat(tree / "real.md").st_ino == os.stat(tree / "other.md").st_ino, "link split"
    text = (tree / "other.md").read_text()
    if text == SUMMARY:  # refused, through both names
        assert (tree / "real.md").read_text() == SUMMARY
        assert proc.returncode != 0 and proc.stderr.strip(), proc.stderr.decode()
    else:
        assert text.startswith(PINNED_PREFIX)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_read_only_file_is_refused(tree: Path, command: str) -> None:
    target = tree / "real.md"
    target.chmod(0o444)
    proc = rewrite(tree, command, "real.md")
    assert target.read_text() == SUMMARY
    assert stat.S_IMODE(target.stat().st_mode) == 0o444
    assert proc.returncode != 0, proc.stderr.decode()
    assert "read-only" in proc.stderr.decode()


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ownership_is_kept(tree: Path, command: str) -> None:
    target = tree / "real.md"
    os.chown(target, 4321, 4321)
    proc = rewrite(tree, command, "real.md")
    info = target.stat()
    assert (info.st_uid, info.st_gid) == (4321, 4321)
    assert proc.returncode in (0, 1, 2)


@pytest.mark.parametrize(
    "command",
    ["fix", "pin"],
)
def test_json_fields_check_does_not_read_are_left_alone(tree: Path, command: str) -> None:
    record = {"summary": "See [[doc#L1]].", "debug_note": "raw [[doc#L1]] kept as logged"}
    (tree / "r.jsonl").write_text(json.dumps(record) + "\n")
    checked = run(
        ["check", "--no-cache", "--format", "json", "--store", "store", "r.jsonl"], cwd=tree
    )
    assert [f["code"] for f in json_findings(checked.stdout)] == ["ANC106"]  # one field read
    rewrite(tree, command, "r.jsonl")
    after = json.loads((tree / "r.jsonl").read_text())
    assert after["summary"].startswith("See [[doc#L1@sha256:")
    assert after["debug_note"] == record["debug_note"]
