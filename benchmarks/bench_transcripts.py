"""Transcript throughput: a generated Claude Code projects folder, 1 % of records summaries.

    python benchmarks/bench_transcripts.py --mb 200 --jobs 2

Writes sessions of realistic records (tool calls and results, assistant text, file-history
snapshots; one record in a hundred an ``isCompactSummary`` summary with the fixed preamble and
tail) under a temporary ``projects/<slug>/`` folder, then times one fresh ``anchorlint check``
subprocess over it and reports MB/s and the peak RSS of the largest process.
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
import uuid
from pathlib import Path

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
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        size = generate(Path(tmp), args.mb, args.seed)
        command = [sys.executable, "-m", "anchorlint", "check", "--no-cache", "--jobs",
                   str(args.jobs), "--exit-zero", str(Path(tmp) / "projects")]  # fmt: skip
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True)
        wall = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    findings = done.stdout.count("\n")
    print(f"{size / 1e6:.0f} MB in {wall:.1f} s: {size / 1e6 / wall:.1f} MB/s at {args.jobs} jobs, "
          f"peak RSS {peak:.0f} MB, {findings} findings, exit {done.returncode}")  # fmt: skip
    if done.returncode not in (0, 1):
        print(done.stderr, file=sys.stderr)


if __name__ == "__main__":
    main()
