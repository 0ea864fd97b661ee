"""The keyboards of a frugal table's moves (:mod:`bot.app.group`) over whole random games of
both variants: every legal play is offered whole (when there are few) or can be entered from the
turn's one keyboard of steps, pressed in order, and nothing else can."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from bot.app import group
from bot.app.context import Refused
from bot.app.payload import parse_payload
from bot.i18n import t
from engine.game import Game, Phase
from engine.notation import parse_play
from engine.steps import apply_steps


def tr(message_id: str, **params: object) -> str:
    return t("en", message_id, **params)


def turns(variant: str, seed: int, games: int = 3) -> Iterator[Game]:
    """Every turn of ``games`` random games (the game with the dice rolled, no step made)."""
    rng = random.Random(seed)
    for _ in range(games):
        game = Game.new(variant=variant)
        while not game.is_over:
            if game.phase in (Phase.OPENING, Phase.ROLL):
                assert game.turn is not None or game.phase is Phase.OPENING
                game = game.roll(0 if game.turn is None else game.turn, lambda: rng.randint(1, 6))
                continue
            assert game.phase is Phase.MOVE and game.turn is not None
            yield game
            plays = game.builder.legal_plays
            game = game.play(game.turn, rng.choice(plays)) if plays else game.confirm(game.turn)


def result(game: Game, steps: object) -> object:
    return apply_steps(game.position, tuple(steps))  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["backgammon", "long_nardy"])
def test_every_legal_play_is_offered_and_nothing_else(variant: str) -> None:
    modes: set[str] = set()
    for game in turns(variant, seed=3):
        assert game.turn is not None and game.dice is not None
        legal = game.builder.legal_plays
        targets = {result(game, p.steps) for p in legal}
        kind = group.mode(game)
        modes.add(kind)
        rows = group.move_keyboard(tr, game, 7)
        if kind == "plays":
            assert len(legal) <= group.ONE_PRESS_PLAYS and rows is not None
            buttons = [b for row in rows for b in row]
            offered = group.choices(game)
            assert len(buttons) == len(offered) == len(legal)
            assert {result(game, p.steps) for p in offered} == targets
            for i, button in enumerate(buttons):
                payload = parse_payload(button.payload)
                assert (payload.action, payload.args, payload.version) == ("choose", (i,), 7)
                # The label reads back as the play it makes.
                play = parse_play(game.position, game.dice, button.label)
                assert result(game, play.steps) == result(game, offered[i].steps)
                assert group.chosen(game, (i,)) == offered[i]
            for forged in [(len(buttons),), (-1,), ()]:
                with pytest.raises(Refused) as refused:
                    group.chosen(game, forged)
                assert refused.value.message_id == "error-play-not-offered"
            continue
        with pytest.raises(Refused):
            group.chosen(game, (0,))  # no play is offered whole in this turn
        if kind == "edit":
            assert rows is None and len(group.turn_steps(game)) > group.MAX_TURN_STEPS
            continue
        assert rows is not None and group.move_hint(tr, game) == tr("group-steps-hint")
        keyboard = {
            tuple(parse_payload(b.payload).args)
            for row in rows
            for b in row
            if parse_payload(b.payload).action == "step"
        }
        assert rows[-1][0].label == tr("button-undo")
        assert len(keyboard) <= group.MAX_TURN_STEPS
        # Each legal play, its steps pressed in order on the one keyboard, is made.
        for play in legal:
            built = game
            for step in play.steps:
                assert (step.frm, step.to) in keyboard
                built = built.add_step(game.turn, (step.frm, step.to))
                assert group.quiet(built)
            assert built.builder.is_complete
            assert result(game, built.steps) == result(game, play.steps)
        # Every step on the keyboard is the first step of a legal play, or a later one.
        steps_of_plays = {(s.frm, s.to) for p in legal for s in p.steps}
        assert keyboard == steps_of_plays
    assert {"plays", "steps"} <= modes


def test_progress_says_the_play_so_far_and_the_dice_left() -> None:
    game = next(g for g in turns("backgammon", seed=5) if group.mode(g) == "steps")
    assert game.turn is not None and game.dice is not None
    first = game.builder.legal_plays[0].steps[0]
    built = game.add_step(game.turn, (first.frm, first.to))
    left = " ".join(str(d) for d in built.builder.dice_left)
    assert group.progress(tr, built) == tr("group-step-made", play=first.notation(), dice=left)
    assert group.progress(tr, built.undo(game.turn)) == tr("group-step-none")
