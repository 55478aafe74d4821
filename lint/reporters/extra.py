"""The optional output formats, gathered for ``anchorlint.reporters.available()``.

Each is named here with the module that holds it, and imported only when a run asks for it:
a run reporting in the default format never loads SARIF's or the full format's code.
"""

from __future__ import annotations

import importlib

from anchorlint.reporters.base import Reporter

#: format name -> (module, function)
MODULES: dict[str, tuple[str, str]] = {
    "sarif": ("anchorlint.reporters.sarif", "sarif"),
    "github": ("anchorlint.reporters.github", "github"),
    "full": ("anchorlint.reporters.full", "full"),
    "parquet": ("anchorlint.reporters.parquet", "parquet"),
}


def load(name: str) -> Reporter:
    """The reporter of format ``name`` (one of :data:`MODULES`)."""
    module, function = MODULES[name]
    reporter: Reporter = getattr(importlib.import_module(module), function)
    return reporter
