"""CPU and wall time of ``anchorlint check`` on one input for several source trees, interleaved.

    python benchmarks/compare_speed.py DIR --jobs 1 --rounds 2 before=/tmp/old new=

Each ``name=path`` runs ``python -m anchorlint`` with ``PYTHONPATH=path`` (a folder holding an
``anchorlint`` package, e.g. ``lint/`` of an older commit copied as ``anchorlint/`` with
``rules/`` inside it); an empty path runs the installed package. The variants take turns, so
a busy machine slows them alike; CPU time (user + system of the process tree) is the figure
to compare when the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time


def measure(target: str, jobs: int, path: str) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and output lines of one run."""
    env = dict(os.environ, PYTHONPATH=path) if path else dict(os.environ)
    command = [sys.executable, "-m", "anchorlint", "check", target, "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [*command, "--no-cache", "--exit-zero"], env=env, capture_output=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stdout.count(b"\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("target")
    parser.add_argument("variants", nargs="+", help="name=PYTHONPATH")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    target = args.target
    if os.path.isdir(target):
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(target) for f in fs)
    else:
        size = os.path.getsize(target)
    variants = [v.split("=", 1) for v in args.variants]
    best: dict[str, tuple[float, float]] = {}
    for round_ in range(args.rounds):
        for name, path in variants:
            wall, cpu, lines = measure(target, args.jobs, path)
            load = os.getloadavg()[0]
            print(
                f"round {round_} {name:8} wall {wall:7.2f} cpu {cpu:7.2f} lines {lines} load {load:.1f}"
            )
            old = best.get(name, (wall, cpu))
            best[name] = (min(old[0], wall), min(old[1], cpu))
    print(f"{size / 1e6:.2f} MB, --jobs {args.jobs}")
    for name, (wall, cpu) in best.items():
        print(
            f"{name:8} best wall {wall:7.2f} ({size / 1e6 / wall:.2f} MB/s)  best CPU {cpu:7.2f} "
            f"({size / 1e6 / cpu:.2f} MB/CPU-s)"
        )


if __name__ == "__main__":
    main()
