"""Token-limited chat memory over a pluggable chat store.

On every read, the turns that no longer fit are replaced by one system message
summarizing them; the shortened history is written back to the store, so the
next read starts from it.
"""

from __future__ import annotations

from chatcore.llms import LLM, ChatMessage, MessageRole
from chatcore.stores import BaseChatStore, InMemoryChatStore
from chatcore.tokens import count_tokens

FOLD_INSTRUCTION = "Write a concise summary of the conversation above for the assistant's memory."


class SummarizingChatBuffer:
    def __init__(self, llm: LLM, token_limit: int = 3000, store: BaseChatStore | None = None, key: str = "chat") -> None:
        self.llm = llm
        self.token_limit = token_limit
        self.store = store or InMemoryChatStore()
        self.key = key

    def put(self, message: ChatMessage) -> None:
        self.store.add_message(self.key, message)

    def load_history(self) -> list[ChatMessage]:
        return self.store.get_messages(self.key)

    def read(self) -> list[ChatMessage]:
        history = self.load_history()
        recent: list[ChatMessage] = []
        while history and count_tokens(recent + history[-1:]) <= self.token_limit:
            recent.insert(0, history.pop())
        if not history:
            return recent
        folded = self._fold(history)
        updated = [folded, *recent]
        self.store.set_messages(self.key, updated)
        return updated

    def _fold(self, older: list[ChatMessage]) -> ChatMessage:
        transcript = "\n".join(f"{m.role.value}: {m.content}" for m in older)
        reply = self.llm.chat([ChatMessage(role=MessageRole.USER, content=f"{transcript}\n\n{FOLD_INSTRUCTION}")])
        return ChatMessage(role=MessageRole.SYSTEM, content=reply.message.content)
