"""Shapes from a precision audit of every ANC107, ANC108 and ANC109 finding over real files.

False shapes, each written here in words of our own:

- a placeholder written where a link's target or a wiki key goes (``[Title](...)``, a JSON
  example ``[[...]]`` in a code span) was read as the bare key "..." (ANC107), and a link's
  ``https://…`` target as a key under the namespace "https:/", evidence that "..." was
  ambiguous;
- a plain-text file of fenced code only (a fixture of code blocks) was called "the summary
  is empty" (ANC109), where the same file as Markdown is silent.

Near misses keep firing: a blank plain-text file is empty, and a bare wiki key cited
qualified under two namespaces elsewhere in the run is ambiguous.
"""

from __future__ import annotations

from pathlib import Path

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
