"""The items of a numbered list under a numbered heading, read as that section's parts.

An RFC or a plan heads a section "## 5. Non-goals" and lists its points "1. …", "2. …"
under it; "§5.2" elsewhere in the note is the second point, though no heading carries
"5.2". Apart from :mod:`anchorlint.text.section_numbers`, which reads headings' numbers,
because these are read from the blocks under a heading: a Markdown item's number is no
longer in its text and is counted, a plain-text item's is read from its marker.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from anchorlint.text.documents import Block

#: a plain-text item's marker: "2. ", "3) "
_ITEM_NUMBER = regex.compile(r"[ \t]{0,3}(\d{1,3})[.)][ \t]")


def section_items(blocks: Sequence[Block], numbered: dict[int, str]) -> Iterator[str]:
    """ "N.k" for each item k of the first numbered list right under heading block i whose
    number is ``numbered[i]`` ("## 5. Non-goals" over items 1 and 2: "5.1", "5.2"). A
    heading whose section the note divides by headings ("### 5.1 …" anywhere) gives none:
    its parts are those headings, and an item is no part of them."""
    subdivided = {number.split(".", 1)[0] for number in numbered.values() if "." in number}
    for index, number in numbered.items():
        if number in subdivided or "." in number:
            continue
        for item in _items(blocks, index + 1):
            yield f"{number}.{item}"


def _items(blocks: Sequence[Block], first: int) -> Iterator[int]:
    """The numbers of the items of the first numbered list from block ``first`` to the next
    heading: a Markdown item (its number gone from its text) by its place among the items
    at the list's column, a plain-text one by its marker. A block that starts left of the
    items ends the list (a paragraph after it); an item nested deeper is no item of it."""
    column = 0
    count = 0
    for block in blocks[first:]:
        if block.kind == "heading":
            return
        at = block.positions.locate(0)[1]
        marker = _ITEM_NUMBER.match(block.text) if block.kind == "paragraph" else None
        if block.kind != "numbered" and marker is None:
            if column and at < column:
                return  # the list has ended: a paragraph left of its items
            continue
        if not column:
            column = at
        if at > column:
            continue  # a nested item
        if at < column:
            return
        count += 1
        yield int(marker.group(1)) if marker is not None else count
