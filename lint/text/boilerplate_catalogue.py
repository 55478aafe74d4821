"""The wording of framework boilerplate and placeholder summaries, as the frameworks write it.

Read by :mod:`anchorlint.text.boilerplate`, which compiles these sentences into the patterns
that hide them from the text rules (and tells ANC109 a placeholder). Kept apart because it
is data that grows with every framework studied, not logic.

Each entry is (framework, sentence); ``{n}`` is a number, ``{path}`` a path or other
non-space run, ``{name}`` a short name, ``{error}`` the rest of the line.
"""

from __future__ import annotations

#: Claude Code: the continuation preambles (older, current) that open a summary
CLAUDE_PREAMBLES: tuple[str, ...] = (
    "This session is being continued from a previous conversation that ran out "
    "of context. The conversation is summarized below:",
    "This session is being continued from a previous conversation that ran out "
    "of context. The summary below covers the earlier portion of the conversation.",
)
#: Claude Code: the preambles' first sentence alone, as notes copy it into a title or a first
#: line (after the whole preambles in the union, which tries them first at each position)
CLAUDE_PREAMBLE_OPENINGS: tuple[str, ...] = (
    "This session is being continued from a previous conversation that ran out of context.",
    "This session is being continued from a previous conversation that ran out of context",
)
#: Claude Code: the closing paragraphs after a summary (transcript path, carry-on orders)
CLAUDE_TAIL: tuple[str, ...] = (
    "If you need specific details from before compaction (like exact code "
    "snippets, error messages, or content you generated), read the full transcript at: {path}",
    "If you need specific details from before exiting plan mode (like exact code "
    "snippets, error messages, or content you generated), read the full transcript at: {path}",
    "Recent messages are preserved verbatim.",
    "Please continue the conversation from where we left it off without asking "
    "the user any further questions. Continue with the last task that you were asked to work on.",
    "Please continue the conversation from where we left off without asking the "
    "user any further questions. Continue with the last task that you were asked to work on.",
    "Continue the conversation from where it left off without asking the user "
    "any further questions. Resume directly \u2014 do not acknowledge the summary, do not recap "
    'what was happening, do not preface with "I\'ll continue" or similar. Pick up the last task '
    "as if the break never happened.",
)
#: Codex: the prefix of a locally compacted summary (some versions doubled a space in it)
CODEX_PREFIX = (
    "Another language model started to solve this problem and produced a summary of "
    "its thinking process. You also have access to the state of the tools that were used by "
    "that language model. Use this to build on the work that has already been done and avoid "
    "duplicating work. Here is the summary produced by the other language model, use the "
    "information in this summary to assist with your own analysis:"
)
#: Letta: the sentence that closes every summary preamble; the summary follows it
LETTA_LEADS: tuple[str, ...] = (
    "The following is a summary of the previous {n} messages:",
    "The following is a summary of the previous messages:",
)

#: LangChain's summarization middleware: the line that opens its summary message
LANGCHAIN_LEAD = "Here is a summary of the conversation to date:"
#: deepagents: the preamble of a summary whose history was saved to a file (the summary
#: follows in ``<summary>`` tags)
DEEPAGENTS_PREAMBLE: tuple[str, ...] = (
    "You are in the middle of a conversation that has been summarized.",
    "The full conversation history has been saved to {path} should you need to refer back "
    "to it for details.",
    "A condensed summary follows:",
)

#: kimi-cli: the part that opens its compaction message (in ``<system>`` tags), the summary
#: in the parts after it
KIMI_COMPACTION_PREFIX = "Previous context has been compacted. Here is the compaction output:"

#: Mastra's Observational Memory: the sentences of the instructions it puts after the
#: ``<observations>`` block, and of the continuation hint before the kept messages, that point
#: back ("mentioned above", "previous information", "Earlier messages", "the earlier
#: context"); the hint's pair of sentences is in every version seen, with or without the
#: sentence on a suggested response after it
MASTRA_OBSERVATIONAL_MEMORY: tuple[str, ...] = (
    "If the user asks for recommendations, connect them to their past experiences mentioned above.",
    'Look for phrases like "will start", "is switching", "changed to", "moved to" as '
    "indicators that previous information has been updated.",
    "Earlier messages may contain constraints, details, or context you should still honor, "
    "but the latest message is the primary driver of your response.",
    "Use the earlier context only as background. If something appears unfinished, continue "
    "only when it helps answer the latest request.",
)

BOILERPLATE: tuple[tuple[str, str], ...] = (
    *(("Claude Code", sentence) for sentence in CLAUDE_PREAMBLES),
    *(("Claude Code", sentence) for sentence in CLAUDE_PREAMBLE_OPENINGS),
    *(("Claude Code", sentence) for sentence in CLAUDE_TAIL),
    (
        "Claude Code",
        "Caveat: The messages below were generated by the user while running local "
        "commands. DO NOT respond to these messages or otherwise consider them in your response "
        "unless the user explicitly asks you to.",
    ),
    ("Codex", CODEX_PREFIX),
    (
        "Codex",
        "You are resuming an in-progress task after context compaction. Another language "
        "model produced a handoff summary. Treat the summary as authoritative for what is already "
        'done. Continue from the "Next steps" for the active task; do not re-open completed tasks '
        "or audit prior work unless the user explicitly asked. You also have access to the state "
        "of the tools that were used by that language model. Here is the summary:",
    ),
    (
        "Codex",
        "Heads up: Long conversations and multiple compactions can cause the model to be "
        "less accurate. Start a new conversation when possible to keep conversations small and "
        "targeted.",
    ),
    (
        "Codex",
        "Heads up: Long threads and multiple compactions can cause the model to be less "
        "accurate. Start a new thread when possible to keep threads small and targeted.",
    ),
    ("gemini-cli", "Got it. Thanks for the additional context!"),
    ("gemini-cli", "[System Note: Conversation History Truncated]"),
    (
        "gemini-cli",
        "Prior context was offloaded to maintain performance. Key highlights from the "
        "truncated history:",
    ),
    (
        "gemini-cli",
        "**Notice:** For deeper context, review persistent memory or task-specific logs.",
    ),
    ("OpenHands", "[Summary of Events Being Forgotten]"),
    ("kimi-cli", KIMI_COMPACTION_PREFIX),
    ("LangChain", LANGCHAIN_LEAD),
    *(("deepagents", sentence) for sentence in DEEPAGENTS_PREAMBLE),
    ("LangChain", "Previous conversation summary:"),
    ("LangGraph", "Summary of the conversation so far:"),
    ("LangGraph", "Summary of conversation earlier:"),
    ("LangGraph", "Summary of the conversation earlier:"),
    (
        "Letta",
        "Note: prior messages ({n} of {n} total messages) have been hidden from view due "
        "to conversation memory constraints.",
    ),
    *(("Letta", sentence) for sentence in LETTA_LEADS),
    (
        "Letta",
        "Note: {n} messages from the beginning of the conversation have been hidden from "
        "view due to memory constraints.",
    ),
    (
        "Letta",
        "Note: prior messages from the beginning of the conversation have been hidden "
        "from view due to conversation memory constraints.",
    ),
    (
        "Letta",
        "Note: prior messages have been hidden from view due to conversation memory constraints.",
    ),
    (
        "Letta",
        "Note: {n} prior messages with the user have been hidden from view due to "
        "conversation memory constraints. Older messages are stored in Recall Memory and can be "
        "viewed using functions.",
    ),
    (
        "OpenHands",
        "ENVIRONMENT REMINDER: prior messages ({n} of {n} total messages) have been "
        "hidden from view due to conversation memory constraints.",
    ),
    ("OpenHands", "The following is a summary of the first {n} messages:"),
    (
        "crewAI",
        "Continue the task from where the conversation left off. The above is a "
        "structured summary of prior context.",
    ),
    ("crewAI", "This is a summary of our conversation so far:"),
    ("aider", "I spoke to you previously about a number of things."),
    (
        "Goose",
        "Your context was compacted. The previous message contains a summary of the "
        "conversation so far.",
    ),
    (
        "Goose",
        "Your context was compacted at the user's request. The previous message contains "
        "a summary of the conversation so far.",
    ),
    (
        "Goose",
        "Do not mention that you read a summary or that conversation summarization occurred.",
    ),
    ("Goose", "Just continue the conversation naturally based on the summarized context."),
    (
        "OpenCode",
        "Continue if you have next steps, or stop and ask for clarification if you are "
        "unsure how to proceed.",
    ),
    (
        "Cline",
        "The user has accepted the condensed conversation summary you generated. This "
        "summary covers important details of the historical conversation with the user which has "
        "been truncated.",
    ),
    (
        "Cline",
        "[NOTE] Some previous conversation history with the user has been removed to "
        "maintain optimal context window length. The initial user task has been retained for "
        "continuity, while intermediate conversation history has been removed. Keep this in mind "
        "as you continue assisting the user. Pay special attention to the user's latest messages.",
    ),
    (
        "Cline",
        "[NOTE] Some previous conversation history with the user has been removed to "
        "maintain optimal context window length. The initial user task and the most recent "
        "exchanges have been retained for continuity, while intermediate conversation history has "
        "been removed. Please keep this in mind as you continue assisting the user.",
    ),
    (
        "openclaw",
        "The conversation history before this point was compacted into the following summary:",
    ),
    *(("Mastra", sentence) for sentence in MASTRA_OBSERVATIONAL_MEMORY),
)

#: absence, error and refusal messages that stand where a summary should be (ANC109)
PLACEHOLDERS: tuple[tuple[str, str], ...] = (
    ("LangChain", "No previous conversation history."),
    ("LangChain", "Previous conversation was too long to summarize."),
    ("LangChain", "Error generating summary: {error}"),
    ("LangChain", "Error generating summary"),
    ("Codex", "(no summary available)"),
    ("Letta", "No conversation to summarize."),
    ("OpenHands", "No events summarized"),
    ("openclaw", "Summary unavailable due to context limits. Older messages were truncated."),
    ("Claude Code", "Error during compaction: {error}"),
    ("Claude Code", "Failed to generate conversation summary{error}"),
    ("any", "Compaction failed. {error}"),
    ("any", "(Summarization failed: {error})"),
    ("any", "(Summary unavailable)"),
    ("any", "Summary unavailable."),
    ("any", "No summary available."),
    ("any", "No summary available for this conversation."),
    ("any", "No summary available for this session."),
    ("any", "Summarization failed: {error}"),
    ("any", "Summary generation failed: {error}"),
    ("pi", "(No conversation to summarize{error})"),
    ("model refusal", "I'm sorry, but I can't help with that."),
    ("model refusal", "I'm sorry, but I cannot help with that."),
    ("model refusal", "I'm sorry, I can't help with that."),
    ("model refusal", "I'm sorry, but I can't assist with that."),
    ("model refusal", "I'm sorry, I can't assist with that."),
    ("model refusal", "I can't help with that."),
    ("model refusal", "I cannot help with that."),
    ("model refusal", "Sorry, I can't help with that."),
)
