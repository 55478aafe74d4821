"""Throughput and memory of the code rules, next to Fixit's built-in rules on the same files.

Usage::

    python benchmarks/bench_code.py [--packages pip setuptools libcst spacy] [--no-fixit]

Lines/s counts every line of every ``.py`` file in the trees (files the prefilter skips
included: skipping them cheaply is the point). Work is spread over files with
``multiprocessing`` for 1 and 2 worker processes; peak RSS is the largest resident set any
worker reached (``ru_maxrss``). Fixit (a benchmark-only extra, not a runtime dependency) runs
its default ``fixit.rules`` in one process when it is importable; it is roughly two orders of
magnitude slower, so by default it runs on every 20th file (``--fixit-every 1`` for all), and
anchorlint is timed again on exactly that sample so the ratio compares the same files.
"""

from __future__ import annotations

import argparse
import importlib.util
import multiprocessing
import resource
import sys
import time
from dataclasses import dataclass
from pathlib import Path

DEFAULT_PACKAGES = ("pip", "setuptools", "libcst", "spacy")


@dataclass(frozen=True)
class Run:
    label: str
    workers: int
    files: int
    lines: int
    seconds: float
    peak_rss_mib: float
    findings: int
    cpu_seconds: float

    @property
    def lines_per_second(self) -> float:
        return self.lines / self.seconds if self.seconds else 0.0

    @property
    def lines_per_cpu_second(self) -> float:
        """Independent of other load on the machine: lines per second of worker CPU time."""
        return self.lines / self.cpu_seconds if self.cpu_seconds else 0.0


def package_files(packages: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            print(f"skipping {name}: not installed", file=sys.stderr)
            continue
        files += sorted(Path(next(iter(spec.submodule_search_locations))).rglob("*.py"))
    return files


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def anchorlint_batch(paths: list[str]) -> tuple[int, int, float, float]:
    """Lines, findings, this worker's peak RSS and the batch's CPU seconds."""
    started = _cpu_seconds()
    from anchorlint.config import Settings
    from anchorlint.registry import all_rules
    from anchorlint.rulebase import CodeRule
    from anchorlint.run.codepass import lint_module

    settings = Settings()
    rules = [r for r in all_rules().values() if isinstance(r, CodeRule)]
    lines = findings = 0
    for path in paths:
        source = Path(path).read_text(encoding="utf-8", errors="replace")
        lines += source.count("\n")
        found, _ = lint_module(path, source, settings, rules)
        findings += sum(1 for f in found if f.code != "ANC002")
    return lines, findings, _peak_rss_mib(), _cpu_seconds() - started


def fixit_batch(paths: list[str]) -> tuple[int, int, float, float]:
    """The same over Fixit's default rules (``fixit.rules``) through its Python API."""
    started = _cpu_seconds()
    from fixit.api import fixit_bytes
    from fixit.ftypes import Config

    lines = findings = 0
    for path in paths:
        content = Path(path).read_bytes()
        lines += content.count(b"\n")
        config = Config(path=Path(path))
        findings += sum(
            1
            for result in fixit_bytes(Path(path), content, config=config)
            if result.violation is not None
        )
    return lines, findings, _peak_rss_mib(), _cpu_seconds() - started


def run(label: str, target, files: list[Path], workers: int) -> Run:
    paths = [str(p) for p in files]
    batches = [paths[i :: workers * 8] for i in range(workers * 8)]
    context = multiprocessing.get_context("spawn")  # fresh interpreters: honest RSS
    start = time.perf_counter()
    with context.Pool(workers) as pool:
        results = pool.map(target, batches, chunksize=1)
    seconds = time.perf_counter() - start
    return Run(
        label=label,
        workers=workers,
        files=len(paths),
        lines=sum(r[0] for r in results),
        seconds=seconds,
        peak_rss_mib=max(r[2] for r in results),
        findings=sum(r[1] for r in results),
        cpu_seconds=sum(r[3] for r in results),
    )


def report(runs: list[Run]) -> None:
    base = runs[0]
    header = ("tool", "workers", "files", "lines", "wall s", "lines/s", "lines/cpu-s")
    header += ("peak RSS MiB", "findings", "lines/s vs first row")
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in runs:
        ratio = r.lines_per_second / base.lines_per_second if base.lines_per_second else 0.0
        cells = (r.label, r.workers, r.files, r.lines, f"{r.seconds:.1f}")
        cells += (f"{r.lines_per_second:.0f}", f"{r.lines_per_cpu_second:.0f}")
        cells += (f"{r.peak_rss_mib:.0f}", r.findings, f"{ratio:.3f}x")
        print("| " + " | ".join(str(c) for c in cells) + " |")
    pair = [r for r in runs if r.label.startswith(("anchorlint/", "fixit"))]
    if len(pair) == 2 and pair[1].lines_per_second:
        wall = pair[0].lines_per_second / pair[1].lines_per_second
        cpu = pair[0].lines_per_cpu_second / pair[1].lines_per_cpu_second
        print(
            f"\nanchorlint vs Fixit on the same {pair[0].files} files: {wall:.0f}x lines/s, "
            f"{cpu:.0f}x lines per CPU second"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packages", nargs="+", default=list(DEFAULT_PACKAGES))
    parser.add_argument("--no-fixit", action="store_true", help="skip the Fixit comparison")
    parser.add_argument(
        "--fixit-every",
        type=int,
        default=20,
        help="Fixit (and anchorlint again, for a same-files ratio) on every Nth file; 1 = all",
    )
    args = parser.parse_args(argv)
    files = package_files(tuple(args.packages))
    if not files:
        print("no files found", file=sys.stderr)
        return 2
    runs = [run("anchorlint", anchorlint_batch, files, n) for n in (1, 2)]
    if not args.no_fixit and importlib.util.find_spec("fixit") is not None:
        sample = files[:: max(1, args.fixit_every)]
        note = "" if args.fixit_every <= 1 else f"/{args.fixit_every}"
        runs.append(run(f"anchorlint{note}", anchorlint_batch, sample, 1))
        runs.append(run(f"fixit{note}", fixit_batch, sample, 1))
    elif not args.no_fixit:
        print("fixit not importable: comparison skipped", file=sys.stderr)
    report(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
