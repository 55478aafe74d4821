"""A store is not a byte oracle for files the summary has no business reading.

A summary is written by whoever wrote the repository, and its findings are printed where that
person can read them (a pull request's CI log). One-byte ``#char=`` pins and a message that
prints the digest of the real bytes would recover any file of the store byte by byte: so a
directory store never serves VCS folders or dotfiles by default, a mismatch message keeps the
actual digest to users who ask (``--show-digests``), and a store path outside the project named
by the project's own config is refused.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from security_helpers import isolated_home, json_findings, no_traceback, run, write_tree

SECRETS = {
    ".git/config": "[credential]\n\thelper = store\n",
    ".hg/hgrc": "[auth]\nx.password = hunter2\n",
    ".svn/entries": "12\n",
    ".env": "TOKEN=abc\n",
    "sub/.netrc": "machine m login l password p\n",
}
PUBLIC = {"doc.md": "hello\nworld\n", "sub/page.md": "page\n"}


def digest_prefix(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


@pytest.fixture()
def store(tmp_path: Path) -> Path:
    root = tmp_path / "store"
    write_tree(root, {**SECRETS, **PUBLIC})
    (root / "public.md").symlink_to(".env")  # a link inside the root to a dotfile
    (root / "gitlink").symlink_to(".git")
    return root


def check(tmp_path: Path, text: str, *extra: str) -> list[dict]:
    (tmp_path / "s.md").write_text(text)
    proc = run(
        ["check", "--no-cache", "--format", "json", "--store", "store", *extra, "s.md"],
        cwd=tmp_path,
        env=isolated_home(tmp_path),
    )
    no_traceback(proc)
    assert proc.returncode in (0, 1), proc.stderr.decode()
    return json_findings(proc.stdout)


VCS_KEYS = [
    "[[.git/config]]",
    "[[.hg/hgrc]]",
    "[[.svn/entries]]",
    "[[%2Egit/config]]",
    "[[%2egit/config]]",
    "[[./.git/config]]",
    "[[gitlink/config]]",
    "[the helper](.git/config)",
    "[the helper](./%2Egit/config)",
]


@pytest.mark.parametrize("key", VCS_KEYS)
def test_vcs_folders_do_not_resolve(store: Path, tmp_path: Path, key: str) -> None:
    findings = check(tmp_path, f"The helper is set in {key} now.\n")
    assert [f["code"] for f in findings if f["code"].startswith("ANC2")] == ["ANC201"], findings


DOTFILE_KEYS = ["[[.env", "[[sub/.netrc", "[[public.md", "[[%2Eenv", "[[gitlink/config"]


@pytest.mark.parametrize("key", DOTFILE_KEYS)
def test_dotfiles_give_no_bytes(store: Path, tmp_path: Path, key: str) -> None:
    """Pins, quotes and ranges need bytes: on a dotfile every one of them stays silent."""
    text = (
        f"The token is {key}#char=0,1@sha256:000000000000]].\n\n"
        f'The token is "TOKEN=abd" {key}#L1]].\n\n'
        f"The token is {key}#L90]].\n"
    )
    findings = check(tmp_path, text)
    assert not any(f["code"] in ("ANC202", "ANC203", "ANC204") for f in findings), findings


def test_public_documents_still_resolve(store: Path, tmp_path: Path) -> None:
    findings = check(tmp_path, "See [[doc]], [[sub/page.md]] and [page](sub/page.md) now.\n")
    assert [f["code"] for f in findings if f["code"].startswith("ANC2")] == []


@pytest.mark.parametrize("name", sorted(SECRETS))
def test_one_byte_pins_recover_nothing(store: Path, tmp_path: Path, name: str) -> None:
    text = "".join(
        f"Byte {i} is [[{name}#char={i},{i + 1}@sha256:000000000000]].\n" for i in range(4)
    )
    findings = check(tmp_path, text)
    data = SECRETS[name].encode()
    out = repr(findings)
    for i in range(4):
        assert digest_prefix(data[i : i + 1]) not in out, findings
    assert not any(f["code"] == "ANC202" for f in findings)


def test_mismatch_keeps_the_actual_digest_unless_asked(store: Path, tmp_path: Path) -> None:
    text = "Greeting [[doc#char=0,1@sha256:000000000000]].\n"
    actual = digest_prefix(b"h")
    quiet = check(tmp_path, text)
    assert [f["code"] for f in quiet] == ["ANC202"]
    assert actual not in quiet[0]["message"]
    shown = check(tmp_path, text, "--show-digests")
    assert [f["code"] for f in shown] == ["ANC202"]
    assert f"sha256:{actual}" in shown[0]["message"]


@pytest.mark.parametrize(
    "setting",
    [
        'store = "../outside"',
        'store = "{outside}"',
        '[store]\npath = "../outside"',
        'store = "linked"',
    ],
)
def test_project_config_store_outside_the_project_is_refused(tmp_path: Path, setting: str) -> None:
    outside = tmp_path / "outside"
    write_tree(outside, {"secret.md": "s3cret\n"})
    repo = tmp_path / "repo"
    write_tree(repo, {"anchorlint.toml": setting.format(outside=outside) + "\n"})
    (repo / "linked").symlink_to(outside)
    (repo / "s.md").write_text("Secret [[secret#char=0,1@sha256:000000000000]].\n")
    proc = run(["check", "--no-cache", "s.md"], cwd=repo, env=isolated_home(tmp_path))
    no_traceback(proc)
    err = proc.stderr.decode()
    assert proc.returncode == 2, (proc.returncode, err, proc.stdout.decode())
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "--store" in lines[0], err
    assert digest_prefix(b"s") not in proc.stdout.decode() + err


def test_the_user_may_name_an_outside_store_on_the_command_line(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write_tree(outside, {"secret.md": "s3cret\n"})
    repo = tmp_path / "repo"
    write_tree(repo, {"s.md": "Secret [[secret]].\n"})
    proc = run(
        ["check", "--no-cache", "--store", "../outside", "s.md"],
        cwd=repo,
        env=isolated_home(tmp_path),
    )
    assert proc.returncode == 0, proc.stderr.decode() + proc.stdout.decode()


def test_project_store_inside_the_project_still_works(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_tree(
        repo,
        {"anchorlint.toml": 'store = "docs"\n', "docs/a.md": "a\n", "s.md": "See [[a]].\n"},
    )
    proc = run(["check", "--no-cache", "s.md"], cwd=repo, env=isolated_home(tmp_path))
    assert proc.returncode == 0, proc.stderr.decode() + proc.stdout.decode()
    (repo / "s.md").write_text("See [[b]].\n")
    proc = run(["check", "--no-cache", "s.md"], cwd=repo, env=isolated_home(tmp_path))
    assert proc.returncode == 1 and b"ANC201" in proc.stdout
