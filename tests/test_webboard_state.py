"""The web board's state of a table (``App.web_state``) and the notices of its writes
(``App.changes``).

Whole random games of both variants are played from the page alone: at every position the steps
the state offers the player to move are the engine's legal next steps, each carrying the payload
of the chat's step button at the table's version, and the one pressed (through ``App.handle``,
as the page sends it) is made; at a frugal table too, whose chat keyboard shows no such steps.
Then whole states: a match, a money game with the cube, a chouette (its roster: each member's
own answer to the box's double), a spectator, a lobby; how games end (a match won, a money game
passed, a long nardy mars, a match claimed on time, a chouette's game) with the move clock and
the server's time, and the home board's side as the chat's picture has it.  Last, a write made
by one app is seen by another app's ``changes`` on the same store (memory, Redis), and a notice
that cannot be sent never keeps a write from landing.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from ai_support import QuickComputer
from test_app_clock import HOUR, Clock
from test_app_support import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    EVE,
    Chat,
    Dice,
    open_store,
    play_a_game,
    play_turn_by_buttons,
)

from bot.app import App, Reply, SendBoard, Table, Toast, Update, User, changes, group
from bot.app.payload import Payload, parse_payload
from bot.i18n import t
from bot.store import (
    CasResult,
    MemoryStore,
    RecordKey,
    RedisStore,
    Store,
    StoreUnavailable,
    TableKey,
)
from engine.chouette import BOX, TEAM
from engine.game import ActionKind, Game, Phase

POSITIONS = 1000
"""Positions checked in each variant's random games."""

LABELS = {
    "roll",
    "double",
    "take",
    "pass",
    "beaver",
    "undo",
    "confirm",
    "resign",
    "accept",
    "decline",
    "your_turn",
    "opponent_turn",
    "pips",
    "cube",
    "score",
    "spectator",
    "offline",
    "game_over",
}
"""Words every state carries (``match``, the match's length said, at a match)."""

KEYS = {
    "v",
    "table",
    "version",
    "stage",
    "variant",
    "mode",
    "lang",
    "labels",
    "seats",
    "viewer",
    "points",
    "bar",
    "off",
    "point_map",
    "turn",
    "phase",
    "dice",
    "used",
    "cube",
    "score",
    "length",
    "crawford",
    "pips",
    "clock",
    "built",
    "steps",
    "actions",
    "last",
    "last_seat",
    "chouette",
    "now",
    "home",
    "result",
    "message",
}
"""Every state's keys."""


class Page:
    """The web board of one table: it reads the state and sends payloads back through the app,
    as the web adapter does (``frugal``: a chat that limits the bot's messages)."""

    def __init__(self, app: App, key: TableKey, *, frugal: bool = False) -> None:
        self.app = app
        self.key = key
        self.frugal = frugal
        self._n = itertools.count(1)

    async def send(self, user: User, text: str) -> list[Reply]:
        update = Update(self.key, user, f"chat:{next(self._n)}", text=text, frugal=self.frugal)
        return await self.app.handle(update)

    async def press(self, user: User, payload: str) -> list[Reply]:
        update = Update(self.key, user, f"web:{next(self._n)}", button=payload, frugal=self.frugal)
        return await self.app.handle(update)

    async def state(self, user: User | None, lang: str = "en") -> dict[str, Any]:
        state = await self.app.web_state(self.key, None if user is None else user.ref, lang)
        assert state is not None
        assert set(state) == KEYS
        assert json.loads(json.dumps(state)) == state  # JSON as it stands
        return state

    async def table(self) -> Table:
        table = await self.app.load_table(self.key)
        assert table is not None
        return table

    async def game(self) -> Game:
        table = await self.table()
        assert table.match is not None
        return table.match.game


def action(state: dict[str, Any], kind: str) -> str:
    """The payload of the state's action of ``kind``."""
    found = [a["payload"] for a in state["actions"] if a["kind"] == kind]
    assert found, (kind, state["actions"])
    return str(found[0])


def kinds(state: dict[str, Any]) -> list[str]:
    return [str(a["kind"]) for a in state["actions"]]


def plays(game: Game) -> int:
    """How many plays the game's log holds (one more once a play is confirmed, whatever comes
    after it: the opponent's turn, or his turn passed for want of a play)."""
    return sum(entry.action == "move" for entry in game.log)


def refused(replies: list[Reply]) -> list[str]:
    """The toasts of ``replies`` that refuse (a step at a frugal table is answered by a toast
    that says the play so far: not a refusal)."""
    refusals = {t("en", m) for m in ("error-stale", "error-not-seated", "error-bad-payload")}
    refusals |= {t("en", "error-step-not-legal")}
    return [r.text for r in replies if isinstance(r, Toast) and r.text in refusals]


# -- the steps: the engine's, in random games of both variants ---------------------------------


@pytest.mark.parametrize(("variant", "words"), [("backgammon", "1"), ("long_nardy", "nardy 1")])
async def test_the_steps_are_the_engine_s_and_each_plays_through_the_app(
    variant: str, words: str
) -> None:
    rng = random.Random(35)
    app = App(MemoryStore(), dice=Dice(35))
    checked = games = 0
    frugal_checked = 0
    while checked < POSITIONS:
        games += 1
        page = Page(app, TableKey("telegram", f"-{games}"), frugal=games % 2 == 0)
        await page.send(ALICE, f"/new {words}")
        await page.send(BOB, "/join")
        assert (await page.table()).variant == variant
        players = (ALICE, BOB)
        for _ in range(3000):
            table = await page.table()
            game = await page.game()
            if table.stage == "over":
                break
            if game.phase is Phase.OPENING:
                actor = rng.choice(players)
            else:
                assert game.turn is not None and game.responder is None
                actor = players[game.turn]
            other = players[1 - players.index(actor)]
            state = await page.state(actor)
            assert state["version"] == table.version and state["phase"] == game.phase.value
            if rng.random() < 0.25:
                assert (await page.state(other))["steps"] == []
            if game.phase is not Phase.MOVE:
                replies = await page.press(actor, action(state, "roll"))
                assert not refused(replies) and (await page.table()).version > table.version
                continue
            legal = {(s.frm, s.to) for s in game.next_steps()}
            offered = {(s["from"], s["to"]) for s in state["steps"]}
            assert offered == legal and len(offered) == len(state["steps"])
            for step in state["steps"]:
                payload = Payload(ActionKind.STEP, (step["from"], step["to"]), table.version)
                assert parse_payload(step["payload"]) == payload
            assert state["built"] == [[s.frm, s.to] for s in game.steps]
            checked += 1
            frugal_checked += page.frugal
            undo = "undo" in kinds(state)
            assert undo == bool(game.steps)
            if not state["steps"]:
                assert game.builder.is_complete
                replies = await page.press(actor, action(state, "confirm"))
                assert not refused(replies) and plays(await page.game()) > plays(game)
            elif not (undo and rng.random() < 0.1):
                step = rng.choice(state["steps"])
                replies = await page.press(actor, step["payload"])
                after = await page.game()
                assert not refused(replies)
                assert [(s.frm, s.to) for s in after.steps] == [
                    *((s.frm, s.to) for s in game.steps),
                    (step["from"], step["to"]),
                ]
            else:
                replies = await page.press(actor, action(state, "undo"))
                assert not refused(replies) and (await page.game()).steps == game.steps[:-1]
        else:
            raise AssertionError("the game did not end")
    assert games >= 2 and frugal_checked > POSITIONS // 4


# -- whole states ------------------------------------------------------------------------------


async def start_match(words: str, seed: int) -> tuple[Chat, Page]:
    app = App(MemoryStore(), dice=Dice(seed))
    chat = Chat(app)
    await chat.send(ALICE, f"/new {words}")
    await chat.press(BOB, "Join")
    return chat, Page(app, chat.key)


async def test_a_match_as_the_page_shows_it_to_the_player_to_move() -> None:
    chat, page = await start_match("3", seed=4)
    await chat.press(ALICE, "Roll")
    game = await page.game()
    table = await page.table()
    assert game.phase is Phase.MOVE and game.turn is not None and game.dice is not None
    mover, other = (ALICE, BOB) if game.turn == 0 else (BOB, ALICE)
    state = await page.state(mover, "ru")
    assert state["v"] == 1 and state["table"] == page.key.tag and state["lang"] == "ru"
    assert (state["stage"], state["variant"], state["mode"]) == ("play", "backgammon", "match")
    assert state["version"] == table.version
    assert LABELS | {"match"} <= set(state["labels"])
    assert state["labels"]["roll"] == t("ru", "button-roll")
    assert state["labels"]["your_turn"] == t("ru", "web-your-turn") == "Ваш ход"
    assert state["labels"]["match"] == "Матч до 3"
    assert state["seats"] == [
        {"ref": ALICE.ref, "name": "Alice", "colour": "white", "you": mover == ALICE},
        {"ref": BOB.ref, "name": "Bob", "colour": "black", "you": mover == BOB},
    ]
    assert state["viewer"] == game.turn == state["turn"]
    # The checkers where the engine has them, point by point from seat 0's side.
    position = game.board(0)
    assert state["points"] == [
        [position.player[p - 1], position.opponent[24 - p]] for p in range(1, 25)
    ]
    assert state["point_map"] == [0, *range(24, 0, -1)]
    assert state["bar"] == [0, 0] and state["off"] == [0, 0]
    assert state["pips"] == list(position.pips()) == [167, 167]
    assert state["dice"] == list(game.dice) and state["used"] == [] and state["built"] == []
    assert state["cube"] == {"value": 1, "owner": None, "offered_by": None, "enabled": True}
    assert (state["score"], state["length"], state["crawford"]) == ([0, 0], 3, False)
    assert state["clock"] == {
        "deadline": None,
        "seconds": 0,
        "seat": None,
        "urgent": None,
        "expired": False,
    }
    assert state["home"] == "right" and state["result"] is None and state["now"] is None
    assert state["last"] == [] and state["last_seat"] is None and state["chouette"] is None
    # The caption is the chat's, in the viewer's language.
    board = await chat.send(mover, "/board")
    sent = [r for r in board if isinstance(r, SendBoard)]
    assert sent and (await page.state(mover))["message"] == sent[0].caption
    # He may move (the engine's steps), or resign; nothing else.
    assert {(s["from"], s["to"]) for s in state["steps"]} == {
        (s.frm, s.to) for s in game.next_steps()
    }
    assert kinds(state) == ["resign"] * 3
    assert [parse_payload(a["payload"]).args for a in state["actions"]] == [(1,), (2,), (3,)]
    assert [a["label"] for a in state["actions"]][1] == t("ru", "button-resign-gammon")
    # His opponent sees the same board from his side, and may only resign.
    theirs = await page.state(other)
    assert theirs["viewer"] == 1 - game.turn and theirs["steps"] == []
    assert kinds(theirs) == ["resign"] * 3
    assert theirs["points"] == state["points"]
    # A step made: the play being built, the die it used; undo is offered.
    step = state["steps"][0]
    await page.press(mover, step["payload"])
    built = await page.state(mover)
    assert built["built"] == [[step["from"], step["to"]]]
    assert len(built["used"]) == 1 and built["used"][0] in game.dice
    assert "undo" in kinds(built) and built["version"] == state["version"] + 1
    # The play made: the opponent to roll, the last play shown.
    for _ in range(4):
        now = await page.state(mover)
        if "confirm" in kinds(now):
            await page.press(mover, action(now, "confirm"))
            break
        await page.press(mover, now["steps"][0]["payload"])
    rolled = await page.state(other)
    assert rolled["turn"] == 1 - game.turn and rolled["phase"] == "roll"
    assert rolled["last_seat"] == game.turn and rolled["last"]
    assert kinds(rolled)[:2] == ["roll", "double"]


async def test_a_money_game_with_the_cube_doubled_taken_and_owned() -> None:
    chat, page = await start_match("money beaver=on", seed=9)
    await chat.press(ALICE, "Roll")
    game = await page.game()
    assert game.turn is not None
    players = (ALICE, BOB)
    await play_turn_by_buttons(chat, players, game)  # the first player moves
    game = await page.game()
    while game.phase is Phase.MOVE:  # (the first play may take more presses)
        await play_turn_by_buttons(chat, players, game)
        game = await page.game()
    assert game.phase is Phase.ROLL and game.turn is not None
    doubler, taker = players[game.turn], players[1 - game.turn]
    state = await page.state(doubler)
    assert (state["mode"], state["length"], state["score"]) == ("money", 0, [0, 0])
    assert kinds(state) == ["roll", "double", "resign", "resign", "resign"]
    assert kinds(await page.state(taker)) == ["resign"] * 3
    await page.press(doubler, action(state, "double"))
    offered = await page.state(taker)
    assert offered["phase"] == "doubled"
    assert offered["cube"] == {
        "value": 2,
        "owner": None,
        "offered_by": game.turn,
        "enabled": True,
    }
    assert kinds(offered) == ["take", "pass", "beaver"]
    assert kinds(await page.state(doubler)) == []  # he waits for the answer
    await page.press(taker, action(offered, "take"))
    taken = await page.state(doubler)
    assert taken["cube"] == {
        "value": 2,
        "owner": 1 - game.turn,
        "offered_by": None,
        "enabled": True,
    }
    assert taken["phase"] == "roll" and kinds(taken) == ["roll", "resign", "resign", "resign"]


async def test_a_chouette_its_box_captain_and_team() -> None:
    app = App(MemoryStore(), dice=Dice(8))
    chat = Chat(app)
    page = Page(app, chat.key)
    await chat.send(ALICE, "/new chouette")
    for person in (BOB, CAROL, DAVE):
        await chat.press(person, "Join")
    lobby = await page.state(CAROL)
    assert lobby["stage"] == "lobby" and lobby["chouette"] is None
    assert [(s["ref"], s["colour"], s["you"]) for s in lobby["seats"]] == [
        (u.ref, None, u == CAROL) for u in (ALICE, BOB, CAROL, DAVE)
    ]
    await chat.press(ALICE, "Start")
    people = {u.ref: u for u in (ALICE, BOB, CAROL, DAVE)}
    checked = 0
    for _ in range(40):
        table = await page.table()
        assert table.chouette is not None and table.chouette.current is not None
        current = table.chouette.current
        game = current.game
        box, captain = people[current.box], people[current.captain]
        member = next(people[m.name] for m in current.members if m.name != current.captain)
        state = await page.state(member)
        assert [s["ref"] for s in state["seats"]] == [box.ref, captain.ref]
        assert [s["you"] for s in state["seats"]] == [False, False]
        assert state["viewer"] == TEAM and (await page.state(box))["viewer"] == BOX
        roster = state["chouette"]
        assert roster["box"] == box.ref and roster["captain"] == captain.ref
        assert [m["ref"] for m in roster["members"]] == [m.name for m in current.members]
        assert [m["name"] for m in roster["members"]] == [
            people[m.name].name for m in current.members
        ]
        assert state["steps"] == []  # a member who is not the captain never moves the checkers
        if game.phase is Phase.MOVE:
            assert game.turn is not None
            mover = box if game.turn == BOX else captain
            waiting = captain if mover == box else box
            moving = await page.state(mover)
            assert {(s["from"], s["to"]) for s in moving["steps"]} == {
                (s.frm, s.to) for s in game.next_steps()
            }
            assert (await page.state(waiting))["steps"] == []
            checked += 1
            if moving["steps"]:
                await page.press(mover, moving["steps"][0]["payload"])
            else:
                await page.press(mover, action(moving, "confirm"))
            continue
        if game.phase is Phase.OPENING:
            await page.press(box, action(await page.state(box), "roll"))
            continue
        assert game.phase is Phase.ROLL and game.turn is not None
        roller = box if game.turn == BOX else captain
        await page.press(roller, action(await page.state(roller), "roll"))
    assert checked >= 10


async def test_a_chouettes_roster_says_each_members_answer_to_the_boxs_double() -> None:
    app = App(MemoryStore(), dice=Dice(8))
    chat = Chat(app)
    page = Page(app, chat.key)
    await chat.send(ALICE, "/new chouette")
    for person in (BOB, CAROL, DAVE):
        await chat.press(person, "Join")
    await chat.press(ALICE, "Start")
    people = {u.ref: u for u in (ALICE, BOB, CAROL, DAVE)}
    for _ in range(80):
        table = await page.table()
        assert table.chouette is not None and table.chouette.current is not None
        current = table.chouette.current
        box = people[current.box]
        if "double" in kinds(await page.state(box)):
            break
        acting = box if current.game.turn in (None, BOX) else people[current.captain]
        state = await page.state(acting)
        found = {a["kind"]: a["payload"] for a in state["actions"]}
        await page.press(
            acting, found.get("roll") or found.get("confirm") or state["steps"][0]["payload"]
        )
    else:
        raise AssertionError("the box never had the cube")
    team = [people[m.name] for m in current.members]
    watching = await page.state(team[1])
    roster = watching["chouette"]
    assert roster["box"] == box.ref and roster["box_name"] == box.name
    assert roster["box_total"] == 0 and roster["vote"] is None
    assert [
        (m["ref"], m["name"], m["answer"], m["status"], m["total"], m["cube"])
        for m in roster["members"]
    ] == [(u.ref, u.name, None, "in", 0, 1) for u in team]
    assert [m["captain"] for m in roster["members"]] == [u.ref == current.captain for u in team]
    assert [m["you"] for m in roster["members"]] == [u == team[1] for u in team]
    assert not any(m["you"] for m in (await page.state(box))["chouette"]["members"])
    assert not any(m["you"] for m in (await page.state(EVE))["chouette"]["members"])
    await page.press(box, action(await page.state(box), "double"))

    def answers(state: dict[str, Any]) -> list[tuple[str | None, str]]:
        return [(m["answer"], m["status"]) for m in state["chouette"]["members"]]

    assert answers(await page.state(EVE)) == [("pending", "in")] * 3
    for member in team:  # each member answers for himself
        assert kinds(await page.state(member)) == ["take", "pass"]
    await page.press(team[0], action(await page.state(team[0]), "take"))
    assert answers(await page.state(team[2])) == [
        ("take", "in"),
        ("pending", "in"),
        ("pending", "in"),
    ]
    assert kinds(await page.state(team[0])) == []
    await page.press(team[2], action(await page.state(team[2]), "pass"))
    state = await page.state(team[1])
    assert answers(state) == [("take", "in"), ("pending", "in"), ("pass", "passed")]
    assert state["chouette"]["members"][2]["total"] == -1
    assert state["chouette"]["box_total"] == 1
    await page.press(team[1], action(state, "take"))
    # Every member answered: the game goes on, the takers each with his own cube on 2.
    state = await page.state(EVE)
    assert [(m["answer"], m["status"], m["cube"]) for m in state["chouette"]["members"]] == [
        (None, "in", 2),
        (None, "in", 2),
        (None, "passed", 1),
    ]


async def test_a_chouette_game_s_end_is_named_and_the_next_is_drawn_from_the_other_side() -> None:
    app = App(MemoryStore(), dice=Dice(8))
    chat = Chat(app)
    page = Page(app, chat.key)
    await chat.send(ALICE, "/new chouette")
    for person in (BOB, CAROL):
        await chat.press(person, "Join")
    await chat.send(ALICE, "/settings swap on")
    await chat.press(ALICE, "Start")
    people = {u.ref: u for u in (ALICE, BOB, CAROL)}
    for _ in range(10):
        table = await page.table()
        assert table.chouette is not None and table.chouette.current is not None
        current = table.chouette.current
        box = people[current.box]
        state = await page.state(box)
        if "resign" in kinds(state):
            break
        await page_turn(page, tuple(people.values()))
    assert state["home"] == "right" and state["result"] is None and state["now"] is None
    await page.press(box, action(state, "resign"))
    for member in current.members:  # each member accepts for himself
        user = people[member.name]
        await page.press(user, action(await page.state(user), "accept"))
    state = await page.state(EVE, "be")
    result = state["result"]
    assert (result["game"], result["winner"], result["reason"]) == (1, TEAM, "team_out")
    assert result["headline"] == t(
        "be",
        "app-chouette-game-over",
        number=1,
        winner="team",
        box=box.name,
        kind="single",
        reason="team_out",
    )
    assert result["lines"] == [result["headline"]] and state["stage"] == "play"
    assert state["chouette"]["box"] != box.ref  # the captain of the team that won is the box
    assert state["home"] == "left"  # the second game, its sides swapped as in the chat


async def test_a_spectator_sees_the_board_and_may_do_nothing() -> None:
    chat, page = await start_match("3", seed=4)
    await chat.press(ALICE, "Roll")
    game = await page.game()
    player = await page.state(ALICE)
    for state in (await page.state(EVE), await page.state(None)):
        assert state["steps"] == [] and state["actions"] == []
        assert state["viewer"] == game.turn
        assert [s["you"] for s in state["seats"]] == [False, False]
        assert state["points"] == player["points"] and state["message"] == player["message"]
        assert set(state["labels"]) >= LABELS


async def test_a_lobby_shows_the_starting_position_and_who_sits() -> None:
    app = App(MemoryStore(), dice=Dice(1))
    page = Page(app, TableKey("telegram", "-7"))
    assert await app.web_state(page.key, ALICE.ref, "en") is None  # no table
    await page.send(ALICE, "/new nardy 5")
    state = await page.state(ALICE, "uk")
    assert (state["stage"], state["phase"], state["variant"]) == ("lobby", None, "long_nardy")
    assert state["seats"] == [{"ref": ALICE.ref, "name": "Alice", "colour": "white", "you": True}]
    assert state["steps"] == [] and state["actions"] == [] and state["turn"] is None
    assert state["points"][23] == [15, 0] and state["points"][11] == [0, 15]
    assert state["pips"] == [360, 360] and state["length"] == 5
    assert state["labels"]["lobby"] == t("uk", "web-lobby")
    assert state["labels"]["variant"] == t("uk", "variant-nardy")
    assert t("uk", "variant-nardy") in state["message"]


async def test_a_finished_match_names_its_winner_and_offers_the_analysis() -> None:
    chat, page = await start_match("1", seed=2)
    await chat.press(ALICE, "Roll")
    game = await page.game()
    assert game.turn is not None
    loser, winner = (ALICE, BOB) if game.turn == 0 else (BOB, ALICE)
    won = 0 if winner == ALICE else 1
    assert (await page.state(winner))["result"] is None  # a game is being played
    await page.press(loser, action(await page.state(loser), "resign"))
    offer = await page.state(winner)
    assert kinds(offer) == ["accept", "decline"] and kinds(await page.state(loser)) == []
    await page.press(winner, action(offer, "accept"))
    for user in (ALICE, BOB, EVE):
        state = await page.state(user)
        assert (state["stage"], state["phase"], state["turn"]) == ("over", "over", None)
        assert state["steps"] == []
        assert state["message"] == t("en", "error-game-over")
        assert state["score"][won] == 1 and state["score"][1 - won] == 0
        result = state["result"]
        assert result["game"] == 1 and result["winner"] == won == result["match_winner"]
        assert (result["kind"], result["points"], result["reason"]) == ("single", 1, "resign")
        assert (result["how"], result["score"]) == ("played", state["score"])
        assert result["headline"] == t(
            "en", "match-won", player=winner.name, score="1", opponent_score="0"
        )
        assert result["lines"] == [
            t("en", "result-resigned", player=loser.name),
            t("en", "result-win", player=winner.name, kind="single", points=1),
            t(
                "en",
                "score-match",
                player="Alice",
                score=str(state["score"][0]),
                opponent="Bob",
                opponent_score=str(state["score"][1]),
                length=1,
            ),
            result["headline"],
        ]
        # What the chat's last board offers next: the match's analysis (not to a spectator).
        if user == EVE:
            assert state["actions"] == []
        else:
            assert kinds(state) == ["analysis"]
            assert state["actions"][0]["label"] == t("en", "button-analysis")
            assert parse_payload(action(state, "analysis")).action == "analysis"
    assert (await page.state(winner, "ru"))["result"]["headline"] == t(
        "ru", "match-won", player=winner.name, score="1", opponent_score="0"
    )


async def test_a_money_games_winner_is_named_until_the_next_games_first_play() -> None:
    chat, page = await start_match("money", seed=9)
    players = (ALICE, BOB)
    for _ in range(20):
        game = await page.game()
        on_roll = game.phase is Phase.ROLL and game.turn is not None
        if on_roll and "double" in kinds(await page.state(players[game.turn or 0])):
            break
        await play_turn_by_buttons(chat, players, game)
    assert game.turn is not None
    doubler, passer = players[game.turn], players[1 - game.turn]
    await page.press(doubler, action(await page.state(doubler), "double"))
    await page.press(passer, action(await page.state(passer), "pass"))
    table = await page.table()
    assert table.stage == "play" and table.past.dropped == 1  # the next game is on
    state = await page.state(passer, "uk")
    result = state["result"]
    won = players.index(doubler)
    assert result["game"] == 1 and result["winner"] == won and result["match_winner"] is None
    assert (result["kind"], result["points"], result["reason"]) == ("single", 1, "pass")
    assert result["how"] is None and result["score"] == state["score"]
    assert state["score"][won] == 1 and state["score"][1 - won] == 0
    assert result["headline"] == t("uk", "result-win", player=doubler.name, kind="single", points=1)
    assert result["lines"][:2] == [t("uk", "result-passed", player=passer.name), result["headline"]]
    assert result["lines"][2].startswith(
        t("uk", "score-money", player="Alice", score="0", opponent="Bob", opponent_score="0")[:6]
    )
    # The news lasts until the next game's first play.
    for _ in range(10):
        game = await page.game()
        if any(entry.action == "move" for entry in game.log):
            break
        seen = (await page.state(EVE))["result"]
        assert seen["headline"] == t(
            "en", "result-win", player=doubler.name, kind="single", points=1
        )
        assert {k: v for k, v in seen.items() if k not in ("headline", "lines")} == {
            k: v for k, v in result.items() if k not in ("headline", "lines")
        }
        await page_turn(page, players)
    else:
        raise AssertionError("no play was made")
    assert (await page.state(EVE))["result"] is None


async def page_turn(page: Page, players: tuple[User, ...]) -> None:
    """The player who has something to do on the page does it: roll, the first step, confirm."""
    for user in players:
        state = await page.state(user)
        found = {a["kind"]: a["payload"] for a in state["actions"]}
        if "roll" in found:
            await page.press(user, found["roll"])
            return
        if state["steps"]:
            await page.press(user, state["steps"][0]["payload"])
            return
        if "confirm" in found:
            await page.press(user, found["confirm"])
            return
    raise AssertionError("nobody has anything to do")


async def test_a_long_nardy_mars_is_named_in_the_players_words() -> None:
    chat, page = await start_match("nardy 3", seed=5)
    for _ in range(4):
        game = await page.game()
        if game.turn is not None and game.phase is Phase.MOVE:
            break
        await play_turn_by_buttons(chat, (ALICE, BOB), game)
    assert game.turn is not None
    loser, winner = (ALICE, BOB)[game.turn], (ALICE, BOB)[1 - game.turn]
    gammon = [a["payload"] for a in (await page.state(loser))["actions"] if a["kind"] == "resign"]
    await page.press(loser, gammon[1])  # a mars
    await page.press(winner, action(await page.state(winner), "accept"))
    state = await page.state(winner, "ru")
    result = state["result"]
    assert (state["stage"], state["variant"]) == ("play", "long_nardy")  # the next game
    assert (result["kind"], result["points"], result["reason"]) == ("gammon", 2, "resign")
    assert result["match_winner"] is None and result["winner"] == (ALICE, BOB).index(winner)
    assert result["headline"] == t("ru", "result-win", player=winner.name, kind="gammon", points=2)
    assert "марс" in result["headline"]
    assert t("ru", "result-resigned", player=loser.name) in result["lines"]
    assert "марс" not in (await page.state(winner, "en"))["result"]["headline"]


async def test_a_game_and_then_the_match_claimed_on_time_are_won_on_time() -> None:
    clock = Clock()
    app = App(MemoryStore(), dice=Dice(12), clock=clock)
    chat = Chat(app)
    page = Page(app, chat.key)
    await chat.send(ALICE, "/new 3")
    await chat.press(BOB, "Join")
    await chat.send(BOB, "/clock 1h")
    await chat.press(ALICE, "Roll")
    game = await page.game()
    late_seat = game.responder if game.responder is not None else game.turn
    assert late_seat is not None
    late, claimer = (ALICE, BOB)[late_seat], (ALICE, BOB)[1 - late_seat]
    # The clock runs for the player to act, from the server's time.
    state = await page.state(claimer)
    assert state["now"] == clock.now
    assert state["clock"] == {
        "deadline": clock.now + HOUR,
        "seconds": 3600,
        "seat": late_seat,
        "urgent": clock.now + HOUR - 12 * 60,  # when the chat reminds him
        "expired": False,
    }
    assert "claim" not in kinds(state)
    clock.now += HOUR + 1
    for user in (claimer, late, EVE):
        state = await page.state(user)
        assert state["now"] == clock.now and state["clock"]["expired"] is True
        assert state["clock"]["seat"] == late_seat
    claims = [a for a in (await page.state(claimer))["actions"] if a["kind"] == "claim"]
    assert [a["label"] for a in claims] == [
        t("en", "button-claim-game"),
        t("en", "button-claim-match"),
    ]
    assert "claim" not in kinds(await page.state(late))
    assert "claim" not in kinds(await page.state(EVE))
    # The game alone first: lost on time, not resigned.
    await page.press(claimer, claims[0]["payload"])
    result = (await page.state(EVE))["result"]
    assert (result["winner"], result["reason"], result["how"]) == (1 - late_seat, "time", None)
    assert t("en", "result-time", player=late.name) in result["lines"]
    assert t("en", "result-resigned", player=late.name) not in result["lines"]
    # The next game: its clock runs out too, and the claimer takes the match.
    for _ in range(4):
        game = await page.game()
        if game.phase is not Phase.OPENING:
            break
        await page.press(ALICE, action(await page.state(ALICE), "roll"))
    late_seat = game.responder if game.responder is not None else game.turn
    assert late_seat is not None
    late, claimer = (ALICE, BOB)[late_seat], (ALICE, BOB)[1 - late_seat]
    clock.now += HOUR + 1
    claims = [a for a in (await page.state(claimer))["actions"] if a["kind"] == "claim"]
    await page.press(claimer, claims[1]["payload"])
    state = await page.state(EVE)
    result = state["result"]
    assert state["stage"] == "over" and result["how"] == "time"
    assert result["match_winner"] == 1 - late_seat == result["winner"]
    assert result["headline"] == t("en", "clock-claimed", player=claimer.name, what="match")
    assert result["lines"][0] == t("en", "clock-claimed", player=claimer.name, what="game")
    assert t("en", "result-resigned", player=late.name) not in result["lines"]
    assert state["clock"]["deadline"] is None and state["clock"]["seat"] is None


async def test_the_home_board_side_is_the_chats_picture_s() -> None:
    chat, page = await start_match("money", seed=3)

    async def pictured() -> str:
        board = [r for r in await chat.send(EVE, "/board") if isinstance(r, SendBoard)]
        assert board
        return board[0].board.home

    assert (await page.state(ALICE))["home"] == "right" == await pictured()
    await chat.send(ALICE, "/settings home left")
    for user in (ALICE, BOB, EVE):
        assert (await page.state(user))["home"] == "left" == await pictured()
    await chat.send(BOB, "/settings swap on")  # the sides swapped from one game to the next
    await play_a_game(chat, [ALICE, BOB], turns=2)
    assert (await page.state(ALICE))["home"] == await pictured()
    await chat.send(ALICE, "/settings home right")
    assert (await page.state(ALICE))["home"] == await pictured()


async def test_the_step_payloads_of_a_frugal_table_are_the_same_as_a_private_chat_s() -> None:
    """A frugal table's chat keyboard stays the same for the whole turn (every step of every
    legal play, or whole plays); the page has the legal next steps, and a step it sends is
    answered by a toast without a new version, as the chat's are."""
    app = App(MemoryStore(), dice=Dice(12))
    page = Page(app, TableKey("telegram", "-12"), frugal=True)
    await page.send(ALICE, "/new 3")
    await page.send(BOB, "/join")
    for _ in range(6):
        game = await page.game()
        if game.phase is Phase.MOVE:
            break
        user = ALICE if game.turn in (None, 0) else BOB
        await page.press(user, action(await page.state(user), "roll"))
    assert game.phase is Phase.MOVE and game.turn is not None
    assert group.quiet(game) and (await page.table()).place.frugal
    mover = (ALICE, BOB)[game.turn]
    state = await page.state(mover)
    offered = {(s["from"], s["to"]) for s in state["steps"]}
    assert offered == {(s.frm, s.to) for s in game.next_steps()}
    replies = await page.press(mover, state["steps"][0]["payload"])
    assert any(isinstance(r, Toast) for r in replies) and not refused(replies)
    after = await page.state(mover)
    assert after["version"] == state["version"] and len(after["built"]) == 1


# -- notices of the writes ---------------------------------------------------------------------


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    async with open_store(request.param, request) as opened:
        yield opened


@asynccontextmanager
async def second_app(store: Store, request: pytest.FixtureRequest) -> AsyncIterator[App]:
    """Another process's app on the same store: a store of its own on the same Redis."""
    if isinstance(store, MemoryStore):
        yield App(store)
        return
    other = RedisStore.from_url(request.getfixturevalue("redis_url"))
    try:
        yield App(other)
    finally:
        await other.close()


async def test_a_write_in_one_app_is_seen_by_the_changes_of_another(
    store: Store, request: pytest.FixtureRequest
) -> None:
    writer = App(store, dice=Dice(5))
    chat = Chat(writer, key=TableKey("telegram", "-35"))
    async with second_app(store, request) as watcher:
        versions = watcher.changes(chat.key)
        assert await asyncio.wait_for(anext(versions), 30) == 0  # no table yet
        await chat.send(ALICE, "/new 3")
        assert await asyncio.wait_for(anext(versions), 30) == 1
        await chat.press(BOB, "Join")
        await chat.press(ALICE, "Roll")
        seen = [await asyncio.wait_for(anext(versions), 30) for _ in range(2)]
        assert seen == [2, 3] == [2, (await chat.table()).version]
        # Noting which message shows the board is no change anyone sees: nothing is said.
        await writer.board_posted(chat.key, "elsewhere", 3)
        assert (await chat.table()).place.board_message == "elsewhere"
        await chat.send(ALICE, "/settings view text")
        assert await asyncio.wait_for(anext(versions), 30) == (await chat.table()).version
        # A watcher that comes later begins where the table stands.
        late = watcher.changes(chat.key)
        assert await asyncio.wait_for(anext(late), 30) == (await chat.table()).version
        await late.aclose()
        await versions.aclose()


class Watched(MemoryStore):
    """A memory store that records the table writes that landed and the notices sent."""

    def __init__(self) -> None:
        super().__init__()
        self.written: list[tuple[str, Table, Table | None]] = []
        self.notices: list[tuple[str, str]] = []

    async def compare_and_set(
        self,
        key: RecordKey,
        expected_version: int,
        payload: bytes,
        *,
        ttl: float | None = None,
        update_id: str | None = None,
    ) -> CasResult:
        before = await self.load(key)
        cas = await super().compare_and_set(
            key, expected_version, payload, ttl=ttl, update_id=update_id
        )
        if cas is CasResult.APPLIED and isinstance(key, TableKey) and key.chat.startswith("-"):
            old = Table.decode(before.payload) if before is not None else None
            self.written.append((changes.channel(key), Table.decode(payload), old))
        return cas

    async def publish(self, channel: str, message: str) -> None:
        self.notices.append((channel, message))
        await super().publish(channel, message)


async def test_every_write_that_lands_is_announced_but_the_note_of_the_board() -> None:
    store = Watched()
    app = App(store, dice=Dice(21))
    chat = Chat(app)  # reports every board posted (App.board_posted)
    await chat.send(ALICE, "/new 1")
    await chat.press(BOB, "Join")
    await chat.send(ALICE, "/clock 1h")
    for _ in range(12):
        await play_turn_by_buttons(chat, (ALICE, BOB), await chat_game(chat))
    # The clock's reminder (a write of the tick) is announced too.
    await app.tick(now=10**10)
    wanted = [
        (channel, str(new.version))
        for channel, new, old in store.written
        if old is None or old.with_board(new.place.board_message, new.place.board_version) != new
    ]
    noted = len(store.written) - len(wanted)
    assert noted > 5 and store.notices == wanted


async def chat_game(chat: Chat) -> Game:
    match = await chat.match()
    return match.game


class Silent(MemoryStore):
    """A memory store whose notices never go out."""

    async def publish(self, channel: str, message: str) -> None:
        raise StoreUnavailable("no notices today")


async def test_a_notice_that_cannot_be_sent_never_keeps_a_write_from_landing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = App(Silent(), dice=Dice(3))
    chat = Chat(app)
    with caplog.at_level(logging.WARNING, logger="bot.app"):
        await chat.send(ALICE, "/new 3")
        replies = await chat.press(BOB, "Join")
    assert any(isinstance(r, SendBoard) for r in replies)
    assert (await chat.table()).version == 2 and len((await chat.table()).seats) == 2
    assert sum("change not announced" in r.getMessage() for r in caplog.records) == 2


async def test_the_computer_s_turns_and_a_game_moved_away_are_announced() -> None:
    store = Watched()
    app = App(store, dice=Dice(6), computer=QuickComputer())
    page = Page(app, TableKey("telegram", "-60"))
    await page.send(ALICE, "/new 3 bot casual")
    await page.send(BOB, "/join")
    computer_turns = 0
    for _ in range(30):
        async for _replies in app.computer_moves(page.key):
            computer_turns += 1
        state = await page.state(BOB)
        if "roll" in kinds(state):
            await page.press(BOB, action(state, "roll"))
        elif state["steps"]:
            await page.press(BOB, state["steps"][0]["payload"])
        elif "confirm" in kinds(state):
            await page.press(BOB, action(state, "confirm"))
    assert computer_turns > 3
    thread = TableKey("telegram", "-61")
    assert await app.move_table(page.key, thread) is not None
    assert store.notices[-2:] == [
        (
            changes.channel(thread),
            str((await app.load_table(thread) or Table("match", "", "")).version),
        ),
        (changes.channel(page.key), str((await page.table()).version)),
    ]
    wanted = [
        (channel, str(new.version))
        for channel, new, old in store.written
        if old is None or old.with_board(new.place.board_message, new.place.board_version) != new
    ]
    assert store.notices == wanted
