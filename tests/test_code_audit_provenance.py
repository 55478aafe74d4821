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
