"""What every subcommand shares: exit statuses, the usage error, settings from the command line.

Exit status: 0 clean, 1 findings, 2 usage or configuration error. A user error is one line
on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from anchorlint.config import Settings, load_settings

if TYPE_CHECKING:
    from anchorlint.findings import Finding
    from anchorlint.run.kinds import FileKind

T = TypeVar("T")

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A problem with the command line; reported as one line, exit 2."""


def nearest_settings(args: argparse.Namespace) -> Settings:
    """The settings of the configuration nearest to the files named (ruff's rule, which the
    language server and the flake8 plugin follow too), or ``--config``'s.

    Paths whose nearest configurations differ are refused rather than linted with the wrong
    one: run once per project, or name one with ``--config``.
    """
    config = getattr(args, "config", None)
    if getattr(args, "isolated", False):
        if config is not None:
            raise UsageError("give --config or --isolated, not both")
        return Settings(root=str(Path.cwd().resolve()), source="<isolated>")
    if config is not None:
        return load_settings(config)
    from anchorlint.config import find_config_file

    starts = {_start_of(p, args) for p in (getattr(args, "paths", None) or ["."])}
    found = {find_config_file(start) for start in starts}
    if len(found) > 1:
        names = ", ".join(sorted(str(f) if f else "none" for f in found))
        raise UsageError(f"the paths given have different configurations ({names}): use --config")
    (path,) = found
    if path is None:  # no configuration above the files: the defaults, rooted where we stand
        return Settings(root=str(Path.cwd().resolve()))
    return load_settings(path)


def _start_of(path: str, args: argparse.Namespace) -> Path:
    """Where the configuration of ``path`` is looked for: the folder it is (or is in)."""
    if path == "-":
        path = getattr(args, "stdin_filename", None) or "stdin.md"
    given = Path(path).absolute()
    return given if given.is_dir() else given.parent


def settings_for(args: argparse.Namespace) -> Settings:
    """Config file settings with the command line's overrides applied."""
    settings = nearest_settings(args)
    from anchorlint.run.selection import Selection, validate_selectors

    overrides: dict[str, Any] = {}
    for name in ("select", "ignore", "extend_select"):
        value = getattr(args, name, None)
        if value is not None:
            # a bad code on the command line is blamed on its option, not on the config
            flag = "--" + name.replace("_", "-")
            overrides[name] = validate_selectors(value, "command line", flag)
    overrides.update(_file_overrides(args, settings))
    if getattr(args, "force_exclude", None):
        overrides["force_exclude"] = True
    if getattr(args, "store", None):
        overrides["store"] = os.path.abspath(args.store)
    if getattr(args, "input_format", None):
        overrides["input_format"] = args.input_format
    settings = dataclasses.replace(settings, **overrides)
    Selection.from_settings(settings)  # validates codes: unknown ones exit 2
    return settings


def _file_overrides(args: argparse.Namespace, settings: Settings) -> dict[str, Any]:
    """``--exclude`` replaces, ``--extend-exclude`` and ``--extend-ignore`` add to, and
    ``--per-file-ignores`` replaces the configuration's value, as ruff's options do."""
    from anchorlint.run.selection import validate_selectors

    overrides: dict[str, Any] = {}
    if getattr(args, "exclude", None) is not None:
        overrides["exclude"] = tuple(args.exclude)
    if getattr(args, "extend_exclude", None):
        overrides["extend_exclude"] = settings.extend_exclude + tuple(args.extend_exclude)
    if getattr(args, "extend_ignore", None):
        added = validate_selectors(args.extend_ignore, "command line", "--extend-ignore")
        overrides["extend_ignore"] = settings.extend_ignore + added
    if getattr(args, "per_file_ignores", None) is not None:
        overrides["per_file_ignores"] = {
            pattern: validate_selectors(codes, "command line", "--per-file-ignores")
            for pattern, codes in args.per_file_ignores
        }
    return overrides


def discovered(paths: list[str], settings: Settings) -> list[str]:
    """The files a run over ``paths`` lints; a path that does not exist is a usage error."""
    from anchorlint.run.discovery import discover

    missing = [p for p in paths if not os.path.lexists(p) and not is_database(p)]
    if missing:
        raise UsageError(f"no such file or directory: {missing[0]}")
    files = [p for p in paths if not is_database(p)]
    return [p for p in paths if is_database(p)] + (list(discover(files, settings)) if files else [])


def is_database(path: str) -> bool:
    """A database source URL (``sqlite:///…``, ``postgresql://…``), not a path."""
    return path.startswith(("sqlite://", "postgresql://", "postgres://"))


def config_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", type=Path, help="anchorlint.toml or pyproject.toml to use")
    from anchorlint.config import INPUT_FORMATS

    parser.add_argument(
        "--input-format",
        choices=INPUT_FORMATS,
        help="where summaries are: auto (by the records' shape, default), an agent's format, "
        "or json (the configured fields only)",
    )


def warn_no_summary(
    named: list[str],
    settings: Settings,
    facts: object,
    findings: Callable[[], Iterable[Finding]] = tuple,
) -> None:
    """One stderr line for each JSON, JSON Lines or transcript file named on the command line
    that held no summary: never a silent pass. A file no reader recognised is told which
    settings say where its summaries are; an agent's transcript that is recognised holds no
    compaction yet, and is told so."""
    from anchorlint.safe_text import terminal  # a file name is the repository's

    for path, why in unsummarised(named, settings, facts, findings):
        print(f"anchorlint: warning: {terminal(path)}: no summary found: {why}", file=sys.stderr)


def note_unsummarised(
    walked: list[str],
    settings: Settings,
    facts: object,
    findings: Callable[[], Iterable[Finding]] = tuple,
) -> None:
    """With ``--verbose``, one line for the JSON and JSON Lines files a folder's walk found
    that no reader could take a summary from (a walk meets every ``package.json``, so they
    are counted, not listed, and only when asked): naming one says why."""
    unread = [p for p, why in unsummarised(walked, settings, facts, findings) if why == _SET_FIELDS]
    if unread:
        from anchorlint.cli.summary import note, plural

        note(
            f"{plural(len(unread), 'JSON or JSON Lines file')} in the folders held no "
            f"summary field: {_SET_FIELDS} (name one to be told why)"
        )


def unsummarised(
    paths: list[str],
    settings: Settings,
    facts: object,
    findings: Callable[[], Iterable[Finding]] = tuple,
) -> list[tuple[str, str]]:
    """The record-reading files of ``paths`` (JSON, JSON Lines, transcripts, stores) that
    held no summary, each with what it is told. A summary withheld by design (ANC004) was
    found, and is reported as such, not as none; a transcript's unreadable record (ANC002)
    or line that is no text (ANC001) may be its compaction, and is not called none either,
    nor is a JSON document that names a summary field but does not decode (ANC002 says why;
    "set text.fields" would be false).
    The run's ``findings`` are read only if a file is left."""
    from anchorlint.run.kinds import kind_to_lint_file

    kinds = {p: kind_to_lint_file(p) for p in paths if os.path.isfile(p)}
    records = {p: kind for p, kind in kinds.items() if kind.reads_records}
    if not records:
        return []
    summarised = {fact.path for fact in facts}  # type: ignore[attr-defined]
    left = {path: kind for path, kind in records.items() if path not in summarised}
    said = _said(left, findings) if left else {}
    told: list[tuple[str, str]] = []
    for path, kind in left.items():
        why = _why_none(kind, settings.input_format, path)
        codes = said.get(path, set())
        unread = "ANC001" in codes or "ANC002" in codes
        if (
            "ANC004" in codes
            or _WHOLE_FILE in codes
            or (unread and (why.startswith(_NO_COMPACTION) or kind.name == "json"))
        ):
            continue
        told.append((path, why))
    return told


_NO_COMPACTION = "the transcript holds no compaction summary"
_SET_FIELDS = "set text.fields or --input-format"
_OTHER_DATABASE = (
    "a SQLite database of no schema anchorlint reads (LangGraph's checkpoints, Letta's "
    "messages, opencode's parts): name a --table or a --query of its sqlite:/// URL"
)


def _why_none(kind: FileKind, fmt: str, path: str = "") -> str:
    """What a file of ``kind`` that held no summary under ``input-format = fmt`` is told: a
    transcript reader read it (a kind known by its records' shape, or the format named) and
    found no compaction; or the generic fields found none, and the settings say where.

    A transcript whose compaction record is unreadable (ANC002) or withheld by design
    (ANC004) is told that by its finding instead. A database read for a schema its head
    could not show (opencode's runs past its first page) is asked whose it is."""
    from anchorlint.run.kinds import OTHER_DATABASE

    if kind is OTHER_DATABASE:
        return _OTHER_DATABASE
    if kind.name == "transcript-sqlite" and path:
        from anchorlint.text.documents.transcripts.sqlite import schema_in

        if schema_in(path) is None:
            return _OTHER_DATABASE
    read_as: str | None = "" if kind.sniff is not None else None
    if fmt != "auto":  # a named format (or json) decides, not the file's shape
        from anchorlint.text.documents.transcripts.dispatch import named_reader

        read_as = named_reader(kind.reader or "", fmt)
    if read_as is None:
        if fmt in ("auto", "json"):
            return _SET_FIELDS
        return f"--input-format {fmt} does not read such a file: set text.fields or --input-format"
    return f"{_NO_COMPACTION} (read as {read_as})" if read_as else _NO_COMPACTION


def _said(files: dict[str, T], findings: Callable[[], Iterable[Finding]]) -> dict[str, set[str]]:
    """The codes of the record findings (ANC001, ANC002, ANC004) on each of ``files``, and
    ``_WHOLE_FILE`` where an ANC002 says no line of the file was read as a record (pretty-printed
    JSON saved as JSON Lines): its finding says why, and "set text.fields" would be false."""
    from anchorlint.text.documents.jsonrecords import NOT_JSON_LINES

    said: dict[str, set[str]] = {}
    for finding in findings():
        if finding.code in ("ANC001", "ANC002", "ANC004") and finding.path in files:
            codes = said.setdefault(finding.path, set())
            codes.add(finding.code)
            if finding.code == "ANC002" and finding.message.startswith(NOT_JSON_LINES):
                codes.add(_WHOLE_FILE)
    return said


_WHOLE_FILE = "whole file unread"


def store_settings(args: argparse.Namespace) -> Settings:
    """The config file's settings, with ``--store`` applied (``pin`` and ``history``)."""
    loaded = nearest_settings(args)
    if args.store:
        loaded = dataclasses.replace(loaded, store=os.path.abspath(args.store))
    if getattr(args, "input_format", None):
        loaded = dataclasses.replace(loaded, input_format=args.input_format)
    return loaded


def fail(message: str) -> int:
    from anchorlint.safe_text import terminal

    print(f"anchorlint: {terminal(message)}", file=sys.stderr)
    return EXIT_USAGE
