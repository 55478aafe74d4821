"""A key's namespace and name, as ANC107 and an anchor's ``namespace`` read them.

Its own module, with nothing but the standard library, because the cross-file rule reads it
over cached facts: a warm run that lints no summary imports none of the text machinery
(patterns, spaCy), only this.
"""

from __future__ import annotations


def split_key(key: str) -> tuple[str | None, str]:
    """(namespace, name): everything before the key's last ``/`` or ``:``, and the rest; the
    namespace None for a bare key.

    Leading ``./`` and ``../`` segments say where the key is read from, not under what: the
    key names one file from where it is cited (it has a path, so it is no bare key), and the
    folder it is read from names no namespace either. ``./CLAUDE.md`` and ``../CLAUDE.md``
    are qualified with the namespace "", which is no evidence of one; ``./docs/a.md`` and
    ``../docs/a.md`` are under ``docs``. Any other key starting with a dot
    (``.claude/CLAUDE.md``) is read as written.

    A key with a scheme (``https://…``, as a Markdown link's target gives one) is an address,
    not a name under a namespace: its ``https:/`` is no namespace, and it names none."""
    if "://" in key and _has_scheme(key):
        return None, key
    if key.startswith("."):
        rest = _relative_rest(key)
        if rest != key and max(rest.rfind("/"), rest.rfind(":")) <= 0:
            return "", rest
        key = rest
    cut = max(key.rfind("/"), key.rfind(":"))
    return (key[:cut], key[cut + 1 :]) if cut > 0 else (None, key)


def _relative_rest(key: str) -> str:
    """``key`` without its leading ``./`` and ``../`` segments."""
    while key.startswith(("./", "../")):
        key = key[2:] if key.startswith("./") else key[3:]
    return key


def split_target(key: str) -> tuple[str | None, str]:
    """:func:`split_key` of a Markdown link's target. A target with no scheme resolves beside
    the file that cites it, as ``./boards.md`` does: a bare one (``boards.md#pinning``) is
    qualified with the namespace "", which is no evidence of one."""
    namespace, name = split_key(key)
    if namespace is None and not ("://" in key and _has_scheme(key)):
        return "", name
    return namespace, name


#: the characters of a URI scheme after its first letter (RFC 3986)
_SCHEME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")


def _has_scheme(key: str) -> bool:
    """Whether ``key`` opens with a URI scheme and ``://`` (``https://``, ``s3://``)."""
    scheme = key[: key.index("://")]
    return (
        0 < len(scheme) <= 32
        and scheme[0].isascii()
        and scheme[0].isalpha()
        and all(c in _SCHEME_CHARACTERS for c in scheme)
    )
