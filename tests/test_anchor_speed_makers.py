"""Anchors and fragments made with their fields' dict set at once (``anchor_parts._anchor_of``,
``_fragment_of``) are those their constructors make, and those
:func:`~anchorlint.frozen.frozen_instance` made before: equal, hashed, printed, pickled and
copied alike, their fields in the same order."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.frozen import frozen_copy, frozen_instance
from anchorlint.text.anchor_parts import Anchor, Fragment, Pin, _anchor_of, _fragment_of

TEXT = st.text(max_size=8)
FRAGMENT = st.builds(
    _fragment_of, TEXT, st.none() | st.integers(0, 99), st.none() | st.integers(0, 99), TEXT
)


def _alike(made: object, expected: object) -> None:
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert list(vars(made).items()) == list(vars(expected).items())
    assert type(made) is type(expected)
    for again in (pickle.loads(pickle.dumps(made)), copy.deepcopy(made)):
        assert again == expected and list(vars(again)) == list(vars(expected))


@settings(max_examples=300, deadline=None)
@given(TEXT, st.none() | st.integers(0, 99), st.none() | st.integers(0, 99), TEXT)
def test_a_fragment_is_the_constructors(
    kind: str, first: int | None, last: int | None, raw: str
) -> None:
    made = _fragment_of(kind, first, last, raw)
    _alike(made, Fragment(kind, first, last, raw))
    _alike(made, frozen_instance(Fragment, kind=kind, first=first, last=last, raw=raw))


#: an anchor's fields but its last two (``in_code``, ``notation``), in order
FIELDS = st.tuples(
    st.integers(0, 99),
    st.integers(0, 99),
    st.sampled_from(["wiki", "uri", "line", "issue"]),
    TEXT,
    TEXT,
    TEXT,
    st.none() | FRAGMENT,
    st.none() | st.builds(Pin, TEXT, TEXT),
    st.none() | TEXT,
    st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(FIELDS, st.sampled_from(["", "compact", "prose"]))
def test_an_anchor_is_the_constructors(fields: tuple[object, ...], notation: str) -> None:
    start, end = fields[0], fields[1]
    assert isinstance(start, int) and isinstance(end, int)
    made = _anchor_of(*fields, notation=notation)  # type: ignore[arg-type]
    _alike(made, Anchor(*fields, notation=notation))  # type: ignore[arg-type]
    names = [f.name for f in dataclasses.fields(Anchor)]
    before = dict(zip(names, (*fields, False, notation), strict=True))
    _alike(made, frozen_instance(Anchor, **before))
    moved = made.moved(3)
    _alike(moved, dataclasses.replace(made, start=start + 3, end=end + 3))
    _alike(frozen_copy(made, in_code=True), dataclasses.replace(made, in_code=True))
    assert {name: getattr(made, name) for name in names} == before
