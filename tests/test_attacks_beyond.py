"""Attacks beyond the security review's list: each gives a finding or a one-line error in
bounded time, never a traceback, and reads or writes nothing outside the project.

Store keys with NUL bytes or absolute paths (in JSON, where a NUL can be written), a SQLite-named
FIFO or folder as the store, configuration values out of range, a hostile ``.gitignore``, a
JSON nesting bomb in a whole-document ``.json``, and a cache path that is a file or a FIFO.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from security_helpers import json_findings, no_traceback, run

SECRET = "TOP-SECRET-BYTES"


def one_line_error(proc) -> None:  # type: ignore[no-untyped-def]
    no_traceback(proc)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    assert len(err.strip().splitlines()) == 1, err


def test_store_keys_with_nul_and_absolute_paths_resolve_nothing(tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.md").write_text(SECRET + "\n")
    (tmp_path / "store").mkdir()
    keys = [
        "ops/\u0000../../outside/secret#L1",
        f"{tmp_path}/outside/secret#L1",
        "/etc/passwd#L1",
        "ops\u0000#L1",
        "../outside/secret\u0000.md#L1",
    ]
    records = "".join(json.dumps({"summary": f"See [[{key}]]."}) + "\n" for key in keys)
    (tmp_path / "s.jsonl").write_text(records)
    proc = run(["check", "--no-cache", "--format", "json", "--store", "store", "s.jsonl"], tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode()
    assert SECRET not in proc.stdout.decode() + proc.stderr.decode()
    codes = [f["code"] for f in json_findings(proc.stdout)]
    assert "ANC202" not in codes and "ANC204" not in codes  # nothing was read
    assert codes.count("ANC201") >= 2  # the rest are not keys at all (ANC105)


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_sqlite_named_store_that_is_a_fifo_or_a_folder(tmp_path: Path, kind: str) -> None:
    (tmp_path / "s.md").write_text("See [[ops/calendar]].\n")
    if kind == "fifo":
        os.mkfifo(tmp_path / "store.sqlite")
    else:
        (tmp_path / "store.sqlite").mkdir()
    start = time.monotonic()
    proc = run(["check", "--no-cache", "--store", "store.sqlite", "s.md"], tmp_path, timeout=60)
    assert time.monotonic() - start < 40
    no_traceback(proc)
    if kind == "fifo":
        one_line_error(proc)
    else:  # a folder is a directory store, whatever its name: the key does not resolve
        assert proc.returncode == 1 and b"ANC201" in proc.stdout, proc.stderr.decode()


@pytest.mark.parametrize(
    "setting",
    [
        "[text]\ndensity-floor = 1e400\n",
        "[text]\ndensity-floor = nan\n",
        "[text]\ndensity-floor = -1\n",
        "[text]\nanchor-patterns = " + json.dumps(["x{1,99999999999}"]) + "\n",
        "select = ["
        + ", ".join(['"ANC101"'] * 20_000)
        + "]\n[text]\ndensity-floor = 123456789012345678901234567890\n",
    ],
    ids=["inf", "nan", "negative", "huge-repeat", "huge-values"],
)
def test_configuration_values_out_of_range_are_one_line_errors(
    tmp_path: Path, setting: str
) -> None:
    (tmp_path / "anchorlint.toml").write_text(setting)
    (tmp_path / "s.md").write_text("As noted earlier, it moved.\n")
    proc = run(["check", "--no-cache", "s.md"], tmp_path)
    one_line_error(proc)


def test_a_hostile_gitignore_is_read_in_bounded_time(tmp_path: Path) -> None:
    junk = b"\x00\xff\xfe" + b"*" * 100_000 + b"\n" + b"[" * 1000 + b"\n" + b"!" * 1000 + b"\n"
    junk += b"/".join([b"**"] * 200) + b"/x\n" + b"*a" * 5000 + b"*b\n"
    (tmp_path / ".gitignore").write_bytes(junk)
    sub = tmp_path / "a" / "a" / "a"
    sub.mkdir(parents=True)
    (sub / ("a" * 200 + ".md")).write_text("As noted earlier, it moved.\n")
    start = time.monotonic()
    proc = run(["check", "--no-cache", "-j1", "."], tmp_path)
    assert time.monotonic() - start < 60
    no_traceback(proc)
    assert proc.returncode in (0, 1), proc.stderr.decode()


def test_a_json_nesting_bomb_in_a_whole_document(tmp_path: Path) -> None:
    (tmp_path / "bomb.json").write_text('{"summary": ' + "[" * 200_000 + "]" * 200_000 + "}")
    (tmp_path / "ok.json").write_text('{"summary": "As noted earlier, it moved."}')
    proc = run(["check", "--no-cache", "--format", "json", "bomb.json", "ok.json"], tmp_path)
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode()
    found = {(Path(f["path"]).name, f["code"]) for f in json_findings(proc.stdout)}
    assert ("ok.json", "ANC101") in found
    assert not any(name == "bomb.json" and code != "ANC002" for name, code in found), found


@pytest.mark.parametrize("kind", ["file", "fifo", "link-out"])
def test_a_cache_path_that_is_no_folder(tmp_path: Path, kind: str) -> None:
    project = tmp_path / "p"
    project.mkdir()
    (project / "s.md").write_text("As noted earlier, it moved.\n")
    cache = project / ".anchorlint_cache"
    if kind == "file":
        cache.write_text("not a folder\n")
    elif kind == "fifo":
        os.mkfifo(cache)
    else:
        (tmp_path / "victim").mkdir()
        cache.symlink_to(tmp_path / "victim", target_is_directory=True)
    start = time.monotonic()
    proc = run(["check", "s.md"], project, timeout=60)
    assert time.monotonic() - start < 40
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode()
    assert b"ANC101" in proc.stdout
    if kind == "link-out":
        assert not list((tmp_path / "victim").iterdir())  # nothing written through the link
