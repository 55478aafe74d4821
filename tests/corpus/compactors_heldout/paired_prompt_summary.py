"""Summary agent called with a system prompt and a user template, folding in the last summary."""

from __future__ import annotations

from typing import Any

SYSTEM_PROMPT = "You are a conversation summarizer. Keep key topics, decisions and open questions."
USER_TEMPLATE = "Please summarize the following conversation.\n\nPrevious summary:\n{previous}\n\nMessages:\n{messages_text}"


def update_summary(client: Any, messages: list[dict[str, str]], previous_summary: str = "") -> str:
    text = "\n".join(f"{m['role']}: {m['content']}" for m in messages)
    reply = client.create(
        messages=[
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": USER_TEMPLATE.format(previous=previous_summary, messages_text=text)},
        ]
    )
    return reply.choices[0].message.content
