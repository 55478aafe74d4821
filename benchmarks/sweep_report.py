"""The Markdown report of the code-rule sweep (``sweep_code.py``) and its acceptance lines.

It reads only ``PackageResult`` values, fresh from ``sweep_lint.py`` or reloaded by ``--merge``,
so it is apart from the fetching and linting: the table per package, the PASS/FAIL line per
target, and every finding and bug.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections import Counter

from sweep_lint import PackageResult

CODE_RULES = tuple(f"ANC30{n}" for n in range(1, 9))
TARGET_PER_500K = 1.0
SLOW_FILE_SECONDS = 10.0


def per_500k(count: int, lines: int) -> float:
    return count * 500_000 / lines if lines else 0.0


def table(results: list[PackageResult]) -> list[str]:
    """The per-package rows and a totals row."""
    codes = list(CODE_RULES) + sorted(
        {c for r in results for c in r.counts} - set(CODE_RULES) - {"ANC001", "ANC002"}
    )
    head = [
        "package",
        "version",
        "files",
        "lines",
        *codes,
        "ANC001/002",
        "bugs",
        "wall s",
        "CPU s",
        "slowest timed file (CPU s)",
    ]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for r in results:
        slow = max(r.file_seconds.items(), key=lambda kv: kv[1], default=None)
        slowest = f"`{slow[0]}` {slow[1]:.1f}" if slow else ("all chunks fast" if r.timed else "–")
        engine = r.counts.get("ANC001", 0) + r.counts.get("ANC002", 0)
        cells = [
            r.name,
            r.version,
            r.files,
            r.lines,
            *(r.counts.get(c, 0) for c in codes),
            engine,
            len(r.bugs) + bool(r.error),
            f"{r.seconds:.1f}",
            f"{r.cpu_seconds:.1f}",
            slowest,
        ]
        rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    lines = sum(r.lines for r in results)
    total = Counter()
    for r in results:
        total.update(r.counts)
    cells = [
        "**total**",
        "",
        sum(r.files for r in results),
        lines,
        *(total.get(c, 0) for c in codes),
        total.get("ANC001", 0) + total.get("ANC002", 0),
        sum(len(r.bugs) + bool(r.error) for r in results),
        f"{sum(r.seconds for r in results):.1f}",
        f"{sum(r.cpu_seconds for r in results):.1f}",
        "",
    ]
    rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    return rows


def acceptance(results: list[PackageResult]) -> list[str]:
    """One PASS/FAIL line per acceptance target of the sweep."""
    lines = sum(r.lines for r in results)
    rule_findings = sum(
        r.counts.get(c, 0) for r in results for c in r.counts if c.startswith("ANC3")
    )
    rate = per_500k(rule_findings, lines)
    bugs = [b for r in results for b in r.bugs]
    engine = [b for b in bugs if "on valid code" in b]
    slow = [
        (r.name, p, s) for r in results for p, s in r.file_seconds.items() if s > SLOW_FILE_SECONDS
    ]
    unmeasured = [r.name for r in results if r.cpu_seconds > SLOW_FILE_SECONDS and not r.timed]

    def verdict(ok: bool) -> str:
        return "PASS" if ok else "FAIL"

    return [
        f"- {verdict(rate <= TARGET_PER_500K)}: {rule_findings} ANC3xx findings in {lines:,} "
        f"lines = {rate:.2f} per 500k lines (target ≤ {TARGET_PER_500K:g})",
        f"- {verdict(not [b for b in bugs if b not in engine])}: tracebacks or internal errors: "
        f"{len(bugs) - len(engine)}",
        f"- {verdict(not engine)}: ANC001/ANC002 on code Python {platform.python_version()} "
        f"reads and parses: {len(engine)}",
        f"- {verdict(not slow and not unmeasured)}: files over {SLOW_FILE_SECONDS:g} s: "
        f"{len(slow)}, CPU seconds of one process each (packages over {SLOW_FILE_SECONDS:g} s without a timing pass: "
        f"{', '.join(unmeasured) or 'none'})",
    ]


def report(results: list[PackageResult], args: argparse.Namespace, version: str) -> str:
    """The Markdown report: table, acceptance lines, every finding and bug."""
    out = [
        "# Code-rule false-positive sweep",
        "",
        f"anchorlint {version}, `--jobs {args.jobs}`, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at end "
        f"{os.getloadavg()[0]:.2f}. Command: `python benchmarks/sweep_code.py --jobs {args.jobs}`"
        + (f" `--packages {','.join(args.packages)}`" if args.packages else "")
        + (
            f"; this report merges the saved results of {len(args.merge)} runs (`--merge`), "
            "the date and load are the merge's."
            if getattr(args, "merge", None)
            else "."
        ),
        "Seconds are one `anchorlint check` per package (start-up included), wall and CPU (user +",
        "system: the fair number when the machine is shared). Packages over "
        f"{args.slow_package:g} CPU s are timed again in chunks of {args.chunk_size} files and",
        f"every chunk over {args.slow_chunk:g} CPU s file by file (one process per file).",
        "",
        *table(results),
        "",
        "## Acceptance",
        "",
        *acceptance(results),
        "",
        "## Findings",
        "",
    ]
    for r in results:
        for f in r.findings:
            out.append(
                f"- `{r.name}-{r.version}/{f['path']}:{f['line']}` {f['code']} {f['message']}"
            )
    out += ["", "## Errors and bugs", ""]
    out += [f"- {r.name}: {r.error}" for r in results if r.error]
    out += [f"- {r.name}: {b}" for r in results for b in r.bugs]
    out += [
        f"- {r.name}: `{p}` {s:.1f} s"
        for r in results
        for p, s in r.file_seconds.items()
        if s > SLOW_FILE_SECONDS
    ]
    return "\n".join(out) + "\n"
