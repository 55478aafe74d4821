"""Rule pages (``anchorlint rule CODE``) in Markdown, from the registry."""

from __future__ import annotations

from anchorlint.registry import all_rules
from anchorlint.rulebase import Rule


def find_rule(code_or_name: str) -> Rule | None:
    wanted = code_or_name.strip()
    for code, rule in all_rules().items():
        if wanted.upper() == code or wanted.lower() == rule.name:
            return rule
    return None


def rule_page(rule: Rule) -> str:
    """What it does, why it matters, an example, how to fix: the four parts of every page."""
    doc = rule.doc
    fence = "python" if rule.kind == "code" else "markdown"
    off = "" if rule.default_enabled else "\n\n*Off by default: enable it with `extend-select`.*"
    return (
        f"# {rule.code} {rule.name}\n\n{rule.summary.rstrip('.')}.{off}\n\n"
        f"## What it does\n\n{doc.what}\n\n"
        f"## Why is this bad?\n\n{doc.why}\n\n"
        f"## Example\n\n```{fence}\n{doc.example}\n```\n\n"
        f"## How to fix\n\n{doc.fix}\n"
    )
