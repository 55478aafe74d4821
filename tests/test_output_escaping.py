"""Untrusted text never leaves anchorlint as a control sequence, in any format or on stderr.

Summaries, keys, quotations and file names come from whoever wrote the repository. What a
terminal acts on (ESC, C1, OSC clipboard writes), what splits a line (CR, LF, LS/PS) and what
a GitHub runner reads as a workflow command (a line that starts with ``::`` once the log is
split at CR and LF) must arrive escaped: one finding is one line in the default format, JSON
and SARIF stay valid, and the only commands in ``--format github`` are the annotations
anchorlint means to write.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from security_helpers import FLAKE8_LINE, RAW_CONTROL, json_findings, no_traceback, run

#: what an attacker puts in a summary: each turns a log line into something else
HOSTILE = [
    "\r::stop-commands::tok\r",
    "\n::error file=x.py::forged\n",
    "\r\n::add-mask::secret",
    "\x1b[2J\x1b[31m",
    "\x1b]52;c;aGVsbG8=\x07",
    "\x1b]8;;https://example.invalid/\x1b\\",
    "\x85::warning::c1-nel",
    "\x9b2J",
    "\u2028::error::ls\u2029",
    "\u202ereversed",
    "\x7f\x08\x0b\x0c",
]

FORMATS = ("flake8", "full", "github", "json", "sarif")
#: a runner command: ``::name`` then properties, then ``::``; anchorlint writes annotations only
GITHUB_COMMAND = re.compile(r"^::(error|warning|notice)( [^:\r\n]*)?::")
GITHUB_PROPERTY = re.compile(r"^(file|line|col|endLine|endColumn|title)=[^,]*$")


def hostile_records(payload: str) -> str:
    """Records whose text carries ``payload`` in a key, a description key, a quote, a phrase."""
    texts = [
        f"See [[ops/run{payload}book]] for the cutover.",
        f"See [[the earlier {payload} note]] for the cutover.",
        f'The log says "it {payload} failed" [[ops/log#L1-2]].',
        f"As noted earlier{payload}, the cutover moved.",
        f"Per the config{payload} file, the window is Friday.",
    ]
    return "".join(json.dumps({"summary": text}) + "\n" for text in texts)


@pytest.fixture(scope="module")
def hostile_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile")
    (root / "store" / "ops").mkdir(parents=True)
    (root / "store" / "ops" / "log.md").write_text("one\ntwo\n")
    (root / "in").mkdir()
    for number, payload in enumerate(HOSTILE):
        (root / "in" / f"records{number}.jsonl").write_text(hostile_records(payload))
        markdown = f"# Hand-off\n\nSee [[the earlier {payload} note]] now.\n\nAs noted earlier.\n"
        (root / "in" / f"notes{number}.md").write_text(markdown)
        name = f"n{number}{payload.replace('/', '_')}.md"
        (root / "in" / name).write_text("As noted earlier, the cutover moved.\n")
    (root / "in" / "::stop-commands::tok.md").write_text("As noted earlier, it moved.\n")
    return root


def lines_a_runner_reads(text: str) -> list[str]:
    """The log as the runner splits it (CR, LF or CRLF), leading whitespace trimmed."""
    return [line.lstrip() for line in re.split(r"\r\n|\r|\n", text)]


def check(root: Path, fmt: str) -> tuple[str, str, int]:
    proc = run(
        ["check", "--no-cache", "--store", "store", "--format", fmt, "in"], cwd=root, timeout=300
    )
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode("utf-8", "replace")[-2000:]
    return proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"), proc.returncode


@pytest.fixture(scope="module")
def reports(hostile_tree: Path) -> dict[str, tuple[str, str, int]]:
    return {fmt: check(hostile_tree, fmt) for fmt in FORMATS}


@pytest.mark.parametrize("fmt", FORMATS)
def test_no_raw_control_character_in_any_format(
    reports: dict[str, tuple[str, str, int]], fmt: str
) -> None:
    out, err, _ = reports[fmt]
    for stream in (out, err):
        found = RAW_CONTROL.search(stream)
        assert found is None, (fmt, repr(stream[max(0, found.start() - 80) : found.end() + 20]))


@pytest.mark.parametrize("fmt", ("flake8", "full", "json", "sarif"))
def test_no_line_is_a_workflow_command(reports: dict[str, tuple[str, str, int]], fmt: str) -> None:
    out, err, _ = reports[fmt]
    for line in lines_a_runner_reads(out + "\n" + err):
        assert not line.startswith("::"), (fmt, line[:200])


def test_github_format_writes_only_its_own_annotations(
    reports: dict[str, tuple[str, str, int]],
) -> None:
    out, _, _ = reports["github"]
    commands = [line for line in lines_a_runner_reads(out) if line]
    assert len(commands) == len(json_findings(reports["json"][0].encode()))
    for line in commands:
        match = GITHUB_COMMAND.match(line)
        assert match, line[:200]
        properties = (match.group(2) or "").strip()
        for prop in properties.split(","):
            assert GITHUB_PROPERTY.match(prop), (prop, line[:200])


def test_flake8_format_is_one_line_per_finding(
    reports: dict[str, tuple[str, str, int]],
) -> None:
    findings = json_findings(reports["json"][0].encode())
    lines = reports["flake8"][0].split("\n")
    assert lines[-1] == ""
    assert len(lines) - 1 == len(findings)
    assert all(FLAKE8_LINE.match(line) for line in lines[:-1])
    assert not any(re.search(r"[\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]", line) for line in lines)


def test_escapes_are_visible_in_the_default_format(
    reports: dict[str, tuple[str, str, int]],
) -> None:
    out = reports["flake8"][0]
    assert "\\x1b[2J" in out  # ESC shown as an escape, the rest of the key kept readable
    assert "\\u2028" in out
    assert "\\r::stop-commands::tok" in out  # the file name, escaped, still says what it holds


def test_json_and_sarif_stay_valid_and_keep_exact_paths(
    reports: dict[str, tuple[str, str, int]], hostile_tree: Path
) -> None:
    findings = json_findings(reports["json"][0].encode())
    names = {Path(f["path"]).name for f in findings}
    on_disk = {p.name for p in (hostile_tree / "in").iterdir()}
    assert names <= on_disk  # JSON escapes by its own rules: consumers get the real names
    assert "::stop-commands::tok.md" in names
    sarif = json.loads(reports["sarif"][0])
    results = sarif["runs"][0]["results"]
    assert len(results) == len(findings)


def test_full_format_escapes_source_lines(tmp_path: Path) -> None:
    line = "As noted earlier, \x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07 the move\x1b[2J.\n"
    (tmp_path / "s.md").write_bytes(line.encode())
    proc = run(["check", "--no-cache", "--format", "full", "s.md"], cwd=tmp_path)
    out = proc.stdout.decode()
    assert proc.returncode == 1
    assert RAW_CONTROL.search(out) is None, repr(out)
    assert "\\x1b]52;c;" in out and "\\x07" in out


STDERR_CASES = {
    "store path": lambda root: ["check", "--store", "x\r::error::y\x1b[2J", "s.md"],
    "missing input": lambda root: ["check", "nofile\r::error::y\x1b[2J\u2028.md"],
    "config key": lambda root: ["check", "--config", str(root / "bad.toml"), "s.md"],
    "config value": lambda root: [
        "check",
        "--config",
        str(root / "cfg" / "anchorlint.toml"),
        "s.md",
    ],
}


@pytest.mark.parametrize("case", sorted(STDERR_CASES))
def test_stderr_lines_are_escaped(tmp_path: Path, case: str) -> None:
    (tmp_path / "s.md").write_text("As noted earlier.\n")
    (tmp_path / "bad.toml").write_text('[tool.anchorlint]\n"bad\\u001b[2J\\r::error::x" = 1\n')
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "anchorlint.toml").write_text('select = ["ANC1\\u001b[2J\\r::error::x"]\n')
    proc = run(STDERR_CASES[case](tmp_path), cwd=tmp_path)
    no_traceback(proc)
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2, err
    assert RAW_CONTROL.search(err) is None, repr(err)
    assert len(err.splitlines()) == 1, repr(err)
    assert not any(line.startswith("::") for line in lines_a_runner_reads(err)), repr(err)
