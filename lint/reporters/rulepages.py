"""Rule pages: ``anchorlint rule CODE`` prints one, and ``docs/rules/<CODE>.md`` holds them all.

Run ``python -m anchorlint.reporters.rulepages docs/rules`` after adding or changing a rule; a
test compares the committed pages with the registry, so a stale page fails CI instead of
shipping a link to documentation that no longer says what the rule does.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from anchorlint.registry import ENGINE_CODES, ENGINE_DEFAULT_OFF, all_rules
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


#: where the pages live, relative to the repository root (stable: reports link here)
DOCS_DIR = "docs/rules"
#: set to an absolute base (``https://…/docs/rules``) to make links absolute
DOCS_URL_ENV = "ANCHORLINT_DOCS_URL"


def doc_path(code: str) -> str:
    """The page of ``code``, relative to the repository root, forward slashes."""
    return f"{DOCS_DIR}/{code}.md"


def is_absolute_uri(value: str) -> bool:
    """An absolute URI (RFC 3986: a scheme, then ``:``), which SARIF and LSP links must be."""
    scheme, colon, rest = value.partition(":")
    return bool(
        colon and rest and scheme[:1].isalpha() and all(c.isalnum() or c in "+-." for c in scheme)
    )


def docs_base() -> str | None:
    """The absolute address of the rule pages, when one is known: ``ANCHORLINT_DOCS_URL``, or
    the ``Documentation`` URL of the installed package's metadata (``<url>/rules``).

    A relative value is ignored: a checkout has no canonical web address until it is published,
    and a relative link is what a strict consumer (SARIF, LSP) rejects.
    """
    base = os.environ.get(DOCS_URL_ENV, "").strip().rstrip("/")
    if base and is_absolute_uri(base):
        return base
    documentation = project_urls().get("documentation", "").rstrip("/")
    return f"{documentation}/rules" if is_absolute_uri(documentation) else None


def project_urls() -> dict[str, str]:
    """The installed package's ``Project-URL`` entries, labels lower-cased (none: empty)."""
    from importlib import metadata

    try:
        entries = metadata.metadata("anchorlint").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _, url = str(entry).partition(",")
        urls[label.strip().lower()] = url.strip()
    return urls


def information_uri() -> str | None:
    """Where a consumer learns about anchorlint: the project's home page when the package
    declares one, else the documentation base; ``None`` when neither is known."""
    urls = project_urls()
    for label in ("homepage", "home", "repository", "source", "documentation"):
        if is_absolute_uri(urls.get(label, "")):
            return urls[label]
    base = docs_base()
    return base.rsplit("/", 1)[0] if base and base.count("/") > 2 else base


def doc_uri(code: str) -> str | None:
    """The absolute link to ``code``'s page, or ``None`` when no base is known.

    SARIF's ``helpUri`` and LSP's ``codeDescription.href`` must be absolute URIs; without a
    base, reports carry the page itself instead (SARIF ``help``, ``anchorlint rule CODE``).
    """
    base = docs_base()
    return f"{base}/{code}.md" if base else None


def engine_page(code: str) -> str:
    """A page for an engine code (ANC001–ANC004), which has no rule class."""
    name, summary = ENGINE_CODES[code]
    off = (
        "\n\n*Off by default: enable it with `extend-select`.*"
        if code in ENGINE_DEFAULT_OFF
        else ""
    )
    return (
        f"# {code} {name}\n\n{summary[:1].upper()}{summary[1:]}.{off}\n\n"
        "Reported by the engine rather than by a rule: the file (or the suppression comment) "
        "could not be checked as written, so other findings for it may be missing.\n"
    )


def pages() -> Mapping[str, str]:
    """File name → content for every rule and engine code, in code order."""
    result = {f"{code}.md": engine_page(code) for code in ENGINE_CODES}
    result.update({f"{code}.md": rule_page(rule) for code, rule in all_rules().items()})
    return dict(sorted(result.items()))


def export(directory: Path) -> list[Path]:
    """Write the pages, remove pages of codes that no longer exist; return what changed."""
    directory.mkdir(parents=True, exist_ok=True)
    wanted = pages()
    changed: list[Path] = []
    for stale in sorted(directory.glob("ANC*.md")):
        if stale.name not in wanted:
            stale.unlink()
            changed.append(stale)
    for name, content in wanted.items():
        target = directory / name
        if not target.exists() or target.read_text(encoding="utf-8") != content:
            target.write_text(content, encoding="utf-8", newline="\n")
            changed.append(target)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m anchorlint.reporters.rulepages",
        description="Write docs/rules/<CODE>.md from the rule registry.",
    )
    parser.add_argument("directory", type=Path, nargs="?", default=Path(DOCS_DIR))
    args = parser.parse_args(argv)
    for path in export(args.directory):
        print(f"updated {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
