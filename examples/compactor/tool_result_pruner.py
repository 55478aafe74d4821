"""Keeps an agent's prompt small by dropping old tool results.

The newest tool results stay; older ones are replaced by one line that only
says how many went, so nothing can tell which call's output to fetch again.
"""

from agentkit.messages import SystemMessage, ToolMessage


def prune_tool_results(messages, keep_last=3):
    tool_positions = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
    stale = set(tool_positions[:-keep_last])
    kept = [m for i, m in enumerate(messages) if i not in stale]
    note = SystemMessage(content=f"Skipped {len(stale)} tool results.")
    return [note, *kept]


def prune_with_record(messages, keep_last=3):
    tool_positions = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
    stale = set(tool_positions[:-keep_last])
    dropped_ids = [messages[i].tool_call_id for i in sorted(stale)]
    kept = [m for i, m in enumerate(messages) if i not in stale]
    note = SystemMessage(content=f"Tool results removed (call ids): {', '.join(dropped_ids)}")
    return [note, *kept]
