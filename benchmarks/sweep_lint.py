"""Fetching and linting one package of the code-rule sweep (``sweep_code.py``).

A pinned distribution is downloaded once with pip (wheel or sdist, no dependencies, never
installed), unpacked under the cache folder, and every ``.py`` file of it linted by the CLI
given; a slow package is timed again in chunks and files. What a package's sweep found is a
``PackageResult``, which the report (``sweep_report.py``) reads and ``--merge`` reloads from
JSON. Apart from the command line and the report because this is the part that runs things.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import resource
import subprocess
import sys
import tarfile
import time
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

SELECT = "ANC3,ANC001,ANC002"
BATCH = 1500  # files per command line: keeps each under the argument-size limit


@dataclass
class PackageResult:
    """What one package's sweep found; ``findings`` keep paths relative to the unpacked tree."""

    name: str
    version: str
    dist: str = ""
    files: int = 0
    lines: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # user + system of the anchorlint processes: fair on a busy machine
    counts: dict[str, int] = field(default_factory=dict)
    findings: list[dict] = field(default_factory=list)
    bugs: list[str] = field(default_factory=list)  # tracebacks, ANC001/ANC002 on valid code
    file_seconds: dict[str, float] = field(default_factory=dict)  # CPU s, from the timing pass
    timed: bool = False  # the timing pass ran (chunks under --slow-chunk leave no file entry)
    error: str = ""


def normalise(name: str) -> str:
    """A distribution's name as wheel and sdist file names spell it."""
    return re.sub(r"[-_.]+", "_", name).lower()


def download(name: str, version: str, dists: Path) -> Path:
    """The cached wheel or sdist of ``name==version``, fetched once with pip (no install)."""
    dists.mkdir(parents=True, exist_ok=True)

    prefixes = (f"{normalise(name)}-{version}", f"{name.lower()}-{version}")

    def cached() -> list[Path]:
        return sorted(
            p
            for p in dists.iterdir()
            if any(
                p.name.lower().startswith(f + tail)
                for f in prefixes
                for tail in ("-", ".tar", ".zip")
            )
        )

    if not cached():
        command = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--no-binary",
            ":none:",
            "--disable-pip-version-check",
            "-q",
            "-d",
            str(dists),
            f"{name}=={version}",
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise RuntimeError(
                done.stderr.strip().splitlines()[-1] if done.stderr else "pip failed"
            )
    found = cached()
    if not found:
        raise RuntimeError(f"pip saved no file named {prefixes[0]}*")
    wheels = [p for p in found if p.suffix == ".whl"]
    return (wheels or found)[0]


def unpack(archive: Path, trees: Path) -> Path:
    """The archive unpacked once under ``trees``; members leaving the folder are refused."""
    target = trees / archive.name
    done = target / ".unpacked"
    if done.exists():
        return target
    target.mkdir(parents=True, exist_ok=True)
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as zipped:
            for member in zipped.namelist():
                if not (target / member).resolve().is_relative_to(target.resolve()):
                    raise RuntimeError(f"{archive.name}: member outside the tree: {member}")
            zipped.extractall(target)
    else:
        with tarfile.open(archive) as tarred:
            tarred.extractall(target, filter="data")
    done.write_text("")
    return target


def python_files(tree: Path) -> list[Path]:
    """Every ``.py`` file of the tree, sorted, relative to it."""
    return sorted(p.relative_to(tree) for p in tree.rglob("*.py") if p.is_file())


def run_anchorlint(
    cli: str, tree: Path, files: list[Path], jobs: int, config: Path, timeout: float = 3600
) -> tuple[list[dict], list[str], float, float]:
    """Findings, stderr problem lines, wall and CPU seconds of linting ``files`` (batched)."""
    findings: list[dict] = []
    problems: list[str] = []
    started = time.perf_counter()
    cpu_before = cpu_of_children()
    for at in range(0, len(files), BATCH):
        batch = [str(f) for f in files[at : at + BATCH]]
        command = [
            cli,
            "check",
            "--select",
            SELECT,
            "--no-cache",
            "--jobs",
            str(jobs),
            "--format",
            "json",
            "--exit-zero",
            "--config",
            str(config),
            *batch,
        ]
        done = subprocess.run(command, cwd=tree, capture_output=True, text=True, timeout=timeout)
        if done.returncode not in (0, 1):
            problems.append(f"exit status {done.returncode}: {done.stderr.strip()[-300:]}")
        errors = done.stderr.splitlines()
        problems += [line for line in errors if "internal error" in line]
        if any("Traceback" in line for line in errors):  # keep what was raised, not the header
            problems.append("Traceback: " + next(x for x in reversed(errors) if x.strip()))
        try:
            findings += json.loads(done.stdout or "[]")
        except json.JSONDecodeError:
            problems.append("output is not JSON: " + done.stdout[:200])
    return findings, problems, time.perf_counter() - started, cpu_of_children() - cpu_before


def cpu_of_children() -> float:
    """User + system seconds of every finished child process so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def engine_bugs(tree: Path, findings: list[dict]) -> list[str]:
    """ANC001/ANC002 findings on files the running interpreter reads and parses."""
    bugs = []
    for finding in findings:
        if finding["code"] not in ("ANC001", "ANC002"):
            continue
        path = tree / finding["path"]
        try:
            ast.parse(path.read_bytes(), filename=str(path))
        except (SyntaxError, ValueError):
            continue  # Python does not parse it either: the finding is right
        bugs.append(
            f"{finding['code']} on valid code: {finding['path']}:{finding['line']}: "
            f"{finding['message']}"
        )
    return bugs


def time_files(
    cli: str, tree: Path, files: list[Path], config: Path, args: argparse.Namespace
) -> dict[str, float]:
    """CPU seconds per chunk of files, then per file for every chunk over --slow-chunk."""
    seconds: dict[str, float] = {}
    for at in range(0, len(files), args.chunk_size):
        chunk = files[at : at + args.chunk_size]
        took = run_anchorlint(cli, tree, chunk, 1, config)[3]
        if took < args.slow_chunk:
            continue
        for path in chunk:
            try:
                alone = run_anchorlint(cli, tree, [path], 1, config, timeout=300)[3]
            except subprocess.TimeoutExpired:
                alone = 300.0
            seconds[str(path)] = alone
    return seconds


def sweep_package(name: str, version: str, args: argparse.Namespace) -> PackageResult:
    """Download, unpack and lint one package; a failure is recorded, never raised."""
    result = PackageResult(name, version)
    try:
        archive = download(name, version, args.cache_dir / "dists")
        result.dist = archive.name
        tree = unpack(archive, args.cache_dir / "trees")
    except (
        RuntimeError,
        OSError,
        subprocess.SubprocessError,
        tarfile.TarError,
        zipfile.BadZipFile,
    ) as exc:
        result.error = f"{type(exc).__name__}: {exc}"
        return result
    config = args.cache_dir / "anchorlint.toml"
    files = python_files(tree)
    result.files = len(files)
    result.lines = sum((tree / f).read_bytes().count(b"\n") for f in files)
    findings, problems, result.seconds, result.cpu_seconds = run_anchorlint(
        args.anchorlint, tree, files, args.jobs, config
    )
    result.findings = findings
    result.counts = dict(Counter(f["code"] for f in findings))
    result.bugs = problems + engine_bugs(tree, findings)
    if result.cpu_seconds > args.slow_package:
        result.file_seconds = time_files(args.anchorlint, tree, files, config, args)
        result.timed = True
    return result
