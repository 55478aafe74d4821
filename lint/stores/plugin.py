"""Resolver plugins: the user's own store behind the same three methods.

``plugin = "package.module:factory"`` imports ``factory``; a bare name (``plugin = "wiki"``)
loads the entry point of that name in group ``anchorlint.stores``. The factory is called with
the configured store path (``""`` when none) and returns an object with ``lookup``, ``read``
and ``describe`` (see :class:`anchorlint.stores.Store`); it may also define
``accepts(key, form)`` to decline keys it cannot judge.

A plugin runs on a daemon thread and every call is bounded by ``plugin-timeout`` seconds: a
resolver waiting on a dead network share must not hang CI. After a timeout the plugin is
treated as broken for the rest of the run. Anything it raises becomes a :class:`StoreError`
naming the plugin.
"""

from __future__ import annotations

import importlib
import queue
import threading
from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from typing import Any, cast

from anchorlint.stores.base import AdaptedStore
from anchorlint.stores.protocol import StoreEntry, StoreError

GROUP = "anchorlint.stores"


class _Worker:
    """One daemon thread that runs calls with a deadline (a hung call cannot block exit)."""

    def __init__(self, name: str, timeout: float) -> None:
        self.name = name
        self.timeout = timeout
        self.broken: str | None = None
        self._jobs: queue.Queue[tuple[Callable[[], Any], queue.Queue[Any]]] = queue.Queue()
        threading.Thread(target=self._loop, name=f"anchorlint-{name}", daemon=True).start()

    def _loop(self) -> None:
        while True:
            job, reply = self._jobs.get()
            try:
                reply.put((True, job()))
            except BaseException as exc:  # noqa: BLE001 - reported to the caller
                reply.put((False, exc))

    def run(self, what: str, job: Callable[[], Any]) -> Any:
        if self.broken:
            raise StoreError(self.broken)
        reply: queue.Queue[Any] = queue.Queue(maxsize=1)
        self._jobs.put((job, reply))
        try:
            ok, value = reply.get(timeout=self.timeout)
        except queue.Empty:
            self.broken = (
                f"store plugin {self.name}: {what} did not finish within {self.timeout:g}s"
            )
            raise StoreError(self.broken) from None
        if ok:
            return value
        if isinstance(value, StoreError):
            raise value
        raise StoreError(f"store plugin {self.name}: {what} raised {value!r}") from value


def load_factory(spec: str) -> Callable[..., Any]:
    """``module:callable`` or an entry-point name in group ``anchorlint.stores``."""
    if ":" in spec:
        module_name, _, attr = spec.partition(":")
        try:
            target: Any = importlib.import_module(module_name)
            for part in attr.split("."):
                target = getattr(target, part)
        except Exception as exc:  # noqa: BLE001 - any import failure is a config error
            raise StoreError(f"store plugin {spec}: cannot load: {exc!r}") from None
        return cast("Callable[..., object]", target)
    matches = [ep for ep in entry_points(group=GROUP) if ep.name == spec]
    if not matches:
        raise StoreError(f"store plugin {spec!r}: no entry point of that name in group {GROUP}")
    try:
        return cast("Callable[..., object]", matches[0].load())
    except Exception as exc:  # noqa: BLE001
        raise StoreError(f"store plugin {spec}: cannot load entry point: {exc!r}") from None


class PluginStore(AdaptedStore):
    """A plugin's store, every call run on the bounded worker."""

    def __init__(self, inner: Any, worker: _Worker) -> None:
        super().__init__(inner)
        self._worker = worker

    def _call(self, method: str, arg: object) -> object:
        bound = getattr(self.inner, method)
        return self._worker.run(f"{method}()", lambda: bound(arg))

    def describe(self) -> str:
        try:
            return str(self._worker.run("describe()", self.inner.describe))
        except StoreError:
            return f"store plugin {self._worker.name}"

    def accepts(self, key: str, form: str) -> bool:
        accepts = getattr(self.inner, "accepts", None)
        if not callable(accepts):
            return True
        return bool(self._worker.run("accepts()", lambda: accepts(key, form)))

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        returned = tuple(cast("Iterable[object]", self._call("lookup", key)))
        entries = tuple(entry for entry in returned if isinstance(entry, StoreEntry))
        if len(entries) != len(returned):
            raise StoreError(f"{self.describe()}: lookup() must return StoreEntry objects")
        return entries


def open_plugin(spec: str, path: str, timeout: float) -> PluginStore:
    """Load and call the factory (bounded by ``timeout``) and check what it returned."""
    if not spec:
        raise StoreError("store kind 'plugin' needs a 'plugin' setting (module:callable)")
    factory = load_factory(spec)
    if not callable(factory):
        raise StoreError(f"store plugin {spec}: {type(factory).__name__} is not callable")
    worker = _Worker(spec, timeout)
    store = worker.run("the factory", lambda: factory(path))
    missing = [
        name for name in ("lookup", "read", "describe") if not callable(getattr(store, name, None))
    ]
    if missing:
        raise StoreError(f"store plugin {spec}: returned an object without {', '.join(missing)}()")
    return PluginStore(store, worker)
