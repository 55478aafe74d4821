"""Prune long tool outputs in place, leaving pinned line pointers.

A tool result longer than the budget is cut to its head and tail; the cut
lines are written to the spill file and replaced by a pointer that names the
spill file, the line range and the digest of the removed lines.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class SpillPointer:
    spill_file: str
    line_start: int
    line_end: int
    sha256: str

    def render(self) -> str:
        return f"[[{self.spill_file}#L{self.line_start}-{self.line_end}@sha256:{self.sha256[:16]}]]"


@dataclass
class PruneStats:
    tool_calls: int = 0
    pruned: int = 0
    lines_removed: int = 0


def clip_tool_output(call_id: str, output: str, spill_dir: Path,
                     head: int = 40, tail: int = 20) -> tuple[str, SpillPointer | None]:
    lines = output.splitlines(keepends=True)
    if len(lines) <= head + tail:
        return output, None
    removed = lines[head:len(lines) - tail]
    blob = "".join(lines).encode("utf-8")
    spill = spill_dir / f"{call_id}.out"
    spill.write_bytes(blob)
    first = head + 1
    last = len(lines) - tail
    digest = hashlib.sha256("".join(removed).encode("utf-8")).hexdigest()
    pointer = SpillPointer(spill.name, first, last, digest)
    marker = f"[{len(removed)} lines moved to {pointer.render()}]\n"
    return "".join(lines[:head]) + marker + "".join(lines[len(lines) - tail:]), pointer


def prune_log(log_path: Path, spill_dir: Path, stats: PruneStats | None = None) -> PruneStats:
    """Rewrite a JSON Lines tool log so that every output fits the budget."""
    import json

    stats = stats or PruneStats()
    records = [json.loads(line) for line in log_path.read_text("utf-8").splitlines() if line.strip()]
    for rec in records:
        stats.tool_calls += 1
        clipped, pointer = clip_tool_output(rec["call_id"], rec["output"], spill_dir)
        if pointer is not None:
            stats.pruned += 1
            stats.lines_removed += pointer.line_end - pointer.line_start + 1
            rec["output"] = clipped
            rec["spill"] = pointer.render()
    with open(log_path, "r+", encoding="utf-8") as f:
        f.seek(0)
        for rec in records:
            f.write(json.dumps(rec) + "\n")
        f.truncate()
    return stats


def restore(pointer: SpillPointer, spill_dir: Path) -> str:
    data = (spill_dir / pointer.spill_file).read_bytes()
    lines = data.splitlines(keepends=True)
    chunk = b"".join(lines[pointer.line_start - 1:pointer.line_end])
    if hashlib.sha256(chunk).hexdigest() != pointer.sha256:
        raise ValueError(f"spill file changed: {pointer.render()}")
    return chunk.decode("utf-8")


if __name__ == "__main__":
    import sys

    s = prune_log(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{s.pruned}/{s.tool_calls} outputs pruned, {s.lines_removed} lines spilled")
