"""The ``summaries``, ``startup`` and ``cache`` sections of ``run.py``.

Each one writes its seeded inputs, measures them through the ``Runner``, adds a table to the
report and a verdict per acceptance target: anchorlint's text rules against proselint on
generated summaries, the start-up of one small file of each kind next to the floors no linter
can go under, and a cold then warm ``anchorlint check`` over an unchanged tree. The code
sections are in ``run_code_sections.py``, the ``shapes`` section in ``bench_shapes.py``.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from corpus import Corpus, write_compactors, write_summaries
from run_harness import (
    RATE_COLUMNS,
    Case,
    Runner,
    Sample,
    anchorlint,
    fixit_ok,
    flake8,
    fmt,
    fmt_spread,
    median_sample,
    proselint,
    rate_cells,
    ratio,
    tool_label,
    zero_or_one,
)
from run_report import Report

CACHE_DIR = ".anchorlint_cache"


def section_summaries(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 1. Summaries: anchorlint (text rules) vs proselint")
    report.say()
    report.say(
        f"Generated Markdown summaries of about 1 KB each (seed {args.seed}); every tool gets the "
        "corpus directory in one invocation. proselint has no worker option: it runs in one "
        f"process. anchorlint runs with `--no-cache`. Each row is the median of {args.rounds} "
        "rounds, each round running every row once in turn (min–max: the fastest and slowest "
        "wall time)."
    )
    report.say()
    rows = []
    best: dict[str, float] = {}
    base: tuple[Corpus, Sample] | None = None
    sizes = sorted(args.sizes)
    for size in sizes:
        corpus = write_summaries(
            runner.workdir / f"summaries-{size:g}mb", int(size * 1e6), args.seed
        )
        cases = [
            Case(
                "anchorlint",
                jobs,
                anchorlint(str(corpus.root), "--jobs", str(jobs), "--no-cache"),
                runner.workdir,
                zero_or_one,
            )
            for jobs in args.jobs
        ]
        measure_peer = base is None or size <= args.proselint_max_mb
        if measure_peer:
            cases.append(
                Case("proselint", 1, proselint(str(corpus.root)), runner.workdir, zero_or_one)
            )
        samples = runner.rounds(cases, args.rounds)
        if measure_peer:
            peer = samples.pop()
            base = (corpus, peer)
        else:
            small, measured = base
            scale = corpus.bytes / small.bytes
            peer = Sample(
                "proselint",
                1,
                measured.wall * scale,
                measured.cpu * scale,
                None,
                measured.rc,
                round(measured.findings * scale),
                note=f"extrapolated linearly from {small.megabytes:.1f} MB",
                extrapolated=True,
            )
        peer_rate = corpus.megabytes / peer.wall
        for sample in [*samples, peer]:
            rate = corpus.megabytes / sample.wall
            is_ours = sample.tool == "anchorlint"
            rows.append(
                [
                    f"{corpus.megabytes:.1f}",
                    len(corpus.files),
                    tool_label(sample),
                    sample.jobs,
                    *rate_cells(sample, corpus.megabytes),
                    sample.findings,
                    f"{ratio(rate, peer_rate):.2f}×" if is_ours else "1.00×",
                ]
            )
            if is_ours and size == sizes[-1]:
                best[f"rate{sample.jobs}"] = rate
                best[f"ratio{sample.jobs}"] = ratio(rate, peer_rate)
        best["size"] = corpus.megabytes
    report.table(
        [
            "MB",
            "files",
            "tool",
            "jobs",
            *RATE_COLUMNS,
            "output lines",
            "÷ proselint",
        ],
        rows,
    )
    two = max(args.jobs)
    rate = best.get(f"rate{two}")
    report.verdict(
        None if rate is None else rate >= 2.5,
        f"summaries ≥ 2.5 MB/s with {two} jobs ({best['size']:.0f} MB): {fmt(rate)} MB/s",
    )
    one_rate = best.get(f"rate{min(args.jobs)}")
    if rate is not None and one_rate and two != min(args.jobs):
        report.verdict(
            rate / one_rate >= 1.6,
            f"summaries: {two} jobs ≥ 1.6× {min(args.jobs)} job: {rate / one_rate:.2f}×",
        )
    ratios = {j: best[f"ratio{j}"] for j in args.jobs if f"ratio{j}" in best}
    one = min(ratios) if ratios else None
    report.verdict(
        None if one is None else ratios[one] >= 8,
        f"summaries ≥ 8× proselint (anchorlint --jobs {one} vs proselint, {best['size']:.0f} MB): "
        + ", ".join(f"jobs {j}: {r:.2f}×" for j, r in ratios.items()),
    )


def section_startup(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say(f"## 4. Start-up: one small file, median of {args.repeat} runs")
    report.say()
    report.say(
        "The floor rows run no linter: the interpreter alone, and the imports a file of that "
        "kind cannot avoid (LibCST for compactor code, spaCy for a summary with a trigger "
        "word). They show how much of each start-up is anchorlint's own."
    )
    report.say()
    folder = runner.workdir / "startup"
    compactor = write_compactors(folder / "py", 1, args.seed).files[0]
    plain = folder / "plain.py"
    plain.write_text(PLAIN_MODULE, encoding="utf-8")
    summary = write_summaries(folder / "md", 1024, args.seed).files[0]
    python = [sys.executable, "-c"]
    cases = [
        ("anchorlint", "compactor .py", compactor, anchorlint(str(compactor), "--no-cache")),
        ("anchorlint", "plain .py", plain, anchorlint(str(plain), "--no-cache")),
        ("flake8", "compactor .py", compactor, flake8(1, str(compactor))),
        (
            "fixit",
            "compactor .py",
            compactor,
            [sys.executable, "-m", "fixit", "lint", str(compactor)],
        ),
        ("anchorlint", ".md", summary, anchorlint(str(summary), "--no-cache")),
        ("proselint", ".md", summary, proselint(str(summary))),
        ("floor", "interpreter", None, [*python, "pass"]),
        ("floor", "import libcst", None, [*python, "import libcst"]),
        ("floor", "spaCy blank(en)", None, [*python, "import spacy; spacy.blank('en')"]),
    ]
    medians = _startup_rows(args, runner, report, folder, cases)
    floor = medians[("floor", "interpreter")]
    compact, plain_py = (
        medians[("anchorlint", "compactor .py")],
        medians[("anchorlint", "plain .py")],
    )
    libcst = medians[("floor", "import libcst")]
    report.verdict(
        plain_py <= 0.2,
        f"start-up plain .py ≤ 0.2 s: {plain_py:.3f} s (interpreter alone {floor:.3f} s)",
    )
    report.verdict(
        compact - libcst <= 0.15,
        f"start-up compactor .py within 0.15 s of `import libcst`: {compact:.3f} s vs "
        f"{libcst:.3f} s (+{compact - libcst:.3f} s; flake8 "
        f"{medians[('flake8', 'compactor .py')]:.3f} s, "
        f"Fixit {medians[('fixit', 'compactor .py')]:.3f} s)",
    )
    md = medians[("anchorlint", ".md")]
    spacy_floor = medians[("floor", "spaCy blank(en)")]
    report.verdict(
        md - spacy_floor <= 0.3,
        f"start-up .md within 0.3 s of spaCy blank(en): {md:.3f} s vs {spacy_floor:.3f} s "
        f"(+{md - spacy_floor:.3f} s; proselint {medians[('proselint', '.md')]:.3f} s)",
    )


#: a small module naming no summarizer, resolver or pointer: the code rules' prefilter skips it
PLAIN_MODULE = """import os


def config_path(name: str) -> str:
    return os.path.join(os.path.expanduser("~"), ".config", name)
"""


def _startup_rows(
    args: argparse.Namespace,
    runner: Runner,
    report: Report,
    folder: Path,
    cases: list[tuple[str, str, Path | None, list[str]]],
) -> dict[tuple[str, str], float]:
    """Time each case ``args.repeat`` times; print the table; return the medians."""
    rows = []
    medians: dict[tuple[str, str], float] = {}
    for tool, label, path, cmd in cases:
        ok = fixit_ok if tool == "fixit" else zero_or_one
        sample = median_sample([runner.run(tool, 1, cmd, folder, ok) for _ in range(args.repeat)])
        low, high = sample.spread or (sample.wall, sample.wall)
        medians[(tool, label)] = sample.wall
        size = f" ({path.stat().st_size:,} B)" if path is not None else ""
        rows.append(
            [
                tool,
                label + size,
                f"{sample.wall:.3f}",
                f"{low:.3f}",
                f"{high:.3f}",
                f"{sample.cpu:.3f}",
                fmt(sample.rss_mib or 0, 0),
            ]
        )
    report.table(
        ["tool", "file", "median s", "min s", "max s", "median CPU s", "peak RSS MiB"], rows
    )
    return medians


def section_cache(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 5. Warm-cache rerun")
    report.say()
    root = runner.workdir / "cache-tree"
    corpus = write_summaries(root / "summaries", int(args.cache_mb * 1e6), args.seed)
    write_compactors(root / "compactors", args.compactors, args.seed)
    jobs = max(args.jobs)
    cmd = anchorlint(".", "--jobs", str(jobs))
    colds: list[Sample] = []
    warms: list[Sample] = []
    for _ in range(max(args.rounds, 1)):  # a round: the cache deleted, a cold run, a warm one
        shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
        colds.append(runner.run("anchorlint", jobs, cmd, root, zero_or_one))
        if not (root / CACHE_DIR).exists():
            break
        warms.append(runner.run("anchorlint", jobs, cmd, root, zero_or_one))
    if not warms:
        report.say(
            f"cache: not available (no `{CACHE_DIR}` after `anchorlint check .` in the tree)"
        )
        report.say()
        report.verdict(None, "warm rerun < 10 % of cold: cache: not available")
        return
    cold, warm = median_sample(colds), median_sample(warms)
    share = warm.wall / cold.wall
    report.say(
        f"`anchorlint check . --jobs {jobs}` (cache on) over {corpus.megabytes:.1f} MB of "
        f"summaries and {args.compactors} compactor modules: cold after deleting `{CACHE_DIR}`, "
        f"then warm over the unchanged tree; medians of {len(warms)} rounds of the two."
    )
    report.say()
    report.table(
        ["run", "wall s", "min–max s", "CPU s", "peak RSS MiB", "output lines", "÷ cold"],
        [
            [
                "cold",
                fmt(cold.wall),
                fmt_spread(cold),
                fmt(cold.cpu),
                fmt(cold.rss_mib, 0),
                cold.findings,
                "1.00",
            ],
            [
                "warm",
                fmt(warm.wall),
                fmt_spread(warm),
                fmt(warm.cpu),
                fmt(warm.rss_mib, 0),
                warm.findings,
                f"{share:.3f}",
            ],
        ],
    )
    if warm.findings != cold.findings:
        report.say(f"warning: warm output has {warm.findings} lines, cold {cold.findings}")
    report.verdict(share < 0.10, f"warm rerun < 10 % of cold: {share:.1%}")
