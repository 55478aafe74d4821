"""anchorlint: lint compacted summaries and compactor code for anchors that no longer resolve.

The gate API for compaction pipelines is importable from the package itself
(``anchorlint.gate``, ``anchorlint.check_summary``, ``anchorlint.RecallGuaranteeViolation``);
it is loaded on first use so that ``import anchorlint`` stays cheap.
"""

from __future__ import annotations

from typing import Any

from anchorlint.version import __version__

__all__ = ["RecallGuaranteeViolation", "check_summary", "gate", "lint_batch", "__version__"]


def __getattr__(name: str) -> Any:
    if name in ("RecallGuaranteeViolation", "check_summary", "gate"):
        from anchorlint import api

        return getattr(api, name)
    if name == "lint_batch":  # pyarrow in, pyarrow out: loaded only when asked for
        from anchorlint.batch import lint_batch

        return lint_batch
    raise AttributeError(f"module 'anchorlint' has no attribute {name!r}")
