"""``anchorlint rule CODE``: print a rule's page (``--all``: every page; ``--list``: one line a
code, as ``ruff rule --all`` lists them)."""

from __future__ import annotations

import argparse
import sys

from anchorlint.cli.common import EXIT_CLEAN, UsageError


def add_subcommands(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rule = subparsers.add_parser("rule", help="print a rule's page")
    rule.add_argument("code", nargs="?", help="ANC101, or a rule name")
    rule.add_argument("--all", action="store_true", help="print every rule's page")
    rule.add_argument(
        "--list", action="store_true", help="one line a code: code, name, whether --fix fixes it"
    )
    rule.set_defaults(func=run_rule)


def run_rule(args: argparse.Namespace) -> int:
    from anchorlint.registry import all_rules
    from anchorlint.reporters.rulepages import find_rule, rule_page

    if args.list:
        sys.stdout.write(rule_list())
        return EXIT_CLEAN
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


def rule_list() -> str:
    """Every code, engine codes first: code, name, ``fixable`` or nothing, aligned."""
    from anchorlint.registry import ENGINE_CODES, ENGINE_DEFAULT_OFF, all_rules

    rows = [("code", "name", "fix", "")]
    for code, (name, _) in ENGINE_CODES.items():
        rows.append((code, name, "", "off by default" if code in ENGINE_DEFAULT_OFF else ""))
    for code, rule in all_rules().items():
        off = "" if rule.default_enabled else "off by default"
        rows.append((code, rule.name, "fixable" if rule.fixable else "", off))
    width = max(len(name) for _, name, _, _ in rows)
    lines = [f"{c:<7} {n:<{width}}  {f:<7}  {o}".rstrip() for c, n, f, o in rows]
    return "\n".join(lines) + "\n"
