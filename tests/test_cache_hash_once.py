"""A file the cache misses is hashed once per run: by the parent, which looks it up and hands
what the hash told to the job (:attr:`anchorlint.run.jobs.Job.known`), not again by the worker
that files its entry.

The hashes are counted across processes: the counting function appends to a file, and forked
workers inherit it (where workers are spawned the count would miss theirs: skipped there).
"""

from __future__ import annotations

import multiprocessing
import pickle
from pathlib import Path

import pytest
from conftest import write_tree

from anchorlint.config import Settings
from anchorlint.run import cache_keys, engine, pool
from anchorlint.run.jobs import Job

TREE = {
    "notes/a.md": "As noted earlier, the cutover slipped.\n\nSee [[ops/a#L1-2]].\n",
    "notes/b.md": "Timeouts come from [[config.yaml]].\n",
    "notes/c.md": "Compare [[proj-a/config.yaml]] and [[proj-b/config.yaml]].\n",
    "notes/d.md": "The fix is in, per [[proj-a/config.yaml]].\n",
    "code/m.py": "def compact(x):\n    return x\n",
}
CHANGED = {
    "notes/b.md": "Timeouts come from [[proj-a/config.yaml]], as noted earlier.\n",
    "notes/c.md": "Compare [[proj-c/config.yaml]] and [[proj-b/config.yaml]].\n",
}


def counted(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Every hash of a file, in any process of the run, appends its path to ``log``."""
    digest = cache_keys.file_digest

    def counting(path: str) -> str:
        with open(log, "a", encoding="utf-8") as out:
            out.write(path + "\n")
        return digest(path)

    monkeypatch.setattr(cache_keys, "file_digest", counting)


def hashed(log: Path) -> list[str]:
    lines = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    log.unlink(missing_ok=True)
    return sorted(lines)


def linted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths the parent lints itself (a -j1 run), as they are linted."""
    seen: list[str] = []
    lint = engine.Worker._lint_uncached

    def counting(self: engine.Worker, job: Job) -> object:
        seen.append(job.path)
        return lint(self, job)

    monkeypatch.setattr(engine.Worker, "_lint_uncached", counting)
    return seen


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_missed_file_is_hashed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    if jobs > 1 and multiprocessing.get_start_method() != "fork":
        pytest.skip("spawned workers do not inherit the counting function")
    root = tmp_path / "tree"
    write_tree(root, TREE)
    settings = Settings(root=str(root))
    paths = sorted(str(p) for p in root.rglob("*") if p.suffix in (".md", ".py"))
    log = tmp_path / "hashed.txt"
    counted(monkeypatch, log)
    pool.lint_paths(paths, settings, jobs=jobs, use_cache=True).collect()
    assert hashed(log) == paths  # nothing cached yet: each file hashed by its worker alone
    write_tree(root, CHANGED)
    changed = sorted(str(root / name) for name in CHANGED)
    expected = pool.lint_paths(paths, settings, jobs=1).collect()
    again = pool.lint_paths(paths, settings, jobs=jobs, use_cache=True).collect()
    assert (again.findings, again.facts) == (expected.findings, expected.facts)
    # each file hashed once at most (those unchanged too: their stamps are too fresh to
    # vouch for them), the changed ones by the parent to look them up, not again to file them
    again_hashed = hashed(log)
    assert set(changed) <= set(again_hashed)
    assert len(again_hashed) == len(set(again_hashed))
    seen = linted(monkeypatch)
    third = pool.lint_paths(paths, settings, jobs=jobs, use_cache=True).collect()
    assert (third.findings, third.facts) == (expected.findings, expected.facts)
    assert seen == []  # every file answered: the entries filed under the parent's hash hold
    third_hashed = hashed(log)  # to look them up (their stamps still too fresh to vouch)
    assert len(third_hashed) == len(set(third_hashed))


def test_a_file_changed_after_its_lookup_is_hashed_again(tmp_path: Path) -> None:
    """What the parent's hash told is taken only while the file's stamp is the one hashed."""
    target = tmp_path / "a.md"
    target.write_text("first\n", encoding="utf-8")
    keys = cache_keys.JobKeys()
    first = keys.key(str(target), 0, -1)
    known = keys.known(str(target))
    assert known is not None and known[1] == first.digest
    assert keys.known(str(tmp_path / "other.md")) is None
    target.write_text("second, longer\n", encoding="utf-8")
    fresh = cache_keys.JobKeys().key(str(target), 0, -1, known)
    assert fresh.digest == cache_keys.file_digest(str(target)) != first.digest


def test_a_job_that_carries_its_key_travels_to_a_spawned_worker() -> None:
    """Jobs are pickled to workers that are spawned (macOS, Windows), with what they carry."""
    known = ((5, 1, 2, 3), "ab" * 32, cache_keys.NO_STAMP)
    job = Job("notes/a.md", 3, known=known)
    assert pickle.loads(pickle.dumps(job)) == job
    assert pickle.loads(pickle.dumps(Job("notes/a.md", 3))).known is None
