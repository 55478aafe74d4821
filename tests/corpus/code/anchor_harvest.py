"""Isolation check: resolve every anchor a summary prints, using only the store.

The summary is parsed for keys; the keys (not the summary) are resolved
against the manifest-backed store, and each resolved span is checked against
the digest recorded in the manifest.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from compactor.client import summarize_thread

WIKI_KEY = re.compile(r"\[\[([^\]\s]+)\]\]")
BARE_POINTER = re.compile(r"\b([A-Za-z_][\w.-]*#L\d+(?:-L?\d+)?)\b")


@dataclass
class ManifestEntry:
    key: str
    path: str
    sha256: str


@dataclass
class HarvestReport:
    resolved: dict[str, int] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.mismatched


class ManifestStore:
    def __init__(self, manifest: Path):
        self.root = manifest.parent
        self.entries: dict[str, ManifestEntry] = {}
        for raw_line in manifest.read_text("utf-8").splitlines():
            if raw_line.strip():
                rec = json.loads(raw_line)
                self.entries[rec["key"]] = ManifestEntry(rec["key"], rec["path"], rec["sha256"])

    def resolve_anchor(self, anchor: str) -> bytes:
        entry = self.entries.get(anchor.split("#", 1)[0])
        if entry is None:
            raise KeyError(anchor)
        data = (self.root / entry.path).read_bytes()
        if hashlib.sha256(data).hexdigest() != entry.sha256:
            raise ValueError(f"{anchor}: store content changed since the manifest was written")
        return data


def harvest_keys(summary: str) -> list[str]:
    keys = re.findall(WIKI_KEY, summary)
    keys += re.findall(BARE_POINTER, summary)
    seen: set[str] = set()
    ordered = []
    for k in keys:
        if k not in seen:
            seen.add(k)
            ordered.append(k)
    return ordered


def check_isolation(summary: str, store: ManifestStore) -> HarvestReport:
    report = HarvestReport()
    for key in harvest_keys(summary):
        try:
            data = store.resolve_anchor(key)
        except KeyError:
            report.missing.append(key)
        except ValueError:
            report.mismatched.append(key)
        else:
            report.resolved[key] = len(data)
    return report


def compact_and_check(thread_id: str, messages: list[str], store: ManifestStore) -> str:
    summary = summarize_thread(thread_id, "\n".join(messages))
    for key in re.findall(WIKI_KEY, summary):
        store.resolve_anchor(key)
    report = check_isolation(summary, store)
    if not report.ok:
        raise RuntimeError(
            f"{thread_id}: {len(report.missing)} unresolvable, "
            f"{len(report.mismatched)} mismatched anchors"
        )
    return summary
