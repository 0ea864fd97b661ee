"""Keyboards fitted to Discord's component limits, and components rebuilt from messages."""

from __future__ import annotations

import discord
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app import Button, Payload, format_payload
from bot.app.payload import MAX_VERSION
from bot.discord_bot.components import (
    BUTTON_PREFIX,
    MAX_STEP_BUTTONS,
    MENU_PREFIX,
    PayloadButton,
    PayloadMenu,
    build_view,
    button_style,
    disabled_view,
    layout,
)


def step(frm: int, to: int, version: int = 7) -> Button:
    return Button(f"{frm}→{to}", format_payload(Payload("step", (frm, to), version)))


def control(action: str, label: str, version: int = 7) -> Button:
    return Button(label, format_payload(Payload(action, (), version)))


def limits_kept(view: discord.ui.View) -> bool:
    rows = view.to_components()
    ids = [c["custom_id"] for row in rows for c in row["components"]]
    return (
        len(rows) <= 5
        and all(len(row["components"]) <= 5 for row in rows)
        and sum(len(row["components"]) for row in rows) <= 25
        and all(len(i) <= 100 for i in ids)
        and len(set(ids)) == len(ids)
    )


def test_a_small_keyboard_stays_as_drawn() -> None:
    keyboard = ((step(13, 7), step(8, 2)), (control("confirm", "Confirm"), control("undo", "Undo")))
    fitted = layout(keyboard)
    assert fitted.menu == () and fitted.rows == keyboard
    view = build_view(keyboard)
    assert view is not None and limits_kept(view) and view.timeout is None
    rows = view.to_components()
    assert [c["custom_id"] for c in rows[0]["components"]] == [
        BUTTON_PREFIX + b.payload for b in keyboard[0]
    ]
    assert rows[1]["components"][0]["style"] == discord.ButtonStyle.success.value


def test_many_steps_go_into_a_select_menu() -> None:
    steps = [step(24 - i // 4, 20 - i // 4 - i % 4) for i in range(20)]
    keyboard = (
        *(tuple(steps[i : i + 5]) for i in range(0, 20, 5)),
        (control("confirm", "Confirm"), control("undo", "Undo")),
    )
    fitted = layout(keyboard)
    assert fitted.menu == tuple(steps)
    assert fitted.rows == ((control("confirm", "Confirm"), control("undo", "Undo")),)
    view = build_view(keyboard, "Choose a step…")
    assert view is not None and limits_kept(view)
    menu = view.to_components()[0]["components"][0]
    assert menu["type"] == 3 and menu["custom_id"] == MENU_PREFIX + steps[0].payload
    assert [o["value"] for o in menu["options"]] == [s.payload for s in steps]
    assert menu["placeholder"] == "Choose a step…"


def test_the_step_threshold() -> None:
    few = tuple(step(24, 24 - i) for i in range(1, MAX_STEP_BUTTONS + 1))
    rows = tuple(few[i : i + 5] for i in range(0, len(few), 5))
    assert layout(rows).menu == ()
    more = (*rows, (step(13, 7),))
    assert len(layout(more).menu) == MAX_STEP_BUTTONS + 1


def test_wide_rows_are_reflowed_and_repeats_dropped() -> None:
    row = tuple(control(a, a) for a in ("roll", "double", "take", "pass", "beaver", "undo", "join"))
    fitted = layout((row, (control("roll", "again"),)))
    assert [len(r) for r in fitted.rows] == [5, 2]
    assert [b.label for r in fitted.rows for b in r] == [b.label for b in row]


def test_empty_keyboard_has_no_view() -> None:
    assert build_view(()) is None
    assert build_view(((),)) is None


def test_styles() -> None:
    assert button_style(control("roll", "Roll")) is discord.ButtonStyle.primary
    assert button_style(control("pass", "Pass")) is discord.ButtonStyle.danger
    assert button_style(step(13, 7)) is discord.ButtonStyle.secondary
    assert button_style(Button("odd", "not a payload")) is discord.ButtonStyle.secondary


def test_long_labels_are_cut() -> None:
    view = build_view(((Button("x" * 120, format_payload(Payload("roll", (), 1))),),))
    assert view is not None
    assert len(view.to_components()[0]["components"][0]["label"]) == 80


def test_custom_ids_fit_for_the_longest_payloads() -> None:
    payload = format_payload(Payload("option", ("a" * 20, "b" * 20), MAX_VERSION))
    assert len(BUTTON_PREFIX + payload) <= 100 and len(MENU_PREFIX + payload) <= 100
    assert PayloadButton.__discord_ui_compiled_template__.fullmatch(BUTTON_PREFIX + payload)
    assert PayloadMenu.__discord_ui_compiled_template__.fullmatch(MENU_PREFIX + payload)


def test_disabled_view_rebuilds_the_message_components() -> None:
    steps = [step(24 - i // 4, 20 - i // 4 - i % 4) for i in range(12)]
    keyboard = (tuple(steps[:5]), tuple(steps[5:10]), tuple(steps[10:]), (control("undo", "U"),))
    view = build_view(keyboard, "pick")
    assert view is not None
    components = [discord.ActionRow(row) for row in view.to_components()]  # type: ignore[arg-type]
    old = disabled_view(components)
    assert old is not None
    rows = old.to_components()
    again = [c for row in rows for c in row["components"]]
    before = [c for row in view.to_components() for c in row["components"]]
    assert [c["custom_id"] for c in again] == [c["custom_id"] for c in before]
    assert all(c["disabled"] for c in again)
    assert again[0]["options"] == before[0]["options"]
    assert disabled_view([]) is None


ACTIONS = st.sampled_from(["roll", "double", "take", "pass", "undo", "confirm", "join", "start"])
BUTTONS = st.one_of(
    st.builds(step, st.integers(1, 25), st.integers(0, 24), st.integers(0, 99)),
    st.builds(control, ACTIONS, st.text(min_size=1, max_size=90), st.integers(0, 99)),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(BUTTONS, max_size=9), max_size=9))
def test_any_keyboard_fits(rows: list[list[Button]]) -> None:
    keyboard = tuple(tuple(r) for r in rows)
    view = build_view(keyboard, "pick")
    payloads = {b.payload for r in keyboard for b in r}
    if view is None:
        assert payloads == set()
        return
    assert limits_kept(view)
    shown = set()
    for row in view.to_components():
        for c in row["components"]:
            if c["type"] == 3:
                shown |= {o["value"] for o in c["options"]}
            else:
                shown.add(c["custom_id"].removeprefix(BUTTON_PREFIX))
    assert shown <= payloads
    if len(payloads) <= 25 - 1:
        # Everything fits when there are few enough buttons: nothing is lost.
        steps = {b.payload for r in keyboard for b in r if b.payload.startswith("s:")}
        others = payloads - steps
        if len(steps) <= 25 and len(others) <= 20:
            assert shown == payloads
