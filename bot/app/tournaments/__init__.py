"""Tournaments run by the bot in a chat: knockout, Swiss, round-robin and arena.

- :mod:`~bot.app.tournaments.keys`: where an event and its games are stored;
- :mod:`~bot.app.tournaments.event`: the event's record and the pure steps that change it
  (on :mod:`bot.app.pairing`'s pairing);
- :mod:`~bot.app.tournaments.ledger`: the record written by compare-and-set, a game's result;
- :mod:`~bot.app.tournaments.texts`: what the event says in its chat;
- :mod:`~bot.app.tournaments.service`: the ``tournament`` command, its games, their places,
  the event's tick (:class:`~bot.app.tournaments.service.Events`).
"""
