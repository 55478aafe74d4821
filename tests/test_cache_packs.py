"""The cache's packs: an entry found by the file's stamp without reading the file, never for
changed bytes; old, foreign, broken and planted files in the cache folder are misses."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cache_packs import entries, index_rows, pack_files
from conftest import run_cli, write_tree

from anchorlint.config import Settings
from anchorlint.run import cache, cache_keys, cache_pack_format, cache_packs, pool

TREE = {
    "notes/a.md": "As noted earlier, the cutover slipped.\n\nSee [[ops/a#L1-2]].\n",
    "notes/b.md": "Timeouts come from [[config.yaml]].\n",
    "more/c.md": "Compare [[proj-a/config.yaml]] and [[proj-b/config.yaml]].\n",
    "code/m.py": "def compact(x):\n    return x\n\ndef f(raw):\n    s = compact(raw)\n    return s\n",
}


def lint(root: Path, use_cache: bool = True) -> tuple[object, ...]:
    paths = sorted(str(p) for p in root.rglob("*") if p.suffix in (".md", ".py"))
    run = pool.lint_paths(paths, Settings(root=str(root)), jobs=1, use_cache=use_cache)
    done = run.collect()
    return (done.findings, done.facts, done.errors)


@pytest.fixture()
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files hashed, stamps trusted at once (no margin: a test's files are all new)."""
    monkeypatch.setattr(cache_keys, "TRUST_AFTER_NS", 0)
    seen: list[str] = []
    real = cache_keys.file_digest
    monkeypatch.setattr(cache_keys, "file_digest", lambda path: seen.append(path) or real(path))
    return seen


def test_an_unchanged_tree_is_answered_by_stamps_without_reading_a_file(
    tmp_path: Path, hashed: list[str]
) -> None:
    write_tree(tmp_path, TREE)
    cold = lint(tmp_path)
    assert len(hashed) == len(TREE)  # the cold run hashes what it lints, once
    hashed.clear()
    assert lint(tmp_path) == cold == lint(tmp_path, use_cache=False)
    assert hashed == []
    assert {row[2] for rows in index_rows(tmp_path).values() for row in rows} != {-1}


def test_changed_bytes_of_the_same_size_and_mtime_are_linted_again(
    tmp_path: Path, hashed: list[str]
) -> None:
    write_tree(tmp_path, TREE)
    lint(tmp_path)
    target = tmp_path / "notes/b.md"
    before = target.stat()
    target.write_text("Timeouts come from [[config.yamx]].\n")  # the same length
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = target.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size,
        before.st_mtime_ns,
        before.st_ino,
    )
    hashed.clear()
    assert lint(tmp_path) == lint(tmp_path, use_cache=False)
    assert hashed[:1] == [str(target)]  # its ctime moved: hashed, another digest, linted


def test_a_touched_file_is_answered_by_its_digest_and_filed_under_its_new_stamp(
    tmp_path: Path, hashed: list[str]
) -> None:
    write_tree(tmp_path, TREE)
    cold = lint(tmp_path)
    target = tmp_path / "notes/a.md"
    os.utime(target, ns=(1, 1_000_000_000))
    hashed.clear()
    assert lint(tmp_path) == cold
    assert hashed == [str(target)]
    hashed.clear()
    assert lint(tmp_path) == cold
    assert hashed == []


def test_a_stamp_taken_within_the_margin_is_not_stored(tmp_path: Path) -> None:
    """A file changed just before it was hashed may change again within its timestamps'
    granularity: its stamp vouches for nothing, and the next run hashes it."""
    write_tree(tmp_path, TREE)
    cold = lint(tmp_path)
    rows = [row for more in index_rows(tmp_path).values() for row in more]
    assert rows and all(row[2:6] == list(cache_keys.NO_STAMP) for row in rows)
    assert lint(tmp_path) == cold


def test_an_old_format_cache_folder_is_ignored(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    old = tmp_path / ".anchorlint_cache"
    (old / "ab").mkdir(parents=True)
    (old / "ab" / ("ab" + "0" * 62)).write_text('{"findings": [], "facts": [], "directives": []}')
    (old / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected
    assert pack_files(tmp_path)


@pytest.mark.parametrize(
    "index",
    [
        "[]",
        '{"notes/a.md": 3}',
        '{"notes/a.md": [[0, -1, "x"]]}',
        '{"notes/a.md": [[0, -1, 1, 2, 3, 4, "d", -5]]}',
        '{"notes/a.md": [["0", -1, 1, 2, 3, 4, "d", 99999999]]}',
        "[" * 100_000,
    ],
    ids=["list", "number", "short-row", "negative-offset", "text-start", "nesting-bomb"],
)
def test_a_pack_of_another_shape_is_a_miss(tmp_path: Path, index: str) -> None:
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    run_cli("check", ".", cwd=tmp_path)
    for pack in pack_files(tmp_path):
        head, _, rest = pack.read_text(encoding="ascii").split("\n", 2)
        pack.write_text(f"{head}\n{index}\n{rest}", encoding="ascii")
    for _ in range(2):
        done = run_cli("check", ".", cwd=tmp_path)
        assert done.stdout == expected and "Traceback" not in done.stderr


def test_an_entry_filed_under_another_job_is_not_taken(tmp_path: Path) -> None:
    """Each entry names its job and digest: an index pointing one job at another's entry
    (an edited or hostile pack) is a miss for that job."""
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    run_cli("check", ".", cwd=tmp_path)
    for pack in pack_files(tmp_path):
        head, index, rest = pack.read_text(encoding="ascii").split("\n", 2)
        rows = json.loads(index)
        offsets = [more[0][-1] for more in rows.values()]
        for more, offset in zip(rows.values(), offsets[1:] + offsets[:1], strict=True):
            more[0][-1] = offset
        pack.write_text(f"{head}\n{json.dumps(rows)}\n{rest}", encoding="ascii")
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected


def test_a_fifo_or_a_link_planted_as_a_pack_is_not_read(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    run_cli("check", ".", cwd=tmp_path)
    packs = pack_files(tmp_path)
    (tmp_path / "victim").write_text("secret\n")
    packs[0].unlink()
    os.mkfifo(packs[0])
    packs[1].unlink()
    packs[1].symlink_to(tmp_path / "victim")
    done = run_cli("check", ".", cwd=tmp_path)
    assert done.stdout == expected and "Traceback" not in done.stderr
    assert (tmp_path / "victim").read_text() == "secret\n"


def test_a_shard_of_many_packs_is_merged_into_one(tmp_path: Path) -> None:
    write_tree(tmp_path, {f"notes/{i:02}.md": TREE["notes/a.md"] for i in range(12)})
    expected = lint(tmp_path, use_cache=False)
    for number in range(cache_packs.MAX_PACKS + 2):  # each run files the one changed summary anew
        (tmp_path / "notes/00.md").write_text(f"Run {number}: as noted earlier, it moved.\n")
        lint(tmp_path)
    assert len(pack_files(tmp_path)) <= cache_packs.MAX_PACKS
    (tmp_path / "notes/00.md").write_text(TREE["notes/a.md"])
    assert lint(tmp_path) == expected
    assert sorted(entry[0] for entry in entries(tmp_path)).count(str(tmp_path / "notes/05.md")) == 1


def test_no_cache_reads_and_writes_nothing(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    run_cli("check", ".", "--no-cache", cwd=tmp_path)
    assert not (tmp_path / ".anchorlint_cache").exists()
    (tmp_path / "anchorlint.toml").write_text('cache-dir = "build/lint-cache"\n')
    first = run_cli("check", ".", cwd=tmp_path).stdout
    assert pack_files(tmp_path) == []
    assert list((tmp_path / "build/lint-cache" / cache_pack_format.PACKS).glob("*.pack"))
    assert run_cli("check", ".", cwd=tmp_path).stdout == first


def test_an_entry_gives_back_the_facts_and_findings_it_was_made_from(tmp_path: Path) -> None:
    """The rows an entry holds, laid out for the spool by ``done_of``, are the worker's facts
    (at this run's order) and findings: the layout written by ``_dump`` and the one
    ``fact_rows`` reads back agree."""
    from dataclasses import replace

    from anchorlint.run import spool, spool_packing, warm
    from anchorlint.run.engine import Worker
    from anchorlint.run.jobs import Job

    write_tree(tmp_path, TREE)
    target = str(tmp_path / "notes/a.md")
    result = Worker(Settings(root=str(tmp_path))).lint_path(target, 3)
    assert result.facts and result.findings
    key = cache_keys.EntryKey(target, 0, -1, "0" * 64, cache_keys.NO_STAMP)
    entry = json.loads(json.dumps(cache._dump(key, result)))
    done = warm.done_of(Job(target, 7), entry)
    assert list(spool.PackedFacts([done.facts])) == [replace(f, order=7) for f in result.facts]
    (block,) = done.packed
    assert spool_packing.unpack(block.path, block.data) == list(result.findings)


def _source_digest_by_rglob(roots: list[Path]) -> str:
    """The reference: ``source_digest`` as written with pathlib."""
    import hashlib

    folders = sorted(set(roots))
    kept = [f for f in folders if not any(o != f and f.is_relative_to(o) for o in folders)]
    digest = hashlib.sha256()
    for root in kept:
        for path in sorted(root.rglob("*.py")):
            info = path.stat()
            name = path.relative_to(root).as_posix()
            digest.update(f"{name}|{info.st_size}|{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def test_the_source_digest_walks_as_pathlib_does(tmp_path: Path) -> None:
    from anchorlint import rules

    installed = [Path(cache_keys.__file__).parents[1], Path(rules.__file__).parent]
    assert cache_keys.source_digest(installed) == _source_digest_by_rglob(installed)
    tree = {"a.py": "A\n", "b/c.py": "C\n", "b.c.py": "B\n", "b/d/e.py": "E\n", "b/n.txt": "N\n"}
    write_tree(tmp_path, tree)
    assert cache_keys.source_digest([tmp_path]) == _source_digest_by_rglob([tmp_path])
