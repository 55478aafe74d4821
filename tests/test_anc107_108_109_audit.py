"""Shapes from a precision audit of every ANC107, ANC108 and ANC109 finding over real files.

False shapes, each written here in words of our own:

- a placeholder written where a link's target or a wiki key goes (``[Title](...)``, a JSON
  example ``[[...]]`` in a code span) was read as the bare key "..." (ANC107), and a link's
  ``https://…`` target as a key under the namespace "https:/", evidence that "..." was
  ambiguous;
- a relative Markdown link with a fragment (``[Pinning](boards.md#pinning-a-board)``) was
  read as the bare key ``boards.md`` (ANC107), where the same link without its fragment,
  like ``./boards.md``, resolves beside the file that cites it;
- a plain-text file of fenced code only (a fixture of code blocks) was called "the summary
  is empty" (ANC109), where the same file as Markdown is silent;
- "nothing is lost", "no pending tasks" or "nothing is outstanding" said of a system or a
  piece of work, not of the note (ANC108): a condition or a time ("while nothing is
  pending", "once nothing is outstanding", "nothing is lost until you enable it"), what a
  system does ("the journal ensures nothing is lost", "schedules no pending tasks"), a check
  to run ("to confirm nothing was dropped or duplicated"), a fault's effects ("nothing is
  dropped, destroyed, or stalled") and scope items set aside under a heading.

Near misses keep firing: a blank plain-text file is empty, a bare wiki key cited
qualified under two namespaces elsewhere in the run is ambiguous, and a completeness claim
that stands alone or names the note ("Nothing was omitted.", "No pending tasks.",
"Nothing was lost to compaction.", "This summary ensures nothing is lost.") is a claim.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from anchorlint.api import check_summary
from tests.conftest import lint_tree


def _found(root: Path, code: str) -> list[tuple[str, int]]:
    return sorted((Path(f.path).name, f.line) for f in lint_tree(root) if f.code == code)


# ANC107: a placeholder is no key, and a URL names no namespace

HANDOFF = """# Session notes

- Landing page blurb now reads "an add-on for [Fairway](...), the scoring app".
- Cache format: entries are `{"key":"...", "spans":[[...]]}` now.
- The release checklist is in [[release.md]].
"""

STYLE = """# Writing style

Every source must be a full link, like [Title](https://...) in the answer.
"""

VENDORS = """# Vendors

- [Cloud sandbox](https://docs.vendor-cloud.example/...)
- Release steps: [[ops-a/release.md]] and [[ops-b/release.md]].
"""


def test_a_placeholder_link_target_is_no_bare_key(tmp_path: Path) -> None:
    (tmp_path / "handoff.md").write_text(HANDOFF)
    (tmp_path / "style.md").write_text(STYLE)
    (tmp_path / "vendors.md").write_text(VENDORS)
    # the placeholders are silent; the bare wiki key cited under two namespaces still fires
    assert _found(tmp_path, "ANC107") == [("handoff.md", 5)]


def test_a_placeholder_link_target_is_no_elision_either(tmp_path: Path) -> None:
    (tmp_path / "handoff.md").write_text(HANDOFF.replace("- The release", "- No release"))
    assert _found(tmp_path, "ANC104") == []


# ANC107: a relative link's target resolves beside its file, with a fragment or without

DASHBOARD = """# Dashboard notes

Pin a board to keep it on top. See [Pinning](boards.md#pinning-a-board).
Also see [Boards](boards.md) and the [settings](settings#theme).
The old page is [[boards.md]].
"""

INDEX = """# Docs index

- [Boards (web)](web/boards.md) and [Settings (web)](web/settings)
- [Boards (guide)](guides/boards.md) and [Settings (guide)](guides/settings)
"""


def test_a_relative_link_with_a_fragment_is_read_beside_its_file(tmp_path: Path) -> None:
    (tmp_path / "dashboard.md").write_text(DASHBOARD)
    (tmp_path / "index.md").write_text(INDEX)
    # the wiki key is bare wherever it is cited from: it still fires
    assert _found(tmp_path, "ANC107") == [("dashboard.md", 5)]


def test_a_link_to_lines_keeps_its_unpinned_pointer(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nThe retry loop is [here](retry.py#L12-20).\n")
    assert _found(tmp_path, "ANC106") == [("notes.md", 3)]


# ANC109: a plain-text file of code only is not empty

CODE_ONLY = """```python
print("ready")
```

```sh
ls -la build/
```
"""


def test_a_plain_text_file_of_code_only_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "fences.txt").write_text(CODE_ONLY)
    (tmp_path / "fences.md").write_text(CODE_ONLY)
    assert _found(tmp_path, "ANC109") == []


def test_a_blank_plain_text_file_is_still_empty(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "blank.txt").write_text("  \n\n\t\n")
    assert _found(tmp_path, "ANC109") == [("blank.txt", 1), ("empty.txt", 1)]


# ANC108: a completeness phrase said of a system or a piece of work


def _claims(line: str) -> list[int]:
    """The ANC108 lines of a short note holding ``line`` (line 3) and an elision (line 5)."""
    text = f"# Cache notes\n\n{line}\n\nSupported backends: disk, memory, etc.\n"
    return [f.line for f in check_summary(text, path="notes.md") if f.code == "ANC108"]


@pytest.mark.parametrize(
    "line",
    [
        "Drain the outbox first (while nothing is pending) and then fetch.",
        "The warning clears itself once nothing is outstanding.",
        "The worker rethrows only if nothing is pending.",
        "Eviction is off by default, so nothing is lost until you enable it.",
        "4. **Write-ahead log**: the journal ensures nothing is lost",
        "The replay graph has one no-op node and schedules no pending tasks, so it stays idle.",
        "Compare the test ids before and after the move to confirm nothing was dropped or duplicated.",
        "A crash mid-write is survivable: nothing is dropped, destroyed, or stalled in the queue.",
        "Those payloads are not watched; nothing has been lost to that yet, but the gap is real.",
        "The reader returns an empty list when the file is absent, so nothing is dropped that ever existed.",
        "## 4. Out of scope (deferred, nothing dropped)",
    ],
)
def test_a_claim_about_a_system_or_a_piece_of_work_is_no_claim(line: str) -> None:
    assert _claims(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "Nothing was omitted.",
        "No pending tasks.",
        "Nothing is left to do.",
        "Nothing was lost to compaction.",
        "Nothing was omitted or lost.",
        "This summary ensures nothing is lost.",
        "I confirm nothing was dropped.",
        "## Done (nothing dropped)",
    ],
)
def test_a_claim_that_stands_alone_or_names_the_note_still_fires(line: str) -> None:
    assert _claims(line) == [3]
