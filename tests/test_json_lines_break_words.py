"""The two ways real JSON Lines files break most often, a record closed by a comma (an
array's items saved one a line) and a generator's comment header, were told in the decoder's
words alone ("Extra data", "Expecting value"), which name the character it stopped at, not
what is wrong with the line."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli

EVENTS = (
    "# written by the session exporter\n"
    '{"id": 1, "summary": "Moved the loader into ingest/load.py."},\n'
    '{"id": 2, "summary": "Kept the cache."}\n'
    '{"id": 3, "summary": "Pinned the parser.}\n'
)


def test_a_comma_and_a_comment_line_are_told_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text(EVENTS)
    done = run_cli("check", "--no-cache", "--select", "ANC002", str(path))
    told = [line.split(": ANC002 ", 1)[1] for line in done.stdout.splitlines()]
    assert told == [
        "malformed JSON record: Expecting value: line 1 column 1 "
        "(a comment line: JSON Lines has none)",
        "malformed JSON record: Extra data: line 2 column 62 "
        "(a comma after the record: JSON Lines ends a record with its line)",
        "malformed JSON record: Unterminated string starting at: line 4 column 22",
    ]


def test_extra_data_that_is_no_comma_keeps_the_decoders_words(tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    path.write_text('{"id": 1} {"id": 2}\n')
    done = run_cli("check", "--no-cache", "--select", "ANC002", str(path))
    assert done.stdout.splitlines() == [
        f"{path}:1:11: ANC002 malformed JSON record: Extra data: line 1 column 11"
    ]
