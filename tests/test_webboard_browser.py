"""The web board in a real browser: Debian's Chromium, headless, driven by Playwright
(:mod:`browser_support`): the page in a phone-sized window inside a stand-in for Telegram's
WebApp environment, logged in with initData signed for the test bot, played by taps (and a
finger's drag), following the table by its event stream; a whole match between two phones to
its named winner, a game against the computer, a chouette's double answered on each member's
phone with the roster showing every answer as it comes, the move clock counted down by the
server's time to a match claimed on time, a board with its home on the left, the chat's board
and the page following each other, logins refused, and the pictures of the board.

One browser serves the module; each test opens its own contexts (a context is a phone: its own
storage, its own login).
"""

from __future__ import annotations

import asyncio
import base64
import json
import struct
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from xml.etree import ElementTree

import pytest
import pytest_asyncio
from ai_support import QuickComputer
from browser_support import (
    ALICE,
    BOB,
    CAROL,
    CHECKER,
    DARK,
    DAVE,
    GROUP,
    LANDING,
    PHONE,
    TOKEN,
    WAIT_MS,
    WHAT_NEXT,
    Player,
    chat_user,
    chouette,
    chromium,
    group_match,
    is_press,
    pictures,
    play_out,
    roll_until_the_box_may_double,
    rolled,
    served,
    user_of,
)
from playwright.async_api import Browser
from telegram_support import ALICE as TG_ALICE
from telegram_support import BOB as TG_BOB
from telegram_support import running_bot
from test_app_clock import Clock
from test_app_support import Chat, Dice
from test_webboard_telegram import board_settings, group_game, open_button
from webboard_support import init_data, settle

from bot.app import App, SendBoard
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from bot.telegram import open_board
from bot.web.auth import sign_start
from renderers import render_svg

pytestmark = pytest.mark.asyncio(loop_scope="module")

ROOT = Path(__file__).resolve().parent.parent
OTHER = TableKey("telegram", "-1002")
PICTURE_MOST = 150 * 1024
"""The most a picture of the board may weigh (they are in the repository)."""


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


# -- in Telegram's window -----------------------------------------------------------------------


async def test_the_page_opens_in_telegrams_window_and_draws_the_table(browser: Browser) -> None:
    app = App(MemoryStore(), dice=Dice(3))
    await group_match(app)
    async with served(browser, app) as site:
        anna = {**ALICE, "language_code": "ru"}
        alice = await site.open(anna, theme=DARK, scheme="dark")
        await alice.drawn()
        page = alice.page
        facts = await app.facts(GROUP)
        assert facts is not None and await alice.version() == facts.version
        assert [path for path, _ in alice.calls] == ["words", "login", "state", "events"]
        assert all(status == 200 for _, status in alice.calls)
        calls = await page.evaluate("window.Telegram.WebApp.calls")
        assert calls[:2] == ["ready", "expand"] and "onEvent:themeChanged" in calls
        # Telegram's theme and colour scheme; the user's language
        assert await page.get_attribute("html", "data-scheme") == "dark"
        background = await page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(33, 45, 59)"  # DARK's bg_color
        assert await page.get_attribute("html", "lang") == "ru"
        assert await alice.actions() == ["roll"]
        assert await page.inner_text("#actions button.roll") == t("ru", "button-roll")
        # the board fits the phone's width and is all on its screen, with the buttons
        for selector in ("#board svg.table", "#actions button.roll"):
            box = await page.locator(selector).bounding_box()
            assert box is not None and box["x"] >= 0 and box["y"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
            assert box["y"] + box["height"] <= PHONE["height"]
        names = await page.eval_on_selector_all(
            "[data-name]", "ns => ns.map(n => [n.textContent, n.classList.contains('you')])"
        )
        assert sorted(names) == [["Alice", True], ["Bob", False]]
        counts = await page.eval_on_selector_all(
            "[data-point]", "gs => gs.map(g => [g.dataset.side, Number(g.dataset.count)])"
        )
        assert sum(n for side, n in counts if side == "viewer") == 15
        assert sum(n for side, n in counts if side == "opponent") == 15
        assert await alice.status() == ""
        # no chouette, no game over: neither the roster nor a result takes room
        assert not await page.is_visible("#roster") and not await page.is_visible("#result")
        assert await page.inner_text("#title") == t("ru", "variant-backgammon") + ": " + t(
            "ru", "mode-match", length=1
        )


# -- a whole match between two phones -----------------------------------------------------------


async def test_a_whole_match_between_two_pages_each_following_the_other_live(
    browser: Browser, capsys: pytest.CaptureFixture[str]
) -> None:
    app = App(MemoryStore(), dice=Dice(37))  # a short game: fewer taps
    await group_match(app)
    async with served(browser, app) as site:
        players = [await site.open(ALICE), await site.open(BOB)]
        for player in players:
            await player.drawn()
            await player.page.evaluate("window.__unreloaded = true")
        first = [await player.first_board_ms() for player in players]
        with capsys.disabled():
            print(
                f"\nweb board: first board drawn {first[0]:.0f} ms (Alice) and {first[1]:.0f} ms"
                " (Bob) after the navigation started, in Chromium headless at 390 × 844"
            )
        presses = await play_out(app, players)
        facts = await app.facts(GROUP)
        assert facts is not None and facts.stage == "over"
        final = await app.web_state(GROUP, None, "en")
        assert final is not None and sorted(final["score"])[0] == 0 and max(final["score"]) >= 1
        result = final["result"]
        assert result is not None and result["how"] == "played"
        winner = final["seats"][result["match_winner"]]["name"]
        assert winner in result["headline"]
        for player in players:
            assert await player.version() == facts.version
            assert await player.message() == t("en", "error-game-over")
            # the page names the winner, and offers what the chat's last board offers
            assert await player.page.inner_text("#result .headline") == result["headline"]
            shown = await player.page.inner_text("#result")
            assert all(line in shown for line in result["lines"])
            crowned = await player.page.eval_on_selector_all(
                "#board .strip .winner", "ns => ns.map(n => n.textContent)"
            )
            assert crowned == [f"♛ {winner}"]
            assert await player.actions() == ["analysis"]
            assert await player.page.evaluate("window.__unreloaded") is True
            scores = await player.page.eval_on_selector_all(
                "[data-score]", "ss => ss.map(s => Number(s.dataset.score))"
            )
            assert sorted(scores) == sorted(final["score"])
            # one login each; every later state came by the stream or as a press's answer
            paths = [path for path, _ in player.calls]
            assert paths.count("login") == 1 and paths.count("events") == 1
        # pressed on the page as on the chat's board (this bot has no computer to analyse)
        answered = await players[0].tap("#actions button.analysis")
        assert answered["toasts"] == [t("en", "analysis-no-computer")]
        assert await players[0].page.inner_text("#toast") == t("en", "analysis-no-computer")
        assert presses > 60
        with capsys.disabled():
            print(f"web board: the match took {presses} presses")


# -- against the computer -----------------------------------------------------------------------


async def test_the_computers_turns_appear_on_the_page_by_themselves(browser: Browser) -> None:
    computer = QuickComputer()
    app = App(MemoryStore(), dice=Dice(6), computer=computer)
    key = TableKey("telegram", str(TG_ALICE.id))
    async with running_bot(app) as bot, served(browser, app, bot.fake.token) as site:
        open_board(bot.application, board_settings(bot.fake.token), site.board.deliver_to)
        chat = bot.fake.chat(TG_ALICE.id, "private")
        await bot.say(TG_ALICE, chat, "/new 1 bot casual")
        button = open_button(bot.keyboard_message(chat).buttons())
        assert button is not None and "web_app" in button
        (start,) = parse_qs(urlsplit(button["web_app"]["url"]).query)["start"]
        alice = await site.open(ALICE, key, start=start, private=True)
        await alice.drawn()
        plays = seen = 0
        for _ in range(200):
            facts = await app.facts(key)
            assert facts is not None
            if facts.stage == "over" or seen >= 2:
                break
            # whatever the computer does next comes by itself: Alice waits for her turn
            next_tap = await alice.page.wait_for_function(WHAT_NEXT, timeout=WAIT_MS)
            decided = computer.decisions
            what = await next_tap.json_value()
            if what == "checker":  # a step: the chat's board shows it too
                await settle(site.board)
                await bot.settle()
                board = bot.keyboard_message(chat)
                edits = board.edits
                await alice.step()
                await settle(site.board)
                await bot.settle()
                assert board.edits > edits
                continue
            if what == "roll":
                await alice.tap("#actions button.roll")
                continue
            confirmed = (await alice.tap("#actions button.confirm"))["state"]
            plays += 1
            if confirmed["stage"] == "over":
                break
            # the computer's turn: played and drawn without a tap, by the event stream
            await alice.shows(confirmed["version"] + 1, streamed=True)
            await alice.page.wait_for_selector("#actions button.roll", timeout=WAIT_MS)
            assert computer.decisions > decided
            assert await alice.marks("last") > 0
            seen += 1
        assert plays >= 2 and seen >= 2
        await settle(site.board)
        await bot.settle()
        # the chat followed: its board is the table's last
        facts = await app.facts(key)
        assert facts is not None and bot.keyboard_message(chat).message_id == int(
            str(facts.board_message)
        )


# -- a chouette's double ------------------------------------------------------------------------


async def test_a_chouettes_double_is_answered_by_each_member_on_his_own_page(
    browser: Browser,
) -> None:
    app = App(MemoryStore(), dice=Dice(8))
    chat = Chat(app, GROUP)
    await chat.send(chat_user(ALICE), "/new chouette")
    for user in (BOB, CAROL):
        await chat.press(chat_user(user), "Join")
    await chat.press(chat_user(ALICE), "Start")
    people = {f"telegram:{u['id']}": u for u in (ALICE, BOB, CAROL)}
    box = await roll_until_the_box_may_double(app, chat)
    table = await app.load_table(GROUP)
    assert table is not None and table.chouette is not None
    current = table.chouette.current
    assert current is not None and current.box == box
    taker, passer = (people[m.name] for m in current.members)  # the captain, the other member
    async with served(browser, app) as site:
        pages = {"take": await site.open(taker), "pass": await site.open(passer)}
        for page in pages.values():
            await page.drawn()
            assert "take" not in await page.actions()
        await chat.press(chat_user(people[box]), "Double")  # the box doubles, in the chat
        doubled = await app.facts(GROUP)
        assert doubled is not None
        for page in pages.values():
            await page.shows(doubled.version, streamed=True)
            assert await page.actions() == ["take", "pass"]
            cube = page.page.locator("#board [data-cube]")
            assert await cube.get_attribute("data-cube") == "2"
            assert await cube.get_attribute("data-cube-at") == "offered-by-opponent"
        await pages["take"].tap("#actions button.take")
        taken = await app.facts(GROUP)
        assert taken is not None
        await pages["pass"].shows(taken.version, streamed=True)
        assert await pages["take"].actions() == []  # he has answered
        assert await pages["pass"].actions() == ["take", "pass"]  # she has not
        for page in pages.values():
            assert passer["first_name"] in (await page.message()).splitlines()[-1]
        await pages["pass"].tap("#actions button.pass")
        answered = await app.facts(GROUP)
        assert answered is not None
        await pages["take"].shows(answered.version, streamed=True)
        table = await app.load_table(GROUP)
        assert table is not None and table.chouette is not None
        current = table.chouette.current
        assert current is not None
        members = {m.name: m for m in current.members}
        taker_ref, passer_ref = f"telegram:{taker['id']}", f"telegram:{passer['id']}"
        assert members[taker_ref].playing and members[taker_ref].cube.value == 2
        assert members[passer_ref].status == "passed"
        # the team holds the cube at 2; she is out of the game, he plays on
        for page in pages.values():
            assert await page.version() == table.version
            cube = page.page.locator("#board [data-cube]")
            assert await cube.get_attribute("data-cube") == "2"
            assert await cube.get_attribute("data-cube-at") == "viewer"
        assert await pages["pass"].actions() == []
        assert await pages["take"].actions() == ["resign-menu"]


async def test_a_chouettes_roster_shows_each_members_answer_as_it_comes(browser: Browser) -> None:
    """Four players: the box doubles on his page; each member's page shows the roster (the box,
    the team, the captain starred, his own chip marked) and every member's answer to the double
    as it is given, by the event stream, in the member's language."""
    app = App(MemoryStore(), dice=Dice(8))
    dave = {**DAVE, "language_code": "ru"}
    chat = await chouette(app, (ALICE, BOB, CAROL, DAVE))
    box = await roll_until_the_box_may_double(app, chat)
    table = await app.load_table(GROUP)
    assert table is not None and table.chouette is not None
    current = table.chouette.current
    assert current is not None
    refs = [m.name for m in current.members]
    users = {f"telegram:{u['id']}": u for u in (ALICE, BOB, CAROL, dave)}
    async with served(browser, app) as site:
        boxed = await site.open(users[box])
        pages = {ref: await site.open(users[ref]) for ref in refs}
        for page in [boxed, *pages.values()]:
            await page.drawn()

        async def answers(page: Player) -> dict[str, str]:
            found: list[list[str]] = await page.page.eval_on_selector_all(
                "#roster .chip[data-answer]",
                "cs => cs.map(c => [c.dataset.member, c.dataset.answer])",
            )
            return dict((ref, answer) for ref, answer in found)

        for ref, page in pages.items():
            chips = await page.page.eval_on_selector_all(
                "#roster .chip",
                "cs => cs.map(c => [c.dataset.member, c.classList.contains('you'),"
                " c.classList.contains('captain'), c.querySelector('.who').textContent])",
            )
            assert chips == [
                [box, False, False, users[box]["first_name"]],
                *([r, r == ref, r == current.captain, users[r]["first_name"]] for r in refs),
            ]
            assert await answers(page) == dict.fromkeys(refs, "")
            assert await page.status() == ""  # a member, not a spectator, waiting or not
        russian = pages[f"telegram:{DAVE['id']}"]
        roles = await russian.page.eval_on_selector_all(
            "#roster .role", "rs => rs.map(r => r.textContent)"
        )
        assert roles == [t("ru", "app-board-box"), t("ru", "app-board-team")]
        await boxed.tap("#actions button.double")
        doubled = await app.facts(GROUP)
        assert doubled is not None
        for page in pages.values():
            await page.shows(doubled.version, streamed=True)
            assert await answers(page) == dict.fromkeys(refs, "pending")
            assert await page.actions() == ["take", "pass"]
        pending = await russian.page.inner_text(f'#roster [data-member="{russian.ref}"] .answer')
        assert pending == t("ru", "web-answer-pending")
        # the first member takes, the second passes: each answer reaches the other pages live
        said = {refs[0]: "take", refs[1]: "pass"}
        for ref, answer in said.items():
            await pages[ref].tap(f"#actions button.{answer}")
            answered = await app.facts(GROUP)
            assert answered is not None
            for other, page in pages.items():
                if other != ref:
                    await page.shows(answered.version, streamed=True)
                assert (await answers(page))[ref] == answer
        for page in pages.values():
            assert await answers(page) == {**dict.fromkeys(refs, "pending"), **said}
        words = await russian.page.inner_text(f'#roster [data-member="{refs[0]}"] .answer')
        assert words == t("ru", "button-take")
        assert await pages[refs[2]].actions() == ["take", "pass"]
        assert await pages[refs[0]].actions() == []


async def test_the_move_clock_counts_down_by_the_servers_time(browser: Browser) -> None:
    """The server's clock three hours ahead of the phone's: the page counts the hour a move is
    given down from the server's time; late in it the clock turns urgent, then the opponent
    may claim the match on his page, which then names him the winner, on time."""
    server = Clock()
    server.now = time.time() + 3 * 3600
    app = App(MemoryStore(), dice=Dice(4), clock=server)
    chat = await group_match(app, "3")
    await chat.send(chat_user(ALICE), "/clock 1h")
    mover = await rolled(app, chat)
    waiter = BOB if mover is ALICE else ALICE
    async with served(browser, app) as site:
        player = await site.open(mover)
        await player.drawn()
        clock = player.page.locator("#board .strip .clock[data-deadline]")
        assert await clock.count() == 1
        strip = await player.page.get_attribute("#board .strip:has(.clock)", "data-seat")
        state = await app.web_state(GROUP, player.ref, "en")
        assert state is not None and strip == str(state["clock"]["seat"]) == str(state["viewer"])
        left = int(await clock.get_attribute("data-left") or 0)
        assert 3590 <= left <= 3600  # an hour, not four, nor nothing
        assert (await clock.text_content() or "").startswith(("1:00:00", "59:"))
        await player.page.wait_for_function(
            "n => Number(document.querySelector('[data-deadline]').dataset.left) < n",
            arg=left,
            timeout=WAIT_MS,
        )
        assert "late" not in (await clock.get_attribute("class") or "")
        # eleven minutes left: past the reminder, the clock is urgent
        server.now += 49 * 60
        other = await site.open(waiter)
        await other.drawn()
        late = other.page.locator("#board .strip .clock[data-deadline]")
        assert 600 <= int(await late.get_attribute("data-left") or 0) <= 660
        assert "late" in (await late.get_attribute("class") or "")
        assert "claim" not in await other.actions()
        # the time is up: the clock shows nothing left, the opponent claims the match
        server.now += 11 * 60 + 1
        claimer = await site.open(waiter)
        await claimer.drawn()
        gone = claimer.page.locator("#board .strip .clock[data-deadline]")
        assert await gone.get_attribute("data-left") == "0" and await gone.text_content() == "0:00"
        assert await claimer.actions() == ["claim", "claim", "resign-menu"]
        await claimer.tap("#actions button.claim >> nth=1")
        await claimer.page.wait_for_selector("#result .headline", timeout=WAIT_MS)
        headline = t("en", "clock-claimed", player=waiter["first_name"], what="match")
        assert await claimer.page.inner_text("#result .headline") == headline
        assert await claimer.page.get_attribute("#result", "data-how") == "time"
        await player.page.wait_for_selector("#result .headline", timeout=WAIT_MS)
        assert await player.page.inner_text("#result .headline") == headline


async def test_a_checker_is_dragged_by_a_finger(browser: Browser) -> None:
    """On a touch screen a checker dragged from its point lights its landings; dropped on one
    it is moved (the step pressed), dropped elsewhere it stays where it was, chosen."""
    app = App(MemoryStore(), dice=Dice(4))
    chat = await group_match(app)
    mover = await rolled(app, chat)
    async with served(browser, app) as site:
        player = await site.open(mover)
        await player.drawn()
        page = player.page
        touch = await player.context.new_cdp_session(page)

        async def finger(path: list[tuple[float, float]]) -> None:
            (x, y), *rest = path
            await touch.send(
                "Input.dispatchTouchEvent",
                {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]},
            )
            for x, y in rest:
                await touch.send(
                    "Input.dispatchTouchEvent",
                    {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]},
                )
                await asyncio.sleep(0.02)
            await touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        def way(start: list[float], end: list[float], n: int = 8) -> list[tuple[float, float]]:
            return [
                (start[0] + (end[0] - start[0]) * k / n, start[1] + (end[1] - start[1]) * k / n)
                for k in range(n + 1)
            ]

        start = await page.evaluate(CHECKER, "first")
        assert start is not None
        version = await player.version()
        # a drag that ends off the board's landings: nothing is pressed, the checker is chosen
        presses = [c for c in player.calls if c[0] == "press"]
        await finger(way(start, [start[0], 8]))
        await page.wait_for_selector("#board rect.hit.selected", timeout=WAIT_MS)
        assert await page.locator("#board rect.landing[data-payload]").count() > 0
        assert await page.locator("#board .ghost").count() == 0
        assert [c for c in player.calls if c[0] == "press"] == presses
        assert await player.version() == version
        landing = await page.evaluate(LANDING)
        assert landing is not None
        payload = await page.get_attribute("#board rect.landing[data-payload]", "data-payload")
        # tap the chosen point again: chosen no more
        await page.touchscreen.tap(start[0], start[1])
        await page.wait_for_selector("#board rect.hit.selected", state="detached", timeout=WAIT_MS)
        # the drag from the checker to its landing moves it
        async with page.expect_response(is_press, timeout=WAIT_MS) as answer:
            await finger(way(start, landing))
        response = await answer.value
        assert response.status == 200
        assert json.loads(response.request.post_data or "{}") == {"payload": payload}
        await player.shows(version + 1)
        assert await player.marks("built") > 0 or await page.locator("#actions .confirm").count()
        assert await page.locator("#board .ghost").count() == 0


async def test_a_table_with_its_home_board_on_the_left_is_drawn_mirrored(
    browser: Browser,
) -> None:
    """``settings home left``: the page draws the board as the chat's picture does, mirrored
    (the viewer's home board bottom left, the trays on the left, the cube on the right)."""
    app = App(MemoryStore(), dice=Dice(4))
    chat = await group_match(app, "money")
    await chat.send(chat_user(ALICE), "/settings home left")
    mover = await rolled(app, chat)
    async with served(browser, app) as site:
        player = await site.open(mover)
        await player.drawn()
        page = player.page
        assert await page.get_attribute("#board svg.table", "data-home") == "left"
        stacks: list[list[Any]] = await page.eval_on_selector_all(
            "#board [data-point]",
            "gs => gs.map(g => [Number(g.dataset.point), g.dataset.side, Number(g.dataset.count),"
            " g.querySelector('circle').getBoundingClientRect().x])",
        )
        state = await app.web_state(GROUP, player.ref, "en")
        assert state is not None
        replies = await chat.send(user_of(player.ref), "/board")
        board = next(r.board for r in replies if isinstance(r, SendBoard))
        assert board.home == "left"
        picture = render_svg(board.view, viewer=state["viewer"], orientation=board.home)
        drawn = [
            (
                int(g.get("data-point", 0)),
                g.get("data-side"),
                int(g.get("data-count", 0)),
                float(g[0].get("cx", 0)),
            )
            for g in ElementTree.fromstring(picture).iter("{http://www.w3.org/2000/svg}g")
            if g.get("data-point") is not None
        ]

        def seen(found: list[Any]) -> list[tuple[str, int, int | None]]:
            """Left to right (a column's two stacks the viewer's first): whose stack, of how
            many, on which of the viewer's points."""
            ordered = sorted(found, key=lambda stack: (round(stack[3]), stack[1] != "viewer"))
            return [(side, n, p if side == "viewer" else None) for p, side, n, _ in ordered]

        # the same stacks, left to right, as the chat's picture
        assert seen(stacks) == seen(drawn)
        home = [x for p, side, _, x in stacks if side == "viewer" and p <= 6]
        assert home and max(home) < PHONE["width"] / 2  # his home board on the left
        tray = await page.locator("#board [data-tray]").bounding_box()
        frame = await page.locator("#board .frame").bounding_box()
        cube = await page.locator("#board [data-cube]").bounding_box()
        assert tray is not None and frame is not None and cube is not None
        assert tray["x"] + tray["width"] <= frame["x"] and cube["x"] >= frame["x"] + frame["width"]
        # a tap on a checker still lights its landings, in the mirrored board
        await player.step()


# -- the chat's board and the page --------------------------------------------------------------


async def test_the_pages_taps_show_on_the_groups_board_and_its_presses_on_the_pages(
    browser: Browser,
) -> None:
    """A Telegram group's table (frugal: a step is shown to its presser alone, the board is
    edited once a turn) with the real adapter and the fake Bot API: the opening roll and a
    whole play tapped on the pages are shown on the group's board message, the steps on the
    other page as they are made; a play pressed on the group's board reaches both pages."""
    app = App(MemoryStore(), dice=Dice(5))
    async with running_bot(app) as bot, served(browser, app, bot.fake.token) as site:
        open_board(bot.application, board_settings(bot.fake.token), site.board.deliver_to)
        chat = await group_game(bot)
        message = bot.keyboard_message(chat)
        button = open_button(message.buttons())
        assert button is not None and "url" in button
        (start,) = parse_qs(urlsplit(button["url"]).query)["startapp"]
        pages = {ALICE["id"]: await site.open(ALICE, start=start)}
        pages[BOB["id"]] = await site.open(BOB, start=start)
        for page in pages.values():
            await page.drawn()
        # the opening roll, tapped on Alice's page: the group's board shows it
        edits = message.edits
        await pages[ALICE["id"]].tap("#actions button.roll")
        await settle(site.board)
        await bot.settle()
        assert bot.keyboard_message(chat) is message and message.edits == edits + 1
        assert "Roll" not in message.labels()
        rolled = await app.facts(GROUP)
        assert rolled is not None and len(rolled.to_act) == 1
        mover_id = int(rolled.to_act[0].partition(":")[2])
        mover, other = pages[mover_id], pages[ALICE["id"] + BOB["id"] - mover_id]
        await other.shows(rolled.version, streamed=True)
        # a step on the mover's page: the other page shows it (by its stream), the group's
        # board waits for the whole play
        streamed = len(await other.streamed())
        edits = message.edits
        await mover.step()
        await other.page.wait_for_function(
            "n => window.__board.events.length > n"
            " && document.querySelectorAll('#board .marks circle.built').length > 0",
            arg=streamed,
            timeout=WAIT_MS,
        )
        assert await other.page.locator("#board .die.used").count() == 1
        await settle(site.board)
        await bot.settle()
        assert message.edits == edits
        # the rest of the play on the page: the group's board shows the next turn
        for _ in range(8):
            kind = await mover.page.evaluate(WHAT_NEXT)
            if kind == "checker":
                await mover.step()
            elif kind == "confirm":
                await mover.tap("#actions button.confirm")
            else:
                break
        played = await app.facts(GROUP)
        assert played is not None and played.to_act != rolled.to_act
        await settle(site.board)
        await bot.settle()
        assert bot.keyboard_message(chat) is message and message.edits > edits
        assert played.names[played.seats.index(played.to_act[0])] in message.text
        await other.shows(played.version, streamed=True)
        # the next roll pressed on the group's board: both pages follow by their streams
        presser = TG_ALICE if played.to_act[0] == f"telegram:{TG_ALICE.id}" else TG_BOB
        assert "Roll" in message.labels()
        await bot.press(presser, chat, "Roll")
        pressed = await app.facts(GROUP)
        assert pressed is not None and pressed.version > played.version
        game = await bot.game(GROUP)
        assert game.dice is not None
        for page in pages.values():
            await page.shows(pressed.version, streamed=True)
            dice = await page.page.get_attribute("#board [data-dice]", "data-dice")
            assert dice == "-".join(map(str, game.dice))


# -- logins refused -----------------------------------------------------------------------------


async def test_logins_refused_in_the_browser_show_the_refusal_and_no_board(
    browser: Browser,
) -> None:
    app = App(MemoryStore(), dice=Dice(3))
    await group_match(app)
    await group_match(app, key=OTHER)
    async with served(browser, app) as site:
        start = sign_start(GROUP, site.board.keys)
        other = sign_start(OTHER, site.board.keys)
        assert start is not None and other is not None
        now = time.time()
        replayed = init_data(TOKEN, ALICE, now, query_id="once", start_param=start)
        alice = await site.open(ALICE, data=replayed)
        await alice.drawn()
        # opened outside Telegram (no login data): no board, the phone's own dark scheme
        outside = await site.open(ALICE, data="", system="dark")
        await outside.page.wait_for_function(
            "text => document.getElementById('status').textContent === text",
            arg=t("en", "web-page-outside-telegram"),
            timeout=WAIT_MS,
        )
        assert await outside.page.get_attribute("html", "data-scheme") == "dark"
        assert outside.calls == [("words", 200)]
        refused = {
            "forged": init_data("42:another-bots-token", ALICE, now, start_param=start),
            "expired": init_data(TOKEN, ALICE, now - 3601, start_param=start),
            "replayed": replayed,
        }
        # another table's name with this table's signature
        mac = base64.urlsafe_b64decode(start + "=" * (-len(start) % 4))[-10:]
        spliced = base64.urlsafe_b64encode(OTHER.tag.encode() + mac).decode().rstrip("=")
        opened = await asyncio.gather(
            *(site.open(ALICE, data=data) for data in refused.values()),
            site.open(ALICE, start=spliced),
        )
        pages = dict(zip([*refused, "another table"], opened, strict=True))
        closed = t("en", "web-page-closed")
        for name, page in pages.items():
            await page.page.wait_for_function(
                "text => document.getElementById('status').textContent === text",
                arg=closed,
                timeout=WAIT_MS,
            )
            assert await page.page.locator("#board svg").count() == 0, name
            assert await page.actions() == [], name
            assert page.calls == [("words", 200), ("login", 401)], name
            # the page's API without a session
            for path in ("state", "events?table=" + GROUP.tag):
                answer = await page.page.request.get(site.url + "api/" + path)
                assert answer.status == 401, (name, path)
        # a session for one table does not open another's
        token = await alice.page.evaluate(
            "start => JSON.parse(sessionStorage.getItem('board:' + start)).token", start
        )
        bearer = {"Authorization": f"Bearer {token}"}
        own = await alice.page.request.get(f"{site.url}api/state?table={GROUP.tag}", headers=bearer)
        assert own.status == 200
        theirs = await alice.page.request.get(
            f"{site.url}api/state?table={OTHER.tag}", headers=bearer
        )
        assert theirs.status == 401
        press = await alice.page.request.post(
            f"{site.url}api/press?table={OTHER.tag}", headers=bearer, data={"payload": "x"}
        )
        assert press.status == 401


# -- the pictures -------------------------------------------------------------------------------


async def test_the_pictures_of_the_board_are_those_in_docs(
    browser: Browser, tmp_path: Path
) -> None:
    written = await pictures(browser, tmp_path)
    names = sorted(path.name for path in written)
    assert names == [
        "backgammon-dark.png",
        "backgammon-light.png",
        "chouette.png",
        "finished-match.png",
        "long-nardy-dark.png",
        "long-nardy-light.png",
    ]
    readme = (ROOT / "README.md").read_text()
    for path in written:
        body = path.read_bytes()
        assert png_size(body) == (PHONE["width"], PHONE["height"])
        assert len(body) < PICTURE_MOST
        kept = ROOT / "docs" / "webboard" / path.name
        assert png_size(kept.read_bytes()) == (PHONE["width"], PHONE["height"])
        assert kept.stat().st_size < PICTURE_MOST
        assert f"docs/webboard/{path.name}" in readme


def png_size(body: bytes) -> tuple[int, int]:
    """The width and height of a PNG image."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    width, height = struct.unpack(">II", body[16:24])
    return int(width), int(height)
