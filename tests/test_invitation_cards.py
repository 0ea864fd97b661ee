"""Inline invitation cards cannot be forged: over the real PTB application and the fake Bot API.

Any Bot API client can send a callback query with any data and any ``inline_message_id``.  A
card's data names its inviter and seats the presser against him, so it is honoured only when the
bot signed it for that very inline message (after Telegram reported the card as sent by that
inviter); everything else gets a refusal in the presser's language and changes nothing.
"""

from __future__ import annotations

import pytest
from fake_telegram import FakeMessage, TgUser
from telegram_support import ALICE, BOB, EVE, Bot, running_bot
from test_app_support import Dice

from bot.app import App
from bot.i18n import t
from bot.store import MemoryStore
from bot.telegram.adapter import inline_table
from bot.telegram.links import (
    CardNotReady,
    InvalidInvitation,
    Invitation,
    format_card,
    format_invitation,
    parse_invitation,
)

EVA_RU = TgUser(106, "Ева", language_code="ru")


async def _press(bot: Bot, user: TgUser, message: FakeMessage, data: str) -> str | None:
    """``user`` sends callback ``data`` from ``message``; the toast he got."""
    press = bot.fake.callback(user, message, data)
    await bot.deliver(press)
    answer: str | None = bot.fake.callback_answers[press["callback_query"]["id"]].get("text")
    return answer


async def _sent_card(bot: Bot, inviter: TgUser, game: str = "1") -> FakeMessage:
    query = bot.fake.inline_query(inviter, "")
    await bot.deliver(query)
    card = bot.fake.choose_inline_result(query["inline_query"]["id"], game)
    await bot.deliver(bot.fake.chosen_result(card))
    return card


async def _nothing_happened(bot: Bot, *inline_ids: str) -> None:
    for inline_id in inline_ids:
        assert await bot.app.load_table(inline_table(inline_id)) is None
    assert bot.fake.bot_messages(ALICE.id) == []  # no private notice went to the named user
    assert bot.fake.called("sendMessage") == []


async def test_forged_and_moved_cards_seat_nobody() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        card = await _sent_card(bot, ALICE)
        genuine = card.buttons()[0]["callback_data"]
        assert genuine.startswith("tgi:1:101:") and "Alice" in genuine
        invalid = t("en", "error-bad-payload")
        elsewhere = FakeMessage(0, 0, "text", "", inline_id="AgAAAEve-chosen")
        # Unsigned data naming Alice, as the cards used to carry, on a message of Eve's choosing.
        assert await _press(bot, EVE, elsewhere, "tgi:1:101:Alice") == invalid
        # Alice's genuine card data sent from another inline message.
        assert await _press(bot, EVE, elsewhere, genuine) == invalid
        # On the card's own message, with the inviter, the game or the name changed.
        for forged in (
            genuine.replace(":101:", ":102:"),
            genuine.replace("tgi:1:", "tgi:5:"),
            genuine.replace("Alice", "Alicf"),
            genuine.rsplit(":", 2)[0] + ":AAAAAAAAAAAA:Alice",
        ):
            assert await _press(bot, EVE, card, forged) == invalid, forged
        # The refusal is in the presser's language.
        assert await _press(bot, EVA_RU, elsewhere, genuine) == t("ru", "error-bad-payload")
        assert card.inline_id is not None
        await _nothing_happened(bot, "AgAAAEve-chosen", card.inline_id)
        # The genuine press on the genuine message still works.
        assert await _press(bot, BOB, card, genuine) is None
        table = await bot.app.load_table(inline_table(card.inline_id))
        assert table is not None and [s.user for s in table.seats] == [
            "telegram:101",
            "telegram:102",
        ]


async def test_a_card_pressed_before_it_is_signed_says_so_and_waits() -> None:
    async with running_bot(App(MemoryStore(), dice=Dice(3))) as bot:
        query = bot.fake.inline_query(ALICE, "5")
        await bot.deliver(query)
        offered = bot.fake.inline_answers[query["inline_query"]["id"]]
        # What the inline answer offers names nobody: only the game.
        assert [c["reply_markup"]["inline_keyboard"][0][0]["callback_data"] for c in offered] == [
            "tgi:5"
        ]
        card = bot.fake.choose_inline_result(query["inline_query"]["id"], "5")
        assert await _press(bot, BOB, card, card.buttons()[0]["callback_data"]) == t(
            "en", "telegram-invite-pending"
        )
        assert card.inline_id is not None
        await _nothing_happened(bot, card.inline_id)
        await bot.deliver(bot.fake.chosen_result(card))
        assert await _press(bot, BOB, card, card.buttons()[0]["callback_data"]) is None
        assert await bot.app.load_table(inline_table(card.inline_id)) is not None


def test_card_data_is_signed_for_its_message_and_fits_64_bytes() -> None:
    secret = b"bot token"
    long_name = Invitation(123456789012, "Александра Константиновна Long-Name", "5", "12h")
    data = format_invitation(long_name, "AgAAAX", secret=secret)
    assert len(data.encode()) <= 64 and data.startswith("tgi:5.12h:123456789012:")
    back = parse_invitation(data, "AgAAAX", secret=secret)
    assert (back.inviter_id, back.game, back.clock, back.new_args) == (
        123456789012,
        "5",
        "12h",
        "5",
    )
    assert long_name.inviter_name.startswith(back.inviter_name) and back.inviter_name
    with pytest.raises(InvalidInvitation):
        parse_invitation(data, "AgAAAY", secret=secret)
    with pytest.raises(InvalidInvitation):
        parse_invitation(data, "AgAAAX", secret=b"another bot")
    with pytest.raises(CardNotReady):
        parse_invitation(format_card("m"), "AgAAAX", secret=secret)
    for bad in ("tgi:x", "tgi:3.0h", "tgi:3.91d:7:sig:Bob", "tgi:3:7:Bob", "tgi:3:²:sig:Bob", "x"):
        with pytest.raises(InvalidInvitation):
            parse_invitation(bad, "AgAAAX", secret=secret)
    with pytest.raises(InvalidInvitation):
        format_card("3", "forever")
