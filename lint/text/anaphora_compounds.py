"""A context noun that only modifies the noun after it (ANC101): "the last chat message", "the
last session cookie", "the previous session token".

"last session" points back, but in "the last session cookie" the session names the kind of
cookie: the phrase is a thing of the program the note describes (its cookie, its card, its
token), not a session the note dropped. So is "the last chat message": the final message of
a chat, as "the last message" is (which the rule never reads). Read from the one token after
the context noun; the head noun must come right after it, not capitalised as a name, and be
one of two short lists, so that "the last session notes", "the last session's log", "in the last
session we decided" and "last chat, we agreed" still point back.
"""

from __future__ import annotations

from typing import Any

#: things of a program a context noun names the kind of ("session cookie", "summary card",
#: "thread id"): an object, never a record of the talk ("session notes", "session log" are)
#: nor a piece of a prompt ("the prior context header" is one)
OBJECT_HEADS = frozenset(
    """
cookie cookies id ids key keys card cards bubble bubbles button buttons widget widgets tab
tabs pane panes panel panels modal modals sidebar badge badges icon icons avatar avatars
preview previews thumbnail thumbnails timestamp timestamps timeout timeouts expiry variable
variables object objects handle handles
""".split()
)
#: pieces of a chat that "last" makes the final one ("the last chat message", "the last
#: thread reply"), as it does of "the last message"; only after a word for the chat itself,
#: not "session" ("in the last session messages were lost" is a session)
PIECE_HEADS = frozenset(
    """
message messages reply replies response responses answer answers turn turns post posts
comment comments
""".split()
)
#: a token is a session's in a login ("the previous session token"), but the context's or a
#: summary's are the model's ("the previous context tokens" were in the dropped turns)
_SESSION_HEADS = frozenset({"token", "tokens"})
#: the words for a chat itself, which "last" counts the pieces of
_CHATS = frozenset({"chat", "chats", "thread", "threads", "conversation", "conversations"})


def modifies_a_head(ordinal: str, noun: str, head: Any) -> bool:
    """Whether the context noun ``noun`` only says which kind of ``head``, the token after it
    (None past the sentence's end).

    ``ordinal`` is the word before the noun ("last", "previous", …): "last" makes a piece of
    a chat its final one, so those heads count only after it; an object's head after any."""
    if head is None:
        return False  # the sentence ends on the noun
    text = head.text
    if not head.is_alpha or (text[:1].isupper() and not text.isupper()):
        return False  # "last session Cookie", "last session's notes": no head noun here
    word = head.lower_  # "the last session ID"
    if word in OBJECT_HEADS or (word in _SESSION_HEADS and noun in ("session", "sessions")):
        return True
    return ordinal == "last" and noun in _CHATS and word in PIECE_HEADS
