"""What every pool worker would load for its first summary, loaded once before they fork.

A worker's first summary costs it spaCy's import and pipeline (about half a second, 3 G
instructions), the text rules and their phrase table, and the patterns compiled on first use.
Each of two workers paid it at once, on the same two cores, at the start of every run: a fifth
of the instructions of a two-job run over 5 MB of short summaries. Forked workers share the
parent's memory, so the parent loads it all once, before the pool starts, and each worker
lints with the parent's own :class:`~anchorlint.run.engine.Worker` (see
:mod:`anchorlint.run.pool`). Where workers are spawned instead of forked (macOS, Windows, or a
start method chosen by the user), nothing is loaded here: it would not reach them.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence

from anchorlint.run.engine import Worker
from anchorlint.run.jobs import Job
from anchorlint.run.kinds import kind_of

#: a summary of a few lines, linted once and dropped: it takes the route every summary takes
#: (front end, anchors, the spaCy pipeline, the rules), so what that route loads on first
#: use is loaded by the time workers fork (the rules' phrase matcher, which a summary builds
#: only when a rule matches it, is built on its own: :func:`prepare`)
SAMPLE_PATH = "<warm-up>.md"
SAMPLE = "# Notes\n\nThe change in `run.py` is above; see docs/notes.md:12 for the rest.\n"


def inherits_parent() -> bool:
    """Whether pool workers start as forks of this process (and so share what it loaded)."""
    return multiprocessing.get_start_method() == "fork"


def prepare(worker: Worker, jobs: Sequence[Job]) -> bool:
    """Load what the jobs' summaries will need, when workers will inherit it; True when
    something was loaded (the workers then lint with ``worker``)."""
    if not inherits_parent() or not _has_summaries(jobs) or not worker.context.text_rules:
        return False
    from anchorlint.run.textpass import build_phrase_matchers

    try:
        worker.context.pipeline.nlp  # noqa: B018 - built here, before the fork, on purpose
        worker.lint_text(SAMPLE_PATH, SAMPLE)
        build_phrase_matchers(worker.context)
    except Exception:  # noqa: BLE001 - each worker then meets it on its first file, and reports it there
        return False
    return True


def _has_summaries(jobs: Sequence[Job]) -> bool:
    """Whether any job is a file the text rules read (told by its name, as discovery did)."""
    for job in jobs:
        kind = kind_of(job.path)
        if kind is not None and kind.rules == "text":
            return True
    return False
