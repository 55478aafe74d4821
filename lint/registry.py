"""Finds the rules: every module under ``anchorlint.rules`` defines exactly one rule class.

The registry is built on demand and returned as an immutable mapping; nothing is global.
Importing a rule module must stay cheap (no spaCy, no LibCST at import time).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType

from anchorlint.rulebase import CodeRule, Rule, RunRule, TextRule

RULE_PACKAGES = (
    "anchorlint.rules.text",
    "anchorlint.rules.code",
    "anchorlint.rules.store",
    "anchorlint.rules.history",
)

#: engine codes: not rules, but selectable and documented like them
ENGINE_CODES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "ANC001": ("unreadable-file", "a file that cannot be read as UTF-8 text"),
        "ANC002": ("syntax-error", "Python that does not parse, or a malformed JSON record"),
        "ANC003": (
            "unused-suppression",
            "a suppression naming an unknown code or suppressing nothing",
        ),
        "ANC004": (
            "opaque-summary",
            "a summary whose text is encrypted or withheld (a remote compaction)",
        ),
    }
)
ENGINE_DEFAULT_OFF = frozenset({"ANC003"})


def _rule_classes(package_name: str) -> Iterable[type[Rule]]:
    package = importlib.import_module(package_name)
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{package_name}.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(obj, Rule)
                and obj not in (Rule, TextRule, CodeRule, RunRule)
                and obj.__module__ == module.__name__
                and getattr(obj, "code", None)
            ):
                yield obj


@lru_cache(maxsize=1)
def all_rules() -> Mapping[str, Rule]:
    """Every rule, by code, instantiated once (rules are stateless)."""
    rules: dict[str, Rule] = {}
    for package_name in RULE_PACKAGES:
        for cls in _rule_classes(package_name):
            if cls.code in rules:
                raise RuntimeError(f"duplicate rule code {cls.code}")
            rules[cls.code] = cls()
    return MappingProxyType(dict(sorted(rules.items())))


def family_codes(family: str) -> tuple[str, ...]:
    """The codes of the rules in one family (``history``: the modules of
    ``anchorlint.rules.history``), in code order."""
    package = f"anchorlint.rules.{family}"
    return tuple(
        code
        for code, rule in all_rules().items()
        if type(rule).__module__.startswith(package + ".")
    )


def known_codes() -> frozenset[str]:
    return frozenset(all_rules()) | frozenset(ENGINE_CODES)


def rule_name(code: str) -> str:
    rule = all_rules().get(code)
    if rule is not None:
        return rule.name
    return ENGINE_CODES.get(code, ("", ""))[0]
