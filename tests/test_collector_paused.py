"""The collector pause of the parent's bulk steps: what it made is old on the way out, and what
an import froze stays frozen.

Each case runs in a fresh interpreter: the collector's generations are process-wide, and the
test process has frozen or collected who knows what by the time it gets here.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_what_the_pause_made_is_old_and_no_young_collection_walks_it() -> None:
    out = _run(
        """
        import gc
        from anchorlint.run.runlevel import collector_paused
        gc.collect()  # every generation's count at zero: no older collection is due
        with collector_paused():
            rows = [[i, str(i)] for i in range(50_000)]
        _ = [[i] for i in range(2_000)]  # allocations that would set off a young collection
        oldest = {id(o) for o in gc.get_objects(2)}
        print(all(id(row) in oldest for row in rows), gc.isenabled(), gc.get_freeze_count() == 0)
        """
    )
    assert out == "True True True"


def test_objects_an_import_froze_stay_frozen() -> None:
    out = _run(
        """
        import gc
        from anchorlint.run.runlevel import collector_paused
        kept = [[i] for i in range(1_000)]
        gc.freeze()
        frozen = gc.get_freeze_count()
        with collector_paused():
            rows = [[i] for i in range(10_000)]
        print(gc.get_freeze_count() == frozen, gc.isenabled())
        """
    )
    assert out == "True True"


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    out = _run(
        """
        import gc
        from anchorlint.run.runlevel import collector_paused
        gc.disable()
        with collector_paused():
            rows = [[i] for i in range(10_000)]
        print(gc.isenabled(), gc.get_freeze_count())
        """
    )
    assert out == "False 0"
