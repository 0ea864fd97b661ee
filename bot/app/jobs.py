"""The analyses this process makes (:class:`AnalysisJobs`): one asked for in a chat is claimed
for the whole deployment, noted until its adapter follows its progress message
(``App.progress``), made in the analyser's workers and given back when it ends; one made before
is shown again at once (:mod:`bot.app.match_analysis` says what is analysed and how it reads)."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncGenerator

from bot.app import match_analysis
from bot.app.context import Context, Refused
from bot.app.match_analysis import Analyser
from bot.app.registry import AnalysisCase
from bot.app.table import Table
from bot.app.types import EditProgress, Progress, Reply
from bot.store import ConflictError, Store, StoreUnavailable, TableKey

__all__ = ["FOLLOW_WITHIN", "AnalysisJobs"]

log = logging.getLogger("bot.app")

FOLLOW_WITHIN = 60.0
"""Seconds an analysis waits for its adapter to follow its progress message (``App.progress``);
after that the chat may ask for another."""


class AnalysisJobs:
    """The analyses of ``analyser`` asked for in the chats of ``store``; a progress message is
    edited at most once each ``progress_every`` seconds."""

    def __init__(
        self,
        store: Store,
        analyser: Analyser,
        progress_every: float,
        made: match_analysis.Made | None = None,
    ) -> None:
        self.store = store
        self.analyser = analyser
        self.progress_every = progress_every
        self.made = made
        """Told of each analysis made or shown again (its errors become puzzles)."""
        self._asked: dict[TableKey, tuple[match_analysis.Job, Context, float]] = {}
        """Analyses asked for in a chat whose progress message is not followed yet (and when)."""
        self._making: set[TableKey] = set()
        """Chats whose analysis this process is making now (one at a time in a chat)."""
        self._begun: set[TableKey] = set()
        """Chats whose progress message is being posted (:meth:`begin`): however long that
        takes (a chat's rate limit), the analysis asked there does not lapse."""

    async def ask(
        self, ctx: Context, case: AnalysisCase, args: tuple[object, ...], version: int | None
    ) -> list[Reply]:
        """An analysis asked for: refused (none to make, one under way in this chat in this
        process or another), shown again at once when it was made before, or claimed, noted
        for :meth:`progress` and its progress message returned."""
        key = ctx.update.table
        if self._busy(key):
            raise Refused("analysis-busy")
        record = await self.store.load(key)
        table = Table.decode(record.payload) if record is not None else None
        job = await case(ctx, table, args, version)
        kept = await match_analysis.kept_analysis(self.store, job, self.analyser.analysis_ply)
        if kept is not None:  # made before: shown again at once
            if not await match_analysis.asked_once(self.store, key, ctx.update.update_id):
                raise Refused("analysis-again")
            if self.made is not None:
                await self.made(job, kept)
            return match_analysis.shown_again(ctx, job, kept)
        if self._asked.pop(key, None) is not None:
            await match_analysis.release(self.store, key)  # one never followed: its claim is void
        if not await match_analysis.claim(self.store, key):
            raise Refused("analysis-busy")  # another process is making one in this chat
        try:
            first = await match_analysis.asked_once(self.store, key, ctx.update.update_id)
        except BaseException:
            await self._give_back(key)
            raise
        if not first:  # the same update delivered again: it was analysed
            await self._give_back(key)
            raise Refused("analysis-again")
        self._asked[key] = (job, ctx, time.monotonic())
        return [Progress(match_analysis.progress_text(ctx, 1, job.games))]

    def begin(self, table: TableKey) -> None:
        """See ``App.begin_progress``."""
        if table in self._asked:
            self._begun.add(table)

    def _busy(self, key: TableKey) -> bool:
        if key in self._making or key in self._begun:
            return True
        pending = self._asked.get(key)
        return pending is not None and time.monotonic() - pending[2] < FOLLOW_WITHIN

    async def progress(self, table: TableKey) -> AsyncGenerator[list[Reply], None]:
        """See ``App.progress``."""
        pending = self._asked.pop(table, None)
        self._begun.discard(table)
        if pending is None or table in self._making:
            return
        job, ctx, _ = pending
        self._making.add(table)
        try:
            async for replies in match_analysis.run(
                ctx, job, self.analyser, self.progress_every, self.store, self.made
            ):
                yield replies
        except Exception:
            log.exception("analysis failed table=%s", table)
            yield [EditProgress(ctx.tr("analysis-failed"))]
        finally:
            self._making.discard(table)
            await self._give_back(table)

    async def forgo(self, table: TableKey) -> None:
        """See ``App.forgo_progress``."""
        self._begun.discard(table)
        if self._asked.pop(table, None) is not None:
            await self._give_back(table)

    async def _give_back(self, table: TableKey) -> None:
        try:
            await match_analysis.release(self.store, table)
        except (StoreUnavailable, ConflictError):
            log.warning("analysis claim not given back table=%s", table)  # it expires
