"""A 4-player chouette through the app: lobby, seating roll, the captain's moves, proposals, a
unanimous team double by vote buttons, each member's own take/pass, results, rotation, ledger."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from test_app_support import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    Chat,
    Dice,
    open_store,
    play_turn_by_buttons,
    texts,
    toasts,
)

from bot.app import App, EditBoard, SendBoard, User
from bot.store import Store
from engine.chouette import BOX, TEAM, Chouette, ChouetteGame
from engine.game import Phase
from engine.movegen import legal_plays

PLAYERS = {u.ref: u for u in (ALICE, BOB, CAROL, DAVE)}


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    """The chouette runs on the memory store and on a real Redis."""
    async with open_store(request.param, request) as opened:
        yield opened


def user(ref: str) -> User:
    return PLAYERS[ref]


def member_name(ref: str) -> str:
    return PLAYERS[ref].name


async def test_four_player_chouette(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(8)))
    assert "Chouette lobby" in texts(await chat.send(ALICE, "/new chouette"))
    for person in (BOB, CAROL, DAVE):
        await chat.press(person, "Join")
    assert "4 players seated" in texts(chat.log[-1:])
    # Only the creator starts it.
    assert toasts(await chat.press(BOB, "Start")) == [
        "Only the player who opened the table can do that."
    ]
    replies = await chat.press(ALICE, "Start")
    assert "Rolls for seats:" in texts(replies) and "box:" in texts(replies).lower()
    ch = await chat.chouette()
    cur = ch.current
    assert cur is not None and len(cur.members) == 3
    box, captain = user(cur.box), user(cur.captain)
    # A spectator cannot act; a member who is not the captain cannot move the team's checkers.
    assert toasts(await chat.press(EVE, "Roll")) == ["You are not playing at this table."]

    team_doubled = box_doubled = passed = proposed = False
    shown_answers = 0
    first_game = cur.number
    for _ in range(600):
        ch = await chat.chouette()
        cur = ch.current
        assert cur is not None
        if cur.number != first_game:
            break
        game = cur.game
        acting = [user(cur.box), user(cur.captain)]
        if cur.vote is not None:
            assert "Double the box" in chat.labels()
            voter = next(n for n in cur.playing if n not in cur.vote)
            await chat.press(user(voter), "Double the box")
            continue
        if game.phase is Phase.DOUBLED and game.turn == BOX:
            undecided = [m for m in cur.members if m.playing and m.answer is None]
            member = undecided[0]
            if not passed:
                replies = await chat.press(user(member.name), "Pass")
                passed = True
                paid = [p for p in (await chat.chouette()).ledger.payments if p.reason == "pass"]
                assert paid and paid[-1].payer == member.name and paid[-1].payee == cur.box
            else:
                replies = await chat.press(user(member.name), "Take")
            assert not toasts(replies)
            # the one board says who answered what and who is still to answer
            after = (await chat.chouette()).current
            assert after is not None
            if after.game.phase is Phase.DOUBLED and after.game.turn == BOX:
                boards = [r for r in replies if isinstance(r, SendBoard | EditBoard)]
                assert len(boards) == 1
                said = boards[0].caption
                answered = next(m for m in after.members if m.name == member.name)
                verb = "takes" if answered.playing else "passes"
                assert f"Answers: {member_name(member.name)} {verb}" in said.replace(
                    "; ", "Answers: "
                ), said
                shown_answers += 1
                awaited = [m.name for m in after.members if m.playing and m.answer is None]
                assert "Waiting for: " + ", ".join(member_name(n) for n in awaited) in said
                assert "take or pass?" not in said
            continue
        if game.phase is Phase.DOUBLED and game.turn == TEAM:
            # Members may not answer for the box.
            assert toasts(await chat.press(user(cur.captain), "Take"))
            await chat.press(user(cur.box), "Take")
            continue
        team_turn = game.phase is Phase.ROLL and game.turn == TEAM
        if team_turn and not team_doubled and ch.may_double(cur.captain):
            replies = await chat.press(user(cur.captain), "Double")
            assert "The team votes on doubling the box: 1 of 3 in favour." in texts(replies)
            voting = (await chat.chouette()).current
            assert voting is not None and voting.game.phase is Phase.ROLL
            team_doubled = True
            continue
        if (
            game.phase is Phase.ROLL
            and game.turn == BOX
            and team_doubled
            and not box_doubled
            and ch.may_double(cur.box)
        ):
            await chat.press(user(cur.box), "Double")
            box_doubled = True
            assert "Take" in chat.labels() and "Pass" in chat.labels()
            continue
        if game.phase is Phase.MOVE and game.turn == TEAM and not proposed and game.dice:
            helper = next(user(n) for n in cur.playing if n != cur.captain)
            play = legal_plays(game.position, game.dice)[0].notation()
            replies = await chat.send(helper, f"/propose {play}")
            assert f"{helper.name} proposes {play}." in texts(replies)
            step = next(label for label in chat.labels() if "→" in label)
            assert toasts(await chat.press(helper, step)) == [
                "Only the captain moves for the team."
            ]
            proposed = True
            continue
        await play_turn_by_buttons(chat, acting, game)
    else:
        raise AssertionError("the first chouette game did not end")
    assert team_doubled and box_doubled and passed and proposed and shown_answers >= 1
    # The result, the ledger, the rotation.
    ended = ch.current
    assert ended is not None and ended.number == first_game + 1
    log = texts(chat.log)
    assert f"Game {first_game}:" in log and "Ledger:" in log
    balances = ch.balances()
    assert sum(balances.values()) == 0 and any(balances.values())
    for name, amount in balances.items():  # a true minus before a debt
        assert f"{user(name).name}: {amount:+d}".replace("-", "−") in log
    assert set(ch.roster.players) == set(PLAYERS)
    assert ch.roster.box in (box.ref, captain.ref)  # the box stays, or the captain takes the box
    assert len(ch.roster.team) == 3
    # Info commands at a chouette.
    assert "Ledger:" in texts(await chat.send(EVE, "/score"))
    assert any(isinstance(r, SendBoard) for r in await chat.send(EVE, "/board"))
    # Stats reached every player.
    for ref in PLAYERS:
        assert "games 1" in texts(await chat.send(user(ref), "/stats"))


async def test_a_member_says_no_and_the_vote_ends(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(4)))
    await chat.send(ALICE, "/new chouette")
    for member in (BOB, CAROL):
        await chat.press(member, "Join")
    await chat.press(ALICE, "Start")
    for _ in range(80):
        ch = await chat.chouette()
        cur = ch.current
        assert cur is not None
        if cur.game.phase is Phase.ROLL and cur.game.turn == TEAM and ch.may_double(cur.captain):
            break
        await play_turn_by_buttons(chat, [user(cur.box), user(cur.captain)], cur.game)
    assert cur is not None
    await chat.press(user(cur.captain), "Double")
    other = next(n for n in cur.playing if n != cur.captain)
    await chat.press(user(other), "Don't double")
    after = (await chat.chouette()).current
    assert after is not None and after.vote is None and after.game.phase is Phase.ROLL
    assert after.game.cube.value == 1
    # The captain may resign his own stake: the box answers him by name.
    replies = await chat.send(user(cur.captain), "/resign")
    name = user(cur.captain).name
    assert f"{name} offers to resign a single game." in texts(replies)
    assert chat.labels() == [f"Accept: {name}", f"Decline: {name}"]
    await chat.press(user(cur.box), f"Decline: {name}")
    assert (await chat.chouette()).current.member(cur.captain).resign is None  # type: ignore[union-attr]


async def test_joining_and_leaving_a_running_chouette(store: Store) -> None:
    chat = Chat(App(store, dice=Dice(6)))
    await chat.send(ALICE, "/new chouette")
    for member in (BOB, CAROL):
        await chat.press(member, "Join")
    await chat.press(ALICE, "Start")
    # Dave joins during the game: he waits for the next one.
    replies = await chat.send(DAVE, "/join")
    assert "Dave joins and plays from the next game." in texts(replies)
    ch = await chat.chouette()
    assert ch.waiting == (DAVE.ref,)
    assert toasts(await chat.press(DAVE, "Roll")) == ["You are out of this game."]
    # A team member leaves mid-game: he settles as a pass and the game goes on.
    cur = ch.current
    assert cur is not None
    leaver = next(n for n in cur.playing if n != cur.captain)
    replies = await chat.send(user(leaver), "/leave")
    assert f"{user(leaver).name} leaves the table." in texts(replies)
    after = await chat.chouette()
    assert after.current is not None and leaver not in after.current.playing
    assert sum(after.balances().values()) == 0


async def _started_on_the_board(store: Store, seed: int) -> Chat:
    """A 4-player chouette whose first game is past the opening roll, no cube decision open."""
    chat = Chat(App(store, dice=Dice(seed)))
    await chat.send(ALICE, "/new chouette")
    for member in (BOB, CAROL, DAVE):
        await chat.press(member, "Join")
    await chat.press(ALICE, "Start")
    for _ in range(20):
        cur = (await chat.chouette()).current
        assert cur is not None
        if cur.game.phase in (Phase.ROLL, Phase.MOVE) and cur.vote is None:
            return chat
        await play_turn_by_buttons(chat, [user(cur.box), user(cur.captain)], cur.game)
    raise AssertionError("the game never reached the board")


async def test_the_box_resigns_and_each_member_answers(store: Store) -> None:
    chat = await _started_on_the_board(store, seed=8)
    ch = await chat.chouette()
    cur = ch.current
    assert cur is not None
    box, members = user(cur.box), [user(n) for n in cur.playing]
    # Only the box's offer to the whole team: each member has Accept/Decline for himself.
    replies = await chat.send(box, "/resign gammon")
    assert f"{box.name} offers to resign a gammon." in texts(replies)
    assert chat.labels() == ["Accept", "Decline"]
    # Nothing else moves while the offer waits; the box cannot answer his own offer.
    assert toasts(await chat.press(box, "Accept")) != []
    assert toasts(await chat.press(EVE, "Accept")) == ["You are not playing at this table."]
    first, second, third = members
    before = (await chat.chouette()).balances()
    await chat.press(first, "Accept")
    await chat.press(second, "Decline")
    assert toasts(await chat.press(second, "Decline")) != []  # answered already
    after = await chat.chouette()
    # A gammon counts single with the Jacoby rule while the cube is untouched: 1 point.
    stake = after.balances()[first.ref] - before.get(first.ref, 0)
    assert stake == 1 and after.balances()[box.ref] == before.get(box.ref, 0) - 1
    assert after.current is not None and after.current.member(first.ref).status == "won"
    # The last answer closes the offer: the board plays on with the members who declined.
    replies = await chat.send(third, "/decline")
    assert "declines the resignation" in texts(replies)
    cur = (await chat.chouette()).current
    assert cur is not None and cur.resign is None and cur.playing == (second.ref, third.ref)
    assert "Accept" not in chat.labels()


async def test_a_member_resigns_his_own_stake(store: Store) -> None:
    chat = await _started_on_the_board(store, seed=9)
    cur = (await chat.chouette()).current
    assert cur is not None
    box = user(cur.box)
    quitter = user(next(n for n in cur.playing if n != cur.captain))
    other = user(next(n for n in cur.playing if n not in (cur.captain, quitter.ref)))
    await chat.send(quitter, "/resign")
    await chat.send(other, "/resign")
    labels = chat.labels()
    assert f"Accept: {quitter.name}" in labels and f"Accept: {other.name}" in labels
    # Only the box answers a member's offer.
    assert toasts(await chat.press(quitter, f"Accept: {quitter.name}")) != []
    before = (await chat.chouette()).balances()
    replies = await chat.press(box, f"Accept: {quitter.name}")
    assert f"{box.name} accepts the resignation. ({quitter.name})" in texts(replies)
    ch = await chat.chouette()
    assert ch.balances()[quitter.ref] == before.get(quitter.ref, 0) - 1
    assert ch.current is not None and ch.current.member(quitter.ref).status == "resigned"
    # One offer left: the box may type his answer.
    await chat.send(box, "/decline")
    cur = (await chat.chouette()).current
    assert cur is not None and cur.member(other.ref).resign is None
    assert other.ref in cur.playing and quitter.ref not in cur.playing


async def started_chouette(store: Store, now: list[float], members: tuple[User, ...]) -> Chat:
    """A chouette Alice opens and starts with ``members``, on a clock at ``now[0]``."""
    chat = Chat(App(store, dice=Dice(8), clock=lambda: now[0]))
    await chat.send(ALICE, "/new chouette")
    for member in members:
        await chat.press(member, "Join")
    await chat.press(ALICE, "Start")
    return chat


async def past_the_opening(chat: Chat) -> tuple[Chouette, ChouetteGame]:
    """The chouette in ``chat`` and its game under way, the box's opening roll made if the game
    waited for it."""
    for _ in range(10):
        ch = await chat.chouette()
        cur = ch.current
        assert cur is not None and not cur.is_over
        if cur.game.phase is not Phase.OPENING:
            return ch, cur
        await chat.press(user(cur.box), "Roll")
    raise AssertionError("the opening roll was never made")


async def test_a_long_wait_calls_the_box_or_the_captain(store: Store) -> None:
    """At a chouette the board that hands the game to the box or the captain after he waited
    a minute or more calls him; brisk turns call nobody."""
    now = [1_000_000.0]
    chat = await started_chouette(store, now, (BOB, CAROL))
    calls: list[str | None] = []
    for turn in range(10):
        ch, cur = await past_the_opening(chat)
        game = cur.game
        assert game.turn is not None and game.responder is None
        mover, other = ch.acting(game.turn), ch.acting(1 - game.turn)
        slow = turn % 2 == 1
        now[0] += 90 if slow else 5  # the mover thinks
        replies = []
        while (await chat.chouette()).current.game.turn == game.turn:  # type: ignore[union-attr]
            now[0] += 1
            state = (await chat.chouette()).current
            assert state is not None
            replies += await play_turn_by_buttons(
                chat, [user(state.box), user(state.captain)], state.game
            )
        boards = [r.calls for r in replies if isinstance(r, SendBoard)]
        assert boards[:-1] == [()] * (len(boards) - 1), turn
        assert boards[-1] == ((other,) if slow else ()), (turn, mover)
        calls.append(other if boards[-1] else None)
    assert any(calls) and None in calls


@pytest.mark.parametrize("slow", [True, False])
async def test_a_double_of_the_box_after_a_long_wait_calls_every_member(
    store: Store, slow: bool
) -> None:
    """Each member takes or passes the box's double for himself: when they waited long for the
    box, its double calls them all, not the captain alone."""
    now = [1_000_000.0]
    chat = await started_chouette(store, now, (BOB, CAROL, DAVE))
    doubled = None
    for _ in range(40):
        ch, cur = await past_the_opening(chat)
        game = cur.game
        if game.phase is Phase.ROLL and game.turn == BOX and ch.may_double(cur.box):
            now[0] += 90 if slow else 5  # the box thinks, then doubles
            doubled = await chat.press(user(cur.box), "Double")
            break
        now[0] += 5
        await play_turn_by_buttons(chat, [user(cur.box), user(cur.captain)], game)
    assert doubled is not None and not toasts(doubled)
    after = (await chat.chouette()).current
    assert after is not None and after.game.phase is Phase.DOUBLED and after.game.turn == BOX
    boards = [r.calls for r in doubled if isinstance(r, SendBoard)]
    assert boards, "the double posts a board"
    members = tuple(m.name for m in after.members if m.playing)
    assert len(members) == 3
    assert boards[-1] == (members if slow else ())


async def test_members_answering_one_double_at_once_all_count(store: Store) -> None:
    """The box doubles; two members press Take on the board that asks them both, the second
    before he sees the first's answer: both takes count (no "out of date" for him)."""
    now = [1_000_000.0]
    chat = await started_chouette(store, now, (BOB, CAROL))
    for _ in range(200):
        ch, cur = await past_the_opening(chat)
        game = cur.game
        if game.phase is Phase.ROLL and game.turn == BOX and ch.may_double(cur.box):
            break
        await play_turn_by_buttons(chat, [user(ch.acting(0)), user(ch.acting(1))], game)
    else:
        raise AssertionError("the box never could double")
    await chat.press(user(cur.box), "Double")
    members = [user(name) for name in cur.playing]
    assert len(members) == 2
    message, take = chat.find("Take")
    first = await chat.send(members[0], button=take.payload, message=message)
    second = await chat.send(members[1], button=take.payload, message=message)
    assert not toasts(first) and not toasts(second), (toasts(first), toasts(second))
    ch = await chat.chouette()
    assert ch.current is not None and ch.current.game.phase is not Phase.DOUBLED
    assert all(m.playing for m in ch.current.members if m.name in cur.playing)
