"""Locate the lines a compacted incident timeline talks about.

The incident bot condenses the on-call channel into a timeline and emits
locator records so the postmortem editor can link each bullet.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from incidentbot.llm import condense_channel

SERVICE = re.compile(r"\b(?:svc|service)[:/ ](?P<name>[a-z][a-z0-9-]+)")
TICKET = re.compile(r"\b[A-Z]{2,6}-\d{2,6}\b")


@dataclass
class ChannelMessage:
    ts: float
    author: str
    text: str


def _transcript(messages: Iterable[ChannelMessage]) -> str:
    return "\n".join(f"[{m.ts:.0f}] {m.author}: {m.text}" for m in messages)


def timeline(incident_id: str, messages: list[ChannelMessage]) -> str:
    return condense_channel(_transcript(messages), title=f"Incident {incident_id}", bullets=True)


def locator_records(incident_id: str, messages: list[ChannelMessage]) -> list[dict]:
    text = timeline(incident_id, messages)
    records = []
    for n, line in enumerate(text.splitlines(), start=1):
        m = SERVICE.search(line)
        if m is None:
            continue
        records.append({"doc_id": f"incidents/{incident_id}", "line_start": n, "line_end": n, "service": m["name"]})
    return records


def ticket_span(incident_id: str, messages: list[ChannelMessage]) -> tuple[int, int] | None:
    summary = timeline(incident_id, messages)
    m = re.search(TICKET, summary)
    if m is None:
        return None
    return m.start(), m.end()


def services_mentioned(messages: Iterable[ChannelMessage]) -> set[str]:
    found = set()
    for msg in messages:
        found.update(m["name"] for m in SERVICE.finditer(msg.text))
    return found


def load_channel(path: Path) -> list[ChannelMessage]:
    out = []
    for raw_line in path.read_text("utf-8").splitlines():
        if not raw_line.strip():
            continue
        rec = json.loads(raw_line)
        out.append(ChannelMessage(float(rec["ts"]), rec.get("user", "?"), rec.get("text", "")))
    out.sort(key=lambda m: m.ts)
    return out


def write_locators(incident_id: str, channel: Path, out: Path) -> int:
    messages = load_channel(channel)
    records = locator_records(incident_id, messages)
    out.write_text("\n".join(json.dumps(r) for r in records) + "\n", encoding="utf-8")
    return len(records)


if __name__ == "__main__":
    import sys

    count = write_locators(sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]))
    print(f"{count} locator records written")
