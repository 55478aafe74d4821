"""The language server: lint open documents from memory, publish diagnostics, offer fixes.

Full document sync keeps the server simple (a summary is small; re-linting it whole is
what the CLI does anyway). Linting runs on the message loop, so diagnostics never arrive out
of order. Changes are debounced: a burst of keystrokes is linted once, after the document
has been quiet for :data:`CHANGE_DELAY` seconds, and only its latest version is published.
"""

from __future__ import annotations

import asyncio
import os
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from lsprotocol import types

from anchorlint.config import ConfigError, Settings, load_settings
from anchorlint.editor.convert import Linted
from anchorlint.findings import Finding
from anchorlint.run.engine import Worker, lint_one
from anchorlint.run.kinds import kind_of
from anchorlint.version import __version__

try:  # pygls 2.x
    from pygls.lsp.server import LanguageServer
except ImportError:  # pragma: no cover - pygls 1.x
    from pygls.server import LanguageServer  # type: ignore[attr-defined,no-redef]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: seconds a changed document must stay unchanged before it is linted
CHANGE_DELAY = 0.15


def fs_path(uri: str) -> str:
    """The file-system path of a ``file:`` URI; for other schemes, the URI's path part
    (an unsaved buffer still has a suffix that says what kind of document it is)."""
    parsed = urlparse(uri)
    path = unquote(parsed.path)
    if parsed.scheme == "file" and os.name == "nt" and re.match(r"/[A-Za-z]:", path):
        path = path[1:]  # pragma: no cover - Windows drive letters
    return path


class State:
    """What the server keeps between messages: the last lint of each open document, one
    Worker per configuration (building the spaCy pipeline costs more than linting a
    summary), and which configuration errors were already logged."""

    def __init__(self) -> None:
        self.linted: dict[str, Linted] = {}
        self.workers: dict[str, Worker] = {}
        self.logged: set[str] = set()
        self.edits: dict[str, int] = {}  # per document, how many changes or closes so far

    def touch(self, uri: str) -> int:
        """Count a change (or close) of ``uri``; a pending lint with an older count is stale."""
        self.edits[uri] = self.edits.get(uri, 0) + 1
        return self.edits[uri]

    def worker_for(self, settings: Settings) -> Worker:
        key = repr(settings)
        worker = self.workers.get(key)
        if worker is None:
            worker = self.workers[key] = Worker(settings)
        return worker

    def forget_workers(self) -> None:
        """Saved files may be store documents: reopen stores on the next lint."""
        self.workers.clear()


def lint_text(state: State, path: str, text: str, settings: Settings) -> list[Finding]:
    """What :func:`anchorlint.run.engine.lint_source` does, with the Worker kept between calls."""
    return lint_one(state.worker_for(settings), path, text)


def settings_start(ls: LanguageServer, path: str) -> Path:
    """Where to look for configuration: the file's directory, else its workspace folder."""
    directory = Path(path).parent
    if path and directory.is_dir():
        return directory
    roots = [fs_path(folder.uri) for folder in ls.workspace.folders.values()]
    if ls.workspace.root_path:
        roots.append(ls.workspace.root_path)
    return Path(roots[0]) if roots else Path.cwd()


def publish(ls: LanguageServer, uri: str, diagnostics: list[Any], version: int | None) -> None:
    if hasattr(ls, "text_document_publish_diagnostics"):
        params = types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=version)
        ls.text_document_publish_diagnostics(params)
    else:  # pragma: no cover - pygls 1.x
        getattr(ls, "publish_diagnostics")(uri, diagnostics, version)  # noqa: B009


def log(ls: LanguageServer, message: str, kind: types.MessageType) -> None:
    if hasattr(ls, "window_log_message"):
        ls.window_log_message(types.LogMessageParams(type=kind, message=message))
    else:  # pragma: no cover - pygls 1.x
        getattr(ls, "show_message_log")(message, kind)  # noqa: B009


def lint_document(ls: LanguageServer, state: State, uri: str, version: int | None) -> None:
    """Lint the in-memory text of ``uri`` and publish; problems are logged, never raised."""
    path = fs_path(uri)
    if kind_of(path) is None:
        return
    text = ls.workspace.get_text_document(uri).source
    try:
        settings = load_settings(start=settings_start(ls, path))
        findings = lint_text(state, path, text, settings)
    except ConfigError as exc:
        message = f"anchorlint: configuration error: {exc}"
        if message not in state.logged:
            state.logged.add(message)
            log(ls, message, types.MessageType.Error)
        state.linted.pop(uri, None)
        publish(ls, uri, [], version)
        return
    except Exception as exc:  # a bug or a broken store must not take the editor's server down
        log(ls, f"anchorlint: could not lint {path}: {exc!r}", types.MessageType.Error)
        return
    state.logged.clear()
    linted = Linted(version, tuple(_LINE_BREAK.split(text)), tuple(findings))
    state.linted[uri] = linted
    publish(ls, uri, linted.diagnostics(), version)


def _warm_up() -> None:
    """Import the heavy libraries while the client is still starting up."""
    try:
        import libcst  # noqa: F401

        from anchorlint.text.spacy_startup import import_spacy

        import_spacy()
    except ImportError:  # pragma: no cover - the first lint reports it
        pass


def build_server() -> LanguageServer:
    ls = LanguageServer(
        "anchorlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full
    )
    state = State()

    @ls.feature(types.INITIALIZED)
    def initialized(server: LanguageServer, params: types.InitializedParams) -> None:
        threading.Thread(target=_warm_up, daemon=True).start()

    @ls.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(server: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        doc = params.text_document
        lint_document(server, state, doc.uri, doc.version)

    @ls.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(server: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        doc = params.text_document
        edit = state.touch(doc.uri)
        await asyncio.sleep(CHANGE_DELAY)
        if state.edits.get(doc.uri) == edit:  # no newer change and no close meanwhile
            lint_document(server, state, doc.uri, doc.version)

    @ls.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(server: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        state.forget_workers()
        uri = params.text_document.uri
        linted = state.linted.get(uri)
        lint_document(server, state, uri, linted.version if linted else None)

    @ls.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(server: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        state.touch(params.text_document.uri)
        state.linted.pop(params.text_document.uri, None)
        publish(server, params.text_document.uri, [], None)

    @ls.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(
        server: LanguageServer, params: types.CodeActionParams
    ) -> list[types.CodeAction]:
        linted = state.linted.get(params.text_document.uri)
        return linted.code_actions(params.text_document.uri, params.range) if linted else []

    return ls
