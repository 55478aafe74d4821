"""Markdown: only prose is linted (paragraphs, headings, list items, table cells).

markdown-it-py decides the structure: fenced and indented code, HTML blocks and front
matter never become blocks. Inline tokens carry no offsets, so each block's text is taken
from the inline token's raw content and lined up with the source lines it came from; inline
code, HTML and link targets are then located in that content in token order
(:mod:`~anchorlint.text.documents.markdown_spans`).

Most summaries are plain Markdown, which :func:`~.plain_markdown.plain_outline` reads as
markdown-it would, without it; markdown-it (and what uses its tokens) is imported on the
first source that needs it (a link, inline HTML, a table, a long source), not at start-up,
where it was a twentieth of a one-file run.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, TypeAlias

from anchorlint.positions import MapBuilder, PositionMap, one_point_map, physical_lines
from anchorlint.text.documents import (
    PIECE_CHARS,
    STREAM_CHARS,
    Block,
    LongSummary,
    RecordProblem,
    SummarySource,
    block_of,
)
from anchorlint.text.documents.code_spans import code_spans, parser_free
from anchorlint.text.documents.escaped_pipes import line_up
from anchorlint.text.documents.markdown_exports import export_summaries, saved_conversation
from anchorlint.text.documents.markdown_spans import inline_spans
from anchorlint.text.documents.plain_markdown import Inline, plain_outline
from anchorlint.text.documents.plain_markdown_lines import opens_yaml

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

    from anchorlint.config import Settings
    from anchorlint.text.documents.markdown_pieces import Piece
    from anchorlint.text.documents.markdown_snapshots import Region

#: what opens gemini-cli's summary envelope (:mod:`~.markdown_snapshots` reads it): most
#: files hold none, and a search for it is all they pay
SNAPSHOT = "<state_snapshot>"

_PARENT_KINDS = {
    "heading_open": "heading",
    "th_open": "cell",
    "td_open": "cell",
    "paragraph_open": "paragraph",
}


@lru_cache(maxsize=2)
def _parser(front_matter: bool = True) -> MarkdownIt:
    """CommonMark with tables, and front matter unless the source's opening rule is followed
    by something other than YAML (:func:`reads_front_matter`)."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    if not front_matter:
        return parser
    from mdit_py_plugins.front_matter import front_matter_plugin

    return parser.use(front_matter_plugin)


def reads_front_matter(lines: list[str]) -> bool:
    """Whether the front-matter plugin may read a source of these lines: not when it opens
    with a rule of dashes followed by prose (:func:`~.plain_markdown_lines.opens_yaml`)."""
    return not lines or not lines[0].startswith("---") or opens_yaml(lines)


def read(
    path: str, text: str | Iterable[str], settings: Settings, first_line: int = 1
) -> Iterator[SummarySource | LongSummary | RecordProblem]:
    """The reader of Markdown files: the whole file is one summary; a long one is handed
    over block by block as it is parsed."""
    assert isinstance(text, str)
    saved = saved_conversation(text)
    if saved is not None:
        yield from export_summaries(path, *saved, summary_of)
        return
    yield summary_of(path, text)


def summary_of(
    path: str,
    source: str,
    line: int = 1,
    thread: str | None = None,
    generation: int = 0,
    column: int = 1,
) -> SummarySource | LongSummary:
    """``source`` read as one summary (a long one handed over as it is parsed)."""
    if len(source) > STREAM_CHARS:
        head = SummarySource(path, line, column, (), thread, generation or None)
        return LongSummary(head, split_blocks(source))
    blocks = tuple(split_blocks(source))
    return SummarySource(path, line, column, blocks, thread, generation or None)


def split_blocks(source: str) -> Iterator[Block]:
    """Prose blocks of a Markdown file, each with a map back to the file, made as they are
    read: a long source is parsed piece by piece, so neither its tokens nor its blocks are
    all held at once (the caller decides what to keep). Plain Markdown read whole, whose
    outline holds every block's content already, has its blocks made in one list. A
    gemini-cli ``<state_snapshot>`` envelope is read as plain text
    (:mod:`~anchorlint.text.documents.markdown_snapshots`)."""
    if SNAPSHOT in source:
        from anchorlint.text.documents.markdown_snapshots import snapshot_regions

        regions = snapshot_regions(source)
        if regions:
            return _with_snapshots(source, regions)
    return _markdown_blocks(source)


def _with_snapshots(source: str, regions: list[Region]) -> Iterator[Block]:
    """The Markdown blocks of ``source`` around its envelopes, with each envelope's blocks as
    plain text reads them (tags included, as the native reader reads the message), in the
    file's order: no block outside holds an envelope's line."""
    from anchorlint.positions import line_start_map
    from anchorlint.text.documents.markdown_snapshots import blanked
    from anchorlint.text.documents.plaintext import split_blocks as plain_blocks

    envelopes = (
        block
        for start, end, line in regions
        for block in plain_blocks(source[start:end], line_start_map(source[start:end], line))
    )
    outside = _markdown_blocks(blanked(source, regions))
    return heapq.merge(outside, envelopes, key=_first_line)


def _first_line(block: Block) -> int:
    return block.positions.lines[0]


def _markdown_blocks(source: str) -> Iterator[Block]:
    """The blocks of a Markdown source as CommonMark reads it."""
    if len(source) > PIECE_CHARS or source.count("|") > WIDE_PIPES:
        return _pieced_blocks(source)
    lines = physical_lines(source)
    outline = plain_outline(lines) if "\x00" not in source else None
    if outline is not None:
        return iter(_plain_blocks(outline, lines))
    return _parsed_blocks(source, lines)


def _parsed_blocks(source: str, lines: list[str]) -> Iterator[Block]:
    """The blocks of a source markdown-it parses whole, made as its inline tokens are read."""
    cursor: dict[int, int] = {}
    for first_line, content, kind, children in _parsed_inlines(source, lines):
        yield _inline_block(content, children, first_line, lines, cursor, kind)


Inlines: TypeAlias = "Iterator[tuple[int, str, str, list[Token] | None]]"

#: a source with more pipes than this is read in pieces however short, so that a very wide
#: table in it is read row by row (see :mod:`~anchorlint.text.documents.markdown_tables`)
WIDE_PIPES = 20_000


@lru_cache(maxsize=2)
def _definitions_parser(front_matter: bool = True) -> MarkdownIt:
    """Blocks only: what collects the link reference definitions of a document."""
    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    if front_matter:
        from mdit_py_plugins.front_matter import front_matter_plugin

        parser = parser.use(front_matter_plugin)
    return parser.disable("inline")


def _parsed_inlines(source: str, lines: list[str] | None = None) -> Inlines:
    """Inline blocks as markdown-it parses them: (first line, content, kind, children); with
    the text markdown-it drops past its nesting limit, in line order."""
    return _parsed_piece(source, physical_lines(source) if lines is None else lines, {})


def _pieced_blocks(source: str) -> Iterator[Block]:
    """The blocks of a long source, parsed in pieces cut at top-level block boundaries
    (:mod:`~anchorlint.text.documents.markdown_pieces`), so the tokens, lines and blocks held
    are one piece's. Every piece sees the reference definitions of the whole document, first
    one winning, as one parse would. With no definitions anywhere, a piece of plain Markdown
    takes the outline (what markdown-it would read there, with nothing defined elsewhere),
    but for a wide table's, whose cells the outline would hold all at once.
    """
    from anchorlint.text.documents.markdown_pieces import pieces
    from anchorlint.text.documents.markdown_tables import wide_cells

    bounds = pieces(source, PIECE_CHARS)
    env: dict[str, object] = {}
    for piece in bounds:  # a definition needs "]:": most long files hold none; no table row
        if not piece.wide and source.find("]:", piece.start, piece.end) >= 0:
            lines = _piece_lines(source, piece)
            _definitions_parser(reads_front_matter(lines)).parse(_piece_text(lines), env)
    plain = not env.get("references")
    for piece in bounds:
        lines = _piece_lines(source, piece)
        text = _piece_text(lines)
        outline = None
        if plain and piece.head is None and not piece.wide and "\x00" not in text:
            outline = plain_outline(lines)  # a wide table's piece is read cell by cell
        if outline is not None:
            yield from _plain_blocks(outline, lines, piece.first)
            continue
        inlines: Inlines
        if piece.wide:
            inlines = wide_cells(lines, piece.head, env, _parser())
        else:
            inlines = _parsed_piece(text, lines, env)
        # a piece that continues a table is parsed behind its head, whose cells are not its own
        skip = 0 if piece.head is None or piece.wide else len(piece.head)
        cursor: dict[int, int] = {}
        for first_line, content, kind, children in inlines:
            if first_line >= skip:
                yield _inline_block(
                    content, children, first_line, lines, cursor, kind, piece.first - skip
                )


def _piece_lines(source: str, piece: Piece) -> list[str]:
    """A piece's lines, behind the head of the table it continues (if any)."""
    lines = physical_lines(source[piece.start : piece.end])
    return lines if piece.head is None or piece.wide else [*piece.head, *lines]


def _piece_text(lines: list[str]) -> str:
    """A piece as markdown-it reads it: its lines, each ended by ``\\n``."""
    return "\n".join(lines) + "\n"


def _parsed_piece(source: str, lines: list[str], env: dict[str, object]) -> Inlines:
    """One piece's inline blocks, lines counted from the piece's start."""
    tokens = _parser(reads_front_matter(lines)).parse(source, env)
    parsed = _token_inlines(tokens)
    if not any(t.level >= _DEEPEST for t in tokens):
        return parsed
    dropped = _dropped_inlines(tokens, lines)
    return heapq.merge(parsed, dropped, key=lambda item: item[0])


#: the level of a container markdown-it opens last before it stops reading (``maxNesting``):
#: past it, the rest of the container is skipped without a word
_DEEPEST = 19
#: container markers in front of text nested past the limit (quotes, list bullets, numbers)
_CONTAINER_MARKS = re.compile(r"(?:[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)))*[ \t]*")


def _dropped_inlines(tokens: list[Token], lines: list[str]) -> Inlines:
    """Lines inside the deepest containers that no token covers: markdown-it stopped there.
    Each run of them is one paragraph of plain prose (markers stripped), so a summary cannot
    hide text from the rules by nesting it 120 quotes deep; nothing in it is code or a link."""
    region: set[int] = set()
    covered: set[int] = set()
    for token in tokens:
        if token.map is None:
            continue
        span = range(token.map[0], min(token.map[1], len(lines)))
        if token.nesting == 1 and token.level >= _DEEPEST:
            region.update(span)
        elif token.nesting == 0 or token.type == "tr_open":
            covered.update(span)
    run: list[tuple[int, str]] = []
    for number in sorted(region - covered) + [-1]:
        text = _without_marks(lines[number]) if number >= 0 else ""
        if run and (number != run[-1][0] + 1 or not text.strip()):
            yield run[0][0], "\n".join(t for _, t in run), "paragraph", []
            run = []
        if text.strip():
            run.append((number, text))


def _without_marks(line: str) -> str:
    marks = _CONTAINER_MARKS.match(line)
    return line[marks.end() :] if marks else line


#: what markdown-it writes as a numbered list item's markup
_NUMBER_MARKS = (".", ")")


def _token_inlines(tokens: list[Token]) -> Inlines:
    """The inline blocks, each with its kind: a heading, a table cell, a paragraph, or
    ``numbered``, the paragraph a numbered list item opens with (``1. Current work: …``),
    whose marker the content no longer shows."""
    kind = "paragraph"
    row_map: list[int] | None = None
    numbered = False  # the token before opened a numbered list item
    for token in tokens:
        if token.type in _PARENT_KINDS:
            kind = _PARENT_KINDS[token.type]
            if numbered and kind == "paragraph":
                kind = "numbered"
        numbered = token.type == "list_item_open" and token.markup in _NUMBER_MARKS
        if token.type == "tr_open":
            row_map = token.map
        if token.type != "inline" or not token.content.strip():
            continue
        token_map = token.map or row_map
        if token_map is not None:
            yield token_map[0], token.content, kind, token.children or []


def _plain_blocks(outline: list[Inline], lines: list[str], base: int = 0) -> list[Block]:
    """The blocks of plain Markdown (``lines`` the piece's, its first the file's line
    ``base``, 0-based). No two blocks but a table row's cells share a line, and a one-line
    block's content is the end of its line, so its one point is where the content is found
    in the line (what :func:`_inline_block` finds with a fresh cursor; a cell's, from where
    the row's last cell ends, as it finds it with the row's cursor); a longer paragraph
    takes it."""
    blocks: list[Block] = []
    cells: dict[int, int] = {}  # where the last cell found on a table row ends
    for first_line, content, kind in outline:
        if "\n" in content:
            children = _plain_children(content)
            blocks.append(_inline_block(content, children, first_line, lines, {}, kind, base))
            continue
        if kind == "cell":
            column = _cell_column(lines[first_line], content, cells, first_line)
        else:
            column = lines[first_line].find(content) + 1
        positions = one_point_map(base + first_line + 1, column)
        if "`" in content or "<" in content or "](" in content:
            blocks.append(_marked_block(content, positions, kind))
        else:  # most blocks: no inline markup, every span empty
            blocks.append(block_of(content, positions, kind))
    return blocks


def _cell_column(line: str, content: str, cells: dict[int, int], number: int) -> int:
    """The 1-based column of a table cell's content, searched from where the row's last
    cell ends, as :func:`_inline_block` searches it."""
    found = line.find(content, cells.get(number, 0))
    if found < 0:
        found = max(line.find(content.strip()), 0)
    cells[number] = found + len(content)
    return found + 1


def _marked_block(content: str, positions: PositionMap, kind: str) -> Block:
    """A plain block whose content may hold code, HTML or a link."""
    children = _plain_children(content)
    if children is None:
        return block_of(content, positions, kind, code_spans(content))
    return block_of(content, positions, kind, *inline_spans(content, children))


def _plain_children(content: str) -> list[Token] | None:
    """The inline tokens of a plain block's content; markdown-it reads only contents that
    can hold code, HTML or a link, the only inline tokens blocks keep. Plain Markdown has no
    reference definitions, so a link needs ``](``; code a backquote; HTML and autolinks
    ``<``. A block whose only inline markup is code (:func:`~.code_spans.parser_free`) has
    its code spans found directly: None."""
    if "<" in content or "](" in content:
        return _parser().parseInline(content)[0].children or []
    if "`" not in content:
        return []
    return None if parser_free(content) else _parser().parseInline(content)[0].children or []


def _inline_block(
    content: str,
    children: list[Token] | None,
    first_line: int,
    lines: list[str],
    cursor: dict[int, int],
    kind: str,
    base: int = 0,
) -> Block:
    """Line the inline content up with its source lines and mark code, HTML and links.
    ``lines`` are the piece's, whose first line is the file's line ``base`` (0-based);
    ``children`` None: the content holds code spans and no other inline markup."""
    builder = MapBuilder()
    for index, content_line in enumerate(content.split("\n")):
        line_number = first_line + index
        if line_number < len(lines):
            start = cursor.get(line_number, 0)
            cursor[line_number] = line_up(
                builder, lines[line_number], content_line, start, base + line_number + 1
            )
        else:
            builder.advance(len(content_line))
        builder.advance(1)
    if children is None:
        return block_of(content, builder.build(), kind, code_spans(content))
    if not children:  # no inline markup at all (most blocks): every span is empty
        return block_of(content, builder.build(), kind)
    return block_of(content, builder.build(), kind, *inline_spans(content, children))
