"""Summary-named functions of the module that only look a made summary up.

``def _extract_summary_text(self, msgs)`` that walks a message list and returns the content
of the one marked as the summary makes no summary: it finds one another call made. Its name
holds ``summary`` after a verb, so by name alone (RULES.md, "Names") it would be a
summarizer, and a summary handed to it a second pass (ANC306), a tool result handed to it a
rewrite (ANC303). ``extract`` is read as finding, not making, only where the module's own
definition says so: every call in its body is a builtin or a string or pattern operation,
so no model (nor anything this module cannot read) is asked. An ``extract_summary(doc)``
that calls a model, a helper or a library still summarizes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.names import NameSets
from anchorlint.code.text_coders import only_string_operations

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: first words of a name that find a summary among other things rather than make one
_FINDING_VERBS = frozenset({"extract"})


def summary_lookups(
    functions: Iterable[FunctionInfo], names: NameSets, module: AnalysedModule
) -> frozenset[str]:
    """The lower-cased names (leading underscores removed) of the module's functions named
    ``extract_…summary…`` whose every definition only looks the summary up."""
    verdicts: dict[str, bool] = {}
    for info in functions:
        key = info.name.lstrip("_").lower()
        words = [w for w in key.split("_") if w]
        if not words or words[0] not in _FINDING_VERBS or not names.is_summarizer(key):
            continue
        verdicts[key] = verdicts.get(key, True) and _only_looks_up(info.node, module)
    return frozenset(key for key, lookup in verdicts.items() if lookup)


def _only_looks_up(function: cst.FunctionDef, module: AnalysedModule) -> bool:
    """The body returns a value and calls nothing but builtins and string or pattern
    operations, as :func:`~anchorlint.code.text_coders.only_string_operations` reads them (a
    stub that returns nothing may be overridden by one that asks a model)."""
    returns = any(
        isinstance(node, cst.Return) and node.value is not None for node in walk(function.body)
    )
    return returns and only_string_operations(function, module)
