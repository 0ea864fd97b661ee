"""Property tests for the store's parsers: keys and the record codec never fail unexpectedly."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.store import CorruptRecord, InvalidKey, JsonCodec, TableKey, UserKey

platforms = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True)
parts = st.from_regex(r"[A-Za-z0-9_.@-]{1,24}", fullmatch=True)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53), max_value=2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=30,
)


@given(platforms, parts, st.none() | parts)
def test_table_keys_round_trip(platform: str, chat: str, topic: str | None) -> None:
    key = TableKey(platform, chat, topic)
    assert TableKey.from_key(key.key) == key
    assert TableKey.from_tag(key.tag) == key
    assert key.key.count("{") == 1 and key.seen_key.startswith(key.key)


@given(platforms, parts)
def test_user_keys_round_trip(platform: str, user: str) -> None:
    key = UserKey(platform, user)
    assert UserKey.from_key(key.key) == key
    assert UserKey.from_tag(key.tag) == key


@given(st.text(max_size=60))
def test_parsing_any_text_gives_a_key_or_invalid_key(text: str) -> None:
    for parse in (TableKey.from_key, TableKey.from_tag, UserKey.from_key, UserKey.from_tag):
        try:
            key = parse(text)
        except InvalidKey:
            continue
        assert text in (key.key, key.tag)


@given(json_values)
def test_codec_round_trip(data: Any) -> None:
    codec = JsonCodec(compress_over=64)
    assert codec.decode(codec.encode(data)) == data


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_codec_rejects_garbage_cleanly(payload: bytes) -> None:
    try:
        JsonCodec().decode(payload)
    except CorruptRecord as error:
        assert str(error).startswith("record:")
