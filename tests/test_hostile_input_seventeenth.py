"""Hostile input of the seventeenth sweep: each gives its findings or a one-line error in
bounded time, and nothing a data file holds is printed so that a CI runner or a terminal acts
on it.

Long runs without whitespace handed to spaCy, GitHub's ``##[command]`` form in printed data,
a module of lines that each look like a guard, a repository's ``text.spacy-model``, ``pin``
on a FIFO, unbounded stdin, raw file names on stderr and in ``--diff`` headers, forged cache
entries, non-UTF-8 file names in JSON, and the reasons parse errors give.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from security_helpers import no_traceback, run

from anchorlint.config import Settings
from anchorlint.run.engine import lint_bytes
from anchorlint.text.nlp import MAX_RUN, broken_runs

SECRET = "TOP-SECRET-BYTES"

HANDOFF = (
    "## Status\n\n"
    "As noted earlier, the cap was raised to 40 requests.\n\n"
    "- Deploy is green.\n"
    "- See [docs](https://example.org/guide/setup-and-first-deploy.html) for the steps.\n\n"
)


def _codes(path: str, text: str) -> list[tuple[int, str]]:
    findings = lint_bytes(path, text.encode(), Settings())
    return sorted((f.line, f.code) for f in findings)


@pytest.mark.parametrize("char", [")", "=", "§", "\U0001f600", "#", "]"])
def test_a_long_run_without_whitespace_is_parsed_in_linear_time(char: str) -> None:
    """A run of a character spaCy strips as a prefix or suffix cost the square of its
    length (16,000 characters: a minute); a megabyte of it now takes seconds, and the
    findings of the prose around it are those of the same note without it."""
    plain = _codes("note.md", HANDOFF)
    assert (3, "ANC101") in plain
    run_line = "Log tail: " + char * 1_000_000 + "\n"
    start = time.monotonic()
    found = _codes("note.md", HANDOFF + run_line)
    assert time.monotonic() - start < 20, char
    assert [f for f in found if f[0] < 6] == [f for f in plain if f[0] < 6]


def test_ordinary_text_reaches_spacy_unchanged() -> None:
    """URLs, paths and code spans are far shorter than the bound: handed over as they are;
    a longer run keeps its length, so every offset stays the text's own."""
    url = "https://example.org/" + "a/b-c_d" * 100  # 720 characters
    assert broken_runs(f"See {url} now.") == f"See {url} now."
    assert broken_runs("x" * MAX_RUN) == "x" * MAX_RUN
    long_run = "ok " + ")" * (MAX_RUN * 3) + " end"
    broken = broken_runs(long_run)
    assert len(broken) == len(long_run) and broken.endswith(" end")
    assert broken.startswith("ok )") and " " in broken[4 : 4 + MAX_RUN]
    assert max(len(piece) for piece in broken.split()) <= MAX_RUN


#: what a GitHub runner obeys anywhere in a line (the older form of its workflow commands)
HASH_COMMAND = b"##["


def _hash_command_tree(root: Path) -> None:
    (root / "store").mkdir()
    (root / "store" / "log.txt").write_text("one line\nanother line\n")
    (root / "s").mkdir()
    (root / "s" / "q.md").write_text(
        "# Handoff\n\n"
        'The log says "##[add-mask]hunter2 was the value" (log.txt#L1-2).\n\n'
        "- Next: rerun the job.\n"
    )
    (root / "s" / "x##[error]forged annotation.md").write_text(
        "As noted earlier, the cap was raised.\n"
    )
    # a near miss: a Markdown heading "## [Unreleased]" is no command, and says nothing wrong
    (root / "s" / "plain.md").write_text("## [Unreleased]\n\nThe cache is warm for the run.\n")


@pytest.mark.parametrize("fmt", ["flake8", "full", "json", "sarif", "github"])
def test_no_hash_bracket_command_reaches_a_ci_log(tmp_path: Path, fmt: str) -> None:
    """A quotation, a source line and a file name holding ``##[add-mask]`` or ``##[error]``
    are printed with the second ``#`` escaped, in every format; JSON parses back exact."""
    _hash_command_tree(tmp_path)
    args = ["check", "--no-cache", "--store", "store", "--format", fmt, "s"]
    proc = run(args, tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode()
    assert HASH_COMMAND not in proc.stdout + proc.stderr
    out = proc.stdout.decode()
    if fmt in ("flake8", "full"):
        assert "s/x#\\x23[error]forged annotation.md:1:1: ANC101 " in out
        assert 'quotation "#\\x23[add-mask]hunter2' in out
        assert "s/plain.md" not in out
    if fmt == "full":
        assert '1 | The log says "#\\x23[add-mask]hunter2' not in out  # the line is 3
        assert '3 | The log says "#\\x23[add-mask]hunter2 was the value"' in out
    if fmt == "json":
        paths = {finding["path"] for finding in json.loads(out)}
        assert "s/x##[error]forged annotation.md" in paths  # the exact name, parsed back


def test_show_settings_escapes_what_it_prints(tmp_path: Path) -> None:
    folder = tmp_path / "p##[error]x"
    folder.mkdir()
    (folder / "anchorlint.toml").write_text('exclude = ["##[add-mask]secret/*"]\n')
    proc = run(["check", "--show-settings"], folder)
    no_traceback(proc)
    assert HASH_COMMAND not in proc.stdout + proc.stderr
    assert "p#\\x23[error]x" in proc.stdout.decode()


def test_a_dataset_id_cannot_close_its_brackets_and_forge_a_finding_line(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    ids = ["x]:9:9: ANC999 forged", "##[add-mask]y", "r3"]
    summaries = ["As noted earlier, the cap was raised."] * 2 + ["The cap is 40 (see [[a.md]])."]
    pq.write_table(pa.table({"id": ids, "summary": summaries}), tmp_path / "d.parquet")
    proc = run(["check", "--no-cache", "d.parquet"], tmp_path)
    no_traceback(proc)
    lines = proc.stdout.decode().splitlines()
    assert HASH_COMMAND not in proc.stdout
    assert not any(line.startswith("d.parquet[x]") for line in lines)
    assert any(
        line.startswith("d.parquet[x\\x5d:9:9: ANC999 forged]:1:1: ANC101 ") for line in lines
    )
    assert any(line.startswith("d.parquet[#\\x23[add-mask\\x5dy]:1:1: ANC101 ") for line in lines)
    assert not any(line.startswith("d.parquet[r3]:1:1: ANC101") for line in lines)


def test_a_module_of_many_recompactions_is_checked_in_linear_time() -> None:
    """ANC306 asked whether the module compares anchor sets once per re-compaction, walking
    the whole module each time: 4,000 lines took 79 s. Each body is asked once now."""
    chain = "x = summarize(ctx)\n" + "x = summarize(x) if x else x\n" * 4000
    start = time.monotonic()
    found = _codes("chain.py", chain)
    assert time.monotonic() - start < 20
    assert found.count((2, "ANC306")) == 1 and len(found) == 4000


def test_a_guarded_recompaction_stays_silent_and_an_unguarded_one_is_found() -> None:
    module = (
        "def shrink(text):\n"
        "    first = summarize(text)\n"
        "    second = summarize(first)\n"
        "    assert anchors_of(first) == anchors_of(second)\n"
        "    return second\n"
        "\n"
        "\n"
        "def shrink_twice(text):\n"
        "    first = summarize(text)\n"
        "    return summarize(first)\n"
    )
    assert _codes("compact.py", module) == [(10, "ANC306")]


@pytest.mark.parametrize(
    ("model", "reason"),
    [
        ("pip", "spaCy model 'pip' is not installed as a spaCy pipeline"),
        ("json", "spaCy model 'json' is not installed as a spaCy pipeline"),
        ("/", "spaCy pipeline folder '/' is outside the project and is not read"),
        ("/dev", "spaCy pipeline folder '/dev' is outside the project and is not read"),
        ("../outside", "spaCy pipeline folder '../outside' is outside the project"),
        ("docs", "folder 'docs' holds no spaCy pipeline (config.cfg, meta.json)"),
    ],
)
def test_a_repository_spacy_model_names_a_pipeline_or_is_a_config_error(
    tmp_path: Path, model: str, reason: str
) -> None:
    """spaCy imports a package it is named by and reads a folder it is named by: a
    repository's config could import any installed package or read any folder."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "meta.json").write_text("{}")
    project = tmp_path / "project"
    (project / "docs").mkdir(parents=True)
    (project / "anchorlint.toml").write_text(f"[text]\nspacy-model = {model!r}\n")
    (project / "s.md").write_text("## Status\n\nAs noted earlier, the cap was raised.\n")
    proc = run(["check", "--no-cache", "s.md"], project)
    no_traceback(proc)
    assert proc.returncode == 2
    (line,) = proc.stderr.decode().splitlines()
    assert f"anchorlint.toml: text.spacy-model: {reason}" in line, line


def test_a_pipeline_folder_in_the_project_is_resolved_against_the_config(tmp_path: Path) -> None:
    """A near miss: a pipeline folder inside the project is accepted, found from the
    config's folder whatever the working directory, and handed to spaCy absolute."""
    from anchorlint.config import load_file

    (tmp_path / "models" / "en_notes").mkdir(parents=True)
    (tmp_path / "models" / "en_notes" / "config.cfg").write_text("[nlp]\nlang = 'en'\n")
    (tmp_path / "anchorlint.toml").write_text("[text]\nspacy-model = 'models/en_notes'\n")
    settings = load_file(tmp_path / "anchorlint.toml")
    assert settings.text.spacy_model == str((tmp_path / "models" / "en_notes").resolve())


def test_pin_reports_a_fifo_or_a_device_instead_of_reading_it(tmp_path: Path) -> None:
    """``check`` says ANC001 for these; ``pin`` read a FIFO forever and ``/dev/zero`` until
    memory ran out. The regular file beside them is still pinned."""
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "doc_7.md").write_text("alpha\nbravo\n")
    os.mkfifo(tmp_path / "fifo.md")
    (tmp_path / "zero.md").symlink_to("/dev/zero")
    (tmp_path / "s.md").write_text("## Notes\n\nThe parser is fixed (doc_7#L1).\n")
    start = time.monotonic()
    proc = run(["pin", "--store", "store", "fifo.md", "zero.md", "s.md"], tmp_path, timeout=60)
    assert time.monotonic() - start < 40
    no_traceback(proc)
    assert proc.returncode == 1
    err = proc.stderr.decode()
    assert "fifo.md: not pinned: not a regular file (a FIFO)" in err
    assert "zero.md: not pinned: not a regular file (a device)" in err
    assert "doc_7#L1@sha256:" in (tmp_path / "s.md").read_text()


def test_pin_escapes_file_names_and_its_diff_quotes_them_as_git_does(tmp_path: Path) -> None:
    """A newline in a name split ``pin``'s report line and the ``--diff`` header, ESC
    reached the terminal: the report escapes it, the header quotes it as git does, and the
    patch still applies to the same file."""
    import shutil
    import subprocess

    odd = "nl\nesc\x1b[31m##[error]x.md"
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "doc.md").write_text("alpha\nbravo\n")
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / odd).write_text("## Notes\n\nSee doc.md#L1-2 now.\n")
    (tmp_path / "s" / "plain.md").write_text("## Notes\n\nSee doc.md#L1 too.\n")
    proc = run(["pin", "--store", "store", "--diff", "s"], tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1
    err, patch = proc.stderr.decode(), proc.stdout.decode()
    assert "s/nl\\nesc\\x1b[31m#\\x23[error]x.md: would pin 1 pointer" in err.splitlines()
    assert "s/plain.md: would pin 1 pointer" in err.splitlines()
    assert '--- "a/s/nl\\nesc\\033[31m#\\043[error]x.md"\n' in patch
    assert "--- a/s/plain.md\n+++ b/s/plain.md\n" in patch  # a plain name is left plain
    assert "\x1b" not in patch and "##[" not in patch
    if shutil.which("git") is None:
        return
    applied = subprocess.run(
        ["git", "apply", "--unsafe-paths", "-"],
        cwd=tmp_path,
        input=proc.stdout,
        capture_output=True,
    )
    assert applied.returncode == 0, applied.stderr
    assert "doc.md#L1-2@sha256:" in (tmp_path / "s" / odd).read_text()
    assert "doc.md#L1@sha256:" in (tmp_path / "s" / "plain.md").read_text()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (3, 12),
        (3, None),
        (3, ["x"]),
        (0, -5),
        (1, -7),
        (2, 101),
        (7, {"description": 1, "edits": []}),
    ],
    ids=["message-number", "message-null", "message-list", "line", "column", "code", "fix"],
)
def test_a_forged_cache_entry_is_a_miss_not_a_traceback(
    tmp_path: Path, field: int, value: object
) -> None:
    """A committed cache pack whose finding holds a field of another type (a message that is
    a number, a negative line) is linted again; its findings are the file's own."""
    (tmp_path / "anchorlint.toml").write_text("")
    (tmp_path / "a.md").write_text("## Status\n\nAs noted earlier, the cap was raised.\n")
    (tmp_path / "b.md").write_text("## Status\n\nThe cap is 40 (see [[ops/limits.md]]).\n")
    first = run(["check", "."], tmp_path)
    assert first.returncode == 1 and b"a.md:3:1: ANC101 " in first.stdout
    packs = list((tmp_path / ".anchorlint_cache" / "packs").rglob("*.pack"))
    forged = 0
    for pack in packs:
        lines = pack.read_text().split("\n")
        for number, line in enumerate(lines):
            if line.startswith('["a.md"'):
                entry = json.loads(line)
                entry[4][0][field] = value
                lines[number] = json.dumps(entry)
                forged += 1
        pack.write_text("\n".join(lines))
    assert forged == 1
    again = run(["check", "."], tmp_path)
    no_traceback(again)
    assert again.returncode == 1
    assert again.stdout == first.stdout


def test_stdin_is_read_within_a_bound(tmp_path: Path) -> None:
    """``check -`` read all of stdin before judging it: ``< /dev/zero`` grew to 6 GB in ten
    seconds. Binary input is judged from its first 8 KB, as a named file is; endless text
    stops at the bound with one line and exit 2."""
    import subprocess
    import sys

    args = [sys.executable, "-m", "anchorlint", "check", "--no-cache", "-"]
    with open("/dev/zero", "rb") as zero:
        start = time.monotonic()
        binary = subprocess.run(args, cwd=tmp_path, stdin=zero, capture_output=True, timeout=60)
    assert time.monotonic() - start < 40
    assert binary.returncode == 1
    assert binary.stdout.startswith(b"stdin.md:1:1: ANC001 binary file (NUL bytes)")
    endless = subprocess.Popen(
        ["yes", "As noted earlier, the cap was raised."], stdout=subprocess.PIPE
    )
    try:
        proc = subprocess.run(
            args, cwd=tmp_path, stdin=endless.stdout, capture_output=True, timeout=120
        )
    finally:
        endless.kill()
        endless.wait()
    no_traceback(proc)
    assert proc.returncode == 2
    (line,) = proc.stderr.decode().splitlines()
    assert line == "anchorlint: stdin holds more than 256 MB: name the file instead of piping it"


def test_a_long_summary_on_stdin_is_still_read_whole(tmp_path: Path) -> None:
    """A near miss: text past the first 8 KB is read and linted as before."""
    summary = "## Notes\n\n" + "The build is green and the cache is warm.\n\n" * 400
    summary += "As noted earlier, the cap was raised.\n"
    proc = run(["check", "--no-cache", "-"], tmp_path, stdin=summary)
    assert proc.returncode == 1
    assert "stdin.md:803:1: ANC101 " in proc.stdout.decode()


def test_json_report_of_a_name_that_is_not_utf8_is_utf8(tmp_path: Path) -> None:
    """The name's bad byte was written raw and the report did not decode; it is escaped as
    the lone surrogate Python reads it as, so the path parses back to the same name. A UTF-8
    name (a near miss) is written as it is."""
    bad = os.fsdecode(b"notes-\xff.md")
    (tmp_path / bad).write_text("## Status\n\nAs noted earlier, the cap was raised.\n")
    (tmp_path / "résumé.md").write_text("## Status\n\nAs noted earlier, the cap was raised.\n")
    proc = run(["check", "--no-cache", "--format", "json", "."], tmp_path)
    assert proc.returncode == 1
    text = proc.stdout.decode("utf-8")  # strict: the report is UTF-8
    assert '"path": "notes-\\udcff.md"' in text and '"path": "résumé.md"' in text
    paths = {finding["path"] for finding in json.loads(text)}
    assert paths == {bad, "résumé.md"}


def test_parse_failures_say_their_true_reason(tmp_path: Path) -> None:
    """CPython's parser overflowing says nothing (an empty MemoryError); a module past the
    token cap is large, not nested; a JSON document that names a summary field but is too
    deep to decode is ANC002 without a "no summary found" warning beside it."""
    (tmp_path / "unary.py").write_text("x = " + "-" * 500_000 + "1\n")
    (tmp_path / "deep.json").write_text("[" * 100_000 + '{"summary": "x"}' + "]" * 100_000)
    functions = "".join(  # flat and ordinary, past the token cap
        f"def compact_{i}(ctx):\n    s = summarize(ctx)\n    start = s.find('x')\n"
        f"    ptr = Pointer(doc_id='d', start=start, end=start + {i})\n"
        "    return resolve(source=s, pointer=ptr)\n\n"
        for i in range(5000)
    )
    (tmp_path / "big.py").write_text(functions)
    (tmp_path / "settings.json").write_text('{"editor.fontSize": 12}\n')  # no summary field
    proc = run(
        ["check", "--no-cache", "unary.py", "deep.json", "big.py", "settings.json"], tmp_path
    )
    no_traceback(proc)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert (
        "unary.py:1:1: ANC002 Python does not parse: nested too deeply for Python's parser" in out
    )
    assert "deep.json:1:1: ANC002 malformed JSON: arrays or objects nested too deeply" in out
    assert "big.py:1:1: ANC001 too large to analyse: a module of more than 250000 tokens" in out
    assert "deep.json" not in err
    assert "settings.json: no summary found" in err  # a near miss: it holds none indeed


def test_a_walk_follows_no_file_link_out_of_the_folder_walked(tmp_path: Path) -> None:
    """``notes.md -> ../outside/creds.txt`` in a repository was read by a walk, and
    ``--format full`` printed its lines into the log. It is skipped with a note; a link
    inside the folder, and the outside link named on the command line, are still read."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "creds.txt").write_text(f"As noted earlier, {SECRET}.\n")
    project = tmp_path / "project"
    (project / "notes").mkdir(parents=True)
    (project / "notes" / "notes.md").symlink_to("../../outside/creds.txt")
    (project / "notes" / "real.md").write_text("## Status\n\nAs noted earlier, it works.\n")
    (project / "notes" / "alias.md").symlink_to("real.md")
    proc = run(["check", "--no-cache", "--format", "full", "."], project)
    no_traceback(proc)
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert SECRET not in out + err
    assert "notes/real.md:3:1: ANC101 " in out and "notes/alias.md:3:1: ANC101 " in out
    assert err.splitlines() == [
        "anchorlint: warning: notes/notes.md: a link to a file outside the folder walked, "
        "not followed (name the link itself to lint its target)"
    ]
    named = run(["check", "--no-cache", "notes/notes.md"], project)
    assert named.returncode == 1 and b"notes/notes.md:1:1: ANC101 " in named.stdout
