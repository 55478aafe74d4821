"""Finds the rules: every module under ``anchorlint.rules`` defines exactly one rule class.

A rule module is named after its rule (``anc301_offset_from_compacted_buffer``: ANC301,
``offset-from-compacted-buffer``), so what a run needs to know before it lints anything
(which codes exist, their names, which are on by default) is read from the module names
(:func:`catalogue`) without importing a rule. The rules themselves are imported only for the
kinds of file a run meets (:func:`rules_of_kind`): a run over Python files never imports the
text rules, nor what they import. :func:`all_rules` imports every one (documentation, SARIF).

Everything is built on demand and returned immutable; nothing is global.
Importing a rule module must stay cheap (no spaCy, no LibCST at import time).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import NamedTuple

from anchorlint.rulebase import CodeRule, Rule, RunRule, TextRule

RULE_PACKAGES = (
    "anchorlint.rules.text",
    "anchorlint.rules.code",
    "anchorlint.rules.store",
    "anchorlint.rules.history",
)

#: the kind of the rules of each package (code, text, run) ...
PACKAGE_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "anchorlint.rules.text": "text",
        "anchorlint.rules.code": "code",
        "anchorlint.rules.store": "text",
        "anchorlint.rules.history": "run",
    }
)
#: ... but for the cross-file rules that live beside the text rules they belong with (a test
#: holds every rule's kind to these two declarations)
RUN_RULES_AMONG_TEXT = frozenset({"ANC107"})

#: rules that must be selected explicitly (``Rule.default_enabled = False``; a test holds
#: the classes to it): read before any rule is imported
DEFAULT_OFF_RULES: frozenset[str] = frozenset()

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


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class RuleEntry(NamedTuple):
    """A rule as its module's name tells it: code, name, and the module to import."""

    code: str
    name: str
    module: str

    @property
    def package(self) -> str:
        return self.module.rpartition(".")[0]

    @property
    def kind(self) -> str:
        """code, text or run, as declared for its package (see :data:`PACKAGE_KINDS`)."""
        return "run" if self.code in RUN_RULES_AMONG_TEXT else PACKAGE_KINDS[self.package]


def _entry(package_name: str, module_name: str) -> RuleEntry | None:
    """``anc301_offset_from_compacted_buffer`` → ANC301, ``offset-from-compacted-buffer``;
    None for a module not named after a rule (it is not one)."""
    prefix, _, rest = module_name.partition("_")
    if not (prefix.startswith("anc") and prefix[3:].isdigit() and rest):
        return None
    return RuleEntry(prefix.upper(), rest.replace("_", "-"), f"{package_name}.{module_name}")


@lru_cache(maxsize=1)
def catalogue() -> Mapping[str, RuleEntry]:
    """Every rule by code, from the rule packages' module names: nothing imported but the
    (empty) packages themselves."""
    import pkgutil

    entries: dict[str, RuleEntry] = {}
    for package_name in RULE_PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.iter_modules(package.__path__):
            entry = _entry(package_name, info.name)
            if entry is None:
                continue
            if entry.code in entries:
                raise RuntimeError(f"duplicate rule code {entry.code}")
            entries[entry.code] = entry
    return MappingProxyType(dict(sorted(entries.items())))


@cache
def _rule_in(module_name: str) -> Rule:
    """The one rule class of a rule module, instantiated once (rules are stateless)."""
    module = importlib.import_module(module_name)
    found = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type)
        and issubclass(obj, Rule)
        and obj not in (Rule, TextRule, CodeRule, RunRule)
        and obj.__module__ == module.__name__
        and getattr(obj, "code", None)
    ]
    if len(found) != 1:
        raise RuntimeError(f"{module_name} must define exactly one rule, not {len(found)}")
    return found[0]()


def rules_of_kind(kind: str, codes: Iterable[str]) -> list[Rule]:
    """The rules of ``kind`` (code, text, run) among ``codes``, in code order: only their
    modules are imported."""
    wanted = set(codes)
    return [
        _rule_in(entry.module)
        for code, entry in catalogue().items()
        if code in wanted and entry.kind == kind
    ]


@lru_cache(maxsize=1)
def all_rules() -> Mapping[str, Rule]:
    """Every rule, by code, instantiated once (rules are stateless)."""
    rules: dict[str, Rule] = {}
    for code, entry in catalogue().items():
        rule = _rule_in(entry.module)
        if rule.code != code:
            raise RuntimeError(f"{entry.module} defines {rule.code}, not {code}")
        rules[code] = rule
    return MappingProxyType(rules)


def family_codes(family: str) -> tuple[str, ...]:
    """The codes of the rules in one family (``history``: the modules of
    ``anchorlint.rules.history``), in code order."""
    package = f"anchorlint.rules.{family}"
    return tuple(code for code, entry in catalogue().items() if entry.package == package)


@lru_cache(maxsize=1)
def known_codes() -> frozenset[str]:
    """Every selectable code: the rules' and the engine's."""
    return frozenset(catalogue()) | frozenset(ENGINE_CODES)


def default_enabled(code: str) -> bool:
    """Whether ``code`` (a rule's or the engine's) is on when nothing selects it."""
    if code in ENGINE_CODES:
        return code not in ENGINE_DEFAULT_OFF
    return code not in DEFAULT_OFF_RULES


def rule_name(code: str) -> str:
    entry = catalogue().get(code)
    if entry is not None:
        return entry.name
    return ENGINE_CODES.get(code, ("", ""))[0]
