"""Amortised forgetting for an agent's event log, with a record of what went.

When the view passes `max_size`, everything between the kept head and tail is
forgotten; the condensation event lists the forgotten ids so the replay can
skip them and a later step can fetch them back from the event store.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from devagent.events import Event, EventStore

logger = logging.getLogger(__name__)


@dataclass
class ToolObservation(Event):
    call_id: str = ""
    content: str = ""


@dataclass
class CondensationEvent(Event):
    forgotten_event_ids: list[int] = field(default_factory=list)
    note: str = ""


class AmortizedForgettingCondenser:
    def __init__(self, store: EventStore, max_size: int = 100, keep_first: int = 1) -> None:
        if keep_first >= max_size // 2:
            raise ValueError("keep_first must be less than half of max_size")
        self.store = store
        self.max_size = max_size
        self.keep_first = keep_first

    def condense(self, view: list[Event]) -> list[Event] | CondensationEvent:
        if len(view) <= self.max_size:
            return view
        target = self.max_size // 2
        head = view[: self.keep_first]
        tail = view[-(target - len(head)) :]
        keep_ids = {e.id for e in head + tail}
        forgotten = [e.id for e in view if e.id not in keep_ids]
        observations = [e.call_id for e in view if isinstance(e, ToolObservation) and e.id in set(forgotten)]
        logger.info("forgetting events %s (tool calls %s)", forgotten, observations)
        note = f"{len(forgotten)} events forgotten; ids recorded in this event, fetch with recall(id)."
        return CondensationEvent(forgotten_event_ids=forgotten, note=note)

    @staticmethod
    def apply(view: list[Event], condensation: CondensationEvent) -> list[Event]:
        gone = set(condensation.forgotten_event_ids)
        return [e for e in view if e.id not in gone] + [condensation]

    def recall(self, event_id: int) -> Event:
        return self.store.get(event_id)
