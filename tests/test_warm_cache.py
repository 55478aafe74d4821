"""A warm rerun is answered from the cache by the parent: no worker, the same bytes out.

The command-line checks run in a fresh interpreter and look at ``sys.modules`` after the run
(the pool's modules are imported only to start workers); the in-process checks compare whole
runs, findings and facts, with and without the cache, entries missing here and there.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from cache_packs import rewrite
from conftest import run_cli, write_tree
from hypothesis import given
from hypothesis import strategies as st

from anchorlint.config import Settings
from anchorlint.run import jobs as jobs_module
from anchorlint.run import pool

TREE = {
    "notes/a.md": "As noted earlier, the cutover slipped.\n\nSee [[ops/a#L1-2]].\n",
    "notes/b.md": "Timeouts come from [[config.yaml]].\n",
    "notes/c.md": "Compare [[proj-a/config.yaml]] and [[proj-b/config.yaml]].\n",
    "notes/d.md": "The fix (see [[proj-a/config.yaml]]) is in.\n\n<!-- anchorlint: disable ANC107 -->\n",
    "runs/d.jsonl": '{"summary": "Per the config, five retries, etc."}\n{"summary": "Fine [[k/1]]."}\n',
    "code/m.py": (
        "def compact(x):\n    return x\n\n"
        "def f(raw):\n    s = compact(raw)\n    return s.find('a'), s.find('a') + 1\n"
    ),
    "code/plain.py": "import os\n\nHOME = os.path.expanduser('~')\n",
}

PROBE = textwrap.dedent(
    """
    import contextlib, io, json, sys
    from anchorlint.cli.app import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(sys.argv[1:])
    print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
    """
)


def probe(root: Path, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "check", ".", *args],
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def imported(result: dict[str, object], name: str) -> bool:
    modules = result["modules"]
    assert isinstance(modules, list)
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_warm_run_starts_no_worker_and_prints_what_a_cold_run_prints(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    uncached = run_cli("check", ".", "--no-cache", "--jobs", "2", cwd=tmp_path)
    cold = probe(tmp_path, "--jobs", "2")
    assert imported(cold, "concurrent.futures.process")  # the cold run linted in workers
    warm = probe(tmp_path, "--jobs", "2")
    assert warm["out"] == cold["out"] == uncached.stdout
    assert warm["status"] == cold["status"] == uncached.returncode == 1
    assert "ANC107" in str(warm["out"])  # the cross-file rule still reads the cached facts
    for unneeded in ("concurrent.futures", "anchorlint.run.processes", "spacy", "libcst", "regex"):
        assert not imported(warm, unneeded), unneeded
    # of the rules, only the cross-file ones run on cached facts: the others are not imported
    modules = warm["modules"]
    assert isinstance(modules, list)
    rules = sorted(m.rsplit(".", 1)[1][:6] for m in modules if m.count(".") == 3 and ".rules." in m)
    assert rules == ["anc107", "anc211", "anc212", "anc213"]


def test_one_changed_file_is_linted_and_the_rest_answered(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    run_cli("check", ".", "--jobs", "2", cwd=tmp_path)
    (tmp_path / "notes/b.md").write_text("Timeouts come from [[proj-a/config.yaml]].\n")
    warm = probe(tmp_path, "--jobs", "2")
    assert not imported(warm, "concurrent.futures")  # one miss is linted here, not in a pool
    assert imported(warm, "spacy") or imported(warm, "anchorlint.text")
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    assert warm["out"] == expected and "notes/b.md" not in expected


@pytest.mark.parametrize("jobs", [1, 2])
def test_entries_missing_here_and_there_give_the_same_run(tmp_path: Path, jobs: int) -> None:
    """Answers and linted jobs are merged in job order: findings, facts and their order are
    those of a run without the cache."""
    write_tree(tmp_path, {f"s/{i:02}.md": TREE[f"notes/{'abcd'[i % 4]}.md"] for i in range(16)})
    write_tree(tmp_path, TREE)
    settings = Settings(root=str(tmp_path))
    paths = sorted(str(p) for p in tmp_path.rglob("*") if p.suffix in (".md", ".py", ".jsonl"))
    expected = pool.lint_paths(paths, settings, jobs=1).collect()
    pool.lint_paths(paths, settings, jobs=jobs, use_cache=True).collect()
    seen = iter(range(1000))

    def spoil(entry: list[object]) -> str | None:
        """Every third entry left out (its job's row names garbage), every fourth a
        finding row of another shape."""
        number = next(seen)
        if number % 3 == 0:
            return "null"
        return json.dumps([*entry[:4], [[1]], [], [], False]) if number % 4 == 1 else None

    assert rewrite(tmp_path, spoil) >= 6
    for _ in range(2):  # partly answered; then (entries rewritten) fully answered
        again = pool.lint_paths(paths, settings, jobs=jobs, use_cache=True).collect()
        assert again.findings == expected.findings
        assert again.facts == expected.facts
        assert again.errors == expected.errors == ()


def test_chunks_of_a_file_answered_in_part_keep_their_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(jobs_module, "CHUNK_BYTES", 2000)
    records = [
        json.dumps({"id": i, "summary": f"As noted earlier, step {i} slipped. See [[k/{i % 7}]]."})
        for i in range(300)
    ]
    target = tmp_path / "big.jsonl"
    target.write_text("\n".join(records) + "\n", encoding="utf-8")
    settings = Settings(root=str(tmp_path))
    assert len(jobs_module.plan_jobs([str(target)])) > 5
    expected = pool.lint_paths([str(target)], settings, jobs=1).collect()
    assert expected.findings
    pool.lint_paths([str(target)], settings, jobs=2, use_cache=True).collect()
    seen = iter(range(1000))
    assert rewrite(tmp_path, lambda entry: "null" if next(seen) % 2 else None) >= 3
    again = pool.lint_paths([str(target)], settings, jobs=2, use_cache=True).collect()
    assert (again.findings, again.facts) == (expected.findings, expected.facts)


def test_an_entry_whose_rows_are_not_as_written_is_linted_again(tmp_path: Path) -> None:
    """An edited entry (rows out of order, or repeated) is not trusted to be sorted."""
    write_tree(tmp_path, TREE)
    expected = run_cli("check", ".", "--no-cache", cwd=tmp_path).stdout
    run_cli("check", ".", cwd=tmp_path)

    def disorder(entry: list[object]) -> str | None:
        findings = entry[4]
        assert isinstance(findings, list)
        if len(findings) >= 2:
            findings.reverse()
        elif findings:
            findings *= 2
        else:
            return None
        return json.dumps(entry)

    assert rewrite(tmp_path, disorder) >= 3
    assert run_cli("check", ".", cwd=tmp_path).stdout == expected


def test_every_character_the_terminal_escapes_is_unprintable() -> None:
    """The flake8 format writes a printable message as it is, skipping the escape scan:
    that is exact only while no printable character is one ``terminal`` escapes."""
    from anchorlint.safe_text import terminal

    escaped = [c for c in map(chr, range(0x110000)) if terminal(c) != c]
    assert escaped and not any(c.isprintable() for c in escaped)
    assert "\t".isprintable() is False and terminal("\t") == "\t"  # kept, via the scan


@pytest.mark.parametrize("held", [0, 5, 1 << 15])
def test_answers_held_as_rows_or_pickled_past_the_limit_give_the_same_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: int
) -> None:
    """The spool holds an answer's rows as they are up to ``HELD_ROWS``, then pickles them as
    a worker's: whichever way (and both in one run), the run is the one without the cache."""
    from anchorlint.run import spool

    monkeypatch.setattr(spool, "HELD_ROWS", held)
    write_tree(tmp_path, {f"s/{i:02}.md": TREE[f"notes/{'abcd'[i % 4]}.md"] for i in range(16)})
    write_tree(tmp_path, TREE)
    settings = Settings(root=str(tmp_path))
    paths = sorted(str(p) for p in tmp_path.rglob("*") if p.suffix in (".md", ".py", ".jsonl"))
    expected = pool.lint_paths(paths, settings, jobs=1).collect()
    pool.lint_paths(paths, settings, jobs=1, use_cache=True).collect()
    with pool.lint_paths(paths, settings, jobs=1, use_cache=True) as warm:
        assert list(warm.findings()) == expected.findings
        assert tuple(warm.facts) == tuple(warm.facts) == expected.facts  # read twice


ROWS = st.lists(
    st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7).map(
        lambda r: [*r[:2], "ANC10" + str(r[2]), "m" * r[3], *r[4:], None, ""]
    ),
    max_size=6,
)


@given(ROWS)
def test_the_order_of_an_entrys_rows_is_checked_as_it_was(rows: list[list[object]]) -> None:
    """Places all apart, else the closer look: the check an entry's rows always had (places
    in order, none equal to the one before in what Finding equality compares)."""
    from operator import eq, itemgetter, le, lt

    from anchorlint.run import warm

    places = list(map(itemgetter(*range(4)), rows))
    equals = list(map(itemgetter(*range(7)), rows))
    old = all(map(le, places, places[1:])) and not any(map(eq, equals, equals[1:]))
    new = all(map(lt, places, places[1:])) or warm._sorted_once(rows, places)  # type: ignore[arg-type]
    assert new == old
