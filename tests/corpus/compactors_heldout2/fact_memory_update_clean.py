"""Long-term fact memory: new facts are reconciled with the stored ones by the model.

The model answers with operations (ADD, UPDATE, DELETE, NONE) on memory ids; stored facts
are never summarized, only replaced by the exact text the model proposes for one id.
"""

from __future__ import annotations

import json

UPDATE_PROMPT = (
    "You manage a memory of facts. Compare the new facts with the stored ones and reply with "
    "JSON operations: ADD, UPDATE (with id), DELETE (with id) or NONE.\n"
    "Stored: {stored}\nNew: {new}"
)


class FactMemory:
    def __init__(self, llm, store) -> None:
        self.llm = llm
        self.store = store

    def add(self, new_facts: list[str]) -> list[dict]:
        stored = [{"id": m["id"], "text": m["text"]} for m in self.store.all()]
        prompt = UPDATE_PROMPT.format(stored=json.dumps(stored), new=json.dumps(new_facts))
        ops = json.loads(self.llm.generate(prompt))
        for op in ops:
            if op["event"] == "ADD":
                self.store.insert(op["text"])
            elif op["event"] == "UPDATE":
                self.store.update(op["id"], op["text"])
            elif op["event"] == "DELETE":
                self.store.archive(op["id"])
        return ops
