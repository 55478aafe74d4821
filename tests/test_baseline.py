"""``--write-baseline`` / ``--baseline``: adopting anchorlint on summaries that already have
findings, so CI fails only on new ones, and the same keys in SARIF ``partialFingerprints``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import run_cli, write_tree

OLD = (
    "# Hand-off\n\n"
    "As noted earlier, the cutover was postponed.\n\n"
    "The ledger lives at doc_7#L3-5 for now.\n"
)


def _codes_lines(stdout: str) -> list[tuple[str, str]]:
    return [(line.split(":")[1], line.split(" ")[1]) for line in stdout.splitlines()]


def test_only_new_findings_fail_after_edits_elsewhere(tmp_path: Path) -> None:
    write_tree(tmp_path, {"notes/a.md": OLD, "notes/b.md": OLD})
    wrote = run_cli("check", "--no-cache", "--write-baseline", "anchorlint-baseline.json", "notes",
                    cwd=tmp_path)  # fmt: skip
    assert wrote.returncode == 0, wrote.stderr
    assert wrote.stdout == ""
    assert "recorded 4 findings" in wrote.stderr
    recorded = json.loads((tmp_path / "anchorlint-baseline.json").read_text(encoding="utf-8"))
    assert {e["code"] for e in recorded["findings"]} == {"ANC101", "ANC106"}

    clean = run_cli("check", "--no-cache", "--baseline", "anchorlint-baseline.json", "notes",
                    cwd=tmp_path)  # fmt: skip
    assert (clean.returncode, clean.stdout) == (0, ""), clean.stderr

    # a paragraph added above moves every line; a new backward reference is added below
    moved = "Scope: the billing ledger only [[ledger/q3]].\n\n" + OLD
    (tmp_path / "notes/a.md").write_text(moved + "\nAs mentioned above, it slipped.\n")
    again = run_cli("check", "--no-cache", "--baseline", "anchorlint-baseline.json", "notes",
                    cwd=tmp_path)  # fmt: skip
    assert again.returncode == 1
    assert _codes_lines(again.stdout) == [("9", "ANC101")], again.stdout


def test_keys_survive_running_from_elsewhere(tmp_path: Path) -> None:
    """The baseline's paths are relative to its own folder: a run from another folder, or a
    copy of the checkout somewhere else, matches the same findings."""
    write_tree(tmp_path / "repo", {"notes/a.md": OLD})
    repo = tmp_path / "repo"
    run_cli("check", "--no-cache", "--write-baseline", "base.json", "notes", cwd=repo)
    from_above = run_cli("check", "--no-cache", "--baseline", "repo/base.json", "repo/notes",
                         cwd=tmp_path)  # fmt: skip
    assert (from_above.returncode, from_above.stdout) == (0, ""), from_above.stderr
    shutil.copytree(repo, tmp_path / "moved")
    moved = run_cli("check", "--no-cache", "--baseline", "base.json", ".", cwd=tmp_path / "moved")
    assert (moved.returncode, moved.stdout) == (0, ""), moved.stderr


def test_a_second_identical_finding_is_new(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": OLD})
    run_cli("check", "--no-cache", "--write-baseline", "base.json", "a.md", cwd=tmp_path)
    (tmp_path / "a.md").write_text(OLD + "\nAs noted earlier, the cutover was postponed.\n")
    result = run_cli("check", "--no-cache", "--baseline", "base.json", "--extend-ignore", "ANC103",
                     "a.md", cwd=tmp_path)  # fmt: skip
    assert _codes_lines(result.stdout) == [("7", "ANC101")], result.stdout


def test_summary_counts_what_the_baseline_hid(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": OLD})
    run_cli("check", "--no-cache", "--write-baseline", "base.json", "a.md", cwd=tmp_path)
    result = run_cli(
        "check", "--no-cache", "--baseline", "base.json", "--format", "full", "a.md", cwd=tmp_path
    )
    assert result.stdout.strip() == "All checks passed! (2 more hidden by the baseline)"


def test_a_missing_or_foreign_baseline_is_a_usage_error(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": OLD, "other.json": '{"findings": []}'})
    missing = run_cli("check", "--baseline", "nope.json", "a.md", cwd=tmp_path)
    assert missing.returncode == 2
    assert "cannot read baseline nope.json" in missing.stderr
    foreign = run_cli("check", "--baseline", "other.json", "a.md", cwd=tmp_path)
    assert foreign.returncode == 2
    assert "not an anchorlint baseline" in foreign.stderr
    both = run_cli("check", "--baseline", "x", "--write-baseline", "y", "a.md", cwd=tmp_path)
    assert both.returncode == 2 and "not both" in both.stderr


def test_sarif_partial_fingerprints_are_the_baseline_keys(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": OLD})
    run_cli("check", "--no-cache", "--write-baseline", "base.json", "a.md", cwd=tmp_path)
    keys = {e["fingerprint"] for e in json.loads((tmp_path / "base.json").read_text())["findings"]}
    sarif = run_cli("check", "--no-cache", "--format", "sarif", "a.md", cwd=tmp_path)
    results = json.loads(sarif.stdout)["runs"][0]["results"]
    assert {r["partialFingerprints"]["anchorlint/v1"] for r in results} == keys


def test_keys_read_lines_forward_and_back(tmp_path: Path) -> None:
    """A file's lines are read forward as keys need them; findings handed over out of order
    (an earlier line reopens the file) get the keys of their own lines."""
    from anchorlint.findings import Finding
    from anchorlint.fingerprints import fingerprint
    from anchorlint.reporters.keys import keyed

    path = tmp_path / "a.md"
    path.write_text("one\r\ntwo\n  three  \n", encoding="utf-8")
    findings = [Finding(str(path), line, 1, "ANC101", "m") for line in (3, 1, 2)]
    keys = {f.line: key for f, key in keyed(findings, tmp_path)}
    texts = {1: "one", 2: "two", 3: "three"}
    assert keys == {n: fingerprint("ANC101", "a.md", text) for n, text in texts.items()}
    from anchorlint.reporters.keys import ForwardLines

    with ForwardLines(str(path)) as lines:
        assert [lines.line(n) for n in (3, 1, 2, 4, 0)] == ["  three  ", "one", "two", "", ""]
    with ForwardLines(str(tmp_path / "missing.md")) as lines:
        assert lines.line(1) == ""
