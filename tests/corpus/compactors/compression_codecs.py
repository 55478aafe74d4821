"""Storage codecs for summaries and raw transcripts.

Byte compression only: nothing here calls a model.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import zlib
from pathlib import Path

CODECS = {"zlib": zlib.compress, "gzip": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress}


def pack_summary(summary: str, codec: str = "zlib") -> bytes:
    data = summary.encode("utf-8")
    if codec == "zlib":
        return zlib.compress(data, 9)
    if codec == "gzip":
        return gzip.compress(data)
    if codec == "bz2":
        return bz2.compress(data)
    return lzma.compress(data)


def unpack_summary(blob: bytes, codec: str = "zlib") -> str:
    if codec == "zlib":
        return zlib.decompress(blob).decode("utf-8")
    if codec == "gzip":
        return gzip.decompress(blob).decode("utf-8")
    if codec == "bz2":
        return bz2.decompress(blob).decode("utf-8")
    return lzma.decompress(blob).decode("utf-8")


def archive_transcript(path: Path, raw: bytes) -> int:
    packed = gzip.compress(raw)
    with path.open("r+b") as f:
        f.seek(0)
        f.write(packed)
        f.truncate()
    return len(packed)


def rewrap(blob: bytes) -> bytes:
    return lzma.compress(zlib.decompress(blob))
