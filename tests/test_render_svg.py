"""The SVG board: what it draws (read back from its data attributes) equals the engine state.

Positions come from random games of both variants played with :func:`engine.legal_plays`, drawn
from both seats and both orientations.  The expected counts are computed here from the RULES.md
point mappings, independently of the renderer's own placement code.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from engine import Play, Position, Step, legal_plays
from engine.chouette import BOX, Chouette
from engine.game import VARIANTS as GAME_VARIANTS
from engine.game import Game, Phase, find_variant
from engine.nardy import LongNardyPosition
from renderers import (
    DARK,
    LIGHT,
    BoardView,
    ChouetteMember,
    ChouetteView,
    CubeView,
    LastPlay,
    MatchScore,
    MoneyScore,
    Orientation,
    RenderError,
    Theme,
    home_side,
    render_svg,
)

NS = "{http://www.w3.org/2000/svg}"
VARIANTS: tuple[type[Position], ...] = (Position, LongNardyPosition)
ORIENTATIONS: tuple[Orientation, ...] = ("right", "left")


def opponent_point(cls: type[Position], q: int) -> int:
    """RULES.md: the opponent's point q in the viewer's numbering."""
    if issubclass(cls, LongNardyPosition):
        return ((q + 11) % 24) + 1
    return 25 - q


def random_views(seed: int, cls: type[Position], count: int) -> Iterator[BoardView]:
    """Views of positions reached in random games, with the dice, cube and last play."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        pos = cls.initial()
        seat = rng.randrange(2)  # on roll
        last: LastPlay | None = None
        for _ in range(rng.randrange(1, 120)):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            cube = rng.choice(
                [
                    CubeView(),
                    CubeView(2, owner=rng.randrange(2)),
                    CubeView(4, offered_by=rng.randrange(2)),
                    CubeView(dead=True),
                ]
            )
            score = rng.choice([None, MatchScore(7, (rng.randrange(7), 6)), MoneyScore((3, -3))])
            yield BoardView.seated(
                pos,
                on_roll=seat,
                names=("Ann", "Борис"),
                colors=rng.choice([(0, 1), (1, 0)]),
                dice=None if cube.offered_by is not None else dice,
                cube=cube,
                score=score,
                last_play=last,
            )
            made += 1
            if made >= count:
                return
            plays = legal_plays(pos, dice)
            play = rng.choice(plays) if plays else Play(())
            pos = pos.after(play)
            last = LastPlay(seat, play.steps)
            seat = 1 - seat
            if pos.off()[1] == 15:
                break


def expected_points(view: BoardView, viewer: int) -> dict[int, tuple[str, int]]:
    """The viewer's point -> (side, count) computed from the seats' own counts."""
    cls = type(view.position)
    mine, theirs = view.side(viewer), view.side(1 - viewer)
    points: dict[int, tuple[str, int]] = {}
    for p in range(1, 25):
        if mine[p - 1]:
            points[p] = ("viewer", mine[p - 1])
    for q in range(1, 25):
        if theirs[q - 1]:
            p = opponent_point(cls, q)
            assert p not in points
            points[p] = ("opponent", theirs[q - 1])
    return points


def pips(side: tuple[int, ...]) -> int:
    return sum(n * (i + 1) for i, n in enumerate(side))


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def drawn_points(root: ET.Element) -> dict[int, tuple[str, int]]:
    """Each point group's side and count, checking the circles and the stack count agree."""
    found: dict[int, tuple[str, int]] = {}
    for g in root.iter(f"{NS}g"):
        if "data-point" not in g.attrib:
            continue
        p, n = int(g.attrib["data-point"]), int(g.attrib["data-count"])
        circles = [c for c in g.iter(f"{NS}circle") if c.get("class") == "checker"]
        assert len(circles) == min(n, 5), (p, n)
        counts = [t.text for t in g.iter(f"{NS}text") if t.get("data-stack-count")]
        assert counts == ([str(n)] if n > 5 else []), (p, n, counts)
        assert p not in found
        found[p] = (g.attrib["data-side"], n)
    return found


def one(root: ET.Element, attr: str, value: str | None = None) -> ET.Element:
    hits = [
        e for e in root.iter() if attr in e.attrib and (value is None or e.attrib[attr] == value)
    ]
    assert len(hits) == 1, (attr, value, len(hits))
    return hits[0]


def check_view(view: BoardView, viewer: int, orientation: Orientation) -> None:
    svg = render_svg(view, viewer=viewer, orientation=orientation)
    root = parse(svg)
    other = 1 - viewer
    assert root.attrib["data-viewer"] == str(viewer)
    assert root.attrib["data-variant"] == type(view.position).ruleset.name
    assert drawn_points(root) == expected_points(view, viewer)
    mine, theirs = view.side(viewer), view.side(1 - viewer)
    for who, side in (("viewer", mine), ("opponent", theirs)):
        bar = one(root, "data-bar", who)
        assert int(bar.attrib["data-count"]) == side[24]
        off = one(root, "data-off", who)
        assert int(off.attrib["data-count"]) == 15 - sum(side)
        assert len([r for r in off.iter() if r.get("class") == "off-checker"]) == 15 - sum(side)
        assert one(root, "data-pips", who).text == str(pips(side))
    assert one(root, "data-name", "viewer").text == view.names[viewer]
    assert one(root, "data-name", "opponent").text == view.names[other]
    cube = view.cube
    assert cube is not None
    g = one(root, "data-cube")
    assert g.attrib["data-cube"] == str(cube.value)
    if cube.dead:
        assert g.attrib.get("data-crawford") == "1"
    elif cube.offered_by is not None:
        by = "viewer" if cube.offered_by == viewer else "opponent"
        assert g.attrib["data-cube-at"] == f"offered-by-{by}"
    elif cube.owner is not None:
        assert g.attrib["data-cube-at"] == ("viewer" if cube.owner == viewer else "opponent")
    else:
        assert g.attrib["data-cube-at"] == "centre"
    if view.dice is not None:
        dice = one(root, "data-dice")
        assert dice.attrib["data-dice"] == f"{view.dice[0]} {view.dice[1]}"
        assert dice.attrib["data-roller"] == ("viewer" if view.turn == viewer else "opponent")
        faces = [d.attrib["data-die"] for d in dice.iter() if "data-die" in d.attrib]
        assert faces == [str(view.dice[0]), str(view.dice[1])]
    else:
        assert not [e for e in root.iter() if "data-dice" in e.attrib]
    if isinstance(view.score, MatchScore):
        assert one(root, "data-score", "viewer").text == str(view.score.score[viewer])
    check_geometry(root, orientation)


def check_geometry(root: ET.Element, orientation: str) -> None:
    """Numbers sit over their points; home bottom right (or left); 13-24 along the top."""
    numbers = {
        int(t.attrib["data-number"]): t for t in root.iter(f"{NS}text") if "data-number" in t.attrib
    }
    assert sorted(numbers) == list(range(1, 25))
    xs = {p: float(t.attrib["x"]) for p, t in numbers.items()}
    ys = {p: float(t.attrib["y"]) for p, t in numbers.items()}
    assert all(ys[p] < ys[1] for p in range(13, 25))
    home_right = orientation == "right"
    for p in range(1, 6):
        assert (xs[p] > xs[p + 1]) == home_right
    assert (xs[1] > 640) == home_right and (xs[24] > 640) == home_right
    for g in root.iter(f"{NS}g"):
        if "data-point" in g.attrib:
            p = int(g.attrib["data-point"])
            for c in g.iter(f"{NS}circle"):
                assert float(c.attrib["cx"]) == xs[p]
                assert (float(c.attrib["cy"]) < 563) == (p >= 13)


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.ruleset.name)
def test_random_positions_both_viewers_and_orientations(cls: type[Position]) -> None:
    views = list(random_views(7 if cls is Position else 11, cls, 60))
    assert len(views) == 60
    for view in views:
        for viewer in (0, 1):
            for orientation in ORIENTATIONS:
                check_view(view, viewer, orientation)


def test_long_nardy_heads_in_opposite_corners() -> None:
    view = BoardView.seated(LongNardyPosition.initial(), on_roll=0, names=("A", "B"))
    root = parse(render_svg(view, viewer=0))
    points = drawn_points(root)
    assert points == {24: ("viewer", 15), 12: ("opponent", 15)}
    assert root.attrib["data-variant"] == "long_nardy"
    assert not [e for e in root.iter() if e.get("data-bar") and e.get("data-count") != "0"]


def test_last_play_marks_in_viewer_numbering() -> None:
    start = Position.from_points(
        {13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {6: 4, 8: 3, 13: 5, 24: 2, 22: 1}
    )
    play = Play((Step(13, 7), Step(6, 5)))
    assert any(start.after(p) == start.after(play) for p in legal_plays(start, (6, 1)))
    view = BoardView.seated(start.after(play), on_roll=1, last_play=LastPlay(0, play.steps))
    for viewer, expect_from, expect_to in ((0, {13, 6}, {7, 5}), (1, {12, 19}, {18, 20})):
        root = parse(render_svg(view, viewer=viewer))
        froms = {
            int(e.attrib["data-mark-point"]) for e in root.iter() if e.get("data-mark") == "from"
        }
        tos = {int(e.attrib["data-point"]) for e in root.iter() if e.get("data-mark") == "to"}
        assert froms == expect_from
        assert tos == expect_to


def test_hit_is_marked() -> None:
    start = Position.from_points(
        {13: 2, 6: 5, 8: 3, 24: 2, 2: 3}, {6: 4, 8: 3, 13: 5, 24: 2, 20: 1}
    )
    plays = legal_plays(start, (6, 2))
    hit = next(p for p in plays if any(s.hit for s in p.steps))
    view = BoardView.seated(start.after(hit), on_roll=1, last_play=LastPlay(0, hit.steps))
    root = parse(render_svg(view, viewer=0))
    hit_points = {int(e.attrib["data-point"]) for e in root.iter() if e.get("data-hit") == "1"}
    assert hit_points == {s.to for s in hit.steps if s.hit}
    assert one(root, "data-bar", "opponent").attrib["data-count"] == "1"


def test_opening_dice_and_turn() -> None:
    view = BoardView(Position.initial(), names=("A", "B"), opening=(5, 2))
    root = parse(render_svg(view, viewer=1))
    dice = {
        e.attrib["data-roller"]: e.attrib["data-opening-die"]
        for e in root.iter()
        if "data-opening-die" in e.attrib
    }
    assert dice == {"viewer": "2", "opponent": "5"}
    assert root.attrib["data-turn"] == "none"
    on_roll = BoardView.seated(Position.initial(), on_roll=1, dice=(6, 4))
    root = parse(render_svg(on_roll, viewer=0))
    assert root.attrib["data-turn"] == "opponent"
    assert one(root, "data-strip", "opponent").attrib["data-on-roll"] == "1"
    assert one(root, "data-turn-marker", "opponent") is not None


def test_viewer_defaults_to_seat_on_roll() -> None:
    view = BoardView.seated(Position.initial(), on_roll=1, dice=(6, 4))
    assert parse(render_svg(view)).attrib["data-viewer"] == "1"


def test_crawford_and_match_labels_are_parameters() -> None:
    view = BoardView.seated(
        Position.initial(),
        on_roll=0,
        cube=CubeView(dead=True),
        score=MatchScore(5, (4, 2), crawford=True),
    )
    svg = render_svg(view, labels={"crawford": "Кроуфорд", "match": "Матч до {length}"})
    texts = [t.text or "" for t in parse(svg).iter(f"{NS}text")]
    assert "Кроуфорд" in texts
    assert any("Матч до 5" in t and "Кроуфорд" in t for t in texts)
    assert "Crawford" not in svg


def test_chouette_roster() -> None:
    roster = ChouetteView(
        box="Box",
        team=(ChouetteMember("Cap"), ChouetteMember("Two", in_game=False), ChouetteMember("Three")),
        captain=0,
    )
    view = BoardView.seated(Position.initial(), on_roll=0, names=("Cap", "Box"), chouette=roster)
    root = parse(render_svg(view))
    members = {
        e.attrib["data-member"]: (e.attrib["data-in-game"], e.attrib["data-captain"])
        for e in root.iter()
        if "data-member" in e.attrib
    }
    assert members == {"Cap": ("1", "1"), "Two": ("0", "0"), "Three": ("1", "0")}
    assert one(root, "data-box").attrib["data-box"] == "Box"
    assert int(root.attrib["height"]) > int(
        parse(render_svg(BoardView(Position.initial()))).attrib["height"]
    )


def test_names_are_escaped() -> None:
    view = BoardView(Position.initial(), names=("<b>&", 'q"'))
    root = parse(render_svg(view, viewer=0))
    assert one(root, "data-name", "viewer").text == "<b>&"


def test_bad_inputs_raise() -> None:
    with pytest.raises(RenderError):
        render_svg(BoardView(Position.initial()), viewer=2)
    with pytest.raises(RenderError):
        render_svg(BoardView(Position.initial()), theme="sepia")
    with pytest.raises(RenderError):
        render_svg(BoardView(Position.initial()), orientation="up")  # type: ignore[arg-type]
    with pytest.raises(RenderError):
        BoardView(Position.initial(), turn=0, dice=(7, 1))
    with pytest.raises(RenderError):
        CubeView(value=0)


def play_random_game(seed: int, variant: str, plies: int) -> list[Game]:
    """Every state of a game played with random dice and random legal plays."""
    rng = random.Random(seed)

    def die() -> int:
        return rng.randint(1, 6)

    game = Game.new(variant, match_length=5 if variant == "backgammon" else 0)
    states = [game]
    while not game.is_over and len(states) < plies:
        if game.phase is Phase.OPENING:
            game = game.roll(0, die)
        elif game.phase is Phase.ROLL:
            turn = game.turn
            assert turn is not None
            if "double" in game.allowed(turn) and rng.random() < 0.1:
                game = game.double(turn)
                states.append(game)
                game = game.take(1 - turn)
            else:
                game = game.roll(turn, die)
        elif game.phase is Phase.MOVE:
            assert game.turn is not None
            plays = game.builder.legal_plays
            play = rng.choice(plays) if plays else Play(())
            if play.steps:
                states.append(game.add_step(game.turn, play.steps[0]))
            game = game.play(game.turn, play)
        else:
            break
        states.append(game)
    return states


@pytest.mark.parametrize("variant", sorted(GAME_VARIANTS))
def test_from_game_matches_the_game(variant: str) -> None:
    states = play_random_game(5, variant, 120)
    openings = [
        s
        for s in states[:4]
        if s.phase is Phase.ROLL and s.log[-1:] and s.log[-1].action == "opening"
    ]
    # where the opening roll is not played, the board shows each player's opening die
    assert bool(openings) == (not find_variant(variant).opening_plays_both)
    for state in openings:
        view = BoardView.from_game(state)
        assert view.opening == tuple(state.log[-1].value[:2])
        assert view.dice is None
    for state in states[::3]:
        view = BoardView.from_game(state, names=("Ann", "Bo"))
        for viewer in (0, 1):
            root = parse(render_svg(view, viewer=viewer))
            board = state.board(viewer)
            assert view.side(viewer) == board.player
            assert drawn_points(root) == expected_points(view, viewer)
            if state.phase is Phase.MOVE and state.dice is not None:
                assert one(root, "data-dice").attrib["data-dice"] == "{} {}".format(*state.dice)
            cube = [e for e in root.iter() if "data-cube" in e.attrib]
            if state.cube_in_play:
                assert cube[0].attrib["data-cube"] == str(
                    state.cube.next_value(state.options)
                    if state.phase is Phase.DOUBLED
                    else state.cube.value
                )
            else:
                assert cube == []
            moves = [e for e in state.log if e.action == "move"]
            if state.steps or moves:
                assert view.last_play is not None
                if not state.steps:
                    assert moves[-1].player == view.last_play.seat
                    flat = tuple(n for s in view.last_play.steps for n in (s.frm, s.to))
                    assert flat == tuple(moves[-1].value[1:])
                    hits = str(moves[-1].value[0]).count("*")
                    assert sum(s.hit for s in view.last_play.steps) == hits


def test_from_chouette_shows_box_captain_and_team() -> None:
    dice = iter([6, 5, 4, 3, 3, 1])
    chouette = Chouette.start(["Ann", "Bo", "Cy", "Di"], lambda: next(dice)).new_game()
    view = BoardView.from_chouette(chouette)
    assert view.chouette is not None
    current = chouette.current
    assert current is not None
    assert view.names[BOX] == current.box
    assert view.chouette.box == current.box
    assert [m.name for m in view.chouette.team] == [m.name for m in current.members]
    assert view.chouette.team[view.chouette.captain].name == current.captain
    root = parse(render_svg(view))
    assert one(root, "data-captain-name").attrib["data-captain-name"] == current.captain
    with pytest.raises(RenderError):
        seating = iter([6, 5, 4])
        BoardView.from_chouette(Chouette.start(["Ann", "Bo", "Cy"], lambda: next(seating)))


def test_side_swap_per_game() -> None:
    assert [home_side(n, swap_each_game=False) for n in (1, 2, 3)] == ["right"] * 3
    assert [home_side(n, "left", swap_each_game=True) for n in (1, 2, 3, 4)] == [
        "left",
        "right",
        "left",
        "right",
    ]
    view = BoardView.seated(Position.initial(), on_roll=0)
    for game_number in (1, 2):
        side = home_side(game_number, swap_each_game=True)
        root = parse(render_svg(view, orientation=side))
        assert root.attrib["data-orientation"] == side
        check_geometry(root, side)


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=lambda t: t.name)
def test_checker_colours_differ_in_luminance(theme: Theme) -> None:
    """Told apart without colour vision: the two fills differ in lightness, and each checker's
    fill or rim stands out from the field and both point colours."""
    light, dark = theme.checkers
    assert contrast(light.fill, dark.fill) >= 3
    for checker in theme.checkers:
        for ground in (theme.field, theme.point_a, theme.point_b):
            assert max(contrast(checker.fill, ground), contrast(checker.rim, ground)) >= 3
        # counts on checkers are large bold text: WCAG asks 3:1 for it
        assert contrast(checker.ink, checker.fill) >= 3


def strings(root: ET.Element) -> list[tuple[tuple[tuple[str, str], ...], str]]:
    """Every string drawn, with its data attributes: ``<text>`` content or an outline's label."""
    found = []
    for e in root.iter():
        if e.tag == f"{NS}text":
            content = e.text or ""
        elif e.tag == f"{NS}g" and "aria-label" in e.attrib:
            content = e.attrib["aria-label"]
        else:
            continue
        data = tuple(sorted((k, v) for k, v in e.attrib.items() if k.startswith("data-")))
        found.append((data, content))
    return found


@pytest.mark.parametrize("cls", VARIANTS, ids=lambda c: c.ruleset.name)
def test_text_as_paths_draws_the_same_strings(cls: type[Position]) -> None:
    """Outlined, every string keeps its data attributes and its text (as ``aria-label``)."""
    for view in random_views(5, cls, 12):
        for orientation in ORIENTATIONS:
            plain = parse(render_svg(view, orientation=orientation))
            outlined = parse(render_svg(view, orientation=orientation, text_as_paths=True))
            assert not list(outlined.iter(f"{NS}text"))
            assert strings(outlined) == strings(plain)


def test_text_that_needs_shaping_is_left_to_the_rasteriser() -> None:
    names = ("عمر", "Zoë\u0301", "🎲 Ann", "Ivan")  # right-to-left, combining mark, emoji, plain
    for name in names:
        view = BoardView.seated(Position.initial(), on_roll=0, names=(name, "Bob"))
        root = parse(render_svg(view, viewer=0, text_as_paths=True))
        element = one(root, "data-name", "viewer")
        if name == "Ivan":
            assert element.tag == f"{NS}g" and element.attrib["aria-label"] == name
        else:
            assert element.tag == f"{NS}text" and element.text == name
