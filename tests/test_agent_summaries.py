"""Summaries as real agents write them: their anchor kinds, framework boilerplate, line
pointers in prose and compact notation, pinning them, and a repository as the store."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest

from anchorlint.api import check_summary
from anchorlint.config import ConfigError, Settings, TextSettings, settings_from_table
from anchorlint.stores.directory import DirectoryStore
from anchorlint.stores.pinning import pin_text
from anchorlint.text.anchors import find_anchors
from anchorlint.text.boilerplate import BOILERPLATE, PLACEHOLDERS

KINDS = [
    ("see src/lint/engine.py", "path", "src/lint/engine.py"),
    ("in entity_resolver.py today", "path", "entity_resolver.py"),
    ("at engine.py:120", "line", "engine.py:120"),
    ("at src/x.py:12-20", "line", "src/x.py:12-20"),
    ("at line 396 of entity_resolver.py", "line", "line 396 of entity_resolver.py"),
    ("see lines 10–20 in `db.py`", "line", "lines 10–20 in `db.py`"),
    ("see `db.py` (line 42)", "line", "`db.py` (line 42)"),
    ("also touched api/serializers.py line 88.", "line", "api/serializers.py line 88"),
    ("see parser.py, line 212.", "line", "parser.py, line 212"),
    ("the guard in parser.py around line 40", "line", "parser.py around line 40"),
    ("then `db.py` lines 7-9 and more", "line", "`db.py` lines 7-9"),
    ("app.py, lines 1 to 5", "path", "app.py"),
    ("notes.md, line count grew", "path", "notes.md"),
    ("in commit 4f9e2b1", "commit", "4f9e2b1"),
    ("range ba2a35ff..e1a5d3da", "commit", "ba2a35ff"),
    ("after commit 1234567", "commit", "1234567"),
    ("tracked in #1234", "issue", "#1234"),
    ("see PR #88", "issue", "#88"),
    ("filed as acme/api#123", "issue", "acme/api#123"),
    ("ticket ENG-4411", "issue", "ENG-4411"),
    ("id 550e8400-e29b-41d4-a716-446655440000", "uuid", "550e8400-e29b-41d4-a716-446655440000"),
    # folders and files whose names start with a dot, as agents' own notes cite them
    ("the job is in .github/workflows/ci.yml now", "path", ".github/workflows/ci.yml"),
    ("see `.cursor/rules/memory.md`", "path", ".cursor/rules/memory.md"),
    ("lint config in .eslintrc.json", "path", ".eslintrc.json"),
    ("settings in ~/.config/app/settings.toml", "path", "~/.config/app/settings.toml"),
    ("the workflow ../.github/workflows/ci.yml", "path", "../.github/workflows/ci.yml"),
    ("kept under docs/.drafts/plan.md", "path", "docs/.drafts/plan.md"),
    ("the root note /NOTES.md is stale", "path", "/NOTES.md"),
    ("memory at /home/dev/.agent/notes.md today", "path", "/home/dev/.agent/notes.md"),
    ("at .github/workflows/ci.yml:14", "line", ".github/workflows/ci.yml:14"),
]


@pytest.mark.parametrize(("text", "kind", "raw"), KINDS)
def test_each_kind_with_its_exact_span(text: str, kind: str, raw: str) -> None:
    first = find_anchors(text)[0]
    assert (first.kind, text[first.start : first.end]) == (kind, raw)


NOT_ANCHORS = [
    "the site example.com and status.example.com",
    "versions v2.3 and 3.11 and 1.2.3",
    "e.g. this, i.e. that",
    "numbers 42 and 1,284 and 1e100000",
    "built with Node.js and Next.js",
    "SHA-256, UTF-8, ISO-8601, Q3-2026 and X86-64",
    "served at http://localhost:5173 and http://127.0.0.1:8080/x and http://192.168.1.4/a",
    "and/or, km/h, 11/03/2026",
    "a plain word deadbeef",
    "an ellipsis ...then more, and .5 s",
    "the route [id]/page.js holds it",  # a route's end, its folders cut off
]


@pytest.mark.parametrize("text", NOT_ANCHORS)
def test_what_is_not_an_anchor(text: str) -> None:
    assert find_anchors(text) == []


def test_kinds_can_be_switched_off_and_extensions_replaced() -> None:
    text = "Fixed in notes.md and src/a.py (commit 4f9e2b1, #12)."
    kinds = {a.kind for a in find_anchors(text, TextSettings(anchor_kinds=("path", "issue")))}
    assert kinds == {"path", "issue"}
    only_py = TextSettings(path_extensions=("py",))
    assert [a.raw for a in find_anchors("notes.md and a.py", only_py)] == ["a.py"]


def test_unknown_kind_or_extension_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match="anchor-kinds"):
        settings_from_table({"text": {"anchor-kinds": ["paths"]}}, "anchorlint.toml", ".")
    with pytest.raises(ConfigError, match="path-extensions"):
        settings_from_table({"text": {"path-extensions": ["p y"]}}, "anchorlint.toml", ".")


CODING_AGENT_SUMMARY = """\
# Handoff: idempotent charges

- The handler in `paygate/api/charges.py` reads the key (commit a6f3d09, issue #1311).
- As noted earlier, the lock is taken in paygate/store/idempotency.py before the lookup.
- The lookup happens at paygate/api/charges.py:118-131; the conflict is built at line 396 of errors.py.
- Expiry is tracked in PAY-482 and reviewed on PR #1320.
"""


def test_a_coding_agent_summary_gets_only_its_unpinned_line_pointers() -> None:
    findings = check_summary(CODING_AGENT_SUMMARY)
    assert [(f.code, f.line) for f in findings] == [("ANC106", 5), ("ANC106", 5)]
    compact, prose = findings
    assert "paygate/api/charges.py#L118-131@sha256:" in compact.message
    assert "errors.py#L396@sha256:" in prose.message and "in prose" in prose.message


def test_line_in_prose_of_an_unnamed_source_is_a_prose_pointer() -> None:
    findings = check_summary("The first timeout is at line 120 of the log.")
    assert sorted(f.code for f in findings) == ["ANC102", "ANC104"]


def _longest_word(text: str) -> str:
    return max((w for w in text.replace("'", " ").split() if w.isalpha()), key=len)


@pytest.mark.parametrize(("framework", "sentence"), BOILERPLATE)
def test_each_boilerplate_sentence_is_silent_and_linted_when_asked(
    framework: str, sentence: str
) -> None:
    text = sentence.format(n=12, path="see-transcript", name="x")
    summary = f"{text}\n\nThe cache key now includes the tenant id (commit 3b7e0d2).\n"
    assert check_summary(summary) == [], framework
    # one of the sentence's own words made an anaphora: hidden by default, it fires on line 1
    # only when boilerplate is linted, which shows the rules then read the sentence itself
    word = _longest_word(text)
    hidden = Settings(text=TextSettings(extra_anaphora=(word,)))
    linted = Settings(text=TextSettings(extra_anaphora=(word,), lint_boilerplate=True))
    assert [f.code for f in check_summary(summary, settings=hidden)] == [], framework
    found = [(f.code, f.line) for f in check_summary(summary, settings=linted)]
    assert ("ANC101", 1) in found, (framework, word)


def test_boilerplate_that_fires_when_linted() -> None:
    preamble = BOILERPLATE[1][1]
    linted = Settings(text=TextSettings(lint_boilerplate=True))
    codes = [f.code for f in check_summary(preamble + "\n\nThe fix is in a.py.\n", settings=linted)]
    assert "ANC101" in codes
    assert check_summary(preamble + "\n\nThe fix is in a.py.\n") == []


@pytest.mark.parametrize(("framework", "sentence"), PLACEHOLDERS)
def test_each_placeholder_is_anc109_alone(framework: str, sentence: str) -> None:
    text = sentence.format(error="context window exceeded")
    findings = check_summary(f'{{"summary": "{text}"}}\n', path="s.jsonl")
    assert [f.code for f in findings] == ["ANC109"], framework


def test_placeholder_after_a_preamble_and_an_empty_record() -> None:
    wrapped = "Here is a summary of the conversation to date:\n\nNo previous conversation history."
    assert [f.code for f in check_summary(wrapped)] == ["ANC109"]
    assert [f.code for f in check_summary('{"summary": ""}\n', path="s.jsonl")] == ["ANC109"]
    assert check_summary('{"role": "tool"}\n', path="s.jsonl") == []


def _store(root: Path, files: dict[str, str]) -> DirectoryStore:
    for name, content in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(content)
    return DirectoryStore(root)


def test_pin_rewrites_compact_notation_and_leaves_prose(tmp_path: Path) -> None:
    store = _store(tmp_path, {"src/x.py": "a\nb\nc\n", "lib/errors.py": "1\n2\n"})
    digest = hashlib.sha256(b"b\nc\n").hexdigest()[:16]
    outcome = pin_text("See src/x.py:2-3 and line 2 of errors.py.", store)
    assert outcome.text == f"See src/x.py#L2-3@sha256:{digest} and line 2 of errors.py."
    assert [r.reason for r in outcome.refused] == [
        "a line pointer in prose is left for a person to rewrite"
    ]
    again = pin_text(outcome.text, store)
    assert again.text == outcome.text and again.pinned == 0


def test_a_repository_is_the_store_of_a_coding_agent(tmp_path: Path) -> None:
    store = _store(
        tmp_path,
        {"src/errors.py": "x\n", "a/config.yaml": "1\n", "b/config.yaml": "2\n", "README.md": ""},
    )
    summary = (
        "The handler is src/errors.py (commit 4f9e2b1, #12); the error at errors.py:1; "
        "settings in config.yaml; see README.md and missing.py."
    )
    findings = check_summary(summary, store=store)
    assert [f.code for f in findings] == ["ANC106", "ANC107", "ANC201"]
    pin, ambiguous, missing = findings
    assert "errors.py#L1@sha256:" in pin.message  # the bare name found src/errors.py
    assert "a/config.yaml, b/config.yaml" in ambiguous.message
    assert "missing.py" in missing.message


def test_anchor_kind_reaches_the_facts() -> None:
    (anchor,) = find_anchors("commit 4f9e2b1")
    assert dataclasses.replace(anchor).kind == "commit"


def test_transcript_readers_cut_wrappers_by_the_boilerplate_list() -> None:
    from anchorlint.text.boilerplate_catalogue import CLAUDE_PREAMBLES, CLAUDE_TAIL, CODEX_PREFIX
    from anchorlint.text.documents.transcripts.wrappers import claude_body, codex_body, letta_body

    doubled = CODEX_PREFIX.replace("to assist", "to  assist")  # as some versions wrote it
    message = doubled + "\nThe parser now streams (commit 3b7e0d2)."
    assert message[codex_body(message) :].startswith("The parser now streams")
    tail = CLAUDE_TAIL[0].format(path="/home/u/.claude/projects/p/3f2a.jsonl")
    block = f"{CLAUDE_PREAMBLES[1]}\n\nSummary:\nBody text.\n\n{tail}\n\n{CLAUDE_TAIL[3]}\n"
    start, end = claude_body(block, first=True, last=True)
    assert block[start:end] == "Summary:\nBody text."
    alert = "Note: prior messages have been hidden.\nThe following is a summary of the previous 9 messages:\n Body."
    assert alert[letta_body(alert) or 0 :] == "Body."
    assert letta_body("Note: memory is almost full.") is None


HANDOFF = """# Handoff: charge retries

## Done
- Idempotency key on every charge call (`billing/charge.py`, commit e81f0c2, #1872).
- Backoff of 200, 400 and 800 ms; the loop is at billing/retry.py line 31.
- The previous release v4.1 kept the old client; see the table below.

| file | state |
|---|---|
| `billing/webhooks.py` | in progress, PAY-77 |

## Next
1. Dedupe webhook events in billing/webhooks.py, lines 12-40 (PR #1880).
2. Load test against http://10.0.4.12:8080 once all tests passing.
"""


def test_a_handoff_citing_with_paths_commits_and_issues_gets_only_anc106() -> None:
    findings = check_summary(HANDOFF)
    assert [(f.code, f.line) for f in findings] == [("ANC106", 5), ("ANC106", 13)]
    assert "billing/retry.py#L31@sha256:" in findings[0].message
    assert "billing/webhooks.py#L12-40@sha256:" in findings[1].message


def test_a_route_with_a_bracketed_folder_is_one_path() -> None:
    """Read whole since the twenty-first sweep: before, it was no anchor at all."""
    assert [a.text for a in find_anchors("the route /app/[id]/page.js holds it")] == [
        "/app/[id]/page.js"
    ]
