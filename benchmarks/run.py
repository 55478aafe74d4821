"""anchorlint next to the linters a user would otherwise pick, on the same inputs, in one run.

    python benchmarks/run.py            # 5 MB and 50 MB of summaries, all sections
    python benchmarks/run.py --quick    # 1 MB and 5 MB of summaries
    python benchmarks/run.py --sections code,startup --jobs 1,2

Sections: ``summaries`` (anchorlint vs proselint on generated Markdown summaries),
``code`` (anchorlint's code rules vs flake8 and Fixit on the installed trees of pip,
setuptools, libcst and spaCy), ``dense`` (anchorlint vs Fixit on generated compactor code
that every file needs fully analysed), ``startup`` (one small file, median of several runs),
``cache`` (a cold and a warm ``anchorlint check`` over an unchanged tree) and ``shapes``
(long structured summaries and a JSON Lines store of 100k records, see ``bench_shapes.py``).

Every run is a fresh subprocess started by a tiny wrapper process of its own, which times it
with ``time.perf_counter`` and reads its own ``RUSAGE_CHILDREN``: wall time, CPU time (user +
system of the whole process tree) and peak RSS (the largest single process of the tree) are
per run and never accumulate across runs. Tool output goes to a file, as in CI.

Peers are benchmark-only (the ``bench`` extra) and run with their defaults: proselint's
built-in checks, flake8's default plugins (pyflakes, pycodestyle, mccabe; anchorlint's own
flake8 plugin is left out so that flake8's numbers are flake8's), Fixit's built-in
``fixit.rules``. Tables and acceptance lines are printed and written to
``benchmarks/results/latest.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_shapes import section_shapes  # noqa: E402
from corpus import (  # noqa: E402  (the benchmarks folder is not a package)
    Corpus,
    measure,
    package_files,
    write_compactors,
    write_summaries,
)

HERE = Path(__file__).resolve().parent
DEFAULT_RESULTS = HERE / "results" / "latest.md"
DEFAULT_PACKAGES = ("pip", "setuptools", "libcst", "spacy")
SECTIONS = ("summaries", "code", "dense", "startup", "cache", "shapes")
CACHE_DIR = ".anchorlint_cache"

# The wrapper: one per measured run. It starts the command, waits for it, and reports the
# rusage of its own children only (the command and everything the command waited for).
# The job arrives on stdin: a file list can outgrow the size limit of one argument.
WRAPPER = r"""
import json, resource, subprocess, sys, time
job = json.load(sys.stdin)
with open(job["out"], "wb") as out, open(job["err"], "wb") as err:
    start = time.perf_counter()
    code = subprocess.call(
        job["cmd"], cwd=job["cwd"], stdin=subprocess.DEVNULL, stdout=out, stderr=err
    )
    wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                  "rss_kib": usage.ru_maxrss, "rc": code}))
"""

# flake8 with its default plugins only: installed extensions of other distributions (here,
# anchorlint's own flake8 plugin) are dropped before flake8 loads them.
FLAKE8 = r"""
import sys
from flake8.plugins import finder
found = finder._find_importlib_plugins
finder._find_importlib_plugins = lambda: (
    p for p in found() if p.package in {"flake8", "pyflakes", "pycodestyle", "mccabe"}
)
from flake8.main.cli import main
sys.argv[0] = "flake8"
raise SystemExit(main())
"""

# Fixit's CLI with its process pool pinned to N workers (by default it takes every core).
FIXIT = r"""
import multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
import trailrunner
jobs = int(sys.argv.pop(1))
trailrunner.Trailrunner.DEFAULT_EXECUTOR = staticmethod(
    lambda: ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
)
from fixit.cli import main
sys.argv[0] = "fixit"
main()
"""

#: every tool runs as a user's would: with byte-compiled modules cached on disk (an
#: environment that forbids writing them would make each start-up recompile every module)
BENCH_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass
class Sample:
    """One measured run."""

    tool: str
    jobs: int | str
    wall: float
    cpu: float
    rss_mib: float | None
    rc: int
    findings: int
    note: str = ""
    extrapolated: bool = False


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    verdicts: list[tuple[str, str]] = field(default_factory=list)

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def table(self, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        self.say("| " + " | ".join(header) + " |")
        self.say("|" + "|".join(" --- " for _ in header) + "|")
        for row in rows:
            self.say("| " + " | ".join(str(cell) for cell in row) + " |")
        self.say()

    def verdict(self, ok: bool | None, text: str) -> None:
        self.verdicts.append(("n/a" if ok is None else "PASS" if ok else "FAIL", text))


class Runner:
    def __init__(self, workdir: Path, verbose: bool) -> None:
        self.workdir = workdir
        self.verbose = verbose
        self.count = 0

    def run(
        self,
        tool: str,
        jobs: int | str,
        cmd: list[str],
        cwd: Path,
        ok: Callable[[int], bool],
        expect_files: int | None = None,
    ) -> Sample:
        self.count += 1
        out = self.workdir / f"run{self.count:03d}.out"
        err = self.workdir / f"run{self.count:03d}.err"
        job = {"cmd": cmd, "cwd": str(cwd), "out": str(out), "err": str(err)}
        if self.verbose:
            shown = [a if len(a) < 60 else "<launcher>" for a in cmd[:8]]
            print(f"  $ {' '.join(shown)}{' ...' if len(cmd) > 8 else ''}", file=sys.stderr)
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            env=BENCH_ENV,
        )
        if done.returncode != 0:
            raise SystemExit(f"wrapper failed for {tool}: {done.stderr}")
        data = json.loads(done.stdout)
        errors = err.read_text(errors="replace")
        if not ok(data["rc"]) or "Traceback (most recent call last)" in errors:
            raise SystemExit(f"{tool} exited {data['rc']}:\n{errors[-3000:]}")
        with out.open("rb") as handle:
            findings = sum(chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b""))
            handle.seek(max(0, out.stat().st_size - 4096))
            tail = handle.read().decode(errors="replace") + errors[-4096:]
        if expect_files is not None:
            # Fixit closes with "N files checked, ..." or "N files clean"
            counted = re.findall(r"(\d+) files? (?:checked|clean)", tail)
            if not counted or int(counted[-1]) != expect_files:
                raise SystemExit(f"{tool} linted {counted} files, not {expect_files}:\n{tail}")
        out.unlink()
        err.unlink()
        sample = Sample(
            tool, jobs, data["wall"], data["cpu"], data["rss_kib"] / 1024, data["rc"], findings
        )
        if self.verbose:
            print(
                f"    {tool} jobs={jobs}: {sample.wall:.2f} s wall, {sample.cpu:.2f} s CPU",
                file=sys.stderr,
            )
        return sample


def zero_or_one(rc: int) -> bool:
    return rc in (0, 1)


def fixit_ok(rc: int) -> bool:
    # bit 1: lint errors; bit 2: files Fixit failed on (both are results, not crashes)
    return 0 <= rc <= 3


def anchorlint(*args: str) -> list[str]:
    return [sys.executable, "-m", "anchorlint", "check", *args]


def proselint(*args: str) -> list[str]:
    return [sys.executable, "-m", "proselint", "check", *args]


def flake8(jobs: int, *args: str) -> list[str]:
    return [sys.executable, "-c", FLAKE8, "--jobs", str(jobs), *args]


def fixit(jobs: int, *args: str) -> list[str]:
    return [sys.executable, "-c", FIXIT, str(jobs), "lint", *args]


# --- formatting ------------------------------------------------------------------------------


def fmt(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:,.{digits}f}"


def ratio(ours: float, theirs: float) -> float:
    return ours / theirs if theirs else float("inf")


def tool_label(sample: Sample) -> str:
    return sample.tool + (f" ({sample.note})" if sample.note else "")


# --- sections --------------------------------------------------------------------------------


def section_summaries(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 1. Summaries: anchorlint (text rules) vs proselint")
    report.say()
    report.say(
        f"Generated Markdown summaries of about 1 KB each (seed {args.seed}); every tool gets the "
        "corpus directory in one invocation. proselint has no worker option: it runs in one "
        "process. anchorlint runs with `--no-cache`."
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
        samples = [
            runner.run(
                "anchorlint",
                jobs,
                anchorlint(str(corpus.root), "--jobs", str(jobs), "--no-cache"),
                runner.workdir,
                zero_or_one,
            )
            for jobs in args.jobs
        ]
        if base is None or size <= args.proselint_max_mb:
            peer = runner.run(
                "proselint", 1, proselint(str(corpus.root)), runner.workdir, zero_or_one
            )
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
                    fmt(sample.wall),
                    fmt(sample.cpu),
                    fmt(rate),
                    fmt(corpus.megabytes / sample.cpu) if sample.cpu else "n/a",
                    fmt(sample.rss_mib, 0),
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
            "wall s",
            "CPU s",
            "MB/s",
            "MB/CPU-s",
            "peak RSS MiB",
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


def section_code(args: argparse.Namespace, runner: Runner, report: Report) -> None:
    report.say("## 2. Python code: anchorlint (code rules) vs flake8 and Fixit, installed packages")
    report.say()
    found, missing = package_files(args.packages)
    # Copies, so that no tool skips them: Fixit honours the .gitignore of an enclosing git
    # checkout, which excludes a whole site-packages under some Python version managers.
    root = runner.workdir / "site-packages"
    copies = []
    for folder, path in found:
        target = root / folder.name / path.relative_to(folder)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        copies.append(target)
    corpus = measure(root, copies)
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
        samples.append(
            runner.run(
                "anchorlint",
                jobs,
                anchorlint("--select", "ANC3", "--jobs", str(jobs), "--no-cache", *files),
                runner.workdir,
                zero_or_one,
            )
        )
        samples.append(
            runner.run("flake8", jobs, flake8(jobs, *files), runner.workdir, zero_or_one)
        )
        if step == 1:
            samples.append(
                runner.run("fixit", jobs, fixit(jobs, *files), runner.workdir, fixit_ok, len(files))
            )
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
        subset = [str(p) for p in part.files]
        on_part: list[Sample] = []
        for jobs in args.jobs:
            on_part.append(
                runner.run(
                    "anchorlint",
                    jobs,
                    anchorlint("--select", "ANC3", "--jobs", str(jobs), "--no-cache", *subset),
                    runner.workdir,
                    zero_or_one,
                )
            )
            on_part.append(
                runner.run(
                    "fixit", jobs, fixit(jobs, *subset), runner.workdir, fixit_ok, len(subset)
                )
            )
        rows, rates = _code_rows(part, on_part, ("fixit",))
        report.table(_code_header(("fixit",)), rows)
        vs_fixit = _matched(rates, "fixit", args.jobs)
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
    files = [str(p) for p in corpus.files]
    samples: list[Sample] = []
    for jobs in args.jobs:
        samples.append(
            runner.run(
                "anchorlint",
                jobs,
                anchorlint("--select", "ANC3", "--jobs", str(jobs), "--no-cache", *files),
                runner.workdir,
                zero_or_one,
            )
        )
        samples.append(
            runner.run("fixit", jobs, fixit(jobs, *files), runner.workdir, fixit_ok, len(files))
        )
    rows, rates = _code_rows(corpus, samples, ("fixit",))
    report.table(_code_header(("fixit",)), rows)
    vs_fixit = _matched(rates, "fixit", args.jobs)
    report.verdict(
        bool(vs_fixit) and min(vs_fixit.values()) >= 3,
        f"compactor-dense ≥ 3× Fixit lines/s (same worker count): {_ratio_text(vs_fixit)}",
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
        samples = [runner.run(tool, 1, cmd, folder, ok) for _ in range(args.repeat)]
        walls = sorted(s.wall for s in samples)
        medians[(tool, label)] = statistics.median(walls)
        size = f" ({path.stat().st_size:,} B)" if path is not None else ""
        rows.append(
            [
                tool,
                label + size,
                f"{medians[(tool, label)]:.3f}",
                f"{walls[0]:.3f}",
                f"{walls[-1]:.3f}",
                f"{statistics.median(s.cpu for s in samples):.3f}",
                fmt(max(s.rss_mib or 0 for s in samples), 0),
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
    shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
    cold = runner.run("anchorlint", jobs, cmd, root, zero_or_one)
    if not (root / CACHE_DIR).exists():
        report.say(
            f"cache: not available (no `{CACHE_DIR}` after `anchorlint check .` in the tree)"
        )
        report.say()
        report.verdict(None, "warm rerun < 10 % of cold: cache: not available")
        return
    warm = runner.run("anchorlint", jobs, cmd, root, zero_or_one)
    share = warm.wall / cold.wall
    report.say(
        f"`anchorlint check . --jobs {jobs}` (cache on) over {corpus.megabytes:.1f} MB of "
        f"summaries and {args.compactors} compactor modules: cold after deleting `{CACHE_DIR}`, "
        "then warm over the unchanged tree."
    )
    report.say()
    report.table(
        ["run", "wall s", "CPU s", "peak RSS MiB", "output lines", "÷ cold"],
        [
            ["cold", fmt(cold.wall), fmt(cold.cpu), fmt(cold.rss_mib, 0), cold.findings, "1.00"],
            [
                "warm",
                fmt(warm.wall),
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


# --- main ------------------------------------------------------------------------------------


def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in (
        "anchorlint",
        "proselint",
        "flake8",
        "pyflakes",
        "pycodestyle",
        "fixit",
        "libcst",
        "spacy",
    ):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return ", ".join(found)


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def warm_up(workdir: Path) -> None:
    """Byte-compile and page in every tool once, so no measured run pays for that."""
    probe = workdir / "warmup"
    corpus = write_compactors(probe, 2, 0)
    summary = write_summaries(probe / "md", 1024, 0)
    for cmd in (
        anchorlint(str(corpus.files[0]), str(summary.files[0]), "--no-cache", "--jobs", "1"),
        flake8(1, str(corpus.files[0])),
        fixit(1, *map(str, corpus.files)),
        proselint(str(summary.files[0])),
    ):
        subprocess.run(cmd, cwd=workdir, capture_output=True, env=BENCH_ENV)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="summaries of 1 MB and 5 MB, Fixit on 5%% of site-packages, 1 MB cache tree",
    )
    parser.add_argument(
        "--sizes", help="summary corpus sizes in MB, comma-separated (default 5,50; quick 1,5)"
    )
    parser.add_argument("--jobs", default="1,2", help="worker counts, comma-separated")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--proselint-max-mb",
        type=float,
        default=5.0,
        help="measure proselint up to this size; larger sizes are extrapolated linearly",
    )
    parser.add_argument("--packages", nargs="+", default=list(DEFAULT_PACKAGES))
    parser.add_argument(
        "--fixit-sample",
        type=float,
        help="(default 0.1; quick 0.05) "
        "share of the site-packages files Fixit (and anchorlint beside it) runs on; "
        "1 runs Fixit on all of them (slow: Fixit does some hundred lines per CPU-second)",
    )
    parser.add_argument("--compactors", type=int, default=300, help="compactor-dense files")
    parser.add_argument("--repeat", type=int, default=5, help="start-up runs per case")
    parser.add_argument(
        "--cache-mb", type=float, help="MB of summaries in the cache tree (default 5; quick 1)"
    )
    parser.add_argument(
        "--structured-mb", type=float, help="MB of long structured summaries (default 5; quick 2)"
    )
    parser.add_argument(
        "--store-records",
        type=int,
        help="records in the JSON Lines store (default 100000; quick 20000)",
    )
    parser.add_argument("--sections", default=",".join(SECTIONS), help=", ".join(SECTIONS))
    parser.add_argument("--workdir", type=Path, help="keep corpora here (default: a temp dir)")
    parser.add_argument("--output", type=Path, default=DEFAULT_RESULTS, help="Markdown report")
    parser.add_argument("--verbose", "-v", action="store_true", help="log each run on stderr")
    args = parser.parse_args(argv)
    sizes = args.sizes or ("1,5" if args.quick else "5,50")
    args.sizes = [float(s) for s in sizes.split(",") if s.strip()]
    if args.fixit_sample is None:
        args.fixit_sample = 0.05 if args.quick else 0.1
    if args.cache_mb is None:
        args.cache_mb = 1.0 if args.quick else 5.0
    if args.structured_mb is None:
        args.structured_mb = 2.0 if args.quick else 5.0
    if args.store_records is None:
        args.store_records = 20_000 if args.quick else 100_000
    args.jobs = sorted({int(j) for j in args.jobs.split(",") if j.strip()})
    args.sections = [s.strip() for s in args.sections.split(",") if s.strip()]
    unknown = set(args.sections) - set(SECTIONS)
    if unknown:
        parser.error(f"unknown section(s): {', '.join(sorted(unknown))}")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    report = Report()
    command = "python benchmarks/run.py" + (" " + " ".join(argv or sys.argv[1:])).rstrip()
    report.say("# anchorlint benchmarks")
    report.say()
    report.say(f"- command: `{command}`")
    report.say(f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    report.say(
        f"- machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    report.say(f"- versions: {versions()}")
    report.say(f"- load average at start: {load()}")
    report.say(
        "- wall s: elapsed time of the whole command; CPU s: user + system time of its process "
        "tree (less sensitive to other load on the machine); peak RSS: largest single process"
    )
    report.say()
    started = time.perf_counter()
    temp = None
    if args.workdir:
        workdir = args.workdir.resolve()
        workdir.mkdir(parents=True, exist_ok=True)
    else:
        temp = tempfile.mkdtemp(prefix="anchorlint-bench-")
        workdir = Path(temp)
    try:
        runner = Runner(workdir, args.verbose)
        warm_up(workdir)
        steps = {
            "summaries": section_summaries,
            "code": section_code,
            "dense": section_dense,
            "startup": section_startup,
            "cache": section_cache,
            "shapes": lambda a, r, p: section_shapes(a, r, p, sys.modules[__name__]),
        }
        for name in args.sections:
            steps[name](args, runner, report)
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    report.say("## Acceptance targets")
    report.say()
    for verdict, text in report.verdicts:
        report.say(f"- **{verdict}** {text}")
    report.say()
    report.say(f"Load average at end: {load()}; total {time.perf_counter() - started:.0f} s.")
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(report.lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
