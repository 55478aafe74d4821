"""ANC303 on the shapes a precision audit of every code finding over a corpus of real Python
files showed it misreading: the name of a tool read as the text of its result, a cut made only
to show a span, and records that carry no retrieval provenance on the output side.

Each module is written for these tests in the style of the real ones, with the true shape
that must keep firing beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: a tool-result handler that compacts a result before storing it: the tool's content is the
#: span's text, its tool and action names and its call id are what it is called
NAMED_ARGUMENTS = """\
from tools.shrink import compact_tool_output


def followup_text(result) -> str:
    meta = result.metadata or {}
    packed = compact_tool_output(
        result.content,
        tool=result.tool_name,
        action_name=result.action_name,
        call=result.tool_call_id,
        kind=result.type,
    )
    return packed.text


def stored_record(result: dict) -> dict:
    meta = result.get("metadata") or {}
    packed = compact_tool_output(
        result["output"],
        action_name=result["action_name"],
        session=result["session_id"],
    )
    return {"text": packed, "source": meta.get("source")}
"""


def test_a_name_or_id_handed_beside_a_tool_result_is_no_span_text() -> None:
    assert codes(NAMED_ARGUMENTS) == [(7, "ANC303"), (19, "ANC303")]


def test_a_name_alone_handed_to_the_summarizer_stays_silent() -> None:
    alone = NAMED_ARGUMENTS.replace("        result.content,\n", "").replace(
        '        result["output"],\n', ""
    )
    assert codes(alone) == []


#: a memory inspector: each stored item is printed with its text cut to a width
MEMORY_PRINTER = """\
def _truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def print_memory_item(item, indent: int = 0, limit: int | None = 300) -> None:
    prefix = " " * indent
    print(f"{prefix}Type: {item.metadata.memory_type}")
    body = item.memory or ""
    preview = body if limit is None else _truncate(body, limit)
    if preview:
        print(f"{prefix}Memory: {preview} ({len(preview)} chars)")
    for source in item.metadata.sources or []:
        print(f"{prefix}  - {source.type}")
"""


def test_a_memory_cut_to_a_width_for_print_is_shown_not_rewritten() -> None:
    assert codes(MEMORY_PRINTER) == []


def test_the_same_cut_also_put_in_a_prompt_is_still_reported() -> None:
    sent = MEMORY_PRINTER.replace(
        "    for source in",
        "    llm.invoke([{'role': 'user', 'content': preview}])\n    for source in",
    )
    assert codes(sent) == [(9, "ANC303")]


#: a session inspector: a describer cuts each transcript record, its only caller prints it
SESSION_INSPECTOR = """\
import json
import sys


def truncate(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 3] + "..."


def describe(record: dict, width: int) -> str:
    if "_raw" in record:
        return truncate(record["_raw"], width)
    role = record.get("role", "?")
    text = truncate(str(record.get("content") or ""), width)
    if role == "tool":
        parts = [f"role={role}", f"call={record['tool_call_id']}"]
        if text:
            parts.append(f"text={text}")
        return " | ".join(parts)
    return f"role={role} | text={text}"


def main(path: str, width: int = 120) -> int:
    with open(path) as handle:
        records = [json.loads(line) for line in handle if line.strip()]
    for number, record in enumerate(records):
        print(f"[{number}] {describe(record, width)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
"""


def test_a_record_cut_by_a_describer_whose_callers_only_print_it_is_silent() -> None:
    assert codes(SESSION_INSPECTOR) == []


def test_a_describer_whose_result_is_also_sent_back_to_the_model_is_reported() -> None:
    resent = SESSION_INSPECTOR.replace(
        "    return 0\n",
        "    history = [{'role': 'user', 'content': describe(r, width)} for r in records]\n"
        "    client.chat(messages=history)\n"
        "    return 0\n",
    )
    assert codes(resent) == [(12, "ANC303"), (14, "ANC303")]


#: a retrieval app's results panel: the retrieved documents in a Streamlit table
DOCUMENTS_TABLE = """\
import pandas as pd
import streamlit as st


def truncate_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def render_documents_table(documents: list[dict]) -> None:
    if not documents:
        st.info("No documents retrieved.")
        return
    rows = []
    for number, doc in enumerate(documents, 1):
        content = doc.get("page_content", "")
        metadata = doc.get("metadata", {})
        rows.append(
            {
                "#": number,
                "Source": metadata.get("source", "?"),
                "Content": truncate_text(content, 150),
            }
        )
    table = pd.DataFrame(rows)
    st.dataframe(table, hide_index=True)
"""


def test_retrieved_documents_cut_for_a_streamlit_table_are_silent() -> None:
    assert codes(DOCUMENTS_TABLE) == []


def test_the_same_rows_returned_to_the_caller_are_reported() -> None:
    returned = DOCUMENTS_TABLE.replace(
        "    table = pd.DataFrame(rows)\n    st.dataframe(table, hide_index=True)\n",
        "    return rows\n",
    )
    assert codes(returned) == [(21, "ANC303")]


#: a thread inspector's JSON report: each message's text cut, with a flag saying it was
THREAD_REPORT = """\
def _truncate(text: str, limit: int) -> tuple[str, bool]:
    if len(text) <= limit:
        return text, False
    return text[:limit] + "...", True


def message_record(index: int, message: dict, limit: int) -> dict:
    text = str(message.get("content") or "")
    bounded, was_cut = _truncate(text, limit)
    record = {
        "index": index,
        "role": message.get("role"),
        "content": bounded,
        "content_chars": len(text),
        "content_truncated": was_cut,
    }
    if message.get("tool_call_id"):
        record["tool_call_id"] = message["tool_call_id"]
    return record
"""


def test_a_cut_whose_record_says_it_was_cut_is_silent() -> None:
    assert codes(THREAD_REPORT) == []


def test_the_same_cut_with_no_flag_in_the_record_is_reported() -> None:
    unmarked = THREAD_REPORT.replace('        "content_truncated": was_cut,\n', "")
    assert codes(unmarked) == [(9, "ANC303")]


#: a tool loop: each result is cut and put back into the messages the model reads next
TOOL_LOOP = """\
def truncate(text: str, limit: int = 2000) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def add_results(messages: list[dict], results: list[dict]) -> list[dict]:
    for result in results:
        short = truncate(result["content"])
        print(f"tool {result['tool_call_id']}: {short}")
        messages.append({"role": "tool", "tool_call_id": result["tool_call_id"], "content": short})
    return messages


def step(client, messages: list[dict], results: list[dict]) -> str:
    messages = add_results(messages, results)
    return client.chat(messages=messages).content
"""


def test_a_tool_result_cut_and_put_back_into_the_messages_is_still_reported() -> None:
    assert codes(TOOL_LOOP) == [(7, "ANC303")]


#: a context manager's segments: their ``metadata`` holds times and access counts, no source
SEGMENTS = """\
from datetime import datetime, timedelta


def old_segments(store, now: datetime) -> list:
    recent = ContextSegment(
        type="conversation",
        content="Recent message",
        metadata=ContextMetadata(created_at=now, access_count=10, relevance_score=0.9),
    )
    stale = ContextSegment(
        type="conversation",
        content="Old message",
        metadata=ContextMetadata(created_at=now - timedelta(hours=24), access_count=1),
    )
    return [recent, stale]


def shrink(compressor, now: datetime) -> list:
    first = ContextSegment(type="conversation", content="hi", metadata=ContextMetadata())
    second = ContextSegment(type="conversation", content="there", metadata={"turn": 2})
    kept, _ = compressor.compress([first, second], 10)
    return kept
"""


def test_segments_whose_metadata_is_bookkeeping_are_no_retrieval_spans() -> None:
    assert codes(SEGMENTS) == []


def test_a_chunk_built_with_metadata_or_a_segment_with_a_source_is_still_a_span() -> None:
    chunk = SEGMENTS.replace(
        '    first = ContextSegment(type="conversation", content="hi", metadata=ContextMetadata())',
        '    first = TextChunk(content="hi", metadata=ContextMetadata())',
    )
    assert codes(chunk) == [(21, "ANC303")]
    sourced = SEGMENTS.replace('metadata={"turn": 2}', 'metadata={"source": "notes.md"}')
    assert codes(sourced) == [(21, "ANC303")]


#: a document-chat agent: the answer object the pass returns carries its own metadata
ANSWER_WITH_ITS_OWN_SOURCE = """\
class DocAgent:
    def get_summary_answer(self, question: str, passages: list[Document]) -> ChatDocument:
        prompt = "Summarize these passages to answer: " + question
        return self.llm.chat(prompt + "\\n".join(p.page_content for p in passages))

    def answer(self, question: str) -> ChatDocument:
        passages = self.retrieve(question)
        return self.get_summary_answer(question, passages)

    def respond(self, question: str) -> ChatDocument:
        response = self.answer(question)
        return ChatDocument(
            content=response.content,
            metadata=ChatDocMetaData(source=response.metadata.source, sender="llm"),
        )
"""


def test_an_answer_given_its_own_source_is_not_relabelled() -> None:
    assert (12, "ANC303") not in codes(ANSWER_WITH_ITS_OWN_SOURCE)


def test_an_answer_given_the_source_of_a_passage_it_rewrote_is_still_relabelled() -> None:
    copied = ANSWER_WITH_ITS_OWN_SOURCE.replace(
        "        response = self.answer(question)\n",
        "        passages = self.retrieve(question)\n"
        "        response = self.get_summary_answer(question, passages)\n",
    ).replace("source=response.metadata.source", "source=passages[0].metadata.source")
    assert (13, "ANC303") in codes(copied)


#: an agent's conversation memory: every kind of event rendered into a message for the model,
#: each cut to a width, the condensation event too; nothing here summarizes
EVENT_RENDERER = """\
class ConversationMemory:
    def __init__(self, max_chars: int) -> None:
        self.max_chars = max_chars

    def to_messages(self, events: list) -> list:
        return [m for event in events for m in self._render(event)]

    def _render(self, obs) -> list:
        if isinstance(obs, ErrorObservation):
            text = truncate_content(obs.content, self.max_chars)
            text += "\\n[Error occurred]"
        elif isinstance(obs, AgentCondensationObservation):
            text = truncate_content(obs.content, self.max_chars)
        elif isinstance(obs, AgentThinkObservation):
            text = truncate_content(obs.thought, self.max_chars)
        else:
            return []
        return [Message(role="user", content=[TextContent(text=text)])]
"""


def test_a_renderer_that_makes_no_summary_cuts_no_previous_summary() -> None:
    """The condensation event cut to a width is no second pass (no ANC306); the error
    observation, a tool result, cut and put back into the messages is still a rewrite."""
    assert codes(EVENT_RENDERER) == [(10, "ANC303")]


def test_a_condenser_that_finds_its_own_summary_and_cuts_it_into_the_prompt_still_fires() -> None:
    condenser = EVENT_RENDERER.replace(
        "    def to_messages(self, events: list) -> list:\n",
        "    def condense(self, events: list):\n"
        "        prompt = '\\n'.join(m.text for m in self.to_messages(events))\n"
        "        return Condensation(summary=self.llm.summarize(prompt))\n"
        "\n"
        "    def to_messages(self, events: list) -> list:\n",
    )
    assert (17, "ANC306") in codes(condenser)
