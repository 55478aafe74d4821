"""The result cache: never changes findings, survives garbage, shared by concurrent runs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from cache_packs import entries, pack_files
from conftest import run_cli, write_tree

TREE = {
    "a.md": "As noted earlier, the cutover slipped.\n\nSee [[ops/a#L1-2]].\n",
    "b.md": "Timeouts come from [[config.yaml]].\n",
    "c.md": "Compare [[proj-a/config.yaml]] and [[proj-b/config.yaml]].\n",
    "d.jsonl": '{"summary": "Per the config, five retries, etc."}\n{"summary": "Fine [[k/1]]."}\n',
    "m.py": "def compact(x):\n    return x\n\ndef f(raw):\n    s = compact(raw)\n    return s.find('a'), s.find('a') + 1\n",
}


def test_cached_rerun_gives_identical_output_and_reuses_entries(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    uncached = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    assert not (tmp_path / ".anchorlint_cache").exists()
    cold = run_cli("check", ".", cwd=tmp_path).stdout
    assert sorted(entry[0] for entry in entries(tmp_path)) == sorted(TREE)
    warm = run_cli("check", ".", cwd=tmp_path).stdout
    assert uncached == cold == warm
    assert "ANC107" in warm  # the cross-file rule still runs on cached facts


def test_changed_file_is_relinted(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    run_cli("check", ".", cwd=tmp_path)
    (tmp_path / "b.md").write_text("Timeouts come from [[proj-a/config.yaml]].\n")
    out = run_cli("check", ".", cwd=tmp_path).stdout
    assert "b.md" not in out
    assert out == run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout


def test_garbage_and_truncated_packs_are_misses(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", cwd=tmp_path).stdout
    for index, pack in enumerate(pack_files(tmp_path)):
        pack.write_bytes(b"\x80garbage" if index % 2 else pack.read_bytes()[:-17])
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected


def test_two_concurrent_runs_share_a_cache(tmp_path: Path) -> None:
    write_tree(tmp_path, {f"s{i}.md": TREE["a.md"] for i in range(12)} | TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    command = [sys.executable, "-m", "anchorlint", "check", ".", "--jobs", "2"]
    runs = [
        subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, text=True) for _ in range(2)
    ]
    outputs = [run.communicate(timeout=300)[0] for run in runs]
    assert outputs == [expected, expected]
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected


def test_cache_packs_are_json_not_code(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    run_cli("check", ".", cwd=tmp_path)
    for pack in pack_files(tmp_path):
        head, index, *lines = pack.read_text(encoding="ascii").splitlines()
        assert head.startswith("anchorlint-pack ") and index[:1] == "{"
        assert lines and all(line[:1] == "[" for line in lines)


def test_entries_written_by_other_code_are_misses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The version string stays while the rules change (an editable install, a hook pinned to
    a newer commit): the cache key follows anchorlint's own sources too."""
    from anchorlint.config import Settings
    from anchorlint.run import cache_keys

    before = cache_keys.settings_fingerprint(Settings())
    monkeypatch.setattr(cache_keys, "code_fingerprint", lambda: "0" * 64)
    assert cache_keys.settings_fingerprint(Settings()) != before

    (tmp_path / "pkg" / "rules").mkdir(parents=True)
    (tmp_path / "pkg" / "a.py").write_text("A = 1\n")
    (tmp_path / "pkg" / "rules" / "r.py").write_text("R = 1\n")
    (tmp_path / "pkg" / "notes.txt").write_text("not code\n")
    first = cache_keys.source_digest([tmp_path / "pkg"])
    assert cache_keys.source_digest([tmp_path / "pkg", tmp_path / "pkg" / "rules"]) == first
    (tmp_path / "pkg" / "notes.txt").write_text("still not code\n")
    assert cache_keys.source_digest([tmp_path / "pkg"]) == first
    rule = tmp_path / "pkg" / "rules" / "r.py"
    rule.write_text("RULE = 2\n")
    second = cache_keys.source_digest([tmp_path / "pkg"])
    assert second != first
    os.utime(rule, ns=(rule.stat().st_atime_ns, rule.stat().st_mtime_ns + 1_000_000_000))
    assert cache_keys.source_digest([tmp_path / "pkg"]) != second  # same bytes, newer file
