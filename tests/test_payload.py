"""The button payload codec: round trips, platform limits, and arbitrary input never trusted."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app.payload import (
    ACTIONS,
    MAX_PAYLOAD_BYTES,
    MAX_VERSION,
    InvalidPayload,
    Payload,
    format_payload,
    parse_payload,
)
from engine.game import ActionKind

_words = st.from_regex(r"[a-z0-9_]{1,20}", fullmatch=True)
_ints = st.integers(min_value=0, max_value=999_999)


def _arg(kind: str) -> st.SearchStrategy[int | str]:
    """Arguments of one kind: an action's ``int`` or its word."""
    return _ints if kind == "int" else _words


@st.composite
def payloads(draw: st.DrawFn) -> Payload:
    spec = draw(st.sampled_from(ACTIONS))
    args = tuple(draw(_arg(kind)) for kind in spec.args)
    version = draw(st.integers(min_value=0, max_value=MAX_VERSION))
    return Payload(spec.name, args, version)


def test_example_step() -> None:
    assert format_payload(Payload("step", (25, 22), 7)) == "s:7:25:22"
    assert parse_payload("s:7:25:22") == Payload("step", (25, 22), 7)


def test_buttons_already_posted_still_parse_as_the_engine_spells_the_action() -> None:
    """A game's action is carried under its engine name (:class:`ActionKind`), with the short
    codes the buttons already posted carry."""
    codes = {
        "r": ActionKind.ROLL,
        "d": ActionKind.DOUBLE,
        "t": ActionKind.TAKE,
        "p": ActionKind.PASS,
        "b": ActionKind.BEAVER,
        "ba": ActionKind.BEAVER_ACCEPT,
        "br": ActionKind.BEAVER_REFUSE,
        "u": ActionKind.UNDO,
        "c": ActionKind.CONFIRM,
        "ra": ActionKind.RESIGN_ACCEPT,
        "rd": ActionKind.RESIGN_DECLINE,
    }
    for code, kind in codes.items():
        payload = parse_payload(f"{code}:z")
        assert payload.action is kind and payload.version == 35
        assert format_payload(Payload(kind, (), 35)) == f"{code}:z"
    assert parse_payload("rs:1:2").action is ActionKind.RESIGN
    assert parse_payload("s:1:13:7").action is ActionKind.STEP
    engine_named = [spec.name for spec in ACTIONS if spec.name in set(ActionKind)]
    assert all(isinstance(name, ActionKind) for name in engine_named)


def test_codes_are_unique() -> None:
    assert len({a.code for a in ACTIONS}) == len(ACTIONS)
    assert len({a.name for a in ACTIONS}) == len(ACTIONS)


@given(payloads())
@settings(max_examples=400)
def test_round_trip_within_limits(payload: Payload) -> None:
    text = format_payload(payload)
    assert len(text.encode("utf-8")) <= MAX_PAYLOAD_BYTES  # Telegram callback_data
    assert len(text) <= 100  # Discord custom_id
    assert parse_payload(text) == payload
    assert parse_payload(text.encode("ascii")) == payload


@given(st.one_of(st.text(max_size=120), st.binary(max_size=120)))
@settings(max_examples=400)
def test_arbitrary_input_parses_or_raises_invalid_payload(data: str | bytes) -> None:
    try:
        payload = parse_payload(data)
    except InvalidPayload:
        return
    # Whatever parses is canonical: formatting it gives back the same text.
    text = data.decode("ascii") if isinstance(data, bytes) else data
    assert format_payload(payload) == text


@given(payloads(), st.integers(min_value=0, max_value=40), st.text(min_size=1, max_size=3))
@settings(max_examples=300)
def test_mutated_payloads_never_crash(payload: Payload, at: int, junk: str) -> None:
    text = format_payload(payload)
    at = min(at, len(text))
    mutated = text[:at] + junk + text[at:]
    try:
        parsed = parse_payload(mutated)
    except InvalidPayload:
        return
    assert format_payload(parsed) == mutated


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "s",
        "s:1",
        "s:1:13",
        "s:1:13:7:1",
        "zz:1",
        "s:01:13:7",
        "s:1:013:7",
        "s:1:-1:7",
        "s:1:1234567:7",
        "o:1:Jacoby:on",
        "r:123456789",
        "r:1" + "x" * 70,
    ],
)
def test_rejects(bad: str) -> None:
    with pytest.raises(InvalidPayload):
        parse_payload(bad)


@pytest.mark.parametrize(
    "payload",
    [
        Payload("nope"),
        Payload("step", (1,), 0),
        Payload("step", ("a", 2), 0),
        Payload("roll", (), -1),
        Payload("roll", (), MAX_VERSION + 1),
        Payload("option", ("Upper", "x"), 0),
        Payload("step", (True, 2), 0),
    ],
)
def test_format_refuses_what_it_cannot_carry(payload: Payload) -> None:
    with pytest.raises(InvalidPayload):
        format_payload(payload)


def test_remembered_values_never_blur_what_is_refused() -> None:
    """Formatting and parsing remember recent values; a refused one is refused every time, and an
    integer formatted before does not let the equal ``True`` through."""
    assert format_payload(Payload("step", (1, 2), 5)) == "s:5:1:2"
    with pytest.raises(InvalidPayload):
        format_payload(Payload("step", (True, 2), 5))
    assert parse_payload("s:5:1:2") == Payload("step", (1, 2), 5)
    assert parse_payload(b"s:5:1:2") == Payload("step", (1, 2), 5)
    for _ in range(2):
        with pytest.raises(InvalidPayload):
            parse_payload("s:5:1:x")
    with pytest.raises(InvalidPayload):
        format_payload(Payload("option", (["unhashable"], "x"), 0))  # type: ignore[arg-type]
