"""Short-term memory helper for graph agents: fold old messages into a running summary.

The caller keeps the returned `RunningSummary` in its graph state and passes it
back on the next step, so the ids already folded are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flowgraph.messages import AnyMessage, SystemMessage
from flowgraph.tokens import count_tokens_approximately

FIRST_PROMPT = "Create a summary of the conversation above."
EXTEND_PROMPT = (
    "This is a summary of the conversation so far: {existing_summary}\n\n"
    "Summarize the new messages above and extend that summary with them."
)


@dataclass
class RunningSummary:
    summary: str
    folded_ids: set[str] = field(default_factory=set)
    last_folded_id: str | None = None


@dataclass
class FoldResult:
    messages: list[AnyMessage]
    running_summary: RunningSummary | None


def fold_messages(
    messages: list[AnyMessage], *, running_summary: RunningSummary | None, model, max_tokens: int = 2048
) -> FoldResult:
    seen = running_summary.folded_ids if running_summary else set()
    fresh = [m for m in messages if m.id not in seen]
    if count_tokens_approximately(fresh) <= max_tokens:
        prefix = [SystemMessage(content=running_summary.summary)] if running_summary else []
        return FoldResult(messages=prefix + fresh, running_summary=running_summary)
    to_fold, keep = fresh[:-4], fresh[-4:]
    if running_summary:
        instruction = EXTEND_PROMPT.format(existing_summary=running_summary.summary)
    else:
        instruction = FIRST_PROMPT
    response = model.invoke([*to_fold, {"role": "user", "content": instruction}])
    updated = RunningSummary(
        summary=response.content,
        folded_ids=set(seen) | {m.id for m in to_fold},
        last_folded_id=to_fold[-1].id if to_fold else None,
    )
    return FoldResult(messages=[SystemMessage(content=updated.summary), *keep], running_summary=updated)


def call_model(state: dict, model, answer_model) -> dict:
    result = fold_messages(state["messages"], running_summary=state.get("summary"), model=model)
    reply = answer_model.invoke(result.messages)
    update = {"messages": [reply]}
    if result.running_summary is not None:
        update["summary"] = result.running_summary
    return update
