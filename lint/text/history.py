"""Generations of one summary: grouping run facts into threads and comparing neighbours.

Two sources of generations (RULES.md, "History"):

- JSON records carrying a thread id and a generation number: every fact with a ``thread``
  belongs to that thread, across files of the run, ordered by ``generation`` (ties and
  missing numbers fall back to the run's file order, then the record's line).
- Files given in order (``anchorlint history a.md b.md c.md``): the facts without a thread
  form one thread, in run order. This happens only when the run asks for it
  (:class:`HistoryRunSettings`), never in an ordinary ``check``, where unrelated summaries
  listed side by side are not generations of anything.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from anchorlint.config import HistorySettings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.rulebase import LocatedHit

#: the thread name given to files compared in order
FILES_THREAD = "<files in order>"
#: the thread name the API gives a (prior, current) pair
PRIOR_THREAD = "<prior>"


@dataclass(frozen=True)
class HistoryRunSettings(HistorySettings):
    """History settings of a run whose thread-less summaries are generations in file order."""

    files_in_order: bool = True


@dataclass(frozen=True)
class Thread:
    name: str
    generations: tuple[SummaryFacts, ...]


def _sort_key(fact: SummaryFacts) -> tuple[float, int, int]:
    generation = fact.generation if fact.generation is not None else float(fact.order)
    return (generation, fact.order, fact.line)


def threads(facts: Iterable[SummaryFacts], history: HistorySettings) -> Iterator[Thread]:
    """Threads of two or more generations, each ordered oldest first."""
    grouped: dict[str, list[SummaryFacts]] = defaultdict(list)
    in_order = getattr(history, "files_in_order", False)
    for fact in facts:
        if fact.thread is not None:
            grouped[str(fact.thread)].append(fact)
        elif in_order:
            grouped[FILES_THREAD].append(fact)
    for name in sorted(grouped):
        members = grouped[name]
        if len(members) > 1:
            ordered = sorted(members, key=_sort_key if name != FILES_THREAD else _file_order)
            yield Thread(name, tuple(ordered))


def _file_order(fact: SummaryFacts) -> tuple[int, int]:
    return (fact.order, fact.line)


def in_transcript(thread: Thread) -> bool:
    """Whether the thread is an agent transcript's, where new turns arrive between two
    compactions: there a generation may add keys, and only dropped or mutated ones drift."""
    from anchorlint.text.documents.transcripts.common import is_native_thread

    return is_native_thread(thread.name)


def pairs(thread: Thread) -> Iterator[tuple[SummaryFacts, SummaryFacts]]:
    """Consecutive generations (n-1, n)."""
    yield from zip(thread.generations, thread.generations[1:], strict=False)


def label(fact: SummaryFacts, thread: Thread) -> str:
    """How a message names a generation: its number, or its file for files in order."""
    if thread.name == FILES_THREAD:
        # the records of one JSON Lines file are generations too: name them by their line
        shared = sum(1 for other in thread.generations if other.path == fact.path) > 1
        return f"{fact.path} line {fact.line}" if shared else fact.path
    number = fact.generation
    if number is None:
        return f"line {fact.line}"
    return str(int(number)) if float(number).is_integer() else str(number)


def thread_name(thread: Thread) -> str:
    if thread.name == PRIOR_THREAD:
        return "the prior summary (0) and this one (1)"
    return "the files given in order" if thread.name == FILES_THREAD else f"thread {thread.name!r}"


def hit_at(fact: SummaryFacts, message: str) -> LocatedHit:
    """A finding at the start of a generation (its file, or its JSON Lines record)."""
    return LocatedHit(fact.path, fact.line, fact.column, fact.line, fact.column, message)


@dataclass(frozen=True)
class Drift:
    """How an anchor set changed between two generations (compared as sets)."""

    dropped: tuple[str, ...]
    added: tuple[str, ...]
    mutated: tuple[tuple[str, str], ...]  # (old text, new text) sharing a document key

    def __bool__(self) -> bool:
        return bool(self.dropped or self.added or self.mutated)


def _key_of(occurrences: tuple[AnchorOccurrence, ...]) -> dict[str, str]:
    return {a.text: a.key for a in occurrences}


def drift(old: SummaryFacts, new: SummaryFacts) -> Drift:
    """Dropped, added and mutated anchors: a mutation is a dropped and an added anchor with the
    same document key (``doc_7#L120-140`` became ``doc_7#L3-20``), the signature of a pointer
    re-derived from a rewritten buffer."""
    old_keys, new_keys = _key_of(old.anchors), _key_of(new.anchors)
    dropped = sorted(_gone(old.anchor_set, new.anchor_set))
    added = sorted(new.anchor_set - old.anchor_set)
    mutated: list[tuple[str, str]] = []
    for text in list(dropped):
        partner = next((a for a in added if new_keys.get(a) == old_keys.get(text)), None)
        if partner is not None:
            mutated.append((text, partner))
            dropped.remove(text)
            added.remove(partner)
    return Drift(tuple(dropped), tuple(added), tuple(mutated))


def _gone(old: frozenset[str], new: frozenset[str]) -> list[str]:
    """The anchors of ``old`` that ``new`` does not keep. A bare file name (``retry.py``) is
    kept by a path that ends in it (``src/net/retry.py``): agents name a file both ways, and
    a summary that keeps only the fuller name has lost nothing."""
    gone = old - new
    qualified = [text for text in new if "/" in text]
    return [
        text for text in gone if "/" in text or not any(q.endswith("/" + text) for q in qualified)
    ]


def listing(items: Iterable[str], limit: int = 5) -> str:
    """``a, b, c and 4 more``: messages name keys without flooding the terminal."""
    items = list(items)
    shown = ", ".join(items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def percent(value: float) -> str:
    return f"{value * 100:.0f}%"


def generation_records(*summaries: str, thread: str = "t1", start: int = 1) -> str:
    """JSON Lines generations of one thread, for rule examples and tests."""
    return "".join(
        json.dumps({"thread": thread, "generation": start + n, "summary": text}) + "\n"
        for n, text in enumerate(summaries)
    )
