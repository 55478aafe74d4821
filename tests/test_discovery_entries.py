"""A walk tells a file it skips (special) and a link from one ``lstat``, as the ``stat`` and
the ``islink`` it replaced told them (kept here as the reference), for every kind of entry."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

from anchorlint.run.discovery import _link_or_special


def _old(path: str) -> bool | None:
    """``_special(path)`` then ``os.path.islink(path)``, as the walk asked them before."""
    try:
        special = not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        special = False
    return None if special else os.path.islink(path)


def test_one_lstat_tells_what_stat_and_islink_told(tmp_path: Path) -> None:
    (tmp_path / "plain.md").write_text("x")
    (tmp_path / "folder.md").mkdir()
    os.mkfifo(tmp_path / "fifo.md")
    with socket.socket(socket.AF_UNIX) as listener:  # the socket's file outlives it
        listener.bind(str(tmp_path / "sock.md"))
    for name, target in [
        ("to_plain.md", "plain.md"),
        ("to_fifo.md", "fifo.md"),
        ("to_folder.md", "folder.md"),
        ("dangling.md", "gone.md"),
        ("loop.md", "loop.md"),
        ("to_link.md", "to_plain.md"),
    ]:
        (tmp_path / name).symlink_to(tmp_path / target)
    names = sorted(os.listdir(tmp_path)) + ["missing.md"]
    for name in names:
        path = str(tmp_path / name)
        assert _link_or_special(path) == _old(path), name
    assert _link_or_special("bad\x00name.md") == _old("bad\x00name.md")
