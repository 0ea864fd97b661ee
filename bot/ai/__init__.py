"""The computer opponent: GNU Backgammon's nets for backgammon, the project's own long nardy player.

:mod:`bot.ai.gnubg_eval` turns engine positions into ``gnubg_nn`` boards and evaluates plays, cube
decisions and resignations; :mod:`bot.ai.levels` maps the playing levels onto it.
"""
