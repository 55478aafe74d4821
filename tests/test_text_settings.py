"""Text settings a team relies on: JSON fields, positions in escaped strings, lexicons,
extra anchor patterns, the boilerplate allowlist, the density floor, suppressions."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_tree

from anchorlint.config import Settings, TextSettings
from anchorlint.run.engine import lint_source


def _codes(path: str, text: str, **text_settings: object) -> list[tuple[int, int, str]]:
    settings = Settings(text=TextSettings(**text_settings))  # type: ignore[arg-type]
    return [(f.line, f.column, f.code) for f in lint_source(path, text, settings)]


def test_position_inside_a_json_string_after_escapes() -> None:
    record = json.dumps(
        {"id": 7, "summary": 'Tab\there, quote " and \u00e9; as noted above, it failed.'}
    )
    line = f"{record}\n"
    found = _codes("s.jsonl", "{}\n" + line)
    column = line.index("as noted above") + 1
    assert (2, column, "ANC101") in found


def test_unicode_escapes_shift_columns_to_the_raw_text() -> None:
    raw = '{"summary": "\\u00e9\\u00e9\\ud83d\\ude00 As noted earlier, x."}\n'
    found = _codes("s.jsonl", raw)
    assert (1, raw.index("As noted") + 1, "ANC101") in found


def test_nested_fields_with_array_steps() -> None:
    record = {
        "messages": [{"role": "user", "content": "hi"}, {"content": "Per the runbook, restart it."}]
    }
    text = json.dumps(record) + "\n"
    assert [c for _, _, c in _codes("s.jsonl", text)] == []
    found = _codes("s.jsonl", text, fields=("messages[].content",))
    assert (1, text.index("Per the runbook") + 1, "ANC102") in found


def test_a_field_holding_a_list_of_strings_is_read_item_by_item() -> None:
    """A state file's ``next_steps`` list, named without ``[]``: its strings are the prose,
    each at its own position, as with ``next_steps[]``; a list of objects under the name
    is not text, and neither is a number in the list."""
    record = {
        "working_on": "Moving the loader to the new cache.",
        "next_steps": ["Check `loader.py` again.", 3, "Redo the fix as noted above."],
    }
    text = json.dumps(record) + "\n"
    column = text.index("as noted above") + 1
    for fields in (("working_on", "next_steps"), ("working_on", "next_steps[]")):
        found = _codes("state.jsonl", text, fields=fields)
        assert (1, column, "ANC101") in found
    nested = json.dumps({"next_steps": [{"todo": "Redo it as noted above."}]}) + "\n"
    assert _codes("state.jsonl", nested, fields=("next_steps",)) == []


def test_pretty_printed_json_array_of_records(tmp_path: Path) -> None:
    records = [{"summary": "Fine [[a/b]]."}, {"summary": "See above for details."}]
    text = json.dumps(records, indent=2)
    found = _codes("s.json", text)
    line = text.splitlines().index('    "summary": "See above for details."') + 1
    assert (line, 17, "ANC101") in found


def test_extra_lexicon_entries_extend_the_rules() -> None:
    text = "The gist was covered upthread. Per the playbook2, retry. Done and whatnot.\n"
    assert "ANC101" not in {c for *_, c in _codes("s.md", text)}
    found = {
        c
        for *_, c in _codes(
            "s.md",
            text,
            extra_anaphora=("covered upthread",),
            extra_document_nouns=("playbook2",),
            extra_elision_markers=("and whatnot",),
            extra_completeness_claims=("zero loss",),
        )
    }
    assert {"ANC101", "ANC102", "ANC104"} <= found


def test_extra_anchor_patterns_count_as_anchors() -> None:
    # a ticket key such as TICKET-4411 is an anchor by default now; a message id is not
    text = "Billing is broken, and so on. Tracked in msg_0a1b2c3d4e.\n"
    assert "ANC104" in {c for *_, c in _codes("s.md", text)}
    assert "ANC104" not in {
        c for *_, c in _codes("s.md", text, anchor_patterns=(r"msg_[0-9A-Za-z]{8,}",))
    }


def test_allowlist_silences_exactly_the_boilerplate() -> None:
    text = (
        "As noted earlier, older messages are stored in recall memory.\n\n"
        "As noted earlier, the cutover slipped [[ops/cutover]]. The above still applies.\n"
    )
    allow = (r"^As noted earlier, older messages are stored in recall memory",)
    found = _codes("s.md", text, allow=allow)
    assert [line for line, _, code in found if code == "ANC101"] == [3]
    assert len([c for *_, c in _codes("s.md", text) if c == "ANC101"]) == 2


def test_density_floor_is_configurable() -> None:
    text = "Kept [[a/b]]. Dropped the rest, etc.\n"  # density 0.5
    assert "ANC103" not in {c for *_, c in _codes("s.md", text)}
    assert "ANC103" in {c for *_, c in _codes("s.md", text, density_floor=0.6)}


def test_markdown_code_is_not_prose_but_its_anchors_count() -> None:
    text = (
        "---\ntitle: As noted earlier\n---\n\n"
        "```\nas noted above, etc.\n```\n\n"
        "    indented as noted above\n\n"
        "Run `etc.` and see `[[ops/a]]`.\n\n<div>As noted earlier</div>\n"
    )
    assert _codes("s.md", text) == []


def test_hard_wrapped_sentence_is_one_sentence_and_lists_end_sentences() -> None:
    wrapped = "As noted earlier, the cutover\nmoved to [[ops/cutover]] after review.\n"
    assert _codes("s.md", wrapped) == []
    listed = "- As noted earlier, the cutover moved\n- [[ops/cutover]] has the steps\n"
    assert (1, 3, "ANC101") in _codes("s.md", listed)


def test_markdown_and_text_suppressions(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "a.md": "<!-- anchorlint-disable-next-line ANC101 -->\nAs noted earlier, x [[k/1]].\n\n"
            "<!-- anchorlint-disable ANC102 -->\nPer the config, y.\n<!-- anchorlint-enable -->\n\n"
            "Per the runbook, z.\n",
            "b.txt": "anchorlint: disable=ANC101\nAs noted earlier, x.\nanchorlint: enable\n\nSee above, y.\n",
        },
    )
    out = run_cli("check", ".", "--select", "ANC101,ANC102", cwd=tmp_path).stdout.splitlines()
    assert [line.split(": ")[0] + " " + line.split()[1] for line in out] == [
        "a.md:8:1 ANC102",
        "b.txt:5:1 ANC101",
    ]


def test_unused_suppression_is_reported_when_selected(tmp_path: Path) -> None:
    write_tree(
        tmp_path, {"a.md": "<!-- anchorlint-disable-next-line ANC101 -->\nAll fine [[k/1]].\n"}
    )
    out = run_cli("check", ".", "--extend-select", "ANC003", cwd=tmp_path).stdout
    assert "a.md:1:1: ANC003" in out


def test_gate_api_is_importable_from_the_package(tmp_path: Path) -> None:
    import anchorlint

    write_tree(tmp_path, {"store/runbooks/db.md": "step one\nstep two\n"})
    anchorlint.gate("Cutover steps are in [[runbooks/db]].", store=str(tmp_path / "store"))
    try:
        anchorlint.gate("Cutover steps are in [[runbooks/dbx]].", store=str(tmp_path / "store"))
    except anchorlint.RecallGuaranteeViolation as exc:
        assert [f.code for f in exc.findings] == ["ANC201"]
    else:
        raise AssertionError("gate accepted an unresolvable anchor")
    codes = [f.code for f in anchorlint.check_summary("As noted earlier, it slipped.")]
    assert codes == ["ANC101", "ANC104"]
