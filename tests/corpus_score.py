"""Score anchorlint against a corpus directory with an ``expected.json`` of "LINE:CODE" lists.

Per-summary codes (ANC103, ANC104, ANC108) in a .md/.txt file match on the code alone: the
file is the summary. Everything else matches on (file, code) with the line within
``tolerance``. Run as a script to print precision and recall per code.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from anchorlint.config import Settings
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths

FILE_LEVEL = frozenset({"ANC103", "ANC104", "ANC108"})


@dataclass(frozen=True)
class Score:
    true_positives: Counter[str]
    false_positives: list[tuple[str, int, str]]
    false_negatives: list[tuple[str, int, str]]

    def precision(self, code: str | None = None) -> float:
        tp = self._tp(code)
        fp = sum(1 for f in self.false_positives if code in (None, f[2]))
        return tp / (tp + fp) if tp + fp else 1.0

    def recall(self, code: str | None = None) -> float:
        tp = self._tp(code)
        fn = sum(1 for f in self.false_negatives if code in (None, f[2]))
        return tp / (tp + fn) if tp + fn else 1.0

    def assert_floor(self, code: str, precision: float, recall: float) -> None:
        """Fail, listing the misses or false alarms, if ``code`` is not found at all or falls
        below either floor (the held-out corpora's tests share this check)."""
        assert self.true_positives[code] > 0, code
        assert self.precision(code) >= precision, [f for f in self.false_positives if f[2] == code]
        assert self.recall(code) >= recall, [f for f in self.false_negatives if f[2] == code]

    def _tp(self, code: str | None) -> int:
        return sum(n for c, n in self.true_positives.items() if code in (None, c))


def _matches(name: str, expected: tuple[int, str], found: tuple[int, str], tolerance: int) -> bool:
    if expected[1] != found[1]:
        return False
    if expected[1] in FILE_LEVEL and Path(name).suffix in (".md", ".txt"):
        return True
    return abs(expected[0] - found[0]) <= tolerance


def score(corpus: Path, codes_prefix: str, tolerance: int = 0) -> Score:
    expected: dict[str, list[str]] = json.loads((corpus / "expected.json").read_text())
    settings = Settings(root=str(corpus))
    files = [p for p in discover([str(corpus)], settings) if Path(p).name in expected]
    findings = lint_paths(files, settings, jobs=1).collect().findings
    found: dict[str, list[tuple[int, str]]] = {}
    for f in findings:
        if f.code.startswith(codes_prefix):
            found.setdefault(Path(f.path).name, []).append((f.line, f.code))
    tp: Counter[str] = Counter()
    fps, fns = [], []
    for name, items in expected.items():
        wanted = [(int(i.split(":")[0]), i.split(":")[1]) for i in items]
        got = list(found.get(name, []))
        for item in wanted:
            match = next((g for g in got if _matches(name, item, g, tolerance)), None)
            if match is None:
                fns.append((name, *item))
            else:
                got.remove(match)
                tp[item[1]] += 1
        fps.extend((name, *g) for g in got)
    return Score(tp, fps, fns)


def main() -> None:
    corpus, prefix, tolerance = (
        Path(sys.argv[1]),
        sys.argv[2],
        int(sys.argv[3]) if len(sys.argv) > 3 else 0,
    )
    result = score(corpus, prefix, tolerance)
    codes = sorted(
        set(result.true_positives) | {f[2] for f in result.false_positives + result.false_negatives}
    )
    for code in codes:
        print(f"{code}: precision {result.precision(code):.2f} recall {result.recall(code):.2f}")
    print(
        f"all: precision {result.precision():.3f} recall {result.recall():.3f} tp {sum(result.true_positives.values())}"
    )
    for item in result.false_positives:
        print("FP", *item)
    for item in result.false_negatives:
        print("FN", *item)


if __name__ == "__main__":
    main()
