"""``invite``: the second seat of a two-player table is kept for the invited user."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import ALICE, BOB, CAROL, EVE, Chat, Dice, open_store, texts, toasts

from bot.app import App, SendBoard, User, invitations
from bot.store import Store, TableKey

HOUR = 3600.0


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """Each test runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


async def test_the_invited_user_gets_the_seat(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(1)))
    await chat.send(ALICE, "/new 3")
    assert "not playing" in texts(await chat.send(EVE, "/invite @Bob"))
    replies = await chat.send(ALICE, "/invite @Bob")
    assert texts(replies) == "Alice invites @Bob.\nThis seat is kept for @Bob."
    assert "Join" in chat.labels()
    # Someone else cannot take the kept seat, by button or by command.
    before = await chat.table()
    assert toasts(await chat.press(CAROL, "Join")) == ["This seat is kept for @Bob."]
    assert texts(await chat.send(EVE, "/join")) == "This seat is kept for @Bob."
    assert (await chat.table()).seats == before.seats
    assert "This seat is kept for @Bob." in texts(await chat.send(EVE, "/board"))
    # Bob (recognised by his name) sits down and the game starts.
    replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    table = await chat.table()
    assert [s.user for s in table.seats] == [ALICE.ref, BOB.ref] and table.lobby.held is None


async def test_invite_by_mention_and_cancel(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(2)))
    await chat.send(ALICE, "/new money")
    await chat.send(ALICE, f"/invite <@{BOB.id}>")
    assert toasts(await chat.press(CAROL, "Join")) == [f"This seat is kept for <@{BOB.id}>."]
    # Only the inviter frees the seat; then anyone may join.
    assert "not playing" in texts(await chat.send(EVE, "/invite off"))
    assert texts(await chat.send(ALICE, "/invite off")) == "The seat is open to anyone again."
    assert (await chat.table()).lobby.held is None
    replies = await chat.press(CAROL, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    assert [s.user for s in (await chat.table()).seats] == [ALICE.ref, CAROL.ref]


async def test_the_lobby_frees_a_kept_seat_by_a_button(store: Store) -> None:
    """``invite off`` as the lobby's button (Discord's /invite takes a member, never "off"):
    shown while a seat is kept, pressed by the inviter alone."""
    clock = Clock()
    chat = Chat(App(store, dice=Dice(2), clock=clock))
    await chat.send(ALICE, "/new money")
    assert "Free the seat" not in chat.labels()
    await chat.send(ALICE, f"/invite <@{BOB.id}>")
    assert "Free the seat" in chat.labels()
    refused = toasts(await chat.press(CAROL, "Free the seat"))
    assert refused == ["You are not playing at this table."]
    assert (await chat.table()).lobby.held is not None
    replies = await chat.press(ALICE, "Free the seat")
    assert texts(replies) == "The seat is open to anyone again."
    assert (await chat.table()).lobby.held is None and "Free the seat" not in chat.labels()
    assert "Join" in chat.labels()
    # a kept seat that expired shows no button
    await chat.send(ALICE, "/invite someone_else")
    assert "Free the seat" in chat.labels()
    clock.now += 25 * HOUR
    replies = await chat.press(ALICE, "Jacoby: on")  # the lobby drawn again
    assert "Free the seat" not in chat.labels()
    assert "kept for" not in texts(replies)
    assert "kept for" not in texts(await chat.send(EVE, "/board"))


async def test_the_kept_seat_expires(store: Store) -> None:
    clock = Clock()
    chat = Chat(App(store, dice=Dice(3), clock=clock))
    await chat.send(ALICE, "/new 5")
    await chat.send(ALICE, "/invite someone_else")
    assert toasts(await chat.press(BOB, "Join")) == ["This seat is kept for someone_else."]
    clock.now += 25 * HOUR
    replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)


async def test_an_invitation_at_a_running_table_is_only_announced(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(4)))
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    replies = await chat.send(BOB, "/invite @Carol")
    assert texts(replies) == "Bob invites @Carol."
    assert (await chat.table()).lobby.held is None
    # A name with spaces is matched without them, case aside.
    other = Chat(App(store, dice=Dice(5)), key=TableKey("telegram", "-200"))
    await other.send(ALICE, "/new 3")
    await other.send(ALICE, "/invite @mary_ann")
    mary = User("telegram", "9", "Mary Ann", "en")
    assert toasts(await other.press(mary, "Join")) == ["This seat is kept for @mary_ann."]
    await other.send(ALICE, "/invite @maryann")
    assert any(isinstance(r, SendBoard) for r in await other.press(mary, "Join"))


async def test_a_card_pressed_opens_the_table_with_its_clock_and_seats_the_presser(
    store: Store,
) -> None:
    """An invitation card is one use case: the table opened for the inviter with his clock,
    the presser seated, the game begun; pressed again, nothing more happens; the inviter's own
    press is refused in his language and changes nothing."""
    app = App(store, dice=Dice(3))
    key = TableKey("telegram", "inline.card-1")
    own = await invitations.accept_card(
        app, key, "7", inviter=ALICE, new_args="3", clock="1d", user=ALICE
    )
    assert not own.seated and own.refusal is not None and "your invitation" in own.refusal
    assert await app.facts(key) is None  # nothing opened
    seating = await invitations.accept_card(
        app, key, "8", inviter=ALICE, new_args="3", clock="1d", user=BOB
    )
    assert seating.seated and not seating.again and seating.refusal is None
    assert any(isinstance(r, SendBoard) for r in seating.replies)
    facts = await app.facts(key)
    assert facts is not None and facts.stage == "play" and facts.length == 3
    assert set(facts.seats) == {ALICE.ref, BOB.ref}
    assert "Move clock: 1 day per move." in texts(seating.replies)
    again = await invitations.accept_card(
        app, key, "8", inviter=ALICE, new_args="3", clock="1d", user=BOB
    )
    assert again.seated and again.again and again.replies == []
    late = await invitations.accept_card(
        app, key, "9", inviter=ALICE, new_args="3", clock="", user=CAROL
    )
    assert not late.seated and late.refusal  # the game is on: no seat for a third player
    after = await app.facts(key)
    assert after is not None and after.version == facts.version


async def test_a_link_followed_seats_the_user_once(store: Store) -> None:
    app = App(store, dice=Dice(3))
    chat = Chat(app)
    await chat.send(ALICE, "/new 3")
    seating = await invitations.follow_link(app, chat.key, "20", BOB)
    assert seating.seated and not seating.again
    assert any(isinstance(r, SendBoard) for r in seating.replies)
    again = await invitations.follow_link(app, chat.key, "21", BOB)
    assert again.seated and again.again and again.replies == []
    refused = await invitations.follow_link(app, chat.key, "22", CAROL)
    assert not refused.seated and refused.replies
