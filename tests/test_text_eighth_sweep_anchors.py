"""Anchors on the shapes an eighth sweep of real Claude Code sessions showed missing.

Written for the purpose, in the style of those sessions' compaction summaries: an agent on
Windows that cites its files by drive path (``C:\\Users\\…\\plans\\x.md``, ``E:\\…\\f.py:88``,
"`X:\\…\\f.xml` line 161"), and an agent that lists the lines it touched after a file,
"`InvoiceView.swift` (lines 102, 122)", "at three locations (lines 124, 236, 244)". Each
summary is linted as a Markdown file and, where it matters, as the compaction record of a
Claude Code session, whose JSON string escapes every backslash.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import lint_tree, write_tree
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import Settings, TextSettings
from anchorlint.findings import Finding
from anchorlint.run.engine import lint_source
from anchorlint.stores.directory import DirectoryStore
from anchorlint.text import anchor_scanners, anchors
from anchorlint.text.documents.transcripts.wrappers import CLAUDE_PREAMBLES
from anchorlint.text.windows_paths import windows_starts

SETTINGS = Settings()

WINDOWS_SUMMARY = """\
Analysis:
The user works on a Windows laptop and wants the nightly order export to stream its rows.

Summary:
1. Primary Request and Intent:
   - Make the order export write rows as it reads them instead of holding every row.

2. Files and Code Sections:
   - **`C:\\Users\\dev\\.claude\\plans\\export-streaming.md`** — The approved plan from the previous session, in three phases.
   - `E:\\repos\\shop\\api\\orders.py:88` — the loop that kept every row in one list.
   - `X:\\shop\\views\\export_form.xml` line 161 — the column order the user asked to keep.
   - `\\\\buildhost\\drops\\shop\\export.log` — the log of the last failing run.

3. Notes:
   - Drive C: filled up during the run; the temp folder was cleared.
   - Note: the export starts at 02:00 and takes about forty minutes.
   - The cleanup step in `tools/prune.py` matches old dumps with `\\d+\\.csv`.
"""


def position(text: str, needle: str) -> tuple[int, int]:
    """The 1-based line and column of the first ``needle`` in ``text``."""
    at = text.index(needle)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


def found(text: str, suffix: str = ".md") -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in lint_source(f"s{suffix}", text, SETTINGS)]


def claude_record(body: str) -> str:
    """A Claude Code session's compaction record holding ``body``, as one JSON line."""
    record = {
        "type": "user",
        "isCompactSummary": True,
        "uuid": "8d0c7a52-5b7e-4f05-9a51-3f8f2f0e6c11",
        "sessionId": "0b3f4d7e-1c2a-4e8b-9f60-7a1d2c3b4e5f",
        "message": {"role": "user", "content": CLAUDE_PREAMBLES[1] + "\n\n" + body},
    }
    return json.dumps(record) + "\n"


# ---------------------------------------------------------------- Windows drive paths


def test_a_windows_summary_cites_its_files_by_drive_path() -> None:
    """The plan cited by its drive path anchors its sentence (no ANC101 for "the previous
    session"), and the two pointers with a line are unpinned line pointers, as their POSIX
    spellings are; the drive, the label and the regex are no anchors and raise nothing."""
    assert found(WINDOWS_SUMMARY) == [
        ("ANC106", *position(WINDOWS_SUMMARY, "E:\\repos")),
        ("ANC106", *position(WINDOWS_SUMMARY, "`X:\\shop")),
    ]
    messages = [f.message for f in lint_source("s.md", WINDOWS_SUMMARY, SETTINGS)]
    assert "write it as E:\\repos\\shop\\api\\orders.py#L88@sha256:" in messages[0]
    assert "write it as X:\\shop\\views\\export_form.xml#L161@sha256:" in messages[1]


def test_the_same_summary_in_a_claude_code_session_gives_the_same_findings(
    tmp_path: Path,
) -> None:
    """In the session file every backslash is escaped; the text rules read the decoded
    summary, and each finding's column points at the pointer in the JSON line."""
    write_tree(tmp_path, {"session.jsonl": claude_record(WINDOWS_SUMMARY)})
    findings = lint_tree(tmp_path)
    assert [f.code for f in findings] == ["ANC106", "ANC106"]
    line = (tmp_path / "session.jsonl").read_text(encoding="utf-8")
    assert line[findings[0].column - 1 :].startswith("E:\\\\repos\\\\shop")
    assert line[findings[1].column - 1 :].startswith("`X:\\\\shop\\\\views")
    expected = [f.message for f in lint_source("s.md", WINDOWS_SUMMARY, SETTINGS)]
    assert [f.message for f in findings] == expected


@pytest.mark.parametrize(
    "path",
    [
        "C:\\Work\\plans\\rollout-plan.md",
        "C:/Work/plans/rollout-plan.md",
        "`D:\\Work\\scripts\\scraper.mjs`",
        "**`c:\\users\\me\\.config\\tool\\settings.json`**",
        "`\\\\wsl.localhost\\Ubuntu\\home\\me\\notes.md`",
    ],
)
def test_a_drive_or_share_path_anchors_its_sentence(path: str) -> None:
    """Bare, in code, in bold code, lower-case, with a dot folder, or on a network share:
    the sentence that names the plan by its path points at it (no ANC101), and a summary
    citing only this path prints an anchor (no ANC104)."""
    text = f"## Plan\n\n- The approved plan from the previous session is {path}, in four steps.\n"
    assert found(text) == []
    assert found(claude_record(text), ".jsonl") == []


@pytest.mark.parametrize(
    ("item", "codes"),
    [
        ("- Drive C: filled up in the run, so temp files, caches, etc. were cleared.", ["ANC104"]),
        ("- Note: the dumps, the caches, etc. were cleared before the run.", ["ANC104"]),
        ("- The dumps matched `\\d+\\.csv`, `\\w+\\.log`, etc. and were cleared.", ["ANC104"]),
        (
            "- The dumps in C:\\Program Files\\Shop\\dump.csv, caches, etc. were cleared.",
            ["ANC104"],
        ),
        ("- The dumps at https://files.example.org/old.csv, caches, etc. were cleared.", []),
    ],
)
def test_a_bare_drive_a_label_a_regex_or_a_spaced_folder_is_no_anchor(
    item: str, codes: list[str]
) -> None:
    """Each of these elides ("etc.") and, with no path in it, prints no anchor: ANC104. A
    folder with a space in it leaves where the path ends a guess, so it is read as none;
    the URL is an anchor of its own kind, not a Windows path."""
    assert [code for code, _, _ in found(f"## Cleanup\n\n{item}\n")] == codes


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Fix it in X:\\proj\\views\\fields.xml line 161 please.", "X:\\proj\\views\\fields.xml"),
        ("Fix it in `X:\\proj\\views\\fields.xml` (line 161).", "X:\\proj\\views\\fields.xml"),
        ("Fix it at line 161 of X:\\proj\\views\\fields.xml now.", "X:\\proj\\views\\fields.xml"),
        ("Fix it in E:/repos/shop/api/orders.py:88 today.", "E:/repos/shop/api/orders.py"),
    ],
)
def test_a_windows_path_takes_every_positional_form_a_posix_path_takes(text: str, key: str) -> None:
    (finding,) = lint_source("s.md", text + "\n", SETTINGS)
    assert finding.code == "ANC106" and f"write it as {key}#L" in finding.message


def test_a_windows_path_before_a_fragment_leaves_the_pointer_as_it_was() -> None:
    """``C:\\x\\notes.md#L12``: the pointer form reads ``notes.md#L12`` there, as it did;
    the drive path does not swallow it."""
    (finding,) = lint_source("s.md", "See C:\\docs\\notes.md#L12 for it.\n", SETTINGS)
    assert finding.code == "ANC106" and '"notes.md#L12"' in finding.message


# ---------------------------------------------------------------- lists of lines

LIST_SUMMARY = """\
Summary:
1. Primary Request and Intent:
   - Remove the force-unwraps the crash reports pointed at.

2. Files and Code Sections:
   - **`app/Billing/InvoiceView.swift`** (lines 102, 122)
     - Both `try!` calls now go through `decodeOrNil`.
   - Dropped the copied guard from `ChatPanel.swift` at three locations (lines 124, 236, 244).
   - `Sync/Queue.swift` (lines 10-20, 31 and 40) holds the retry loop and its two callers.

3. Left alone:
   - `Sync/Queue.swift` (255 lines) is the biggest file touched.
   - `Sync/Store.swift` lines 1 to 5 are the license header.
   - `Sync/Store.swift` (102, 122) are the two call sites.
   - `Sync/Store.swift` at many places (lines 7, 9) reads the clock.
   - `Sync/Store.swift`, which nobody changed (lines 7, 9), reads the clock.
   - `Sync/Store.swift` (line 42, 2 callers) holds the cache.
"""


def test_each_line_of_a_list_is_a_pointer_of_its_own() -> None:
    """One finding per listed line or range, each at its number (the first at the path),
    as `InvoiceView.swift:102` and `InvoiceView.swift:122` give one each; the near misses
    under "Left alone" (a count, "lines 1 to 5", numbers without "lines", a bridge that is
    not a count of places, a remark between, a remark that opens with a number) say
    nothing."""
    first_list = position(LIST_SUMMARY, "`app/Billing")
    chat = position(LIST_SUMMARY, "`ChatPanel")
    queue = position(LIST_SUMMARY, "`Sync/Queue.swift` (lines")
    assert found(LIST_SUMMARY) == [
        ("ANC106", *first_list),
        ("ANC106", first_list[0], position(LIST_SUMMARY, "122)")[1]),
        ("ANC106", *chat),
        ("ANC106", chat[0], position(LIST_SUMMARY, "236,")[1]),
        ("ANC106", chat[0], position(LIST_SUMMARY, "244)")[1]),
        ("ANC106", *queue),
        ("ANC106", queue[0], position(LIST_SUMMARY, "31 and")[1]),
        ("ANC106", queue[0], position(LIST_SUMMARY, "40)")[1]),
    ]


def test_each_finding_of_a_list_names_its_own_lines() -> None:
    messages = [f.message for f in lint_source("s.md", LIST_SUMMARY, SETTINGS)]
    quoted = '"`Sync/Queue.swift` (lines 10-20, 31 and 40)"'
    assert [m for m in messages if quoted in m] == [
        f"line pointer {quoted} in prose is unpinned: lines 10-20 drift with the next edit; "
        "write it as Sync/Queue.swift#L10-20@sha256:<sha256 of the lines>",
        f"line pointer {quoted} in prose is unpinned: line 31 drifts with the next edit; "
        "write it as Sync/Queue.swift#L31@sha256:<sha256 of the lines>",
        f"line pointer {quoted} in prose is unpinned: line 40 drifts with the next edit; "
        "write it as Sync/Queue.swift#L40@sha256:<sha256 of the lines>",
    ]


@pytest.mark.parametrize(
    ("item", "lines"),
    [
        ("- Fixed the guard in `worker/backoff.py` (line 88, 92 and 97)", [88, 92, 97]),
        ("- Fixed the guard in `worker/backoff.py` (lines 88, 92, and 97)", [88, 92, 97]),
        ("- Fixed the guard in worker/backoff.py (lines 88 and 92)", [88, 92]),
        ("- **`worker/backoff.py`** (READ, lines 88, 92)", [88, 92]),
        ("- `worker/backoff.py` (lines 88, 92: both guards)", [88, 92]),
        ("- `worker/backoff.py` in 2 places (lines ~88, ~92)", [88, 92]),
        ("- `worker/backoff.py` at one spot (line 88)", [88]),
        ("- `C:\\svc\\worker\\backoff.py` (lines 88, 92)", [88, 92]),
    ],
)
def test_list_spellings(item: str, lines: list[int]) -> None:
    messages = [f.message for f in lint_source("s.md", item + "\n", SETTINGS)]
    assert [m.split("#L")[1].split("@")[0] for m in messages] == [str(n) for n in lines]


def test_the_longest_opening_before_a_line_still_reaches_it() -> None:
    """Two spaces, a label of twelve letters and a tilde between a path in bold code and its
    line: the path finder's window reaches the word "line" (it stopped a character short)."""
    (finding,) = lint_source("s.md", "- **`a/b.py`**  (DEPRECATEDXY, ~line 4)\n", SETTINGS)
    assert finding.code == "ANC106" and "a/b.py#L4@sha256:" in finding.message


@pytest.mark.parametrize(
    "item",
    [
        "- Fixed the guard in `worker/backoff.py` (lines 88:92)",
        "- The pool in `worker/pool.py` (line count 88, 92) is the biggest",
        "- Read `worker/pool.py` (see notes, lines 4, 9)",
        "- `worker/pool.py` lines 4 and 9 hold the cap",
        "- `worker/pool.py` at several points (lines 4, 9) holds the cap",
        "- `worker/pool.py` (lines 4, 9 of the old copy) holds the cap",
    ],
)
def test_a_list_read_only_where_it_is_unambiguous(item: str) -> None:
    """No pointer where the parentheses hold something else, where the list stands outside
    parentheses (left as it was), or where the bridge is no count of places."""
    assert [f.code for f in lint_source("s.md", item + "\n", SETTINGS)] == []


def test_a_store_checks_each_listed_line(tmp_path: Path) -> None:
    """Each line is resolved on its own: the one past the end of the file is ANC204, at its
    number; the other resolves and is pinned in its message."""
    write_tree(tmp_path, {"app/View.swift": "".join(f"let v{i} = {i}\n" for i in range(110))})
    text = "- **`app/View.swift`** (lines 102, 122)\n"
    store = DirectoryStore(tmp_path)
    findings = lint_source("s.md", text, Settings(select=("ANC204", "ANC106")), store=store)
    assert [(f.code, f.column) for f in findings] == [
        ("ANC106", 5),
        ("ANC106", 36),
        ("ANC204", 36),
    ]
    assert "app/View.swift#L102@sha256:" in findings[0].message
    assert "<sha256 of the lines>" not in findings[0].message


def test_a_line_dropped_from_a_list_is_drift(tmp_path: Path) -> None:
    """Across generations each listed line is one anchor: a respelled list is none, a line
    replaced by another is."""
    summaries = [
        "Guards in `app/View.swift` (lines 102, 122).",
        "Guards in `app/View.swift` (lines 102 and 122).",
        "Guards in `app/View.swift` (lines 102, 130).",
    ]
    records = [
        {"thread": "t", "generation": n, "summary": text} for n, text in enumerate(summaries, 1)
    ]
    write_tree(tmp_path, {"h.jsonl": "".join(json.dumps(r) + "\n" for r in records)})
    drift: list[Finding] = lint_tree(tmp_path, Settings(root=str(tmp_path), select=("ANC211",)))
    assert [f.line for f in drift] == [3]
    assert "app/View.swift#L122" in drift[0].message


# ---------------------------------------------------------------- hostile input


@pytest.mark.parametrize(
    "text",
    [
        "C:\\" * 350_000,
        "C:\\ " * 260_000,
        ("C:\\" + "a\\" * 40 + " ") * 12_500,
        "\\" * 1_000_000,
        "`C:/" * 260_000,
        "`a.py` (lines 1" + ", 1" * 340_000,
        "a.py (lines 1" + " and 1" * 170_000 + ")",
        ("`a.py` at three places (lines 1" + ", 1" * 70 + ") ") * 4_500,
    ],
    ids=["drives", "drives-spaced", "folders", "backslashes", "ticked", "list", "and", "long"],
)
def test_a_megabyte_of_hostile_input_is_read_in_linear_time(text: str) -> None:
    """Every repetition is bounded and the folders are taken possessively: each of these
    takes a fraction of a second; the bound is loose, for a shared machine."""
    started = time.perf_counter()
    anchors.find_anchors(text, TextSettings())
    assert time.perf_counter() - started < 10


# ---------------------------------------------------------------- the finder and the gate

PIECES = [
    *["C", "c", ":", "\\", "/", "`", "a", ".", "md", " ", "x.py", ":12", "_", "-", "$", "é"],
    *["\\\\", "host", "#L3", " line 4", " (lines 3, 4)", " at two places", "**", "(", ")"],
    *[".claude", "https://", "Note: ", "1"],
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=30).map("".join) | st.text(max_size=40)


def _windows_form() -> anchor_scanners._Form:
    forms = anchor_scanners._separate_forms((), anchor_scanners._kinds(()))
    (form,) = [f for f in forms if f.finder is windows_starts]
    return form


@settings(max_examples=800, deadline=None)
@given(TEXTS)
def test_the_windows_form_tried_at_its_starts_finds_every_match(text: str) -> None:
    form = _windows_form()
    expected = [(m.lastgroup, m.span()) for m in form.pattern.finditer(text)]
    assert [(m.lastgroup, m.span()) for m in form.scan(text)] == expected
    if expected:
        assert form.gate(text)


LIST_PIECES = [
    *["`a.py`", "a.py", " (lines 3", " (line 3", ", 4", " and 5", ", and 6", "-9", ")"],
    *[" at three places", ": x", " ", "**", "~", "\n", "é", "(255 lines)", ", x"],
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.lists(st.sampled_from(LIST_PIECES), max_size=12).map("".join), max_size=4))
def test_listed_lines_are_ascending_apart_and_alike_in_blocks(texts: list[str]) -> None:
    """The pointers cut from a list keep the anchors sorted and apart, and a summary's
    blocks scanned together give what each block scanned alone gives."""
    configured = TextSettings()
    alone = [anchors.find_anchors(text, configured) for text in texts]
    for block in alone:
        assert all(a.end <= b.start for a, b in zip(block, block[1:], strict=False))
    empty: list[tuple[()]] = [()] * len(texts)
    together = anchors.find_block_anchors(texts, configured, empty, empty)
    assert [[vars(a) for a in b] for b in together] == [[vars(a) for a in b] for b in alone]


def test_a_summary_citing_only_urls_gives_the_windows_form_nothing_to_try() -> None:
    """Most summaries hold URLs; their ``://`` opens no drive, so the form's gate and its
    starts pass them by (the form is then never compiled for them)."""
    from anchorlint.text.windows_paths import may_hold_windows_path, windows_starts

    text = "See https://example.org/a.md and file:///srv/x.md, then `C:/work/plan.md` line 3."
    assert windows_starts(text.split(", then")[0]) == []
    assert not may_hold_windows_path("See https://example.org/a.md and ftp://host/x.md")
    assert windows_starts(text) == [text.index("`C:")] + [text.index("C:/")]
