"""ANC107 without a store: a summary's namespaced anchors are evidence of their namespaces
whatever their form and whichever way the run keeps them. A plain run keeps a file's
namespaced keys only (compact facts); a summary inside a session transcript keeps every
occurrence (its history thread needs them). The same citations in either container must make
the same bare key ambiguous, or a user moving notes into a transcript sees a finding vanish."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import lint_tree

SESSION = "5c2f1e0a-0000-4000-8000-00000000a107"
PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The summary below covers the earlier portion of the conversation.\n\n"
)
CITED = (
    "Summary:\n1. The service rules live in `svc-a/CLAUDE.md` and `svc-b/CLAUDE.md`; both"
    " were edited.\n2. The linter settings were left alone.\n"
)
NOTES = "# Handoff\n\n- Read [[CLAUDE.md]] before touching the hooks.\n"


def _transcript(text: str) -> str:
    body = {
        "type": "user",
        "uuid": "c1",
        "sessionId": SESSION,
        "isCompactSummary": True,
        "message": {"role": "user", "content": PREAMBLE + text},
    }
    return json.dumps(body) + "\n"


def _ambiguous(root: Path) -> list[tuple[str, int, int]]:
    return [(Path(f.path).name, f.line, f.column) for f in lint_tree(root) if f.code == "ANC107"]


def test_paths_in_a_markdown_note_make_a_bare_wiki_key_ambiguous(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text(NOTES)
    (tmp_path / "earlier.md").write_text(CITED)
    assert _ambiguous(tmp_path) == [("notes.md", 3, 8)]


def test_the_same_paths_in_a_session_transcript_count_alike(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text(NOTES)
    (tmp_path / f"{SESSION}.jsonl").write_text(_transcript(CITED))
    assert _ambiguous(tmp_path) == [("notes.md", 3, 8)]


def test_one_namespace_is_no_ambiguity_in_either_container(tmp_path: Path) -> None:
    """Two paths under one folder name one file: the bare key beside them stays silent."""
    one = CITED.replace("svc-b/CLAUDE.md", "svc-a/CLAUDE.md")
    (tmp_path / "notes.md").write_text(NOTES)
    (tmp_path / f"{SESSION}.jsonl").write_text(_transcript(one))
    (tmp_path / "earlier.md").write_text(one)
    assert _ambiguous(tmp_path) == []
