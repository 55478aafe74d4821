"""Code rules on the shapes a sixteenth sweep of real compactors showed them missing: a tool
result's text wrapped in a content part or an imported stringifier, a summary list handed back
inside a result object, a resolver that reads its source from a file.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: a message transform that summarizes oversized tool results: the result's text goes to the
#: summarizer inside a text content part, through a helper annotated to return content parts;
#: beside it, content parts of the call ids alone and of plain turns, which carry no span's text
CONTENT_PARTS = """\
from typing import List

from chatkit.content import MessageContent, TextContent
from chatkit.formatting import stringify
from chatkit.tools import ToolResult


class ToolResultShrinker:
    def __init__(self, summarizer, max_chars: int = 4000) -> None:
        self._summarizer = summarizer
        self.max_chars = max_chars

    async def summarize_if_needed(self, contents: List[MessageContent]) -> List[MessageContent]:
        if sum(len(stringify(c)) for c in contents) <= self.max_chars:
            return contents
        summary = await self._summarizer.summarize(contents, self.max_chars)
        return [TextContent(summary)]

    async def shrink(self, messages: list) -> list:
        out = []
        for message in messages:
            if message.tool_result is not None:
                shrunk = await self.summarize_if_needed(
                    [TextContent(stringify(message.tool_result.content))]
                )
                message.tool_result = ToolResult(
                    stringify(shrunk[0]), message.tool_result.tool_request_id
                )
            out.append(message)
        return out

    async def label_calls(self, messages: list) -> list:
        ids = [TextContent(m.tool_result.tool_request_id) for m in messages if m.tool_result]
        return await self.summarize_if_needed(ids)

    async def fold_turns(self, turns: list[str]) -> List[MessageContent]:
        return await self.summarize_if_needed([TextContent(t) for t in turns])
"""


def test_a_tool_result_wrapped_in_a_text_content_part_is_summarized() -> None:
    assert codes(CONTENT_PARTS) == [(24, "ANC303")]


#: the same pass with the result's text made a string by an imported helper; beside it the
#: call ids made strings for a title, and a preview that cuts the text without summarizing it
STRINGIFIED = """\
from util.text import stringify


async def shrink_tool_results(messages: list, summarizer) -> list:
    out = []
    for msg in messages:
        if msg.tool_result is not None:
            short = await summarizer.summarize([stringify(msg.tool_result.content)], 500)
            msg.tool_result = ToolResult(short, msg.tool_result.tool_request_id)
        out.append(msg)
    return out


async def title_for(messages: list, summarizer) -> str:
    names = [stringify(m.tool_result.tool_request_id) for m in messages if m.tool_result]
    return await summarizer.summarize(names, 20)


def preview(messages: list) -> list[str]:
    return [stringify(m.tool_result.content)[:80] for m in messages if m.tool_result]
"""


def test_a_tool_result_through_an_imported_stringifier_is_summarized() -> None:
    assert codes(STRINGIFIED) == [(8, "ANC303")]


#: a session compactor that returns its message list, the summary in front, inside a dict
#: beside its statistics; beside it a preview under another key and a request for a model
#: client, neither of which the caller keeps as its history
RESULT_DICT = """\
from dataclasses import dataclass

from chat.client import ChatRequest
from chat.tokens import count_tokens

KEEP_RECENT = 6
PROMPT = "Summarize this conversation, keeping every decision and open question."


async def compact_conversation(messages: list, llm) -> dict:
    if len(messages) <= KEEP_RECENT:
        return {"messages": messages, "summary": None, "tokens_saved": 0}
    old, recent = messages[:-KEEP_RECENT], messages[-KEEP_RECENT:]
    transcript = "\\n".join(f"{m.role}: {m.content}" for m in old)
    reply = await llm.complete(f"{PROMPT}\\n\\n{transcript}")
    note = Note(role="system", content=f"[summary]\\n{reply.text}")
    compacted = [note] + recent
    return {
        "messages": compacted,
        "summary": reply.text,
        "tokens_saved": count_tokens(messages) - count_tokens(compacted),
    }


async def preview_compaction(messages: list, llm) -> dict:
    transcript = "\\n".join(f"{m.role}: {m.content}" for m in messages[:-KEEP_RECENT])
    reply = await llm.complete(f"{PROMPT}\\n\\n{transcript}")
    note = Note(role="system", content=reply.text)
    return {"preview": [note] + messages[-KEEP_RECENT:], "tokens": count_tokens(messages)}


async def request_for(messages: list, llm) -> ChatRequest:
    transcript = "\\n".join(f"{m.role}: {m.content}" for m in messages[:-KEEP_RECENT])
    reply = await llm.complete(f"{PROMPT}\\n\\n{transcript}")
    note = Note(role="system", content=reply.text)
    return ChatRequest(messages=[note] + messages[-KEEP_RECENT:], model="small")
"""


def test_a_summary_list_returned_under_a_history_key_is_handed_back() -> None:
    assert codes(RESULT_DICT) == [(15, "ANC306")]


#: a compaction strategy that returns a record of the module, its message list by keyword or
#: by position; beside it a digest record whose field holds lines to show, not a history
RESULT_RECORD = """\
from typing import NamedTuple

PROMPT = "Condense the conversation below into a short brief."


class CompactionResult(NamedTuple):
    messages: list
    usage: int


class Digest(NamedTuple):
    lines: list
    usage: int


class SimpleCompaction:
    def __init__(self, keep: int = 2) -> None:
        self.keep = keep

    async def compact(self, messages: list, llm) -> CompactionResult:
        old, recent = messages[: -self.keep], messages[-self.keep :]
        text = "\\n".join(f"{m.role}: {m.content}" for m in old)
        reply = await llm.generate(f"{PROMPT}\\n\\n{text}")
        brief = Message(role="user", content=reply.text)
        return CompactionResult(messages=[brief, *recent], usage=reply.usage)

    async def compact_positional(self, messages: list, llm) -> CompactionResult:
        old, recent = messages[: -self.keep], messages[-self.keep :]
        text = "\\n".join(f"{m.role}: {m.content}" for m in old)
        reply = await llm.generate(f"{PROMPT}\\n\\n{text}")
        brief = Message(role="user", content=reply.text)
        return CompactionResult([brief] + recent, reply.usage)

    async def digest(self, messages: list, llm) -> Digest:
        text = "\\n".join(f"{m.role}: {m.content}" for m in messages)
        reply = await llm.generate(f"{PROMPT}\\n\\n{text}")
        return Digest([reply.text] + messages[-self.keep :], reply.usage)
"""


def test_a_summary_list_returned_in_a_record_field_is_handed_back() -> None:
    assert codes(RESULT_RECORD) == [(23, "ANC306"), (30, "ANC306")]


#: a directory store of documents whose resolvers open the document file a parameter names
#: and cut the span or a line from what they read; beside them one that compares a digest, one handed no
#: pointer (a title cut to a length), one that walks a parsed record and one that hands back a
#: whole file
FILE_STORE = """\
import hashlib
import json
from pathlib import Path


class DocumentStore:
    def __init__(self, root: str) -> None:
        self.root = Path(root)

    def resolve_span(self, doc_id: str, span) -> bytes:
        with open(self.root / f"{doc_id}.txt", "rb") as f:
            data = f.read()
        return data[span.start : span.end]

    def resolve_verified(self, doc_id: str, span) -> bytes:
        data = (self.root / f"{doc_id}.txt").read_bytes()
        piece = data[span.start : span.end]
        if hashlib.sha256(piece).hexdigest() != span.sha256:
            raise ValueError(f"span of {doc_id} moved")
        return piece

    def resolve_lines(self, doc_id: str, span) -> str:
        lines = (self.root / f"{doc_id}.txt").read_text().splitlines()
        return "\\n".join(lines[span.first_line : span.last_line])

    def resolve_title(self, doc_id: str) -> str:
        return (self.root / f"{doc_id}.txt").read_text()[:80]

    def resolve_field(self, doc_id: str, ref: str) -> object:
        with open(self.root / f"{doc_id}.json") as f:
            record = json.load(f)
        return record[ref]

    def resolve_include(self, path: str, ref: str) -> str:
        with open(path) as f:
            return f.read()

    def resolve_line(self, doc_id: str, span) -> str:
        lines = (self.root / f"{doc_id}.txt").read_text().splitlines()
        return lines[span.line]
"""


def test_a_resolver_that_reads_its_source_from_a_file_is_found() -> None:
    assert codes(FILE_STORE) == [(13, "ANC305"), (24, "ANC305"), (40, "ANC305")]


#: resolvers of a log of raw output that seek to a span and read its bytes; beside them a
#: tail read after a seek to the end, a reader named for recovery, not resolution, and a
#: writer
SEEKING_READERS = """\
import os


def resolve_range(logfile: str, span) -> str:
    with open(logfile, "rb") as f:
        f.seek(span.start)
        chunk = f.read(span.end - span.start)
    return chunk.decode("utf-8")


def resolve_tail(logfile: str, span, limit: int = 4096) -> bytes:
    with open(logfile, "rb") as f:
        f.seek(0, os.SEEK_END)
        f.seek(max(0, f.tell() - limit))
        return f.read()


def recover_from_log(logfile: str, span) -> str:
    with open(logfile, "rb") as f:
        f.seek(span.start)
        return f.read(span.end - span.start).decode("utf-8")


def resolve_and_append(logfile: str, span, line: str) -> None:
    with open(logfile, "a") as f:
        f.seek(span.start)
        f.write(line)
"""


def test_a_resolver_that_seeks_and_reads_a_range_of_a_file_is_found() -> None:
    assert codes(SEEKING_READERS) == [(8, "ANC305")]


#: resolvers that cut the span from a read written in the return itself; beside them a head of
#: the file cut to a fixed length and a key looked up in the text, which cut no span
INLINE_READS = """\
from pathlib import Path


def resolve_span(path: str, span) -> str:
    return Path(path).read_text()[span.start : span.end]


def resolve_line(path: str, span) -> str:
    with open(path) as f:
        return f.read().splitlines()[span.line].strip()


def resolve_head(path: str, span) -> str:
    return Path(path).read_text()[:200]


def resolve_key(path: str, ref) -> str:
    return Path(path).read_text()[ref]
"""


def test_a_span_cut_from_a_read_in_the_return_is_found() -> None:
    assert codes(INLINE_READS) == [(5, "ANC305"), (10, "ANC305")]
