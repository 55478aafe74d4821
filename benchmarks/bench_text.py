"""Text-rule throughput: a reproducible corpus of summaries, linted with 1 and 2 workers.

    python benchmarks/bench_text.py --summaries 10000 --size 1024 --seed 7
    python benchmarks/bench_text.py --jsonl-mb 200          # one large JSON Lines file

Reports summaries/s, MB/s, lines/s and peak RSS (largest process) per worker count. Each
run is a fresh ``anchorlint check`` subprocess, so start-up is included, as users see it.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: sentences no rule fires on, for corpora with a realistic share of clean summaries
CLEAN = (
    "The cutover was moved to Thursday after the replica lagged.",
    "Error rates stayed above 30% for four minutes ([[ops/alerts]]).",
    "Ownership moved to payments ([[teams/payments]]).",
    "The ledger rules are in [[design/ledger#L3-4@sha256:8cbe08fc3b175a93]].",
)
SENTENCES = (
    "The cutover was moved to Thursday after the replica lagged.",
    "As noted earlier, the retry budget stays at five.",
    "Per the config, the pool holds forty connections.",
    "Error rates stayed above 30% for four minutes.",
    "The ledger rules are in [[design/ledger#L3-4@sha256:8cbe08fc3b175a93]].",
    "Billing, refunds, webhooks and so on were discussed.",
    "See https://wiki.example.com/runbooks/db for the full procedure.",
    "The previous release v2.3 showed the same spike earlier today.",
    "Ownership moved to payments ([[teams/payments]]).",
    "The failing step is doc_7#L120-140 in the runbook.",
)


def summary_text(rng: random.Random, size: int, clean: bool = False) -> str:
    pool = CLEAN if clean else SENTENCES
    parts: list[str] = []
    length = 0
    while length < size:
        paragraph = " ".join(rng.choice(pool) for _ in range(rng.randint(2, 5)))
        parts.append(paragraph)
        length += len(paragraph) + 2
    return "\n\n".join(parts) + "\n"


def write_corpus(root: Path, count: int, size: int, seed: int) -> int:
    rng = random.Random(seed)
    total = 0
    for index in range(count):
        text = summary_text(rng, size)
        folder = root / f"d{index // 500:03d}"
        folder.mkdir(exist_ok=True)
        (folder / f"s{index:05d}.md").write_text(text, encoding="utf-8")
        total += len(text.encode())
    return total


def write_jsonl(path: Path, megabytes: int, seed: int, clean_share: float = 0.0) -> tuple[int, int]:
    rng = random.Random(seed)
    written = records = 0
    with path.open("w", encoding="utf-8") as out:
        while written < megabytes * 1024 * 1024:
            text = summary_text(rng, 1024, clean=rng.random() < clean_share)
            line = json.dumps({"id": records, "summary": text}) + "\n"
            out.write(line)
            written += len(line)
            records += 1
    return written, records


def run(target: Path, jobs: int, fmt: str = "flake8") -> tuple[float, float, int]:
    """Seconds, peak RSS in MB of the largest process, and findings (lines of the report,
    or results for json and sarif). The report goes to a file, not into this process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    command = [sys.executable, "-m", "anchorlint", "check", str(target), "--jobs", str(jobs)]
    command += ["--exit-zero", "--no-cache", "--format", fmt]
    with tempfile.TemporaryFile("w+", encoding="utf-8") as report:
        start = time.perf_counter()
        result = subprocess.run(command, stdout=report, stderr=subprocess.PIPE, text=True)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise SystemExit(result.stderr)
        report.seek(0)
        marker = {"json": '    "code": ', "sarif": '          "ruleId": '}.get(fmt)
        findings = sum(1 for line in report if marker is None or line.startswith(marker))
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return elapsed, max(peak, before) / 1024, findings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--summaries", type=int, default=2000)
    parser.add_argument("--size", type=int, default=1024, help="bytes per summary")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--jsonl-mb", type=int, default=0, help="lint one JSON Lines file this large instead"
    )
    parser.add_argument("--jobs", default="1,2")
    parser.add_argument("--format", default="flake8", help="report format (flake8, json, sarif)")
    parser.add_argument(
        "--clean-share",
        type=float,
        default=0.0,
        help="share of JSON Lines records no rule fires on",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if args.jsonl_mb:
            size, count = write_jsonl(
                root / "big.jsonl", args.jsonl_mb, args.seed, args.clean_share
            )
            target = root / "big.jsonl"
        else:
            size, count = write_corpus(root, args.summaries, args.size, args.seed), args.summaries
            target = root
        lines = (
            sum(p.read_text().count("\n") for p in root.rglob("*.*"))
            if not args.jsonl_mb
            else count
        )
        print(f"corpus: {count} summaries, {size / 1e6:.1f} MB, {lines} lines (seed {args.seed})")
        print(
            f"{'jobs':>4} {'seconds':>8} {'summ/s':>8} {'MB/s':>6} {'lines/s':>9} {'peak MB':>8} {'findings':>9}"
        )
        for jobs in (int(j) for j in args.jobs.split(",")):
            elapsed, peak, findings = run(target, jobs, args.format)
            print(
                f"{jobs:>4} {elapsed:8.2f} {count / elapsed:8.0f} {size / 1e6 / elapsed:6.2f} "
                f"{lines / elapsed:9.0f} {peak:8.0f} {findings:>9}"
            )


if __name__ == "__main__":
    main()
