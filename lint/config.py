"""Settings: frozen dataclasses loaded from ``[tool.anchorlint]`` or ``anchorlint.toml``.

Every key is validated against the dataclass that declares it, so a typo or a wrong type
stops the run with exit status 2 and a message naming the file and the key, before any file
is linted. TOML keys are the field names in kebab-case. The dataclasses themselves are in
:mod:`anchorlint.config_model`; this module names them, and is where they are imported from.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import sys
import types
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from anchorlint.config_model import (
    ANCHOR_KINDS,
    INPUT_FORMATS,
    CodeSettings,
    HistorySettings,
    RecordSettings,
    Settings,
    StoreSettings,
    TextSettings,
)

__all__ = [
    "ANCHOR_KINDS",
    "CONFIG_FILENAMES",
    "INPUT_FORMATS",
    "CodeSettings",
    "ConfigError",
    "HistorySettings",
    "PatternTimeout",
    "RecordSettings",
    "Settings",
    "StoreSettings",
    "TextSettings",
    "TranscriptNote",
    "WalkNote",
    "check_fractions",
    "check_input_format",
    "check_patterns",
    "check_spacy_model",
    "find_config_file",
    "load_file",
    "load_settings",
    "settings_from_table",
]

CONFIG_FILENAMES = ("anchorlint.toml", "pyproject.toml")


class ConfigError(Exception):
    """A configuration problem; the CLI reports it and exits 2."""

    def __init__(self, source: str, key: str, reason: str) -> None:
        super().__init__(f"{source}: {key}: {reason}")
        self.source = source
        self.key = key
        self.reason = reason


class PatternTimeout(UserWarning):
    """A pattern from the user's config ran out of time on one text and was skipped there.

    Analysis only warns; whoever runs it decides how to show it (the command line prints one
    line per pattern, see :mod:`anchorlint.run.notices`).
    """


class TranscriptNote(UserWarning):
    """A record of a transcript skipped on purpose (a pickled checkpoint, never loaded), or a
    named file that held no summary: said once on stderr, never a finding."""


class WalkNote(UserWarning):
    """A file a directory walk skips on purpose (a link to a file outside the folder walked):
    said once on stderr, never a finding."""


#: TOML table names of nested sections that are not named like their field
_SECTION_NAMES = {"store_options": "store"}
_META_FIELDS = frozenset({"root", "source"})


def _toml_name(field_name: str) -> str:
    return _SECTION_NAMES.get(field_name, field_name).replace("_", "-")


def _coerce(value: Any, annotation: Any, source: str, key: str) -> Any:
    """Check ``value`` against ``annotation`` and convert lists to tuples."""
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is bool:
        if isinstance(value, bool):
            return value
        raise ConfigError(source, key, f"expected true or false, got {value!r}")
    if annotation is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
        raise ConfigError(source, key, f"expected a number, got {value!r}")
    if annotation is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ConfigError(source, key, f"expected an integer, got {value!r}")
    if annotation is str:
        if isinstance(value, str):
            return value
        raise ConfigError(source, key, f"expected a string, got {value!r}")
    if origin is tuple:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError(source, key, f"expected a list of strings, got {value!r}")
        return tuple(value)
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            raise ConfigError(source, key, f"expected a table, got {value!r}")
        return types.MappingProxyType(
            {k: _coerce(v, args[1], source, f"{key}.{k}") for k, v in value.items()}
        )
    raise ConfigError(source, key, f"unsupported setting type {annotation!r}")


def _build(cls: type, table: Mapping[str, Any], source: str, prefix: str) -> Any:
    hints = typing.get_type_hints(cls)
    by_toml: dict[str, list[dataclasses.Field[Any]]] = {}
    for spec in dataclasses.fields(cls):
        if spec.name not in _META_FIELDS:
            by_toml.setdefault(_toml_name(spec.name), []).append(spec)
    values: dict[str, Any] = {}
    for key, value in table.items():
        dotted = f"{prefix}{key}"
        specs = by_toml.get(key) or by_toml.get(key.replace("_", "-"))
        if not specs:
            raise ConfigError(source, dotted, "unknown setting")
        # ``store = "path"`` and a ``[store]`` table share a name: the value's shape decides
        tables = [s for s in specs if dataclasses.is_dataclass(hints[s.name])]
        spec = tables[0] if isinstance(value, dict) and tables else specs[0]
        if isinstance(value, dict) != dataclasses.is_dataclass(hints[spec.name]) and len(specs) > 1:
            spec = next(s for s in specs if s is not spec)
        hint = hints[spec.name]
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            if not isinstance(value, dict):
                raise ConfigError(source, dotted, "expected a table")
            values[spec.name] = _build(hint, value, source, f"{dotted}.")
        else:
            values[spec.name] = _coerce(value, hint, source, dotted)
    return cls(**values)


def settings_from_table(table: Mapping[str, Any], source: str, root: str) -> Settings:
    """Validate one ``[tool.anchorlint]`` table (already parsed TOML)."""
    prefix = "tool.anchorlint." if "pyproject" in source else ""
    settings = _build(Settings, table, source, prefix)
    check_input_format(settings.input_format, source, f"{prefix}input-format")
    check_patterns(settings.text, source, f"{prefix}text.")
    check_fractions(settings, source, prefix)
    model = check_spacy_model(settings.text.spacy_model, source, f"{prefix}text.spacy-model", root)
    if model != settings.text.spacy_model:
        settings = dataclasses.replace(
            settings, text=dataclasses.replace(settings.text, spacy_model=model)
        )
    return dataclasses.replace(settings, source=source, root=root)


def check_spacy_model(model: str, source: str, key: str, root: str = ".") -> str:
    """The pipeline ``model`` names, as spaCy is to be given it, or a configuration error.

    spaCy loads by package name or by folder, and a package name it imports: any installed
    distribution ("pip") would have been imported, and any folder ("/", "/dev") read. So a
    name must be one of spaCy's own installed pipelines (the ``spacy_models`` entry points
    spaCy lists them by, read without importing spaCy), and a folder must hold a pipeline
    (``config.cfg`` or ``meta.json``) and lie inside the project: it is resolved against the
    config file's folder (``root``), not the working directory, and handed over absolute.
    A missing one is one error now, not an internal error for every file later."""
    if not model:
        return model
    if model in _installed_pipelines():
        return model
    folder = Path(root, model).resolve()
    if folder.is_dir():
        if not folder.is_relative_to(Path(root).resolve()):
            raise ConfigError(
                source,
                key,
                f"spaCy pipeline folder {model!r} is outside the project and is not read "
                "(install the pipeline as a package, or keep its folder in the project)",
            )
        if not any((folder / name).is_file() for name in ("config.cfg", "meta.json")):
            raise ConfigError(
                source, key, f"folder {model!r} holds no spaCy pipeline (config.cfg, meta.json)"
            )
        return str(folder)
    raise ConfigError(
        source,
        key,
        f"spaCy model {model!r} is not installed as a spaCy pipeline (install its package, give "
        "the path of a pipeline folder, or leave it empty: every rule works without one)",
    )


def _installed_pipelines() -> frozenset[str]:
    """The names of the spaCy pipeline packages installed (what ``spacy.util.
    get_installed_models`` lists)."""
    from importlib.metadata import entry_points

    return frozenset(entry.name for entry in entry_points(group="spacy_models"))


def check_input_format(value: str, source: str, key: str) -> None:
    if value not in INPUT_FORMATS:
        raise ConfigError(source, key, f"expected one of {', '.join(INPUT_FORMATS)}, got {value!r}")


def check_fractions(settings: Settings, source: str, prefix: str = "") -> None:
    """Densities are fractions: ``density-floor = 5`` would flag every summary, so it is a
    configuration error, not a setting."""
    named = (
        ("text.density-floor", settings.text.density_floor),
        ("history.max-density-drop", settings.history.max_density_drop),
    )
    for key, value in named:
        if not 0.0 <= value <= 1.0:
            raise ConfigError(
                source, f"{prefix}{key}", f"expected a fraction from 0 to 1, got {value!r}"
            )


def check_patterns(text: TextSettings, source: str, prefix: str = "text.") -> None:
    """Compile the user's regexes now, so a bad one is a configuration error naming its key."""
    import regex

    named = [(f"anchor-patterns[{i}]", p) for i, p in enumerate(text.anchor_patterns)]
    named += [(f"allow[{i}]", p) for i, p in enumerate(text.allow)]
    named += [("key-pattern", text.key_pattern)] if text.key_pattern else []
    for index, kind in enumerate(text.anchor_kinds):
        if kind not in ANCHOR_KINDS:
            known = ", ".join(ANCHOR_KINDS)
            raise ConfigError(
                source, f"{prefix}anchor-kinds[{index}]", f"unknown kind {kind!r} (known: {known})"
            )
    for index, extension in enumerate(text.path_extensions):
        if not extension.isalnum() or not extension.isascii():
            raise ConfigError(
                source, f"{prefix}path-extensions[{index}]", f"not a file extension: {extension!r}"
            )
    for key, pattern in named:
        try:
            regex.compile(pattern)
        except (regex.error, ValueError, OverflowError, RecursionError) as exc:
            raise ConfigError(
                source, f"{prefix}{key}", f"invalid regular expression {pattern!r}: {exc}"
            ) from None


def load_file(path: Path) -> Settings:
    """Load settings from an ``anchorlint.toml`` or ``pyproject.toml`` file."""
    if sys.version_info >= (3, 11):
        import tomllib  # here, not at start-up: most runs read no config file
    else:  # pragma: no cover - exercised on 3.10 only
        import tomli as tomllib

    source = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(source, "<file>", f"cannot read: {exc.strerror or exc}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(source, "<toml>", f"invalid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("anchorlint", {})
    else:
        table = data.get("tool", {}).get("anchorlint", data) if "tool" in data else data
    if not isinstance(table, dict):
        raise ConfigError(source, "tool.anchorlint", "expected a table")
    return settings_from_table(table, source, str(path.parent))


def find_config_file(start: Path) -> Path | None:
    """The nearest anchorlint.toml, or pyproject.toml with a [tool.anchorlint] table."""
    for directory in (start, *start.parents):
        candidate = directory / "anchorlint.toml"
        if candidate.is_file():
            return candidate
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            try:
                text = candidate.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            if "[tool.anchorlint" in text:
                return candidate
    return None


def load_settings(config: Path | None = None, start: Path | None = None) -> Settings:
    """Explicit ``--config`` wins; otherwise walk up from ``start`` (the working directory)."""
    path = config if config is not None else find_config_file((start or Path.cwd()).resolve())
    if path is None:
        return Settings(root=str((start or Path.cwd()).resolve()))
    return load_file(path)
