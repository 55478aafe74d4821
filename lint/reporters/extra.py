"""The optional output formats, gathered for ``anchorlint.reporters.available()``."""

from __future__ import annotations

from anchorlint.reporters.base import Reporter
from anchorlint.reporters.full import full
from anchorlint.reporters.github import github
from anchorlint.reporters.parquet import parquet
from anchorlint.reporters.sarif import sarif

REPORTERS: dict[str, Reporter] = {
    "sarif": sarif, "github": github, "full": full, "parquet": parquet,
}  # fmt: skip
