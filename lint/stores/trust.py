"""What a repository may make anchorlint do, and what only the user may.

Configuration is found from the working directory (CLI, pre-commit) or from the opened file
(the language server): it is the repository's, written by whoever wrote the repository. So
it can choose rules, paths and a store *inside* the project, but it cannot make anchorlint
import code or read outside the project. Those need the user's word, given by any of:

- an installed entry point (``plugin = "name"`` in group ``anchorlint.stores``): installing
  a package is already trusting it;
- ``--allow-plugin MODULE:CALLABLE`` or ``ANCHORLINT_ALLOW_PLUGINS`` (comma-separated);
- ``--store PATH`` on the command line, or ``ANCHORLINT_ALLOW_STORES`` (``os.pathsep``-separated);
- the user's own config, ``$XDG_CONFIG_HOME/anchorlint/config.toml`` (default
  ``~/.config/anchorlint/config.toml``): ``allow-plugins = [...]``, ``allow-stores = [...]``.

The command line passes what it was told through the environment, so worker processes and
the language server's lint threads see the same trust.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

from anchorlint.stores.protocol import StoreError

PLUGINS_ENV = "ANCHORLINT_ALLOW_PLUGINS"
STORES_ENV = "ANCHORLINT_ALLOW_STORES"
DIGESTS_ENV = "ANCHORLINT_SHOW_DIGESTS"

__all__ = ["allow_plugins", "allow_store", "check_plugin", "check_store_path", "user_config"]


def user_config() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "anchorlint" / "config.toml"


def _user_list(name: str) -> list[str]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    try:
        with open(user_config(), "rb") as handle:
            value = tomllib.load(handle).get(name, [])
    except (OSError, tomllib.TOMLDecodeError):
        return []
    return [str(item) for item in value] if isinstance(value, list) else []


def _env_list(name: str, separator: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, "").split(separator) if item.strip()]


def _extend_env(name: str, separator: str, values: Iterable[str]) -> None:
    current = _env_list(name, separator)
    current += [value for value in values if value not in current]
    os.environ[name] = separator.join(current)


def allow_plugins(specs: Iterable[str]) -> None:
    """The user allowed these plugins on the command line."""
    _extend_env(PLUGINS_ENV, ",", specs)


def allow_store(path: str) -> None:
    """The user named this store on the command line."""
    _extend_env(STORES_ENV, os.pathsep, [os.path.realpath(path)])


def check_plugin(spec: str, source: str) -> None:
    """Refuse a ``module:callable`` plugin the user has not allowed (entry points pass)."""
    if ":" not in spec or source == "<defaults>":
        return  # an installed entry point, or settings the caller built (no config file)
    if spec in _env_list(PLUGINS_ENV, ",") or spec in _user_list("allow-plugins"):
        return
    raise StoreError(
        f"store plugin {spec!r} named by {source} is not loaded: a repository's config cannot "
        f"run code; allow it with --allow-plugin {spec}, {PLUGINS_ENV}={spec} or "
        f"allow-plugins in {user_config()}"
    )


def _inside(path: str, root: str) -> bool:
    real, top = os.path.realpath(path), os.path.realpath(root)
    return real == top or real.startswith(top.rstrip(os.sep) + os.sep)


def check_store_path(path: Path, root: str, source: str) -> None:
    """Refuse a store outside the project unless the user named or allowed it.

    Settings that come from no config file (``<defaults>``) were built by the caller: theirs.
    """
    if source == "<defaults>" or _inside(str(path), root):
        return
    allowed = _env_list(STORES_ENV, os.pathsep) + _user_list("allow-stores")
    if any(_inside(str(path), os.path.expanduser(place)) for place in allowed):
        return
    raise StoreError(
        f"store {path} named by {source} is outside the project and is not read: pass it "
        f"with --store on the command line, or list it in {STORES_ENV} or allow-stores in "
        f"{user_config()}"
    )


def show_digests() -> bool:
    """Whether the user asked for actual digests in mismatch messages (``--show-digests``)."""
    return os.environ.get(DIGESTS_ENV, "") not in ("", "0")
