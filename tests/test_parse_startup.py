"""spaCy's start-up without its command line and without a config round trip changes no token.

:func:`~anchorlint.text.spacy_startup.import_spacy` imports spaCy with a bare stand-in for its command
line, and :func:`~anchorlint.text.spacy_startup.blank_english` builds the English class directly
instead of through ``spacy.blank("en")``. Both must leave every token, its attributes and the
tokenizer's rules as the ordinary way makes them.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import spacy

from anchorlint.text import spacy_startup
from anchorlint.text.spacy_startup import blank_english

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402

EDGES = (
    "Don't stop: e.g. U.S. vs. approx. 3.5% (see Fig. 2), etc. — “quoted” 'n' rock'n'roll!\n"
    "https://example.com/a?b=c#d user@example.com :) ;-) 10km $5 5$ C++ XXXXXXXX QQQ\t\n\n"
    "Ünïcödé façade naïve 東京 ١٢٣ ... … ?! ¿Qué? «guillemets» [[runbooks/db#L2-3]]"
)


def _texts() -> list[str]:
    rng = random.Random(5)
    return [EDGES, *(summary_markdown(rng, 2_000) for _ in range(3))] + [
        structured_summary(rng, 6_000) for _ in range(2)
    ]


def _tokens(nlp: Any, texts: list[str]) -> list[list[tuple]]:
    return [
        [
            (t.text, t.whitespace_, t.idx, t.is_punct, t.is_space, t.like_num, t.lower_, t.norm_)
            + (t.shape_, t.is_stop, t.is_alpha, t.like_url, t.prefix_, t.suffix_, t.lang_)
            for t in nlp.make_doc(text)
        ]
        for text in texts
    ]


def test_blank_english_tokenises_as_spacy_blank() -> None:
    ours, reference = blank_english(), spacy.blank("en")
    texts = _texts()
    assert _tokens(ours, texts) == _tokens(reference, texts)
    assert ours.tokenizer.rules == reference.tokenizer.rules
    for name in ("prefix_search", "suffix_search", "infix_finditer", "token_match", "url_match"):
        mine, theirs = getattr(ours.tokenizer, name), getattr(reference.tokenizer, name)
        assert _described(mine) == _described(theirs), name
    assert _getters(ours) == _getters(reference)
    assert ours.lang == reference.lang and ours.max_length == reference.max_length


def _getters(nlp: Any) -> dict[int, Any]:
    """The vocabulary's attribute getters, a partial as its function and arguments."""
    return {
        attr: (getter.func, getter.args, getter.keywords) if isinstance(getter, partial) else getter
        for attr, getter in nlp.vocab.lex_attr_getters.items()
    }


def _described(search: Any) -> Any:
    """A tokenizer's pattern method as its pattern, the pattern's text and the method's name
    (None stays None): patterns are equal when their compiled code, text and flags are."""
    owner = getattr(search, "__self__", None)
    if owner is None:
        return search
    return (owner, getattr(owner, "pattern", owner), search.__name__)


_DUMP = """
import json, sys
texts = json.loads(sys.stdin.read())
if sys.argv[1] == "ours":
    from anchorlint.text.nlp import Pipeline
    nlp = Pipeline().nlp
    import spacy
    assert not any(m.startswith("spacy.cli") for m in sys.modules), "spacy.cli imported"
    assert "typer" not in sys.modules
else:
    import spacy
    nlp = spacy.blank("en")
rows = [[[t.text, t.whitespace_, t.idx, t.is_punct, t.is_space, t.like_num, t.lower_, t.norm_,
          t.shape_, t.is_stop] for t in nlp.make_doc(text)] for text in texts]
from spacy.matcher import PhraseMatcher
matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
matcher.add("P", list(nlp.tokenizer.pipe(["as noted above", "the same"])))
hits = [[list(m[1:]) for m in matcher(nlp.make_doc(text))] for text in texts]
from spacy.cli.info import info
assert callable(info) and callable(spacy.info)
print(json.dumps([rows, hits]))
"""


def _dump(which: str, texts: list[str]) -> Any:
    done = subprocess.run(
        [sys.executable, "-c", _DUMP, which],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def test_spacy_without_its_command_line_tokenises_the_same() -> None:
    texts = _texts()
    assert _dump("ours", texts) == _dump("spacy", texts)


def test_command_line_stand_in_only_where_spacy_asks_for_info_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    init = tmp_path / "__init__.py"
    spec = SimpleNamespace(origin=str(init), submodule_search_locations=[str(tmp_path)])
    monkeypatch.setattr("importlib.util.find_spec", lambda name: spec)
    init.write_text("import sys\nfrom .cli.info import info  # noqa: F401\nx = 1\n")
    stubs = spacy_startup._cli_stubs()
    assert sorted(stubs) == ["spacy.cli", "spacy.cli.info"]
    assert stubs["spacy.cli"].__path__ == [str(tmp_path / "cli")]
    for other in (
        "from .cli.info import info  # noqa: F401\nfrom .cli import app\n",
        "from .cli import info\n",
        "import sys\n",
    ):
        init.write_text(other)
        assert spacy_startup._cli_stubs() == {}


def test_spacy_asked_for_by_two_threads_at_once_is_whole_in_both() -> None:
    """The language server warms spaCy up in a thread while a lint may ask for it: neither
    may get the module half made (an import under way is waited for, not returned)."""
    script = """
import threading
from anchorlint.text.spacy_startup import import_spacy
results = []
def ask():
    spacy = import_spacy()
    from spacy.language import Language
    results.append(Language.__name__)
threads = [threading.Thread(target=ask) for _ in range(3)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(results)
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.stdout.strip() == "['Language', 'Language', 'Language']", done.stderr[-2000:]


def test_blank_english_validates_exceptions_added_after_its_own() -> None:
    """Only spaCy's own exceptions, which ``spacy.blank`` validates, skip validation."""
    tokenizer = blank_english().tokenizer
    with pytest.raises(ValueError):
        tokenizer.add_special_case("ab", [{"ORTH": "x"}])
    tokenizer.add_special_case("ab", [{"ORTH": "a"}, {"ORTH": "b"}])
    assert [t.text for t in tokenizer("ab")] == ["a", "b"]


def test_blank_english_tokenizer_pickles_as_spacy_s() -> None:
    import pickle

    from spacy.tokenizer import Tokenizer

    tokenizer = pickle.loads(pickle.dumps(blank_english().tokenizer))
    assert type(tokenizer) is Tokenizer
    assert [t.text for t in tokenizer(EDGES)] == [t.text for t in spacy.blank("en")(EDGES)]


def test_blank_english_with_another_tokenizer_is_built_by_spacy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tokenizer factory registered over spaCy's own is not replaced by its steps."""
    from spacy.tokenizer import Tokenizer
    from spacy.util import get_lang_class, registry

    english = get_lang_class("en")
    assert spacy_startup._default_tokenizer(english)
    with monkeypatch.context() as patched:
        patched.setattr(registry, "get", lambda *args: lambda: None)
        assert not spacy_startup._default_tokenizer(english)
    monkeypatch.setattr(spacy_startup, "_default_tokenizer", lambda language: False)
    assert type(blank_english().tokenizer) is Tokenizer
