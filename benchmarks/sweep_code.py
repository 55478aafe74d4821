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

This file holds the command line and the pinned list; the fetching and linting of one package
are in ``sweep_lint.py``, the report and its acceptance lines in ``sweep_report.py``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

from sweep_lint import PackageResult, sweep_package
from sweep_report import SLOW_FILE_SECONDS, acceptance, report

HERE = Path(__file__).resolve().parent
DEFAULT_REPORT = HERE / "results" / "sweep.md"
DEFAULT_CACHE = Path.home() / ".cache" / "anchorlint-sweep"

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
