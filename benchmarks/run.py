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

The throughput and cache sections run each case in ``--rounds`` interleaved rounds and keep
the medians (see ``benchmarks/README.md``).

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
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

# The benchmarks folder is not a package: its modules import each other as sibling scripts.
# This file holds the command line and the order of the sections; the measuring of one run is
# in run_harness.py, the report in run_report.py, the sections in run_sections.py,
# run_code_sections.py and bench_shapes.py.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import run_harness  # noqa: E402
from bench_shapes import section_shapes  # noqa: E402
from corpus import write_compactors, write_summaries  # noqa: E402
from run_code_sections import section_code, section_dense  # noqa: E402
from run_harness import BENCH_ENV, Runner, anchorlint, fixit, flake8, proselint  # noqa: E402
from run_report import Report, write_acceptance, write_header  # noqa: E402
from run_sections import section_cache, section_startup, section_summaries  # noqa: E402

HERE = Path(__file__).resolve().parent
DEFAULT_RESULTS = HERE / "results" / "latest.md"
DEFAULT_PACKAGES = ("pip", "setuptools", "libcst", "spacy")
SECTIONS = ("summaries", "code", "dense", "startup", "cache", "shapes")


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
        "--rounds",
        type=int,
        default=3,
        help="rounds of the throughput and cache runs (every case once per round, medians kept)",
    )
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
    write_header(report, command)
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
            "shapes": lambda a, r, p: section_shapes(a, r, p, run_harness),
        }
        for name in args.sections:
            steps[name](args, runner, report)
    finally:
        if temp:
            shutil.rmtree(temp, ignore_errors=True)
    write_acceptance(report, started)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text("\n".join(report.lines) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
