"""A line pointer that is the text of a Markdown link to the same lines.

Editors' agents write a file reference as a link whose text is the pointer as a person reads
it and whose target is the same pointer as a link resolves it:
``[api/session.js:97](api/session.js#L97)``. That is one pointer, written twice; ANC106
reports it once, at the target, which is what a reader follows and what a pin belongs to
(``check --fix`` pins the target, and the text stays the label of a pinned link).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.text.anchor_parts import Anchor


def labels_its_target(text: str, label: Anchor, target: Anchor) -> bool:
    """Whether ``label`` is the whole text of a Markdown link whose target, the next anchor,
    points to the same lines of the same file: ``[a.js:97](a.js#L97)``, ``[`a.js:97`](a.js#L97)``,
    ``[session.js:97](api/session.js#L97)`` (the text gives the file's name, the target its
    path). A target with other lines (``[a.js:97](a.js#L90)``), another file, or no lines is
    another pointer, and both are reported."""
    if target.form == "uri" or label.fragment is None or target.fragment is None:
        return False
    if (label.fragment.kind, label.fragment.first, label.fragment.last) != (
        target.fragment.kind,
        target.fragment.first,
        target.fragment.last,
    ):
        return False
    tick = "`" if text.startswith("`", label.end) else ""
    if not text.startswith(tick + "](", label.end) or target.start != label.end + len(tick) + 2:
        return False
    if label.start < len(tick) + 1 or text[label.start - len(tick) - 1 : label.start] != "[" + tick:
        return False
    return _same_file(label.key, target.key)


def _same_file(named: str, path: str) -> bool:
    """The label's file is the target's: the same path (a leading ``./`` aside), or its last
    components ("session.js" of "api/session.js")."""
    named = named.removeprefix("./")
    path = path.removeprefix("./")
    return bool(named) and (named == path or path.endswith("/" + named))
