"""A walk tells a link or a special file from its folder's listing (the entry's type), as the
``lstat`` of each file it replaced did: the two are compared on every kind of entry."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from anchorlint.run import discovery


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_listing_tells_what_lstat_told(tmp_path: Path) -> None:
    (tmp_path / "plain.md").write_text("x\n", encoding="utf-8")
    os.mkfifo(tmp_path / "pipe.md")
    (tmp_path / "folder.md").mkdir()
    for name, target in {
        "link.md": "plain.md",
        "broken.md": "missing.md",
        "to_pipe.md": "pipe.md",
        "to_folder.md": "folder.md",
    }.items():
        (tmp_path / name).symlink_to(target)
    listed = discovery._listed(str(tmp_path))
    assert len(listed) == 7
    for name, entry in listed.items():
        path = os.path.join(str(tmp_path), name)
        assert discovery._link_or_special(path, entry) == discovery._link_or_special(path), name
    assert discovery._listed(str(tmp_path / "gone")) == {}
