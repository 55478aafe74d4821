"""One rule for finding the configuration, in the CLI, the language server and the flake8
plugin: the configuration nearest to the file (as ruff does), ``--config`` overriding.

Before, the CLI walked up from the working directory, so the same file gave different findings
depending on where the command ran, and differed from the editor's.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, write_tree
from lsp_client import LspClient

#: a compactor whose summarizer is named only in the inner project's configuration
CODE = (
    "def show(ptr, raw):\n"
    "    summary = digest_turns(raw)\n"
    "    return resolve_span(ptr, source=summary)\n"
)
_LINE = re.compile(r":(\d+):\d+: (ANC\d{3}) ")


@pytest.fixture
def nested(tmp_path: Path) -> Path:
    """An outer project whose config does not know ``digest_turns``, an inner one that does."""
    write_tree(
        tmp_path,
        {
            "anchorlint.toml": '[code]\nextra-resolver-names = ["lookup_span"]\n',
            "proj/anchorlint.toml": '[code]\nextra-summarizer-names = ["digest_turns"]\n',
            "proj/pkg/compactor.py": CODE,
        },
    )
    return tmp_path


def _found(stdout: str) -> set[tuple[int, str]]:
    return {(int(m[1]), m[2]) for m in _LINE.finditer(stdout)}


def test_cli_and_flake8_agree_from_three_working_directories(nested: Path) -> None:
    target = nested / "proj" / "pkg" / "compactor.py"
    seen = []
    for cwd in (nested, nested / "proj", nested / "proj" / "pkg"):
        relative = target.relative_to(cwd).as_posix()
        cli = run_cli("check", "--select", "ANC3", relative, cwd=cwd)
        flake8 = subprocess.run(
            [sys.executable, "-m", "flake8", "--select", "ANC", relative],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=300,
        )
        seen += [_found(cli.stdout), _found(flake8.stdout)]
    assert seen[0] == {(3, "ANC302")}, seen
    assert all(found == seen[0] for found in seen), seen


def test_language_server_reports_the_same(nested: Path) -> None:
    target = nested / "proj" / "pkg" / "compactor.py"
    client = LspClient(cwd=nested)
    try:
        client.initialize(nested)
        uri = target.as_uri()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "python", "version": 1, "text": CODE}},
        )
        diagnostics = client.diagnostics(uri, version=1)["diagnostics"]
        found = {(d["range"]["start"]["line"] + 1, d["code"]) for d in diagnostics}
        assert found == {(3, "ANC302")}
        client.shutdown()
    finally:
        client.close()


def test_config_option_overrides_the_nearest(nested: Path) -> None:
    result = run_cli("check", "--config", "anchorlint.toml", "proj/pkg/compactor.py", cwd=nested)
    assert (result.returncode, result.stdout) == (0, ""), result.stderr


def test_paths_of_two_projects_are_refused_not_mislinted(nested: Path) -> None:
    write_tree(nested, {"top.py": "x = 1\n"})
    result = run_cli("check", "top.py", "proj/pkg/compactor.py", cwd=nested)
    assert result.returncode == 2
    assert "different configurations" in result.stderr and "--config" in result.stderr
