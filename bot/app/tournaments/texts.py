"""What a tournament says in its chat: its one message (the sign-up list with Join / Leave /
Start, then the standings with the round's games), the pairings once a round, the champion.

Every word goes through the catalogue (``tr``); names are the ones the players signed up with.
The standings message stays within one message of any platform: the table shows the first
:data:`MAX_ROWS` places, the round's games the first :data:`MAX_GAMES` still in play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.app.pairing import TIE_BREAKS, Placing
from bot.app.payload import Payload, format_payload
from bot.app.timing import duration
from bot.app.tournaments.event import EventGame, Tournament
from bot.app.types import Button, Keyboard

Tr = Callable[..., str]

MAX_ROWS = 40
"""Places the standings message shows (the event's page shows them all)."""

MAX_GAMES = 24
"""Games in play the standings message lists."""


def describe(tr: Tr, event: Tournament) -> str:
    """``Swiss · backgammon · 1-point matches · 5 rounds · …``: the event's terms in a line."""
    terms = event.terms
    parts = [tr(f"tournament-format-{terms.format}")]
    parts.append(tr("tournament-variant", variant=terms.variant.split("_home")[0]))
    parts.append(tr("tournament-length", length=terms.length))
    if terms.format == "arena":
        parts.append(tr("tournament-minutes", minutes=terms.minutes))
    elif terms.format == "swiss" and terms.rounds:
        parts.append(tr("tournament-rounds", count=terms.rounds))
    elif terms.format == "roundrobin" and terms.rounds > 1:
        parts.append(tr("tournament-cycles", count=terms.rounds))
    parts.append(tr("tournament-clock", clock=duration(tr, terms.clock)))
    if terms.format != "arena":
        parts.append(tr("tournament-round-time", time=duration(tr, terms.round_seconds)))
    parts.append(tr("tournament-rated" if terms.rated else "tournament-unrated"))
    return " · ".join(parts)


def _title(tr: Tr, event: Tournament) -> str:
    return tr("tournament-title", id=event.id) + "\n" + describe(tr, event)


def signup_buttons(tr: Tr, event: Tournament) -> Keyboard:
    """Join / Leave, and Start for the organiser, under the sign-up message."""
    v = event.version
    row = (
        Button(tr("tournament-button-join"), format_payload(Payload("tjoin", (), v))),
        Button(tr("tournament-button-leave"), format_payload(Payload("tleave", (), v))),
        Button(tr("tournament-button-start"), format_payload(Payload("tstart", (), v))),
    )
    return (row,)


def message(tr: Tr, event: Tournament, now: float) -> tuple[str, Keyboard]:
    """The event's one message as it stands, with its buttons."""
    if event.status == "signup":
        return signup_text(tr, event, now), signup_buttons(tr, event)
    buttons: Keyboard = ()
    if event.terms.format == "arena" and event.open:
        buttons = (
            (
                Button(tr("tournament-button-join"), format_payload(Payload("tjoin", (), 0))),
                Button(tr("tournament-button-leave"), format_payload(Payload("tleave", (), 0))),
            ),
        )
    return standings_text(tr, event, now), buttons


def signup_text(tr: Tr, event: Tournament, now: float) -> str:
    lines = [_title(tr, event), ""]
    if event.terms.starts_at is not None:
        left = max(60, int(event.terms.starts_at - now))
        lines.append(tr("tournament-starts-in", time=duration(tr, left)))
    else:
        lines.append(tr("tournament-starts-by-organiser"))
    lines.append(tr("tournament-signed-up", count=len(event.active), most=event.terms.max_players))
    for i, entry in enumerate(event.active, 1):
        lines.append(tr("tournament-entry", place=i, name=entry.name, rating=round(entry.rating)))
    lines.append("")
    lines.append(tr("tournament-private-note", platform=_platform(event)))
    return "\n".join(lines)


def standings_text(tr: Tr, event: Tournament, now: float, *, rows: int = MAX_ROWS) -> str:
    """The standings (the bracket of a knockout), then the round's games and its deadline."""
    lines = [_title(tr, event), "", status_line(tr, event, now)]
    fmt = event.terms.format
    if event.plan is None:
        return "\n".join(lines)
    lines.append("")
    if fmt == "knockout":
        lines += bracket_lines(tr, event)
    elif fmt == "arena":
        for placing in event.arena().standings()[:rows]:
            key = "tournament-arena-row-streak" if placing.on_streak else "tournament-arena-row"
            lines.append(
                tr(
                    key,
                    place=placing.place,
                    name=event.name_of(placing.player),
                    points=placing.points,
                    games=placing.games,
                    wins=placing.wins,
                )
            )
    else:
        table = event.swiss().standings() if fmt == "swiss" else event.roundrobin().standings()
        lines.append(
            tr("tournament-tiebreaks", names=", ".join(tr(f"tiebreak-{n}") for n in TIE_BREAKS))
        )
        for line in table[:rows]:
            lines.append(row(tr, event, line))
        if len(table) > rows:
            lines.append(tr("tournament-more-rows", count=len(table) - rows))
    playing = [g for g in event.current_games() if g.result is None]
    if playing and fmt != "knockout":
        lines.append("")
        lines.append(tr("tournament-in-play", count=len(playing)))
        for game in playing[:MAX_GAMES]:
            lines.append(game_line(tr, event, game))
    return "\n".join(lines)


def row(tr: Tr, event: Tournament, placing: Placing) -> str:
    """One line of a Swiss or round-robin table, with its tie-breaks."""
    key = "tournament-row-out" if placing.withdrawn else "tournament-row"
    return tr(
        key,
        place=placing.place,
        name=event.name_of(placing.player),
        score=placing.score,
        cut=placing.buchholz_cut1,
        buchholz=placing.buchholz,
        sb=placing.sonneborn_berger,
        direct=placing.direct,
    )


def status_line(tr: Tr, event: Tournament, now: float) -> str:
    if event.status == "over":
        champion = champion_of(event)
        if champion is None:
            return tr("tournament-status-over")
        return tr("tournament-status-champion", name=event.name_of(champion))
    if event.status == "cancelled":
        return tr("tournament-status-cancelled")
    if event.status == "paused":
        return tr("tournament-status-paused")
    if event.terms.format == "arena" and event.plan is not None:
        left = max(0, int(event.arena().ends_at - now))
        return tr("tournament-arena-left", time=duration(tr, max(60, left)))
    done = sum(1 for g in event.current_games() if g.result is not None)
    total = len(event.current_games())
    left = max(60, int((event.deadline or now) - now))
    return tr(
        "tournament-status-round",
        round=event.round,
        rounds=event.total_rounds(),
        done=done,
        total=total,
        time=duration(tr, left),
    )


def bracket_lines(tr: Tr, event: Tournament) -> list[str]:
    """A knockout's rounds: each match with its winner, byes and forfeits named so."""
    lines: list[str] = []
    knockout = event.knockout()
    for number, matches in enumerate(knockout.rounds, 1):
        lines.append(tr("tournament-round-heading", round=number))
        for match in matches:
            a, b = match.players
            if a is None or b is None:
                present = a if a is not None else b
                if present is not None:
                    lines.append(tr("tournament-bye", name=event.name_of(present)))
                continue
            lines.append(_result_line(tr, event, a, b, match.result))
    return lines


def _result_line(tr: Tr, event: Tournament, a: str, b: str, result: Any) -> str:
    names = {"first": event.name_of(a), "second": event.name_of(b)}
    if result is None:
        return tr("tournament-pair-open", **names)
    winner = event.name_of(result.winner) if result.winner is not None else ""
    if result.forfeit:
        return tr("tournament-pair-forfeit", winner=winner, **names)
    if result.winner is None:
        return tr("tournament-pair-draw", **names)
    return tr("tournament-pair-won", winner=winner, **names)


def game_line(tr: Tr, event: Tournament, game: EventGame) -> str:
    a, b = game.players
    return _result_line(tr, event, a, b, game.result)


def pairings_text(tr: Tr, event: Tournament, games: list[EventGame], byes: list[str]) -> str:
    """The pairings of a round (an arena's pairings are not announced: they never stop)."""
    lines = [tr("tournament-pairings", round=event.round, rounds=event.total_rounds())]
    for game in games:
        a, b = game.players
        lines.append(
            tr("tournament-pairing", board=game.board, first=event.name_of(a),
               second=event.name_of(b))
        )  # fmt: skip
    for bye in byes:
        lines.append(tr("tournament-bye", name=event.name_of(bye)))
    lines.append(tr("tournament-where", platform=_platform(event)))
    return "\n".join(lines)


def _platform(event: Tournament) -> str:
    """The platform of the event's chat (where its games are played depends on it)."""
    return event.home.partition(":")[0]


def champion_of(event: Tournament) -> str | None:
    """Who won the event (``None``: cancelled, or nobody played)."""
    if event.plan is None or event.status != "over":
        return None
    fmt = event.terms.format
    if fmt == "knockout":
        return event.knockout().champion
    if fmt == "arena":
        table = event.arena().standings()
        return table[0].player if table and table[0].games else None
    placings = event.swiss().standings() if fmt == "swiss" else event.roundrobin().standings()
    return placings[0].player if placings else None


def byes_of(event: Tournament) -> list[str]:
    """The players with a bye in the round paired last."""
    if event.plan is None:
        return []
    if event.terms.format == "swiss":
        rounds = event.swiss().rounds
        return [rounds[-1].bye] if rounds and rounds[-1].bye is not None else []
    if event.terms.format == "knockout":
        current = event.knockout().current
        out: list[str] = []
        for match in current:
            present = match.present
            if len(present) == 1 and match.result is None:
                out.append(present[0])
        return out
    if event.terms.format == "roundrobin":
        playing = {p for g in event.current_games() for p in g.players}
        return [e.ref for e in event.active if e.ref not in playing][:1]
    return []
