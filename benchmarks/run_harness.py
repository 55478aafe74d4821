"""How ``run.py`` starts and measures one run of a tool, and how it writes that run's numbers.

Every run is a fresh subprocess under a tiny wrapper process of its own (``WRAPPER``), which
times it and reads its own ``RUSAGE_CHILDREN``, so numbers never accumulate across runs. The
command builders launch each tool as a user would (flake8 with its default plugins, Fixit with
its pool pinned to N workers). Apart from the sections because every section, ``bench_shapes``
included, measures through this one ``Runner`` and formats with the same helpers.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

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
    #: the fastest and the slowest wall time of the rounds this is the median of (None: one run)
    spread: tuple[float, float] | None = None


class Case(NamedTuple):
    """One command to measure, as :meth:`Runner.run` takes it."""

    tool: str
    jobs: int | str
    cmd: list[str]
    cwd: Path
    ok: Callable[[int], bool]


def median_sample(samples: Sequence[Sample]) -> Sample:
    """One case's rounds as one sample: the median wall and CPU time, the largest peak RSS,
    and the spread of the walls. Every round must print as many lines: a round that did
    other work is not a round of the same case."""
    lines = {s.findings for s in samples}
    if len(lines) != 1:
        raise SystemExit(f"{samples[0].tool} printed {sorted(lines)} lines in its rounds")
    walls = [s.wall for s in samples]
    rss = [s.rss_mib for s in samples if s.rss_mib is not None]
    return replace(
        samples[0],
        wall=statistics.median(walls),
        cpu=statistics.median(s.cpu for s in samples),
        rss_mib=max(rss) if rss else None,
        spread=(min(walls), max(walls)) if len(samples) > 1 else None,
    )


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

    def rounds(self, cases: Sequence[Case], count: int) -> list[Sample]:
        """Each case's median over ``count`` rounds, a round running every case once in
        order: a slow spell of a shared machine then falls on every case alike, and a ratio
        of two cases (two jobs to one, anchorlint to a peer) compares runs made side by side."""
        runs: list[list[Sample]] = [[] for _ in cases]
        for _ in range(max(count, 1)):
            for case, samples in zip(cases, runs, strict=True):
                samples.append(self.run(*case))
        return [median_sample(samples) for samples in runs]


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


#: the columns :func:`rate_cells` fills, in its order
RATE_COLUMNS = ["wall s", "min–max s", "CPU s", "MB/s", "MB/CPU-s", "peak RSS MiB"]


def rate_cells(sample: Sample, megabytes: float) -> list[str]:
    """A throughput row's measured cells (:data:`RATE_COLUMNS`) for ``megabytes`` of input."""
    return [
        fmt(sample.wall),
        fmt_spread(sample),
        fmt(sample.cpu),
        fmt(megabytes / sample.wall),
        fmt(megabytes / sample.cpu) if sample.cpu else "n/a",
        fmt(sample.rss_mib, 0),
    ]


def fmt_spread(sample: Sample) -> str:
    """The fastest and slowest wall time of a sample's rounds (one run: its wall time)."""
    if sample.extrapolated:
        return "n/a"
    low, high = sample.spread or (sample.wall, sample.wall)
    return f"{low:.2f}–{high:.2f}"


def ratio(ours: float, theirs: float) -> float:
    return ours / theirs if theirs else float("inf")


def tool_label(sample: Sample) -> str:
    return sample.tool + (f" ({sample.note})" if sample.note else "")
