"""Condensers for a browsing agent's event stream.

Page snapshots are the largest events a browsing run produces; once the agent
has moved on, the older snapshots are hidden so that a long session still fits.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from webagent.events import AgentAction, Event, PageSnapshotObservation, UserTurn


@dataclass
class HiddenOutput(Event):
    text: str = ""


class PageSnapshotHider:
    """Keeps the newest snapshots and hides every older one."""

    def __init__(self, keep_pages: int = 1) -> None:
        self.keep_pages = keep_pages

    async def condense(self, events: list[Event]) -> list[Event]:
        await asyncio.sleep(0)
        seen = 0
        condensed: list[Event] = []
        for event in reversed(events):
            if isinstance(event, PageSnapshotObservation) and seen >= self.keep_pages:
                condensed.append(HiddenOutput(text="<page content hidden to save space>"))
            else:
                if isinstance(event, PageSnapshotObservation):
                    seen += 1
                condensed.append(event)
        condensed.reverse()
        return condensed


class PageSnapshotPointer:
    """Same window, but each hidden snapshot still says which page it was."""

    def __init__(self, keep_pages: int = 1) -> None:
        self.keep_pages = keep_pages

    async def condense(self, events: list[Event]) -> list[Event]:
        seen = 0
        condensed: list[Event] = []
        for event in reversed(events):
            if isinstance(event, PageSnapshotObservation) and seen >= self.keep_pages:
                condensed.append(HiddenOutput(text=f"Visited {event.url}; snapshot hidden"))
                continue
            seen += isinstance(event, PageSnapshotObservation)
            condensed.append(event)
        return list(reversed(condensed))


def count_turns(events: list[Event]) -> int:
    return sum(1 for e in events if isinstance(e, (UserTurn, AgentAction)))
