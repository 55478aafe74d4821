"""False-positive sweep of the code rules over popular Python packages that are not compactors.

    python benchmarks/sweep_code.py                          # every pinned package, one worker
    python benchmarks/sweep_code.py --packages flask,rich    # a subset
    python benchmarks/sweep_code.py --anchorlint /path/to/venv/bin/anchorlint --jobs 2

None of these packages compacts a context, so every ANC3xx finding is a false alarm to fix or
a true positive to explain; an ANC002 on a file the running interpreter parses, an internal
error or a file that takes over 10 s is a bug too. The distributions are pinned to exact
versions so two sweeps read the same code. They are downloaded (wheel or sdist, no
dependencies) into a cache folder outside the repository and unpacked there: nothing is
installed or imported. Every ``.py`` file is linted by the CLI given, one run per package:

    anchorlint check --select ANC3,ANC001,ANC002 --no-cache --jobs N --format json FILES

(engine codes are selected next to ANC3 because ``--select ANC3`` alone hides them). A package
whose run takes longer than ``--slow-package`` seconds is timed again in chunks of files, and
each chunk slower than ``--slow-chunk`` seconds file by file, which finds its slowest files
without one process per file everywhere. The Markdown report goes to
``benchmarks/results/sweep.md``, the full findings to a JSON file in the cache folder.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import platform
import re
import resource
import subprocess
import sys
import tarfile
import time
import zipfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_REPORT = HERE / "results" / "sweep.md"
DEFAULT_CACHE = Path.home() / ".cache" / "anchorlint-sweep"
SELECT = "ANC3,ANC001,ANC002"
CODE_RULES = tuple(f"ANC30{n}" for n in range(1, 9))
TARGET_PER_500K = 1.0
SLOW_FILE_SECONDS = 10.0
BATCH = 1500  # files per command line: keeps each under the argument-size limit

# (distribution, exact version, group): popular packages, none of them a compactor.
PACKAGES: tuple[tuple[str, str, str], ...] = (
    ("django", "5.1.4", "web"),
    ("flask", "3.1.0", "web"),
    ("fastapi", "0.115.6", "web"),
    ("starlette", "0.41.3", "web"),
    ("requests", "2.32.3", "http"),
    ("httpx", "0.28.1", "http"),
    ("aiohttp", "3.11.11", "http"),
    ("urllib3", "2.3.0", "http"),
    ("sqlalchemy", "2.0.36", "db"),
    ("peewee", "3.17.8", "db"),
    ("psycopg", "3.2.3", "db"),
    ("openai", "1.58.1", "sdk"),
    ("anthropic", "0.42.0", "sdk"),
    ("cohere", "5.13.4", "sdk"),
    ("mistralai", "1.2.5", "sdk"),
    ("google-genai", "1.0.0", "sdk"),
    ("boto3", "1.35.90", "sdk"),
    ("botocore", "1.35.90", "sdk"),
    ("nltk", "3.9.1", "nlp"),
    ("gensim", "4.3.3", "nlp"),
    ("textblob", "0.18.0.post0", "nlp"),
    ("tokenizers", "0.21.0", "nlp"),
    ("sentencepiece", "0.2.0", "nlp"),
    ("transformers", "4.47.1", "nlp"),
    ("elasticsearch", "8.17.0", "search"),
    ("opensearch-py", "2.8.0", "search"),
    ("meilisearch", "0.33.0", "search"),
    ("typesense", "0.21.0", "search"),
    ("pydantic", "2.10.4", "misc"),
    ("rich", "13.9.4", "misc"),
    ("click", "8.1.8", "misc"),
    ("jinja2", "3.1.5", "text"),
    ("markdown", "3.7", "text"),
    ("mistune", "3.0.2", "text"),
    ("black", "24.10.0", "misc"),
    ("pygments", "2.18.0", "text"),
    ("tornado", "6.4.2", "web"),
    ("celery", "5.4.0", "misc"),
    ("scrapy", "2.12.0", "http"),
    ("sentence-transformers", "3.3.1", "nlp"),
    ("langdetect", "1.0.9", "nlp"),
    ("spacy", "3.8.2", "nlp"),
    # chat and messaging clients: full of `messages`, `history` and `events`
    ("discord.py", "2.4.0", "sdk"),
    ("slack-sdk", "3.34.0", "sdk"),
    ("jupyter-client", "8.6.3", "sdk"),
    ("ipykernel", "6.29.5", "sdk"),
    # document trees: `Document`, nodes and their metadata
    ("docutils", "0.21.2", "text"),
    ("sphinx", "8.1.3", "text"),
)


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


def per_500k(count: int, lines: int) -> float:
    return count * 500_000 / lines if lines else 0.0


def table(results: list[PackageResult]) -> list[str]:
    """The per-package rows and a totals row."""
    codes = list(CODE_RULES) + sorted(
        {c for r in results for c in r.counts} - set(CODE_RULES) - {"ANC001", "ANC002"}
    )
    head = [
        "package",
        "version",
        "files",
        "lines",
        *codes,
        "ANC001/002",
        "bugs",
        "wall s",
        "CPU s",
        "slowest timed file (CPU s)",
    ]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for r in results:
        slow = max(r.file_seconds.items(), key=lambda kv: kv[1], default=None)
        slowest = f"`{slow[0]}` {slow[1]:.1f}" if slow else ("all chunks fast" if r.timed else "–")
        engine = r.counts.get("ANC001", 0) + r.counts.get("ANC002", 0)
        cells = [
            r.name,
            r.version,
            r.files,
            r.lines,
            *(r.counts.get(c, 0) for c in codes),
            engine,
            len(r.bugs) + bool(r.error),
            f"{r.seconds:.1f}",
            f"{r.cpu_seconds:.1f}",
            slowest,
        ]
        rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    lines = sum(r.lines for r in results)
    total = Counter()
    for r in results:
        total.update(r.counts)
    cells = [
        "**total**",
        "",
        sum(r.files for r in results),
        lines,
        *(total.get(c, 0) for c in codes),
        total.get("ANC001", 0) + total.get("ANC002", 0),
        sum(len(r.bugs) + bool(r.error) for r in results),
        f"{sum(r.seconds for r in results):.1f}",
        f"{sum(r.cpu_seconds for r in results):.1f}",
        "",
    ]
    rows.append("| " + " | ".join(str(c) for c in cells) + " |")
    return rows


def acceptance(results: list[PackageResult]) -> list[str]:
    """One PASS/FAIL line per acceptance target of the sweep."""
    lines = sum(r.lines for r in results)
    rule_findings = sum(
        r.counts.get(c, 0) for r in results for c in r.counts if c.startswith("ANC3")
    )
    rate = per_500k(rule_findings, lines)
    bugs = [b for r in results for b in r.bugs]
    engine = [b for b in bugs if "on valid code" in b]
    slow = [
        (r.name, p, s) for r in results for p, s in r.file_seconds.items() if s > SLOW_FILE_SECONDS
    ]
    unmeasured = [r.name for r in results if r.cpu_seconds > SLOW_FILE_SECONDS and not r.timed]

    def verdict(ok: bool) -> str:
        return "PASS" if ok else "FAIL"

    return [
        f"- {verdict(rate <= TARGET_PER_500K)}: {rule_findings} ANC3xx findings in {lines:,} "
        f"lines = {rate:.2f} per 500k lines (target ≤ {TARGET_PER_500K:g})",
        f"- {verdict(not [b for b in bugs if b not in engine])}: tracebacks or internal errors: "
        f"{len(bugs) - len(engine)}",
        f"- {verdict(not engine)}: ANC001/ANC002 on code Python {platform.python_version()} "
        f"reads and parses: {len(engine)}",
        f"- {verdict(not slow and not unmeasured)}: files over {SLOW_FILE_SECONDS:g} s: "
        f"{len(slow)}, CPU seconds of one process each (packages over {SLOW_FILE_SECONDS:g} s without a timing pass: "
        f"{', '.join(unmeasured) or 'none'})",
    ]


def report(results: list[PackageResult], args: argparse.Namespace, version: str) -> str:
    """The Markdown report: table, acceptance lines, every finding and bug."""
    out = [
        "# Code-rule false-positive sweep",
        "",
        f"anchorlint {version}, `--jobs {args.jobs}`, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average at end "
        f"{os.getloadavg()[0]:.2f}. Command: `python benchmarks/sweep_code.py --jobs {args.jobs}`"
        + (f" `--packages {','.join(args.packages)}`" if args.packages else "")
        + (
            f"; this report merges the saved results of {len(args.merge)} runs (`--merge`), "
            "the date and load are the merge's."
            if getattr(args, "merge", None)
            else "."
        ),
        "Seconds are one `anchorlint check` per package (start-up included), wall and CPU (user +",
        "system: the fair number when the machine is shared). Packages over "
        f"{args.slow_package:g} CPU s are timed again in chunks of {args.chunk_size} files and",
        f"every chunk over {args.slow_chunk:g} CPU s file by file (one process per file).",
        "",
        *table(results),
        "",
        "## Acceptance",
        "",
        *acceptance(results),
        "",
        "## Findings",
        "",
    ]
    for r in results:
        for f in r.findings:
            out.append(
                f"- `{r.name}-{r.version}/{f['path']}:{f['line']}` {f['code']} {f['message']}"
            )
    out += ["", "## Errors and bugs", ""]
    out += [f"- {r.name}: {r.error}" for r in results if r.error]
    out += [f"- {r.name}: {b}" for r in results for b in r.bugs]
    out += [
        f"- {r.name}: `{p}` {s:.1f} s"
        for r in results
        for p, s in r.file_seconds.items()
        if s > SLOW_FILE_SECONDS
    ]
    return "\n".join(out) + "\n"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--packages",
        type=lambda s: [p for p in s.split(",") if p],
        default=[],
        help="comma-separated subset of the pinned packages",
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--anchorlint", default="anchorlint", help="the CLI to sweep")
    parser.add_argument("--cache-dir", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--report", type=Path, default=DEFAULT_REPORT)
    parser.add_argument(
        "--json-out",
        type=Path,
        default=None,
        help="full findings (default: CACHE_DIR/sweep-results.json)",
    )
    parser.add_argument(
        "--slow-package",
        type=float,
        default=SLOW_FILE_SECONDS,
        help="seconds after which a package's files are timed",
    )
    parser.add_argument(
        "--merge",
        nargs="+",
        type=Path,
        default=[],
        help="write the report from the findings files of earlier runs (later files win for a "
        "package) instead of linting: runs split over time or machines make one report",
    )
    parser.add_argument("--slow-chunk", type=float, default=6.0)
    parser.add_argument("--chunk-size", type=int, default=40)
    args = parser.parse_args(argv)
    known = {name for name, _, _ in PACKAGES}
    unknown = set(args.packages) - known
    if unknown:
        parser.error(f"not pinned: {', '.join(sorted(unknown))}")
    return args


def merge(args: argparse.Namespace, version: str) -> int:
    """The report over the package results saved by earlier runs (``--json-out`` files)."""
    saved: dict[str, PackageResult] = {}
    for path in args.merge:
        for entry in json.loads(path.read_text()):
            saved[entry["name"]] = PackageResult(**entry)
    order = [name for name, _, _ in PACKAGES if name in saved]
    results = [saved[name] for name in order if not args.packages or name in args.packages]
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(report(results, args, version))
    failed = any(line.startswith("- FAIL") for line in acceptance(results))
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    args.cache_dir.mkdir(parents=True, exist_ok=True)
    (args.cache_dir / "anchorlint.toml").write_text("")  # no config of the unpacked trees
    version = (
        subprocess.run([args.anchorlint, "--version"], capture_output=True, text=True)
        .stdout.strip()
        .removeprefix("anchorlint ")
    )
    if args.merge:
        return merge(args, version)
    results = []
    for name, pinned, _ in PACKAGES:
        if args.packages and name not in args.packages:
            continue
        result = sweep_package(name, pinned, args)
        print(
            f"{name}-{pinned}: {result.files} files, {result.lines} lines, "
            f"{result.seconds:.1f} s, {result.counts or 'clean'} {result.error}",
            file=sys.stderr,
            flush=True,
        )
        results.append(result)
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(report(results, args, version))
    json_out = args.json_out or args.cache_dir / "sweep-results.json"
    json_out.write_text(json.dumps([asdict(r) for r in results], indent=1))
    print(f"report: {args.report}\nfindings: {json_out}", file=sys.stderr)
    failed = any(line.startswith("- FAIL") for line in acceptance(results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
