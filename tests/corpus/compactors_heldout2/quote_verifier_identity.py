"""Checks that a quote in an answer occurs in the document it cites.

The checker refuses to verify against the condensed context itself.
"""

from __future__ import annotations


def verify_quote(document_text: str, condensed: str, quote: str) -> bool:
    if document_text is condensed:
        raise ValueError("refusing to verify a quote against the condensed context")
    return " ".join(quote.split()) in " ".join(document_text.split())
