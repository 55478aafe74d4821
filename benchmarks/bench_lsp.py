"""Latency of ``anchorlint lsp``: didOpen → publishDiagnostics, as an editor would see it.

Starts the server over stdio, opens one warm-up summary and one warm-up Python file (the
first lint pays for importing spaCy and LibCST), then times fresh documents: a 200-line
summary and a 500-line Python module, several times each, and prints the median and range.

    python benchmarks/bench_lsp.py [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

# the test client lives with the tests, not in the package
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from lsp_client import LspClient  # noqa: E402

SUMMARY_LINES = (
    "- The cutover moved to Friday per [[ops/calendar#L{i}@sha256:9f2c4e1ab07d{i:04d}]].",
    "- As noted earlier, the rollback plan stays in place.",
    "- Owners confirmed the schedule in doc_{i}#L10-20 and the runbook.",
    "",
    "The migration of shard {i} finished; details omitted.",
)

PYTHON_BLOCK = '''
@dataclass
class Pointer{i}:
    doc_id: str
    start: int
    end: int


def summarize_part_{i}(raw: str) -> str:
    """Shorten one part."""
    return raw[:200]


def cite_{i}(raw: str, quote: str) -> Pointer{i}:
    short = summarize_part_{i}(raw)
    index = short.find(quote)
    return Pointer{i}(doc_id="doc", start=index, end=index + len(quote))


def resolve_span_{i}(ptr: Pointer{i}, source: str) -> str:
    return source[ptr.start : ptr.end]
'''


def summary_text(lines: int) -> str:
    rows = [SUMMARY_LINES[i % len(SUMMARY_LINES)].format(i=i) for i in range(lines - 1)]
    return "# Hand-off\n" + "\n".join(rows) + "\n"


def python_text(lines: int) -> str:
    head = "from dataclasses import dataclass\n"
    body, i = [], 0
    while (head + "".join(body)).count("\n") < lines:
        body.append(PYTHON_BLOCK.format(i=i))
        i += 1
    return "\n".join((head + "".join(body)).splitlines()[:lines]) + "\n"


def time_open(client: LspClient, path: Path, text: str) -> tuple[float, int]:
    """Seconds from sending didOpen to receiving its diagnostics, and how many there were."""
    uri = path.as_uri()
    language = "python" if path.suffix == ".py" else "markdown"
    item = {"uri": uri, "languageId": language, "version": 1, "text": text}
    start = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": item})
    published = client.diagnostics(uri, version=1, timeout=120)
    elapsed = time.perf_counter() - start
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    client.diagnostics(uri, timeout=60)
    return elapsed, len(published["diagnostics"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cases = {"summary, 200 lines": (".md", summary_text(200)),
             "python, 500 lines": (".py", python_text(500))}  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        client = LspClient(cwd=root)
        try:
            started = time.perf_counter()
            client.initialize(root)
            warm = [time_open(client, root / f"warm{s}", t)[0] for s, t in cases.values()]
            print(f"start + warm-up (both kinds): {time.perf_counter() - started:.2f} s "
                  f"(first didOpen {warm[0] * 1000:.0f} ms)")  # fmt: skip
            for label, (suffix, text) in cases.items():
                runs = [
                    time_open(client, root / f"doc{n}{suffix}", text) for n in range(args.repeat)
                ]
                times = [t * 1000 for t, _ in runs]
                print(f"{label}: median {statistics.median(times):.0f} ms "
                      f"(min {min(times):.0f}, max {max(times):.0f}; "
                      f"{runs[0][1]} diagnostics, {args.repeat} runs)")  # fmt: skip
            client.shutdown()
        finally:
            client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
