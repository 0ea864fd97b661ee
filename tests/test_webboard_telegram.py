"""The web board in Telegram: the boards' *Open board* button, and a press on the web board
shown in the chat by the Telegram adapter (the real PTB application against the fake Bot API).
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
from ai_support import QuickComputer
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer
from conftest import free_port
from fake_telegram import BOT_USERNAME, Chat, FakeBotApi, TgUser
from telegram_support import ALICE, BOB, Bot, running_bot
from test_app_support import Dice
from webboard_support import BoardSide, init_data, settle

from bot.app import App
from bot.i18n import t
from bot.settings import Settings, load_settings
from bot.store import MemoryStore, TableKey
from bot.telegram import open_board
from bot.telegram.links import table_token
from bot.web.auth import BoardKeys, open_start, sign_start
from bot.web.server import WebBoard

GROUP = -1001
GROUP_KEY = TableKey("telegram", str(GROUP))
PAGE = "https://games.example.org/board/"


def board_settings(token: str, app: str | None = "board") -> Settings:
    return load_settings(
        telegram_token=token,
        webboard_enabled=True,
        webboard_url=PAGE,
        webboard_app=app,
        http_listen="127.0.0.1:9100",
    )


def open_button(buttons: list[dict[str, Any]]) -> dict[str, Any] | None:
    return next((b for b in buttons if b["text"] == t("en", "telegram-button-open-board")), None)


async def group_game(bot: Bot) -> Chat:
    chat = bot.fake.chat(GROUP, "supergroup")
    assert await bot.say(ALICE, chat, f"/new@{BOT_USERNAME} 1")
    assert open_button(bot.keyboard_message(chat).buttons()) is None  # a lobby is no board
    await bot.press(BOB, chat, "Join")
    return chat


def tg_user(user: TgUser) -> dict[str, Any]:
    return {"id": user.id, "first_name": user.first_name, "language_code": "en"}


async def test_boards_carry_no_open_board_button_while_the_board_is_off() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        deliver_to: dict[str, Any] = {}
        off = load_settings(telegram_token=bot.fake.token)
        open_board(bot.application, off, deliver_to)
        chat = await group_game(bot)
        assert open_button(bot.keyboard_message(chat).buttons()) is None
        assert deliver_to == {} and bot.adapter.board is None


async def test_a_group_board_links_to_the_mini_app_and_a_private_one_opens_it() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        keys = BoardKeys.from_token(bot.fake.token)
        deliver_to: dict[str, Any] = {}
        open_board(bot.application, board_settings(bot.fake.token), deliver_to)
        assert set(deliver_to) == {"telegram"}
        chat = await group_game(bot)
        button = open_button(bot.keyboard_message(chat).buttons())
        assert button is not None and set(button) == {"text", "url"}
        link = urlsplit(button["url"])
        assert (link.scheme, link.netloc, link.path) == ("https", "t.me", f"/{BOT_USERNAME}/board")
        (start,) = parse_qs(link.query)["startapp"]
        assert open_start(start, keys) == GROUP_KEY
        # the button stays under the other buttons as the board changes
        await bot.press(ALICE, chat, "Roll")
        buttons = bot.keyboard_message(chat).buttons()
        assert buttons[-1] == button and len(buttons) > 1

        # a private table's board: a WebApp button opening the page for that table
        private = bot.fake.chat(ALICE.id, "private")
        key = TableKey("telegram", str(ALICE.id))
        await bot.say(ALICE, private, "/new 3")
        token = table_token(key, secret=bot.fake.token.encode())
        await bot.say(BOB, bot.fake.chat(BOB.id, "private"), f"/start {token}")
        button = open_button(bot.keyboard_message(private).buttons())
        assert button is not None and set(button) == {"text", "web_app"}
        page = urlsplit(button["web_app"]["url"])
        assert f"{page.scheme}://{page.netloc}{page.path}" == PAGE
        (start,) = parse_qs(page.query)["start"]
        assert open_start(start, keys) == key
        assert bot.fake.errors == [] or all("not modified" in e[1] for e in bot.fake.errors)


async def test_a_game_on_an_inline_message_links_to_the_mini_app() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(6))) as bot:
        keys = BoardKeys.from_token(bot.fake.token)
        open_board(bot.application, board_settings(bot.fake.token), {})
        query = bot.fake.inline_query(ALICE, "")
        await bot.deliver(query)
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "1")
        await bot.deliver(bot.fake.chosen_result(card))
        assert open_button(card.buttons()) is None  # an invitation is no board
        await bot.deliver(bot.fake.press(BOB, card, "Play"))
        key = TableKey("telegram", "i" + str(card.inline_id))
        assert (await bot.table(key)).stage == "play"
        # an inline message is no private chat: a link to the Mini App, for the card's table
        button = open_button(card.buttons())
        assert button is not None and set(button) == {"text", "url"}
        link = urlsplit(button["url"])
        assert (link.netloc, link.path) == ("t.me", f"/{BOT_USERNAME}/board")
        (start,) = parse_qs(link.query)["startapp"]
        assert open_start(start, keys) == key
        # it stays the last button as the board changes
        await bot.deliver(bot.fake.press(ALICE, card, "Roll"))
        buttons = card.buttons()
        assert buttons[-1] == button and len(buttons) > 1


async def test_without_a_mini_app_name_groups_get_no_button() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(5))) as bot:
        open_board(bot.application, board_settings(bot.fake.token, app=None), None)
        chat = await group_game(bot)
        assert open_button(bot.keyboard_message(chat).buttons()) is None
        assert "Roll" in bot.keyboard_message(chat).labels()


@asynccontextmanager
async def web_board(bot: Bot) -> AsyncIterator[tuple[TestClient[Any, Any], WebBoard]]:
    board = WebBoard(BoardSide(bot.app), bot.app.store, token=bot.fake.token)
    open_board(bot.application, board_settings(bot.fake.token), board.deliver_to)
    web_app = web.Application()
    board.install(web_app)
    async with TestClient(TestServer(web_app)) as client:
        yield client, board


async def test_a_press_on_the_web_board_is_shown_on_the_chats_board() -> None:
    async with (
        running_bot(App(MemoryStore(), dice=Dice(5))) as bot,
        web_board(bot) as (
            client,
            board,
        ),
    ):
        chat = await group_game(bot)
        message = bot.keyboard_message(chat)
        button = open_button(message.buttons())
        assert button is not None
        (start,) = parse_qs(urlsplit(button["url"]).query)["startapp"]
        data = init_data(bot.fake.token, tg_user(ALICE), time.time())
        login = await client.post("/board/api/login", json={"initData": data, "start": start})
        assert login.status == 200
        headers = {"Authorization": "Bearer " + (await login.json())["token"]}
        roll = next(b["callback_data"] for b in message.buttons() if b["text"] == "Roll")
        version = (await bot.table(GROUP_KEY)).version
        edits = message.edits
        answer = await client.post("/board/api/press", json={"payload": roll}, headers=headers)
        assert answer.status == 200
        assert (await answer.json())["toasts"] == []
        await settle(board)
        await bot.settle()
        # the opening roll was made, and the group's one board message shows it
        assert (await bot.table(GROUP_KEY)).version > version
        assert bot.keyboard_message(chat) is message and message.edits > edits
        assert "Roll" not in message.labels() and open_button(message.buttons()) == button
        # the same press again is stale: refused to the page, nothing posted
        calls = len(bot.fake.calls)
        again = await client.post("/board/api/press", json={"payload": roll}, headers=headers)
        assert (await again.json())["toasts"] == [t("en", "error-stale")]
        await settle(board)
        await bot.settle()
        assert [m for m, _ in bot.fake.calls[calls:] if m != "getUpdates"] == []


async def test_a_play_confirmed_on_the_web_board_is_answered_by_the_computer_in_the_chat() -> None:
    """A play confirmed on the page against the computer says nothing to the chat by itself
    (the computer's turn posts the board): the press is still handed to the chat's delivery,
    which plays the computer's turn and shows it there."""
    computer = QuickComputer()
    app = App(MemoryStore(), dice=Dice(6), computer=computer)
    async with running_bot(app) as bot:
        board = WebBoard(app, app.store, token=bot.fake.token)
        open_board(bot.application, board_settings(bot.fake.token), board.deliver_to)
        web_app = web.Application()
        board.install(web_app)
        async with TestClient(TestServer(web_app)) as client:
            chat = bot.fake.chat(ALICE.id, "private")
            await bot.say(ALICE, chat, "/new 1 bot casual")
            key = TableKey("telegram", str(ALICE.id))
            start = sign_start(key, BoardKeys.from_token(bot.fake.token))
            data = init_data(bot.fake.token, tg_user(ALICE), time.time())
            login = await client.post("/board/api/login", json={"initData": data, "start": start})
            headers = {"Authorization": "Bearer " + (await login.json())["token"]}
            confirmed = False
            for _ in range(10):  # Alice (who moves first with these dice) plays her turn
                state = await (await client.get("/board/api/state", headers=headers)).json()
                kinds = {a["kind"]: a["payload"] for a in state["actions"]}
                payload = kinds.get("roll") or kinds.get("confirm") or state["steps"][0]["payload"]
                confirmed = payload == kinds.get("confirm")
                answer = await client.post(
                    "/board/api/press", json={"payload": payload}, headers=headers
                )
                assert (await answer.json())["toasts"] == []
                await settle(board)  # (the chat shows each step before the next is made)
                await bot.settle()
                if confirmed:
                    break
            assert confirmed
            facts = await app.facts(key)
            assert facts is not None and facts.to_act == (f"telegram:{ALICE.id}",)
            assert computer.decisions > 0
            assert bot.keyboard_message(chat).message_id == int(str(facts.board_message))


async def test_one_port_serves_the_webhook_metrics_health_and_the_board() -> None:
    """``python -m bot``'s run by webhook with ``WEBBOARD_ENABLED``: one port (``HTTP_LISTEN``)
    takes Telegram's posts (each answered once handled), ``/metrics``, ``/healthz``, the page
    and its login; the Telegram boards carry the button."""
    from bot.runtime import run

    fake = FakeBotApi()
    await fake.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    secret = "one-port-secret"
    try:
        settings = load_settings(
            telegram_token=fake.token,
            telegram_base_url=fake.url,
            telegram_webhook_url=f"{base}/tg/hook",
            telegram_webhook_secret=secret,
            http_listen=f"127.0.0.1:{port}",
            webboard_enabled=True,
            webboard_url=PAGE,
            webboard_app="board",
        )
        stop = asyncio.Event()
        running = asyncio.create_task(run(settings, [], stop=stop))
        for _ in range(3000):
            if fake.webhook or running.done():
                break
            await asyncio.sleep(0.01)
        assert fake.webhook == {"url": f"{base}/tg/hook", "secret_token": secret}
        assert not running.done() and not fake.called("getUpdates")
        chat = fake.chat(GROUP, "supergroup")
        lobby = fake.user_message(ALICE, chat, f"/new@{BOT_USERNAME} 1")
        assert await fake.post_webhook(lobby, secret=secret) == 200
        assert await fake.post_webhook(lobby, secret="wrong") == 403
        join = fake.press(BOB, fake.with_keyboard(GROUP, None)[-1], "Join")
        assert await fake.post_webhook(join, secret=secret) == 200
        for _ in range(3000):  # the board is posted in the background of the answer
            messages = fake.with_keyboard(GROUP, None)
            if messages and open_button(messages[-1].buttons()) is not None:
                break
            await asyncio.sleep(0.01)
        button = open_button(fake.with_keyboard(GROUP, None)[-1].buttons())
        assert button is not None
        (start,) = parse_qs(urlsplit(button["url"]).query)["startapp"]
        data = init_data(fake.token, tg_user(ALICE), time.time())
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/board/") as page:
                assert page.status == 200
            async with session.get(f"{base}/healthz") as health:
                assert health.status == 200
            async with session.get(f"{base}/metrics") as metrics:
                assert metrics.status == 200
                assert (
                    'nardy_updates_total{action="join",kind="button",platform="telegram"} 1.0'
                    in (await metrics.text())
                )
            login = {"initData": data, "start": start}
            async with session.post(f"{base}/board/api/login", json=login) as answer:
                assert answer.status == 200
                assert (await answer.json())["table"] == GROUP_KEY.tag
        stop.set()
        assert await asyncio.wait_for(running, timeout=15) == 0
    finally:
        await fake.stop()
        gc.unfreeze()
