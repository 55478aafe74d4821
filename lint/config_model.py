"""The settings of a run: frozen dataclasses, one for each section of ``[tool.anchorlint]``,
and the names their string settings allow.

Apart from :mod:`anchorlint.config`, which reads and checks them from TOML: every stage
reads these types, only the command line and the editors read a config file. Other code
imports them from ``anchorlint.config``, which names them all; the type of each field is what
a key's value is checked against there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: where summaries are looked for (``input-format``): by the records' shape, a named agent
#: format, or only the configured generic fields
INPUT_FORMATS = (
    "auto",
    "claude-code",
    "codex",
    "gemini-cli",
    "kimi-cli",
    "qwen-code",
    "copilot-cli",
    "pi",
    "roo-code",
    "strands",
    "vscode-copilot",
    "opencode",
    "openhands",
    "langgraph",
    "letta",
    "json",
)


#: the anchor kinds of RULES.md ("Anchors"), as ``anchor-kinds`` names them
ANCHOR_KINDS = (
    "wiki",
    "uri",
    "pointer",
    "hash",
    "link",
    "path",
    "line",
    "commit",
    "issue",
    "uuid",
    "custom",
)


@dataclass(frozen=True)
class TextSettings:
    """``[tool.anchorlint.text]``: how summaries are read and what the text rules look for."""

    density_floor: float = 0.5
    #: JSON/JSONL text fields; dotted paths, ``[]`` steps into arrays: ``messages[].content``
    fields: tuple[str, ...] = ("summary",)
    #: extra anchor regexes (each match is an anchor); ``key-pattern`` replaces the key syntax
    anchor_patterns: tuple[str, ...] = ()
    key_pattern: str = ""
    #: boilerplate sentences that never fire (regexes matched against the sentence)
    allow: tuple[str, ...] = ()
    extra_anaphora: tuple[str, ...] = ()
    extra_document_nouns: tuple[str, ...] = ()
    extra_elision_markers: tuple[str, ...] = ()
    extra_completeness_claims: tuple[str, ...] = ()
    spacy_model: str = ""
    #: anchor kinds recognised (RULES.md, "Anchors"); empty means every kind
    anchor_kinds: tuple[str, ...] = ()
    #: extensions that make a bare file name a path (``config.yaml``); empty means the default
    path_extensions: tuple[str, ...] = ()
    #: lint the fixed sentences agent frameworks put around summaries (off: not the summary's)
    lint_boilerplate: bool = False


@dataclass(frozen=True)
class CodeSettings:
    """``[tool.anchorlint.code]``: the names that make code a compactor, resolver or pointer."""

    summarizer_names: tuple[str, ...] = (
        "summar",
        "compact",
        "condens",
        "compress",
        "abridge",
        "rewrite",
        "truncate",
    )
    extra_summarizer_names: tuple[str, ...] = ()
    resolver_names: tuple[str, ...] = (
        "resolve",
        "reconstruct",
        "expand",
        "fetch_span",
        "get_span",
        "quote",
        "verify",
    )
    extra_resolver_names: tuple[str, ...] = ()
    source_parameter_names: tuple[str, ...] = (
        "source",
        "original",
        "raw",
        "doc",
        "doc_text",
        "doc_bytes",
        "document",
    )
    provenance_attributes: tuple[str, ...] = (
        "provenance",
        "pointer",
        "citation",
        "source_id",
        "doc_id",
        "chunk_id",
        "anchor",
    )
    pointer_class_words: tuple[str, ...] = (
        "Pointer",
        "Citation",
        "Span",
        "Provenance",
        "Anchor",
        "Locator",
    )


@dataclass(frozen=True)
class StoreSettings:
    """``[tool.anchorlint.store]``: where anchors are resolved in isolation."""

    path: str = ""
    #: auto, directory, sqlite, manifest, plugin
    kind: str = "auto"
    table: str = "documents"
    key_column: str = "key"
    content_column: str = "content"
    sha256_column: str = ""
    plugin: str = ""
    plugin_timeout: float = 30.0


@dataclass(frozen=True)
class RecordSettings:
    """``[tool.anchorlint.records]``: rows of datasets and databases as summaries (their text
    columns are ``text.fields``; history columns are ``history``'s fields)."""

    id_column: str = "id"
    #: a database source's table (``schema.name`` allowed), or else its query
    table: str = ""
    query: str = ""
    #: "text" (like a JSON record's string fields) or "markdown" (like a .md file)
    text_format: str = "text"


@dataclass(frozen=True)
class HistorySettings:
    """``[tool.anchorlint.text.history]``: how generations of one summary are recognised."""

    thread_field: str = "thread"
    generation_field: str = "generation"
    max_density_drop: float = 0.30


@dataclass(frozen=True)
class Settings:
    """The whole configuration of one run."""

    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    extend_ignore: tuple[str, ...] = ()
    per_file_ignores: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: codes (or prefixes) of other tools that a noqa comment may name without ANC003 calling
    #: them unknown (ruff's ``lint.external``): ``["E", "W", "B"]``
    external: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    #: where the summaries are (globs): a walk then lints only these text files (code is
    #: walked as before); unset, it skips conventional project files (README, CHANGELOG, ...)
    summaries: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    #: apply the excludes to files named on the command line too (pre-commit names them all)
    force_exclude: bool = False
    store: str = ""
    cache_dir: str = ".anchorlint_cache"
    text: TextSettings = field(default_factory=TextSettings)
    code: CodeSettings = field(default_factory=CodeSettings)
    store_options: StoreSettings = field(default_factory=StoreSettings)
    history: HistorySettings = field(default_factory=HistorySettings)
    #: one of :data:`INPUT_FORMATS`
    input_format: str = "auto"
    records: RecordSettings = field(default_factory=RecordSettings)
    #: the directory relative paths in the config are resolved against
    root: str = "."
    #: where the settings came from, for messages
    source: str = "<defaults>"
