"""Fuzzing the output boundary: random control characters in paths, keys, messages and quotes.

``test_output_escaping`` checks a fixed list of known attacks; here the attacks are generated.
Pieces that each mean something to a terminal, a log or a GitHub runner (CR, LF, CRLF, ESC
sequences, OSC, BEL, C1 NEL and CSI, LS/PS, bidi overrides, NUL, DEL, ``::`` commands, the
runner's ``%``, ``,`` and ``:`` delimiters) are strung together at random and put where
untrusted text reaches a report. For every format the same invariants hold:

- no raw control character (tab and the newline that ends a line aside) on stdout or stderr;
- the default (flake8) format is exactly one ``path:line:col: CODE message`` line per finding;
- JSON and SARIF parse, and JSON gives back the exact path and message;
- no line, split as the runner splits a log (CR, LF), starts with ``::``, except in
  ``--format github``, whose lines are exactly one annotation per finding with well-formed
  properties.

The in-process part renders findings built from generated text through every reporter (many
examples, fast); the end-to-end part runs the command line on a tree whose file names, keys,
quotes and phrases carry generated payloads, in every format.
"""

from __future__ import annotations

import io
import json
import random
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from security_helpers import FLAKE8_LINE, RAW_CONTROL, json_findings, no_traceback, run

from anchorlint.findings import Finding
from anchorlint.reporters import ReportOptions, available

PIECES = [
    "\r", "\n", "\r\n", "\x1b", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\x1b]8;;http://x.invalid/\x1b\\",
    "\x07", "\x85", "\x9b31m", "\u2028", "\u2029", "\u202e", "\u2066", "\x00", "\x7f", "\x08",
    "\x0b", "\x0c", "\x1c", "::", "::error::", "::stop-commands::t", "::add-mask::", "%", "%0A",
    ",", ":", " ", "\t", "a", "é", "Z",
]  # fmt: skip
FORMATS = ("flake8", "full", "github", "json", "sarif")
GITHUB_COMMAND = re.compile(r"^::(error|warning|notice)( [^:\r\n]*)?::")
GITHUB_PROPERTY = re.compile(r"^(file|line|col|endLine|endColumn|title)=[^,]*$")

payloads = st.lists(st.sampled_from(PIECES), min_size=1, max_size=10).map("".join)


def runner_lines(text: str) -> list[str]:
    """The log as a GitHub runner splits it, leading whitespace trimmed."""
    return [line.lstrip() for line in re.split(r"\r\n|\r|\n", text)]


def assert_safe(fmt: str, out: str, err: str, count: int) -> None:
    """The invariants of the module docstring for one report of ``count`` findings."""
    for stream in (out, err):
        found = RAW_CONTROL.search(stream)
        assert found is None, (fmt, repr(stream[max(0, found.start() - 60) : found.end() + 20]))
    if fmt != "github":
        for line in runner_lines(out + "\n" + err):
            assert not line.startswith("::"), (fmt, line[:200])
    else:
        commands = [line for line in runner_lines(out) if line]
        assert len(commands) == count, out[-2000:]
        for line in commands:
            match = GITHUB_COMMAND.match(line)
            assert match, line[:200]
            for prop in (match.group(2) or "").strip().split(","):
                assert GITHUB_PROPERTY.match(prop), (prop, line[:200])
        assert not [line for line in runner_lines(err) if line.startswith("::")]
    if fmt == "flake8" and count >= 0:
        lines = out.split("\n")
        assert lines[-1] == "" and len(lines) - 1 == count, out[-2000:]
        assert all(FLAKE8_LINE.match(line) for line in lines[:-1]), out[-2000:]
    if fmt in ("json", "sarif"):
        parsed = json.loads(out)
        results = parsed if fmt == "json" else parsed["runs"][0]["results"]
        assert len(results) == count


def render(fmt: str, findings: list[Finding]) -> str:
    out = io.StringIO()
    available()[fmt](iter(findings), out, ReportOptions())
    return out.getvalue()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path_part=payloads, message_part=payloads, quote=payloads)
def test_every_reporter_escapes_generated_text(
    path_part: str, message_part: str, quote: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        name = "s" + path_part.replace("/", "_").replace("\x00", "_") + ".md"
        path = str(Path(folder) / name)
        Path(path).write_text(f"As noted {quote} earlier, it moved.\nSee [[k{quote}]].\n")
        findings = [
            Finding(path, 1, 1, "ANC101", f'"As noted {quote} earlier" {message_part}', 1, 9),
            Finding(path, 2, 5, "ANC105", f"key [[k{quote}]] {message_part}", 2, 10),
        ]
        for fmt in FORMATS:
            out = render(fmt, findings)
            assert_safe(fmt, out, "", len(findings))
        for item, original in zip(json.loads(render("json", findings)), findings, strict=True):
            assert (item["path"], item["message"]) == (original.path, original.message)


def hostile_tree(root: Path, seed: int, count: int = 8) -> str:
    """Files whose names, keys, quotes and phrases carry random payloads; returns the name of
    a JSON file with no summary, whose warning on stderr quotes its name."""
    chooser = random.Random(seed)
    (root / "store" / "ops").mkdir(parents=True)
    (root / "store" / "ops" / "log.md").write_text("one\ntwo\n")
    (root / "in").mkdir()
    for number in range(count):
        payload = "".join(chooser.choice(PIECES) for _ in range(chooser.randint(1, 8)))
        texts = [
            f"See [[ops/run{payload}book]] for the cutover.",
            f'The log says "it {payload} failed" [[ops/log#L1-2]].',
            f"As noted earlier{payload}, the cutover moved.",
        ]
        records = "".join(json.dumps({"summary": text}) + "\n" for text in texts)
        (root / "in" / f"r{number}.jsonl").write_text(records)
        name = f"n{number}{payload}.md".replace("/", "_").replace("\x00", "_")
        (root / "in" / name).write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    # named on the command line and holding no summary: its name goes to stderr in a warning
    quiet = "w" + "".join(chooser.choice(PIECES) for _ in range(6)).replace("/", "_") + ".json"
    (root / quiet.replace("\x00", "_")).write_text('{"other": 1}\n')
    return quiet.replace("\x00", "_")


@pytest.mark.slow
@pytest.mark.parametrize("seed", [20, 21])
def test_command_line_escapes_generated_text_in_every_format(tmp_path: Path, seed: int) -> None:
    quiet = hostile_tree(tmp_path, seed)
    count = -1
    for fmt in ("json", "flake8", "full", "github", "sarif"):  # json first: it gives the count
        args = ["check", "--no-cache", "--store", "store", "--format", fmt, "in", quiet]
        proc = run(args, cwd=tmp_path, timeout=300)
        no_traceback(proc)
        out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
        assert proc.returncode == 1, err[-2000:]
        assert "no summary" in err, err
        if fmt == "json":
            count = len(json_findings(proc.stdout))
            assert count > 8
        if fmt == "full":  # several lines per finding: only the character invariants apply
            assert_safe("full", out, err, count)
            continue
        assert_safe(fmt, out, err, count)
