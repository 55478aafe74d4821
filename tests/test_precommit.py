"""The pre-commit hooks, for real: pre-commit builds its own environment and installs
anchorlint from this checkout's HEAD (committed code), then lints a throwaway git repo.

``pre-commit try-repo`` always installs into a fresh temporary store, so it is used once; the
other cases use a ``repo:``/``rev:`` config (what users write) with one ``PRE_COMMIT_HOME``
for the module, so the environment is built once and reused.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
#: building the environment downloads and installs spaCy and LibCST
INSTALL_TIMEOUT = 600
BAD_SUMMARY = "# Hand-off\n\nAs noted earlier, the cutover was postponed.\n"
CLEAN_SUMMARY = "The cutover moved to Friday, see [[ops/calendar#L4@sha256:9f2c4e1ab07d]].\n"
BAD_CODE = (
    "def show(ptr, raw):\n"
    "    summary = condense(raw)\n"
    "    return resolve_span(ptr, source=summary)\n"
)
CLEAN_CODE = "def add(a: int, b: int) -> int:\n    return a + b\n"

#: a real ``pre-commit`` install of the hooks: slow, run by the full suite (CI)
pytestmark = [pytest.mark.timeout(INSTALL_TIMEOUT * 2), pytest.mark.slow]


def git(cwd: Path, *args: str, env: Mapping[str, str] | None = None) -> str:
    proc = subprocess.run(
        ["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, f"git {' '.join(args)}: {proc.stderr}"
    return proc.stdout.strip()


def clean_env(home: Path) -> dict[str, str]:
    """No inherited GIT_* (tests may run inside a git hook), a fixed identity, our store."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(
        PRE_COMMIT_HOME=str(home),
        GIT_AUTHOR_NAME="anchorlint tests",
        GIT_AUTHOR_EMAIL="tests@example.invalid",
        GIT_COMMITTER_NAME="anchorlint tests",
        GIT_COMMITTER_EMAIL="tests@example.invalid",
    )
    return env


@dataclass(frozen=True)
class Project:
    """A throwaway git repository that uses this checkout's hooks."""

    root: Path
    env: Mapping[str, str]
    rev: str

    def commit(self, files: Mapping[str, str]) -> None:
        for name, content in files.items():
            (self.root / name).write_text(content, encoding="utf-8")
        git(self.root, "add", *files, env=self.env)
        git(self.root, "commit", "-q", "--no-verify", "-m", "update", env=self.env)

    def pre_commit(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", *args],
            cwd=self.root,
            env=dict(self.env),
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT,
        )


def new_project(root: Path, home: Path) -> Project:
    assert (REPO / ".git").exists(), f"{REPO} must be a git checkout for the hook tests"
    root.mkdir(parents=True, exist_ok=True)
    home.mkdir(parents=True, exist_ok=True)
    env = clean_env(home)
    rev = git(REPO, "rev-parse", "HEAD", env=env)
    git(root, "init", "-q", env=env)
    return Project(root, env, rev)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    """A project whose .pre-commit-config.yaml pins this checkout; hooks installed once."""
    made = new_project(tmp_path_factory.mktemp("project"), tmp_path_factory.mktemp("home"))
    config = (
        "repos:\n"
        f"  - repo: {REPO.as_posix()}\n"
        f"    rev: {made.rev}\n"
        "    hooks:\n"
        "      - id: anchorlint-summaries\n"
        "      - id: anchorlint-code\n"
    )
    made.commit({".pre-commit-config.yaml": config})
    installed = made.pre_commit("install-hooks")
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return made


def test_try_repo_flags_a_bad_summary(tmp_path: Path) -> None:
    made = new_project(tmp_path / "project", tmp_path / "home")
    made.commit({"handoff.md": BAD_SUMMARY})
    proc = made.pre_commit(
        "try-repo", str(REPO), "anchorlint-summaries", "--ref", made.rev, "--all-files"
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "handoff.md:3:1: ANC101" in proc.stdout


def test_summary_hook_fails_then_passes(project: Project) -> None:
    project.commit({"handoff.md": BAD_SUMMARY})
    failed = project.pre_commit("run", "anchorlint-summaries", "--all-files")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "handoff.md:3:1: ANC101" in failed.stdout
    project.commit({"handoff.md": CLEAN_SUMMARY})
    passed = project.pre_commit("run", "anchorlint-summaries", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "anchorlint (summaries)" in passed.stdout and "Passed" in passed.stdout


def test_code_hook_fails_then_passes(project: Project) -> None:
    project.commit({"compactor.py": BAD_CODE})
    failed = project.pre_commit("run", "anchorlint-code", "--all-files")
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "compactor.py:3:" in failed.stdout and "ANC302" in failed.stdout
    project.commit({"compactor.py": CLEAN_CODE})
    passed = project.pre_commit("run", "anchorlint-code", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_hooks_select_their_files(project: Project) -> None:
    """The summary hook never sees Python and the code hook never sees summaries."""
    project.commit({"handoff.md": CLEAN_SUMMARY, "compactor.py": BAD_CODE})
    summaries = project.pre_commit("run", "anchorlint-summaries", "--all-files")
    assert summaries.returncode == 0, summaries.stdout + summaries.stderr
    project.commit({"handoff.md": BAD_SUMMARY, "compactor.py": CLEAN_CODE})
    code = project.pre_commit("run", "anchorlint-code", "--all-files")
    assert code.returncode == 0, code.stdout + code.stderr


def test_config_exclude_keeps_a_committed_fixture_out_of_the_hook(project: Project) -> None:
    """pre-commit names every file; ``--force-exclude`` in the hooks applies ``exclude``."""
    (project.root / "summaries" / "fixtures").mkdir(parents=True, exist_ok=True)
    project.commit(
        {
            "anchorlint.toml": 'exclude = ["summaries/fixtures/*"]\n',
            "summaries/fixtures/bad.md": BAD_SUMMARY,
            "handoff.md": CLEAN_SUMMARY,
        }
    )
    passed = project.pre_commit("run", "anchorlint-summaries", "--all-files")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    project.commit({"handoff.md": BAD_SUMMARY})
    failed = project.pre_commit("run", "anchorlint-summaries", "--all-files")
    assert failed.returncode == 1 and "handoff.md:3:1: ANC101" in failed.stdout
    assert "summaries/fixtures/bad.md" not in failed.stdout
    project.commit({"anchorlint.toml": "", "handoff.md": CLEAN_SUMMARY})


def released_clone(root: Path, snippet: str, env: Mapping[str, str]) -> Path:
    """A clone of this repository as users reach it: with the snippet's release tag. A clone of
    one branch (as CI makes) carries no tags; there the tag is made on the checked-out commit,
    as the release step would."""
    (rev,) = [line.split(":", 1)[1].strip() for line in snippet.splitlines() if "rev:" in line]
    git(root.parent, "clone", "--quiet", REPO.as_posix(), root.name, env=env)
    if not git(root, "tag", "--list", rev, env=env).strip():
        git(root, "tag", rev, env=env)
    return root


def test_readme_snippet_installs_and_runs(tmp_path: Path) -> None:
    """The README's pre-commit snippet, copied as written with only the repository's URL
    filled in (here its path: ``rev`` is a tag that exists), installs the hooks and flags a
    bad summary."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    snippet = readme.split("```yaml\n", 1)[1].split("```", 1)[0]
    made = new_project(tmp_path / "project", tmp_path / "home")
    release = released_clone(tmp_path / "release", snippet, made.env)
    config = snippet.replace("ANCHORLINT_REPOSITORY", release.as_posix())
    made.commit({".pre-commit-config.yaml": config, "handoff.md": BAD_SUMMARY})
    proc = made.pre_commit("run", "--all-files")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "handoff.md:3:1: ANC101" in proc.stdout
