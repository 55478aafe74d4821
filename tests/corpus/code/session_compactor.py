"""Compact a finished agent session into an archive entry.

The archive keeps the raw transcript (gzip) next to its summary so the
summary's anchors can always be re-expanded from the original bytes.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from agentkit.llm import summarize
from agentkit.render import render_transcript


@dataclass(frozen=True)
class CompactionResult:
    session_id: str
    summary: str
    source_sha256: str
    raw_bytes: int
    summary_bytes: int
    created_at: float

    @property
    def ratio(self) -> float:
        return self.summary_bytes / max(self.raw_bytes, 1)


@dataclass
class ArchivePaths:
    raw: Path
    summary: Path
    meta: Path


def archive_paths(root: Path, session_id: str) -> ArchivePaths:
    base = root / session_id[:2] / session_id
    return ArchivePaths(base.with_suffix(".raw.gz"), base.with_suffix(".md"), base.with_suffix(".json"))


def compact_session(session_id: str, events: list[dict], root: Path,
                    max_tokens: int = 700) -> CompactionResult:
    text = render_transcript(events)
    raw = text.encode("utf-8")
    digest = hashlib.sha256(raw).hexdigest()
    text = summarize(text, max_tokens=max_tokens, keep_anchors=True)
    result = CompactionResult(
        session_id=session_id,
        summary=text,
        source_sha256=digest,
        raw_bytes=len(raw),
        summary_bytes=len(text.encode("utf-8")),
        created_at=time.time(),
    )
    write_archive(result, raw, archive_paths(root, session_id))
    return result


def write_archive(result: CompactionResult, raw: bytes, paths: ArchivePaths) -> None:
    paths.raw.parent.mkdir(parents=True, exist_ok=True)
    paths.raw.write_bytes(gzip.compress(raw, compresslevel=9))
    paths.summary.write_text(result.summary, encoding="utf-8")
    paths.meta.write_text(json.dumps(asdict(result), indent=2), encoding="utf-8")


def load_raw(paths: ArchivePaths, expected_sha256: str) -> bytes:
    raw = gzip.decompress(paths.raw.read_bytes())
    if hashlib.sha256(raw).hexdigest() != expected_sha256:
        raise ValueError(f"{paths.raw}: archived transcript does not match its digest")
    return raw


def compact_directory(inbox: Path, root: Path) -> list[CompactionResult]:
    results = []
    for path in sorted(inbox.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        res = compact_session(path.stem, events, root)
        results.append(res)
        print(f"{path.stem}: {res.raw_bytes} -> {res.summary_bytes} bytes ({res.ratio:.1%})")
    return results


if __name__ == "__main__":
    import sys

    compact_directory(Path(sys.argv[1]), Path(sys.argv[2]))
