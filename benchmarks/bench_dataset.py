"""Dataset benchmark: a million stored summaries in Parquet, linted embedded and on Dask.

    python benchmarks/bench_dataset.py --records 1000000          # generate (cached) and run all
    python benchmarks/bench_dataset.py --records 20000 --runs embedded-1,dask-2

The summaries are generated reproducibly (seeded) into a cache folder outside the repository
(``$ANCHORLINT_BENCH_CACHE``, default ``~/.cache/anchorlint-bench``), in record batches written
one at a time, so generation itself holds one batch in memory. They read like the summaries
coding agents and chat frameworks store: a title, paragraphs and lists citing paths, lines,
commits, issues and wiki keys, with the anaphora, prose pointers, elisions and completeness
claims the text rules look for; a fifth of the records are generations of a thread.

Runs (each a fresh process; wall time, CPU time, peak RSS of the whole process tree sampled
every 0.05 s, and findings):

- ``embedded-N``: ``anchorlint check DATA --text-column summary --id-column id --jobs N
  --no-cache`` with its report written to a file;
- ``dask-N``: ``anchorlint.distributed.lint_dataset`` on a local cluster of N worker
  processes (cluster start-up timed apart from the lint).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TOPICS = (
    "billing", "ledger", "webhooks", "refunds", "replica", "cutover", "auth", "search",
    "ingest", "retries", "scheduler", "exports", "quotas", "sessions", "migrations", "alerts",
)  # fmt: skip
FILES = (
    "src/api/handlers.py", "src/db/pool.py", "services/billing/invoice.ts", "cmd/worker/main.go",
    "config/settings.yaml", "docs/adr/0007-cutover.md", "scripts/migrate.sh", "tests/test_pool.py",
    "infra/terraform/main.tf", "src/search/index.rs", "web/src/App.tsx", "Makefile",
)  # fmt: skip
IMPERATIVES = ("add", "remove", "rename", "rewrite", "move", "split", "fix", "tighten")
VERBS = ("added", "removed", "renamed", "rewrote", "moved", "split", "fixed", "tightened")
THINGS = (
    "the retry loop", "the connection pool", "a feature flag", "the rate limiter",
    "the schema check", "the cache key", "the export job", "the webhook signature check",
)  # fmt: skip
SENTENCES = (
    "The user asked to {verb2} {thing} in {file} and keep the public API unchanged.",
    "We {verb} {thing} in `{file}` (lines {n}-{m}); the tests in tests/test_{topic}.py pass.",
    "As noted earlier, the {topic} rollout waits for the replica to catch up.",
    "Per the config, the {topic} pool holds {n} connections and times out after {m} ms.",
    "Commit {sha} {verb} {thing}; see #{issue} for the discussion.",
    "The failing check is {file}:{n}, which still reads the old {topic} setting.",
    "Design notes live in [[design/{topic}#L{n}-{m}@sha256:{digest}]].",
    "Remaining: migrate {topic}, {topic2}, the alert routes, etc.",
    "The previous conversation covered the {topic} incident and the postmortem draft.",
    "See https://wiki.example.com/runbooks/{topic} for the cutover procedure.",
    "Error rates on {topic} stayed above {n}% for four minutes before the rollback.",
    "{ticket} tracks the {topic} quota change requested by the platform team.",
    "The agent quoted \"timeout after {m} ms\" from [[logs/{topic}-{n}#L{n}]].",
    "This summary is complete and nothing was left out.",
    "The {topic} exporter now writes one file per tenant instead of one per day.",
)  # fmt: skip
TITLES = ("Session summary", "Handoff", "Progress so far", "Context for the next turn")


def _fill(rng: random.Random, template: str) -> str:
    n = rng.randint(2, 400)
    return template.format(
        topic=rng.choice(TOPICS), topic2=rng.choice(TOPICS), file=rng.choice(FILES),
        verb=rng.choice(VERBS), verb2=rng.choice(IMPERATIVES),
        thing=rng.choice(THINGS), n=n, m=n + rng.randint(1, 60),
        sha=f"{rng.getrandbits(28):07x}", issue=rng.randint(10, 9999),
        ticket=f"ENG-{rng.randint(100, 9999)}", digest=f"{rng.getrandbits(64):016x}",
    )  # fmt: skip


def summary_text(rng: random.Random, size: int) -> str:
    """One summary of about ``size`` characters: a title, paragraphs, sometimes a list."""
    parts = [f"{rng.choice(TITLES)}: {rng.choice(TOPICS)} ({rng.randint(1, 999)})"]
    length = len(parts[0])
    while length < size:
        if rng.random() < 0.3:
            block = "\n".join(
                f"- {_fill(rng, rng.choice(SENTENCES))}" for _ in range(rng.randint(2, 4))
            )
        else:
            block = " ".join(_fill(rng, rng.choice(SENTENCES)) for _ in range(rng.randint(2, 4)))
        parts.append(block)
        length += len(block) + 2
    return "\n\n".join(parts)


def generate(records: int, folder: Path, seed: int = 19, batch: int = 10_000) -> Path:
    """Write ``records`` summaries as Parquet under ``folder`` (8 files, row groups of
    ``batch`` rows), unless a complete copy is already there; return the dataset folder."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    target = folder / f"summaries-{records}-s{seed}"
    done = target / "_COMPLETE"
    if done.exists():
        return target
    target.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    files = 8 if records >= 40_000 else 1
    per_file = -(-records // files)
    schema = pa.schema([("id", pa.string()), ("summary", pa.string()), ("thread", pa.string()),
                        ("generation", pa.int32())])  # fmt: skip
    written = 0
    for index in range(files):
        with pq.ParquetWriter(
            target / f"part-{index:02d}.parquet", schema, compression="none"
        ) as out:
            for start in range(0, min(per_file, records - written), batch):
                count = min(batch, per_file - start, records - written)
                out.write_table(_batch(rng, written, count, schema), row_group_size=batch)
                written += count
    done.write_text(json.dumps({"records": written, "seed": seed}))
    return target


def _batch(rng: random.Random, first: int, count: int, schema: object) -> object:
    """``count`` records from row ``first`` on; a thread's generations stay in one batch."""
    import pyarrow as pa

    ids, texts, threads, generations = [], [], [], []
    while len(ids) < count:
        left = count - len(ids)
        size = int(rng.lognormvariate(6.9, 0.35))  # median about 1 KB, a tail to several KB
        generations_here = min(rng.randint(2, 4), left) if rng.random() < 0.07 else 1
        thread = f"thread-{first + len(ids):07d}" if generations_here > 1 else None
        for generation in range(generations_here):
            ids.append(f"sum-{first + len(ids):07d}")
            texts.append(summary_text(rng, size))
            threads.append(thread)
            generations.append(generation + 1 if thread else None)
    columns = {"id": ids, "summary": texts, "thread": threads, "generation": generations}
    return pa.table(columns, schema=schema)


# --- measuring -------------------------------------------------------------------------------


def _tree(root: int) -> tuple[int, int, float]:
    """Resident bytes of ``root`` and all its descendants (RSS summed: pages the processes
    share, a forked worker's inherited modules and every shared library, count once per
    process), the same as PSS (each shared page divided among its sharers: what the tree
    really takes), and ``root``'s own CPU seconds so far, from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    own = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
        if int(entry) == root:
            own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    total, pss, stack, seen = 0, 0, [root], set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += rss.get(pid, 0)
        pss += _pss(pid)
        stack += [child for child, parent in parents.items() if parent == pid]
    return total, pss, own


def _pss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def measure(command: list[str], log: Path, out: Path | None = None) -> dict[str, float]:
    """Run ``command`` (stdout to ``out``, else to ``log`` with stderr): wall and CPU seconds
    of the whole process tree, the root process's own CPU seconds (its last sample), the
    peak RSS of the tree summed over its processes (MB, sampled every 0.05 s), the load
    average before, and the exit code. The peaks: RSS and PSS summed over the tree (see
    :func:`_tree`)."""
    start = time.perf_counter()
    before, load = os.times(), os.getloadavg()[0]
    with open(log, "wb") as errors, open(out or log, "ab") as stdout:
        process = subprocess.Popen(
            command, stdout=stdout, stderr=errors if out else subprocess.STDOUT
        )
        peak, peak_pss, own = 0, 0, 0.0
        while process.poll() is None:
            rss, pss, cpu = _tree(process.pid)
            peak, peak_pss, own = max(peak, rss), max(peak_pss, pss), max(own, cpu)
            time.sleep(0.05)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return {"wall_s": time.perf_counter() - start, "cpu_s": cpu, "parent_cpu_s": own,
            "peak_rss_mb": peak / 1e6, "peak_pss_mb": peak_pss / 1e6, "load": load,
            "exit": float(process.returncode)}  # fmt: skip


DASK_RUN = """
import json, sys, time
if __name__ == "__main__":
    from dask.distributed import Client
    from anchorlint.distributed import lint_dataset, local_cluster
    began = time.perf_counter()
    with local_cluster({workers}) as cluster, Client(cluster) as client:
        client.wait_for_workers({workers})
        started = time.perf_counter()
        written = lint_dataset({data!r}, client=client, output={out!r})
        done = time.perf_counter()
    print(json.dumps({{"startup_s": started - began, "lint_s": done - started,
                       "findings": written}}))
"""


def run(name: str, data: Path, records: int, scratch: Path) -> dict[str, object]:
    """One named run (``embedded-N`` or ``dask-N``) over ``data``."""
    kind, workers = name.rsplit("-", 1)
    log = scratch / f"{name}.log"
    if kind == "embedded":
        out = scratch / f"{name}.txt"
        command = [sys.executable, "-m", "anchorlint", "check", str(data), "--text-column",
                   "summary", "--id-column", "id", "--jobs", workers, "--no-cache",
                   "--exit-zero", "--output-file", str(out)]  # fmt: skip
        result: dict[str, object] = dict(measure(command, log))
        with open(out, "rb") as handle:
            result["findings"] = sum(1 for _ in handle)
    else:
        out = scratch / f"{name}.parquet"
        script = DASK_RUN.format(workers=int(workers), data=str(data), out=str(out))
        result = dict(measure([sys.executable, "-c", script], log))
        lines = log.read_text().strip().splitlines()
        result.update(json.loads(lines[-1]) if lines and lines[-1].startswith("{") else {})
    result["records_per_s"] = records / float(result["wall_s"])  # type: ignore[arg-type]
    result["run"] = name
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--runs", default="embedded-1,embedded-2,dask-1,dask-2")
    parser.add_argument("--parts", type=int, default=0,
                        help="lint only the first K files of the dataset (a measured fraction)")  # fmt: skip
    parser.add_argument("--cache", default=os.environ.get("ANCHORLINT_BENCH_CACHE",
                                                          str(Path.home() / ".cache" / "anchorlint-bench")))  # fmt: skip
    args = parser.parse_args(argv)
    began = time.perf_counter()
    data = generate(args.records, Path(args.cache), args.seed)
    files = sorted(data.glob("*.parquet"))
    records = args.records
    if args.parts:
        import pyarrow.parquet as pq

        files = files[: args.parts]
        records = sum(pq.ParquetFile(p).metadata.num_rows for p in files)
    size = sum(p.stat().st_size for p in files)
    print(f"data: {data} ({records} of {args.records} records in {len(files)} files, "
          f"{size / 1e6:.0f} MB of Parquet; ready in {time.perf_counter() - began:.0f} s; "
          f"load {os.getloadavg()[0]:.1f})", flush=True)  # fmt: skip
    print(
        "| run | load | wall s | CPU s (parent) | records/s | records per CPU s | "
        "peak RSS MB (tree) | peak PSS MB (tree) | findings | cluster start s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |", flush=True)  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="anchorlint-bench-") as scratch:
        if args.parts:  # a folder of the chosen files only
            chosen = Path(scratch) / "data"
            chosen.mkdir()
            for p in files:
                (chosen / p.name).hardlink_to(p)  # same disk: no copy, no link to follow
            data = chosen
        for name in [r for r in args.runs.split(",") if r]:
            r = run(name, data, records, Path(scratch))
            startup = r.get("startup_s")
            cpu = float(r["cpu_s"])  # type: ignore[arg-type]
            print(f"| {name} | {r['load']:.1f} | {r['wall_s']:.1f} | {cpu:.1f} "
                  f"({r['parent_cpu_s']:.1f}) | {r['records_per_s']:.0f} | {records / cpu:.0f} | "
                  f"{r['peak_rss_mb']:.0f} | {r['peak_pss_mb']:.0f} | {r.get('findings', '?')} | "
                  f"{'' if startup is None else f'{startup:.1f}'} |", flush=True)  # fmt: skip
            if r["exit"] not in (0.0, 1.0):
                print((Path(scratch) / f"{name}.log").read_text()[-2000:], file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
