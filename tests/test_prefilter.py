"""The prefilter (parse only blocks that can trigger a rule) never changes a finding."""

from __future__ import annotations

from pathlib import Path

import hypothesis
import hypothesis.strategies
import pytest

from anchorlint.config import Settings, TextSettings
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths

CORPUS = Path(__file__).parent / "corpus"


def _both(root: Path, settings: Settings) -> tuple[list[object], list[object]]:
    files = list(discover([str(root)], settings))
    on = lint_paths(files, settings, jobs=1, prefilter=True).collect().findings
    off = lint_paths(files, settings, jobs=1, prefilter=False).collect().findings
    return on, off


def test_prefilter_keeps_every_finding_on_the_text_corpus() -> None:
    on, off = _both(CORPUS / "text", Settings(root=str(CORPUS / "text")))
    assert on == off and len(on) > 50


def test_prefilter_keeps_every_finding_on_the_code_corpus() -> None:
    on, off = _both(CORPUS / "code", Settings(root=str(CORPUS / "code")))
    assert on == off and len(on) > 20


@pytest.mark.parametrize("folder", ["agents", "compactors"])
def test_prefilter_keeps_every_finding_on_the_other_corpora(folder: str) -> None:
    """With the trigger prefilter and without it, the same findings on every corpus."""
    on, off = _both(CORPUS / folder, Settings(root=str(CORPUS / folder)))
    assert on == off and len(on) > 20


def test_prefilter_respects_user_lexicon_extensions(tmp_path: Path) -> None:
    (tmp_path / "s.md").write_text("The gist was covered upthread, so we skipped it.\n")
    text = TextSettings(extra_anaphora=("covered upthread",))
    on, off = _both(tmp_path, Settings(root=str(tmp_path), text=text))
    assert [f.code for f in on] == [f.code for f in off]
    assert "ANC101" in [f.code for f in on]


_WORDS = ("as noted", "above", "the former", "§4", "cf.", "KELVIN", "straße", "ſee")


def _reference(words: tuple[str, ...]) -> object:
    import regex

    word = r"[\p{L}\p{N}\p{M}]"  # what spaCy never splits from a letter: not "_", nor "Ⓐ"

    def bounded(w: str) -> str:
        # an end that is a sign ("§", "cf.") needs no boundary: spaCy splits it off
        before = f"(?<!{word})" if regex.fullmatch(word, w[0]) else ""
        after = f"(?!{word})" if regex.fullmatch(word, w[-1]) else ""
        return before + regex.escape(w.lower()) + after

    alternatives = "|".join(bounded(w) for w in sorted(words, key=len, reverse=True))
    return regex.compile(f"(?:{alternatives})", regex.IGNORECASE)


@hypothesis.settings(max_examples=400, deadline=None)
@hypothesis.given(
    hypothesis.strategies.lists(
        hypothesis.strategies.sampled_from(
            [
                *_WORDS,
                "As Noted",
                "ABOVE",
                "\u212aelvin",
                "see",
                "§",
                "_",
                " ",
                ".",
                "x",
                "é",
                "Ⓐ",
                "5",
            ]
        ),
        max_size=12,
    )
    | hypothesis.strategies.text(max_size=40)
)
def test_trigger_filter_answers_as_the_case_insensitive_union(pieces: list[str] | str) -> None:
    """The ASCII fast path never changes which texts hold a trigger word."""
    from anchorlint.text.trigger_words import TriggerFilter

    text = "".join(pieces)
    reference = _reference(_WORDS)
    assert TriggerFilter(_WORDS)(text) == (reference.search(text) is not None)  # type: ignore[attr-defined]
