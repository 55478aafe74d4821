"""spaCy imported and its English pipeline built with less than the defaults cost.

Every worker pays spaCy's start-up before its first parse, so at two jobs on small inputs it
is a large part of the run. Two parts of it do nothing for a linter: the command-line
package spaCy's ``__init__`` imports for one name, and the training-config fill and
validation of ``spacy.blank``. Both are skipped here with the same tokens as the plain
calls (``tests/test_parse_startup.py``).
"""

from __future__ import annotations

import threading
from typing import Any

#: held while spaCy is imported (see :func:`import_spacy`)
_IMPORTING = threading.Lock()


def import_spacy() -> Any:
    """``import spacy``, without the command-line interface where spaCy allows.

    spaCy's package imports its command line (typer, click, an HTTP client, a template
    engine: a third of ``import spacy``) for one name, ``spacy.info``. When its
    ``__init__`` asks nothing else of ``spacy.cli``, the import is given a bare package in
    its place for that once, and ``spacy.info`` imports the real one when called. No
    module the pipeline or the matchers use comes from the command line, so every token
    stays the same (``tests/test_parse_startup.py``).

    Threads may ask at once (the language server warms spaCy up in one while a lint asks in
    another): one lock lets a single import place the stand-ins, and a module already in
    ``sys.modules`` is imported again, not returned, so a caller waits for an import still
    under way instead of getting a half-made module."""
    import sys

    with _IMPORTING:
        if "spacy" in sys.modules:
            import spacy

            return spacy
        stubs = _cli_stubs()
        sys.modules.update(stubs)
        try:
            import spacy
        finally:
            for name, module in stubs.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
        return spacy


def _cli_stubs() -> dict[str, Any]:
    """Stand-ins for ``spacy.cli`` and ``spacy.cli.info``; none when spaCy's ``__init__``
    reads more of its command line than ``from .cli.info import info``."""
    import importlib.util
    from pathlib import Path
    from types import ModuleType

    spec = importlib.util.find_spec("spacy")
    if spec is None or spec.origin is None or not spec.submodule_search_locations:
        return {}
    try:
        source = Path(spec.origin).read_text(encoding="utf-8")
    except OSError:
        return {}
    if source.count("cli") != 1 or "\nfrom .cli.info import info  # noqa: F401\n" not in source:
        return {}
    cli = ModuleType("spacy.cli")
    cli.__path__ = [str(Path(location) / "cli") for location in spec.submodule_search_locations]
    info = ModuleType("spacy.cli.info")
    info.info = _spacy_info  # type: ignore[attr-defined]
    return {"spacy.cli": cli, "spacy.cli.info": info}


def _spacy_info(*args: Any, **kwargs: Any) -> Any:
    """``spacy.info``, from the real command line, imported on the first call."""
    from spacy.cli.info import info

    return info(*args, **kwargs)


def blank_english() -> Any:
    """``spacy.blank("en")``: the same Language class built with its own defaults, without
    filling in and validating a whole training config first (the same tokenizer and
    vocabulary, by ``tests/test_parse_startup.py``)."""
    from spacy.util import get_lang_class

    return get_lang_class("en")()
