"""After condensing a log, records where each error line sits so the UI can jump to it."""

from __future__ import annotations

from typing import Any


def condense_log(log_text: str, llm: Any) -> str:
    return llm.complete("Condense this build log, keep every error line verbatim:\n" + log_text).text


def error_locations(path: str, log_text: str, llm: Any) -> list[dict[str, Any]]:
    condensed = condense_log(log_text, llm)
    lines = condensed.splitlines()
    found = []
    for no, line in enumerate(lines, start=1):
        if "error" in line.lower():
            found.append({"path": path, "line_start": no, "line_end": no, "text": line})
    return found
