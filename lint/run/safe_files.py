"""File writes that never follow a link: for the cache, which lives in an untrusted tree.

A checkout can commit anything under its cache directory, links included, and its config
can name the directory. Every step here goes through directory file descriptors opened with
``O_NOFOLLOW``: folders are entered one component at a time (a linked component is refused,
not followed), files are created with ``O_EXCL | O_NOFOLLOW`` under a fresh name and renamed
into place (a rename replaces a planted link itself, never what it points to).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import time
from pathlib import Path

_DIR_FLAGS = (
    os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
)
_NEW_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
TEMP_PREFIX = ".tmp-"
#: a temporary older than this was left by an interrupted run, not one still writing
STALE_AFTER = 3600.0

__all__ = ["TEMP_PREFIX", "clean_stale", "inside", "open_path", "read_file", "replace_file"]


class UnsafePath(OSError):
    """A folder that is a link, or one that would leave the tree it must stay in."""


def inside(path: str, root: str) -> bool:
    """Whether ``path`` (resolved) is ``root`` or below it."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def open_folder(parent_fd: int, name: str, create: bool = True) -> int:
    """A descriptor of folder ``name`` in ``parent_fd``; a link there raises UnsafePath."""
    if create:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o755, dir_fd=parent_fd)
    try:
        return os.open(name, _DIR_FLAGS, dir_fd=parent_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise UnsafePath(f"{name} is a link or not a folder") from None
        raise


def open_path(root: str, relative: str, create: bool = True) -> int:
    """Enter ``relative`` below ``root`` one component at a time, never through a link."""
    parts = [part for part in Path(relative).parts if part not in ("", ".")]
    if Path(relative).is_absolute() or ".." in parts:
        raise UnsafePath(f"{relative} leaves {root}")
    fd = os.open(root, _DIR_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    try:
        for part in parts:
            child = open_folder(fd, part, create)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def replace_file(dir_fd: int, name: str, data: bytes) -> None:
    """Write ``data`` to ``name`` in ``dir_fd`` atomically; a link named ``name`` is replaced."""
    temporary = f"{TEMP_PREFIX}{secrets.token_hex(8)}"
    fd = os.open(temporary, _NEW_FLAGS, 0o644, dir_fd=dir_fd)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temporary, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=dir_fd)
        raise


def read_file(dir_fd: int, name: str) -> bytes:
    """The bytes of regular file ``name`` in ``dir_fd``; a link is not followed."""
    fd = os.open(name, _READ_FLAGS, dir_fd=dir_fd)
    try:
        chunks = []
        wanted = os.fstat(fd).st_size + 1  # a read allocates what it asks for: ask the size
        while True:  # a short read is the end of a regular file: a small one is one read
            chunks.append(os.read(fd, wanted))
            if len(chunks[-1]) < wanted:
                return b"".join(chunks)
            wanted = _READ_CHUNK
    finally:
        os.close(fd)


#: bytes read at once by :func:`read_file` once a file turns out longer than it was
_READ_CHUNK = 1 << 16


def clean_stale(dir_fd: int, now: float | None = None) -> None:
    """Remove temporaries an interrupted run left in this folder (fresh ones may be in use)."""
    now = time.time() if now is None else now
    try:
        names = os.listdir(dir_fd)
    except OSError:
        return
    for name in names:
        if not name.startswith(TEMP_PREFIX):
            continue
        try:
            info = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            if now - info.st_mtime > STALE_AFTER:
                os.unlink(name, dir_fd=dir_fd)
        except OSError:
            continue
