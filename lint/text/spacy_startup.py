"""spaCy imported and its English pipeline built with less than the defaults cost.

Every worker pays spaCy's start-up before its first parse, so at two jobs on small inputs it
is a large part of the run. Two parts of it do nothing for a linter: the command-line
package spaCy's ``__init__`` imports for one name, and the training-config fill and
validation of ``spacy.blank``. Both are skipped here with the same tokens as the plain
calls (``tests/test_parse_startup.py``).
"""

from __future__ import annotations

import threading
from typing import Any

#: held while spaCy is imported (see :func:`import_spacy`)
_IMPORTING = threading.Lock()


def import_spacy() -> Any:
    """``import spacy``, without the command-line interface where spaCy allows.

    spaCy's package imports its command line (typer, click, an HTTP client, a template
    engine: a third of ``import spacy``) for one name, ``spacy.info``. When its
    ``__init__`` asks nothing else of ``spacy.cli``, the import is given a bare package in
    its place for that once, and ``spacy.info`` imports the real one when called. No
    module the pipeline or the matchers use comes from the command line, so every token
    stays the same (``tests/test_parse_startup.py``).

    Threads may ask at once (the language server warms spaCy up in one while a lint asks in
    another): one lock lets a single import place the stand-ins, and a module already in
    ``sys.modules`` is imported again, not returned, so a caller waits for an import still
    under way instead of getting a half-made module."""
    import sys

    with _IMPORTING:
        if "spacy" in sys.modules:
            import spacy

            return spacy
        stubs = _cli_stubs()
        sys.modules.update(stubs)
        try:
            import spacy
        finally:
            for name, module in stubs.items():
                if sys.modules.get(name) is module:
                    del sys.modules[name]
        return spacy


def _cli_stubs() -> dict[str, Any]:
    """Stand-ins for ``spacy.cli`` and ``spacy.cli.info``; none when spaCy's ``__init__``
    reads more of its command line than ``from .cli.info import info``."""
    import importlib.util
    from pathlib import Path
    from types import ModuleType

    spec = importlib.util.find_spec("spacy")
    if spec is None or spec.origin is None or not spec.submodule_search_locations:
        return {}
    try:
        source = Path(spec.origin).read_text(encoding="utf-8")
    except OSError:
        return {}
    if source.count("cli") != 1 or "\nfrom .cli.info import info  # noqa: F401\n" not in source:
        return {}
    cli = ModuleType("spacy.cli")
    cli.__path__ = [str(Path(location) / "cli") for location in spec.submodule_search_locations]
    info = ModuleType("spacy.cli.info")
    info.info = _spacy_info  # type: ignore[attr-defined]
    return {"spacy.cli": cli, "spacy.cli.info": info}


def _spacy_info(*args: Any, **kwargs: Any) -> Any:
    """``spacy.info``, from the real command line, imported on the first call."""
    from spacy.cli.info import info

    return info(*args, **kwargs)


def blank_english() -> Any:
    """``spacy.blank("en")``: the same Language class built with its own defaults, without
    filling in and validating a whole training config first, and its tokenizer without
    validating spaCy's own exceptions (the same tokenizer and vocabulary, by
    ``tests/test_parse_startup.py``)."""
    from spacy.util import get_lang_class

    english = get_lang_class("en")
    if not _default_tokenizer(english):
        return english()
    return english(create_tokenizer=_english_tokenizer)


#: the tokenizer a blank pipeline's config names, unless a config or plugin changes it
_DEFAULT_TOKENIZER = {"@tokenizers": "spacy.Tokenizer.v1"}


def _default_tokenizer(language: Any) -> bool:
    """Whether ``language`` makes its tokenizer with spaCy's own factory, which
    :func:`_english_tokenizer` repeats."""
    from spacy.language import create_tokenizer
    from spacy.util import registry

    named = language.default_config["nlp"]["tokenizer"]
    return bool(
        named == _DEFAULT_TOKENIZER
        and registry.get("tokenizers", named["@tokenizers"]) is create_tokenizer
    )


def _english_tokenizer(nlp: Any) -> Any:
    """What ``spacy.Tokenizer.v1`` makes for ``nlp`` (its factory's own steps), as a
    :func:`_trusting_tokenizer` class, its affix patterns compiled as spaCy's
    ``compile_prefix_regex`` and the like join them, by :func:`compile_pattern`."""
    defaults = nlp.Defaults
    prefix, suffix, infix = _affix_patterns(defaults)
    return _trusting_tokenizer()(
        nlp.vocab,
        rules=defaults.tokenizer_exceptions,
        prefix_search=prefix.search if prefix else None,
        suffix_search=suffix.search if suffix else None,
        infix_finditer=infix.finditer if infix else None,
        token_match=defaults.token_match,
        url_match=defaults.url_match,
    )


def _affix_patterns(defaults: Any) -> list[Any]:
    """The prefix, suffix and infix patterns of spaCy's ``compile_prefix_regex``,
    ``compile_suffix_regex`` and ``compile_infix_regex`` (None where the language has no
    such pieces), compiled together by :func:`compile_patterns`."""
    from anchorlint.text.regex_compile import compile_patterns

    texts = [
        _joined(defaults.prefixes, "^", ""),
        _joined(defaults.suffixes, "", "$"),
        _joined(defaults.infixes, "", ""),
    ]
    compiled = iter(compile_patterns([text for text in texts if text is not None]))
    return [None if text is None else next(compiled) for text in texts]


def _joined(pieces: Any, before: str, after: str) -> str | None:
    """The pieces that are not blank, each between ``before`` and ``after``, as one pattern
    of alternatives (None for no pieces at all)."""
    if not pieces:
        return None
    return "|".join(before + piece + after for piece in pieces if piece.strip())


_TRUSTING: Any = None


def _trusting_tokenizer() -> Any:
    """spaCy's Tokenizer, but for the exceptions it is made with, which it does not validate.

    Validation only raises, on an exception whose pieces do not spell it, and spaCy's own
    English exceptions all pass (``spacy.blank`` validates them); its cost, one attribute
    conversion per piece of some thirteen hundred exceptions, is a fifth of building the
    tokenizer. Exceptions added later (``add_special_case``, ``rules = …``) are validated.
    While it is made, the pieces of its exceptions are read into attribute ids directly
    (:mod:`~anchorlint.text.spacy_pieces`: the same ids, without spaCy's search of each
    piece for deprecated attribute names)."""
    global _TRUSTING
    if _TRUSTING is None:
        from spacy.tokenizer import Tokenizer

        from anchorlint.text.spacy_pieces import plain_pieces_read_directly

        class TrustingTokenizer(Tokenizer):
            def __init__(self, vocab: Any, rules: Any = None, *args: Any, **kwargs: Any) -> None:
                self._trusted = rules or {}
                with plain_pieces_read_directly():
                    super().__init__(vocab, rules, *args, **kwargs)
                self._trusted = {}

            def _validate_special_case(self, chunk: str, substrings: Any) -> None:
                if self._trusted.get(chunk) is not substrings:
                    super()._validate_special_case(chunk, substrings)

            def __reduce__(self) -> Any:
                """Pickled as the plain Tokenizer it tokenises as."""
                return (Tokenizer, *super().__reduce__()[1:])

        _TRUSTING = TrustingTokenizer
    return _TRUSTING
