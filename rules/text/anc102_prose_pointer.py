"""ANC102 prose-pointer: "per the config" where a key should be."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from anchorlint.config import Settings
from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule
from anchorlint.summary import AnalysedSummary
from anchorlint.textmatch import first_per_sentence, quote, sentence_hits

DOCUMENT_NOUNS = """
doc docs document documents documentation spec specs specification config configs
configuration runbook runbooks playbook ledger log logs note notes memo report postmortem
post-mortem rfc readme changelog wiki ticket thread email transcript minutes handbook manual
guide policy contract proposal brief adr dashboard spreadsheet sheet writeup write-up appendix
diagram deck slides paper article audit schema notebook checklist roadmap charter file manifest
page chapter section table figure model analysis agreement draft export form recording invoice
review study survey benchmark evaluation retro retrospective announcement screenshot dump trace
record records notice letter catalog sow
""".split()
SECTION_WORDS = [
    "§",
    "section",
    "sections",
    "chapter",
    "appendix",
    "table",
    "figure",
    "fig",
    "page",
    "pages",
    "line",
    "lines",
    "paragraph",
    "clause",
    "row",
    "step",
    "item",
]
DESCRIBING_VERBS = [
    "described",
    "specified",
    "documented",
    "outlined",
    "defined",
    "detailed",
    "explained",
    "stated",
    "noted",
    "recorded",
    "shown",
    "listed",
    "captured",
    "written",
    "laid",
]
POINTING_WORDS = ["see", "cf.", "consult", "per", "according", "refer", "referring", "refers"]
DETERMINERS = ["the", "our", "this", "that", "its", "their", "his", "her"]


def _noun_phrase(nouns: list[str]) -> list[dict[str, Any]]:
    """A determiner, up to four modifiers ("the customer's admin console"), a document noun."""
    modifier = {"IS_PUNCT": False, "OP": "?"}
    return [{"LOWER": {"IN": DETERMINERS}}, *[modifier] * 4, {"LOWER": {"IN": nouns}}]


def _patterns(extra_nouns: tuple[str, ...]) -> list[tuple[str, list[list[dict[str, Any]]]]]:
    nouns = DOCUMENT_NOUNS + [n.lower() for n in extra_nouns]
    phrase = _noun_phrase(nouns)
    section = [{"LOWER": {"IN": SECTION_WORDS}}, {"LIKE_NUM": True}]
    section_sign = [{"TEXT": {"REGEX": r"^§\d"}}]
    return [
        (
            "see",
            [
                [{"LOWER": {"IN": ["see", "cf.", "consult"]}}, *phrase],
                [{"LOWER": {"IN": ["see", "cf.", "consult"]}}, *section],
                [{"LOWER": {"IN": ["see", "cf.", "consult"]}}, *section_sign],
            ],
        ),
        ("per", [[{"LOWER": "per"}, *phrase]]),
        ("according", [[{"LOWER": "according"}, {"LOWER": "to"}, *phrase]]),
        (
            "refer",
            [[{"LOWER": {"IN": ["refer", "referring", "refers"]}}, {"LOWER": "to"}, *phrase]],
        ),
        (
            "as-described",
            [
                [
                    {"LOWER": "as"},
                    {"LOWER": {"IN": DESCRIBING_VERBS}},
                    {"LOWER": {"IN": ["in", "by", "out"]}},
                    {"LOWER": "in", "OP": "?"},
                    *phrase,
                ]
            ],
        ),
        (
            "section-of",
            [
                [*section, {"LOWER": {"IN": ["of", "in"]}}, {"LOWER": {"IN": DETERMINERS}}],
                [*section_sign, {"LOWER": {"IN": ["of", "in"]}}, {"LOWER": {"IN": DETERMINERS}}],
            ],
        ),
    ]


def _builder(extra: tuple[str, ...]) -> Any:
    def build(vocab: Any) -> Any:
        from spacy.matcher import Matcher

        matcher = Matcher(vocab)
        for label, patterns in _patterns(extra):
            matcher.add(label, patterns, greedy="LONGEST")
        return matcher

    return build


class ProsePointer(TextRule):
    code: ClassVar[str] = "ANC102"
    name: ClassVar[str] = "prose-pointer"
    summary: ClassVar[str] = "A pointer to a source written as a description instead of a key"
    counts_as_elision: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            'Flags a sentence that points at a source by describing it ("per the config", '
            '"see §3.2 of the ledger", "line 120 of the log", "as described in the design doc") '
            "and prints no anchor."
        ),
        why=(
            'A description is not a key. The retriever cannot bind "the config" to a chunk, '
            "so the summary reads as sourced while the source is already unreachable."
        ),
        example="Per the config, retries are capped at five.",
        fix=(
            "Replace the description with the source's key, or add it: "
            "`Retries are capped at five ([[deploy/config.yaml#L12@sha256:…]]).`"
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("Per [[deploy/config.yaml]], retries are capped at five."),
        Example("According to the team, the rollout is on hold."),
        Example("See the [design doc](https://wiki.example.com/design/ledger) for the schema."),
        Example("Per the previous quarter's numbers, churn fell."),
        Example(
            "Retries are capped at five, per the config at deploy/config.yaml#L12@sha256:0a1b2c3d4e5f."
        ),
        Example("The `per the config` phrase is banned in our templates."),
        Example("We cut the timeout per customer request."),
        Example("The log volume doubled after the deploy."),
        Example("As described in [[design/ledger#sec-3.2]], entries are append-only."),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("Per the config, retries are capped at five."),
        Example("See §3.2 of the ledger for the rounding rule."),
        Example("The retry budget is documented (see section 4)."),
        Example("As described in the design doc, entries are append-only."),
        Example("According to the migration note, the index is rebuilt nightly."),
        Example("The stack trace is on line 120 of the log."),
        Example("Refer to the runbook before restarting the primary.", suffix=".txt"),
        Example("Ownership moved to payments, as recorded in the handoff notes."),
        Example('{"summary": "Per the incident report, the root cause was DNS."}', suffix=".jsonl"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        """Every pattern starts from one of these words (document nouns come after them)."""
        return (*POINTING_WORDS, *DESCRIBING_VERBS, *SECTION_WORDS)

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        extra = context.settings.text.extra_document_nouns
        hits = sentence_hits(summary, f"{self.code}:{extra}", _builder(extra))
        for hit in first_per_sentence(h for h in hits if not h.sentence.has_anchor):
            phrase = quote(summary.text[hit.start : hit.end])
            yield TextHit(
                hit.start,
                hit.end,
                f'"{phrase}" describes a source instead of naming it; cite it with an anchor '
                "(a key such as [[path#L12-20@sha256:…]]) in this sentence",
            )
