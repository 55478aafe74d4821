"""What every pass of one process shares: the settings, what they select, the enabled rules by
kind, the store and the spaCy pipeline (both opened on first use), and what a block must hold
for spaCy to parse it (the union of the enabled text rules' triggers: words and phrases).

The rules of a kind are imported when a file of that kind is first linted: a run over Python
files never imports the text rules (nor the regex engine and history code they import), and a
run over summaries never imports the code rules."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING

from anchorlint.config import Settings
from anchorlint.registry import rules_of_kind
from anchorlint.rulebase import CodeRule, RunRule, TextRule
from anchorlint.run.selection import Selection

if TYPE_CHECKING:
    from anchorlint.stores.protocol import Store
    from anchorlint.text.nlp import Pipeline


def store_configured(settings: Settings) -> bool:
    options = settings.store_options
    return bool(settings.store or options.path or options.plugin)


class LintContext:
    """Settings, selection, rules, store and pipeline of one process, kept between files."""

    def __init__(
        self,
        settings: Settings,
        store: Store | None = None,
        prefilter: bool = True,
        compact_facts: bool = False,
        pipeline: Pipeline | None = None,
    ) -> None:
        self.settings = settings
        self.prefilter = prefilter
        self.compact_facts = compact_facts
        self.selection = Selection.from_settings(settings)
        self._store = store
        self._store_opened = store is not None
        #: the spaCy pipeline, built on first use unless one is handed in (it is shared by
        #: callers that lint with several settings and the same model)
        self._pipeline: Pipeline | None = pipeline

    @cached_property
    def code_rules(self) -> list[CodeRule]:
        """The enabled code rules, in code order."""
        return [r for r in rules_of_kind("code", self.selection.enabled) if isinstance(r, CodeRule)]

    @cached_property
    def text_rules(self) -> list[TextRule]:
        """The enabled text rules, in code order."""
        return [r for r in rules_of_kind("text", self.selection.enabled) if isinstance(r, TextRule)]

    @cached_property
    def run_rules(self) -> list[RunRule]:
        """The enabled cross-file rules, in code order."""
        return [r for r in rules_of_kind("run", self.selection.enabled) if isinstance(r, RunRule)]

    @property
    def store(self) -> Store | None:
        """The store handed in, else the configured one (opened once), else None."""
        if not self._store_opened:
            self._store_opened = True
            from anchorlint.stores import open_store

            self._store = open_store(self.settings)
        return self._store

    @property
    def has_store(self) -> bool:
        return store_configured(self.settings) or bool(self._store)

    @property
    def pipeline(self) -> Pipeline:
        if self._pipeline is None:
            from anchorlint.text.nlp import Pipeline

            self._pipeline = Pipeline(self.settings.text.spacy_model)
        return self._pipeline

    @cached_property
    def needs_parse(self) -> Callable[[str], bool] | None:
        """Which blocks spaCy must parse: those holding a trigger of an enabled rule.

        None (parse everything) when any rule that will run cannot say, when the prefilter
        is off, or when an allowlist must see every sentence. A trained model's sentences
        are its own, so with one a phrase trigger asks for its words alone.
        """
        if not self.prefilter or self.settings.text.allow:
            return None
        from anchorlint.text.trigger_words import PhraseTrigger, TriggerFilter

        words: set[str] = set()
        phrases: list[PhraseTrigger] = []
        for rule in self.text_rules:
            if rule.needs_store and not self.has_store:
                continue
            triggers = rule.sentence_triggers(self.settings)
            if triggers is None:
                return None
            for trigger in triggers:
                if isinstance(trigger, str):
                    words.add(trigger.lower())
                elif self.settings.text.spacy_model:
                    words.update(w.lower() for w in trigger.words)
                else:
                    phrases.append(trigger)
        return TriggerFilter(words, phrases)
