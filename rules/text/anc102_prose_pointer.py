"""ANC102 prose-pointer: "per the config" where a key should be.

Its phrases, the words that must follow them, the searches by description and its triggers
are in :mod:`anchorlint.text.prose_pointers`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.anchor_parts import Anchor
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule
from anchorlint.text.described_sources import described_source, sentence_searches
from anchorlint.text.own_figures import own_figures, points_to_own_figure
from anchorlint.text.own_headings import names_own_section, own_titles
from anchorlint.text.prose_pointers import (
    PHRASE_TRIGGERS,
    document_nouns,
    pointer_end,
    pointer_phrases,
)
from anchorlint.text.quoted_speech import spoken
from anchorlint.text.section_numbers import (
    names_its_document,
    own_sections,
    points_to_own_section,
    section_number,
)
from anchorlint.text.statute_sections import statute_signs
from anchorlint.text.trigger_words import PhraseTrigger


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
        Example("Both keys refer to the same entry in the ledger."),
        Example("See the table below for the owners."),
        Example("The steps are as described in the following section."),
        Example("The order is fixed (see Rollout section below)."),
        Example("As outlined in this summary, the pool stays at forty."),
        Example("Details are in the table below."),
        Example("More details are in the works for the next sprint."),
        Example("The specifics are in the following section."),
        Example("Details on the config change: the pool grows to forty."),
        Example(
            "## 2. Rollout\n\nThe canary goes first.\n\n## 3. Open items\n\n"
            "The timeout stays open; see §2 for the order.",
            note="§2 is the summary's own numbered section",
        ),
        Example(
            "The §179 expensing cap phases out above the threshold; §7216 consent comes first.",
            note="sections of a code of law are citations, not a dropped document's",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("Per the config, retries are capped at five."),
        Example("See §3.2 of the ledger for the rounding rule."),
        Example("The retry budget is documented (see section 4)."),
        Example(
            "## Status\n\nThe retry budget is documented (see Retries section).",
            note="the summary has no Retries section of its own",
        ),
        Example("As described in the design doc, entries are append-only."),
        Example("Wire the dead-letter handler described in the design doc."),
        Example("According to the migration note, the index is rebuilt nightly."),
        Example("The stack trace is on line 120 of the log."),
        Example("Refer to the runbook before restarting the primary.", suffix=".txt"),
        Example("Please refer to the same runbook before the second restart."),
        Example("Per the table above, two regions are green."),
        Example("As outlined in this runbook, the pool stays at forty."),
        Example("Ownership moved to payments, as recorded in the handoff notes."),
        Example('{"summary": "Per the incident report, the root cause was DNS."}', suffix=".jsonl"),
        Example("Rate limits follow the partner's rules (spec §4.2)."),
        Example("The crash is at line 88 (in the upload handler)."),
        Example("Details are in the design doc."),
        Example("More details in the runbook."),
        Example("The specifics are kept on the wiki."),
        Example("The rationale is written up in the ADR.", suffix=".txt"),
        Example("As documented in the API reference, tokens expire hourly."),
        Example("Per the PRD, exports stream by default."),
        Example(
            "## 1. Status\n\nThe rounding rule follows §4.2 of the ledger.",
            note="the summary has no section 4.2 of its own",
        ),
    )

    def phrases(self, settings: Settings) -> dict[str, list[str]]:
        return pointer_phrases()

    def sentence_triggers(self, settings: Settings) -> tuple[str | PhraseTrigger, ...]:
        """Every pattern starts from one of these words (document nouns come after them),
        in the phrases of :data:`~anchorlint.text.prose_pointers.PHRASE_TRIGGERS`."""
        # "§4.2" holds no word: its numbered forms are the triggers ("§4" before ".2")
        numbered = tuple(f"§{number}" for number in range(100))
        return (*PHRASE_TRIGGERS, *numbered)

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.text.match import end_offset, quote, rule_matcher, sentence_hits

        nouns = document_nouns(context.settings.text.extra_document_nouns)
        statutes = statute_signs(summary.masked, nouns)  # "§179": a code's, not a source's
        # the earliest (then longest) pointer of each sentence: hits come earliest first
        chosen: dict[int, tuple[PhraseHit, int]] = {}
        name, build = rule_matcher(self, context)
        for hit in sentence_hits(summary, name, build, unanchored=True):
            if hit.label == "section" and hit.start in statutes:
                continue  # "§ 1250 of the Code", "§1250/28%": a section of a code of law
            kept = chosen.get(hit.sentence.index)
            if kept is not None and hit.token_start > kept[0].token_start:
                continue
            stop = pointer_end(hit, nouns)
            if stop is not None and (kept is None or stop > kept[1]):
                chosen[hit.sentence.index] = (hit, stop)
        spans = {
            index: (hit.start, end_offset(hit.sentence, hit.doc, stop))
            for index, (hit, stop) in chosen.items()
        }
        for sentence, searches in sentence_searches(summary):
            if sentence.index in spans or sentence.anchors:
                continue
            span = described_source(summary.masked, sentence, nouns, searches, statutes)
            if span is not None:
                spans[sentence.index] = span
        sections = own_sections(summary) if spans else frozenset()
        titles = own_titles(summary) if spans else frozenset()
        figures = own_figures(summary) if spans else frozenset()
        for index in sorted(spans):
            start, end = spans[index]
            if spoken(summary, start):
                continue  # `- "i see the problem in my .env file"`: the user's words, kept
            if _labels_its_heading(summary, index, start, end, nouns):
                continue  # "### § S25 acceptance criteria": the heading's own label
            if sections and points_to_own_section(summary.text, start, end, sections, nouns):
                continue  # "see §1.4" in a summary with a "## 1.4" heading of its own
            if titles and names_own_section(summary.text, start, end, titles, nouns):
                continue  # "see the Testing section" in a summary with a "## Testing"
            if figures and points_to_own_figure(summary.text, start, end, figures, nouns):
                continue  # "(see Figure 6-6)" in a book whose caption "Figure 6-6 …" it holds
            number = section_number(summary.text, start, end)
            if (
                number is not None
                and not names_its_document(summary.text, number.start(), number.end(), nouns)
                and not _names_a_document(summary, index, start, nouns)
                and _document_named_before(summary, index)
            ):
                continue  # "- `GUIDE.md`: … §2.1 has the risk table": GUIDE.md's section
            if number is not None and _named_by_its_stem(summary, number.start()):
                continue  # "(REBUILD_PLAN §10)" where the note links REBUILD_PLAN.md
            phrase = quote(summary.text[start:end])
            yield TextHit(
                start,
                end,
                f'"{phrase}" describes a source instead of naming it; cite it with an anchor '
                "(a key such as [[path#L12-20@sha256:…]]) in this sentence",
            )


def _labels_its_heading(
    summary: AnalysedSummary, index: int, start: int, end: int, nouns: frozenset[str]
) -> bool:
    """Whether the pointer is a section sign that opens a heading ("## §B.1 — Discovery",
    "### § S25 acceptance criteria"): the label of the section the heading begins, not a
    pointer to another document's, unless a document noun names its owner ("## §4.2 of the
    runbook")."""
    block = summary.sentences[index].block
    if summary.source.blocks[block].kind != "heading" or block >= len(summary.block_starts):
        return False
    begin = summary.block_starts[block]
    if not summary.text.startswith("§", start) or start - begin > _HEADING_LEAD:
        return False  # a sign far into a heading's line is no label of it (and not re-read)
    return not summary.text[begin:start].strip(" \t*_`") and not names_its_document(
        summary.text, start, end, nouns
    )


#: how far into its heading a section sign that labels it may stand (emphasis, spaces)
_HEADING_LEAD = 16


def _names_a_document(
    summary: AnalysedSummary, index: int, start: int, nouns: frozenset[str]
) -> bool:
    """Whether the pointer's own clause describes a document before it ("listed in the ops
    handbook (see section 2)"): the section is that document's, not one named before. A
    document that acts on the section ("needs an ADR that amends §2", "an ADR amending §2")
    is not its owner: the section is still the one named before."""
    sentence = summary.sentences[index]
    clause = summary.masked[sentence.start : start].rsplit(";", 1)[-1]  # its own clause
    words = [word.strip("()[]{},.;:!?\"'*_`") for word in clause.lower().split()]
    last = len(words) - 1
    return any(
        word in nouns and not (last - at <= 2 and _acts_on_the_section(words[at + 1 :]))
        for at, word in enumerate(words)
    )


#: what opens a clause in which a document acts on the section after it: "an ADR that
#: amends §2", "a PR to rewrite §4"
_ITS_DOING = frozenset({"that", "which", "to"})
#: words that put the section inside the document they follow ("the handbook, see §2", "the
#: spec in §4"): a verb of acting on it is none of these
_CONTAINING = frozenset(
    """
see cf cf. in of at under per from on by and or its their the this that including containing
during following
""".split()
)


def _acts_on_the_section(words: list[str]) -> bool:
    """Whether the words between a document noun and the section are a verb acting on the
    section: "that amends", "which rewrites", "to update", "amending" (the section follows
    at once)."""
    verb = words[-1] if words else ""
    if not verb.isalpha() or verb in _CONTAINING:
        return False
    if len(words) == 1:
        return verb.endswith("ing")
    return len(words) == 2 and words[0] in _ITS_DOING


def _document_named_before(summary: AnalysedSummary, index: int) -> bool:
    """Whether an earlier sentence of the same block (a list item, a paragraph) names a
    document by its key: a bare "§2.1" after it is that document's section, as "line 42" is
    the line of the file its list item names."""
    block = summary.sentences[index].block
    for sentence in reversed(summary.sentences[:index]):
        if sentence.block != block:
            return _document_heads_the_list(summary, block)
        if any(anchor.form in _DOCUMENT_FORMS for anchor in sentence.anchors):
            return True
    return _document_heads_the_list(summary, block)


#: how many blocks back a nested item's parent is looked for (its siblings and their own
#: children lie between)
_PARENT_REACH = 12
#: what a document a list of sections belongs to is written in (a source file has no
#: sections: "restoring the charter on world.ts:" over "- §13.14 amend" names the spec's)
_DOCUMENT_EXTENSIONS = frozenset({"md", "markdown", "mdx", "txt", "rst", "adoc", "org", "pdf"})


def _document_heads_the_list(summary: AnalysedSummary, block: int) -> bool:
    """Whether the block is a list item under a line that names a document by its key and
    ends on a colon ("- **`DECISIONS.md` amendments**:" over "  - § 7: adds the module
    map", or a paragraph "Spec amendments (DECISIONS.md):" over its list): the items list
    the document's sections, as a bare "§2.1" after "`GUIDE.md`:" in one item is its
    section. That line is the nearest block before it that starts left of it, on an earlier
    line, with no heading between."""
    starts = summary.block_starts
    line, column = summary.locate(starts[block])
    if column <= 1:
        return False
    blocks = summary.source.blocks
    for earlier in range(block - 1, max(block - _PARENT_REACH, 0) - 1, -1):
        if blocks[earlier].kind == "heading":
            return False
        at_line, at_column = summary.locate(starts[earlier])
        if at_line >= line:
            return False  # a cell of the same table row
        if at_column >= column:
            continue  # a sibling item, or a child of one
        if not blocks[earlier].text.rstrip(" *_").endswith(":"):
            return False
        return any(
            _a_document(anchor)
            for sentence in summary.sentences
            if sentence.block == earlier
            for anchor in sentence.anchors
        )
    return False


def _a_document(anchor: Anchor) -> bool:
    """Whether the anchor names a document that has sections: a link, a wiki key or a URI,
    or a path to a file written in prose (``DECISIONS.md``), not to source code."""
    if anchor.form in ("link", "wiki", "uri"):
        return True
    if anchor.form not in ("path", "pointer"):
        return False
    name = anchor.key.split("#", 1)[0].rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[-1].lower() in _DOCUMENT_EXTENSIONS


def _named_by_its_stem(summary: AnalysedSummary, start: int) -> bool:
    """Whether the word right before a section number is the name, without its extension, of
    a file the summary anchors (``REBUILD_PLAN §10`` in a note that links
    ``REBUILD_PLAN.md``): the document is named by its key, written short."""
    before = summary.text[max(0, start - 80) : start].split()
    if not before:
        return False
    word = before[-1].strip("(*_`[").lower()
    if word in ("§", "section") and len(before) > 1:
        word = before[-2].strip("(*_`[").lower()
    if len(word) < 3:
        return False
    for anchor in summary.anchors:
        if anchor.form in _DOCUMENT_FORMS:
            name = anchor.key.rsplit("/", 1)[-1].split("#", 1)[0]
            if name.rsplit(".", 1)[0].lower() == word:
                return True
    return False


#: anchor kinds that name a document a section may belong to
_DOCUMENT_FORMS = frozenset({"path", "link", "wiki", "uri", "pointer"})
