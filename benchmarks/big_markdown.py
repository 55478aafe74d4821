"""Write one large Markdown summary (seeded, the same bytes every time) for memory checks.

A Markdown file is one summary however long it is, so the text pass must hold bounded
memory on it. The file mixes numbered sections, nested lists, fenced code, paths, line
anchors, commits, elisions, anaphora and a completeness claim.

Usage::

    python benchmarks/big_markdown.py big.md 60      # about 60 MB
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from corpus import structured_summary, summary_markdown  # noqa: E402


def big_markdown(size: int, seed: int = 1717) -> str:
    """About ``size`` bytes of one Markdown summary, built in 64 KB sections."""
    rng = random.Random(seed)
    parts: list[str] = []
    length = 0
    while length < size:
        chunk = min(size - length, 1 << 16)
        if rng.random() < 0.5:
            text = structured_summary(rng, chunk)
        else:
            text = summary_markdown(rng, chunk)
        parts.append(text)
        length += len(text) + 1
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    target, megabytes = Path(argv[0]), float(argv[1]) if len(argv) > 1 else 60.0
    target.write_text(big_markdown(int(megabytes * 1_000_000)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
