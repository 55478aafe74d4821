"""The Markdown report of ``run.py``: its header, the tables, and the acceptance lines.

Sections write into one ``Report`` (a line at a time, printed as it comes, so a long run shows
progress) and give it a verdict per acceptance target; ``run.py`` opens it with the machine,
the versions and the load, and closes it with the PASS/FAIL list. Apart from the measuring so
that what the report says and how a run is timed can be read on their own.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    verdicts: list[tuple[str, str]] = field(default_factory=list)

    def say(self, text: str = "") -> None:
        print(text, flush=True)
        self.lines.append(text)

    def table(self, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
        self.say("| " + " | ".join(header) + " |")
        self.say("|" + "|".join(" --- " for _ in header) + "|")
        for row in rows:
            self.say("| " + " | ".join(str(cell) for cell in row) + " |")
        self.say()

    def verdict(self, ok: bool | None, text: str) -> None:
        self.verdicts.append(("n/a" if ok is None else "PASS" if ok else "FAIL", text))


def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    found = []
    for name in (
        "anchorlint",
        "proselint",
        "flake8",
        "pyflakes",
        "pycodestyle",
        "fixit",
        "libcst",
        "spacy",
    ):
        try:
            found.append(f"{name} {version(name)}")
        except PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return ", ".join(found)


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def write_header(report: Report, command: str) -> None:
    """The title and the run's circumstances: command, date, machine, versions, load."""
    report.say("# anchorlint benchmarks")
    report.say()
    report.say(f"- command: `{command}`")
    report.say(f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}")
    report.say(
        f"- machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    report.say(f"- versions: {versions()}")
    report.say(f"- load average at start: {load()}")
    report.say(
        "- wall s: elapsed time of the whole command; CPU s: user + system time of its process "
        "tree (less sensitive to other load on the machine); peak RSS: largest single process"
    )
    report.say()


def write_acceptance(report: Report, started: float) -> None:
    """The PASS/FAIL line of every verdict, then the load at the end and the total time."""
    report.say("## Acceptance targets")
    report.say()
    for verdict, text in report.verdicts:
        report.say(f"- **{verdict}** {text}")
    report.say()
    report.say(f"Load average at end: {load()}; total {time.perf_counter() - started:.0f} s.")
