"""A local fake of the Telegram Bot API (aiohttp), for running the real PTB ``Application`` offline.

It implements the methods the bot uses and reproduces the Bot API behaviours that bite real bots:
callback data over 64 bytes → 400 ``BUTTON_DATA_INVALID``; text over 4096 characters (after
entity parsing) and captions over 1024 refused; HTML that does not parse refused; editing to the
same content and markup → 400 "message is not modified"; an edit without ``reply_markup`` removes
the inline keyboard; a callback query answered once only; an unknown method → 404 ``Not Found``;
multipart uploads, with ``attach://`` references in ``editMessageMedia`` checked both ways; inline
messages take no uploads; a second concurrent ``getUpdates`` → 409; a private chat whose user
never started the bot, or blocked it, → 403; forum topics created only in forums where the bot
may manage them.  Tests feed updates through
``getUpdates`` (long polling) or POST them to the bot's webhook, can make the next call of a
method fail (``RetryAfter``, a 502, …) and can keep a method's calls (in one chat, or in all)
unanswered for a while; such a call whose caller was killed meanwhile is dropped.

Chats and messages are kept as plain dicts the tests inspect (:class:`FakeMessage`).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any, Final

import aiohttp
from aiohttp import web

BOT_ID = 7000001
BOT_USERNAME = "NardyTestBot"
ANSWER_WITHIN = 15.0
"""Seconds within which a callback query must be answered."""

STRING_FIELDS = frozenset(
    {
        "text",
        "caption",
        "parse_mode",
        "callback_query_id",
        "inline_query_id",
        "inline_message_id",
        "url",
        "secret_token",
        "language_code",
        "photo",
        "document",
        "next_offset",
    }
)
"""Form fields PTB sends as raw strings; every other field is JSON."""

HTML_TAGS = frozenset(
    {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "span"}
    | {"tg-spoiler", "blockquote", "tg-emoji"}
)
COMMAND_RE = re.compile(r"[a-z0-9_]{1,32}\Z")
CHAT_ACTIONS = frozenset(
    {"typing", "upload_photo", "record_video", "upload_video", "record_voice", "upload_voice"}
    | {"upload_document", "choose_sticker", "find_location", "record_video_note"}
    | {"upload_video_note"}
)
"""The ``action`` values ``sendChatAction`` accepts."""


MEMBER_STATUSES: Final = frozenset(
    {"creator", "administrator", "member", "restricted", "left", "kicked"}
)
"""The ``status`` values of a ``ChatMember``."""

ADMIN_RIGHTS: Final = (
    *("can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages"),
    *("can_manage_video_chats", "can_restrict_members", "can_promote_members"),
    *("can_change_info", "can_invite_users", "can_post_stories", "can_edit_stories"),
    *("can_delete_stories", "can_pin_messages", "can_manage_topics"),
)
"""The fields of a ``ChatMemberAdministrator`` (each a flag)."""

RESTRICTED_FIELDS: Final = (
    *("can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos"),
    *("can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls"),
    *("can_send_other_messages", "can_add_web_page_previews", "can_change_info"),
    *("can_invite_users", "can_pin_messages", "can_manage_topics"),
)
"""The flags of a ``ChatMemberRestricted`` (besides ``is_member`` and ``until_date``)."""


class ApiError(Exception):
    """A Bot API refusal: HTTP status, description, optional parameters (``retry_after``)."""

    def __init__(self, status: int, description: str, **parameters: Any) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters


def bad(description: str) -> ApiError:
    return ApiError(400, f"Bad Request: {description}")


class _HtmlText(HTMLParser):
    """Telegram-style HTML: allowed tags only, balanced; collects the visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in HTML_TAGS:
            raise bad(f'can\'t parse entities: Unsupported start tag "{tag}"')
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            raise bad(f'can\'t parse entities: Unexpected end tag "{tag}"')

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def visible_text(text: str, parse_mode: str | None) -> str:
    """The text as Telegram shows it (entities parsed away); raises on bad HTML."""
    if parse_mode != "HTML":
        return text
    if re.search(r"<(?![a-zA-Z/])", text):
        raise bad("can't parse entities: Unexpected character '<'")
    if re.search(r"&(?!(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);)", text):
        raise bad("can't parse entities: Character '&' is reserved and must be escaped")
    parser = _HtmlText()
    parser.feed(text)
    parser.close()
    if parser.stack:
        raise bad("can't parse entities: Can't find end tag")
    return "".join(parser.text)


def _chat_of(params: dict[str, Any]) -> int:
    """The chat a call is for (0: none, or not a number)."""
    try:
        return int(params.get("chat_id", 0))
    except (TypeError, ValueError):
        return 0


def check_markup(markup: Any, chat_id: int | None = None) -> dict[str, Any] | None:
    """Validate an inline keyboard like Telegram does; ``None`` for no keyboard.  A WebApp
    button is taken in a private chat only (``chat_id`` > 0: not in groups, not on inline
    messages), with an https URL."""
    if markup is None:
        return None
    rows = markup.get("inline_keyboard")
    if not isinstance(rows, list):
        raise bad('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array')
    for row in rows:
        for button in row:
            if not button.get("text"):
                raise bad("BUTTON_TEXT_EMPTY")
            data = button.get("callback_data")
            if data is not None and not 1 <= len(data.encode()) <= 64:
                raise bad("BUTTON_DATA_INVALID")
            kinds = {"callback_data", "url", "switch_inline_query", "web_app"} & button.keys()
            if len(kinds) != 1:
                raise bad("can't parse inline keyboard button: exactly one action is needed")
            if "web_app" in button:
                url = str(button["web_app"].get("url", ""))
                if chat_id is None or chat_id < 0 or not url.startswith("https://"):
                    raise bad("BUTTON_TYPE_INVALID")
    return markup if rows else None


@dataclass
class FakeMessage:
    """A message in the fake: text or photo or document, its keyboard and where it is."""

    chat_id: int
    message_id: int
    kind: str  # "text" | "photo" | "document"
    text: str = ""
    parse_mode: str | None = None
    markup: dict[str, Any] | None = None
    thread_id: int | None = None
    photo: bytes = b""
    document: bytes = b""
    filename: str = ""
    from_bot: bool = True
    edits: int = 0
    inline_id: str | None = None

    def labels(self) -> list[str]:
        """The button labels, row by row."""
        if self.markup is None:
            return []
        return [b["text"] for row in self.markup["inline_keyboard"] for b in row]

    def buttons(self) -> list[dict[str, Any]]:
        if self.markup is None:
            return []
        return [b for row in self.markup["inline_keyboard"] for b in row]


@dataclass
class Chat:
    """A chat the tests talk in."""

    id: int
    type: str  # "private" | "group" | "supergroup"
    title: str = ""
    is_forum: bool = False

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type}
        if self.type == "private":
            data["first_name"] = self.title or "User"
        else:
            data["title"] = self.title or "Group"
        if self.is_forum:
            data["is_forum"] = True
        return data


@dataclass
class TgUser:
    """A human user of the fake."""

    id: int
    first_name: str
    language_code: str | None = "en"

    def to_api(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.language_code:
            data["language_code"] = self.language_code
        return data


@dataclass
class FakeBotApi:
    """The fake server's state and its aiohttp application."""

    token: str = "123456:TEST-TOKEN"
    messages: dict[tuple[int, int], FakeMessage] = field(default_factory=dict)
    inline_messages: dict[str, FakeMessage] = field(default_factory=dict)
    chats: dict[int, Chat] = field(default_factory=dict)
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    call_times: list[float] = field(default_factory=list)
    """When each of :attr:`calls` arrived (by :attr:`clock`)."""
    clock: Callable[[], float] = time.monotonic
    """The time :attr:`call_times` are told in (a test's simulated clock, or the real one)."""
    errors: list[tuple[str, str]] = field(default_factory=list)
    commands: dict[tuple[str, str | None], list[dict[str, str]]] = field(default_factory=dict)
    callback_answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    inline_answers: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    failures: dict[str, list[ApiError]] = field(default_factory=dict)
    paused: dict[str | tuple[str, int], asyncio.Event] = field(default_factory=dict)
    """Methods (or a method in one chat: method and chat id) whose calls wait, unanswered,
    until :meth:`resume`."""
    waiting: dict[str, int] = field(default_factory=dict)
    """How many calls of each method are waiting for :meth:`resume`."""
    dropped: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Calls whose caller went away while they waited (a process killed): never carried out."""
    webhook: dict[str, Any] = field(default_factory=dict)
    pending: list[dict[str, Any]] = field(default_factory=list)
    uploads: dict[str, bytes] = field(default_factory=dict)
    downloads: list[str] = field(default_factory=list)
    confirmed: int = 0
    delivered: list[int] = field(default_factory=list)
    members: dict[tuple[int, int], str] = field(default_factory=dict)
    """Each user's status in each chat (``getChatMember``): creator, administrator, member..."""
    users: dict[int, TgUser] = field(default_factory=dict)
    """The users Telegram knows (those who wrote or pressed anything)."""
    blocked: set[int] = field(default_factory=set)
    """Users who blocked the bot: their private chats refuse it (403)."""
    topic_rights: set[int] = field(default_factory=set)
    """Forums where the bot may create topics (an administrator with ``can_manage_topics``)."""
    topics: dict[tuple[int, int], str] = field(default_factory=dict)
    """The forum topics created by the bot: (chat, ``message_thread_id``) → name."""
    url: str = ""
    _update_ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1000))
    _message_ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _query_ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _poll_generation: int = 0
    _pressed_at: dict[str, float] = field(default_factory=dict)
    _inline_queries: dict[str, dict[str, Any]] = field(default_factory=dict)
    _chosen: dict[str, dict[str, Any]] = field(default_factory=dict)
    _arrived: asyncio.Event = field(default_factory=asyncio.Event)
    _runner: web.AppRunner | None = None
    _in_flight: int = 0
    _stopping: bool = False

    # -- server ---------------------------------------------------------------------------------

    async def start(self) -> str:
        app = web.Application(client_max_size=20 * 1024 * 1024)
        app.router.add_route("POST", "/bot{token}/{method}", self._dispatch)
        app.router.add_route("GET", "/bot{token}/{method}", self._dispatch)
        app.router.add_route("GET", "/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        self._stopping = True  # a long poll waiting ends now: the server is going away
        self._arrived.set()
        for gate in self.paused.values():
            gate.set()
        self.paused.clear()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _dispatch(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        handler = getattr(self, f"api_{method}", None)
        if handler is None:
            self.errors.append((method, "Not Found"))
            return web.json_response(
                {"ok": False, "error_code": 404, "description": "Not Found"}, status=404
            )
        params, files = await self._params(request)
        self.calls.append((method, params))
        self.call_times.append(self.clock())
        counted = method != "getUpdates"  # a long poll waiting is not work in progress
        self._in_flight += counted
        try:
            gate = self.paused.get(method) or self.paused.get((method, _chat_of(params)))
            if gate is not None:
                self.waiting[method] = self.waiting.get(method, 0) + 1
                try:
                    await gate.wait()
                finally:
                    self.waiting[method] -= 1
                if request.transport is None or request.transport.is_closing():
                    # The caller is gone (its process was killed): the call never arrived.
                    self.dropped.append((method, params))
                    return web.Response(status=499)
            queued = self.failures.get(method)
            if queued:
                raise queued.pop(0)
            result = handler(params, files)
            if asyncio.iscoroutine(result):
                result = await result
        except ApiError as error:
            self.errors.append((method, error.description))
            body: dict[str, Any] = {
                "ok": False,
                "error_code": error.status,
                "description": error.description,
            }
            if error.parameters:
                body["parameters"] = error.parameters
            return web.json_response(body, status=error.status)
        finally:
            self._in_flight -= counted
        return web.json_response({"ok": True, "result": result})

    async def _download(self, request: web.Request) -> web.Response:
        """A file's bytes at the ``file_path`` that ``getFile`` gave (``/file/bot<token>/…``)."""
        if request.match_info["token"] != self.token:
            return web.Response(status=401, text="Unauthorized")
        file_id = request.match_info["path"].removeprefix("documents/")
        self.downloads.append(file_id)
        data = self.uploads.get(file_id)
        if data is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=data)

    def api_getFile(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        file_id = str(params.get("file_id", ""))
        data = self.uploads.get(file_id)
        if data is None:
            raise bad("Bad Request: invalid file_id")
        return {
            "file_id": file_id,
            "file_unique_id": f"u{file_id}",
            "file_size": len(data),
            "file_path": f"documents/{file_id}",
        }

    async def _params(self, request: web.Request) -> tuple[dict[str, Any], dict[str, bytes]]:
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        if request.content_type == "application/json":
            data = await request.json()
            return dict(data), files
        if request.content_type == "multipart/form-data":
            reader = await request.multipart()
            async for part in reader:
                assert isinstance(part, aiohttp.BodyPartReader)
                name = part.name or ""
                if part.filename is not None:
                    files[name] = bytes(await part.read())
                else:
                    params[name] = self._value(name, await part.text())
            return params, files
        form = await request.post()
        for name, value in form.items():
            params[name] = self._value(name, str(value))
        return params, files

    @staticmethod
    def _value(name: str, raw: str) -> Any:
        if name in STRING_FIELDS:
            return raw
        try:
            return json.loads(raw)
        except ValueError:
            return raw

    # -- what tests use -------------------------------------------------------------------------

    def chat(self, chat_id: int, kind: str = "supergroup", *, forum: bool = False) -> Chat:
        chat = self.chats.get(chat_id) or Chat(chat_id, kind, f"Chat {chat_id}", forum)
        self.chats[chat_id] = chat
        return chat

    def set_member(self, chat: Chat, user: TgUser, status: str) -> None:
        """``user``'s status in ``chat``: ``creator``, ``administrator``, ``member``,
        ``restricted``, ``left`` or ``kicked``."""
        if status not in MEMBER_STATUSES:
            raise ValueError(f"no chat member status {status!r}")
        self.chats.setdefault(chat.id, chat)
        self.users[user.id] = user
        self.members[(chat.id, user.id)] = status

    def block(self, user: TgUser) -> None:
        """``user`` blocks the bot: whatever it sends to his private chat is refused."""
        self.blocked.add(user.id)

    def allow_topics(self, chat: Chat) -> None:
        """Make the bot an administrator of forum ``chat`` who may create topics."""
        self.chats.setdefault(chat.id, chat)
        self.topic_rights.add(chat.id)

    def _seen(self, user: TgUser, chat: Chat | None) -> None:
        """``user`` wrote in ``chat`` (or pressed a button there): a member unless set."""
        self.users[user.id] = user
        if chat is not None and chat.type != "private":
            self.members.setdefault((chat.id, user.id), "member")

    def fail_next(self, method: str, error: ApiError) -> None:
        """Make the next call of ``method`` fail with ``error``."""
        self.failures.setdefault(method, []).append(error)

    def pause(self, method: str, chat_id: int | None = None) -> None:
        """Make the calls of ``method`` (those for chat ``chat_id`` alone, when given) wait,
        unanswered, until :meth:`resume` (a slow Bot API).  A call whose caller has gone when
        it is resumed (its process was killed) is dropped: it never reached Telegram."""
        self.paused.setdefault(method if chat_id is None else (method, chat_id), asyncio.Event())

    def resume(self, method: str, chat_id: int | None = None) -> None:
        """Answer the calls of ``method`` (in ``chat_id``) paused so far, and the next ones at
        once."""
        gate = self.paused.pop(method if chat_id is None else (method, chat_id), None)
        if gate is not None:
            gate.set()

    def called(self, method: str) -> list[dict[str, Any]]:
        return [p for m, p in self.calls if m == method]

    def chat_messages(self, chat_id: int, thread_id: int | None = None) -> list[FakeMessage]:
        """The chat's messages (a topic's: ``thread_id``) in the order they were posted."""
        found = [
            (message_id, m)
            for (c, message_id), m in self.messages.items()
            if c == chat_id and (thread_id is None or m.thread_id == thread_id)
        ]
        return [m for _, m in sorted(found, key=lambda item: item[0])]

    def bot_messages(self, chat_id: int, thread_id: int | None = None) -> list[FakeMessage]:
        return [m for m in self.chat_messages(chat_id, thread_id) if m.from_bot]

    def with_keyboard(self, chat_id: int, thread_id: int | None = None) -> list[FakeMessage]:
        return [m for m in self.bot_messages(chat_id, thread_id) if m.markup is not None]

    def user_message(
        self,
        user: TgUser,
        chat: Chat,
        text: str,
        *,
        thread_id: int | None = None,
        reply_to: FakeMessage | None = None,
    ) -> dict[str, Any]:
        """Post a user's text message in a chat; the update to deliver."""
        self._seen(user, chat)
        message_id = next(self._message_ids)
        message = FakeMessage(
            chat.id, message_id, "text", text, from_bot=False, thread_id=thread_id
        )
        self.messages[(chat.id, message_id)] = message
        data: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": chat.to_api(),
            "from": user.to_api(),
            "text": text,
        }
        if text.startswith("/"):
            length = len(text.split()[0])
            data["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        if thread_id is not None:
            data["message_thread_id"] = thread_id
            data["is_topic_message"] = True
        if reply_to is not None:
            data["reply_to_message"] = self._message_api(reply_to)
        return {"update_id": next(self._update_ids), "message": data}

    def user_document(
        self,
        user: TgUser,
        chat: Chat,
        name: str,
        data: bytes,
        *,
        caption: str | None = None,
        size: int | None = None,
    ) -> dict[str, Any]:
        """Post a user's file (a document, with an optional caption) in a chat; the update.
        ``size`` is the size Telegram reports (the file's own by default)."""
        message_id = next(self._message_ids)
        file_id = f"upload{message_id}"
        self.uploads[file_id] = data
        self.messages[(chat.id, message_id)] = FakeMessage(
            chat.id, message_id, "document", caption or "", from_bot=False
        )
        message: dict[str, Any] = {
            "message_id": message_id,
            "date": int(time.time()),
            "chat": chat.to_api(),
            "from": user.to_api(),
            "document": {
                "file_id": file_id,
                "file_unique_id": f"u{file_id}",
                "file_name": name,
                "mime_type": "text/plain",
                "file_size": len(data) if size is None else size,
            },
        }
        if caption is not None:
            message["caption"] = caption
            if caption.startswith("/"):
                length = len(caption.split()[0])
                message["caption_entities"] = [
                    {"type": "bot_command", "offset": 0, "length": length}
                ]
        return {"update_id": next(self._update_ids), "message": message}

    @staticmethod
    def reaches_bot(chat: Chat, text: str, reply_to: FakeMessage | None = None) -> bool:
        """Whether Telegram delivers a group message to a bot with privacy mode on: commands
        and replies to the bot's own messages only (private chats: everything)."""
        if chat.type == "private":
            return True
        return text.startswith("/") or (reply_to is not None and reply_to.from_bot)

    def press(self, user: TgUser, message: FakeMessage, label: str) -> dict[str, Any]:
        """Press the button labelled ``label`` (exact, or a prefix) of ``message``."""
        for button in message.buttons():
            if button["text"] == label or button["text"].startswith(label):
                return self.callback(user, message, button["callback_data"])
        raise AssertionError(f"no button {label!r} on message: {message.labels()}")

    def callback(self, user: TgUser, message: FakeMessage, data: str) -> dict[str, Any]:
        """A callback query update for ``data`` pressed on ``message``."""
        self._seen(user, self.chats.get(message.chat_id))
        query_id = f"q{next(self._query_ids)}"
        self._pressed_at[query_id] = time.monotonic()
        query: dict[str, Any] = {
            "id": query_id,
            "from": user.to_api(),
            "chat_instance": "ci1",
            "data": data,
        }
        if message.inline_id is not None:
            query["inline_message_id"] = message.inline_id
        else:
            query["message"] = self._message_api(message)
        return {"update_id": next(self._update_ids), "callback_query": query}

    def inline_query(self, user: TgUser, text: str = "") -> dict[str, Any]:
        query: dict[str, Any] = {
            "id": f"iq{next(self._query_ids)}",
            "from": user.to_api(),
            "query": text,
        }
        query["offset"] = ""
        self._inline_queries[query["id"]] = query
        return {"update_id": next(self._update_ids), "inline_query": query}

    def chosen_result(self, message: FakeMessage) -> dict[str, Any]:
        """The ``chosen_inline_result`` update Telegram sends (inline feedback on) when the user
        sent ``message`` from his inline query's results."""
        assert message.inline_id is not None
        return {
            "update_id": next(self._update_ids),
            "chosen_inline_result": self._chosen[message.inline_id],
        }

    def choose_inline_result(self, query_id: str, result_id: str) -> FakeMessage:
        """The user picks a result of an answered inline query: it is posted as an inline
        message the bot can edit (by ``inline_message_id``) and receives presses from."""
        results = {r["id"]: r for r in self.inline_answers[query_id]}
        result = results[result_id]
        content = result["input_message_content"]
        inline_id = f"AAAA{next(self._message_ids)}-inline_{query_id}"
        message = FakeMessage(
            0,
            0,
            "text",
            content["message_text"],
            markup=check_markup(result.get("reply_markup")),
            inline_id=inline_id,
        )
        self.inline_messages[inline_id] = message
        query = self._inline_queries[query_id]
        self._chosen[inline_id] = {
            "result_id": result_id,
            "from": query["from"],
            "query": query["query"],
            "inline_message_id": inline_id,
        }
        return message

    def queue(self, update: dict[str, Any]) -> None:
        """Offer an update to ``getUpdates``."""
        self.pending.append(update)
        self._arrived.set()

    @property
    def idle(self) -> bool:
        """Nothing queued, every delivered update confirmed and no request being answered."""
        return not self.pending and self._in_flight == 0

    async def post_webhook(
        self, update: dict[str, Any], *, secret: str | None, url: str | None = None
    ) -> int:
        """POST an update to the bot's webhook like Telegram does; the HTTP status."""
        headers = {"Content-Type": "application/json"}
        if secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        async with (
            aiohttp.ClientSession() as session,
            session.post(url or self.webhook["url"], data=json.dumps(update), headers=headers) as r,
        ):
            return r.status

    # -- message helpers ------------------------------------------------------------------------

    def _message_api(self, m: FakeMessage) -> dict[str, Any]:
        chat = self.chats.get(m.chat_id) or Chat(m.chat_id, "private" if m.chat_id > 0 else "group")
        data: dict[str, Any] = {"message_id": m.message_id, "date": int(time.time())}
        data["chat"] = chat.to_api()
        data["from"] = {"id": BOT_ID, "is_bot": True, "first_name": "Nardy"}
        if m.kind == "text":
            data["text"] = m.text
        elif m.kind == "photo":
            data["photo"] = [
                {
                    "file_id": f"ph{m.message_id}",
                    "file_unique_id": f"u{m.message_id}",
                    "width": 1280,
                    "height": 800,
                }
            ]
            if m.text:
                data["caption"] = m.text
        else:
            data["document"] = {
                "file_id": f"doc{m.message_id}",
                "file_unique_id": f"d{m.message_id}",
            }
            if m.text:
                data["caption"] = m.text
        if m.markup is not None:
            data["reply_markup"] = m.markup
        if m.thread_id is not None:
            data["message_thread_id"] = m.thread_id
            data["is_topic_message"] = True
        return data

    def _new_message(self, params: dict[str, Any], kind: str, **fields: Any) -> dict[str, Any]:
        chat_id = int(params["chat_id"])
        if chat_id in self.blocked:
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        if chat_id not in self.chats:
            if chat_id > 0:  # a user who never started the bot (a private chat is his id)
                raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
            raise bad("chat not found")
        thread = params.get("message_thread_id")
        message = FakeMessage(
            chat_id,
            next(self._message_ids),
            kind,
            markup=check_markup(params.get("reply_markup"), chat_id),
            thread_id=int(thread) if thread is not None else None,
            **fields,
        )
        self.messages[(chat_id, message.message_id)] = message
        return self._message_api(message)

    def _target(self, params: dict[str, Any]) -> FakeMessage:
        if "inline_message_id" in params:
            found = self.inline_messages.get(params["inline_message_id"])
        else:
            if int(params["chat_id"]) in self.blocked:
                raise ApiError(403, "Forbidden: bot was blocked by the user")
            found = self.messages.get((int(params["chat_id"]), int(params["message_id"])))
        if found is None or not found.from_bot:
            raise bad("message to edit not found")
        return found

    def _edited(self, m: FakeMessage) -> dict[str, Any] | bool:
        m.edits += 1
        return True if m.inline_id is not None else self._message_api(m)

    # -- the Bot API ----------------------------------------------------------------------------

    def api_getMe(self, params: dict[str, Any], files: dict[str, bytes]) -> dict[str, Any]:
        return {
            "id": BOT_ID,
            "is_bot": True,
            "first_name": "Nardy",
            "username": BOT_USERNAME,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": True,
        }

    async def api_getUpdates(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if self.webhook.get("url"):
            raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active")
        # A newer getUpdates terminates the one still waiting, as Telegram does.
        self._poll_generation += 1
        generation = self._poll_generation
        self._arrived.set()
        await asyncio.sleep(0)
        offset = int(params.get("offset") or 0)
        if offset:
            self.pending = [u for u in self.pending if u["update_id"] >= offset]
        timeout = float(params.get("timeout") or 0)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self.pending and not self._stopping and loop.time() < deadline:
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), deadline - loop.time())
            except TimeoutError:
                break
            if generation != self._poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; make sure that only one "
                    "bot instance is running",
                )
        limit = int(params.get("limit") or 100)
        batch = self.pending[:limit]
        self.delivered.extend(u["update_id"] for u in batch)
        return batch

    def api_setWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        self.webhook = {"url": params["url"], "secret_token": params.get("secret_token")}
        return True

    def api_deleteWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        self.webhook = {}
        return True

    def api_setMyCommands(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        commands = params["commands"]
        if not 0 < len(commands) <= 100:
            raise bad("BOT_COMMANDS_TOO_MUCH")
        for c in commands:
            if not COMMAND_RE.match(c["command"]):
                raise bad("BOT_COMMAND_INVALID")
            if not 1 <= len(c["description"]) <= 256:
                raise bad("BOT_COMMAND_DESCRIPTION_INVALID")
        scope = (params.get("scope") or {"type": "default"})["type"]
        self.commands[(scope, params.get("language_code") or None)] = commands
        return True

    def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        text = str(params.get("text", ""))
        shown = visible_text(text, params.get("parse_mode"))
        if not shown.strip():
            raise bad("message text is empty")
        if len(shown) > 4096:
            raise bad("message is too long")
        return self._new_message(params, "text", text=text, parse_mode=params.get("parse_mode"))

    def api_sendChatAction(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if params.get("action") not in CHAT_ACTIONS:
            raise bad("wrong parameter action in request")
        if int(params["chat_id"]) in self.blocked:
            raise ApiError(403, "Forbidden: bot was blocked by the user")
        if int(params["chat_id"]) not in self.chats:
            raise bad("chat not found")
        return True

    def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        photo = files.get("photo")
        if photo is None:
            raise bad("there is no photo in the request")
        if not photo.startswith(b"\x89PNG"):
            raise bad("IMAGE_PROCESS_FAILED")
        caption = str(params.get("caption", ""))
        if len(visible_text(caption, params.get("parse_mode"))) > 1024:
            raise bad("message caption is too long")
        return self._new_message(params, "photo", text=caption, photo=photo)

    def api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if "document" not in files:
            raise bad("there is no document in the request")
        caption = str(params.get("caption", ""))
        if len(caption) > 1024:
            raise bad("message caption is too long")
        return self._new_message(params, "document", text=caption, document=files["document"])

    def api_editMessageText(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        m = self._target(params)
        if m.kind != "text":
            raise bad("there is no text in the message to edit")
        text = str(params.get("text", ""))
        shown = visible_text(text, params.get("parse_mode"))
        if not shown.strip():
            raise bad("message text is empty")
        if len(shown) > 4096:
            raise bad("MESSAGE_TOO_LONG")
        markup = check_markup(params.get("reply_markup"), m.chat_id or None)
        if text == m.text and markup == m.markup and params.get("parse_mode") == m.parse_mode:
            raise bad(
                "message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message"
            )
        m.text, m.markup, m.parse_mode = text, markup, params.get("parse_mode")
        return self._edited(m)

    def api_editMessageCaption(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        m = self._target(params)
        caption = str(params.get("caption", ""))
        if len(caption) > 1024:
            raise bad("message caption is too long")
        markup = check_markup(params.get("reply_markup"), m.chat_id or None)
        if caption == m.text and markup == m.markup:
            raise bad("message is not modified: specified new message content and reply markup")
        m.text, m.markup = caption, markup
        return self._edited(m)

    def api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        m = self._target(params)
        media = params.get("media")
        if not isinstance(media, dict) or media.get("type") != "photo":
            raise bad("can't parse InputMedia: media type is not specified or invalid")
        ref = str(media.get("media", ""))
        if ref.startswith("attach://"):
            name = ref.removeprefix("attach://")
            if name not in files:
                raise bad("wrong file identifier/HTTP URL specified")
            if set(files) != {name}:
                raise bad("unexpected file part that no media references")
            if m.inline_id is not None:
                raise bad("can't upload file to an inline message; use a file_id or a URL")
            photo = files[name]
        elif files:
            raise bad("unexpected file part that no media references")
        else:
            raise bad("wrong file identifier/HTTP URL specified")
        if m.kind != "photo":
            raise bad("there is no media in the message to edit")
        caption = str(media.get("caption", ""))
        if len(caption) > 1024:
            raise bad("message caption is too long")
        m.photo, m.text = photo, caption
        m.markup = check_markup(params.get("reply_markup"), m.chat_id or None)
        return self._edited(m)

    def api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        m = self._target(params)
        markup = check_markup(params.get("reply_markup"), m.chat_id or None)
        if markup == m.markup:
            raise bad(
                "message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message"
            )
        m.markup = markup
        return self._edited(m)

    def api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        query_id = params["callback_query_id"]
        pressed = self._pressed_at.get(query_id)
        late = pressed is None or time.monotonic() - pressed > ANSWER_WITHIN
        if query_id in self.callback_answers or late:
            raise bad("query is too old and response timeout expired or query ID is invalid")
        text = params.get("text")
        if text is not None and len(text) > 200:
            raise bad("MESSAGE_TOO_LONG")
        self.callback_answers[query_id] = params
        return True

    def api_getChatMember(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        """As Telegram answers: the member's status with the fields PTB reads for it; an
        unknown chat or user is refused."""
        chat_id, user_id = params.get("chat_id"), params.get("user_id")
        if not isinstance(user_id, int) or isinstance(user_id, bool):
            raise bad("invalid user_id specified")
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is None:
            raise bad("chat not found")
        known = self.users.get(user_id)
        if known is not None:
            user = known.to_api()
        elif user_id == BOT_ID:
            user = {"id": BOT_ID, "is_bot": True, "first_name": "Nardy", "username": BOT_USERNAME}
        else:
            raise bad("user not found")
        status = self.members.get((chat.id, user_id), "member" if user_id == BOT_ID else "left")
        if chat.type == "private":
            status = "member" if user_id in (chat.id, BOT_ID) else "left"
        member: dict[str, Any] = {"user": user, "status": status}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update(dict.fromkeys(ADMIN_RIGHTS, False))
            member.update(can_manage_chat=True, can_delete_messages=True, can_pin_messages=True)
        elif status == "restricted":
            member.update(dict.fromkeys(RESTRICTED_FIELDS, False), is_member=True, until_date=0)
        elif status == "kicked":
            member["until_date"] = 0
        return member

    def api_getChat(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        """A ``ChatFullInfo`` with the fields PTB needs (and ``is_forum``)."""
        chat = self.chats.get(int(params["chat_id"]))
        if chat is None:
            raise bad("chat not found")
        gifts = dict.fromkeys(
            (
                "unlimited_gifts",
                "limited_gifts",
                "unique_gifts",
                "premium_subscription",
                "gifts_from_channels",
            ),
            True,
        )
        return {
            **chat.to_api(),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": gifts,
        }

    def api_createForumTopic(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        """As Telegram answers: a forum's new topic; refused outside forums and without the
        right to manage topics."""
        chat = self.chats.get(int(params["chat_id"]))
        if chat is None:
            raise bad("chat not found")
        if not chat.is_forum:
            raise bad("the chat is not a forum")
        if chat.id not in self.topic_rights:
            raise bad("not enough rights to create a topic")
        name = str(params.get("name", ""))
        if not 1 <= len(name) <= 128:
            raise bad("TOPIC_TITLE_EMPTY" if not name else "TOPIC_TITLE_TOO_LONG")
        thread_id = next(self._message_ids)  # a topic's id is the id of its first message
        self.topics[(chat.id, thread_id)] = name
        return {"message_thread_id": thread_id, "name": name, "icon_color": 7322096}

    def api_answerInlineQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> bool:
        query_id = params["inline_query_id"]
        if query_id in self.inline_answers:
            raise bad("query is too old and response timeout expired or query ID is invalid")
        results = params["results"]
        for result in results:
            check_markup(result.get("reply_markup"))
        self.inline_answers[query_id] = results
        return True
