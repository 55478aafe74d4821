"""Shortcuts the text rules take for speed never change a finding.

ANC109 reads "this block holds no framework boilerplate" off the analysis's masked text
instead of looking for boilerplate again; with the shortcut turned off (boilerplate looked for
in every block) every corpus, and summaries built to defeat it, give the same findings.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from anchorlint.config import Settings, TextSettings
from anchorlint.rules.text import anc109_placeholder_summary
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths

CORPUS = Path(__file__).parent / "corpus"

#: a framework preamble around a placeholder, code spans over spaces, an anchor, and a block
#: of prose: the shortcut must send each block that holds boilerplate to be looked at
SUMMARIES = {
    "preamble.md": (
        "This session is being continued from a previous conversation that ran out of "
        "context. The conversation is summarized below:\n\n"
        "Previous conversation was too long to summarize.\n"
    ),
    "code.md": "Ran `pytest -q tests/a b` and [[runbooks/db cutover]].\n\n(no summary available)\n",
    "template.txt": "Goal\n\n(No conversation to summarize: it is empty.)\n\nProgress\n\n(none)\n",
    "prose.md": "The exporter streams now (commit 3f8e1a0); retries stay at five.\n",
    "records.jsonl": (
        '{"summary": "Recent messages are preserved verbatim."}\n'
        '{"summary": "No summary available."}\n'
        '{"summary": "Shipped the parser; see `parse()` in src/p.py."}\n'
    ),
}


def _findings(root: Path, settings: Settings) -> list[object]:
    files = list(discover([str(root)], settings))
    return list(lint_paths(files, settings, jobs=1).collect().findings)


def _both(root: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    fast = _findings(root, settings)
    with monkeypatch.context() as patched:
        patched.setattr(anc109_placeholder_summary, "_blanked_nothing", lambda *_: False)
        slow = _findings(root, settings)
    return fast, slow


@pytest.mark.parametrize("folder", ["text", "agents", "heldout"])
@pytest.mark.parametrize("linted", [False, True])
def test_anc109_shortcut_keeps_every_finding_on_the_corpora(
    folder: str, linted: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = CORPUS / folder
    settings = Settings(root=str(root), text=TextSettings(lint_boilerplate=linted))
    fast, slow = _both(root, settings, monkeypatch)
    assert fast == slow and len(fast) > 20


@pytest.mark.parametrize("linted", [False, True])
def test_anc109_shortcut_keeps_findings_on_boilerplate_and_masks(
    tmp_path: Path, linted: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, text in SUMMARIES.items():
        (tmp_path / name).write_text(text)
    settings = Settings(root=str(tmp_path), text=TextSettings(lint_boilerplate=linted))
    fast, slow = _both(tmp_path, settings, monkeypatch)
    assert fast == slow
    placeholders = [f for f in fast if f.code == "ANC109"]  # type: ignore[attr-defined]
    assert len(placeholders) >= 4
