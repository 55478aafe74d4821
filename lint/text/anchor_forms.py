"""The anchor forms real coding-agent summaries cite with (RULES.md, "Real anchors, precisely").

Repository paths, paths with a line (``a.py:12``, "line 396 of a.py", "`a.py` (line 42)"),
commits, issue/change/ticket references and UUIDs. Each is one alternative of the anchor
scanner in :mod:`anchorlint.text.anchors`, with a named group per form, bounded repetitions
only and a lookbehind that lets a form start only at a token's start, so a megabyte of
``a/a/a/…``, hex or ``#`` is scanned in linear time.

What is *not* an anchor matters as much: a domain (``example.com``), a version (``v2.3``,
``3.11``), an abbreviation (``e.g.``), a number, a library name such as ``Node.js``, a
standard such as ``SHA-256`` or ``UTF-8``, and a URL to a loopback or private host, which
names a running service rather than a source.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from anchorlint.text.windows_paths import windows_body

#: extensions that make a bare file name (no ``/``) a path; ``path-extensions`` replaces them
DEFAULT_PATH_EXTENSIONS: tuple[str, ...] = tuple(
    """
py pyi md mdx rst txt json jsonl yaml yml toml ini cfg conf ts tsx mts cts js jsx mjs cjs
rs go java kt kts scala swift c h cc cpp hpp cs rb php sh bash zsh ps1 sql html htm css scss
ipynb csv tsv log xml proto gradle tf hcl vue svelte lua dart ex exs erl hs tpl lock patch
r rmd qmd jl zig nix sv svh vhd vhdl lean tcl cu cuh
""".split()
)

_SEGMENT = r"\.?[\w@+~%-][\w.@+~%-]{0,127}"
#: a route framework's folder named in brackets or parentheses, a whole segment between
#: slashes: a dynamic segment ``[id]``, a catch-all ``[...slug]``, an optional one
#: ``[[...slug]]`` or ``[[lang]]``, one with a matcher ``[id=integer]``, a route group
#: ``(auth)``. The whole name is bracketed, so a Markdown link ``[text](url)``, a wiki
#: key ``[[doc#L1]]`` or a remark in parentheses is none: none stands between two slashes
#: of a path
_BRACKETED_NAME = r"\[\[(?:\.\.\.)?[\w-]{1,64}\]\]|\[(?:\.\.\.)?[\w-]{1,64}(?:=[\w-]{1,64})?\]"
BRACKETED_SEGMENT = r"(?:" + _BRACKETED_NAME + r"|\([\w-]{1,64}\))"
#: a bracketed folder or file name in a bare pointer, after its "/": whole, so a "/" or
#: the name's "." follows (``app/(auth)/login/page.tsx#L12@sha256:…``, as ``pin`` writes
#: a route's line); read forwards, or backwards by its start finder, the same way
POINTER_FOLDER = r"(?:" + BRACKETED_SEGMENT + r"(?=[/.]))?"
_EXTENSION = r"[A-Za-z][A-Za-z0-9]{0,9}"
#: a path ends where no path character follows (a sentence's full stop may)
_PATH_END = r"(?![\w/@%+~-]|\.\w)"
#: a path starts where no path character stands before it, and not at a "/" right after a
#: bracket: that is a route's folder, read whole or not at all (not "/login/page.tsx" of
#: "app/(auth)/login/page.tsx", whose cut key would be quoted back)
_PATH_START = r"(?<![\w./:@~+%#\\$-])(?!(?<=[)\]])/)"
_LINES = r"(?P<{a}>\d{{1,9}})(?:[ ]?[-–][ ]?(?P<{b}>\d{{1,9}}))?"


def _path_body(extensions: tuple[str, ...]) -> str:
    """A path with a ``/`` and an extension on its last segment, or a bare file name whose
    extension is one of ``extensions`` (maybe at the root: ``/NOTES.md``). Any segment may
    start with a dot (``.github/ci.yml``, ``~/.config/app.toml``, ``docs/.drafts/plan.md``,
    ``.eslintrc.json``): agents' notes cite such folders and files."""
    names = "|".join(sorted((regex.escape(e) for e in extensions), key=len, reverse=True))
    # the root's "/" only where a path may begin (not "[id]/page.js", a route cut short)
    bare = rf"|(?:(?<![^\s`'\"(<*])/)?{_SEGMENT}\.(?i:{names})" if names else ""
    # a bracketed folder only after a plain one, and a bracketed file name only after a
    # folder ("pages/[id].tsx"): a path never opens with a bracket. The folders are taken
    # possessively: a name holds no "/", so a path is read to its last "/" or not at all,
    # and a run of bracketed folders is not read again for each shorter count
    folders = rf"{_SEGMENT}/(?:(?:{_SEGMENT}|{BRACKETED_SEGMENT})/){{0,31}}+"
    name = rf"(?:{_SEGMENT}|{_BRACKETED_NAME})\.{_EXTENSION}"
    return rf"(?:(?:\.{{1,2}}/|~/|/)?{folders}{name}{bare})"


#: a bounded bridge between a path and its parenthesised lines: "`a.py` at three places
#: (lines 4, 9, 12)" (a count of places, spelled or in digits, and the word for them)
_BRIDGE = (
    r"[ ](?i:at|in)[ ](?:(?i:one)[ ](?i:place|location|spot)"
    r"|(?:(?i:two|three|four|five|six|seven|eight|nine|ten|several|multiple)|[2-9]|[1-9]\d)"
    r"[ ](?i:places|locations|spots))"
)
#: more lines or ranges after the first, inside the parentheses: "(lines 102, 122)",
#: "(lines 10-20, 31 and 40)"; 64 at most, so a hostile "(lines 1, 1, 1, …" stays linear
_MORE_LINES = r"(?:(?:,[ ](?:and[ ])?|[ ]and[ ])~?\d{{1,9}}(?:[ ]?[-–][ ]?\d{{1,9}})?){{1,64}}"


def _then_line(p: str, a: str, b: str) -> str:
    """A line after a path: "`db.py` (line 42)", "`db.py` line 42", "db.py, line 42", "db.py
    around line 42", "`db.py` - line 42" (a dash between, as a list of changes writes it). In
    parentheses a one-word label may come first ("(READ, lines 4-9)"), a
    remark may follow the number ("(line 42: the cap)", "(line 42, the cap)"), more lines
    may follow the first ("(lines 4, 9 and 12)": ``line_lists`` reads each), and a count of
    places may bridge the gap ("at three places (lines 4, 9, 12)"); a tilde may make either
    approximate ("(~line 42)", "(line ~40-105)"), which drifts no less. After a dash, more
    lines are read where the list ends its line ("`db.py` - lines 9, 129-138"), as a list
    of changes writes them. The groups are named ``p`` (set in parentheses), ``p`` and "d"
    (after a dash), ``a`` and ``b`` (the first line and the range's last)."""
    return (
        r"(?:(?:" + _BRIDGE + r")?[ ]{{0,2}}\((?P<{p}>)(?:[A-Za-z]{{1,12}},[ ])?"
        r"|(?:,[ ]|[ ]{{1,2}}|[ ][-–—][ ](?P<{p}d>))(?:(?i:at|around|near|on)[ ])?)"
        r"~?(?i:lines?)[ ]{{1,3}}~?"
        + _LINES
        + r"(?({p})(?:"
        + _MORE_LINES
        + r")?(?:\)|(?=[:;,][ ](?![ ]|\d)))|(?({p}d)(?:"
        + _MORE_LINES
        + r"(?=[.;]?(?:\n|\Z)))?)(?![\w-]|[.,]\d|[ ](?:to|through|and)[ ]\d))"
    ).format(p=p, a=a, b=b)


def path_forms(extensions: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The path forms: a line in prose before the path ("line 12 of a.py", of a POSIX or a
    Windows path), and one pattern for a POSIX path with whatever follows it (``:12``, ``
    (line 12)``, nothing), so the costly path body is tried once per position."""
    body = _path_body(extensions)
    windows = windows_body(_SEGMENT, _EXTENSION)
    before = (
        r"(?P<prose_before>(?<![\w-])(?i:lines?)[ ]{1,3}"
        + _LINES.format(a="pb1", b="pb2")
        + r"[ ]{1,3}(?:of|in)[ ]{1,3}(?:the[ ]file[ ])?(?P<pbq>`)?(?P<pb_path>"
        + body
        + "|"
        + windows
        + r")(?(pbq)`)"
        + _PATH_END
        + ")"
    )
    anywhere = _PATH_START + "(?:" + "|".join((*_after_forms(body), _plain(body))) + ")"
    return ((before, ("line",)), (anywhere, (".",)))


def windows_path_form() -> str:
    """The ``anywhere`` pattern of :func:`path_forms` for a Windows path (same groups): a
    line after it, ``:12``, or nothing. Its extension is any, as a POSIX path with a ``/``
    takes any: the drive says it is a path."""
    body = windows_body(_SEGMENT, _EXTENSION)
    return _PATH_START + "(?:" + "|".join((*_after_forms(body), _plain(body))) + ")"


def _after_forms(body: str) -> tuple[str, str, str]:
    """The forms of a path with a line after it: in code ("`db.py` (line 42)"), compact
    (``db.py:42``) and bare ("db.py line 42")."""
    after = (
        r"(?P<prose_after>(?P<paq>`)(?P<pa_path>"
        + body
        # a path set in bold or italics ("**`db.py`** (lines 4-9)") is the same path, and so
        # is one with the symbol the lines hold ("`db.py:connect` (lines 4-9)")
        + r")(?::[A-Za-z_][\w.]{0,60})?`\*{0,2}"
        + _then_line("pap", "pa1", "pa2")
        + ")"
    )
    compact = (
        # ``cp_tick``: set where a backtick opens the pointer's code span
        r"(?P<compact>(?:(?<=`)(?P<cp_tick>))?(?P<cp_path>"
        + body
        + r"):"
        + _LINES.format(a="cp1", b="cp2")
        # more lines after a comma (``client.js:165,232``: ``line_lists`` reads each, and
        # ``anchor_parts`` takes them only in ascending order, else ``a.py:1,000`` is a path)
        # or after a slash (``engine.ts:1885/2562``, in the same order, else the count of
        # ``a.py:5/5`` or ``:12/8`` is no line); or after a comma and a space, the whole code
        # span the pointer and its lines (`` `a.py:215-216, 239` ``: no thousands there, in
        # any order)
        + r"(?:(?P<cp_more>(?:,\d{1,6}(?:-\d{1,6})?){1,64}|(?:/\d{1,6}(?:-\d{1,6})?){1,64})"
        + r"|(?P<cp_col>:\d{1,6})"
        + r"|(?(cp_tick)(?P<cp_spaced>(?:,[ ][1-9]\d{0,5}(?:-\d{1,6})?){1,64}(?=`))))?)"
        + r"(?![\w:-]|[.,]\d)"
    )
    bare_after = (
        r"(?P<prose_after2>(?P<pa2_path>"
        + body
        + r")"
        + _PATH_END
        + _then_line("pa2p", "pa21", "pa22")
        + ")"
    )
    return after, compact, bare_after


#: the emphasis a path's code span closes right after its backtick in a pointer set in bold
#: or italics ("**`db.py`** (line 4)": the opening marks stand before the pointer)
_CLOSING_EMPHASIS = regex.compile(r"\A(`[^`\n]{1,400}`)\*{1,2}")


def as_quoted(text: str) -> str:
    """A line pointer's text as a message quotes it: "`db.py` (line 4)" for "`db.py`**
    (line 4)", without the emphasis marks the path form takes after the path's code span
    (the pointer's span and offsets keep them: its lines are read at their offsets)."""
    return _CLOSING_EMPHASIS.sub(r"\1", text, count=1) if "`*" in text else text


def _plain(body: str) -> str:
    return r"(?P<path>" + body + ")" + _PATH_END


def plain_path_form(extensions: tuple[str, ...]) -> str:
    """The ``anywhere`` path pattern of :func:`path_forms` with its last alternative alone,
    a path with no line: where the others cannot match, it matches what the whole does, and
    with less to try at each start (each alternative reads the path's body anew)."""
    return _PATH_START + "(?:" + _plain(_path_body(extensions)) + ")"


_UUID = (
    r"(?<![\w-])(?P<uuid>[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}"
    r"-[0-9a-fA-F]{12})(?![\w-])"
)
#: 7–40 hex digits with a digit and a letter, or any hex run after "commit", "sha", "rev";
#: a range ``a1b2c3d..e4f5a6b`` is two commits, a dotted ``v1.abc1234`` none
_COMMIT = (
    # the first hex digit is matched before the lookbehinds, so the regex engine can skip
    # ahead to candidates instead of testing lookbehinds at every position
    r"(?P<commit>[0-9a-f](?<![\w/#@%+~:-].)(?<!(?<!\.)\.[0-9a-f])"
    r"(?<=(?=[0-9a-f]{0,39}[0-9])(?=[0-9a-f]{0,39}[a-f]).)[0-9a-f]{6,39})(?![\w-]|\.\w)"
)
_COMMIT_AFTER_WORD = (
    r"\b(?i:commits?|sha|rev|revision)[ :]{1,2}(?P<commit>[0-9a-fA-F]{7,40})(?![\w-]|\.\w)"
)
_END_ISSUE = r"(?![\w#]|-\w)"
_ISSUE = r"(?P<issue>#(?<![^\s(\[{]#)\d{1,9})" + _END_ISSUE
_REPO_ISSUE = (
    r"(?<![\w/.-])(?P<issue>[A-Za-z0-9][\w.-]{0,38}/[A-Za-z0-9][\w.-]{0,99}#\d{1,9})" + _END_ISSUE
)
_TICKET = r"(?P<issue>(?P<ticket>[A-Z](?<![\w-].)[A-Z0-9]{1,9})-\d{1,9})" + _END_ISSUE
#: (kind, pattern, needles): each scanned on its own, since in one union with the others
#: their literal first characters no longer let the engine skip ahead
#: the bare commit form, which :func:`~anchorlint.text.id_starts.commit_starts` serves,
#: and the others by name, for the cheap tests that let each be skipped (``anchor_scanners._GATES``)
COMMIT_FORM = _COMMIT
UUID_FORM = _UUID
COMMIT_AFTER_WORD_FORM = _COMMIT_AFTER_WORD
REPO_ISSUE_FORM = _REPO_ISSUE
ISSUE_FORM = _ISSUE
TICKET_FORM = _TICKET
ID_FORMS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("uuid", _UUID, ("-",)),
    ("commit", _COMMIT, tuple("0123456789")),
    ("commit", _COMMIT_AFTER_WORD, ("commit", "sha", "rev")),  # looked for in the lowered text
    ("issue", _ISSUE, ("#",)),
    ("issue", _REPO_ISSUE, ("#",)),
    ("issue", _TICKET, ("-",)),
)

#: ticket-shaped names of standards, encodings, time zones and architectures, not tickets
NOT_TICKETS = frozenset(
    """
SHA MD AES RSA DES ECDSA HMAC UTF UCS ISO IEC IEEE ECMA ES RFC PEP HTTP TLS SSL IPV TCP UDP
GPT LLM COVID WCAG NIST FIPS CRC UTC GMT CET CEST PST PDT EST EDT BST IST JST X86 AMD64 ARM
MPEG AV1 VP9 Q1 Q2 Q3 Q4 H1 H2 FY P0 P1 P2 P3 A4 A3 TOP WEEK DAY ROUND
""".split()
)
#: libraries named like a file (``Next.js``): a bare capitalised name, never a path
LIBRARY_NAMES = frozenset(
    """
node vue next nuxt express react three d3 chart ember backbone angular alpine solid svelte
knockout moment day preact socket pixi p5 anime leaflet video highlight marked
""".split()
)

_PRIVATE_HOST = regex.compile(
    r"[a-z][a-z0-9+.-]{1,31}://(?:[^/@\s]{0,256}@)?(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0"
    r"|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2}"
    r"|\[::1?\]|[\w-]{1,63}\.(?:local|localhost|internal))(?![\w.-])",
    regex.IGNORECASE,
)


#: for each host of :data:`_PRIVATE_HOST`, a string every match of it holds in lower case
_PRIVATE_NEEDLES = tuple("localhost 127. 0.0.0.0 10. 192.168. 172. [:: .local .internal".split())


def private_host(uri: str) -> bool:
    """A URL to a loopback or private host names a running service, not a source.

    An ASCII URL whose lower case holds none of the hosts' needles is none, without the
    pattern (``i`` matches an ASCII letter's two cases only there; in other text it also
    matches letters such as the long s)."""
    if uri.isascii():
        lower = uri.lower()
        for needle in _PRIVATE_NEEDLES:
            if needle in lower:
                break
        else:
            return False
    return _PRIVATE_HOST.match(uri) is not None


_NUMBER = regex.compile(r"\d{1,40}e\d{1,40}")


def not_a_commit(body: str) -> bool:
    """``1e100000`` is a number in scientific notation, not a commit. An ASCII body is read
    by string methods as :data:`_NUMBER` reads it (``\\d`` is any decimal digit elsewhere)."""
    if body.isascii():
        number, e, exponent = body.partition("e")
        return (
            bool(e)
            and 0 < len(number) <= 40
            and 0 < len(exponent) <= 40
            and number.isdigit()
            and exponent.isdigit()
        )
    return _NUMBER.fullmatch(body) is not None


def not_a_path(body: str) -> bool:
    """``Node.js``-style library names are words, not files."""
    if "/" in body:
        return False
    stem, _, extension = body.rpartition(".")
    return extension.lower() == "js" and stem.lower() in LIBRARY_NAMES


@lru_cache(maxsize=8)
def extensions_for(configured: tuple[str, ...]) -> tuple[str, ...]:
    """The configured extensions, lower-cased, or the defaults."""
    return tuple(e.lower().lstrip(".") for e in configured) or DEFAULT_PATH_EXTENSIONS


def rising_lines(regs: tuple[tuple[int, int], ...], groups: dict[str, int], text: str) -> bool:
    """Whether a compact pointer's lines rise from each to the next (``:165,232``, ``:7,9-12``,
    ``:1885/2562``):
    true of one line, which lists nothing, and of lines after a comma and a space in a code
    span of their own (`` `a.py:375-385, 449, 419` ``), which hold no thousands."""
    more_start, more_end = regs[groups["cp_more"]]
    if more_start < 0:
        return True
    last_start, last_end = regs[groups["cp2"]]
    if last_start < 0:
        last_start, last_end = regs[groups["cp1"]]
    previous = int(text[last_start:last_end])
    for item in text[more_start + 1 : more_end].replace("/", ",").split(","):
        low, _, high = item.partition("-")
        if int(low) <= previous or (high and int(high) < int(low)):
            return False
        previous = int(high or low)
    return True


def before_a_count(
    regs: tuple[tuple[int, int], ...], groups: dict[str, int], text: str
) -> tuple[tuple[int, int], ...] | None:
    """A compact pointer's match cut before the slash after its line, when the numbers after
    it do not rise (``t.py:5/5``, ``a.py:12/8``: a count or a ratio, not more lines, and the
    line read as it was before slashes listed lines), else None (a comma: ``a.py:1,000``)."""
    more_start = regs[groups["cp_more"]][0]
    if more_start < 0 or text[more_start] != "/":
        return None
    cut = list(regs)
    cut[groups["cp_more"]] = (-1, -1)
    cut[groups["compact"]] = (regs[groups["compact"]][0], more_start)
    return tuple(cut)
