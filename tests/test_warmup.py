"""Two-job runs load spaCy once, in the parent, and forked workers lint with what it loaded;
runs that need no summary pass load nothing, and the findings never change."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run import pool, warmup
from anchorlint.run.engine import Worker
from anchorlint.run.jobs import plan_jobs
from anchorlint.text import spacy_startup

SUMMARY = (
    "# Handoff\n\n"
    "As noted above, the retry fix landed; see lint/run/pool.py:120 for the loop.\n\n"
    "- The earlier migration note covers the rest.\n"
)
MODULE = "def compact(history):\n    return history[-5:]\n"


#: a sentence the prose-pointer rule (ANC102) flags, added to the summaries where asked
POINTER = "\nPer the config, the pool holds 52 connections.\n"


def _tree(root: Path, summaries: int, modules: int = 0, pointer: bool = False) -> list[str]:
    paths = []
    for index in range(summaries):
        path = root / f"s{index:02d}.md"
        text = SUMMARY.replace("retry", f"retry {index}") + (POINTER if pointer else "")
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    for index in range(modules):
        path = root / f"m{index:02d}.py"
        path.write_text(MODULE, encoding="utf-8")
        paths.append(str(path))
    return paths


@pytest.fixture
def builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file with a line for each blank English pipeline built, naming the process that built
    it (forked workers inherit the patch, and append to the same file)."""
    log = tmp_path / "builds.log"
    real = spacy_startup.blank_english

    def counted() -> object:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")
        return real()

    import anchorlint.text.nlp as nlp_module

    monkeypatch.setattr(nlp_module, "blank_english", counted)
    return log


def _built_by(log: Path) -> list[int]:
    return [int(line) for line in log.read_text(encoding="utf-8").split()] if log.exists() else []


@pytest.mark.skipif(
    not warmup.inherits_parent(), reason="workers are forked only where fork is the start method"
)
def test_two_workers_lint_with_the_parents_pipeline(tmp_path: Path, builds: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    paths = _tree(corpus, 24)
    settings = Settings(root=str(corpus))
    two = pool.lint_paths(paths, settings, jobs=2, quiet=True).collect()
    assert _built_by(builds) == [os.getpid()]  # once, here, none in the workers
    one = pool.lint_paths(paths, settings, jobs=1, quiet=True).collect()
    assert two.findings == one.findings
    assert {f.code for f in two.findings} >= {"ANC101"}


@pytest.mark.skipif(
    not warmup.inherits_parent(), reason="workers are forked only where fork is the start method"
)
@pytest.mark.parametrize(
    ("select", "code"),
    [((), "ANC101"), (("ANC102",), "ANC102")],
    ids=["every rule", "a prose pointer rule alone"],
)
def test_two_workers_share_the_parents_phrase_matcher(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, select: tuple[str, ...], code: str
) -> None:
    """The rules' phrase matcher (thousands of phrases, tokenised once) is built by the
    warm-up too, whichever rules declare the phrases, so no worker builds its own on its
    first summary with a trigger word."""
    from anchorlint.text import match

    log = tmp_path / "matchers.log"
    real = match._SharedMatcher.__init__

    def counted(self: object, *args: object) -> None:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(f"{os.getpid()}\n")
        real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(match._SharedMatcher, "__init__", counted)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    paths = _tree(corpus, 24, pointer=True)
    settings = Settings(root=str(corpus), select=select)
    run = pool.lint_paths(paths, settings, jobs=2, quiet=True).collect()
    assert code in {f.code for f in run.findings}  # its phrases were matched
    assert _built_by(log) == [os.getpid()]


def test_a_run_over_code_alone_loads_no_pipeline(tmp_path: Path, builds: Path) -> None:
    paths = _tree(tmp_path, 0, modules=6)
    worker = Worker(Settings(root=str(tmp_path)))
    assert warmup.prepare(worker, plan_jobs(paths)) is False
    pool.lint_paths(paths, Settings(root=str(tmp_path)), jobs=2, quiet=True).collect()
    assert _built_by(builds) == []


def test_no_text_rule_selected_loads_no_pipeline(tmp_path: Path, builds: Path) -> None:
    paths = _tree(tmp_path, 4)
    settings = Settings(root=str(tmp_path), select=("ANC3",))
    assert warmup.prepare(Worker(settings), plan_jobs(paths)) is False
    assert _built_by(builds) == []


def test_spawned_workers_get_nothing_loaded(
    tmp_path: Path, builds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _tree(tmp_path, 4)
    monkeypatch.setattr(warmup, "inherits_parent", lambda: False)
    assert warmup.prepare(Worker(Settings(root=str(tmp_path))), plan_jobs(paths)) is False
    assert _built_by(builds) == []


def test_a_failing_warm_up_leaves_the_work_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _tree(tmp_path, 4)
    worker = Worker(Settings(root=str(tmp_path)))
    monkeypatch.setattr(warmup, "inherits_parent", lambda: True)

    def broken(*args: object) -> None:
        raise RuntimeError("no pipeline here")

    monkeypatch.setattr(worker, "lint_text", broken)
    assert warmup.prepare(worker, plan_jobs(paths)) is False


def test_a_forked_worker_takes_the_parents_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from anchorlint.run import processes

    monkeypatch.setattr(processes, "prepare_worker", lambda: None)  # signals stay this test's
    parent = Worker(Settings(root=str(tmp_path)))
    pool._PARENT_WORKER.append(parent)
    try:
        pool._init_process(parent.settings, None, True, True)
        assert pool._PROCESS_WORKER[-1] is parent
    finally:
        pool._PARENT_WORKER.clear()
        pool._PROCESS_WORKER.clear()
