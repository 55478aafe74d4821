"""What the built-in stores share: a per-run cache of document views, and key acceptance.

The cache lives in the store object (one per worker process), never in module state, so two
runs with two stores never see each other's documents.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterable
from typing import BinaryIO, cast

from anchorlint.stores.protocol import ContentUnavailable, Store, StoreEntry, StoreError
from anchorlint.stores.spans import STREAM_THRESHOLD, DocumentView

#: ``scheme:`` of an absolute URI (two letters at least, so ``C:`` drive letters are not one)
#: anchor kinds that name no document (RULES.md, "Isolation resolution")
ID_KINDS = frozenset({"commit", "issue", "uuid"})
URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]+:")
HASH_KEY = re.compile(r"^sha256:([0-9a-fA-F]{12,64})$")
#: bytes of small documents kept in memory per store; views of evicted ones are rebuilt
CACHE_BUDGET = 256 << 20


class BaseStore:
    """Caching and defaults; subclasses implement ``lookup``, ``read`` and ``describe``."""

    def __init__(self) -> None:
        self._views: OrderedDict[tuple[str, str], DocumentView] = OrderedDict()
        self._cached_bytes = 0
        self._lookup_memo: dict[str, tuple[StoreEntry, ...]] = {}

    # -- the Store protocol -------------------------------------------------------------
    def lookup(self, key: str) -> tuple[StoreEntry, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def read(self, entry: StoreEntry) -> bytes:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- extensions the rules use when present -------------------------------------------
    def accepts(self, key: str, form: str) -> bool:
        """Whether this store can say anything about ``key``; ``False`` means "not mine".

        Commits, issue references and UUIDs name things outside any document store (a
        repository's history, a tracker): only a store that says so (a plugin) judges them."""
        return form not in ID_KINDS

    def size_of(self, entry: StoreEntry) -> int | None:
        """The document size when known without reading it (enables streaming)."""
        return None

    def open_stream(self, entry: StoreEntry) -> BinaryIO:  # pragma: no cover - default
        raise ContentUnavailable(f"{self.describe()} cannot stream {entry.ref}")

    def cached_lookup(self, key: str) -> tuple[StoreEntry, ...]:
        """``lookup`` memoised for the run: four rules asking about one key cost one lookup."""
        entries = self._lookup_memo.get(key)
        if entries is None:
            entries = self._lookup_memo[key] = tuple(self.lookup(key))
        return entries

    def view(self, entry: StoreEntry) -> DocumentView:
        """The document's view, read and indexed once per run."""
        cache_key = (entry.ref, entry.key)
        cached = self._views.get(cache_key)
        if cached is not None:
            self._views.move_to_end(cache_key)
            return cached
        size = self.size_of(entry)
        if size is not None and size > STREAM_THRESHOLD:
            view = DocumentView.from_file(lambda: self.open_stream(entry), size)
        else:
            view = DocumentView.from_bytes(self.read(entry))
            self._cached_bytes += view.held_bytes
        self._views[cache_key] = view
        self._evict()
        return view

    def _evict(self) -> None:
        while self._cached_bytes > CACHE_BUDGET and len(self._views) > 1:
            _, old = self._views.popitem(last=False)
            self._cached_bytes -= old.held_bytes

    def close(self) -> None:
        self._views.clear()
        self._lookup_memo.clear()
        self._cached_bytes = 0


class AdaptedStore(BaseStore):
    """Wraps any object satisfying :class:`Store` (a plugin's, an API caller's) with the cache.

    Exceptions other than :class:`StoreError` from the wrapped store become ``StoreError``
    naming it, so a broken resolver is reported, not a traceback.
    """

    def __init__(self, inner: Store) -> None:
        super().__init__()
        self.inner = inner

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        return tuple(cast("Iterable[StoreEntry]", self._call("lookup", key)))

    def read(self, entry: StoreEntry) -> bytes:
        data = self._call("read", entry)
        if isinstance(data, str):
            return data.encode("utf-8")
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise StoreError(f"{self.describe()}: read() returned {type(data).__name__}")
        return bytes(data)

    def describe(self) -> str:
        try:
            return str(self.inner.describe())
        except Exception:  # noqa: BLE001 - a description must never fail a run
            return type(self.inner).__name__

    def accepts(self, key: str, form: str) -> bool:
        accepts = getattr(self.inner, "accepts", None)
        return bool(accepts(key, form)) if callable(accepts) else True

    def _call(self, method: str, arg: object) -> object:
        try:
            return getattr(self.inner, method)(arg)
        except StoreError:
            raise
        except Exception as exc:  # noqa: BLE001 - any resolver failure is a store error
            raise StoreError(f"{self.describe()}: {method} failed: {exc!r}") from exc


def as_caching_store(store: object) -> BaseStore:
    """A :class:`BaseStore` for ``store``: itself when it already is one."""
    if isinstance(store, BaseStore):
        return store
    if not all(callable(getattr(store, name, None)) for name in ("lookup", "read", "describe")):
        raise StoreError(
            f"{type(store).__name__} is not a store: it needs lookup(), read() and describe()"
        )
    return AdaptedStore(store)  # type: ignore[arg-type]


def hash_key(key: str) -> str | None:
    """The lower-case hex of a ``sha256:<hex>`` content-hash key, else ``None``."""
    match = HASH_KEY.match(key)
    return match.group(1).lower() if match else None
