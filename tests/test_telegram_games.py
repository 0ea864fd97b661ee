"""Whole games through the Telegram adapter: the real PTB ``Application`` against the fake Bot API.

A group match by buttons and typed moves to its end, a 3-player chouette game with each member's
own take, a game played on an inline invitation card's message (and its move clock's notices), a
bot restarted over the same Redis that carries on with the game, and a match's dice checked as a
player checks them: the fingerprint noted in the lobby, ``nardy-bot verify`` run on the exported
file.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fake_telegram import BOT_USERNAME, FakeBotApi
from telegram_support import ALICE, BOB, CAROL, DAVE, EVE, running_bot
from test_app_support import Dice
from test_fair_play import nardy_bot_verify
from test_telegram import GROUP, GROUP_KEY, open_group_game, unexpected_errors

from bot.app import App, DiceScheme
from bot.i18n import t
from bot.store import MemoryStore, RedisStore, TableKey
from bot.telegram.adapter import TelegramAdapter
from engine.chouette import BOX, Chouette
from engine.game import Phase


async def test_group_game_by_buttons_and_typed_moves_in_text_mode() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        await open_group_game(bot)
        chat = bot.fake.chats[GROUP]
        start = len(bot.fake.calls)
        match = await bot.play_game(chat, GROUP_KEY, [ALICE, BOB], typed_every=3)
        assert match.is_over and match.winner is not None
        assert bot.typed >= 3
        # The whole game is shown on one text board, edited in place turn after turn ...
        boards = [m for m in bot.fake.bot_messages(GROUP) if m.text.startswith("<pre>")]
        assert len(boards) == 1 and boards[0].parse_mode == "HTML" and boards[0].edits > 10
        # ... at no more than one call that counts against the group's limit per action (the
        # first press also takes the buttons off the picture board shown before text was set;
        # the match's end adds the players' new ratings).
        played = bot.fake.calls[start:]
        spent = [m for m, p in played if str(p.get("chat_id")) == str(GROUP)]
        presses = [m for m, _ in played if m == "answerCallbackQuery"]
        assert spent[:2] == ["editMessageReplyMarkup", "sendMessage"]
        assert spent[-1] == "sendMessage"
        assert 0 < len(spent) - 2 <= len(presses) + bot.typed
        # Only the newest board ever keeps its keyboard; the final one offers the analysis.
        assert [m.labels() for m in bot.fake.with_keyboard(GROUP)] == [["Analysis"]]
        assert "wins the match" in "\n".join(m.text for m in bot.fake.bot_messages(GROUP))
        # Every press was answered exactly once.
        pressed = [u for m, u in bot.fake.calls if m == "answerCallbackQuery"]
        assert len(pressed) == len(bot.fake.callback_answers) > 20
        assert unexpected_errors(bot.fake) == []


async def test_a_match_from_its_lobby_to_the_dice_a_player_checks(tmp_path: Path) -> None:
    """A player notes the fingerprint of the dice's secret in the lobby, gives a client seed,
    plays the match, sees the secret revealed at its end, exports ``dice.json`` and runs
    ``nardy-bot verify`` on it: every roll, and every game's seed against the secret, checks,
    and the secret is the one the lobby's fingerprint named.  The file with another secret is
    refused."""
    async with running_bot(App(MemoryStore(), dice=DiceScheme.seeded(21))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} 3")
        lobby = bot.keyboard_message(chat)
        shown = re.search(r"its fingerprint is ([0-9a-f]{12})…", lobby.text)
        assert shown is not None
        noted = shown[1]
        assert await bot.say(BOB, chat, f"/seed@{BOT_USERNAME} Bob's lucky day")
        said = bot.fake.bot_messages(GROUP)[-1].text
        assert f"fixed before your seed (fingerprint {noted}…)" in said
        await bot.press(BOB, chat, "Join")
        assert await bot.say(ALICE, chat, "/settings view text")
        match = await bot.play_game(chat, GROUP_KEY, [ALICE, BOB])
        assert match.is_over and len(match.records()) >= 2
        posted = html.unescape("\n".join(m.text for m in bot.fake.bot_messages(GROUP)))
        revealed = re.search(r"its dice came from the bot's secret ([0-9a-f]{64})", posted)
        assert revealed is not None
        assert hashlib.sha256(bytes.fromhex(revealed[1])).hexdigest()[:12] == noted

        assert await bot.say(ALICE, chat, f"/export@{BOT_USERNAME}")
        files = [m for m in bot.fake.bot_messages(GROUP) if m.kind == "document"]
        data = next(m.document for m in files if b'"games"' in m.document)
        assert "nardy-bot verify dice.json" in next(m.text for m in files if m.document == data)
        path = tmp_path / "dice.json"
        path.write_bytes(data)
        run = nardy_bot_verify(path, tmp_path)
        assert run.returncode == 0, run.stdout + run.stderr
        checked = re.fullmatch(
            r"all \d+ rolls match; every game's server seed comes from the match's secret, "
            r"whose commitment is ([0-9a-f]{64})\n",
            run.stdout,
        )
        assert checked is not None and checked[1][:12] == noted
        dice = json.loads(data)
        assert dice["secret"] == revealed[1] and len(dice["games"]) == len(match.records())
        assert all(g["client_seeds"][1] == "Bob's lucky day" for g in dice["games"])
        # Another secret (with its own commitment) does not give the games' seeds: refused.
        other = bytes(32)
        dice.update(secret=other.hex(), secret_commitment=hashlib.sha256(other).hexdigest())
        path.write_text(json.dumps(dice))
        run = nardy_bot_verify(path, tmp_path)
        assert run.returncode == 1 and "is not a game of the match" in run.stdout
        assert unexpected_errors(bot.fake) == []


@pytest.mark.parametrize("size", [3, 4])
async def test_chouette_with_each_members_own_take(size: int) -> None:
    seated = (ALICE, BOB, CAROL, DAVE)[:size]
    players = {u.id: u for u in seated}
    async with running_bot(App(MemoryStore(), dice=Dice(8))) as bot:
        chat = bot.fake.chat(GROUP, "supergroup")
        await bot.say(ALICE, chat, "/new chouette")
        for person in seated[1:]:
            await bot.press(person, chat, "Join")
        assert (await bot.press(BOB, chat, "Start"))["text"]  # only the creator starts
        await bot.press(ALICE, chat, "Start")
        await bot.say(ALICE, chat, "/settings view text")

        async def state() -> Chouette:
            table = await bot.table(GROUP_KEY)
            assert table.chouette is not None
            return table.chouette

        def user(ref: str) -> Any:
            return players[int(ref.split(":")[1])]

        first = (await state()).current
        assert first is not None and len(first.members) == size - 1
        box_doubled = False
        takes: list[str] = []
        for _ in range(600):
            cur = (await state()).current
            assert cur is not None
            if cur.number != first.number:
                break
            game = cur.game
            acting = [user(cur.box), user(cur.captain)]
            if cur.vote is not None:
                voter = next(n for n in cur.playing if n not in cur.vote)
                await bot.press(user(voter), chat, "Double the box")
                continue
            if game.phase is Phase.DOUBLED and game.turn == BOX:
                member = next(m for m in cur.members if m.playing and m.answer is None)
                answer = await bot.press(user(member.name), chat, "Take")
                assert answer.get("text") is None
                takes.append(member.name)
                continue
            if game.phase is Phase.DOUBLED:
                await bot.press(user(cur.box), chat, "Take")
                continue
            labels = bot.keyboard_message(chat).labels()
            box_may_double = game.phase is Phase.ROLL and game.turn == BOX and "Double" in labels
            if box_may_double and not box_doubled:
                await bot.press(user(cur.box), chat, "Double")
                box_doubled = True
                # A spectator's press is refused.
                answer = await bot.press(EVE, chat, "Take")
                assert answer["text"] == t("en", "error-not-seated")
                continue
            await bot.play_turn(chat, GROUP_KEY, acting, game)
        else:
            raise AssertionError("the chouette game did not end")
        assert box_doubled and len(takes) == size - 1 and len(set(takes)) == size - 1
        assert unexpected_errors(bot.fake) == []


async def test_inline_invitation_card_and_a_game_on_the_inline_message() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(6))) as bot:
        query = bot.fake.inline_query(ALICE, "")
        await bot.deliver(query)
        cards = bot.fake.inline_answers[query["inline_query"]["id"]]
        assert [c["id"] for c in cards] == ["1", "3", "5", "m", "n"]
        assert "Alice invites you" in cards[0]["input_message_content"]["message_text"]
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "1")
        await bot.deliver(bot.fake.chosen_result(card))  # the card is signed for its message
        # The inviter's own press only gets a toast.
        press = bot.fake.press(ALICE, card, "Play")
        await bot.deliver(press)
        assert bot.fake.callback_answers[press["callback_query"]["id"]]["text"] == t(
            "en", "invite-own-card"
        )
        press = bot.fake.press(BOB, card, "Play")
        await bot.deliver(press)
        assert bot.fake.callback_answers[press["callback_query"]["id"]].get("text") is None
        assert card.text.startswith("Alice vs Bob") and "<pre>" in card.text
        # The same press delivered again changes nothing.
        shown = card.text
        bot.fake.callback_answers.pop(press["callback_query"]["id"])
        await bot.deliver(press)
        assert card.text == shown
        key = TableKey("telegram", "i" + str(card.inline_id))
        assert (await bot.table(key)).stage == "play"
        # The whole game is played on this one message by its buttons.
        await bot.play_on_card(card, key, [ALICE, BOB])
        assert (await bot.match(key)).is_over
        assert card.labels() == ["Analysis"] and "wins the match" in card.text
        assert card.edits > 20
        assert bot.fake.called("sendMessage") == [] and bot.fake.called("sendPhoto") == []
        assert unexpected_errors(bot.fake) == []


FORBIDDEN = "Forbidden: bot can't initiate conversation with a user"


def private_texts(bot: Any, user: Any) -> list[str]:
    """What the bot wrote in its private chat with ``user``."""
    return [m.text for m in bot.fake.bot_messages(user.id)]


async def test_move_clock_notices_of_a_game_on_an_inline_message() -> None:
    """A card with a move clock; its reminder and "time is up" notice are shown on the game's own
    message (the claim buttons with them) and sent to the player concerned in private, when he
    has started the bot; the opponent claims the match from the message."""
    now = [1_000_000.0]
    app = App(MemoryStore(), dice=Dice(6), clock=lambda: now[0])
    async with running_bot(app) as bot:
        adapter: TelegramAdapter = bot.application.bot_data["adapter"]
        tick = bot.application.bot
        # Alice has started the bot (her private chat exists); Bob has not.
        await bot.say(ALICE, bot.fake.chat(ALICE.id, "private"), "/start")
        query = bot.fake.inline_query(ALICE, "3 1h")
        await bot.deliver(query)
        cards = bot.fake.inline_answers[query["inline_query"]["id"]]
        clock_line = t("en", "clock-set", duration="1 hour")
        assert [(c["id"], c["description"]) for c in cards] == [("3.1h", clock_line)]
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "3.1h")
        await bot.deliver(bot.fake.chosen_result(card))  # the card is signed for its message
        assert clock_line in card.text
        await bot.deliver(bot.fake.press(BOB, card, "Play"))
        key = TableKey("telegram", "i" + str(card.inline_id))
        assert (await bot.table(key)).clock.seconds == 3600 and clock_line in card.text
        await bot.deliver(bot.fake.press(ALICE, card, "Roll"))
        game = (await bot.match(key)).game
        assert game.turn is not None and game.phase is Phase.MOVE
        people = [ALICE, BOB]
        late, other = people[game.turn], people[1 - game.turn]
        board_labels = card.labels()
        assert await adapter.deliver_ticks(tick) == 0
        # 50 minutes on: the reminder, above the board on the card, the board's buttons kept.
        now[0] += 50 * 60
        assert await adapter.deliver_ticks(tick) == 1
        await bot.settle()
        reminder = t("en", "clock-reminder", player=late.first_name, left="10 minutes")
        assert card.text.startswith(reminder + "\n\n<pre>") and card.labels() == board_labels
        private = t("en", "clock-private-reminder", left="10 minutes", opponent=other.first_name)
        sent = [e for e in bot.fake.errors if e == ("sendMessage", FORBIDDEN)]
        if late is ALICE:
            assert private_texts(bot, ALICE)[-1] == private and not sent
        else:
            assert private not in private_texts(bot, ALICE) and len(sent) == 1
        assert await adapter.deliver_ticks(tick) == 0  # served once
        # Past the hour: the notice with the claim buttons, on the card and in private.
        now[0] += 11 * 60
        assert await adapter.deliver_ticks(tick) == 1
        await bot.settle()
        names = {"player": late.first_name, "opponent": other.first_name}
        expired = t("en", "clock-brief-expired", what="match", **names)
        assert card.text.startswith(expired + "\n\n<pre>")
        assert card.labels() == [*board_labels, "Claim the game", "Claim the match"]
        told_late = t("en", "clock-private-late", opponent=other.first_name, what="match")
        told_other = t("en", "clock-private-claim", player=late.first_name, what="match")
        assert private_texts(bot, ALICE)[-1] == (told_late if late is ALICE else told_other)
        assert [e for e in bot.fake.errors if e == ("sendMessage", FORBIDDEN)] == [
            ("sendMessage", FORBIDDEN)
        ] * (len(sent) + 1)
        assert await adapter.deliver_ticks(tick) == 0
        # The late player may not claim; his opponent claims the match on the card.
        press = bot.fake.press(late, card, "Claim the match")
        await bot.deliver(press)
        assert bot.fake.callback_answers[press["callback_query"]["id"]]["text"] == t(
            "en", "error-clock-running"
        )
        await bot.deliver(bot.fake.press(other, card, "Claim the match"))
        table = await bot.table(key)
        assert table.stage == "over" and table.forfeit == people.index(other)
        assert t("en", "clock-claimed", player=other.first_name, what="match") in card.text
        assert card.labels() == ["Analysis"]
        problems = [e for e in unexpected_errors(bot.fake) if e != ("sendMessage", FORBIDDEN)]
        assert problems == []


async def test_a_late_move_on_the_inline_message_takes_the_claim_buttons_away() -> None:
    now = [2_000_000.0]
    app = App(MemoryStore(), dice=Dice(7), clock=lambda: now[0])
    async with running_bot(app) as bot:
        adapter: TelegramAdapter = bot.application.bot_data["adapter"]
        query = bot.fake.inline_query(BOB, "money 30m")
        await bot.deliver(query)
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "m.30m")
        await bot.deliver(bot.fake.chosen_result(card))  # the card is signed for its message
        await bot.deliver(bot.fake.press(ALICE, card, "Play"))
        key = TableKey("telegram", "i" + str(card.inline_id))
        await bot.deliver(bot.fake.press(BOB, card, "Roll"))
        game = (await bot.match(key)).game
        assert game.turn is not None
        late = [BOB, ALICE][game.turn]  # the inviter sits first
        now[0] += 31 * 60
        assert await adapter.deliver_ticks(bot.application.bot) == 1
        await bot.settle()
        # A money table: the game alone may be claimed.
        assert "Claim the game" in card.labels() and "Claim the match" not in card.labels()
        # Nobody has started the bot: nothing could be sent in private, nothing else failed.
        assert bot.fake.called("sendMessage") != [] and all(
            e == ("sendMessage", FORBIDDEN) for e in unexpected_errors(bot.fake)
        )
        # The late player moves after all: the turn passes, the claim buttons go.
        for _ in range(6):
            labels = card.labels()
            label = "Confirm" if "Confirm" in labels else next(x for x in labels if "→" in x)
            await bot.deliver(bot.fake.press(late, card, label))
            if (await bot.match(key)).game.turn != game.turn:
                break
        assert not any(label.startswith("Claim") for label in card.labels())
        assert (await bot.table(key)).clock.deadline == now[0] + 30 * 60


async def test_restart_over_the_same_redis_continues_the_game(redis_url: str) -> None:
    fake = FakeBotApi()
    await fake.start()
    try:
        first = RedisStore.from_url(redis_url)
        await first.client.flushdb()
        try:
            async with running_bot(App(first, dice=Dice(9)), fake=fake) as bot:
                await open_group_game(bot, "1")
                chat = fake.chats[GROUP]
                for _ in range(12):
                    game = (await bot.match(GROUP_KEY)).game
                    await bot.play_turn(chat, GROUP_KEY, [ALICE, BOB], game)
                before = await bot.table(GROUP_KEY)
        finally:
            await first.close()
        second = RedisStore.from_url(redis_url)
        try:
            async with running_bot(App(second, dice=Dice(10)), fake=fake) as bot:
                assert (await bot.table(GROUP_KEY)).version == before.version
                match = await bot.play_game(fake.chats[GROUP], GROUP_KEY, [ALICE, BOB])
                assert match.is_over
                assert unexpected_errors(fake) == []
        finally:
            await second.close()
    finally:
        await fake.stop()
