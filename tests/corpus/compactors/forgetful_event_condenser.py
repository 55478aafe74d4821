"""An event-log condenser that forgets old command outputs and says which.

The returned condensation names every forgotten event id, so the event store can
replay any of them on request.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from devkit.events import CommandOutputObservation, Event


@dataclass(frozen=True)
class Condensation:
    forgotten_ids: list[int]
    kept: list[Event] = field(default_factory=list)


class OutputForgettingCondenser:
    def __init__(self, keep_outputs: int = 4) -> None:
        self.keep_outputs = keep_outputs

    def condense(self, events: list[Event]) -> Condensation:
        outputs = [e for e in events if isinstance(e, CommandOutputObservation)]
        forgotten = outputs[: max(0, len(outputs) - self.keep_outputs)]
        forgotten_ids = [e.id for e in forgotten]
        kept = [e for e in events if e.id not in forgotten_ids]
        return Condensation(forgotten_ids=forgotten_ids, kept=kept)

    def hide_outputs(self, events: list[Event]) -> tuple[list[Event], list[int]]:
        hidden = [e.id for e in events if isinstance(e, CommandOutputObservation)]
        visible = [e for e in events if not isinstance(e, CommandOutputObservation)]
        return visible, hidden
