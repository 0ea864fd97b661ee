"""``hint`` through the app, with the advice from real worker processes (GNU Backgammon's nets and
the project's own long nardy network, or its hand-weighted player): who gets a hint and who is
told why not, the cube advice, the best plays agreeing with the evaluation core at the same ply,
long nardy's in its own words, and every hinted play's button playing exactly that play through
the normal pipeline (stale and repeated presses included).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import warm_worker
from test_app_support import ALICE, BOB, CAROL, EVE, Chat, Dice, texts, toasts

from bot.ai import core
from bot.ai.advice import HINT_PLAYS, HINT_PLY, advise
from bot.ai.worker import HINT_NICE, ComputerWorker
from bot.app import App, Button, SendText, User, syntax
from bot.app.payload import parse_payload
from bot.i18n import LANGUAGES, t
from bot.store import MemoryStore, TableKey
from engine.game import Action, ActionKind, Game, Phase
from engine.match import Match
from engine.movegen import legal_plays
from engine.position import Position

pytestmark = pytest.mark.asyncio(loop_scope="module")

DATA = Path(__file__).parent / "data" / "analysis"
DM = TableKey("telegram", "601")
GROUP = TableKey("telegram", "-1601")
IVAN = User("telegram", "9", "Иван", "ru")


def make_app(worker: ComputerWorker | None, seed: int = 1) -> App:
    return App(MemoryStore(), dice=Dice(seed), computer=worker, adviser=worker)


async def against_computer(chat: Chat, what: str) -> None:
    """``new … bot`` and Alice takes the seat opposite the computer."""
    await chat.send(ALICE, f"new {what} bot")
    await chat.press(ALICE, "Join")
    async for _ in chat.app.computer_moves(chat.key):
        pass


async def say(chat: Chat, user: User, text: str) -> list[object]:
    """A line from ``user``, and the computer's turns that follow (as an adapter posts them)."""
    replies: list[object] = list(await chat.send(user, text))
    async for more in chat.app.computer_moves(chat.key):
        replies += more
    return replies


def hint_message(replies: list[object]) -> SendText:
    found = [r for r in replies if isinstance(r, SendText) and r.text.startswith("Hint for")]
    assert len(found) == 1, replies
    assert found[0].private, "a hint is for the player who asked alone"
    return found[0]


async def until(chat: Chat, user: User, phase: Phase, *, double: bool = False) -> Game:
    """Play ``user``'s turns (the first legal play, a roll) until he is to act in ``phase``
    (``double``: before rolling with the cube his to turn)."""
    for _ in range(200):
        game = (await chat.match()).game
        seat = (await chat.table()).seat_of(user.ref)
        assert seat is not None, f"{user.name} is not seated"
        if game.phase is Phase.OPENING:
            await say(chat, user, "roll")
            continue
        if (
            game.turn == seat
            and game.phase is phase
            and (not double or game.may(Action(ActionKind.DOUBLE, seat)))
        ):
            return game
        if game.turn == seat and game.phase is Phase.ROLL:
            await say(chat, user, "roll")
        elif game.turn == seat and game.phase is Phase.MOVE:
            assert game.dice is not None
            await say(chat, user, "move " + legal_plays(game.position, game.dice)[0].notation())
        else:
            raise AssertionError(f"the table waits for someone else: {game.phase}")
    raise AssertionError("never reached")


_LINE = re.compile(
    r"^(\d)\. (.+?)  ([+−]\d\.\d{3})(?: \([+−]\d\.\d{3}\))?(?:  \(only (\d)-ply\))?$"
)


def listed(text: str) -> list[tuple[str, float]]:
    """The plays and equities a hint lists."""
    out = []
    for line in text.split("\n"):
        m = _LINE.match(line)
        if m:
            out.append((m.group(2), float(m.group(3).replace("−", "-"))))
    return out


def depths(text: str) -> list[int | None]:
    """The depth each listed play says it was weighed at (``None``: the hint's own)."""
    return [None if m[4] is None else int(m[4]) for m in map(_LINE.match, text.split("\n")) if m]


def board(position: Position) -> list[list[int]]:
    return [list(position.opponent), list(position.player)]


# -- against the computer ---------------------------------------------------------------------


async def test_cube_advice_before_rolling(worker: ComputerWorker) -> None:
    chat = Chat(make_app(worker), DM)
    await against_computer(chat, "money")
    await until(chat, ALICE, Phase.ROLL, double=True)
    before = await chat.table()
    message = hint_message(await say(chat, ALICE, "hint"))
    assert f"{HINT_PLY}-ply" in message.text
    for option in ("No double", "Double/take", "Double/pass"):
        assert re.search(rf"^{option}: [+−]\d\.\d{{3}}", message.text, re.M), message.text
    assert re.search(r"^Win \d+\.\d% \(gammon .*\); lose \d+\.\d%", message.text, re.M)
    assert message.buttons == ()
    assert (await chat.table()).version == before.version  # a hint writes nothing


async def test_best_plays_equal_gnubg_and_each_button_plays_exactly_it(
    worker: ComputerWorker,
) -> None:
    for k in range(HINT_PLAYS):
        chat = Chat(make_app(worker, seed=10 + k), DM)
        await against_computer(chat, "money")
        game = await until(chat, ALICE, Phase.MOVE)
        assert game.dice is not None
        plays = legal_plays(game.position, game.dice)
        if len(plays) <= k:
            continue
        message = hint_message(await say(chat, ALICE, "hint"))
        shown = listed(message.text)
        seat = game.turn
        assert seat is not None
        # GNU Backgammon's own hint, as the evaluation core gives it: cubeful at the score
        theirs = core.rank_plays(game.position, game.dice, core.cube_of(game, seat), HINT_PLY)
        assert len(shown) == min(HINT_PLAYS, len(plays)) == len(message.buttons)
        labels = depths(message.text)
        for (notation, equity), ranked, label in zip(shown, theirs, labels, strict=False):
            assert label == (None if ranked.ply == HINT_PLY else ranked.ply)
            after = game.play(seat, notation)
            assert after.log[-1].value[0] == notation
            assert after.position == game.position.after(ranked.play)
            assert equity == pytest.approx(ranked.equity, abs=0.0011)
        # Press the k-th button: exactly that play is made, by the normal pipeline.
        button: Button = message.buttons[k][0]
        assert button.label == f"Play {shown[k][0]}"
        payload = parse_payload(button.payload)
        play = plays[int(payload.args[0])]
        mid = next(m for m, r in chat.posted.items() if r is message)
        replies = await chat.send(ALICE, button=button.payload, message=mid, update_id="press")
        after = (await chat.match()).game
        mine = next(e for e in after.log[len(game.log) :] if e.action == "move")
        assert mine.player == seat and mine.value[0] == shown[k][0]
        assert after.position == game.play(seat, play).position
        assert not toasts(replies)
        # The same press delivered again changes nothing; another hinted play is now stale.
        version = (await chat.table()).version
        again = await chat.send(ALICE, button=button.payload, message=mid, update_id="press")
        assert t("en", "app-already-done") in texts(again)
        other = message.buttons[(k + 1) % len(message.buttons)][0]
        stale = await chat.send(ALICE, button=other.payload, message=mid)
        assert toasts(stale) == [syntax.say("en", syntax.typed_syntax, "hint-stale")]
        assert (await chat.table()).version == version


async def test_hints_over_the_worker_equal_the_core_on_the_fixed_positions(
    worker: ComputerWorker,
) -> None:
    data = json.loads((DATA / "positions.json").read_text())
    assert len(data) >= 50
    for item in data:
        position = Position.from_gnubg_id(item["position_id"])
        dice = (int(item["dice"][0]), int(item["dice"][1]))
        game = replace(Game.new(), position=position, phase=Phase.MOVE, turn=0, dice=dice)
        advice = await worker.advise(game, 0)
        assert advice is not None and advice.ply == worker.hint_ply
        theirs = core.rank_plays(position, dice, core.cube_of(game, 0), worker.hint_ply)
        plays = legal_plays(position, dice)
        assert len(advice.plays) == min(HINT_PLAYS, len(plays))
        for mine, ranked in zip(advice.plays, theirs, strict=False):
            assert plays[mine.index] == ranked.play and mine.ply == ranked.ply
            assert mine.value == pytest.approx(ranked.equity, abs=1e-6)
            # The button's play is the one named.
            assert game.play(0, mine.notation).position == game.play(0, plays[mine.index]).position


@pytest.mark.parametrize(
    ("lang", "mars", "koks"),
    [
        ("en", "mars", "koks"),
        ("ru", "марс", "кокс"),
        ("uk", "марс", "кокс"),
        ("be", "марс", "кокс"),
    ],
)
async def test_long_nardy_hint_on_the_network_in_long_nardys_words(
    worker: ComputerWorker, lang: str, mars: str, koks: str
) -> None:
    player = User("telegram", "41", "Alice", lang)
    chat = Chat(make_app(worker, seed=4), TableKey("telegram", f"64-{lang}"))
    await chat.send(player, "new nardy money bot")
    await chat.press(player, t(lang, "button-join"))
    async for _ in chat.app.computer_moves(chat.key):
        pass
    game = await until(chat, player, Phase.MOVE)
    assert game.turn is not None and game.dice is not None
    title = t(lang, "hint-title-nardy-net", player="Alice", ply=HINT_PLY)
    replies = await say(chat, player, "hint")
    [message] = [r for r in replies if isinstance(r, SendText) and r.text.startswith(title)]
    assert message.private and "GNU Backgammon" in message.text
    expected = advise(game, game.turn)  # the network's, worked out here
    assert expected.engine == "nardy-net" and len(expected.plays) > 1
    lines = message.text.split("\n")
    for rank, play in enumerate(expected.plays, start=1):
        line = t(
            lang, "hint-play-line", rank=rank, play=play.notation, unit="equity", value=play.value
        )
        assert any(shown.startswith(line) for shown in lines), (line, message.text)
    win, wins_mars, wins_koks, loses_mars, loses_koks = expected.chances
    chances = t(
        lang,
        "hint-chances",
        variant="long_nardy",
        win=win,
        gammon=wins_mars,
        backgammon=wins_koks,
        lose=1.0 - win,
        lose_gammon=loses_mars,
        lose_backgammon=loses_koks,
    )
    assert lines[-1] == chances
    assert lines[-1].count(f"({mars} ") == 2 and lines[-1].count(f", {koks} ") == 2
    if lang == "en":
        assert "gammon" not in lines[-1]
    assert len(message.buttons) == len(expected.plays)
    # the first button plays the best play
    first = message.buttons[0][0]
    mid = next(m for m, r in chat.posted.items() if r is message)
    await chat.send(player, button=first.payload, message=mid)
    best = legal_plays(game.position, game.dice)[expected.plays[0].index]
    assert (await chat.match()).game.position == game.play(game.turn, best).position


async def test_long_nardy_hint_classic_is_the_hand_weighted_player() -> None:
    async with warm_worker(nardy_engine="classic", ponder=False) as classic:
        chat = Chat(make_app(classic, seed=4), DM)
        await against_computer(chat, "nardy money")
        game = await until(chat, ALICE, Phase.MOVE)
        message = hint_message(await say(chat, ALICE, "hint"))
    assert message.text.startswith(t("en", "hint-title-nardy", player="Alice"))
    assert "not GNU Backgammon" in message.text
    assert "Chance of winning:" in message.text
    expected = advise(game, 0 if game.turn is None else game.turn, nardy="classic")
    assert expected.engine == "nardy"
    assert [b.label for row in message.buttons for b in row] == [
        f"Play {p.notation}" for p in expected.plays
    ]


# -- who gets a hint --------------------------------------------------------------------------


async def money_between_people(worker: ComputerWorker | None, options: str = "") -> Chat:
    chat = Chat(make_app(worker, seed=7), GROUP)
    await chat.send(ALICE, f"new money {options}".strip())
    await chat.press(BOB, "Join")
    return chat


async def test_only_the_player_to_act_gets_a_hint(worker: ComputerWorker) -> None:
    chat = await money_between_people(worker)
    assert t("en", "hint-nothing") in texts(await chat.send(ALICE, "hint"))  # the opening roll
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    assert game.turn is not None and game.phase is Phase.MOVE
    mover, other = (ALICE, BOB) if game.turn == 0 else (BOB, ALICE)
    assert texts(await chat.send(other, "hint")) == t("en", "hint-not-your-turn")
    assert texts(await chat.send(EVE, "hint")) == t("en", "hint-spectator")
    assert hint_message(list(await chat.send(mover, "hint"))).buttons
    # The opponent pressing the mover's hinted play: refused, nothing changes.
    message = hint_message(list(await chat.send(mover, "hint")))
    version = (await chat.table()).version
    mid = next(m for m, r in chat.posted.items() if r is message)
    refused = await chat.send(other, button=message.buttons[0][0].payload, message=mid)
    assert toasts(refused) and (await chat.table()).version == version
    refused = await chat.send(EVE, button=message.buttons[0][0].payload, message=mid)
    assert toasts(refused) == [t("en", "error-not-seated")]
    assert (await chat.table()).version == version


async def test_a_double_offered_gets_take_or_pass_advice(worker: ComputerWorker) -> None:
    chat = await money_between_people(worker)
    await chat.press(ALICE, "Roll")
    users = {0: ALICE, 1: BOB}
    for _ in range(10):
        game = (await chat.match()).game
        assert game.turn is not None
        user = users[game.turn]
        if game.phase is Phase.ROLL and game.may(Action(ActionKind.DOUBLE, game.turn)):
            await chat.send(user, "double")
            break
        if game.phase is Phase.ROLL:
            await chat.send(user, "roll")
        else:
            assert game.dice is not None
            await chat.send(user, "move " + legal_plays(game.position, game.dice)[0].notation())
    game = (await chat.match()).game
    assert game.phase is Phase.DOUBLED and game.turn is not None
    doubler, taker = users[game.turn], users[1 - game.turn]
    assert texts(await chat.send(doubler, "hint")) == t("en", "hint-not-your-turn")
    message = hint_message(list(await chat.send(taker, "hint")))
    assert re.search(r"^Your answer to the double: (take|pass|beaver)$", message.text, re.M)
    assert re.search(r"^Take: [+−]\d\.\d{3}$", message.text, re.M)
    assert re.search(r"^Pass: −1\.000", message.text, re.M)


async def test_hints_off_and_the_reasons(worker: ComputerWorker) -> None:
    chat = await money_between_people(worker, "hints=off")
    await chat.press(ALICE, "Roll")
    assert texts(await chat.send(ALICE, "hint")) == syntax.say(
        "en", syntax.typed_syntax, "hint-off"
    )
    # Without the computer there is no hint.
    chat = await money_between_people(None)
    await chat.press(ALICE, "Roll")
    mover = ALICE if (await chat.match()).game.turn == 0 else BOB
    assert texts(await chat.send(mover, "hint")) == t("en", "hint-no-computer")
    # No game, the lobby, a game over.
    chat = Chat(make_app(worker), GROUP)
    assert texts(await chat.send(ALICE, "hint")) == t("en", "hint-no-game")
    await chat.send(ALICE, "new 1")
    assert texts(await chat.send(ALICE, "hint")) == t("en", "hint-no-game")
    await chat.press(BOB, "Join")
    await chat.press(ALICE, "Roll")
    mover = ALICE if (await chat.match()).game.turn == 0 else BOB
    await chat.send(mover, "resign")
    await chat.send(BOB if mover is ALICE else ALICE, "accept")
    assert (await chat.table()).stage == "over"
    assert texts(await chat.send(ALICE, "hint")) == t("en", "hint-over")


async def test_a_match_between_people_has_hints_only_when_both_agreed(
    worker: ComputerWorker,
) -> None:
    chat = Chat(make_app(worker, seed=3), GROUP)
    lobby = texts(await chat.send(ALICE, "new 3"))
    assert t("en", "hint-lobby", state=t("en", "app-off")) in lobby
    await chat.press(BOB, "Join")
    await chat.press(ALICE, "Roll")
    mover = ALICE if (await chat.match()).game.turn == 0 else BOB
    refusal = texts(await chat.send(mover, "hint"))
    assert (
        refusal == syntax.say("en", syntax.typed_syntax, "hint-off-match") and "hints=on" in refusal
    )
    # The creator asks, the opponent joins with the plain button: still off.
    chat = Chat(make_app(worker, seed=3), GROUP)
    lobby = texts(await chat.send(ALICE, "new 3 hints=on"))
    assert t("en", "hint-lobby-asked") in lobby
    assert "Join with hints" in chat.labels()
    await chat.press(BOB, "Join")
    await chat.press(ALICE, "Roll")
    mover = ALICE if (await chat.match()).game.turn == 0 else BOB
    assert texts(await chat.send(mover, "hint")) == syntax.say(
        "en", syntax.typed_syntax, "hint-off-match"
    )
    # Both agree: the creator with hints=on, the opponent with "Join with hints".
    chat = Chat(make_app(worker, seed=3), GROUP)
    await chat.send(ALICE, "new 3")
    await chat.press(ALICE, "Hints: off")  # the creator's toggle in the lobby
    await chat.press(BOB, "Join with hints")
    await chat.press(ALICE, "Roll")
    mover = ALICE if (await chat.match()).game.turn == 0 else BOB
    assert hint_message(list(await chat.send(mover, "hint"))).buttons
    # Against the computer a match has hints by default; its cube in match winning chances.
    chat = Chat(make_app(worker, seed=3), DM)
    await against_computer(chat, "3")
    await until(chat, ALICE, Phase.MOVE)
    best = listed(hint_message(await say(chat, ALICE, "hint")).text)[0][0]
    await say(chat, ALICE, f"move {best}")
    await until(chat, ALICE, Phase.ROLL, double=True)
    cube = hint_message(await say(chat, ALICE, "hint")).text
    assert t("en", "hint-match-chances") in cube
    assert re.search(r"^No double: \d+\.\d%$", cube, re.M), cube


async def test_refusals_in_the_users_language(worker: ComputerWorker) -> None:
    chat = await money_between_people(worker)
    for lang in LANGUAGES:
        user = replace(IVAN, language=lang, id=f"9{lang}")
        assert texts(await chat.send(user, "hint")) == t(lang, "hint-spectator")
    chat = Chat(make_app(worker), GROUP)
    await chat.send(IVAN, "new 3")
    await chat.press(BOB, t("ru", "button-join"))
    await chat.send(IVAN, "roll")
    mover = IVAN if (await chat.match()).game.turn == 0 else BOB
    expected = "ru" if mover is IVAN else "en"
    assert texts(await chat.send(mover, "hint")) == syntax.say(
        expected, syntax.typed_syntax, "hint-off-match"
    )


async def test_a_chouette_hint_is_for_whoever_acts(worker: ComputerWorker) -> None:
    chat = Chat(make_app(worker, seed=5), GROUP)
    await chat.send(ALICE, "new chouette")
    await chat.press(BOB, "Join")
    await chat.press(CAROL, "Join")
    await chat.press(ALICE, "Start")
    ch = await chat.chouette()
    cur = ch.current
    assert cur is not None
    names = {ALICE.ref: ALICE, BOB.ref: BOB, CAROL.ref: CAROL}
    advised: set[Phase] = set()
    for _ in range(8):
        ch = await chat.chouette()
        cur = ch.current
        assert cur is not None
        game = cur.game
        acting = [u for ref, u in names.items() if {"roll", "play"} & ch.allowed(ref)]
        if game.phase is Phase.OPENING:
            assert texts(await chat.send(acting[0], "hint")) == t("en", "hint-nothing")
            await chat.send(acting[0], "roll")
            continue
        assert len(acting) == 1
        actor = acting[0]
        for user in names.values():
            if user is not actor:
                assert texts(await chat.send(user, "hint")) == t("en", "hint-not-your-turn")
        message = hint_message(list(await chat.send(actor, "hint")))
        advised.add(game.phase)
        if game.phase is Phase.MOVE and message.buttons:
            mid = next(m for m, r in chat.posted.items() if r is message)
            first = message.buttons[0][0]
            await chat.send(actor, button=first.payload, message=mid)
            after = (await chat.chouette()).current
            assert after is not None
            played = [e for e in after.game.log[len(game.log) :] if e.action == "move"]
            assert played and played[0].value[0] == first.label.removeprefix("Play ")
        else:
            await chat.send(actor, "roll")
    assert {Phase.ROLL, Phase.MOVE} <= advised


# -- the worker's hint lane -------------------------------------------------------------------


async def test_hints_have_their_own_workers_below_the_computers(worker: ComputerWorker) -> None:
    game = Match.new(0).game.roll(0, iter((6, 5)).__next__)
    assert game.turn is not None and game.phase is Phase.MOVE
    advice = await worker.advise(game, game.turn)
    assert advice is not None and advice.plays[0].notation == "24/13"
    hints, decisions = worker.hint_pids(), worker.pids()
    assert hints and decisions and not set(hints) & set(decisions)
    computer = os.getpriority(os.PRIO_PROCESS, decisions[0])
    for pid in hints:
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, computer + HINT_NICE)


async def test_a_hint_over_its_budget_is_refused_politely() -> None:
    slow = ComputerWorker(1, hint_budget=0.001)
    try:
        chat = await money_between_people(slow)
        await chat.press(ALICE, "Roll")
        game = (await chat.match()).game
        mover = ALICE if game.turn == 0 else BOB
        version = (await chat.table()).version
        assert texts(await chat.send(mover, "hint")) == t("en", "hint-failed")
        assert slow.replaced >= 1 and (await chat.table()).version == version
    finally:
        await slow.close()


async def test_a_hint_from_open_sage_names_it_and_counts_its_plies_as_it_does() -> None:
    sage = ComputerWorker(1, ponder=False, engines={"hint": "sage"})
    try:
        chat = await money_between_people(sage)
        await chat.press(ALICE, "Roll")
        game = (await chat.match()).game
        assert game.turn is not None and game.dice is not None
        mover = ALICE if game.turn == 0 else BOB
        message = hint_message(list(await chat.send(mover, "hint")))
        # its 1-ply is the net (GNU Backgammon's 0-ply): the hint's 2-ply is its 3-ply
        name = mover.name
        assert message.text.startswith(t("en", "hint-title-sage", player=name, ply=HINT_PLY + 1))
        expected = core.rank_plays(
            game.position, game.dice, core.cube_of(game, game.turn), HINT_PLY, engine="sage"
        )
        shown = listed(message.text)
        assert [play for play, _ in shown] == [r.play.notation() for r in expected[:HINT_PLAYS]]
        assert [value for _, value in shown] == pytest.approx(
            [r.equity for r in expected[:HINT_PLAYS]], abs=6e-4
        )
        shallow = [r.ply + 1 for r in expected[:HINT_PLAYS] if r.ply != HINT_PLY]
        assert [d for d in depths(message.text) if d is not None] == shallow
    finally:
        await sage.close()


async def test_at_a_chouette_each_member_answering_the_box_gets_take_advice(
    worker: ComputerWorker,
) -> None:
    chat = Chat(make_app(worker, seed=6), GROUP)
    await chat.send(ALICE, "new chouette")
    await chat.press(BOB, "Join")
    await chat.press(CAROL, "Join")
    await chat.press(ALICE, "Start")
    names = {ALICE.ref: ALICE, BOB.ref: BOB, CAROL.ref: CAROL}
    for _ in range(40):
        ch = await chat.chouette()
        cur = ch.current
        assert cur is not None
        game = cur.game
        if game.phase is Phase.DOUBLED:
            break
        acting = [u for ref, u in names.items() if {"roll", "play"} & ch.allowed(ref)]
        if game.phase is Phase.ROLL and "double" in ch.allowed(cur.box):
            await chat.send(names[cur.box], "double")
        elif game.phase is Phase.MOVE:
            assert game.dice is not None
            play = legal_plays(game.position, game.dice)[0].notation()
            await chat.send(acting[0], f"move {play}")
        else:
            await chat.send(acting[0], "roll")
    else:
        raise AssertionError("the box never doubled")
    assert texts(await chat.send(names[cur.box], "hint")) == t("en", "hint-not-your-turn")
    first, *others = [names[m.name] for m in cur.members if m.playing]
    message = hint_message(list(await chat.send(first, "hint")))
    assert re.search(r"^Your answer to the double: (take|pass|beaver)$", message.text, re.M)
    await chat.send(first, "take")
    assert texts(await chat.send(first, "hint")) == t("en", "hint-not-your-turn")
    for member in others:
        assert hint_message(list(await chat.send(member, "hint"))).text.count("Take: ") == 1


async def test_a_hinted_play_replaces_the_steps_built_so_far(worker: ComputerWorker) -> None:
    chat = await money_between_people(worker)
    await chat.press(ALICE, "Roll")
    game = (await chat.match()).game
    mover = ALICE if game.turn == 0 else BOB
    assert game.dice is not None and game.turn is not None
    step = next(label for label in chat.labels() if "→" in label)
    await chat.press(mover, step)
    built = (await chat.match()).game
    assert built.steps
    message = hint_message(list(await chat.send(mover, "hint")))
    button = message.buttons[-1][0]
    play = legal_plays(game.position, game.dice)[int(parse_payload(button.payload).args[0])]
    mid = next(m for m, r in chat.posted.items() if r is message)
    await chat.send(mover, button=button.payload, message=mid)
    after = (await chat.match()).game
    assert after.position == game.play(game.turn, play).position
