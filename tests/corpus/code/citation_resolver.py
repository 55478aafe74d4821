"""Resolve citations printed in compacted answers back to source lines."""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

log = logging.getLogger(__name__)

CITE = re.compile(r"\[(?P<n>\d+)\]:\s*(?P<doc>[\w./-]+)#L(?P<a>\d+)(?:-L?(?P<b>\d+))?")


class SummaryPassedAsSource(ValueError):
    pass


@dataclass(frozen=True)
class LineCitation:
    number: int
    doc: str
    first_line: int
    last_line: int
    content_sha256: str = ""

    def key(self) -> str:
        return f"{self.doc}#L{self.first_line}-{self.last_line}"


def parse_citations(answer: str) -> list[LineCitation]:
    out = []
    for m in CITE.finditer(answer):
        a = int(m["a"])
        out.append(LineCitation(int(m["n"]), m["doc"], a, int(m["b"] or a)))
    return out


def resolve_citation(citation: LineCitation, source_text: str, summary_text: str | None = None) -> str:
    if summary_text is not None and source_text is summary_text:
        raise SummaryPassedAsSource(citation.key())
    lines = source_text.splitlines(keepends=True)
    if citation.last_line > len(lines):
        raise IndexError(f"{citation.key()} is past the end ({len(lines)} lines)")
    return "".join(lines[citation.first_line - 1:citation.last_line])


@lru_cache(maxsize=64)
def _read(root: str, doc: str) -> str:
    return (Path(root) / doc).read_text(encoding="utf-8")


def footnotes(answer: str, root: Path, summary_text: str) -> str:
    blocks = []
    for c in parse_citations(answer):
        try:
            body = resolve_citation(c, _read(str(root), c.doc), summary_text)
        except (FileNotFoundError, IndexError) as exc:
            log.warning("cannot resolve [%d] %s: %s", c.number, c.key(), exc)
            continue
        quoted = "\n".join("> " + ln for ln in body.rstrip("\n").splitlines())
        blocks.append(f"[{c.number}] {c.key()}\n{quoted}")
    return "\n\n".join(blocks)


def missing_targets(answer: str, root: Path) -> list[str]:
    return sorted({c.doc for c in parse_citations(answer) if not (root / c.doc).exists()})


def renumber(answer: str) -> str:
    seen: dict[str, int] = {}

    def sub(m: re.Match[str]) -> str:
        key = f"{m['doc']}#L{m['a']}" + (f"-{m['b']}" if m["b"] else "")
        n = seen.setdefault(key, len(seen) + 1)
        return f"[{n}]: {key}"

    return CITE.sub(sub, answer)


if __name__ == "__main__":
    import sys

    text = open(sys.argv[1], encoding="utf-8").read()
    summary = open(sys.argv[3], encoding="utf-8").read() if len(sys.argv) > 3 else ""
    if missing_targets(text, Path(sys.argv[2])):
        print("missing:", *missing_targets(text, Path(sys.argv[2])))
    print(footnotes(renumber(text), Path(sys.argv[2]), summary))
