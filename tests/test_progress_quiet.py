"""``-q`` hides the progress line that a long run draws on a terminal's stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from anchorlint.cli.app import main
from anchorlint.run import progress


@pytest.mark.parametrize("quiet", [False, True])
def test_quiet_hides_the_progress_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    quiet: bool,
) -> None:
    for n in range(8):
        (tmp_path / f"s{n}.md").write_text("# Notes\n\nAs noted earlier, it moved.\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(progress, "_is_tty", lambda stream: True)  # stderr as a terminal
    monkeypatch.setattr(progress, "DELAY", 0.0)  # draw from the first finished file
    code = main(["check", ".", "--no-cache", "--jobs", "1", *(["-q"] if quiet else [])])
    captured = capsys.readouterr()
    assert code == 1 and "ANC101" in captured.out
    assert ("anchorlint: 1/8 files" in captured.err) is not quiet, captured.err
