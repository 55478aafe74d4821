"""``anchorlint lsp``: the language server's command-line entry.

This module is imported by every ``anchorlint`` invocation (the CLI asks it for
subcommands), so it stays free of heavy imports: pygls and the server load only when the
``lsp`` subcommand runs.
"""

from __future__ import annotations

import argparse


def add_subcommands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "lsp", help="run the language server over stdio (diagnostics and quick fixes)"
    )
    parser.set_defaults(func=run_lsp)


def run_lsp(args: argparse.Namespace) -> int:
    """Serve over stdin/stdout until the client sends ``exit``."""
    from anchorlint.cli.common import UsageError

    try:
        from anchorlint.editor.server import build_server
    except ImportError as exc:  # pygls is an optional dependency
        raise UsageError(
            f"the language server needs pygls ({exc}); install anchorlint[lsp]"
        ) from None
    build_server().start_io()
    return 0
