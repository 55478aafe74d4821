"""The ``code`` and ``dense`` sections of ``run.py``: anchorlint's code rules in lines/s.

``code`` lints copies of installed packages (every ``.py`` file of pip, setuptools, LibCST and
spaCy by default) next to flake8 and Fixit, Fixit on a sample of the files because it manages
some hundred lines per CPU-second; ``dense`` lints generated compactor modules that all need
the full analysis, next to Fixit. Both share the table of lines/s and the ratios at the same
worker count, which is why they are together and apart from the text sections.
"""

from __future__ import annotations

import argparse
import shutil
from collections.abc import Sequence
from pathlib import Path

from corpus import Corpus, measure, package_files, write_compactors
from run_harness import Runner, Sample, anchorlint, fixit, fixit_ok, flake8, fmt, ratio, zero_or_one
from run_report import Report


def _code_rows(
    corpus: Corpus, samples: list[Sample], peers: Sequence[str]
) -> tuple[list[list[object]], dict[tuple[str, int | str], float]]:
    rates = {(s.tool, s.jobs): corpus.lines / s.wall for s in samples}
    rows = []
    for sample in samples:
        rate = rates[(sample.tool, sample.jobs)]
        cells: list[object] = [
            sample.tool,
            sample.jobs,
            fmt(sample.wall),
            fmt(sample.cpu),
            f"{rate:,.0f}",
            f"{corpus.lines / sample.cpu:,.0f}" if sample.cpu else "n/a",
            fmt(sample.rss_mib, 0),
            sample.findings,
        ]
        for peer in peers:
            theirs = rates.get((peer, sample.jobs))
            cells.append(
                f"{ratio(rate, theirs):.2f}×" if sample.tool == "anchorlint" and theirs else ""
            )
        rows.append(cells)
    return rows, rates


def _code_header(peers: Sequence[str]) -> list[str]:
    return [
        "tool",
        "jobs",
        "wall s",
        "CPU s",
        "lines/s",
        "lines/CPU-s",
        "peak RSS MiB",
        "output lines",
        *(f"anchorlint ÷ {p}" for p in peers),
    ]


def _matched(rates: dict[tuple[str, int | str], float], peer: str, jobs: Sequence[int]) -> dict:
    return {
        j: ratio(rates[("anchorlint", j)], rates[(peer, j)])
        for j in jobs
        if ("anchorlint", j) in rates and (peer, j) in rates
    }


def _ratio_text(ratios: dict) -> str:
    return ", ".join(f"jobs {j}: {r:.2f}×" for j, r in ratios.items())


def _anchorlint_run(runner: Runner, jobs: int, files: list[str]) -> Sample:
    """anchorlint's code rules on ``files`` with ``jobs`` workers and no cache."""
    return runner.run(
        "anchorlint",
        jobs,
        anchorlint("--select", "ANC3", "--jobs", str(jobs), "--no-cache", *files),
        runner.workdir,
        zero_or_one,
    )


def _fixit_run(runner: Runner, jobs: int, files: list[str]) -> Sample:
    """Fixit on ``files`` with its pool pinned to ``jobs``, checked to have linted them all."""
    return runner.run("fixit", jobs, fixit(jobs, *files), runner.workdir, fixit_ok, len(files))


def _next_to_fixit(
    args: argparse.Namespace, runner: Runner, report: Report, corpus: Corpus
) -> dict:
    """anchorlint and Fixit on every file of ``corpus`` at each worker count: their table, and
    anchorlint's lines/s over Fixit's per worker count."""
    files = [str(p) for p in corpus.files]
    samples: list[Sample] = []
    for jobs in args.jobs:
        samples.append(_anchorlint_run(runner, jobs, files))
        samples.append(_fixit_run(runner, jobs, files))
    rows, rates = _code_rows(corpus, samples, ("fixit",))
    report.table(_code_header(("fixit",)), rows)
    return _matched(rates, "fixit", args.jobs)


def _copy_packages(found: list[tuple[Path, Path]], root: Path) -> list[Path]:
    """Copies of the packages' files under ``root``, so that no tool skips them: Fixit honours
    the .gitignore of an enclosing git checkout, which excludes a whole site-packages under
    some Python version managers."""
    copies = []
    for folder, path in found:
        target = root / folder.name / path.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copies.append(target)
    return copies


def section_code(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 2. Python code: anchorlint (code rules) vs flake8 and Fixit, installed packages")
    report.say()
    found, missing = package_files(args.packages)
    root = runner.workdir / "site-packages"
    corpus = measure(root, _copy_packages(found, root))
    report.say(
        f"Every `.py` file of {', '.join(p for p in args.packages if p not in missing)}"
        f"{' (not installed: ' + ', '.join(missing) + ')' if missing else ''} as installed, "
        f"copied to a scratch folder: {len(corpus.files)} files, {corpus.lines:,} lines, "
        f"{corpus.megabytes:.1f} MB. All tools get the same explicit file list. anchorlint: "
        "`check --select ANC3 --no-cache`; flake8: default plugins, `--jobs N`; Fixit: "
        "`fixit lint` with its built-in rules and its process pool pinned to N workers. "
        "Lines/s counts every line, including files a tool decides cheaply it need not analyse."
    )
    report.say()
    step = max(1, round(1 / args.fixit_sample)) if args.fixit_sample > 0 else 0
    files = [str(p) for p in corpus.files]
    samples: list[Sample] = []
    for jobs in args.jobs:
        samples.append(_anchorlint_run(runner, jobs, files))
        samples.append(
            runner.run("flake8", jobs, flake8(jobs, *files), runner.workdir, zero_or_one)
        )
        if step == 1:
            samples.append(_fixit_run(runner, jobs, files))
    peers = ("fixit", "flake8") if step == 1 else ("flake8",)
    rows, rates = _code_rows(corpus, samples, peers)
    report.table(_code_header(peers), rows)
    vs_flake8 = _matched(rates, "flake8", args.jobs)
    vs_fixit = _matched(rates, "fixit", args.jobs)
    where = "site-packages"
    if step > 1:
        part = measure(root, corpus.files[::step])
        where = f"site-packages, every {step}th file"
        report.say(
            f"Fixit is measured on every {step}th file of the same list ({len(part.files)} files, "
            f"{part.lines:,} lines, {part.lines / corpus.lines:.0%} of the lines; "
            "`--fixit-sample 1` runs it on all of them), next to anchorlint on that same subset:"
        )
        report.say()
        vs_fixit = _next_to_fixit(args, runner, report, part)
    report.verdict(
        bool(vs_fixit) and min(vs_fixit.values()) >= 20,
        f"code ≥ 20× Fixit lines/s on {where} (same worker count): {_ratio_text(vs_fixit)}",
    )
    report.verdict(
        bool(vs_flake8) and min(vs_flake8.values()) > 1,
        f"code faster than flake8 on site-packages (same worker count): {_ratio_text(vs_flake8)}",
    )


def section_dense(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 3. Compactor-dense code: anchorlint vs Fixit")
    report.say()
    corpus = write_compactors(runner.workdir / "compactors", args.compactors, args.seed)
    report.say(
        f"{len(corpus.files)} generated compactor modules ({corpus.lines:,} lines, seed "
        f"{args.seed}) from three templates with renamed identifiers; each holds summarizer "
        "calls, resolver definitions, pointer dataclasses and flows between them, so every file "
        "gets the full analysis."
    )
    report.say()
    vs_fixit = _next_to_fixit(args, runner, report, corpus)
    report.verdict(
        bool(vs_fixit) and min(vs_fixit.values()) >= 3,
        f"compactor-dense ≥ 3× Fixit lines/s (same worker count): {_ratio_text(vs_fixit)}",
    )
