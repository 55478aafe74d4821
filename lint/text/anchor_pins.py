"""An anchor's pin (RULES.md, "Anchors"): the ``@sha256:<hex>`` after its key, split off the
key, and why a written pin is no pin (another algorithm, too few digits, too many).

Apart from :mod:`anchorlint.text.anchor_parts`, which reads the whole anchor, because a pin
has rules of its own: it is read by string methods, and its pattern is kept as the reference
that reading is tested against.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

#: the fewest hex digits of a pin (a prefix of the digest)
PIN_MIN_HEX = 12

_PIN = regex.compile(r"@(?P<alg>[A-Za-z0-9]{1,16}):(?P<hex>[0-9a-fA-F]{1,128})$")


@dataclass(frozen=True)
class Pin:
    """A content-hash pin: a prefix of the sha256 of the pinned bytes."""

    algorithm: str
    hexdigest: str


def split_pin(body: str) -> tuple[str, Pin | None, str | None]:
    """Split ``…@alg:hex`` off a key; say why a written pin is no pin."""
    at = body.rfind("@")
    parts = _pin_parts(body, at) if at >= 0 else None
    if parts is None:
        return body, None, None
    rest, alg, hexdigest = body[:at], parts[0].lower(), parts[1].lower()
    if alg != "sha256":
        return rest, None, f"pin uses {alg}, not sha256"
    if len(hexdigest) < PIN_MIN_HEX:
        return rest, None, f"pin has {len(hexdigest)} hex digits, fewer than {PIN_MIN_HEX}"
    if len(hexdigest) > 64:
        return rest, None, "pin is longer than a sha256 digest"
    return rest, Pin(alg, hexdigest), None


HEX_DIGITS = "0123456789abcdefABCDEF"


def _pin_parts(body: str, at: int) -> tuple[str, str] | None:
    """The algorithm and digest of the pin at ``body[at]`` (an ``@``), as :data:`_PIN` reads
    them, or None: by string methods, unless the body ends in a line break (which ``$`` may
    stand before)."""
    alg, colon, hexdigest = body[at + 1 :].partition(":")
    if (
        colon
        and 0 < len(alg) <= 16
        and 0 < len(hexdigest) <= 128
        and alg.isascii()
        and alg.isalnum()
        and not hexdigest.strip(HEX_DIGITS)
    ):
        return alg, hexdigest
    if body.endswith("\n"):
        match = _PIN.match(body, at)
        return None if match is None else (match["alg"], match["hex"])
    return None
