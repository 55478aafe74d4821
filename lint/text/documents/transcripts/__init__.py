"""Readers of the transcripts and state stores agents keep their compaction summaries in.

One module a format (Claude Code, Codex, gemini-cli, Kimi Code, Qwen Code, Copilot CLI, Pi,
Roo Code, Strands, VS Code's Copilot Chat, opencode, OpenHands, LangGraph, Letta), the record shape
sniffer, the fixed wrappers cut from every summary, and the dispatching readers that the
file-kind table (:mod:`anchorlint.run.kinds`) names. The LangGraph and Letta decoders are functions over a
row's values or a blob, so stores other than SQLite can reuse them.
"""
