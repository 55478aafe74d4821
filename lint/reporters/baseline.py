"""Baselines: record today's findings once, then fail only on new ones.

``check --write-baseline FILE`` writes the key of every finding (code, the file's path
relative to the baseline's folder, the finding's line normalised, its occurrence: see
:mod:`anchorlint.fingerprints`) with its position and message for a reader's sake;
``check --baseline FILE`` drops every finding whose key is in it. A line added or removed
elsewhere in a file leaves the keys alone; editing the finding's own line makes it new.

The file is JSON, sorted, one finding per line, so a baseline diffs and merges well.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from anchorlint.findings import Finding
from anchorlint.reporters.keys import keyed
from anchorlint.safe_text import decodable

FORMAT = "anchorlint-baseline"
VERSION = 1


class BaselineError(Exception):
    """A baseline that cannot be read or written; the command line exits 2 with this."""


def base_of(target: Path) -> Path:
    """The folder keys are relative to: the baseline's own."""
    return Path(target).absolute().parent


def write(findings: Iterable[Finding], target: Path) -> int:
    """Write the baseline of ``findings`` to ``target``; the number of findings recorded."""
    base = base_of(target)
    entries: list[dict[str, Any]] = [
        {
            "fingerprint": key,
            "code": f.code,
            "path": decodable(f.path),
            "line": f.line,
            "message": decodable(f.message),
        }
        for f, key in keyed(findings, base)
    ]
    entries.sort(key=lambda e: (e["path"], e["line"], e["code"], e["fingerprint"]))
    lines = ",\n".join("    " + json.dumps(e, ensure_ascii=False) for e in entries)
    body = f'{{\n  "format": "{FORMAT}",\n  "version": {VERSION},\n  "findings": [\n'
    try:
        Path(target).write_text(
            body + lines + ("\n" if lines else "") + "  ]\n}\n", encoding="utf-8"
        )
    except OSError as exc:
        raise BaselineError(f"cannot write baseline {target}: {exc.strerror or exc}") from None
    return len(entries)


def read(source: Path) -> frozenset[str]:
    """The keys recorded in ``source``; a missing or foreign file is a BaselineError."""
    try:
        data: Any = json.loads(Path(source).read_text(encoding="utf-8"))
    except OSError as exc:
        raise BaselineError(f"cannot read baseline {source}: {exc.strerror or exc}") from None
    except (ValueError, UnicodeDecodeError):
        raise BaselineError(
            f"baseline {source} is not JSON: write it with --write-baseline"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BaselineError(
            f"{source} is not an anchorlint baseline: write it with --write-baseline"
        )
    if data.get("version") != VERSION:
        raise BaselineError(
            f"baseline {source} has version {data.get('version')!r}, this anchorlint reads "
            f"{VERSION}: write it again with --write-baseline"
        )
    entries = data.get("findings")
    if not isinstance(entries, list):
        raise BaselineError(f"baseline {source} has no list of findings")
    return frozenset(
        str(e["fingerprint"]) for e in entries if isinstance(e, dict) and "fingerprint" in e
    )


@dataclass
class Filter:
    """Drops the findings a baseline knows, counting them, as the stream goes past."""

    known: frozenset[str]
    base: Path
    hidden: int = 0
    matched: set[str] = field(default_factory=set)

    @classmethod
    def of(cls, source: Path) -> Filter:
        return cls(read(source), base_of(source))

    def new(self, findings: Iterable[Finding]) -> Iterator[Finding]:
        """Only the findings whose key the baseline does not hold."""
        for finding, key in keyed(findings, self.base):
            if key in self.known:
                self.hidden += 1
                self.matched.add(key)
            else:
                yield finding

    @property
    def fixed(self) -> int:
        """Findings of the baseline that no longer occur (fixed, or their line edited)."""
        return len(self.known) - len(self.matched)
