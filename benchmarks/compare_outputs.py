"""Prove a change left ``anchorlint check`` output alone: record one run, compare another.

A run lints fixed inputs with a given ``anchorlint`` executable (``--no-cache``, the flake8
format and ``--format json``) and writes every output with its exit status under one folder:

- ``examples/`` from inside it, so its ``anchorlint.toml`` (and its store) applies;
- the test corpora ``tests/corpus/{text,code,agents,compactors}`` and ``tests/data/code_rules``;
- a generated corpus (seeded, so the same bytes every time): Markdown summaries, compactor
  modules and a JSON Lines file, a few hundred files in all.

Usage::

    python benchmarks/compare_outputs.py record /work/venv-base/bin/anchorlint /tmp/base
    python benchmarks/compare_outputs.py record anchorlint /tmp/new
    python benchmarks/compare_outputs.py diff /tmp/base /tmp/new      # exit 1 on any difference
    python benchmarks/compare_outputs.py compare /work/venv-base/bin/anchorlint anchorlint

Paths in the outputs are relative (each run works from the input's parent folder), so two
runs over the same inputs compare byte for byte.
"""

from __future__ import annotations

import argparse
import difflib
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from corpus import summary_markdown, write_compactors, write_summaries  # noqa: E402

SEED = 1313
FORMATS = (("flake8", ()), ("json", ("--format", "json")))


def generate(root: Path) -> Path:
    """The generated corpus under ``root/generated`` (about 350 files), always the same bytes."""
    target = root / "generated"
    if target.exists():
        shutil.rmtree(target)
    write_summaries(target / "summaries", 200_000, SEED, size=900)
    write_compactors(target / "compactors", 120, SEED)
    rng = random.Random(SEED)
    with open(target / "records.jsonl", "w", encoding="utf-8") as out:
        for index in range(300):
            record = {"id": index, "summary": summary_markdown(rng, 300)}
            if index % 3 == 0:
                record |= {"thread": f"t{index % 7}", "generation": index // 7}
            out.write(json.dumps(record) + "\n")
        out.write('{"summary": "broken record\n')
    return target


def targets(generated: Path) -> list[tuple[str, Path, str]]:
    """(name, working directory, path argument) of every input."""
    return [
        ("examples", REPO / "examples", "."),
        ("corpus-text", REPO / "tests" / "corpus", "text"),
        ("corpus-code", REPO / "tests" / "corpus", "code"),
        ("corpus-agents", REPO / "tests" / "corpus", "agents"),
        ("corpus-compactors", REPO / "tests" / "corpus", "compactors"),
        ("data-code-rules", REPO / "tests" / "data", "code_rules"),
        ("generated", generated.parent, generated.name),
    ]


def record(executable: str, out: Path) -> None:
    """Run every input through ``executable`` and write the outputs under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        generated = generate(Path(scratch))
        for name, cwd, argument in targets(generated):
            for fmt, extra in FORMATS:
                command = [executable, "check", "--no-cache", *extra, argument]
                done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900)
                text = f"exit {done.returncode}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
                (out / f"{name}.{fmt}.txt").write_text(text, encoding="utf-8")


def diff(first: Path, second: Path) -> int:
    """0 when both runs wrote the same files with the same bytes; else 1, and the diffs."""
    names = sorted({p.name for p in first.glob("*.txt")} | {p.name for p in second.glob("*.txt")})
    differing = 0
    for name in names:
        a, b = first / name, second / name
        left = a.read_text(encoding="utf-8") if a.exists() else ""
        right = b.read_text(encoding="utf-8") if b.exists() else ""
        if left == right:
            print(f"same      {name} ({left.count(chr(10))} lines)")
            continue
        differing += 1
        print(f"DIFFERENT {name}")
        lines = difflib.unified_diff(
            left.splitlines(True), right.splitlines(True), str(a), str(b), n=1
        )
        sys.stdout.writelines(list(lines)[:60])
    print(f"{len(names) - differing} of {len(names)} outputs identical")
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="run every input through an executable")
    rec.add_argument("executable")
    rec.add_argument("out", type=Path)
    dif = sub.add_parser("diff", help="compare two recorded runs")
    dif.add_argument("first", type=Path)
    dif.add_argument("second", type=Path)
    both = sub.add_parser("compare", help="record two executables and compare them")
    both.add_argument("baseline")
    both.add_argument("candidate", nargs="?", default="anchorlint")
    args = parser.parse_args()
    if args.command == "record":
        record(args.executable, args.out)
        return 0
    if args.command == "diff":
        return diff(args.first, args.second)
    with tempfile.TemporaryDirectory() as scratch:
        base, new = Path(scratch) / "baseline", Path(scratch) / "candidate"
        record(args.baseline, base)
        record(args.candidate, new)
        return diff(base, new)


if __name__ == "__main__":
    sys.exit(main())
