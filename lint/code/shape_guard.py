"""A cheap look at a module's shape before LibCST's native parser sees it.

The native parser recurses once per nesting level and per operator of a chain; past some
thousands it overflows the C stack and the process dies (a segfault, not an exception), and
the code rules walk trees recursively too. Valid Python can be that shape (``s or s or …``
twenty thousand times, a subscript chain of six thousand), so the standard tokenizer,
which is linear and never recurses, measures the two things that matter first: bracket
depth and the longest run of operators or trailers (``.x``, ``[i]``, ``(…)``) inside one
expression. Beyond the bounds the file is reported as too deeply nested to analyse.
"""

from __future__ import annotations

import io
import tokenize

from anchorlint.code.lazy_pattern import LazyPattern

#: CPython itself refuses more than 200 nested brackets
MAX_DEPTH = 200
#: operators and trailers in one expression; LibCST parses thousands, the rules recurse
MAX_CHAIN = 500
#: lambdas nested directly in one another (``lambda: lambda: …``): each nests a scope, and
#: LibCST's parse of thousands takes minutes and gigabytes; a table of many side-by-side
#: lambdas (a dict of printers) is ordinary code
MAX_LAMBDAS = 100
#: tokens in one statement: a data table of 50,000 entries takes LibCST longer than the
#: whole per-file budget; no compactor holds such a statement
MAX_STATEMENT_TOKENS = 40_000
#: tokens in one module: past this, LibCST's parse alone outlasts the per-file budget
MAX_MODULE_TOKENS = 250_000
#: below this size no statement can hold MAX_STATEMENT_TOKENS tokens worth measuring
_LARGE = 150_000

_WORD_OPERATORS = frozenset({"and", "or", "not", "is", "in", "await", "lambda", "if", "else"})
_RESETS = frozenset({",", ";", ":", "=", ":="})
_OPENING, _CLOSING = frozenset("([{"), frozenset(")]}")
_OPERAND_END = frozenset({tokenize.NAME, tokenize.NUMBER, tokenize.STRING})


#: a stretch with no ``,;:=`` long enough to hold MAX_CHAIN operators, and those operators
_RESET = LazyPattern(r"[,;:=]")
_OPERATOR = LazyPattern(r"[-.+*/%&|^~<>@(\[{]|\b(?:and|or|not|is|in|await)\b")


def too_complex(source: str) -> str | None:
    """Why ``source`` is too deeply nested to analyse, or ``None`` when it is not.

    Regexes first (C speed, linear): only a file with a long stretch of operators pays for
    the tokenizer, so ordinary modules cost a scan, not a tokenization.
    """
    if (
        len(source) < _LARGE
        and source.count("lambda") <= MAX_LAMBDAS
        and not any(
            len(piece) > MAX_CHAIN and sum(1 for _ in _OPERATOR.finditer(piece)) > MAX_CHAIN
            for piece in _RESET.split(source)
        )
    ):
        return None
    return _measure(source)


def _measure(source: str) -> str | None:
    chains = [0]
    previous: tokenize.TokenInfo | None = None
    tokens = lambdas = total = 0
    nesting = _LambdaNesting()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.NEWLINE:
                tokens = 0
            tokens += 1
            total += 1
            if total > MAX_MODULE_TOKENS:
                return f"a module of more than {MAX_MODULE_TOKENS} tokens"
            lambdas = nesting.step(token, len(chains))
            if lambdas > MAX_LAMBDAS:
                return f"lambdas nested more than {MAX_LAMBDAS} deep"
            if tokens > MAX_STATEMENT_TOKENS:
                return f"a statement of more than {MAX_STATEMENT_TOKENS} tokens"
            reason = _step(token, previous, chains)
            if reason:
                return reason
            if token.type not in (tokenize.NL, tokenize.COMMENT):
                previous = token
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None  # not Python: the parser reports it (ANC002)
    return None


class _LambdaNesting:
    """How many lambdas are nested directly in one another at the current token."""

    def __init__(self) -> None:
        self.open: list[int] = []  # bracket depths of lambdas whose ``:`` is still to come
        self.after_colon = False
        self.depth = 0

    def step(self, token: tokenize.TokenInfo, brackets: int) -> int:
        if token.type in (tokenize.NL, tokenize.COMMENT):
            return self.depth
        is_lambda = token.type == tokenize.NAME and token.string == "lambda"
        if self.after_colon:
            self.depth = self.depth + 1 if is_lambda else 0
            self.after_colon = False
        elif is_lambda:
            self.depth = 1
        if is_lambda:
            self.open.append(brackets)
        elif token.string == ":" and self.open and self.open[-1] == brackets:
            self.open.pop()
            self.after_colon = True
        if token.type == tokenize.NEWLINE:
            self.open.clear()
            self.depth = 0
        return self.depth


def _step(
    token: tokenize.TokenInfo, previous: tokenize.TokenInfo | None, chains: list[int]
) -> str | None:
    kind, text = token.type, token.string
    if kind == tokenize.NEWLINE:
        chains[:] = [0]
        return None
    if kind == tokenize.NAME and text in _WORD_OPERATORS:
        chains[-1] += 1
    elif kind == tokenize.OP:
        if text in _RESETS:
            chains[-1] = 0
        elif text in _OPENING:
            if previous is not None and _ends_operand(previous):
                chains[-1] += 1  # a trailer: call or subscript
            chains.append(0)
            if len(chains) > MAX_DEPTH:
                return f"brackets nested more than {MAX_DEPTH} deep"
        elif text in _CLOSING:
            if len(chains) > 1:
                chains.pop()
        else:
            chains[-1] += 1
    if chains[-1] > MAX_CHAIN:
        return f"an expression chains more than {MAX_CHAIN} operators"
    return None


def _ends_operand(token: tokenize.TokenInfo) -> bool:
    if token.type == tokenize.NAME:
        return token.string not in _WORD_OPERATORS
    return token.type in _OPERAND_END or (token.type == tokenize.OP and token.string in _CLOSING)
