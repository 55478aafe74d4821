"""The collector during a run: the parent's bulk steps pause it (what they made is old on
the way out, and what an import froze stays frozen), and linting collects young objects less
often (the limits restored after, a caller's own limit kept).

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
        from anchorlint.collector import collector_paused
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
        from anchorlint.collector import collector_paused
        kept = [[i] for i in range(1_000)]
        gc.freeze()
        frozen = gc.get_freeze_count()
        with collector_paused():
            rows = [[i] for i in range(10_000)]
        print(gc.get_freeze_count() == frozen, gc.isenabled())
        """
    )
    assert out == "True True"


def test_what_an_import_made_is_frozen_and_never_counted_again() -> None:
    """Counting the frozen objects walks every one of them: once this process froze what an
    import made, a pause neither counts nor thaws them."""
    out = _run(
        """
        import gc
        from anchorlint.collector import collector_paused, frozen_for_life
        with frozen_for_life():
            imported = [[i] for i in range(5_000)]
        frozen = gc.get_freeze_count()
        def walks():
            raise AssertionError("counted the frozen objects")
        count, gc.get_freeze_count = gc.get_freeze_count, walks
        with collector_paused():
            rows = [[i] for i in range(10_000)]
        gc.get_freeze_count = count
        print(frozen >= 5_000, gc.get_freeze_count() == frozen, gc.isenabled())
        """
    )
    assert out == "True True True"


def test_a_collector_turned_off_by_the_caller_stays_off() -> None:
    out = _run(
        """
        import gc
        from anchorlint.collector import collector_paused, frozen_for_life
        gc.disable()
        with frozen_for_life():
            imported = [[i] for i in range(1_000)]
        with collector_paused():
            rows = [[i] for i in range(10_000)]
        print(gc.isenabled(), gc.get_freeze_count())
        """
    )
    assert out == "False 0"


def test_a_lint_collects_young_objects_less_often_and_restores_the_limits() -> None:
    out = _run(
        """
        import gc
        from anchorlint.collector import LINT_YOUNG_LIMIT, collector_spaced
        gc.set_threshold(700, 10, 10)
        with collector_spaced():
            inside = gc.get_threshold()
        print(inside == (LINT_YOUNG_LIMIT, 10, 10), gc.get_threshold() == (700, 10, 10))
        """
    )
    assert out == "True True"


def test_a_limit_set_higher_or_to_zero_by_the_caller_is_kept() -> None:
    out = _run(
        """
        import gc
        from anchorlint.collector import LINT_YOUNG_LIMIT, collector_spaced
        kept = []
        for limit in (0, LINT_YOUNG_LIMIT * 5):
            gc.set_threshold(limit, 10, 10)
            with collector_spaced():
                kept.append(gc.get_threshold()[0] == limit)
        print(all(kept))
        """
    )
    assert out == "True"
