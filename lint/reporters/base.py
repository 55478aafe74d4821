"""What every reporter shares: its options, its signature, and streaming JSON arrays."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from anchorlint.findings import Finding
from anchorlint.safe_text import json_text


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False
    statistics: bool = False


Reporter = Callable[[Iterable[Finding], TextIO, ReportOptions], None]


def write_json_array(items: Iterable[Any], out: TextIO, level: int = 0) -> None:
    """Write ``items`` exactly as ``json.dump(list(items), indent=2, ensure_ascii=False)``
    would inside a document whose array closes at indent ``level``, one item at a time.

    JSON strings never hold a raw line break, so indenting an item's own dump is exact.
    """
    import json  # only the JSON formats need it

    inner = "\n" + "  " * (level + 1)
    opening = "["
    for item in items:
        out.write(opening + inner)
        out.write(json_text(json.dumps(item, indent=2, ensure_ascii=False)).replace("\n", inner))
        opening = ","
    out.write("[]" if opening == "[" else "\n" + "  " * level + "]")
