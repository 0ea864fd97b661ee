"""Puzzles: training made of the analysed games, in the chat.

* every error of 0.05 or more of an analysed game (a checker play, a double, a take or pass)
  becomes a puzzle of the player who made it (:mod:`~bot.app.puzzles.records`), kept with his
  record, private; ``puzzle`` shows the one due, its answers as buttons or typed
  (:mod:`~bot.app.puzzles.personal`), graded in four bands (:mod:`~bot.app.puzzles.grading`),
  shown again by spaced repetition (SM-2: :mod:`~bot.app.puzzles.srs`);
* a chat may have a puzzle of the day, from its own games or the built-in set
  (:mod:`~bot.app.puzzles.daily`, :mod:`~bot.app.puzzles.builtin`), posted once a day whichever
  process ticks (:class:`~bot.app.puzzles.trainer.Puzzles`);
* every first answer is rated, Glicko-2 against the puzzle's own rating, which moves too
  (:mod:`~bot.app.puzzles.glicko`); ``rating`` shows it, ``top puzzles`` ranks it
  (:mod:`~bot.app.puzzles.standings`).

The records, the repetitions, the grades and the ratings are plain values and pure functions;
what touches the store is :mod:`~bot.app.puzzles.personal` and :mod:`~bot.app.puzzles.trainer`.
"""
