"""The command line: the parser, made of every subcommand module's parsers, and ``main``.

Exit status: 0 clean, 1 findings, 2 usage or configuration error. A user error is one line
on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from anchorlint.cli import check, history, lsp, pin, rule
from anchorlint.cli.common import EXIT_CLEAN, EXIT_USAGE, UsageError
from anchorlint.config import ConfigError
from anchorlint.version import __version__

#: one module per subcommand, in the order ``--help`` lists them
SUBCOMMANDS = (check, rule, pin, history, lsp)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="anchorlint",
        description="Lint compacted summaries and compactor code for anchors that no longer resolve.",
    )
    parser.add_argument("--version", action="version", version=f"anchorlint {__version__}")
    subparsers = parser.add_subparsers(dest="command")
    for module in SUBCOMMANDS:
        module.add_subcommands(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    from anchorlint.run.notices import show_once

    show_once()
    try:
        return int(args.func(args))
    except ConfigError as exc:
        print(f"anchorlint: configuration error: {exc}", file=sys.stderr)
    except UsageError as exc:
        print(f"anchorlint: {exc}", file=sys.stderr)
    except KeyboardInterrupt:
        print("anchorlint: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_CLEAN
    return EXIT_USAGE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
