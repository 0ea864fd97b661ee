"""Input from platforms that once broke pictures or parsing.

Names: a chat platform lets a name hold any character (control characters, U+FFFE, U+FFFF; a
JSON ``\\ud800`` escape even gives a lone surrogate); every such name must still give a valid SVG
and PNG, and no message may carry what it cannot show.  Numbers: ``str.isdigit`` is true of
``²`` and ``٣``, which ``int`` then refuses or reads as a digit; only ASCII digits are numbers.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_app_support import Dice
from test_matparse import XG
from test_render_png import SIGNATURE, decode

from bot.app import App, SendBoard, SendText, Toast, Update, User
from bot.i18n import t
from bot.store import MemoryStore, TableKey
from engine import Position
from engine.errors import CorruptId
from engine.ids import decode_xgid
from engine.matparse import MatError, read_mat
from renderers import BoardView, ChouetteMember, ChouetteView, render_png, render_svg, render_text

ANY_CHARACTER = st.characters(codec=None, categories=None)
"""Every code point, surrogates and non-characters included."""

NAMES = st.text(ANY_CHARACTER, max_size=64) | st.sampled_from(
    ["\x00", "A\x01\x1f\ufffe\uffffB", "\ud800", "a\udfffb", "\n\r\t", "\u202eevil", "🏳️‍🌈" * 9]
)
"""What a platform can deliver as a name (Telegram: up to 64 characters)."""

UNSHOWABLE = frozenset(
    [chr(c) for c in range(0x20) if chr(c) not in "\n\t\r"] + ["\ufffe", "\uffff"]
)


def _showable(text: str) -> bool:
    return not any(c in UNSHOWABLE or 0xD800 <= ord(c) <= 0xDFFF for c in text)


def _valid_png(data: bytes, width: int) -> None:
    assert data.startswith(SIGNATURE)
    image = decode(data)
    assert image.width == width and image.height > 0


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, NAMES, st.lists(NAMES, min_size=1, max_size=3))
def test_every_name_gives_a_valid_svg_png_and_text_board(
    first: str, second: str, team: list[str]
) -> None:
    view = BoardView.seated(Position.initial(), on_roll=1, names=(first, second), dice=(3, 1))
    chouette = ChouetteView(second, tuple(ChouetteMember(name) for name in team))
    for shown in (
        view,
        BoardView.seated(Position.initial(), on_roll=0, names=(first, second), chouette=chouette),
    ):
        svg = render_svg(shown)
        ElementTree.fromstring(svg.encode("utf-8"))  # strict UTF-8, well-formed XML
        _valid_png(render_png(shown, width=320), 320)
        assert _showable(render_text(shown))


_ids = itertools.count()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES, NAMES)
async def test_players_with_any_name_get_their_board_picture(first: str, second: str) -> None:
    app = App(MemoryStore(), dice=Dice(5))
    table = TableKey("telegram", "-100200")
    ann, bob = User("telegram", "11", first, "en"), User("telegram", "12", second, "en")
    replies = []
    for user, text in ((ann, "/new 1"), (bob, "/join"), (ann, "/board")):
        replies += await app.handle(Update(table, user, f"u{next(_ids)}", text=text))
    boards = [r for r in replies if isinstance(r, SendBoard)]
    assert boards, replies
    board = boards[-1].board
    _valid_png(
        render_png(board.view, viewer=board.viewer, labels=dict(board.labels), width=320), 320
    )
    for reply in replies:
        if isinstance(reply, SendText | Toast | SendBoard):
            assert _showable(reply.text if not isinstance(reply, SendBoard) else reply.caption)


NOT_ASCII_DIGITS = ["²", "٣", "５", "1²", "³3", "𝟗"]


@pytest.mark.parametrize("word", NOT_ASCII_DIGITS)
async def test_numbers_in_other_scripts_are_refused_not_an_internal_error(word: str) -> None:
    app = App(MemoryStore())
    table = TableKey("telegram", "-100300")
    user = User("telegram", "21", "Ann", "en")
    internal = t("en", "error-internal")
    for text in (f"/new {word}", f"/new 5 cube_limit={word}", f"/new money jacoby={word}"):
        replies = await app.handle(Update(table, user, f"n{next(_ids)}", text=text))
        said = [r.text for r in replies if isinstance(r, SendText | Toast)]
        assert said and internal not in said, (text, said)
        assert await app.load_table(table) is None, text  # nothing was opened


@pytest.mark.parametrize("word", NOT_ASCII_DIGITS)
def test_ids_and_match_files_take_ascii_digits_only(word: str) -> None:
    with pytest.raises(CorruptId):
        decode_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:{(word * 2)[:2]}:0:0:0:0:10")
    with pytest.raises(CorruptId):
        decode_xgid(f"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:{word}:10")
    with pytest.raises(MatError):
        read_mat(XG.replace('"1024"', f'"{word}"'))


@pytest.mark.parametrize("word", NOT_ASCII_DIGITS)
async def test_the_console_takes_only_ascii_numbers_for_its_buttons(word: str) -> None:
    import io

    from bot.console import TABLE, Console

    store = MemoryStore()
    out = io.StringIO()
    console = Console(App(store), out=out, language="en")
    await console.send(console.me, "new 3")
    before = await store.load(TABLE)
    await console.send(console.me, word)  # not a button number: a line like any other
    assert await store.load(TABLE) == before
    assert "Traceback" not in out.getvalue()
