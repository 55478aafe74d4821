"""Resolving one anchor against a store: the one procedure ANC201–ANC204, pinning and the
gate share, so they can never disagree about what "resolves" means.

Order of questions, each answered at most once per key and run (lookups are memoised in the
store object):

1. Is it a key at all? Descriptive anchors are ANC105's business, empty keys nobody's.
2. Can this store judge it? A directory says nothing about ``https://`` or ``sha256:`` keys.
3. How many entries match? none (ANC201), several (ANC107), or one.
4. For one: where are the fragment's bytes? past the end (ANC204), undefined (named
   sections: the document resolving is enough), or a span whose digest a pin must prefix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from anchorlint.stores.base import BaseStore, as_caching_store
from anchorlint.stores.protocol import ContentUnavailable, StoreEntry
from anchorlint.stores.spans import DocumentView, OutOfRange, Span

POSITIONAL = ("lines", "char")


@dataclass(frozen=True)
class Resolution:
    """What the store says about one anchor.

    ``status`` is ``skip`` (not the store's to judge), ``missing``, ``ambiguous`` or ``found``;
    ``detail`` explains a ``missing`` (for instance a key that would leave the root).
    """

    status: str
    entries: tuple[StoreEntry, ...] = ()
    detail: str = ""

    @property
    def entry(self) -> StoreEntry | None:
        return self.entries[0] if self.status == "found" else None


@dataclass(frozen=True)
class Located:
    """The bytes an anchor's fragment designates in its one document."""

    entry: StoreEntry
    view: DocumentView | None  # None when the store has no bytes (a manifest)
    span: Span | None  # None when the fragment has no defined bytes (a named section)
    out_of_range: str = ""


def caching_store(store: Any) -> BaseStore | None:
    """The caching form of whatever the engine or the API handed the rules."""
    return None if store is None else as_caching_store(store)


def resolve(store: BaseStore, anchor: Any) -> Resolution:
    """Steps 1–3 of the module docstring."""
    key = anchor.key
    if getattr(anchor, "descriptive", False) or not key or not store.accepts(key, anchor.form):
        return Resolution("skip")
    entries = store.cached_lookup(key)
    if not entries:
        why = getattr(store, "why_missing", None)
        return Resolution("missing", detail=(why(key) if callable(why) else None) or "")
    return Resolution("found" if len(entries) == 1 else "ambiguous", entries)


def locate(store: BaseStore, entry: StoreEntry, fragment: Any) -> Located:
    """Step 4: the span of ``fragment`` (``None`` = the whole document) in ``entry``."""
    try:
        view = store.view(entry)
    except ContentUnavailable:
        return Located(entry, None, None)
    try:
        return Located(entry, view, view.span(fragment))
    except OutOfRange as exc:
        return Located(entry, view, None, out_of_range=str(exc))


def is_positional(anchor: Any) -> bool:
    fragment = anchor.fragment
    return fragment is not None and fragment.kind in POSITIONAL


def span_digest(located: Located, fragment: Any) -> str | None:
    """Full sha256 of the located span, from the bytes or, for a whole document, from the
    digest the store already lists (a manifest's ``sha256``); ``None`` when undecidable."""
    if located.view is not None and located.span is not None:
        return located.view.digest(located.span)
    if located.view is None and fragment is None:
        return located.entry.sha256
    return None
