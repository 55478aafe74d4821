"""The block outline of plain Markdown, found without a Markdown parser.

Most summaries are headings, paragraphs, list items (bulleted or numbered, nested, with
continuation lines), fenced code and simple tables: Markdown whose structure a line scan can read
exactly. markdown-it-py spends most of a summary's front-end time on such files, so
:func:`plain_outline` reads them itself and returns ``None`` for anything else (quotes,
HTML, setext headings, thematic breaks, tables in list items, tabs, trailing
spaces, reference definitions...), which then goes to markdown-it. A line either clearly
opens or continues a paragraph, a heading, a list item or a fence, or the whole file takes
the full parser. Tests compare both paths on generated documents and on every corpus file
the outline takes, so the outline is the one markdown-it would give, never an
approximation.

The scan keeps the content columns of the open containers: the file's (0), then each open
list item's (its marker's indentation, the marker's width and the one space after it). A
line belongs to the deepest container whose column it reaches; one more than three spaces
right of that column would be indented code (or, under a paragraph, a continuation whatever
it holds), so it takes the parser. Why each accepted shape is exact (CommonMark 0.31, and
markdown-it-py's list rule where the two could part):

- text (a line opening with a letter, a digit that is no list number, a quote, a
  parenthesis, a bracket, ``**`` before a word, or one or two backquotes) under an open
  paragraph continues it, at any indentation up to three spaces right of the paragraph's
  container (left of it, a lazy continuation line): no accepted opening starts a block that
  interrupts a paragraph, and none is a setext underline; its content line is the line
  without the indentation markdown-it strips (the container's column at most). Anywhere
  else text opens a paragraph in its container and closes the items deeper than it (a line
  left of an item's content ends the item unless it is a paragraph's continuation);
- a paragraph opening with ``[`` could be a link reference definition, whose label closes
  with ``]:`` on one of the paragraph's lines: such a paragraph takes the parser, and
  with no definition in the file no inline link can be a reference link;
- a list item (``-``, ``*`` or ``+``, or one to nine digits and ``.`` or ``)``, then one
  space and text) opens an item in its container, closing the deeper ones, and its content
  is a paragraph at its content column (of kind ``numbered`` after a list number, as
  markdown-it's item token tells the parser's path). It interrupts a paragraph (markdown-it checks this
  as a terminator), but for a list number other than 1 at the paragraph's own container,
  which continues the paragraph (the parser's case); a marker left of the paragraph's
  container is the next item of an outer list and interrupts whatever its number. A change
  of bullet or delimiter opens a new list at the same place: the items, hence the outline,
  are the same. At most eight items are open at once, far below markdown-it's nesting
  limit;
- a heading (one to six ``#`` and a space, no closing sequence) or a fence (three or more
  backquotes or tildes; a backquote fence's info string holds no backquote) interrupts a
  paragraph wherever its indentation puts it, and closes the items deeper than its
  container. A heading's content is inline text whatever it opens with. A fence holds code
  up to its closing line (up to three spaces right of its container's column, at least as
  many of the same character, then only spaces), the end of the file, or, in a list item,
  the first line with text left of the item's content, which is then read again;
- a table whose header row (``|`` at column 0) follows a blank line, the file's start or
  its front matter, over a delimiter row as :func:`~.plain_markdown_lines.table_header`
  checks it, with every row as many cells as the header, is read as markdown-it's table
  rule reads it: the blank line above heads no table of which the header would be the
  delimiter row (and no other accepted line is followed by a delimiter row), and without a
  backslash (which could escape a ``|``) a row splits at every ``|``; each cell's content is
  trimmed and an empty one makes no block. Its rows go on up to a blank line; any other line
  there (a row of another width, text, a heading, an item) takes the parser, which would end
  the table at some of them and fill in or drop cells at others;
- a line four or more spaces right of its container's column, with no paragraph open,
  opens indented code in that container (markdown-it reaches it leaving every deeper item,
  whose lists end at it as code); the code goes on over blank lines and lines as far in,
  and holds no block. Under an open paragraph such a line is a continuation whatever it
  holds, which the parser reads;
- front matter (a first line of three or more dashes, up to its closing line, as
  :func:`~.plain_markdown_lines.front_matter` reads the plugin's rule) holds no block; the
  file goes on from the line after it as from a file's start.

The shape of each line (:mod:`~anchorlint.text.documents.plain_markdown_lines`) is decided
apart from the scan, which keeps the open containers and paragraph and makes the blocks.
"""

from __future__ import annotations

from anchorlint.text.documents.plain_markdown_lines import (
    ASCII_OPENERS,
    FENCE_CHARACTERS,
    Shape,
    classify,
    closes_fence,
    front_matter,
    in_item_fence,
    opened_fence,
    table_header,
    table_row,
)

#: the most list items open at once: each opens two token levels, and markdown-it stops
#: reading at level 20
_DEEPEST_ITEMS = 8


#: one prose block as markdown-it's inline token would give it: the 0-based line of its first
#: content line, its content and its kind (a plain tuple: one is made for every block)
Inline = tuple[int, str, str]


def _cells(blocks: list[Inline], number: int, cells: list[str]) -> None:
    """A row's cells as blocks, but the empty ones (markdown-it's content: each trimmed
    with markdown-it's own trim, imported with the first table: a summary without one
    needs nothing of markdown-it)."""
    from markdown_it.common.utils import mdTrim

    for cell in cells:
        content = mdTrim(cell)
        if content.strip():
            blocks.append((number, content, "cell"))


def plain_outline(lines: list[str]) -> list[Inline] | None:
    """The inline blocks of a file made only of plain lines, or None to use the parser."""
    skip = front_matter(lines)
    if skip is None:
        return None
    blocks: list[Inline] = []
    paragraph: list[str] = []  # the open paragraph's content lines
    start = 0
    opened = "paragraph"  # the open paragraph's kind: "numbered" opening a numbered item
    #: the content columns of the open containers: the file's (0), then each open list item's
    columns = [0]
    bracket = False  # the open paragraph opens with "[": it may be a reference definition
    fence: tuple[str, int] | None = None
    fence_column = 0  # the content column of the container the fence is in
    closer = ""  # the open fence's shortest closing run: a line without it closes nothing
    for number, line in enumerate(lines[skip:], skip) if skip else enumerate(lines):
        if fence is not None:
            if fence[0] in "|-":  # a table's rows: its delimiter row, then rows up to a blank
                if fence[0] == "-":
                    fence = "|", fence[1]
                    continue
                if line.strip(" "):
                    cells = table_row(line)
                    if cells is None or len(cells) != fence[1]:
                        return None
                    _cells(blocks, number, cells)
                    continue
                fence = None
            elif fence[0] == " ":  # indented code: blank lines, or lines as far in as it
                body = line.lstrip(" ")
                if body[:1] == "\t":
                    return None  # a tab counts to the next multiple of four columns
                if not body or len(line) - len(body) >= fence[1]:
                    continue
                fence = None  # the line is read again
            elif not fence_column:
                if closer in line and closes_fence(line, fence):
                    fence = None
                continue
            else:
                reading = in_item_fence(line, fence, fence_column, closer)
                if reading < 0:
                    return None
                if reading < 2:
                    fence = None if reading else fence
                    continue
                fence = None  # the line is read again
        if not line.strip(" "):
            if paragraph:
                blocks.append((start, "\n".join(paragraph), opened))
                paragraph = []
            continue
        first = line[0]
        if first in ASCII_OPENERS:  # text at column 0, the commonest line (see classify)
            if "\t" in line or line != line.rstrip():
                return None
            if not paragraph:  # a paragraph in the file, after every list item
                del columns[1:]
                start, bracket, opened = number, first == "[", "paragraph"
            if bracket and "]:" in line:
                return None
            paragraph.append(line)  # else a continuation (lazy under a list item)
            continue
        if first == "-" and line[1:2] == " " and line[2:3] in ASCII_OPENERS:
            if "\t" in line or line != line.rstrip():  # a bullet at column 0, the next commonest
                return None
            if paragraph:  # which it interrupts
                blocks.append((start, "\n".join(paragraph), opened))
            del columns[1:]
            columns.append(2)
            start, paragraph, bracket = number, [line[2:]], line[2] == "["
            opened = "paragraph"
            if bracket and "]:" in line:
                return None
            continue
        if first == "|":  # a table after a blank line (or first), or the parser's
            header = None if paragraph else table_header(lines, number)
            if header is None or (number > skip and lines[number - 1].strip(" ")):
                return None
            del columns[1:]
            _cells(blocks, number, header)
            fence = "-", len(header)
            continue
        body = line.lstrip(" ") if first == " " else line
        if first == " " and not paragraph:  # perhaps indented code in its container
            indent = len(line) - len(body)
            depth = len(columns) - 1
            while columns[depth] > indent:
                depth -= 1
            if indent - columns[depth] > 3:
                if body[0] == "\t":
                    return None
                del columns[depth + 1 :]
                fence = " ", columns[depth] + 4
                continue
        found: Shape | None
        if body[0] in FENCE_CHARACTERS and (fence := opened_fence(body)) is not None:
            closer = fence[0] * fence[1]
            indent = len(line) - len(body)
            found = "fence", indent, indent
        else:
            found = classify(line)
            if found is None:
                return None
        kind, indent, column = found
        depth = len(columns) - 1  # the deepest container whose content the line reaches
        while columns[depth] > indent:
            depth -= 1
        if indent - columns[depth] > 3:
            return None  # indented code, or a paragraph's continuation of any shape
        if kind == "text":
            if paragraph:  # a continuation: lazy if left of the content
                if bracket and "]:" in line:
                    return None
                paragraph.append(line[min(indent, columns[-1]) :])
                continue
            del columns[depth + 1 :]
            start, paragraph, bracket = number, [line[indent:]], line[indent] == "["
            opened = "paragraph"
            if bracket and "]:" in line:
                return None
            continue
        if kind == "number" and paragraph and depth == len(columns) - 1:
            return None  # only a list number 1 interrupts a paragraph at its own indentation
        if paragraph:
            blocks.append((start, "\n".join(paragraph), opened))
            paragraph = []
        del columns[depth + 1 :]
        if kind == "heading":
            blocks.append((number, line[column:], "heading"))
        elif kind == "fence":
            fence_column = columns[-1]
        else:  # a list item, whose content is a paragraph at its content column
            if len(columns) > _DEEPEST_ITEMS:
                return None
            columns.append(column)
            start, paragraph, bracket = number, [line[column:]], line[column] == "["
            opened = "paragraph" if kind == "bullet" else "numbered"
            if bracket and "]:" in line:
                return None
    if paragraph:
        blocks.append((start, "\n".join(paragraph), opened))
    return blocks
