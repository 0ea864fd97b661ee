"""When a puzzle comes back: SM-2 (P. Woźniak's SuperMemo 2 algorithm, 1987), as pure functions,
with a short relearning step for a puzzle missed.

Each puzzle a player keeps has a :class:`Schedule`: when it is due, the interval it was last
given (days), its *ease* (how fast the intervals grow, 2.5 to begin with, never below 1.3) and
how many answers in a row were good.  An answer's quality (0 to 5, :func:`quality`) moves it:

* a good answer (quality 3 or more): the interval becomes 1 day after the first good answer,
  6 days after the second, then the last interval times the ease (rounded to whole days); the
  ease moves by ``0.1 − (5 − q)(0.08 + (5 − q)·0.02)``: up by 0.1 for the best answer, down for
  a hesitant one;
* a miss (quality under 3): the run of good answers starts again and the puzzle comes back
  after :data:`RELEARN` seconds (SM-2 says the next day; a puzzle missed is better seen again
  while the lesson is fresh), the ease unchanged (SM-2's rule).

So a puzzle answered well comes back later and later (1, 6, 16, 45 … days at the best answer
each time), one missed comes back soon.

>>> first = review(Schedule(due=0.0), 5, now=0.0)
>>> first.interval, first.due / DAY, first.ease, first.streak
(1.0, 1.0, 2.6, 1)
>>> second = review(first, 5, now=first.due)
>>> third = review(second, 5, now=second.due)
>>> second.interval, third.interval, round(third.ease, 2)
(6.0, 16.0, 2.8)
>>> missed = review(third, 0, now=third.due)
>>> missed.streak, missed.due - third.due == RELEARN, missed.ease == third.ease
(0, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DAY", "MIN_EASE", "RELEARN", "START_EASE", "Schedule", "review"]

DAY = 86400.0

START_EASE = 2.5
MIN_EASE = 1.3

RELEARN = 600.0
"""Seconds after which a puzzle missed is due again."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """A puzzle's place in its player's repetitions: due at ``due`` (seconds since the epoch),
    last given ``interval`` days, its ``ease``, and ``streak`` good answers in a row."""

    due: float
    interval: float = 0.0
    ease: float = START_EASE
    streak: int = 0

    def to_list(self) -> list[float | int]:
        return [round(self.due, 3), self.interval, round(self.ease, 4), self.streak]

    @classmethod
    def from_list(cls, data: object, default_due: float) -> Schedule:
        """Inverse of :meth:`to_list` (a new schedule due at ``default_due`` for anything
        else)."""
        if isinstance(data, list) and len(data) == 4:
            try:
                return cls(float(data[0]), float(data[1]), float(data[2]), int(data[3]))
            except (TypeError, ValueError):
                pass
        return cls(default_due)


def review(schedule: Schedule, quality: int, now: float) -> Schedule:
    """``schedule`` after an answer of ``quality`` (0 to 5) given at ``now``."""
    if not 0 <= quality <= 5:
        raise ValueError(f"quality {quality!r} is not between 0 and 5")
    if quality < 3:
        return Schedule(now + RELEARN, 0.0, schedule.ease, 0)
    if schedule.streak == 0:
        interval = 1.0
    elif schedule.streak == 1:
        interval = 6.0
    else:
        interval = float(round(max(schedule.interval, 1.0) * schedule.ease))
    miss = 5 - quality
    ease = max(MIN_EASE, schedule.ease + 0.1 - miss * (0.08 + miss * 0.02))
    return Schedule(now + interval * DAY, interval, ease, schedule.streak + 1)
