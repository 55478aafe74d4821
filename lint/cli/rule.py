"""``anchorlint rule CODE``: print a rule's page (``--all``: every page)."""

from __future__ import annotations

import argparse
import sys

from anchorlint.cli.common import EXIT_CLEAN, UsageError


def add_subcommands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rule = subparsers.add_parser("rule", help="print a rule's page")
    rule.add_argument("code", nargs="?", help="ANC101, or a rule name")
    rule.add_argument("--all", action="store_true", help="print every rule's page")
    rule.set_defaults(func=run_rule)


def run_rule(args: argparse.Namespace) -> int:
    from anchorlint.registry import all_rules
    from anchorlint.reporters.rulepages import find_rule, rule_page

    if args.all:
        sys.stdout.write("\n".join(rule_page(rule) for rule in all_rules().values()))
        return EXIT_CLEAN
    if not args.code:
        raise UsageError("give a rule code (anchorlint rule ANC101) or --all")
    rule = find_rule(args.code)
    if rule is None:
        raise UsageError(f"unknown rule {args.code!r}")
    sys.stdout.write(rule_page(rule))
    return EXIT_CLEAN
