"""Table records written before read back as they were and are written back to the same bytes.

Each record below is a table's stored payload as the program wrote it (the codec's JSON, before
compression): a match in play with two finished games packed and its move clock running, a money
session with its folded score and its recent games kept for analysis, a table with every field
set, a chouette in play.  Reading one and writing it again gives the same bytes: what is stored
does not depend on how the program holds a table in memory.
"""

from __future__ import annotations

import json
import zlib

import pytest

from bot.app import Table
from bot.app.queries import facts
from bot.app.table import CODEC, Lobby, MoveClock, Placement

MATCH = (
    b'{"s":2,"d":{"mode":"match","variant":"backgammon","creator":"telegram:1","length":7,'
    b'"options":{},"stage":"play","seats":[["telegram:1","Alice"],["telegram:2","Bob"]],"v'
    b'ersion":35,"games":0,"match":{"v":2,"variant":"backgammon","length":7,"games":[{"v":'
    b'2,"variant":"backgammon","pos":"4HPwARTgc/ABBQ","phase":"move","options":{"jacoby":f'
    b'alse},"turn":0,"dice":[5,6],"log":"1?<dY1^","match":[7,1,1,0],"first":0}],"played":['
    b'2,0,"2?(}!#4&KOx&a9Z4k2Vt+@dxG"]},"board":"m36.1","bv":35,"clock":3600,"deadline":17'
    b'00003600.25,"lang":"en","mid":"2f1e1077b023","dice":["52836c7e6450b0dd76ad7c4bf58bb4'
    b'2739b2c1aec8be6a460e281e9463680a35","2f1e1077b023.3",["62e6e282657c","78c3a96711eb"]'
    b',6],"cs":{"telegram:1":"62e6e282657c","telegram:2":"78c3a96711eb"},"dm":"cd072cd8be6'
    b'f9f62ac4c09c28206e7e35594aa6b342f5d0a3a5e4842fab428f7","ws":1700000000.2}}'
)

MONEY = (
    b'{"s":2,"d":{"mode":"money","variant":"backgammon","creator":"telegram:1","length":0,'
    b'"options":{},"stage":"play","seats":[["telegram:1","Alice"],["telegram:2","Bob"]],"v'
    b'ersion":77,"games":0,"match":{"v":2,"variant":"backgammon","length":0,"games":[{"v":'
    b'2,"variant":"backgammon","pos":"4HPwQQjgc/ABMA","phase":"move","turn":1,"dice":[4,3]'
    b',"log":"1ZL3^","first":0}]},"board":"m77.1","bv":77,"lang":"en","carry":[6,4,10],"mi'
    b'd":"08e225965d36","dice":["7e542cbd99e94098b3d838e494d71bad51d752b776775535a6fef82f7'
    b'd6ba29c","08e225965d36.11",["62e6e282657c","78c3a96711eb"],6],"cs":{"telegram:1":"62'
    b'e6e282657c","telegram:2":"78c3a96711eb"},"dm":"cd072cd8be6f9f62ac4c09c28206e7e35594a'
    b'a6b342f5d0a3a5e4842fab428f7","ws":1700000000.2,"rec":{"v":2,"variant":"backgammon","'
    b'length":0,"games":[{"v":2,"variant":"backgammon","pos":"4PPgASTgc/ABMA","phase":"ove'
    b'r","turn":0,"dice":[6,6],"result":[1,1,1,"resign"],"log":"3i|0Flkf!8JO","score":[4,3'
    b'],"first":1}],"played":[7,0,"2L>Fhz{M>G2L>XM0bP;_2L^VCS*M8v2L>*JVN{(62L?pVjN9A@2L?#q'
    b'U{sw52L{_b$315Q"]}}}'
)

EVERY_FIELD = (
    b'{"s":2,"d":{"mode":"match","variant":"backgammon","creator":"telegram:1","length":7,'
    b'"options":{"jacoby":false},"stage":"play","seats":[["telegram:1","Alice"],["telegram'
    b':2","Bob"]],"version":35,"games":0,"invited":["telegram:5"],"match":{"v":2,"variant"'
    b':"backgammon","length":7,"games":[{"v":2,"variant":"backgammon","pos":"4HPwARTgc/ABB'
    b'Q","phase":"move","options":{"jacoby":false},"turn":0,"dice":[5,6],"log":"1?<dY1^","'
    b'match":[7,1,1,0],"first":0}],"played":[2,0,"2?(}!#4&KOx&a9Z4k2Vt+@dxG"]},"settings":'
    b'{"view":"text","home":"left","swap":true,"auto_roll":true,"ratings":false,"threads":'
    b'false},"board":"m36.1","bv":35,"abort":"telegram:2","clock":3600,"deadline":17000036'
    b'00.25,"reminded":true,"lang":"en","held":["eve","telegram:1",1700001000.5],"forfeit"'
    b':1,"setup":"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10","mid":"2f1e1077b023'
    b'","dice":["52836c7e6450b0dd76ad7c4bf58bb42739b2c1aec8be6a460e281e9463680a35","2f1e10'
    b'77b023.3",["62e6e282657c","78c3a96711eb"],6],"cs":{"telegram:1":"62e6e282657c","tele'
    b'gram:2":"78c3a96711eb"},"dm":"cd072cd8be6f9f62ac4c09c28206e7e35594aa6b342f5d0a3a5e48'
    b'42fab428f7","fg":true,"hints":false,"ha":["telegram:1","telegram:2"],"origin":"teleg'
    b'ram:-1","ws":1700000000.2,"pend":[["2f1e1077b023.2",["telegram:1","telegram:2"],null'
    b',null,null,0,1700000123.5,[{"games":1},{"games":1}]]],"nt":["Bob rolled 53.","Bob pl'
    b'ayed 8/3 6/3."],"sd":[["1",["62e6e282657c","78c3a96711eb"],"31 64 55 21"]]}}'
)

CHOUETTE = (
    b'{"s":2,"d":{"mode":"chouette","variant":"backgammon","creator":"telegram:600","lengt'
    b'h":0,"options":{},"stage":"play","seats":[["telegram:600","Player 600"],["new3","Pla'
    b'yer ew3"],["new4","Player ew4"],["new1","Player ew1"],["telegram:602","Player 602"],'
    b'["telegram:603","Player 603"],["new5","Player ew5"]],"version":57,"games":3,"chouett'
    b'e":{"v":2,"kind":"chouette","variant":"backgammon","options":{},"roster":{"box":"tel'
    b'egram:600","team":["new3","new4","new1","telegram:602","telegram:603","new5"]},"ledg'
    b'er":{"players":["telegram:600","telegram:602","telegram:603","telegram:601","new1","'
    b'new2","new3","new4","new5"],"payments":[[2,"new3","telegram:603",1,"pass"],[2,"teleg'
    b'ram:602","telegram:603",1,"pass"],[2,"new1","telegram:603",1,"pass"],[2,"telegram:60'
    b'3","telegram:600",2,"box_pass"],[2,"telegram:603","new4",2,"box_pass"],[3,"telegram:'
    b'602","telegram:600",1,"pass"],[3,"new5","telegram:600",1,"pass"]],"carried":[-11,-1,'
    b'8,-2,8,-2]},"games":3,"seating":{"rounds":[[["telegram:600",5],["telegram:601",1],["'
    b'telegram:602",4],["telegram:603",3]]],"order":["telegram:600","telegram:602","telegr'
    b'am:603","telegram:601"]},"current":{"number":3,"box":"telegram:600","members":[{"nam'
    b'e":"new3"},{"name":"new4","answer":"take"},{"name":"new1","answer":"take"},{"name":"'
    b'telegram:602","status":"passed"},{"name":"telegram:603"},{"name":"new5","status":"pa'
    b'ssed"}],"captain":"new3","game":{"v":2,"variant":"backgammon","pos":"xNfgATDgc/ABMA"'
    b',"phase":"doubled","turn":0,"log":"0|yoS","first":1}},"log":[[2,"telegram:603","new_'
    b'game"],[2,"telegram:603","double",2],[2,"new3","pass",1],[2,"telegram:602","pass",1]'
    b',[2,"telegram:600","take",2],[2,"new5","join",1],[2,"new4","take",2],[2,"new1","pass'
    b'",1],[2,"telegram:600","acting_captain"],[2,"telegram:600","vote","yes"],[2,"new4","'
    b'vote","yes"],[2,"telegram:600","double",4],[2,"telegram:603","pass",4],[2,"telegram:'
    b'600","end",1,"box_pass",0],[3,"telegram:600","new_game"],[3,"telegram:600","double",'
    b'2],[3,"new1","take",2],[3,"telegram:602","pass",1],[3,"new4","take",2],[3,"new5","pa'
    b'ss",1]]},"lang":"en"}}'
)

RECORDS = {"match": MATCH, "money": MONEY, "every_field": EVERY_FIELD, "chouette": CHOUETTE}


def _json_of(payload: bytes) -> bytes:
    return payload if payload[:1] == b"{" else zlib.decompress(payload)


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_record_read_and_written_again_is_the_same_bytes(name: str) -> None:
    record = RECORDS[name]
    table = Table.from_dict(CODEC.decode(record))
    payload = table.encode()
    assert _json_of(payload) == record
    # What the program wrote for it, compressed when long, to the byte.
    assert payload == CODEC.encode(json.loads(record)["d"])
    assert Table.from_dict(CODEC.decode(payload)) == table


def test_a_match_in_play_reads_as_it_was_written() -> None:
    table = Table.from_dict(CODEC.decode(MATCH))
    match = table.state()
    assert (match.number, match.score, match.played.count) == (3, (1, 1), 2)
    known = facts(table)
    assert known.to_act == ("telegram:1",) and known.deadline == 1700003600.25
    assert known.board_message == "m36.1" and known.ids


def test_a_money_session_keeps_its_carry_and_recent_games() -> None:
    table = Table.from_dict(CODEC.decode(MONEY))
    assert table.session_score(table.state()) == (6, 4)
    assert table.past.dropped == 10
    assert table.past.recent is not None and table.past.recent.played.count == 7


def test_every_stored_value_reads_into_its_record() -> None:
    table = Table.from_dict(CODEC.decode(EVERY_FIELD))
    assert table.clock == MoveClock(3600, 1700003600.25, True, 1700000000.2)
    assert table.lobby == Lobby(
        ("telegram:5",),
        ("eve", "telegram:1", 1700001000.5),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
        False,
        ("telegram:1", "telegram:2"),
    )
    notes = ("Bob rolled 53.", "Bob played 8/3 6/3.")
    assert table.place == Placement("telegram:-1", "m36.1", 35, True, notes)
    assert table.dice.match_id == "2f1e1077b023" and table.dice.current is not None
    assert table.dice.current.seed.game_id == "2f1e1077b023.3" and table.dice.master is not None
    assert table.dice.client_seeds == {"telegram:1": "62e6e282657c", "telegram:2": "78c3a96711eb"}
    seeds = ("62e6e282657c", "78c3a96711eb")
    assert table.dice.shown == (("1", seeds, "31 64 55 21"),)
    assert len(table.past.pending) == 1 and table.past.dropped == 0
    assert (table.abort_by, table.forfeit, table.lang) == ("telegram:2", 1, "en")
