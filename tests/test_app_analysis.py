"""``analysis`` through the app, made by real worker processes: who may have it and when, the
offer when a match ends, the progress message edited game by game and replaced by the result,
the worst decisions drawn as boards, the ``.mat`` attached, long nardy labelled as the
project's own network's judgement (or its hand-weighted player's) with its own error rate, and
the Analysis button of a match in the history.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import pytest
from conftest import warm_worker
from test_app_support import (
    ALICE,
    BOB,
    EVE,
    Chat,
    Dice,
    open_store,
    play_a_game,
    play_until,
    texts,
    toasts,
)

from bot.ai.analysis import analyse_match
from bot.ai.nardy_net_analysis import analyse_nardy_net_game
from bot.ai.report import Mark
from bot.ai.worker import ComputerWorker
from bot.app import App, Attachment, Reply, SendBoard, SendFile, SendText, User, syntax
from bot.app.match_analysis import MONEY_KEPT, claim, decision_game, finished_games, release
from bot.app.payload import parse_payload
from bot.app.types import EditProgress, Progress
from bot.i18n import t
from bot.store import MemoryStore, Store, TableKey
from engine.game import Phase
from engine.match import Match
from engine.movegen import legal_plays

pytestmark = pytest.mark.asyncio(loop_scope="module")

USERS = [ALICE, BOB]


def make_app(worker: ComputerWorker | None, seed: int = 1) -> App:
    return App(
        MemoryStore(),
        dice=Dice(seed),
        computer=worker,
        adviser=worker,
        analyser=worker,
        progress_every=0.0,
    )


async def new_match(chat: Chat, what: str) -> None:
    """Alice opens ``new what``, Bob joins: the game begins."""
    await chat.send(ALICE, f"/new {what}")
    await chat.press(BOB, "Join")


async def play_by_text(chat: Chat, users: Sequence[User], done: object, limit: int = 5000) -> None:
    """Play the first legal play of every roll, by typed commands, until ``done(match)``."""
    for _ in range(limit):
        match = await chat.match()
        if done(match):  # type: ignore[operator]
            return
        game = match.game
        if game.phase is Phase.OPENING:
            await chat.send(users[0], "roll")
        elif game.turn is not None and game.phase is Phase.ROLL:
            await chat.send(users[game.turn], "roll")
        elif game.turn is not None and game.phase is Phase.MOVE:
            assert game.dice is not None
            play = legal_plays(game.position, game.dice)[0].notation()
            await chat.send(users[game.turn], f"move {play}")
        else:
            raise AssertionError(f"the table waits for {game.phase}")
    raise AssertionError("never done")


async def played(worker: ComputerWorker, seed: int, chat_id: str, what: str) -> Chat:
    """A chat ``chat_id`` of an app with ``worker`` and dice ``seed`` where Alice and Bob have
    played a ``new what`` match to its end by typed commands."""
    chat = Chat(make_app(worker, seed=seed), TableKey("telegram", chat_id))
    await new_match(chat, what)
    await play_by_text(chat, USERS, lambda m: m.is_over)
    return chat


async def follow(chat: Chat) -> list[list[Reply]]:
    """The batches ``App.progress`` yields for the chat, as an adapter performs them."""
    return [batch async for batch in chat.app.progress(chat.key)]


def result_of(batches: list[list[Reply]]) -> tuple[list[EditProgress], list[Reply]]:
    """The progress edits before the result, and the result."""
    *edits, result = batches
    assert all(len(b) == 1 and isinstance(b[0], EditProgress) for b in edits), edits
    return [b[0] for b in edits if isinstance(b[0], EditProgress)], result


def progress_of(replies: Sequence[Reply]) -> Progress:
    found = [r for r in replies if isinstance(r, Progress)]
    assert len(found) == 1, replies
    return found[0]


async def test_refusals_before_there_is_a_finished_game(worker: ComputerWorker) -> None:
    chat = Chat(make_app(worker), TableKey("telegram", "-1701"))
    nothing = t("en", "analysis-nothing")
    assert texts(await chat.send(ALICE, "analysis")) == nothing  # no table at all
    await chat.send(ALICE, "/new 3")
    assert texts(await chat.send(ALICE, "/analysis")) == nothing  # a lobby
    await chat.press(BOB, "Join")
    assert texts(await chat.send(EVE, "analysis")) == nothing  # no game over yet
    # Once a game of this match between people (hints off) is over, the analysis waits for
    # the match's end: else it would advise the players during their match.
    await play_by_text(chat, USERS, lambda m: m.number > 1 or m.is_over)
    assert not (await chat.match()).is_over
    assert texts(await chat.send(ALICE, "analysis")) == t("en", "analysis-in-play")
    # A chouette is not analysed.
    chouette = Chat(make_app(worker), TableKey("telegram", "-1710"))
    await chouette.send(ALICE, "/new chouette")
    assert texts(await chouette.send(ALICE, "analysis")) == t("en", "analysis-chouette")
    # No computer: said so.
    bare = Chat(App(MemoryStore(), dice=Dice(1)), TableKey("telegram", "-1702"))
    assert texts(await bare.send(ALICE, "analysis")) == t("en", "analysis-no-computer")


async def test_a_match_ends_with_the_offer_then_progress_then_the_result(
    worker: ComputerWorker,
) -> None:
    chat = Chat(make_app(worker, seed=7), TableKey("telegram", "-1703"))
    await new_match(chat, "3")
    await play_until(chat, USERS, lambda m: m.is_over)
    match = await chat.match()
    # The last board of the match offers the analysis.
    last = [r for r in chat.log if isinstance(r, SendBoard)][-1]
    assert [b.label for row in last.buttons for b in row] == ["Analysis"]
    assert parse_payload(last.buttons[0][0].payload).action == "analysis"
    replies = await chat.press(EVE, "Analysis")  # anyone in the chat may ask once it is over
    progress = progress_of(replies)
    assert progress.text == f"Analysing game 1 of {match.number}…"
    # A second press while it is under way is told so.
    assert toasts(await chat.press(ALICE, "Analysis")) == [t("en", "analysis-busy")]
    # While the worker analyses, the app goes on serving the other tables at once.
    following = asyncio.ensure_future(follow(chat))
    elsewhere = Chat(chat.app, TableKey("telegram", "-1711"))
    await new_match(elsewhere, "1")
    await play_by_text(elsewhere, USERS, lambda m: m.game.turn is not None)
    assert not following.done()
    edits, result = result_of(await following)
    if match.number > 1:
        assert [e.text for e in edits] == [
            f"Analysing game {n} of {match.number}…" for n in range(2, match.number + 1)
        ]
    summary = result[0]
    assert isinstance(summary, EditProgress)
    assert summary.text.startswith("Analysis by GNU Backgammon's nets")
    theirs = analyse_match(match, worker.analysis_ply)
    for seat, user in enumerate(USERS):
        mine = theirs.summary(seat)
        assert f"{user.name}: PR {mine.pr:.1f}, unforced decisions: {mine.unforced}" in (
            summary.text
        )
        assert f"{mine.checker_loss:.3f} in checker play" in summary.text
    assert "Doubtful: " in summary.text and "Luck: " in summary.text
    # The worst decisions, each on a board showing the position with its mover on roll.
    boards = [r for r in result if isinstance(r, SendBoard)]
    worst = [d for seat in (0, 1) for d in theirs.summary(seat).worst]
    assert len(boards) == len(worst) > 0
    for board, decision in zip(boards, worst, strict=True):
        name = USERS[decision.player].name
        log = match.records()[decision.game - 1].log
        move = decision.turn + 1 if log[0].action == "opening" else decision.turn
        assert board.caption.startswith(f"{name}: game {decision.game}, move {move}")
        assert f"Best: {decision.best}" in board.caption
        assert f"−{decision.loss:.3f}" in board.caption
        shown = decision_game(match, decision)
        assert board.board.view.turn == shown.turn
        if decision.kind == "move":
            assert decision.dice is not None
            assert shown.turn == decision.player and shown.position == decision.position
            assert board.board.view.dice == decision.dice
            assert f"Rolled {max(decision.dice)}-{min(decision.dice)}, played" in board.caption
    # The .mat file of the match, as GNU Backgammon reads it.
    files = [r for r in result if isinstance(r, SendFile)]
    assert [f.name for f in files] == ["match.mat"]
    again = Match.from_mat(files[0].data.decode())
    assert again.score == match.score and again.number == match.number
    assert [r.result for r in again.records()] == [r.result for r in match.records()]
    # Done: a new press shows it again at once, as new messages; nothing is analysed again.
    repeated = await chat.press(ALICE, "Analysis")
    assert not [r for r in repeated if isinstance(r, Progress)]
    assert isinstance(repeated[0], SendText) and repeated[0].text == summary.text
    assert [r.caption for r in repeated if isinstance(r, SendBoard)] == [b.caption for b in boards]
    assert [r.name for r in repeated if isinstance(r, SendFile)] == ["match.mat"]
    assert await follow(chat) == []


@pytest.mark.parametrize("kind", ["memory", "redis"])
async def test_one_analysis_at_a_time_in_a_chat_whichever_process_is_asked(
    worker: ComputerWorker, kind: str, request: pytest.FixtureRequest
) -> None:
    async with open_store(kind, request) as store:
        await one_at_a_time(worker, store)


async def one_at_a_time(worker: ComputerWorker, store: Store) -> None:
    """Two processes' apps on one store: the second is told the first's analysis is under way;
    once it is done, the claim is given back and the second shows the result again."""
    key = TableKey("telegram", "-1709")
    first = Chat(App(store, dice=Dice(2), analyser=worker, progress_every=0.0), key)
    await new_match(first, "1")
    await play_by_text(first, USERS, lambda m: m.is_over)
    other = Chat(App(store, analyser=worker, progress_every=0.0), key)  # another process
    progress_of(await first.send(ALICE, "analysis"))
    assert texts(await other.send(BOB, "analysis")) == t("en", "analysis-busy")
    _, result = result_of(await follow(first))
    assert await claim(store, key)  # the first is done: its claim given back
    await release(store, key)
    again = await other.send(BOB, "analysis")  # made already: shown again at once
    first_result = result[0]
    assert isinstance(first_result, EditProgress) and isinstance(again[0], SendText)
    assert again[0].text == first_result.text and "Bob: PR " in again[0].text


async def test_the_finished_games_of_a_match_still_played(worker: ComputerWorker) -> None:
    """Against the computer (hints on), the games finished so far, never the one in play."""
    chat = Chat(make_app(worker, seed=3), TableKey("telegram", "1704"))
    await chat.send(ALICE, "/new 5 bot")
    await chat.press(ALICE, "Join")
    async for _ in chat.app.computer_moves(chat.key):
        pass
    for _ in range(3000):
        match = await chat.match()
        if match.number > 1 or match.is_over:
            break
        game = match.game
        if game.turn == 0 and game.phase in (Phase.ROLL, Phase.OPENING):
            await chat.send(ALICE, "roll")
        elif game.turn == 0 and game.phase is Phase.MOVE:
            assert game.dice is not None
            await chat.send(ALICE, f"move {legal_plays(game.position, game.dice)[0].notation()}")
        elif game.responder == 0:
            await chat.send(ALICE, "take")
        elif game.phase is Phase.OPENING:
            await chat.send(ALICE, "roll")
        async for _ in chat.app.computer_moves(chat.key):
            pass
    match = await chat.match()
    finished = finished_games(match)
    assert finished is not None and finished.game.is_over
    replies = await chat.send(ALICE, "analysis")
    assert progress_of(replies).text == f"Analysing game 1 of {finished.number}…"
    _, result = result_of(await follow(chat))
    summary = result[0]
    assert isinstance(summary, EditProgress)
    assert f"games: {finished.number}." in summary.text


async def test_money_play_analyses_the_latest_games_of_the_session(
    worker: ComputerWorker,
) -> None:
    chat = Chat(make_app(worker, seed=9), TableKey("telegram", "-1708"))
    await new_match(chat, "money")
    assert texts(await chat.send(ALICE, "analysis")) == t("en", "analysis-nothing")
    await play_a_game(chat, USERS, turns=6)
    replies = await chat.send(BOB, "analysis")  # hints are on in money play: while it goes on
    assert progress_of(replies).text == "Analysing game 1 of 1…"
    await follow(chat)
    for n in range(MONEY_KEPT + 1):
        await play_a_game(chat, USERS, turns=4 + n % 3)
    table = await chat.table()
    assert table.past.dropped == MONEY_KEPT + 2 and table.past.recent is not None
    replies = await chat.send(ALICE, "analysis")
    assert progress_of(replies).text == f"Analysing game 1 of {MONEY_KEPT}…"
    _, result = result_of(await follow(chat))
    summary = result[0]
    assert isinstance(summary, EditProgress) and f"games: {MONEY_KEPT}." in summary.text
    mat = next(r for r in result if isinstance(r, SendFile))
    assert Match.from_mat(mat.data.decode()).number == MONEY_KEPT


async def test_long_nardy_on_the_network_gives_its_own_error_rate_and_worst_boards(
    worker: ComputerWorker,
) -> None:
    chat = await played(worker, 5, "-1705", "nardy 1")
    match = await chat.match()
    replies = await chat.send(BOB, "analysis")
    assert isinstance(replies[0], Progress)
    _, result = result_of(await follow(chat))
    summary = result[0]
    assert isinstance(summary, EditProgress)
    # the shared worker analyses at 0-ply: the network alone
    assert summary.text.startswith(t("en", "analysis-title-nardy-net", games=1, ply=0))
    assert "not GNU Backgammon" in summary.text and "Losses in equity" in summary.text
    assert "PR" not in summary.text
    [record] = match.records()
    expected = analyse_nardy_net_game(match.variant, match.length, match.options, record, depth=0)
    for seat, name in enumerate(("Alice", "Bob")):
        mine = expected.summary(seat)
        rate = t("en", "analysis-player-nardy", player=name, pr=mine.pr, unforced=mine.unforced)
        assert rate in summary.text and "error rate (long nardy)" in rate
        marks = mine.marks
        assert (
            t(
                "en",
                "analysis-marks",
                doubtful=marks.get(Mark.DOUBTFUL, 0),
                bad=marks.get(Mark.BAD, 0),
                very_bad=marks.get(Mark.VERY_BAD, 0),
            )
            in summary.text
        )
    assert summary.text.count("Lost ") == 2 and summary.text.count("Luck: ") == 2
    # the worst decisions as boards, in equity, each marked
    worst = [d for seat in (0, 1) for d in expected.summary(seat).worst]
    boards = [r for r in result if isinstance(r, SendBoard)]
    assert worst and len(boards) == len(worst)
    for board, decision in zip(boards, worst, strict=True):
        assert board.caption.startswith(f"{('Alice', 'Bob')[decision.player]}: game 1, move ")
        assert f"Best: {decision.best}" in board.caption
        difference = t(
            "en",
            "analysis-difference",
            unit="equity",
            loss=-decision.loss,
            mark=decision.mark.value,
        )
        assert board.caption.endswith(difference)
        view = board.board.view
        assert (view.turn, view.dice) == (decision.player, decision.dice)
        assert decision_game(match, decision).dice == decision.dice
    assert not any(isinstance(r, SendFile) for r in result)  # no .mat for long nardy


async def test_long_nardy_classic_is_labelled_the_hand_weighted_player() -> None:
    async with warm_worker(nardy_engine="classic", analysis_ply=0, ponder=False) as classic:
        chat = await played(classic, 5, "-1715", "nardy 1")
        replies = await chat.send(BOB, "analysis")
        assert isinstance(replies[0], Progress)
        _, result = result_of(await follow(chat))
    summary = result[0]
    assert isinstance(summary, EditProgress)
    assert summary.text.startswith(t("en", "analysis-title-nardy", games=1, ply=1))
    assert "not GNU Backgammon" in summary.text and "winning chances" in summary.text
    assert summary.text.count("Winning chances given up, summed over the decisions: ") == 2
    assert summary.text.count("error rate (long nardy)") == 2 and "PR" not in summary.text
    assert not any(isinstance(r, SendFile) for r in result)  # no .mat for long nardy


async def test_history_entries_have_an_analysis_button(worker: ComputerWorker) -> None:
    chat = await played(worker, 11, "-1706", "1")
    match = await chat.match()
    # A new table in the chat: the old match-end button no longer names what is at the table.
    await chat.send(BOB, "/new 1")
    end = [r for r in chat.log if isinstance(r, SendBoard) and r.buttons][-1]
    stale = await chat.send(ALICE, button=end.buttons[0][0].payload, message="old")
    assert toasts(stale) == [syntax.say("en", syntax.typed_syntax, "analysis-gone")]
    listed = await chat.send(ALICE, "history 1")
    entry = next(r for r in listed if isinstance(r, SendText) and r.buttons)
    labels = [b.label for row in entry.buttons for b in row]
    assert "Analysis" in labels
    replies = await chat.press(ALICE, "Analysis")
    assert progress_of(replies).text == f"Analysing game 1 of {match.number}…"
    _, result = result_of(await follow(chat))
    assert isinstance(result[0], EditProgress)
    assert "Alice: PR" in result[0].text and "Bob: PR" in result[0].text
    assert [r.name for r in result if isinstance(r, SendFile)] == ["match.mat"]


async def test_the_same_update_delivered_again_is_not_analysed_again(
    worker: ComputerWorker,
) -> None:
    chat = await played(worker, 2, "-1712", "1")
    progress_of(await chat.send(ALICE, "analysis", update_id="asked"))
    # Delivered again while it runs: under way; once it is done: made already.
    assert texts(await chat.send(ALICE, "analysis", update_id="asked")) == t("en", "analysis-busy")
    _, result = result_of(await follow(chat))
    assert isinstance(result[0], EditProgress) and "Alice: PR " in result[0].text
    assert texts(await chat.send(ALICE, "analysis", update_id="asked")) == t("en", "analysis-again")
    assert await follow(chat) == []  # nothing was started
    # Asked anew (another update), it is shown again at once, and only once for that update.
    again = await chat.send(ALICE, "analysis", update_id="asked anew")
    assert isinstance(again[0], SendText) and again[0].text == result[0].text
    assert await follow(chat) == []
    assert texts(await chat.send(ALICE, "analysis", update_id="asked anew")) == t(
        "en", "analysis-again"
    )


async def test_a_cancelled_analysis_gives_its_claim_back(worker: ComputerWorker) -> None:
    store = MemoryStore()
    key = TableKey("telegram", "-1713")
    chat = Chat(App(store, dice=Dice(7), analyser=worker, progress_every=0.0), key)
    await new_match(chat, "3")
    await play_by_text(chat, USERS, lambda m: m.is_over)
    progress_of(await chat.send(ALICE, "analysis"))
    other = App(store, analyser=worker)  # another process of the deployment
    assert texts(await Chat(other, key).send(BOB, "analysis")) == t("en", "analysis-busy")
    # Cancelled while the worker analyses its first game (the adapter stopping): the claim
    # is given back.
    batches = chat.app.progress(key)
    following = asyncio.ensure_future(anext(batches))
    for _ in range(5):  # it starts, hands the first game to the worker and waits for it
        await asyncio.sleep(0)
    assert not following.done()
    following.cancel()
    with pytest.raises(asyncio.CancelledError):
        await following
    assert await claim(store, key)
    await release(store, key)
    # Both processes may analyse the chat again at once.
    progress_of(await Chat(other, key).send(BOB, "analysis"))
    await other.forgo_progress(key)  # posted, never followed: given back as well
    progress_of(await chat.send(ALICE, "analysis"))
    _, result = result_of(await follow(chat))
    assert isinstance(result[0], EditProgress) and "Alice: PR " in result[0].text


MATCH5 = Path(__file__).parent / "data" / "mat" / "match5.mat"  # GNU Backgammon 1.07 wrote it


@pytest.mark.parametrize("kind", ["memory", "redis"])
async def test_an_imported_match_is_analysed_and_shown_again_in_any_process(
    worker: ComputerWorker, kind: str, request: pytest.FixtureRequest
) -> None:
    data = MATCH5.read_bytes()
    imported = Match.from_mat(data.decode())
    async with open_store(kind, request) as store:
        key = TableKey("telegram", "1721")
        chat = Chat(App(store, dice=Dice(1), analyser=worker, progress_every=0.0), key)
        await chat.send(ALICE, "/import", attachment=Attachment("match5.mat", len(data), data))
        assert chat.labels() == ["Replay", "Export .mat", "Analysis"]
        replies = await chat.press(ALICE, "Analysis")
        assert progress_of(replies).text == f"Analysing game 1 of {imported.number}…"
        _, result = result_of(await follow(chat))
        summary = result[0]
        assert isinstance(summary, EditProgress)
        theirs = analyse_match(imported, worker.analysis_ply)
        for seat, name in enumerate(("gnubg", "root")):
            mine = theirs.summary(seat)
            assert f"{name}: PR {mine.pr:.1f}, unforced decisions: {mine.unforced}" in (
                summary.text
            )
        # Pressed again, in another process of the deployment: shown at once, not made again.
        other = Chat(App(store, analyser=worker), key)
        mid, button = chat.find("Analysis")
        again = await other.send(ALICE, button=button.payload, message=mid)
        assert not [r for r in again if isinstance(r, Progress)]
        assert isinstance(again[0], SendText) and again[0].text == summary.text
        assert [batch async for batch in other.app.progress(key)] == []
        # ``analysis`` typed where no game was finished analyses the sender's import.
        typed = await Chat(other.app, TableKey("telegram", "1722")).send(ALICE, "analysis")
        assert isinstance(typed[0], SendText) and typed[0].text == summary.text
        nothing = await Chat(other.app, TableKey("telegram", "1723")).send(EVE, "analysis")
        assert texts(nothing) == t("en", "analysis-nothing")


async def test_an_analysis_whose_message_is_slow_to_post_does_not_lapse(
    worker: ComputerWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of asks in a busy group: the progress message waits on the chat's rate limit
    longer than an unfollowed analysis is held.  Once its adapter began to post it, every
    other ask is told it is under way — one analysis a chat, whatever the burst."""
    from bot.app import jobs

    monkeypatch.setattr(jobs, "FOLLOW_WITHIN", 0.0)  # the post takes longer than that
    chat = await played(worker, 2, "-1731", "1")
    progress_of(await chat.send(ALICE, "analysis"))
    chat.app.begin_progress(chat.key)  # the adapter posts the progress message: slowly
    for n in range(5):
        answer = await chat.send(BOB, "analysis", update_id=f"burst-{n}")
        assert texts(answer) == t("en", "analysis-busy")
    _, result = result_of(await follow(chat))
    assert isinstance(result[0], EditProgress) and "Alice: PR " in result[0].text
