"""Every invalid configuration stops the run before any file is linted: exit 2 and one line
naming the file, the key and the reason, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from anchorlint.config import ConfigError, load_file

CASES = [
    # (anchorlint.toml content, key in the message, reason in the message)
    ("select = [", "<toml>", "invalid TOML"),
    ('select = "ANC101"\nselect = "ANC102"\n', "<toml>", "invalid TOML"),
    ("select = 3", "select", "expected a list of strings"),
    ("select = [1, 2]", "select", "expected a list of strings"),
    ("respect-gitignore = 'yes'", "respect-gitignore", "expected true or false"),
    ("per-file-ignores = ['x']", "per-file-ignores", "expected a table"),
    ("per-file-ignores = { 'a/*.md' = 3 }", "per-file-ignores.a/*.md", "expected a list"),
    ("nonsense = 1", "nonsense", "unknown setting"),
    ("[text]\ndensity-floor = 'high'", "text.density-floor", "expected a number"),
    ("[text]\nbogus = 1", "text.bogus", "unknown setting"),
    ("[code]\nbogus = []", "code.bogus", "unknown setting"),
    ("[store]\nbogus = ''", "store.bogus", "unknown setting"),
    ("[store]\nplugin-timeout = 'soon'", "store.plugin-timeout", "expected a number"),
    ("[history]\nbogus = 1", "history.bogus", "unknown setting"),
    ("[history]\nmax-density-drop = true", "history.max-density-drop", "expected a number"),
    ("text = 3", "text", "expected a table"),
    ("select = ['ANC999']", "select", "unknown rule code or prefix 'ANC999'"),
    ("ignore = ['XYZ']", "ignore", "unknown rule code or prefix 'XYZ'"),
    ("extend-select = ['ANC9']", "extend-select", "unknown rule code or prefix"),
    ("[per-file-ignores]\n'*.md' = ['NOPE1']", "per-file-ignores.*.md", "unknown rule code"),
    (
        "[text]\nanchor-patterns = ['(unclosed']",
        "text.anchor-patterns[0]",
        "invalid regular expression",
    ),
    ("[text]\nanchor-patterns = ['ok', '[z-a]']", "text.anchor-patterns[1]", "bad character range"),
    ("[text]\nallow = ['*starts badly']", "text.allow[0]", "invalid regular expression"),
    ("[text]\nkey-pattern = 'a{2,1}'", "text.key-pattern", "invalid regular expression"),
    ("[text]\nspacy-model = 'en_core_web_nope'", "text.spacy-model", "is not installed"),
    ("[text]\nspacy-model = 'no/such/folder'", "text.spacy-model", "is not installed"),
]


@pytest.mark.parametrize(
    ("content", "key", "reason"), CASES, ids=[c[1] + ":" + c[2] for c in CASES]
)
def test_invalid_config_is_a_clear_error(
    tmp_path: Path, content: str, key: str, reason: str
) -> None:
    config = tmp_path / "anchorlint.toml"
    config.write_text(content + "\n")
    with pytest.raises(ConfigError) as caught:
        # what the CLI does before linting: load, then validate the code selection
        from anchorlint.run.selection import Selection

        Selection.from_settings(load_file(config))
    assert caught.value.key == key
    assert reason in caught.value.reason
    assert caught.value.source == str(config)


@pytest.mark.parametrize("index", [0, 3, 16, 20, 22])
def test_invalid_config_through_the_cli_exits_2(tmp_path: Path, index: int) -> None:
    content, key, reason = CASES[index]
    (tmp_path / "anchorlint.toml").write_text(content + "\n")
    (tmp_path / "s.md").write_text("As noted above, it works.\n")
    result = run_cli("check", "--no-cache", "s.md", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(
        f"anchorlint: configuration error: {tmp_path / 'anchorlint.toml'}: {key}: "
    )
    assert reason in line


def test_pyproject_keys_are_named_with_their_table(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.anchorlint.text]\nanchor-patterns = ['(']\n")
    (tmp_path / "s.md").write_text("Fine.\n")
    result = run_cli("check", "s.md", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        "pyproject.toml: tool.anchorlint.text.anchor-patterns[0]: invalid regular expression"
        in (result.stderr)
    )


def test_unreadable_and_non_utf8_config(tmp_path: Path) -> None:
    config = tmp_path / "anchorlint.toml"
    config.write_bytes(b"select = ['ANC1\xff']\n")
    result = run_cli("check", "--config", str(config), str(tmp_path))
    assert result.returncode == 2 and "<toml>: invalid TOML" in result.stderr
    result = run_cli("check", "--config", str(tmp_path / "missing.toml"), str(tmp_path))
    assert result.returncode == 2
    assert "missing.toml: <file>: cannot read" in result.stderr
    assert "Traceback" not in result.stderr


def test_command_line_codes_are_validated(tmp_path: Path) -> None:
    (tmp_path / "s.md").write_text("Fine.\n")
    result = run_cli("check", "--select", "ANC1,BOGUS", str(tmp_path / "s.md"))
    assert result.returncode == 2
    assert "unknown rule code or prefix 'BOGUS'" in result.stderr


def test_valid_user_patterns_still_work(tmp_path: Path) -> None:
    (tmp_path / "anchorlint.toml").write_text(
        "[text]\nanchor-patterns = ['TICKET-\\d{1,6}']\nallow = ['^Boilerplate']\n"
    )
    (tmp_path / "s.md").write_text(
        "As noted above, see TICKET-42.\n\nBoilerplate as noted above.\n"
    )
    result = run_cli("check", "--no-cache", "s.md", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_missing_spacy_model_is_one_error_not_one_per_file(tmp_path: Path) -> None:
    (tmp_path / "anchorlint.toml").write_text("[text]\nspacy-model = 'en_core_web_nope'\n")
    for name in ("a.md", "b.md", "c.md"):
        (tmp_path / name).write_text("As noted above, it works.\n")
    result = run_cli("check", "--no-cache", ".", cwd=tmp_path)
    assert result.returncode == 2
    (line,) = result.stderr.splitlines()
    assert "anchorlint.toml: text.spacy-model: spaCy model 'en_core_web_nope' is not" in line
    assert "internal error" not in result.stderr


def test_a_config_file_with_a_tool_table_given_by_name(tmp_path: Path) -> None:
    (tmp_path / "other.toml").write_text("[tool.anchorlint]\nselect = ['ANC101']\n")
    (tmp_path / "s.md").write_text("As noted earlier, the cutover was postponed.\n")
    result = run_cli("check", "--no-cache", "--config", "other.toml", "s.md", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert [line.split()[1] for line in result.stdout.splitlines()] == ["ANC101"]
