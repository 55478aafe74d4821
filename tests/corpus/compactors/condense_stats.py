"""Condenses a build log for the incident channel and cites the kept region.

`condense` returns the condensed text and a stats dict; the stats describe the
raw log (which region was kept), so the citation points into the raw log.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from incidents.llm import summarize_lines

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LogCitation:
    log_id: str
    start: int
    end: int
    sha256: str


def condense(raw_log: str, marker: str = "ERROR") -> tuple[str, dict]:
    first = raw_log.find(marker)
    if first < 0:
        first = max(0, len(raw_log) - 4000)
    kept = raw_log[first:]
    text = summarize_lines(kept.splitlines(), max_lines=15)
    stats = {"kept_from": first, "kept_to": len(raw_log), "raw_chars": len(raw_log)}
    return text, stats


class IncidentPoster:
    def __init__(self, channel) -> None:
        self.channel = channel

    def post(self, log_id: str, raw_log: str) -> LogCitation:
        summary, stats = condense(raw_log)
        region = raw_log[stats["kept_from"] : stats["kept_to"]]
        citation = LogCitation(
            log_id=log_id,
            start=stats["kept_from"],
            end=stats["kept_to"],
            sha256=hashlib.sha256(region.encode("utf-8")).hexdigest(),
        )
        logger.info("condensed %s: %s", log_id, stats)
        self.channel.send(f"{summary}\n\nsource: {log_id}#char={citation.start},{citation.end}")
        return citation
