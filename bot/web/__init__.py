"""The web board: a table's board, live, in the chat app's own window (a Telegram Mini App; in
Discord the application's Activity).

The page (``static/``: plain JavaScript, SVG and CSS) draws the state the app gives
(``App.web_state``) and sends back the payloads of the steps and buttons it offers; every press
is an ordinary :class:`~bot.app.Update` through ``App.handle``, so the chat's board and the web
board never disagree.  :mod:`bot.web.auth` says who opens the board and for which table (no
network, no aiohttp: the Telegram adapter signs its *Open board* links with it, the Discord
adapter names its channels' tables with it); :mod:`bot.web.server` serves the page and its API
on the bot's one HTTP server, and is imported only when the web board is switched on
(``WEBBOARD_ENABLED``); :mod:`bot.web.discord_login` asks Discord about an Activity's login.
"""
