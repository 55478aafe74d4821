"""Whether "nothing was lost" (ANC108) tells of the note, or of a system or a piece of work.

"Nothing was omitted.", "No pending tasks." and "Nothing is left to do." stand alone and
claim the note holds everything, or that nothing remains. The same words said inside a
sentence about something else claim nothing of the note: a condition or a time ("while
nothing is pending", "only if nothing is pending", "once nothing is outstanding", "nothing is lost until you enable it"),
what a system does ("the journal ensures nothing is lost", "the graph schedules no pending
tasks"), a check to run ("to confirm nothing was dropped or duplicated"), what a fault did
("nothing is dropped, destroyed, or stalled"; "nothing has been lost to that yet"), and
scope items set aside under a heading ("## Out of scope (deferred, nothing dropped)").

The claim patterns run on lower-cased text and see no such context, so it is read here, in
the claim's own block, from a few words either side. Only the claims of this family are read
(their match opens on "nothing" or "no"); a word that names the note keeps the claim ("this
summary ensures nothing is lost", "nothing was lost to compaction").
"""

from __future__ import annotations

import regex

from anchorlint.text.claim_subjects import NOTE_WORDS, subject_before

#: a claim of this family, as the patterns match it: its first word
_FAMILY = regex.compile(r"(?:nothing|no)\b", regex.IGNORECASE)
#: a word before the claim that makes it a condition, a time or a purpose, not a statement
_SUBORDINATE = regex.compile(
    r"(?<![\w'’-])(?:while|once|until|unless|if|when|whenever|as[ \t]long[ \t]as|so[ \t]that"
    r"|to[ \t](?:make[ \t]sure|ensure|confirm|verify|check|prove|guarantee))"
    r"(?:[ \t]that)?[ \t(]{1,3}\Z",
    regex.IGNORECASE,
)
#: a verb before the claim whose subject does something: its object or clause is the claim
_DOING = regex.compile(
    r"(?<![\w'’-])(ensures|ensured|guarantees|guaranteed|schedules|scheduled|queues|returns"
    r"|spawns|emits)(?:[ \t]that)?[ \t]{1,3}\Z",
    regex.IGNORECASE,
)
#: what follows the claim when it tells of a time or of what became of something else
_AFTER = regex.compile(r"[ \t](?:until|to|that[ \t]ever)[ \t]", regex.IGNORECASE)
#: the claim's verb joined to others ("dropped, destroyed, or stalled"): the participle
#: after it
_JOINED = regex.compile(
    r"(?:,[ \t](?:(?:or|and|nor)[ \t])?|[ \t](?:or|and|nor)[ \t])(\w{2,30}ed)\b"
)
#: the participles of a claim: "omitted or lost" is still one
_CLAIM_VERBS = frozenset({"omitted", "dropped", "lost", "elided", "skipped", "excluded", "removed"})
#: words of a heading that sets items aside ("Out of scope", "Deferred", "Carry-forward")
_SET_ASIDE = regex.compile(r"scope|deferred|carr(?:y|ied)[ -]forward|backlog", regex.IGNORECASE)
#: how far before and after the claim its context is read (a line may be a megabyte)
_REACH = 60


def said_of_other(text: str, start: int, end: int, floor: int, heading: bool) -> bool:
    """Whether the claim ``text[start:end]`` of this family tells of a system or a piece of
    work, not of the note; ``floor`` is where its block starts, ``heading`` whether that
    block is a heading."""
    if _FAMILY.match(text, start, end) is None:
        return False
    if heading and _SET_ASIDE.search(text, floor, start) is not None:
        return True
    window = max(floor, start - _REACH)
    if _SUBORDINATE.search(text, window, start) is not None:
        return True
    doing = _DOING.search(text, window, start)
    if doing is not None:
        subject = subject_before(text, doing.start(), floor)
        return subject is None or subject.lower() not in NOTE_WORDS
    after = text[end : end + _REACH]
    if _AFTER.match(after) is not None and not _names_the_note(after):
        return True
    joined = _JOINED.match(after)
    return joined is not None and joined[1].lower() not in _CLAIM_VERBS


#: a word right after "to" or "until" that names the note or the talk ("lost to compaction")
_NOTE_AFTER = regex.compile(
    r"[ \t]\w{2,12}[ \t](?:\w{1,30}[ \t]){0,3}?(?:this\b|summar|compact|condens|conversation"
    r"|context|handoff|transcript|history|recap|notes?\b)",
    regex.IGNORECASE,
)


def _names_the_note(after: str) -> bool:
    return _NOTE_AFTER.match(after) is not None
