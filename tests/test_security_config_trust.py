"""A repository's config must not make anchorlint run code.

Config is found from the working directory (CLI, pre-commit) or from the opened file (the
language server): it belongs to whoever wrote the repository. A store plugin named there is
refused with one line that says how the user can allow it; the same plugin named by the user
(a flag, the environment, the user's own config outside the repository) loads.
"""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsp_client import LspClient, LspTimeout
from security_helpers import isolated_home, run, write_tree

SUMMARY = "The cutover moved, see [[ops/calendar]].\n"

#: a planted module that writes a file when imported and when its factory is called
PLANTED = """\
import os, pathlib
pathlib.Path(os.environ["PWNED_AT"]).write_text("imported")

def factory(path):
    pathlib.Path(os.environ["PWNED_AT"]).write_text("called")
    return Store()

class Store:
    def lookup(self, key):
        return ()
    def read(self, entry):
        return b""
    def describe(self):
        return "planted"
"""

#: a harmless resolver plugin the user installs and trusts: everything resolves
TRUSTED = """\
from anchorlint.stores import StoreEntry

def factory(path):
    return Store()

class Store:
    def lookup(self, key):
        return (StoreEntry(key, key),)
    def read(self, entry):
        return b"line\\n"
    def describe(self):
        return "trusted test store"
"""


def os_system_config(marker: Path) -> str:
    """A config whose plugin is a stdlib callable: ``factory(path)`` runs a shell command."""
    return f'[store]\nkind = "plugin"\nplugin = "os:system"\npath = "echo ran > {marker}"\n'


def planted_repo(root: Path, config_name: str = "anchorlint.toml") -> None:
    section = "[tool.anchorlint.store]" if config_name == "pyproject.toml" else "[store]"
    write_tree(
        root,
        {
            "evilpkg/__init__.py": PLANTED,
            config_name: f'{section}\nkind = "plugin"\nplugin = "evilpkg:factory"\n',
            "summary.md": SUMMARY,
        },
    )


def assert_refusal(proc: subprocess.CompletedProcess[bytes]) -> None:
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err)
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "--allow-plugin" in lines[0] and "ANCHORLINT_ALLOW_PLUGINS" in lines[0], lines[0]
    assert "Traceback" not in err


def test_repository_config_cannot_run_a_stdlib_callable(tmp_path: Path) -> None:
    repo, marker = tmp_path / "repo", tmp_path / "pwned"
    write_tree(repo, {"anchorlint.toml": os_system_config(marker), "summary.md": SUMMARY})
    proc = run(["check", "summary.md"], cwd=repo, env=isolated_home(tmp_path))
    assert not marker.exists(), "the repository's config ran a shell command"
    assert_refusal(proc)


@pytest.mark.parametrize("config_name", ["anchorlint.toml", "pyproject.toml"])
def test_planted_plugin_module_is_never_imported(tmp_path: Path, config_name: str) -> None:
    repo, marker = tmp_path / "repo", tmp_path / "pwned"
    planted_repo(repo, config_name)
    # ``python -m`` puts the working directory on sys.path: the planted module is importable
    proc = run(
        ["check", "summary.md"], cwd=repo, env={**isolated_home(tmp_path), "PWNED_AT": str(marker)}
    )
    assert not marker.exists(), f"planted plugin ran: {marker.read_text()}"
    assert_refusal(proc)


def test_precommit_style_run_refuses_the_repository_plugin(tmp_path: Path) -> None:
    """What a pre-commit hook does: the console script, in the repository root, on its files."""
    repo, marker = tmp_path / "repo", tmp_path / "pwned"
    write_tree(repo, {"anchorlint.toml": os_system_config(marker), "docs/summary.md": SUMMARY})
    subprocess.run(["git", "init", "-q", str(repo)], check=True, timeout=60)
    proc = run(
        ["check", "docs/summary.md", "anchorlint.toml"],
        cwd=repo,
        env=isolated_home(tmp_path),
        module=False,
    )
    assert not marker.exists()
    assert_refusal(proc)


def test_language_server_refuses_the_repository_plugin(tmp_path: Path) -> None:
    repo, marker = tmp_path / "repo", tmp_path / "pwned"
    planted_repo(repo)
    (repo / "docs").mkdir()
    (repo / "docs" / "anchorlint.toml").write_text(os_system_config(marker))
    env = {**isolated_home(tmp_path), "PWNED_AT": str(marker)}
    client = LspClient(
        [sys.executable, "-c", _lsp_with_env(env)], cwd=repo
    )  # cwd: the planted package is importable
    try:
        client.initialize(repo)
        for name in ("summary.md", "docs/summary.md"):
            path = repo / name
            path.write_text(SUMMARY)
            client.notify(
                "textDocument/didOpen",
                {
                    "textDocument": {
                        "uri": path.as_uri(),
                        "languageId": "markdown",
                        "version": 1,
                        "text": SUMMARY,
                    }
                },
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not marker.exists():
            with contextlib.suppress(LspTimeout):
                client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", 2)
        assert not marker.exists(), "opening a file in the editor ran the repository's plugin"
    finally:
        client.close()


def _lsp_with_env(env: dict[str, str]) -> str:
    """A server process whose environment is ``env`` on top of ours, working dir on sys.path."""
    return (
        f"import os, sys; os.environ.update({env!r}); sys.path.insert(0, os.getcwd()); "
        "sys.argv = ['anchorlint', 'lsp']; "
        "import runpy; runpy.run_module('anchorlint', run_name='__main__')"
    )


def trusted_plugin(tmp_path: Path) -> dict[str, str]:
    plugins = tmp_path / "plugins"
    write_tree(plugins, {"trusted_store.py": TRUSTED})
    return {**isolated_home(tmp_path), "PYTHONPATH": str(plugins)}


def repo_naming_trusted_plugin(root: Path) -> None:
    write_tree(
        root,
        {
            "anchorlint.toml": '[store]\nkind = "plugin"\nplugin = "trusted_store:factory"\n',
            "summary.md": SUMMARY,
        },
    )


def test_the_user_allows_a_repository_plugin_by_flag(tmp_path: Path) -> None:
    env = trusted_plugin(tmp_path)
    repo = tmp_path / "repo"
    repo_naming_trusted_plugin(repo)
    assert run(["check", "summary.md"], cwd=repo, env=env).returncode == 2
    allowed = run(
        ["check", "--allow-plugin", "trusted_store:factory", "summary.md"], cwd=repo, env=env
    )
    assert allowed.returncode == 0, allowed.stderr.decode()
    other = run(["check", "--allow-plugin", "other:factory", "summary.md"], cwd=repo, env=env)
    assert other.returncode == 2  # allowing one plugin does not allow another


def test_the_user_allows_a_repository_plugin_by_environment(tmp_path: Path) -> None:
    env = trusted_plugin(tmp_path)
    repo = tmp_path / "repo"
    repo_naming_trusted_plugin(repo)
    assert run(["check", "summary.md"], cwd=repo, env=env).returncode == 2
    env["ANCHORLINT_ALLOW_PLUGINS"] = "trusted_store:factory"
    allowed = run(["check", "summary.md"], cwd=repo, env=env)
    assert allowed.returncode == 0, allowed.stderr.decode()


def test_the_users_own_config_outside_the_repository_is_trusted(tmp_path: Path) -> None:
    env = trusted_plugin(tmp_path)
    user_config = Path(env["XDG_CONFIG_HOME"]) / "anchorlint" / "config.toml"
    write_tree(user_config.parent, {"config.toml": 'allow-plugins = ["trusted_store:factory"]\n'})
    repo = tmp_path / "repo"
    repo_naming_trusted_plugin(repo)
    allowed = run(["check", "summary.md"], cwd=repo, env=env)
    assert allowed.returncode == 0, allowed.stderr.decode()


def test_a_config_without_plugins_is_untouched(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_tree(repo, {"anchorlint.toml": 'select = ["ANC1"]\n', "summary.md": SUMMARY})
    proc = run(["check", "summary.md"], cwd=repo, env=isolated_home(tmp_path))
    assert proc.returncode == 0, proc.stderr.decode()
