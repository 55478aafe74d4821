"""Where opencode's file storage keeps a part: apart from its reader, so that the run's cache
can ask it without importing any reader (a warm run imports no parser at all)."""

from __future__ import annotations

import os

#: the folder of opencode's storage that holds parts (``part/<messageID>/<partID>.json``)
PARTS = "part"


def is_part_path(path: str) -> bool:
    """Whether ``path`` (a JSON document: the caller knows its kind) sits where opencode
    keeps a part: such a file's reading depends on its message's file too, so its result
    is never cached under its own bytes alone."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.path.basename(os.path.dirname(folder)) == PARTS
