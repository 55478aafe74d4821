"""``anchorlint lsp`` end to end: a real server process spoken to in LSP JSON-RPC over stdio.

Every wait is bounded (see ``LspClient.wait_for``), so a hung server fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import write_tree
from lsp_client import LspClient, LspTimeout

from anchorlint.editor.convert import utf16_column

BAD = "# Hand-off\n\nAs noted earlier, the cutover was postponed.\n"
CLEAN = "The cutover moved to Friday, see [[ops/calendar#L4@sha256:9f2c4e1ab07d]].\n"
BAD_CODE = (
    "def show(ptr, raw):\n"
    "    summary = condense(raw)\n"
    "    return resolve_span(ptr, source=summary)\n"
)


def open_doc(client: LspClient, path: Path, text: str, version: int = 1) -> str:
    uri = path.as_uri()
    language = "python" if path.suffix == ".py" else "markdown"
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}},
    )
    return uri


def change_doc(client: LspClient, uri: str, text: str, version: int) -> None:
    client.notify(
        "textDocument/didChange",
        {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
    )


def by_code(diagnostics: list[dict]) -> dict[str, dict]:
    return {d["code"]: d for d in diagnostics}


def test_open_change_shutdown_exit(tmp_path: Path) -> None:
    client = LspClient(cwd=tmp_path)
    try:
        capabilities = client.initialize(tmp_path)["capabilities"]
        assert capabilities["textDocumentSync"]["change"] == 1  # full sync
        uri = open_doc(client, tmp_path / "summary.md", BAD)
        published = client.diagnostics(uri, version=1)
        anc101 = by_code(published["diagnostics"])["ANC101"]
        assert anc101["range"] == {
            "start": {"line": 2, "character": 0},
            "end": {"line": 2, "character": len("As noted earlier")},
        }
        assert anc101["source"] == "anchorlint"
        assert anc101["severity"] == 2
        assert "codeDescription" not in anc101  # no docs address known: no relative link
        change_doc(client, uri, CLEAN, 2)
        assert client.diagnostics(uri, version=2)["diagnostics"] == []
        assert client.shutdown() == 0
    finally:
        client.close()


def test_a_burst_of_changes_is_linted_once_at_its_last_version(tmp_path: Path) -> None:
    client = LspClient(cwd=tmp_path)
    try:
        client.initialize(tmp_path)
        uri = open_doc(client, tmp_path / "summary.md", CLEAN)
        assert client.diagnostics(uri, version=1)["diagnostics"] == []
        for version in range(2, 7):  # keystrokes: faster than the debounce delay
            change_doc(client, uri, CLEAN + BAD * (version - 1), version)
        last = client.diagnostics(uri, version=6)["diagnostics"]
        assert [d["code"] for d in last].count("ANC101") == 5  # the text of version 6

        def stale(message: dict) -> bool:
            params = message.get("params") or {}
            return message.get("method") == "textDocument/publishDiagnostics" and params.get(
                "version"
            ) in range(2, 6)

        with pytest.raises(LspTimeout):
            client.wait_for(stale, timeout=1.0)
    finally:
        client.close()


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[LspClient, Path]]:
    root = tmp_path_factory.mktemp("lsp")
    write_tree(
        root,
        {
            "stored/pyproject.toml": '[tool.anchorlint.store]\npath = "store"\n',
            "stored/store/ops/runbook.md": "line one\nline two\nline three\n",
            "broken/anchorlint.toml": 'select = "not a list of codes"\nno-such-key = 1\n',
        },
    )
    client = LspClient(cwd=root)
    client.initialize(root)
    yield client, root
    client.close()


def test_python_file_and_close(workspace: tuple[LspClient, Path]) -> None:
    client, root = workspace
    uri = open_doc(client, root / "compactor.py", BAD_CODE)
    diagnostics = client.diagnostics(uri, version=1)["diagnostics"]
    assert "ANC302" in by_code(diagnostics)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri)["diagnostics"] == []


def test_save_relints(workspace: tuple[LspClient, Path]) -> None:
    client, root = workspace
    path = root / "saved.txt"
    path.write_text(BAD, encoding="utf-8")
    uri = open_doc(client, path, BAD)
    client.diagnostics(uri, version=1)
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    assert "ANC101" in by_code(client.diagnostics(uri)["diagnostics"])


def test_other_files_are_ignored(workspace: tuple[LspClient, Path]) -> None:
    client, root = workspace
    other = open_doc(client, root / "notes.rst", BAD)
    uri = open_doc(client, root / "after.md", BAD)
    assert client.diagnostics(uri, version=1)["uri"] == uri
    with pytest.raises(LspTimeout):
        client.diagnostics(other, timeout=0.5)


def test_quick_fix_pins_pointer(workspace: tuple[LspClient, Path]) -> None:
    client, root = workspace
    text = "Steps are in [[ops/runbook#L1-2]].\n"
    uri = open_doc(client, root / "stored" / "summary.md", text)
    anc106 = by_code(client.diagnostics(uri, version=1)["diagnostics"])["ANC106"]
    actions = client.request(
        "textDocument/codeAction",
        {
            "textDocument": {"uri": uri},
            "range": anc106["range"],
            "context": {"diagnostics": [anc106]},
        },
    )
    assert len(actions) == 1
    action = actions[0]
    assert action["kind"] == "quickfix"
    (edit,) = action["edit"]["changes"][uri]
    assert edit["range"] == anc106["range"]
    assert edit["newText"].startswith("[[ops/runbook#L1-2@sha256:")
    elsewhere = {"start": {"line": 5, "character": 0}, "end": {"line": 5, "character": 1}}
    assert client.request(
        "textDocument/codeAction",
        {"textDocument": {"uri": uri}, "range": elsewhere, "context": {"diagnostics": []}},
    ) in (None, [])


def test_broken_config_logs_once_and_keeps_serving(workspace: tuple[LspClient, Path]) -> None:
    client, root = workspace
    uri = open_doc(client, root / "broken" / "summary.md", BAD)
    log = client.wait_for(lambda m: m.get("method") == "window/logMessage")
    assert "configuration error" in log["params"]["message"]
    assert "anchorlint.toml" in log["params"]["message"]
    assert client.diagnostics(uri, version=1)["diagnostics"] == []
    change_doc(client, uri, BAD + "\n", 2)
    assert client.diagnostics(uri, version=2)["diagnostics"] == []
    with pytest.raises(LspTimeout):  # logged once, not on every keystroke
        client.wait_for(lambda m: m.get("method") == "window/logMessage", timeout=0.5)
    good = open_doc(client, root / "fine.md", BAD)
    assert "ANC101" in by_code(client.diagnostics(good, version=1)["diagnostics"])


def test_columns_are_utf16_code_units() -> None:
    assert utf16_column("a😀b", 1) == 0
    assert utf16_column("a😀b", 3) == 3  # the emoji is two UTF-16 units
    assert utf16_column("ab", 5) == 4  # past the end: keep counting


def test_links_are_absolute_and_severities_match_sarif(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANCHORLINT_DOCS_URL", "https://docs.example.org/anchorlint/rules")
    client = LspClient(cwd=tmp_path)
    try:
        client.initialize(tmp_path)
        uri = open_doc(client, tmp_path / "summary.md", BAD)
        anc101 = by_code(client.diagnostics(uri, version=1)["diagnostics"])["ANC101"]
        href = anc101["codeDescription"]["href"]
        assert href == "https://docs.example.org/anchorlint/rules/ANC101.md"
        broken = open_doc(client, tmp_path / "broken.py", "def f(:\n")
        anc002 = by_code(client.diagnostics(broken, version=1)["diagnostics"])["ANC002"]
        assert anc002["severity"] == 1  # an error, as SARIF's level says
    finally:
        client.close()
