"""What a rule is: metadata, documentation, examples and a pure ``check``.

Rules never read files, print or exit. A text rule gets an analysed summary, a code rule an
analysed module, a run rule the facts every summary of the run exported. Each yields hits in
its own coordinates; the engine attaches the code, maps positions and applies suppressions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from textwrap import dedent
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from anchorlint.findings import Fix

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.prefilter import CodeTrigger
    from anchorlint.config import CodeSettings, Settings
    from anchorlint.facts import SummaryFacts
    from anchorlint.stores.protocol import Store
    from anchorlint.text.match import PhraseTable
    from anchorlint.text.summary import AnalysedSummary
    from anchorlint.text.trigger_words import PhraseTrigger


#: TextHit offset that stands for the start of the summary itself (a file, or a JSON record)
SUMMARY_START = -1


class TextHit(NamedTuple):
    """A text finding at character offsets ``start``..``end`` of the summary's prose.

    Summary-wide findings (density, completeness) use ``SUMMARY_START`` for both offsets.
    A named tuple, not a frozen dataclass: the rules make one a finding, thousands a
    megabyte, and a frozen ``__init__`` sets each field through ``object.__setattr__``.
    """

    start: int
    end: int
    message: str
    fix: Fix | None = None


@dataclass(frozen=True)
class CodeHit:
    """A code finding at 1-based line/column positions of the module."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str


@dataclass(frozen=True)
class LocatedHit:
    """A run-level finding at a known place in a known file."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    message: str


@dataclass(frozen=True)
class Example:
    """A rule example. ``source`` is a summary (``suffix`` .md/.txt/.json/.jsonl) or Python.

    ``store`` maps document keys to contents for rules that need a store; ``files`` adds
    sibling summaries for run-level rules. The test suite runs every example through the
    engine; ``line``, ``message`` and ``fixed`` pin more than "the code fires in the file".
    """

    source: str
    suffix: str = ".md"
    store: Mapping[str, str] | None = None
    files: Mapping[str, str] = field(default_factory=dict)
    note: str = ""
    #: for an invalid example, optionally: the 1-based line the finding is on, a fragment its
    #: message contains, and the example's source after its fix is applied
    line: int | None = None
    message: str = ""
    fixed: str | None = None


def python_example(source: str) -> Example:
    """A Python example as written indented inside a rule module: dedented, leading blank
    lines dropped."""
    return Example(source=dedent(source).lstrip(), suffix=".py")


@dataclass(frozen=True)
class RuleDoc:
    """A rule's page: what it flags, why it matters, an example and a fix."""

    what: str
    why: str
    example: str
    fix: str


class Rule:
    """Base class. Subclasses set the class attributes and implement one ``check`` method."""

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    doc: ClassVar[RuleDoc]
    valid: ClassVar[tuple[Example, ...]] = ()
    invalid: ClassVar[tuple[Example, ...]] = ()
    #: default-enabled; rules off by default must be selected explicitly
    default_enabled: ClassVar[bool] = True
    kind: ClassVar[str] = "text"
    #: whether its findings may carry a Fix (``check --fix``; ``anchorlint rule --list``)
    fixable: ClassVar[bool] = False


class TextRule(Rule):
    """Runs on one analysed summary.

    ``phase`` "sentence" rules run first; "summary" rules (density, completeness) run after
    suppressions were applied to the first phase, and see its surviving unanchored
    references in ``context.unanchored``. ``counts_as_elision`` marks rules whose hits are
    unanchored references (they count as elisions for density).
    """

    kind: ClassVar[str] = "text"
    phase: ClassVar[str] = "sentence"
    counts_as_elision: ClassVar[bool] = False
    needs_store: ClassVar[bool] = False

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        raise NotImplementedError

    def sentence_triggers(self, settings: Settings) -> tuple[str | PhraseTrigger, ...] | None:
        """What a block must hold for this rule to need its sentences parsed: words, and
        phrase triggers (patterns its phrases match in the lower-cased block).

        The engine parses only blocks that hold a trigger of some enabled rule: any other
        block, unparsed and so one sentence, must give the same findings as parsed. None (the
        safe default) means the rule may need sentences anywhere; () means never.
        """
        return None

    def phrases(self, settings: Settings) -> dict[str, list[str]]:
        """The phrases this rule finds with spaCy's PhraseMatcher, by label (lower-cased,
        as spaCy's tokenizer splits them); none by default.

        The enabled rules' phrases share one matcher, walked once per Doc for all of them
        (:class:`~anchorlint.text.match.PhraseTable`); a rule gets its own view of it with
        :func:`~anchorlint.text.match.rule_matcher`. A rule's labels are its own."""
        return {}


class CodeRule(Rule):
    """Runs on one analysed Python module."""

    kind: ClassVar[str] = "code"

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        raise NotImplementedError

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...] | None:
        """What a file's raw text must show for this rule to need it parsed.

        The engine parses only files in which a trigger of some enabled rule fires (see
        :mod:`anchorlint.code.prefilter`). None (the safe default) means the rule may fire in
        any file, so every file is parsed while it is enabled; () means never.
        """
        return None


class RunRule(Rule):
    """Runs once per run over the facts every summary exported (cross-file rules).

    A run with no summary (no facts) does not call it: it has nothing to compare.
    """

    kind: ClassVar[str] = "run"

    def check_run(
        self, facts: Sequence[SummaryFacts], settings: Settings, store: Store | None = None
    ) -> Iterator[LocatedHit]:
        raise NotImplementedError


@dataclass(frozen=True)
class TextContext:
    """What a text rule may consult besides the summary itself."""

    settings: Settings
    store: Store | None = None
    #: (code, sentence index) of unanchored references that survived suppression
    unanchored: frozenset[tuple[str, int]] = frozenset()
    #: the enabled rules' phrases, one matcher for all (None: each rule its own)
    phrases: PhraseTable | None = None
