"""Reproducible benchmark inputs: Markdown summaries, installed package trees, compactor code.

Every generator is seeded, so the same arguments write the same bytes on every machine;
the benchmarks only ever compare tools on one corpus written once. The compactor modules'
templates are data and live in ``corpus_templates.py``.
"""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from corpus_templates import COMPACTOR_TEMPLATES, COMPACTOR_WORDS


@dataclass(frozen=True)
class Corpus:
    """Files written (or found) for one benchmark section, with their size."""

    root: Path
    files: tuple[Path, ...]
    bytes: int
    lines: int

    @property
    def megabytes(self) -> float:
        return self.bytes / 1e6


# --- summaries -------------------------------------------------------------------------------

_TOPICS = (
    "billing",
    "ledger",
    "webhooks",
    "refunds",
    "replica",
    "cutover",
    "auth",
    "search",
    "ingest",
    "retries",
)
_SENTENCES = (
    "The cutover for {topic} moved to {day} after the replica lagged by {n} seconds.",
    "As noted earlier, the retry budget for {topic} stays at {n}.",
    "Per the config, the {topic} pool holds {n} connections.",
    "Error rates on {topic} stayed above {n}% for four minutes.",
    "The {topic} rules are in [[design/{topic}#L{n}-{m}@sha256:{digest}]].",
    "Billing, refunds, webhooks and so on were discussed for {topic}.",
    "See https://wiki.example.com/runbooks/{topic} for the full procedure.",
    "The previous release v2.{n} showed the same spike on {topic} earlier today.",
    "Ownership of {topic} moved to the payments team ([[teams/{topic}]]).",
    "The failing step is doc_{n}#L{n}-{m} in the {topic} runbook.",
    "The user asked to keep the {topic} dashboard and drop the old alerts.",
    "A decision was made to pin {topic} to build {n} until {day}.",
    "Everything about {topic} is fully preserved in this summary.",
    'The agent quoted "timeout after {n} ms" from chunk:{topic}-{m}.',
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


def _sentence(rng: random.Random) -> str:
    m = rng.randint(10, 400)
    return rng.choice(_SENTENCES).format(
        topic=rng.choice(_TOPICS),
        day=rng.choice(_DAYS),
        n=rng.randint(2, 90),
        m=m + rng.randint(1, 40),
        digest="".join(rng.choice("0123456789abcdef") for _ in range(16)),
    )


def summary_markdown(rng: random.Random, size: int) -> str:
    """One Markdown summary of about ``size`` bytes: a heading, paragraphs and a list."""
    parts = [f"# Session summary: {rng.choice(_TOPICS)} ({rng.randint(1, 999)})"]
    length = len(parts[0])
    while length < size:
        if rng.random() < 0.25:
            block = "\n".join(f"- {_sentence(rng)}" for _ in range(rng.randint(2, 4)))
        else:
            block = " ".join(_sentence(rng) for _ in range(rng.randint(2, 5)))
        parts.append(block)
        length += len(block) + 2
    return "\n\n".join(parts) + "\n"


def write_summaries(root: Path, total_bytes: int, seed: int, size: int = 1024) -> Corpus:
    """``.md`` summaries of about ``size`` bytes each until ``total_bytes`` are written."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    written = lines = 0
    while written < total_bytes:
        index = len(files)
        folder = root / f"d{index // 500:04d}"
        folder.mkdir(exist_ok=True)
        text = summary_markdown(rng, size)
        path = folder / f"s{index:06d}.md"
        path.write_text(text, encoding="utf-8")
        files.append(path)
        written += len(text.encode())
        lines += text.count("\n")
    return Corpus(root, tuple(files), written, lines)


# --- long structured summaries and a JSON Lines store -----------------------------------------
# The shape coding agents write when they compact a session: numbered sections, nested lists,
# repository paths with lines, inline code, fenced code, commits, issues and a few anaphora.

_SECTIONS = (
    "Primary request and intent",
    "Key technical concepts",
    "Files and code sections",
    "Errors and fixes",
    "Problem solving",
    "All user messages",
    "Pending tasks",
    "Current work",
    "Optional next step",
)
_DIRS = ("src", "lib", "app", "tests", "scripts", "docs", "services/api", "packages/core/src")
_MODULES = ("handlers", "ledger", "retry", "schema", "client", "config", "cache", "worker", "auth")
_EXTENSIONS = ("py", "ts", "rs", "go", "md", "toml", "json")
_FUNCS = ("load_config", "apply_retry", "build_index", "parse_args", "flush", "reconcile", "run")
_ITEMS = (
    "Read `{path}` to find where {func}() handles the {topic} case.",
    "Changed {path}:{n} so `{func}` returns early when the {topic} queue is empty.",
    "The failing test is {test} (line {n} of {path}).",
    "Fixed in commit {commit}; see issue #{issue} for the report.",
    "The user asked to keep the {topic} fallback and drop the old flag.",
    "As discussed above, the {topic} budget stays at {n} requests per minute.",
    "Ran `pytest {test} -x` and it passed after the change to `{func}`.",
    "Error: `KeyError: '{topic}'` raised from {path}:{n} when the cache was cold.",
    "Per the earlier decision, {topic} writes go through `{func}()` only.",
    "Moved the {topic} constants to `{path}` and updated the imports.",
    "The {topic} migration is tracked in ENG-{issue}.",
    "Nothing else is pending for {topic} beyond the review comments.",
)


def _item(rng: random.Random) -> str:
    directory, module = rng.choice(_DIRS), rng.choice(_MODULES)
    path = f"{directory}/{module}.{rng.choice(_EXTENSIONS)}"
    return rng.choice(_ITEMS).format(
        path=path,
        func=rng.choice(_FUNCS),
        topic=rng.choice(_TOPICS),
        n=rng.randint(2, 900),
        test=f"tests/test_{module}.py::test_{rng.choice(_FUNCS)}",
        commit="".join(rng.choice("0123456789abcdef") for _ in range(rng.choice((7, 8, 12)))),
        issue=rng.randint(10, 9999),
    )


def _fence(rng: random.Random) -> str:
    func, topic = rng.choice(_FUNCS), rng.choice(_TOPICS)
    lines = [f"def {func}({topic}: dict, limit: int = {rng.randint(2, 99)}) -> list:"]
    lines += [f"    # keep {topic} entries under the limit" for _ in range(rng.randint(0, 2))]
    lines += [f"    return [k for k in {topic} if len(k) < limit]"]
    return "```python\n" + "\n".join(lines) + "\n```"


def structured_summary(rng: random.Random, size: int) -> str:
    """One long structured summary of about ``size`` bytes: numbered sections of prose, lists
    (some nested) and fenced code, citing paths, lines, commits and issues."""
    parts = [f"# Session summary: {rng.choice(_TOPICS)} work ({rng.randint(1, 999)})"]
    length = len(parts[0])
    section = 0
    while length < size:
        title = _SECTIONS[section % len(_SECTIONS)]
        section += 1
        block = [f"## {section}. {title}"]
        for _ in range(rng.randint(2, 5)):
            roll = rng.random()
            if roll < 0.45:
                items = [f"- {_item(rng)}" for _ in range(rng.randint(2, 6))]
                if rng.random() < 0.4:
                    items.insert(1, f"  - {_item(rng)}")
                block.append("\n".join(items))
            elif roll < 0.6:
                block.append(_fence(rng))
            else:
                block.append(" ".join(_item(rng) for _ in range(rng.randint(2, 4))))
        text = "\n\n".join(block)
        parts.append(text)
        length += len(text) + 2
    return "\n\n".join(parts) + "\n"


def write_structured(
    root: Path, total_bytes: int, seed: int, sizes: tuple[int, int] = (10_000, 40_000)
) -> Corpus:
    """``.md`` long structured summaries of ``sizes`` bytes (uniform) until ``total_bytes``."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    written = lines = 0
    while written < total_bytes:
        text = structured_summary(rng, rng.randint(*sizes))
        path = root / f"summary_{len(files):05d}.md"
        path.write_text(text, encoding="utf-8")
        files.append(path)
        written += len(text.encode())
        lines += text.count("\n")
    return Corpus(root, tuple(files), written, lines)


def write_jsonl_store(path: Path, records: int, seed: int, size: int = 250) -> Corpus:
    """One JSON Lines store of ``records`` records, each an id, a session and a summary of
    about ``size`` bytes (short summaries, a tenth of them structured)."""
    import json

    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with path.open("w", encoding="utf-8") as out:
        for index in range(records):
            write = structured_summary if index % 10 == 9 else summary_markdown
            text = write(rng, size)
            line = json.dumps({"id": index, "session": f"s{index // 20}", "summary": text})
            out.write(line + "\n")
            written += len(line.encode()) + 1
    return Corpus(path.parent, (path,), written, records)


# --- installed package trees -----------------------------------------------------------------


def package_files(packages: Iterable[str]) -> tuple[list[tuple[Path, Path]], list[str]]:
    """``(package folder, file)`` for every ``.py`` file of the installed packages; and the
    names that are not installed."""
    files: list[tuple[Path, Path]] = []
    missing: list[str] = []
    for name in packages:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            missing.append(name)
            continue
        for location in spec.submodule_search_locations:
            files += [(Path(location), p) for p in sorted(Path(location).rglob("*.py"))]
    return files, missing


def measure(root: Path, files: Iterable[Path]) -> Corpus:
    """Size and line count of existing files."""
    paths = tuple(files)
    size = lines = 0
    for path in paths:
        data = path.read_bytes()
        size += len(data)
        lines += data.count(b"\n")
    return Corpus(root, paths, size, lines)


# --- compactor-dense code --------------------------------------------------------------------
# Every template (in corpus_templates.py) holds summarizer calls, resolver definitions, pointer
# dataclasses and flows between them, so no file is skipped by a prefilter: each one needs the
# full analysis.


def write_compactors(root: Path, count: int, seed: int) -> Corpus:
    """``count`` compactor modules from the templates, with renamed identifiers."""
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    files: list[Path] = []
    for index in range(count):
        word = f"{rng.choice(COMPACTOR_WORDS)}{rng.randint(0, 99)}"
        text = COMPACTOR_TEMPLATES[index % len(COMPACTOR_TEMPLATES)].substitute(
            n=index,
            N=index,
            word=word,
            Word=word.capitalize(),
            budget=rng.choice((400, 800, 1200, 2000)),
        )
        path = root / f"compactor_{index:04d}.py"
        path.write_text(text, encoding="utf-8")
        files.append(path)
    return measure(root, files)
