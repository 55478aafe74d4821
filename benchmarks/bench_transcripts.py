"""Transcript throughput: a generated Claude Code projects folder, 1 % of records summaries.

    python benchmarks/bench_transcripts.py --mb 200 --jobs 2

Writes sessions of realistic records (tool calls and results, assistant text; one record in
a hundred an ``isCompactSummary`` summary with the fixed preamble and tail) under a temporary
``projects/<slug>/`` folder (``--keep DIR`` writes it there once and reuses it), then times one
fresh ``anchorlint check`` subprocess over it, ``--repeat`` times.

Reported per run: wall seconds and MB/s; CPU seconds of the whole process tree and of the
parent alone; MB per CPU second; the MB/s the run would reach on ``--jobs`` free cores, an
estimate from the CPU times: low, with the parent's CPU all serial and the workers' spread
evenly; high, with the whole tree's spread evenly; the peak RSS of the whole tree (all processes summed); the
peak PSS of the tree (shared pages divided among the processes sharing them: what the run
really takes); the load average before the run. On a shared machine the wall time moves with the load; the CPU
figures do not.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import uuid
from pathlib import Path

from bench_dataset import measure

PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The summary below covers the earlier portion of the conversation.\n\n"
)
BODY = (
    "Summary:\n1. Primary Request and Intent:\n   Fix the retry path in src/jobs/retry.py (#{n}).\n\n"
    "2. Key Technical Concepts:\n   - Backoff is computed in backoff.py:41; as noted earlier the "
    "clock is read twice.\n   - Decision recorded in [[adr/0012-retries#L3-9]].\n\n"
    "3. Pending Tasks:\n   - Add a regression test in tests/test_retry.py.\n"
)
TAIL = (
    "\n\nIf you need specific details from before compaction (like exact code snippets, error "
    "messages, or content you generated), read the full transcript at: /tmp/x.jsonl\n"
    "Continue the conversation from where it left off without asking the user any further "
    "questions. Resume directly — do not acknowledge the summary, do not recap what was "
    'happening, do not preface with "I\'ll continue" or similar. Pick up the last task as if '
    "the break never happened."
)
OUTPUT = "collected 212 items\n" + "tests/test_retry.py ....................\n" * 20


def record(rng: random.Random, session: str, n: int) -> dict[str, object]:
    base = {
        "parentUuid": str(uuid.UUID(int=rng.getrandbits(128))),
        "isSidechain": False,
        "userType": "external",
        "cwd": "/home/dev/src/jobs",
        "sessionId": session,
        "version": "2.1.150",
        "gitBranch": "main",
        "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
        "timestamp": "2026-11-20T09:01:31.167Z",
    }
    if n % 100 == 50:
        content = PREAMBLE + BODY.format(n=n) + TAIL
        return {**base, "type": "user", "message": {"role": "user", "content": content},
                "isVisibleInTranscriptOnly": True, "isCompactSummary": True}  # fmt: skip
    kind = rng.random()
    if kind < 0.45:
        block = {"type": "tool_result", "tool_use_id": f"toolu_{n}", "content": OUTPUT}
        return {**base, "type": "user", "message": {"role": "user", "content": [block]},
                "toolUseResult": {"stdout": OUTPUT, "stderr": ""}}  # fmt: skip
    if kind < 0.9:
        call = {"type": "tool_use", "id": f"toolu_{n}", "name": "Bash",
                "input": {"command": "pytest -q tests/test_retry.py", "description": "Run tests"}}  # fmt: skip
        return {**base, "type": "assistant", "message": {"role": "assistant", "content": [call]}}
    text = {"type": "text", "text": "Running the suite again after the change to retry.py."}
    return {**base, "type": "assistant", "message": {"role": "assistant", "content": [text]}}


def generate(root: Path, megabytes: int, seed: int) -> int:
    rng = random.Random(seed)
    target, written, sessions = megabytes << 20, 0, 0
    folder = root / "projects" / "-home-dev-src-jobs"
    folder.mkdir(parents=True)
    while written < target:
        session = str(uuid.UUID(int=rng.getrandbits(128)))
        with open(folder / f"{session}.jsonl", "w", encoding="utf-8") as out:
            for n in range(4000):
                line = json.dumps(
                    record(rng, session, n), ensure_ascii=False, separators=(",", ":")
                )
                out.write(line + "\n")
                written += len(line.encode("utf-8")) + 1
        sessions += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", help="write the folder here once and reuse it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(args.keep) if args.keep else Path(tmp)
        projects = root / "projects"
        if not projects.is_dir():
            generate(root, args.mb, args.seed)
        size = sum(p.stat().st_size for p in projects.rglob("*.jsonl"))
        command = [sys.executable, "-m", "anchorlint", "check", "--no-cache", "--jobs",
                   str(args.jobs), "--exit-zero", str(projects)]  # fmt: skip
        for _ in range(args.repeat):
            out, log = Path(tmp) / "findings.txt", Path(tmp) / "stderr.txt"
            out.unlink(missing_ok=True)
            r = measure(command, log, out)
            with open(out, "rb") as handle:
                findings = sum(1 for _ in handle)
            mb = size / 1e6
            # on free cores: the parent's CPU as if none of it overlapped the workers' (the
            # low estimate), or the whole tree's spread evenly over the cores (the high one)
            serial = r["parent_cpu_s"] + (r["cpu_s"] - r["parent_cpu_s"]) / args.jobs
            print(f"{mb:.0f} MB, {args.jobs} jobs, load {r['load']:.1f}: "
                  f"wall {r['wall_s']:.1f} s = {mb / r['wall_s']:.1f} MB/s; "
                  f"CPU {r['cpu_s']:.1f} s (parent {r['parent_cpu_s']:.1f} s) = "
                  f"{mb / r['cpu_s']:.1f} MB per CPU s, "
                  f"{mb / serial:.0f}-{mb / (r['cpu_s'] / args.jobs):.0f} MB/s on {args.jobs} "
                  "free cores; "
                  f"peak of the tree: RSS {r['peak_rss_mb']:.0f} MB, PSS {r['peak_pss_mb']:.0f} MB; "
                  f"{findings} findings, "
                  f"exit {r['exit']:.0f}", flush=True)  # fmt: skip
            if r["exit"] not in (0.0, 1.0):
                print(log.read_text()[-2000:], file=sys.stderr)


if __name__ == "__main__":
    main()
