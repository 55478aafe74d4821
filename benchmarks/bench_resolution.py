"""Isolation-resolution benchmark: 10,000 pinned anchors against a 10,000-document store.

Generates a directory store (100 folders x 100 Markdown documents of 40-200 lines) and a
summary citing each document once with a pinned line range (one in ten pins deliberately
wrong), then measures, each phase in a fresh process so peak RSS is its own:

- ``core``: open the store and resolve, locate and verify every pin (what ANC201/ANC202/ANC204
  do per anchor, without the text front end);
- ``engine``: ``anchorlint.run.engine.lint_source`` on the summary with ANC201-ANC204 selected
  (adds Markdown parsing, sentence splitting and anchor scanning).

Usage: ``python benchmarks/bench_resolution.py [--documents N] [--phase core|engine|all]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def generate(root: Path, documents: int, seed: int = 7) -> str:
    """Write the store under ``root/store`` and return the summary text."""
    rng = random.Random(seed)
    store = root / "store"
    citations = []
    for index in range(documents):
        folder = store / f"area{index // 100:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        lines = [
            f"document {index} line {n}: {rng.getrandbits(64):016x}\n"
            for n in range(1, rng.randint(40, 200) + 1)
        ]
        (folder / f"doc{index:05d}.md").write_text("".join(lines), encoding="utf-8")
        first = rng.randint(1, len(lines))
        last = rng.randint(first, min(len(lines), first + 20))
        digest = hashlib.sha256("".join(lines[first - 1 : last]).encode()).hexdigest()[:16]
        if index % 10 == 0:
            digest = digest[::-1]
        key = f"area{index // 100:03d}/doc{index:05d}"
        citations.append(f"Item {index} is at [[{key}#L{first}-{last}@sha256:{digest}]].")
    return "\n".join(" ".join(citations[i : i + 5]) + "\n" for i in range(0, len(citations), 5))


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def phase_core(root: Path, summary: str) -> dict[str, float]:
    from anchorlint.config import TextSettings
    from anchorlint.stores import open_store_at
    from anchorlint.stores.resolve import locate, resolve, span_digest
    from anchorlint.text.anchors import find_anchors

    anchors = find_anchors(summary, TextSettings())
    started = time.perf_counter()
    store = open_store_at(str(root / "store"))
    mismatches = unresolved = 0
    for anchor in anchors:
        entry = resolve(store, anchor).entry
        if entry is None:
            unresolved += 1
            continue
        located = locate(store, entry, anchor.fragment)
        digest = span_digest(located, anchor.fragment)
        mismatches += digest is None or not digest.startswith(anchor.pin.hexdigest)
    elapsed = time.perf_counter() - started
    return {
        "anchors": len(anchors),
        "seconds": elapsed,
        "mismatches": mismatches,
        "unresolved": unresolved,
        "peak_rss_mib": peak_rss_mib(),
    }


def phase_engine(root: Path, summary: str) -> dict[str, float]:
    from anchorlint.config import Settings
    from anchorlint.run.engine import lint_source

    settings = Settings(select=("ANC201", "ANC202", "ANC203", "ANC204"), store=str(root / "store"))
    started = time.perf_counter()
    findings = lint_source("summary.md", summary, settings)
    elapsed = time.perf_counter() - started
    counts: dict[str, int] = {}
    for finding in findings:
        counts[finding.code] = counts.get(finding.code, 0) + 1
    return {"seconds": elapsed, "findings": counts, "peak_rss_mib": peak_rss_mib()}  # type: ignore[dict-item]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", type=int, default=10_000)
    parser.add_argument("--phase", choices=("core", "engine", "all"), default="all")
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.root:
        root = Path(args.root)
        summary = (root / "summary.md").read_text(encoding="utf-8")
        result = (phase_core if args.phase == "core" else phase_engine)(root, summary)
        print(json.dumps(result))
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        (root / "summary.md").write_text(generate(root, args.documents), encoding="utf-8")
        print(f"generated {args.documents} documents in {time.perf_counter() - started:.1f}s")
        for phase in ("core", "engine") if args.phase == "all" else (args.phase,):
            out = subprocess.run(
                [sys.executable, __file__, "--phase", phase, "--root", str(root)],
                capture_output=True,
                text=True,
                check=True,
            )
            print(f"{phase}: {out.stdout.strip()}")


if __name__ == "__main__":
    main()
