"""Would a per-sentence prefilter pay? A study of one design, not a benchmark of the product.

The trigger prefilter decides per block whether spaCy parses it: a block that holds no trigger
of an enabled rule is one sentence, unparsed. A per-sentence prefilter would hand spaCy only
the sentences that hold a trigger. It must know where sentences end before spaCy has seen
the text, so it can only cut where the full parse surely ends one: here, after a lower-case
word that is no abbreviation nor tokenizer special case, a full stop, one space and a
capitalised word. Two variants are measured:

- ``triggered``: only the pieces between such cuts that hold a trigger are parsed;
- ``with the piece before``: each parsed run also takes the piece before it, which a rule
  that reads the previous sentence ("the former" after a pair named there) needs parsed.

For each corpus the study lints every file once with a pipeline that records what spaCy was
given, then times (CPU, best of ``--repeat``) the parse of those blocks against the cutting
plus the parse of the pieces. Every parse is timed warm (the tokenizer has seen each word in
the lint before), which favours neither side. It also checks the cut rule: every cut must fall where the full
parse starts a sentence.

    python benchmarks/study_sentence_prefilter.py            # 5 MB of each corpus
    python benchmarks/study_sentence_prefilter.py --megabytes 1
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from corpus import write_structured, write_summaries  # noqa: E402

from anchorlint.config import Settings  # noqa: E402
from anchorlint.run.engine import Worker  # noqa: E402
from anchorlint.text.nlp import ParsedBlock, Pipeline  # noqa: E402
from anchorlint.text.sentence_starts import NO_BOUNDARY_AFTER  # noqa: E402

#: a sentence end the full parse always keeps: a lower-case word, its full stop, one space,
#: then a capital and a lower-case letter (the word is checked against the abbreviations and
#: the tokenizer's special cases in :func:`cuts`)
SURE_END = re.compile(r"(?:^|(?<=\s))([a-z]{2,24})\. (?=[A-Z][a-z])")


class RecordingPipeline(Pipeline):
    """The blank pipeline, keeping every group of block texts it is asked to parse while
    ``recording``."""

    def __init__(self) -> None:
        super().__init__()
        self.groups: list[list[str]] = []
        self.recording = True

    def parse_groups(self, groups: Sequence[Sequence[str]]) -> list[list[ParsedBlock]]:
        if self.recording:
            self.groups.extend(list(group) for group in groups if group)
        return super().parse_groups(groups)


def cuts(text: str, special: frozenset[str]) -> list[int]:
    """Where ``text`` surely ends a sentence: the index of the space after each full stop."""
    return [
        match.end() - 1
        for match in SURE_END.finditer(text)
        if match.group(1) not in NO_BOUNDARY_AFTER and match.group(1) + "." not in special
    ]


def pieces(
    text: str, special: frozenset[str], holds: Callable[[str], bool], before: bool
) -> list[str]:
    """The parts of a block a per-sentence prefilter would parse (runs of pieces joined)."""
    ends = cuts(text, special)
    if not ends:
        return [text]
    spans = list(zip([0, *(e + 1 for e in ends)], [*ends, len(text)], strict=True))
    wanted = [holds(text[a:b]) for a, b in spans]
    if before:
        wanted = [w or (i + 1 < len(wanted) and wanted[i + 1]) for i, w in enumerate(wanted)]
    kept: list[str] = []
    run: tuple[int, int] | None = None
    for (a, b), want in zip(spans, wanted, strict=True):
        if want:
            run = (run[0], b) if run else (a, b)
        elif run:
            kept.append(text[run[0] : run[1]])
            run = None
    if run:
        kept.append(text[run[0] : run[1]])
    return kept


def cpu(step: Callable[[], Any], repeat: int) -> float:
    """The least CPU time of ``repeat`` runs of ``step``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        step()
        best = min(best, time.process_time() - start)
    return best


def misplaced_cuts(pipeline: Pipeline, groups: list[list[str]], special: frozenset[str]) -> int:
    """Cuts that fall where the full parse starts no sentence (the rule promises none)."""
    wrong = 0
    for group, parsed in zip(groups, pipeline.parse_groups(groups), strict=True):
        for text, block in zip(group, parsed, strict=True):
            starts = {start for _, _, start, _ in block.bounds}
            wrong += sum(cut + 1 not in starts for cut in cuts(text, special))
    return wrong


def study(name: str, files: Sequence[Path], repeat: int) -> list[str]:
    pipeline = RecordingPipeline()
    worker = Worker(Settings(), pipeline=pipeline)
    for path in files:
        worker.lint_text(str(path), path.read_text(encoding="utf-8"))
    pipeline.recording = False
    holds = worker.context.needs_parse
    assert holds is not None, "the default rules all declare triggers"
    groups = pipeline.groups
    special = frozenset(pipeline.nlp.tokenizer.rules or ())
    total = sum(path.stat().st_size for path in files)
    blocks = sum(len(t) for g in groups for t in g)
    rows = [
        f"| {name} | every block with a trigger (today) | {blocks:,} | "
        f"{cpu(lambda: pipeline.parse_groups(groups), repeat):.3f} | – |"
    ]
    for before, label in ((False, "triggered pieces"), (True, "with the piece before")):

        def cut_all(before: bool = before) -> list[list[str]]:
            return [[p for text in g for p in pieces(text, special, holds, before)] for g in groups]

        split = cpu(cut_all, repeat)
        cut = cut_all()
        parse = cpu(lambda cut=cut: pipeline.parse_groups(cut), repeat)
        chars = sum(len(t) for g in cut for t in g)
        rows.append(f"| {name} | {label} | {chars:,} | {parse:.3f} | {split:.3f} |")
    wrong = misplaced_cuts(pipeline, groups, special)
    rows.append(
        f"| {name} | ({total / 1e6:.1f} MB, {len(files):,} files) | cuts off a sentence "
        f"start: {wrong} | | |"
    )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    total = int(args.megabytes * 1e6)
    print("| corpus | spaCy is given | characters | parse CPU s | cutting CPU s |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for name, write in (("short", write_summaries), ("structured", write_structured)):
            corpus = write(Path(tmp) / name, total, args.seed)
            for row in study(name, sorted(corpus.files), args.repeat):
                print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
