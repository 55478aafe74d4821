"""Pinning: turn ``doc_7#L3-4`` into ``doc_7#L3-4@sha256:…`` from the store's bytes.

A pin makes a positional pointer fail closed: once pinned, a pointer re-derived from a
rewritten buffer no longer matches (ANC202). Pinning is only sound against the *source*, so
it refuses every pointer the store cannot resolve to exactly one document with the span
inside it, and it never touches a pointer that already has a valid pin (idempotent). A short
sha256 pin that is a prefix of the real digest is lengthened; any other bad pin is refused.

Files are rewritten atomically: a temporary file in the same directory, fsync, then
``os.replace``; mode, encoding (UTF-8, BOM kept) and line endings are preserved, and the
rewrite is refused if the file changed after it was read.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anchorlint.config import Settings
from anchorlint.stores.base import BaseStore, as_caching_store
from anchorlint.stores.resolve import is_positional, locate, resolve
from anchorlint.text.anchors import Anchor, find_anchors
from anchorlint.text.link_labels import labels_its_target

if TYPE_CHECKING:
    from anchorlint.text.documents import Block

DEFAULT_PIN_LENGTH = 16
BOM = "\ufeff"
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_WRITTEN_PIN = re.compile(r"@([A-Za-z0-9]{1,16}):([0-9a-fA-F]{1,128})$")


class PinError(Exception):
    """The file could not be pinned safely (changed since read, not UTF-8, unwritable)."""


@dataclass(frozen=True)
class Refusal:
    offset: int
    anchor_text: str
    reason: str


@dataclass(frozen=True)
class PinOutcome:
    """What pinning one text did: the new text, how many pointers were pinned, refusals."""

    text: str
    pinned: int = 0
    refused: tuple[Refusal, ...] = field(default_factory=tuple)
    #: the text before pinning and the file's BOM, if any (set by ``pin_file``, for a diff)
    original: str = ""
    bom: str = ""

    @property
    def changed(self) -> bool:
        return self.pinned > 0


def _span_digest(anchor: Any, store: BaseStore) -> tuple[str | None, str]:
    """The full digest of the pointer's span, or ``None`` and why it cannot be pinned."""
    resolution = resolve(store, anchor)
    if resolution.status == "skip":
        return None, f"the {store.describe()} cannot resolve this kind of key"
    if resolution.status == "missing":
        return None, resolution.detail or f"no document matches the key {anchor.key!r}"
    if resolution.status == "ambiguous":
        refs = ", ".join(e.ref for e in resolution.entries[:4])
        return None, f"the key {anchor.key!r} matches several documents ({refs})"
    located = locate(store, resolution.entries[0], anchor.fragment)
    if located.out_of_range:
        return None, located.out_of_range
    if located.view is None or located.span is None:
        return None, "the store holds no bytes for this span"
    return located.view.digest(located.span), ""


def _pinned_body(anchor: Any, digest: str, length: int) -> tuple[str | None, str]:
    """The anchor's inner text with the pin set, or ``None`` and why not."""
    body = anchor.text
    written = _WRITTEN_PIN.search(body)
    if written is not None:
        algorithm, hexdigest = written.group(1).lower(), written.group(2).lower()
        if algorithm != "sha256":
            return None, f"it already carries a {algorithm} pin; replace it by hand"
        if not digest.startswith(hexdigest):
            return None, "its short pin does not match the span; re-derive the pointer"
        body = body[: written.start()]
    if not body.endswith("#" + anchor.fragment.raw):
        return None, "the pin position after the fragment is unclear"
    return f"{body}@sha256:{digest[: max(length, len(written.group(2)) if written else 0)]}", ""


def _line_notation_problem(anchor: Any) -> str:
    """Why a line pointer written as ``a.py:12`` or in prose is not rewritten, or ""."""
    notation = getattr(anchor, "notation", "")
    if notation == "prose":
        return "a line pointer in prose is left for a person to rewrite"
    if notation == "compact" and anchor.text.count(":") > 1:
        return "it names a column, which a pin cannot keep; rewrite it by hand"
    span = anchor.text[: anchor.end - anchor.start]
    if notation == "compact" and ("," in span or "/" in span.rpartition(":")[2]):
        # a list not cut into its lines (``a.py:165,232``, ``a.py:12/40`` as one anchor): its
        # pin would name the first line alone and drop the others
        return "it lists several lines, which one pin cannot keep; pin each line"
    return ""


def pinned_line_form(anchor: Any, store: Any, length: int = DEFAULT_PIN_LENGTH) -> str | None:
    """``key#L12@sha256:…`` for a line pointer in any notation, when the store resolves it
    (what ANC106 tells the writer of a prose pointer to write)."""
    digest, _ = _span_digest(anchor, as_caching_store(store))
    if digest is None:
        return None
    return f"{anchor.key}#{anchor.fragment.raw}@sha256:{digest[:length]}"


def pin_for(anchor: Any, store: Any, length: int = DEFAULT_PIN_LENGTH) -> tuple[str | None, str]:
    """The anchor's whole replacement text (delimiters included), or ``None`` and why not.

    ``a.py:12-20`` becomes ``a.py#L12-20@sha256:…``: the compact notation has no place for
    a pin, so it is rewritten to the fragment notation the pin follows."""
    if not is_positional(anchor) or anchor.pin is not None or anchor.form == "uri":
        return None, "it is not an unpinned positional pointer"
    problem = _line_notation_problem(anchor)
    if problem:
        return None, problem
    if getattr(anchor, "notation", "") == "compact":
        pinned = pinned_line_form(anchor, store, length)
        if pinned is None:
            return None, _span_digest(anchor, as_caching_store(store))[1]
        return pinned, ""
    digest, reason = _span_digest(anchor, as_caching_store(store))
    if digest is None:
        return None, reason
    body, reason = _pinned_body(anchor, digest, length)
    if body is None:
        return None, reason
    cut = anchor.raw.rfind(anchor.text)
    if cut < 0:
        return None, "the pin position after the fragment is unclear"
    return anchor.raw[:cut] + body + anchor.raw[cut + len(anchor.text) :], ""


def pinned_anchor_text(anchor: Any, store: Any, length: int = DEFAULT_PIN_LENGTH) -> str | None:
    """For ANC106's fix: the pinned form of ``anchor`` (its whole raw text), else ``None``."""
    return pin_for(anchor, store, length)[0]


def _prose_anchors(text: str, settings: Settings) -> list[Anchor]:
    """The anchors the linter sees in Markdown prose, at their offsets in the file.

    The Markdown front end decides what is prose, so fenced and indented code, HTML blocks
    and front matter (examples and metadata, not the summary's claims) are never rewritten,
    and ``pin`` touches exactly the anchors ``check`` reports on.
    """
    from anchorlint.text.documents.markdown import split_blocks

    # the lines the front end counts (physical_lines): \r\n, \r or \n end a line
    line_starts = [0, *(match.end() for match in _LINE_BREAK.finditer(text))]
    return _anchors_in_blocks(text, split_blocks(text), line_starts, settings)


def _field_anchors(text: str, path: str, settings: Settings) -> list[Anchor]:
    """The anchors in the fields ``check`` reads of a JSON or JSON Lines file (its kind's
    reader decides which), at their offsets in the file: a debug field, a tool's raw output
    or an id keeps its bytes, as ``check`` never looked at it."""
    from anchorlint.run.kinds import SNIFF_BYTES, kind_to_lint
    from anchorlint.text.documents import SummarySource

    kind = kind_to_lint(path, text[:SNIFF_BYTES].encode("utf-8", "replace"))
    reader = kind.load_reader()
    blocks = [
        block
        for source in reader(path, text, settings, 1)  # type: ignore[attr-defined]
        if isinstance(source, SummarySource)
        for block in source.blocks
    ]
    line_starts = [0, *(match.end() for match in re.finditer("\n", text))]  # JSON: \n only
    return _anchors_in_blocks(text, blocks, line_starts, settings)


def _anchors_in_blocks(
    text: str, blocks: Iterable[Block], line_starts: list[int], settings: Settings
) -> list[Anchor]:
    """Anchors of a front end's blocks moved to their offsets in the file; one the file does
    not hold verbatim there (an escape inside a JSON string) is left alone."""
    found = []
    for block in blocks:
        for anchor in find_anchors(block.text, settings.text, block.link_targets):
            line, column = block.positions.locate(anchor.start)
            at = line_starts[line - 1] + column - 1 if line <= len(line_starts) else -1
            moved = anchor.moved(at - anchor.start)
            # an anchor never spans a line, so the file holds it verbatim where it maps
            if at >= 0 and text[moved.start : moved.end] == block.text[anchor.start : anchor.end]:
                found.append(moved)
    return sorted(found, key=lambda a: a.start)


def pin_text(
    text: str,
    store: Any,
    settings: Settings | None = None,
    *,
    markdown: bool = False,
    length: int = DEFAULT_PIN_LENGTH,
    fields_of: str | None = None,
) -> PinOutcome:
    """Pin every unpinned positional pointer of ``text`` that resolves; refuse the others.

    ``markdown``: only prose counts; ``fields_of`` (the path of a JSON or JSON Lines file):
    only the fields its reader takes the summary from."""
    settings = settings or Settings()
    if fields_of is not None:
        anchors = _field_anchors(text, fields_of, settings)
    elif markdown:
        anchors = _prose_anchors(text, settings)
    else:
        anchors = find_anchors(text, settings.text)
    pieces: list[str] = []
    refused, pinned, cursor = [], 0, 0
    for at, anchor in enumerate(anchors):
        if not is_positional(anchor) or anchor.pin is not None or anchor.form == "uri":
            continue
        if at + 1 < len(anchors) and labels_its_target(text, anchor, anchors[at + 1]):
            continue  # a link's text: its target is the pointer pinned, as ANC106 reports
        replacement, reason = pin_for(anchor, store, length)
        if replacement is None:
            refused.append(Refusal(anchor.start, anchor.text, reason))
            continue
        between = text[cursor : anchor.start]
        if between == "/" and pieces and cursor > 0:
            # the next line of a list after a slash (``engine.ts:1885/2562``): a pin ends in
            # hex, and a key glued to it after a slash would read as no anchor; a comma parts
            # the pins as in a list written with commas
            between = ","
        pieces += [between, replacement]
        cursor, pinned = anchor.end, pinned + 1
    pieces.append(text[cursor:])
    return PinOutcome("".join(pieces), pinned, tuple(refused))


def _decode(data: bytes, path: Path) -> tuple[str, bool]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PinError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if text.startswith(BOM):
        return text[1:], True
    return text, False


def write_atomically(path: Path, data: bytes, expected: bytes) -> None:
    """Replace ``path`` with ``data`` unless it no longer holds ``expected``; keep its mode
    and owner. A link, a file with other hard links or a read-only file is refused: a rename
    would swap the link for a copy, split the links or overrule the user's protection."""
    info = _rewritable(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".pin", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        if (info.st_uid, info.st_gid) != (os.geteuid(), os.getegid()):
            try:
                os.chown(temporary, info.st_uid, info.st_gid)
            except OSError:
                raise PinError(f"{path}: owned by another user; nothing written") from None
        if hashlib.sha256(path.read_bytes()).digest() != hashlib.sha256(expected).digest():
            raise PinError(f"{path}: changed while it was being pinned; nothing written")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _fsync_directory(path.parent)


def _rewritable(path: Path) -> os.stat_result:
    """The file's status, or PinError when rewriting it by rename would be wrong."""
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise PinError(f"{path}: is a symbolic link; pin its target {os.path.realpath(path)}")
    if not stat.S_ISREG(info.st_mode):
        raise PinError(f"{path}: not a regular file")
    if info.st_nlink > 1:
        raise PinError(f"{path}: has {info.st_nlink} hard links; a rewrite would split them")
    if not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise PinError(f"{path}: is read-only; nothing written")
    return info


def _fsync_directory(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def pin_file(
    path: Path,
    store: Any,
    settings: Settings | None = None,
    *,
    length: int = DEFAULT_PIN_LENGTH,
    write: bool = True,
) -> PinOutcome:
    """Pin the pointers of one summary file in place (see the module docstring)."""
    from anchorlint.run.reading import Unreadable, read_regular

    original = read_regular(str(path))
    if isinstance(original, Unreadable):  # a FIFO, a device: never read (check says ANC001)
        raise PinError(original.message)
    text, bom = _decode(original, path)
    fields_of = str(path) if _reads_fields(path) else None
    outcome = pin_text(
        text, store, settings, markdown=_prose_only(path), length=length, fields_of=fields_of
    )
    outcome = replace(outcome, original=text, bom=BOM if bom else "")
    if outcome.changed and write:
        new_text = (BOM if bom else "") + outcome.text
        write_atomically(path, new_text.encode("utf-8"), original)
    return outcome


def _prose_only(path: Path) -> bool:
    """Whether only the front end's prose holds the anchors to pin (Markdown: yes)."""
    from anchorlint.run.kinds import kind_of

    kind = kind_of(str(path))
    return kind is not None and kind.prose_only_pins


def _reads_fields(path: Path) -> bool:
    """Whether the summary is some fields of records (JSON, JSON Lines, transcripts)."""
    from anchorlint.run.kinds import kind_of_file

    kind = kind_of_file(str(path))
    if kind is None or kind.rules != "text" or kind.binary or kind.rows:
        return False
    return kind.suppressions is None


def line_column(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of an offset, for refusal messages."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1
