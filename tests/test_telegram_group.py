"""Group play within Telegram's limit of 20 messages a minute per group (edits count), over the
real PTB ``Application`` and the fake Bot API: what each press costs is counted in the calls the
fake received.

In a group the dice are rolled at once when there is no double to decide on, a play is one press
when there are few, else steps pressed on the turn's one keyboard are answered by toasts and the
play is made once complete; the board message is edited once per change the group must see.  A
private chat keeps its step-by-step flow.
"""

from __future__ import annotations

from typing import Any

from fake_telegram import BOT_USERNAME, Chat, FakeMessage
from telegram_support import ALICE, BOB, CAROL, EVE, Bot, pressed_for, running_bot
from test_app_support import Dice
from test_telegram import GROUP, GROUP_KEY, unexpected_errors

from bot.app import App, group
from bot.app.payload import Payload, format_payload, parse_payload
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from bot.telegram.links import table_token
from engine.chouette import BOX, Chouette
from engine.game import Action, ActionKind, Game, Phase

TIDY = "editMessageReplyMarkup"
"""The call that only takes buttons off a message."""


def group_calls(bot: Bot, since: int) -> list[str]:
    """The Bot API calls since call number ``since`` that count against the group's limit."""
    return [m for m, p in bot.fake.calls[since:] if str(p.get("chat_id")) == str(GROUP)]


def actions(message: FakeMessage) -> list[str]:
    return [parse_payload(b["callback_data"]).action for b in message.buttons()]


async def open_game(bot: Bot, args: str) -> Chat:
    """A group game between Alice and Bob on a text board (chosen in the lobby)."""
    chat = bot.fake.chat(GROUP, "supergroup")
    assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} {args}")
    assert await bot.say(ALICE, chat, "/settings view text")
    assert (await bot.press(BOB, chat, "Join")).get("text") is None
    return chat


async def play_to(bot: Bot, chat: Chat, wanted: str) -> Game:
    """Play on until the player to move enters his play in ``wanted`` mode."""
    for _ in range(200):
        game = (await bot.match(GROUP_KEY)).game
        if game.phase is Phase.MOVE and game.responder is None and group.mode(game) == wanted:
            return game
        await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], game)
    raise AssertionError(f"no turn in {wanted} mode")


async def test_a_group_match_is_played_with_few_messages() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        chat = await open_game(bot, "3")
        board = bot.keyboard_message(chat)
        start = len(bot.fake.calls)
        users = [ALICE, BOB]
        pressed: dict[str, int] = {}
        spent_total = 0
        for _ in range(3000):
            match = await bot.match(GROUP_KEY)
            if match.is_over:
                break
            game = match.game
            message = bot.keyboard_message(chat)
            assert message is board  # one board message for the whole match
            if game.responder is not None:
                user, label, kind = users[game.responder], "Take", "take"
            elif game.phase is Phase.OPENING:
                user, label, kind = ALICE, "Roll", "roll"
            elif game.phase is Phase.ROLL:
                assert game.turn is not None
                # The roll is pressed only by a player who could double instead.
                assert (
                    game.may(Action(ActionKind.DOUBLE, game.turn)) and "Double" in message.labels()
                )
                user, label, kind = users[game.turn], "Roll", "roll"
            else:
                assert game.turn is not None
                user = users[game.turn]
                if game.builder.is_complete:
                    label, kind = "Confirm", "confirm"
                else:
                    label = pressed_for(message.buttons(), game)
                    kind = "choose" if "choose" in actions(message) else "step"
            before = len(bot.fake.calls)
            answer = await bot.press(user, chat, label)
            spent = group_calls(bot, before)
            spent_total += len(spent)
            now = await bot.match(GROUP_KEY)
            if kind == "step":
                # A step: a toast to the presser, no message; the play waits for Confirm.
                assert now.game.phase is Phase.MOVE and now.game.turn == game.turn
                assert spent == [] and answer["text"]
            elif not now.is_over:
                assert spent == ["editMessageText"], spent  # the one board, edited
                assert answer.get("text") is None
            pressed[kind] = pressed.get(kind, 0) + 1
        else:
            raise AssertionError("the match did not finish")
        presses = sum(pressed.values())
        assert pressed.get("choose", 0) > 0 and pressed.get("step", 0) > pressed.get("confirm", 0)
        # Under the budget: a press every 2 s is 30 a minute, and the group allows 20 messages.
        assert spent_total < 2 / 3 * presses, (spent_total, pressed)
        played = group_calls(bot, start)
        assert TIDY not in played  # no call only takes buttons away
        assert [m.message_id for m in bot.fake.bot_messages(GROUP) if "<pre>" in m.text] == [
            board.message_id
        ]
        assert board.labels() == ["Analysis"] and "wins the match" in "\n".join(
            m.text for m in bot.fake.bot_messages(GROUP)
        )
        assert unexpected_errors(bot.fake) == []


async def test_forged_stale_and_illegal_play_presses_are_refused_and_change_nothing() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(4))) as bot:
        chat = await open_game(bot, "5")
        game = await play_to(bot, chat, "plays")
        assert game.turn is not None
        mover, other = [ALICE, BOB][game.turn], [ALICE, BOB][1 - game.turn]
        table = await bot.table(GROUP_KEY)
        message = bot.keyboard_message(chat)
        offered = len(group.choices(game))
        assert actions(message) == ["choose"] * offered
        v = table.version

        def choose(index: int, version: int = v) -> str:
            return format_payload(Payload("choose", (index,), version))

        refusals: list[tuple[Any, str, str]] = [
            (mover, choose(offered), "error-play-not-offered"),
            (mover, choose(offered + 40), "error-play-not-offered"),
            (mover, choose(0, v - 1), "error-stale"),
            (mover, choose(0)[:-1] + "x", "error-bad-payload"),
            (mover, choose(0) + ":0", "error-bad-payload"),
            (other, choose(0), "error-not-your-turn"),
            (EVE, choose(0), "error-not-seated"),
        ]
        for user, data, refusal in refusals:
            before, edits = len(bot.fake.calls), message.edits
            press = bot.fake.callback(user, message, data)
            await bot.deliver(press)
            assert bot.fake.callback_answers[press["callback_query"]["id"]]["text"] == t(
                "en", refusal
            ), data
            assert await bot.table(GROUP_KEY) == table
            assert group_calls(bot, before) == [] and message.edits == edits
        # The play offered first is made by its one press, and the board shows the next turn.
        before = len(bot.fake.calls)
        assert (await bot.press(mover, chat, message.labels()[0])).get("text") is None
        after = (await bot.match(GROUP_KEY)).game
        assert after.turn != game.turn or after.phase is not Phase.MOVE
        assert group_calls(bot, before) == ["editMessageText"]

        # A turn played step by step: no play is offered whole, and a step not legal now is
        # refused by a toast.
        game = await play_to(bot, chat, "steps")
        assert game.turn is not None
        mover = [ALICE, BOB][game.turn]
        message = bot.keyboard_message(chat)
        table = await bot.table(GROUP_KEY)
        press = bot.fake.callback(mover, message, choose(0, table.version))
        await bot.deliver(press)
        answer = bot.fake.callback_answers[press["callback_query"]["id"]]
        assert answer["text"] == t("en", "error-play-not-offered")
        assert await bot.table(GROUP_KEY) == table
        await bot.press(mover, chat, pressed_for(message.buttons(), game))
        made = await bot.table(GROUP_KEY)
        now = await bot.game(GROUP_KEY)
        legal = {(s.frm, s.to) for s in now.next_steps()}
        not_now = [
            b
            for b in message.buttons()
            if parse_payload(b["callback_data"]).action == "step"
            and parse_payload(b["callback_data"]).args not in legal
        ]
        assert not_now  # the keyboard of the turn offers steps that are not possible now
        before = len(bot.fake.calls)
        press = bot.fake.callback(mover, message, not_now[0]["callback_data"])
        await bot.deliver(press)
        assert bot.fake.callback_answers[press["callback_query"]["id"]]["text"]
        assert await bot.table(GROUP_KEY) == made
        assert group_calls(bot, before) == []
        assert unexpected_errors(bot.fake) == []


async def test_a_private_chat_keeps_its_step_by_step_flow() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        private = bot.fake.chat(ALICE.id, "private")
        key = TableKey("telegram", str(ALICE.id))
        await bot.say(ALICE, private, "/new 3")
        token = table_token(key, secret=bot.fake.token.encode())
        await bot.say(BOB, bot.fake.chat(BOB.id, "private"), f"/start {token}")
        users = [ALICE, BOB]
        stepped = rolled = 0
        for _ in range(60):
            game = (await bot.match(key)).game
            message = bot.keyboard_message(private)
            assert "choose" not in actions(message)
            if game.phase is Phase.ROLL:
                assert "Roll" in message.labels()  # rolled by hand, double or not
                rolled += 1
            if game.phase is Phase.MOVE and game.turn is not None and not stepped:
                # Each step is shown on the board, edited in place; the play waits for Confirm.
                user = users[game.turn]
                for _ in range(4):
                    edits = message.edits
                    answer = await bot.press(user, private, pressed_for(message.buttons(), game))
                    assert answer.get("text") is None and message.edits == edits + 1
                    game = (await bot.match(key)).game
                    if "Confirm" in message.labels():
                        break
                assert "Confirm" in message.labels() and "Undo" in message.labels()
                await bot.press(user, private, "Confirm")
                assert bot.keyboard_message(private) is not message  # a new board per turn
                stepped += 1
                continue
            await bot.play_turn(private, key, users, game)
        assert stepped and rolled > 2
        assert not (await bot.table(key)).place.frugal
        assert unexpected_errors(bot.fake) == []


async def test_a_group_chouette_keeps_to_the_budget_and_shows_the_answers() -> None:
    seated = (ALICE, BOB, CAROL)
    players = {u.id: u for u in seated}
    async with running_bot(App(MemoryStore(), dice=Dice(8))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        await bot.say(ALICE, chat, "/new chouette")
        await bot.say(ALICE, chat, "/settings view text")
        for person in seated[1:]:
            await bot.press(person, chat, "Join")
        await bot.press(ALICE, chat, "Start")

        async def state() -> Chouette:
            table = await bot.table(GROUP_KEY)
            assert table.chouette is not None
            return table.chouette

        def user(ref: str) -> Any:
            return players[int(ref.split(":")[1])]

        first = (await state()).current
        assert first is not None
        board = bot.keyboard_message(chat)
        start = len(bot.fake.calls)
        presses = quiet = answered = 0
        box_doubled = False
        for _ in range(600):
            cur = (await state()).current
            assert cur is not None
            if cur.number != first.number:
                break
            game = cur.game
            message = bot.keyboard_message(chat)
            assert message is board
            before = len(bot.fake.calls)
            presses += 1
            if game.phase is Phase.DOUBLED and game.turn == BOX:
                member = next(m for m in cur.members if m.playing and m.answer is None)
                await bot.press(user(member.name), chat, "Take")
                answered += 1
                still = (await state()).current
                if still is not None and still.game.phase is Phase.DOUBLED:
                    # The answers so far and who is awaited, on the one message.
                    assert "Answers:" in board.text and "Waiting for:" in board.text
                assert group_calls(bot, before) == ["editMessageText"]
                continue
            if game.phase is Phase.DOUBLED:
                await bot.press(user(cur.box), chat, "Take")
                continue
            box_may_double = game.phase is Phase.ROLL and game.turn == BOX
            if box_may_double and not box_doubled and "Double" in message.labels():
                await bot.press(user(cur.box), chat, "Double")
                box_doubled = True
                continue
            if game.phase is Phase.ROLL:
                assert "Double" in message.labels()  # else the dice are rolled at once
            mover = user(cur.box if game.turn == BOX else cur.captain)
            if game.phase is Phase.MOVE:
                complete = game.builder.is_complete
                label = "Confirm" if complete else pressed_for(message.buttons(), game)
                answer = await bot.press(mover, chat, label)
                if group.mode(game) == "steps" and not complete:
                    assert group_calls(bot, before) == [] and answer["text"]  # a toast alone
                    quiet += 1
                continue
            await bot.play_turn(chat, GROUP_KEY, [user(cur.box), user(cur.captain)], game)
        else:
            raise AssertionError("the chouette game did not end")
        assert box_doubled and answered == len(seated) - 1 and quiet > 0
        played = group_calls(bot, start)
        assert TIDY not in played
        assert len(played) <= 0.8 * presses, (len(played), presses)
        assert unexpected_errors(bot.fake) == []
