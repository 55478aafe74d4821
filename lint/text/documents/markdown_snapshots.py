"""gemini-cli's ``<state_snapshot>`` envelope in a Markdown file: read as the summary's text.

gemini-cli writes its compaction summary as XML-ish sections, each child tag and its text
indented (four spaces, then eight) and the sections parted by blank lines. Its tag name holds
an underscore, so it is no HTML for CommonMark: the lines up to the first blank line are a
paragraph, and every section after it is indented code, which the text rules never read, so
its sentences and its anchors were lost. Saved in a ``.md`` file (a snapshot history, a chat
shared as Markdown), the envelope is read as the native reader reads the message that holds
it (:mod:`~anchorlint.text.documents.transcripts.gemini`) and as a ``.txt`` file is read: as
plain text (:mod:`~anchorlint.text.documents.plaintext`), tags included, with its file
positions. The rest of the file is Markdown as before, the envelope's lines left blank in it.

An envelope is an opening tag alone on its line (up to three spaces before it: four would make
the line indented code), outside fenced code, up to the first line that ends with the closing
tag. One that is never closed is left to Markdown: where it ends is a guess. A file with a
lone carriage return (a line break Markdown counts and plain text does not) is left to
Markdown too, so that both count the same lines.
"""

from __future__ import annotations

import regex

CLOSE = "</state_snapshot>"
#: the opening tag alone on its line (a line ends at ``\n``; a lone ``\r`` is refused before)
_OPENING = regex.compile(r"(?m)^[ ]{0,3}+<state_snapshot>[ \t]*+\r?$")
#: what may follow the closing tag on its line
_CLOSING_REST = regex.compile(r"[ \t]*+\r?(?:\n|$)")
#: a line that opens or closes fenced code in Markdown: up to three spaces, then a run of
#: three or more backquotes or tildes, then the rest of the line
_FENCE_LINE = regex.compile(r"(?m)^[ ]{0,3}+(`{3,}+|~{3,}+)([^\n]*+)")

#: one envelope: where its first line starts, where its last line ends (past its ``\n``),
#: and the 1-based file line of its first line
Region = tuple[int, int, int]


def snapshot_regions(source: str) -> list[Region]:
    """The envelopes of ``source`` (which holds an opening tag), in order. Every search runs
    forward from where the last one stopped, so a file of many tags is read once."""
    if source.count("\r") != source.count("\r\n"):
        return []
    regions: list[Region] = []
    hidden = _Hidden(source)
    at = 0
    line, counted = 1, 0  # the file line of offset ``counted``
    closing = (-1, -1)  # the next closing tag alone at its line's end: where it is, its line's end
    while (opening := _OPENING.search(source, at)) is not None:
        start = opening.start()
        if closing[0] < opening.end():
            closing = _closing_after(source, max(opening.end(), closing[0] + 1))
            if closing[0] < 0:
                break  # never closed (nor is any later one)
        if hidden.at(start):
            at = opening.end()
            continue
        line += source.count("\n", counted, start)
        counted = start
        regions.append((start, closing[1], line))
        at = closing[1]
    return regions


def _closing_after(source: str, at: int) -> tuple[int, int]:
    """The first closing tag from ``at`` with nothing but blanks after it on its line, and
    where its line ends (past the ``\n``); (-1, -1) if there is none."""
    while (close := source.find(CLOSE, at)) >= 0:
        rest = _CLOSING_REST.match(source, close + len(CLOSE))
        if rest is not None:
            return close, rest.end()
        at = close + len(CLOSE)
    return -1, -1


class _Hidden:
    """Whether a line lies inside fenced code or an HTML comment, where Markdown reads no
    envelope; asked at increasing offsets, each fence line and comment mark read once."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.read = 0  # everything before this offset is read
        self.fence = ""  # the run that opened the fence we are in
        self.comment = False  # an HTML comment is open
        self.fences = "```" in source or "~~~" in source
        self.comments = "<!--" in source

    def at(self, offset: int) -> bool:
        if self.fences:
            for line in _FENCE_LINE.finditer(self.source, self.read, offset):
                run, rest = line[1], line[2]
                if not self.fence:
                    if run[0] != "`" or "`" not in rest:
                        self.fence = run
                elif run[0] == self.fence[0] and len(run) >= len(self.fence) and not rest.strip():
                    self.fence = ""
        if self.comments:
            self._comments(offset)
        self.read = offset
        return bool(self.fence) or self.comment

    def _comments(self, offset: int) -> None:
        at = self.read
        while True:
            mark = self.source.find("-->" if self.comment else "<!--", at, offset)
            if mark < 0:
                return
            at = mark + (3 if self.comment else 4)
            self.comment = not self.comment


def blanked(source: str, regions: list[Region]) -> str:
    """``source`` with each envelope's lines left empty, so Markdown counts the same lines."""
    parts, at = [], 0
    for start, end, _ in regions:
        parts.append(source[at:start])
        parts.append("\n" * source.count("\n", start, end))
        at = end
    parts.append(source[at:])
    return "".join(parts)
