"""What a string of a compactor module asks: whether its prose asks the model to summarize.

The prompt names of :mod:`anchorlint.code.prompts` start from strings that ask for a summary
(``"Summarize the lines of conversation below…"``). This module reads the text alone; it knows
nothing of the module's names or calls. Precision first: a sentence that only says the model
*can* summarize, or one that asks to summarize one tool answer, is no request to compact the
context.
"""

from __future__ import annotations

import re

from anchorlint.code.lazy_pattern import LazyPattern

#: after an escape written in source text (``"…\n\nSummarize …"``): the module-wide check
#: reads the source before any string is evaluated, and the escape's letter starts no word
_ESCAPED = r"(?<=\\[nt])"
#: a string asking for a summary: the verb, or "write/produce … summary"
ASKS = LazyPattern(
    rf"(?:(?<![-\w./])|{_ESCAPED})(?:summari[sz]es?|condenses?|compress(?:es)?|compacts?"
    # "Distill the above chat messages into a single summary message." (a chat tutorial's
    # prompt); "distill the model", "knowledge distillation" name no summary and no chat.
    # Read ahead of the verb, in this branch: a branch of its own, with its own word-start
    # test at every position of every string, cost each module 0.5 % more instructions
    r"|distill(?:s|ing)?\b(?=[^.\n]{0,60}\b(?:summar(?:y|ies)|recap|synopsis)\b"
    r"| (?:the|this|these|our|your)\b[^.\n]{0,30}\b(?:chat|conversation|dialog(?:ue)?"
    r"|messages|transcript)\b))\b"
    # the persona form of a system prompt: "You are summarizing an agent run for …", and the
    # role it names: "You are a context-checkpoint summarizer.", "You are an expert
    # conversation condenser." (read in this branch: the role costs no test of its own)
    r"|\byou(?: are|'re) (?:now )?(?:(?:summari[sz]|condens|compress|compact)ing"
    r"|an? (?:[\w-]+ ){0,3}(?:summari[sz]er|condenser|compressor|compactor)s?)\b"
    rf"|(?:\b|{_ESCAPED})(?:write|produce|give|create|provide|generate|return|update|extend)s?\b"
    r"[^.\n]{0,40}\bsummar(?:y|ies)"
    r"|\bsummari[sz]ation of\b[^.\n]{0,30}\b(?:chat|conversation|dialog(?:ue)?|history|messages)\b",
    re.IGNORECASE,
)
#: what a prompt written inline asks to summarize: the conversation, not any text
_CONVERSATION = LazyPattern(
    r"\b(?:chat|conversation|dialog(?:ue)?|history|messages|turns|transcript)\b", re.IGNORECASE
)
#: a prompt is prose: a command-line flag (``"--compress"``) or a one-word string is none
_MIN_WORDS = 4
_MAX_STRING = 20_000


#: a sentence that grants an ability rather than asking (``"You can answer questions and
#: summarize conversations."``): a chat assistant's persona, not a summary request
_CAPABILITY = LazyPattern(r"\b(?:can|could|may|able to|capable of)\b", re.IGNORECASE)
_SENTENCE_END = LazyPattern(r"[.!?\n](?=\s|$)")
#: an agent's system prompt that says when to call a tool which compresses (``"When the
#: context grows long, call the shrink tool to compress the conversation."``): the tool does
#: the compacting, and the model is asked to call it, not to summarize
_CALLS_A_TOOL = LazyPattern(
    r"\b(?:call|use|invoke|run|trigger)(?:s|ing)?\b[^.!?\n]{0,40}\b(?:tool|function)\b"
    r"[^.!?\n]{0,30}\s(?:to|that|which)\s+(?:(?:automatically|manually)\s+)?$",
    re.IGNORECASE,
)


def _tool_compresses(found: re.Match[str], sentence: str) -> bool:
    """The ask is a tool's work the model is told to call (``"… call the shrink tool to
    compress the conversation"``). Only compress, compact and condense: ``"Use the
    record_summary tool to summarize the conversation"`` (or "to write a summary") asks a
    summarizer for its summary in a tool's arguments, and stays an ask."""
    verb = found.group().lower()
    return verb.startswith(_TOOL_VERBS) and _CALLS_A_TOOL.search(sentence[-120:]) is not None


_TOOL_VERBS = ("compress", "compact", "condens")


def asks_to_summarize(text: str, words: int = _MIN_WORDS) -> bool:
    """A string of prose that asks for a summary (``"Summarize the lines below…"``); an ask
    in a sentence that only says the model *can* summarize is none."""
    head = text[:_MAX_STRING]
    if len(head.split(None, words)) < words:
        return False
    for found in ASKS.finditer(head):
        start = found.start()
        ends = [m.end() for m in _SENTENCE_END.finditer(head, max(0, start - 300), start)]
        sentence = head[ends[-1] if ends else max(0, start - 300) : start]
        if _CAPABILITY.search(sentence) is not None or _tool_compresses(found, sentence):
            continue
        if _ONE_ANSWER.match(head, found.end()) and _CONVERSATION.search(head) is None:
            continue  # ``"Call the lookup tool and summarize the result."``: one answer
        return True
    return False


#: what an ask to summarize *one answer* names right after its verb (``"… and summarize the
#: result."``): a tool call's or a search's single answer, put in few words for the user, not
#: the context compacted (a request naming the conversation as well is still one)
_ONE_ANSWER = LazyPattern(r"\s+(?:the|its|this|that)\s+(?:result|response|answer)\b(?!s)", re.I)


#: a request for *the* summary, a thing the conversation already gave its name to (``"Please
#: provide the summary now."``, ``"Write your updated summary."``), the noun ending its phrase:
#: ``"the summary of …"`` names what to summarize (a document as often as a chat), and
#: ``"the summary statistics"`` is another thing
_THE_SUMMARY = LazyPattern(
    r"\b(?:write|produce|give|provide|generate|return|update)\b(?: me| us)?"
    r" (?:the|your)(?: (?:new|updated|final|revised|full))? summary"
    r"(?=\s*(?:$|[.,:;!?)]|(?:now|below|here|in|as|using|only|and|then)\b))",
    re.IGNORECASE,
)


def asks_about_conversation(text: str) -> bool:
    """``"Summarize this conversation:"``: three words will do when they name the chat, or
    when they ask for the summary itself (``"Please provide the summary now."``, a last user
    message after the conversation's own messages)."""
    if not asks_to_summarize(text, 3):
        return False
    head = text[:_MAX_STRING]
    return _CONVERSATION.search(head) is not None or _THE_SUMMARY.search(head) is not None


#: a short order opening a template, the text to summarize put in right after its colon or
#: line break (``f"Summarize for continuity:\\n{conv_text}"``, ``"Condense:\\n{text}"``): three
#: words or fewer, but the interpolated text is what they ask about. Read on the template's
#: text with each interpolation written ``{…}`` (escapes as written in source, or evaluated);
#: a label (``"Summarize: on"``) or a log line holds no interpolation there
_OPENS_TEMPLATE = LazyPattern(
    r"\s*(?:please\s+)?(?:summari[sz]e|condense|compress)\b[^:\n\\{}]{0,40}"
    r"(?::|\n|\\n)(?:\s|\\n)*\{",
    re.IGNORECASE,
)


def opens_template_with_ask(template: str) -> bool:
    """``"Summarize for continuity:\\n{conv_text}"``: an order to summarize opening the
    string, the text to summarize interpolated right after it."""
    return _OPENS_TEMPLATE.match(template) is not None
