"""The parse gate by phrase: a block spaCy does not parse (one sentence) gives the findings,
elision counts and density it would give parsed.

The rules declare phrase triggers (a word, and the pattern its phrase matches around it in
the lower-cased block); summaries linted with the gate and with every block parsed must agree
on every corpus and on text built to sit at the patterns' edges: words glued to letters,
digits, underscores and symbols, split-off pieces ("thatll"), capitals, line breaks,
punctuation between words, the words of the world after "the previous".
"""

from __future__ import annotations

from pathlib import Path

import hypothesis
import hypothesis.strategies as st
import pytest

from anchorlint.config import Settings, TextSettings
from anchorlint.run.context import LintContext
from anchorlint.run.discovery import discover
from anchorlint.run.engine import Worker
from anchorlint.run.pool import lint_paths
from anchorlint.text import anaphora, prose_pointers
from anchorlint.text.nlp import Pipeline

ROOT = Path(__file__).parent.parent
FOLDERS = sorted(p for p in (ROOT / "tests" / "corpus").iterdir() if p.is_dir())


@pytest.mark.parametrize("folder", [*FOLDERS, ROOT / "examples"], ids=lambda p: p.name)
def test_gate_keeps_every_finding_on_every_corpus(folder: Path) -> None:
    settings = Settings(root=str(folder))
    files = list(discover([str(folder)], settings))
    on = lint_paths(files, settings, jobs=1, prefilter=True).collect().findings
    off = lint_paths(files, settings, jobs=1, prefilter=False).collect().findings
    assert on == off


_PIPELINE = Pipeline()


def _both(text: str, suffix: str = ".md", settings: Settings | None = None) -> tuple:
    """(findings, facts) of one summary with the gate and with every block parsed."""
    settings = settings or Settings()
    results = []
    for prefilter in (True, False):
        worker = Worker(settings, prefilter=prefilter, pipeline=_PIPELINE)
        result = worker.lint_text("s" + suffix, text)
        results.append((result.findings, result.facts))
    return results[0], results[1]


def _phrases() -> list[str]:
    """Every phrase the two sentence rules match, one in five (a sample of each label)."""
    phrases = [p for group in anaphora.anaphora_phrases(()).values() for p in group]
    phrases += [p for group in prose_pointers.pointer_phrases().values() for p in group]
    return sorted(set(phrases))[::5] + ["the previous", "the former", "per the", "line"]


#: what may follow a phrase: the world, numbers, document nouns, split-off pieces
_AFTER = sorted(
    {
        *sorted(anaphora.WORLD_AFTER_ORDINAL)[::3],
        *anaphora.CONTEXT_NOUNS[::4],
        *prose_pointers.DOCUMENT_NOUNS[::9],
        "second",
        "release",
        "today",
        "12",
        "4.2",
        "one",
        "ll",
        "s",
        "nt",
        "d",
        "of",
        "in",
        "the",
        "log",
        "config",
        "time",
        "session",
        "above",
        "below",
        "earlier",
        "ve",
        "",
    }
)
#: what may stand between, before and after words
_JOINERS = [
    " ",
    " ",
    " ",
    "",
    "  ",
    "\n",
    "\n\n",
    "_",
    "-",
    ".",
    ",",
    ":",
    "(",
    ")",
    "5",
    "Ⓐ",
    "§",
    "é",
    "[[a/b]]",
    "`x`",
    '"',
    " etc. ",
    ". ",
    "; ",
    " of the ",
    " (in the ",
]


def _cased(text: str) -> st.SearchStrategy[str]:
    return st.sampled_from([text, text.capitalize(), text.upper(), text.title()])


def _spaced(phrase: str) -> st.SearchStrategy[str]:
    """The phrase with each space kept or made another joiner."""
    words = phrase.split(" ")
    gaps = st.lists(
        st.sampled_from([" ", " ", " ", "", "\n", "-", "  "]),
        min_size=len(words) - 1,
        max_size=len(words) - 1,
    )
    return gaps.map(lambda g: "".join(w + j for w, j in zip(words, [*g, ""], strict=True)))


_PIECE = st.tuples(
    st.sampled_from(_JOINERS),
    st.sampled_from(_phrases()).flatmap(_spaced).flatmap(_cased),
    st.sampled_from(_JOINERS),
    st.sampled_from(_AFTER).flatmap(_cased),
    st.sampled_from(_JOINERS),
).map("".join)
_TEXT = st.lists(_PIECE, min_size=1, max_size=3).map("".join)


@hypothesis.settings(max_examples=500, deadline=None)
@hypothesis.given(st.lists(_TEXT, min_size=1, max_size=3))
def test_gate_keeps_every_finding_on_phrases_at_their_edges(blocks: list[str]) -> None:
    """The rules' phrases glued every way to what may come around them, in blocks: gate and
    full parse agree, on the findings and on the facts (anchors, elisions) the run-level
    rules read."""
    for suffix, text in ((".md", "\n\n".join(blocks)), (".txt", " ".join(blocks))):
        gated, parsed = _both(text, suffix)
        assert gated == parsed


@pytest.mark.parametrize(
    "text",
    [
        "The stack trace is on _line 120 of the log.",
        # a section sign glued to the word after it: the gate asked for "§" as a whole word
        "[[a/b]] accordingto its.  §accordingto its",
        "Text here. §accordingto its",
        "The _aforementioned config caused the outage.",
        "The Ⓐaforementioned config caused the outage.",
        "Per thatll config, retries stop.",
        "Picking up where we left itll go.",
        "The previous\nrelease was reverted.",
        "The previous release. It shipped.",
        "The previous second session failed.",
        "The previous 12 sessions failed.",
        "Full logs are in the archive. Full logs are in the vault.",
        "Details are in the design doc. Details are in the runbook.",
        "See line 4 (of the log). Line 4(in the log) too.",
        "cf.the doc; cf . section 2.",
        "As noted before today. As noted. As we noted, it held.",
        "From earlier today.",
        # a section sign run on past a full stop spaCy splits off between two letters
        " As established  \n\n§agreedpreviously.A ",
        "See §4.2.Then the rest. Per §done.Next one.",
    ],
)
def test_gate_keeps_findings_at_the_tokenizers_edges(text: str) -> None:
    gated, parsed = _both(text)
    assert gated == parsed


def test_gate_skips_blocks_whose_phrases_are_all_the_world() -> None:
    """The blocks of the benchmark's shapes that hold trigger words but no phrase a rule
    keeps are not parsed; the ones with a phrase are."""
    gate = LintContext(Settings()).needs_parse
    assert gate is not None
    assert not gate("The previous release v2.7 showed the same spike on auth earlier today.")
    assert not gate("See XXXXXXXXXXXX for the full procedure. The failing step is doc_3.")
    assert not gate("Error rates on auth stayed above 5% for four minutes.")
    assert gate("As noted earlier, the retry budget stays at 35.")
    assert gate("Per the config, the pool holds 9 connections.")
    assert gate("The failing test is on line 12 of the log.")
    assert gate("The full logs are in the archive.")


def test_a_trained_model_asks_for_the_words_alone() -> None:
    """A trained model's sentences are its own: a phrase trigger's words alone decide."""
    text = TextSettings(spacy_model="en_core_web_sm")
    gate = LintContext(Settings(text=text)).needs_parse
    assert gate is not None
    assert gate("The previous release v2.7 showed the same spike.")


def test_user_phrases_ask_for_their_words() -> None:
    settings = Settings(text=TextSettings(extra_anaphora=("covered upthread",)))
    gated, parsed = _both("The gist was covered upthread, so we skipped it.", settings=settings)
    assert gated == parsed
    assert "ANC101" in [f.code for f in gated[0]]
