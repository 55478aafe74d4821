"""The command line: the parser, made of every subcommand module's parsers, and ``main``.

Exit status: 0 clean, 1 findings, 2 usage or configuration error. A user error is one line
on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import sys
from collections.abc import Sequence
from typing import Any

from anchorlint.cli import check, history, lsp, pin, rule
from anchorlint.cli.common import EXIT_FINDINGS, EXIT_USAGE, UsageError
from anchorlint.config import ConfigError
from anchorlint.safe_text import terminal
from anchorlint.version import __version__

#: one module per subcommand, in the order ``--help`` lists them
SUBCOMMANDS = (check, rule, pin, history, lsp)


def _with_trust_flags(add_parser: Any) -> Any:
    """Every subcommand takes the flags by which the user trusts what a repository cannot."""

    def add(*args: Any, **kwargs: Any) -> argparse.ArgumentParser:
        sub = add_parser(*args, **kwargs)
        sub.add_argument(
            "--allow-plugin",
            action="append",
            default=[],
            metavar="MODULE:CALLABLE",
            help="load this store plugin even when a repository's config names it",
        )
        sub.add_argument(
            "--show-digests",
            action="store_true",
            help="print the actual digest of mismatched pins (ANC202)",
        )
        return sub

    return add


def _apply_trust(args: argparse.Namespace) -> None:
    """What the user said on the command line, passed on to workers through the environment
    (the stores' code is imported only when the user said something)."""
    plugins = getattr(args, "allow_plugin", None) or []
    store, digests = getattr(args, "store", None), getattr(args, "show_digests", False)
    if not (plugins or store or digests):
        return
    from anchorlint.stores import trust

    trust.allow_plugins(plugins)
    if store:
        trust.allow_store(store)
    if digests:
        os.environ[trust.DIGESTS_ENV] = "1"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="anchorlint",
        description="Lint compacted summaries and compactor code for anchors that no longer resolve.",
    )
    parser.add_argument("--version", action="version", version=f"anchorlint {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    subparsers.add_parser = _with_trust_flags(subparsers.add_parser)  # type: ignore[method-assign]
    for module in SUBCOMMANDS:
        module.add_subcommands(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    _freeze_at_exit()
    _one_blas_thread()
    parser = build_parser()
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # the subcommand's own usage, as ``ruff check --bogus`` prints: not the top level's
        _usage_of(parser, args).error("unrecognized arguments: " + " ".join(unknown))
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    from anchorlint.run.notices import show_once

    show_once()
    try:
        _apply_trust(args)
        _check_jobs(args)
        if sys.stdout is None:
            raise UsageError("standard output is closed; give --output-file or redirect it")
        return int(args.func(args))
    except ConfigError as exc:
        print(f"anchorlint: configuration error: {terminal(str(exc))}", file=sys.stderr)
    except UsageError as exc:
        print(f"anchorlint: {terminal(str(exc))}", file=sys.stderr)
    except KeyboardInterrupt:
        print("anchorlint: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader left (``| head``) after findings were written: the gate still fails
        _silence_stdout()
        return EXIT_FINDINGS
    except OSError as exc:  # a full disk, a deleted working directory
        print(f"anchorlint: {terminal(exc.strerror or str(exc))}", file=sys.stderr)
    except RecursionError:
        print("anchorlint: a directory tree too deep to walk", file=sys.stderr)
    return EXIT_USAGE


def _freeze_at_exit() -> None:
    """At the interpreter's exit, hand every object left to the collector's permanent
    generation (``gc.freeze``), so the collections of the shutdown skip them: after a large
    run they cost the process tens of milliseconds before it could end, to free memory the
    system takes back at once anyway. Registered once, by the first run in a process; a
    caller that runs ``main`` in its own process (tests, a wrapper) is not affected before
    it exits."""
    if not _AT_EXIT:
        _AT_EXIT.append(gc.freeze)
        atexit.register(gc.freeze)


_AT_EXIT: list[object] = []


def _one_blas_thread() -> None:
    """One OpenBLAS thread for the numpy that spaCy imports, unless the user chose a number:
    numpy starts a thread per core as it loads, and each spins for some 90 ms of CPU time
    waiting for matrix work that never comes (spaCy's blank pipeline does none, and its
    trained ones multiply with their own library), a seventh of the CPU time of a run over one
    summary, taken from whatever else the machine runs. Set only before numpy is imported,
    and only by the command line, whose process is anchorlint's own (a program that imports
    anchorlint, or runs it as a flake8 plugin, keeps its threads)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot raise again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass


def _check_jobs(args: argparse.Namespace) -> None:
    """``--jobs`` below 1 is an error; far above the core count it is clamped, with a word."""
    jobs = getattr(args, "jobs", None)
    if jobs is None:
        return
    if jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, not {jobs}")
    limit = 4 * (os.cpu_count() or 1)
    if jobs > limit:
        print(f"anchorlint: warning: --jobs {jobs} clamped to {limit}", file=sys.stderr)
        args.jobs = limit


def _usage_of(parser: argparse.ArgumentParser, args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the subcommand ``args`` came through, or the top-level one."""
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        chosen = getattr(action, "choices", None) or {}
        if getattr(args, "command", None) in chosen:
            return chosen[args.command]
    return parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
