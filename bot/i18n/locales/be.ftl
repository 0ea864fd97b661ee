# Беларускі каталог бота для нардаў (сінтаксіс Project Fluent).
# Тыя ж паведамленні і тыя ж падстаноўкі, што ў en.ftl.

## Тэрміны

-backgammon = кароткія нарды
-nardy = доўгія нарды
-gammon = марс
-backgammon-win = кокс
-cube = куб
-chouette = шуэт
-box = бокс
-captain = капітан
-crawford = Кроўфард

## Словы

variant-backgammon = Кароткія нарды
variant-nardy = Доўгія нарды
mode-match = { $length ->
    [one] матч да { $length } ачка
   *[other] матч да { $length } ачкоў
}
mode-money = гульня на грошы
mode-chouette = { -chouette }
language-name = Беларуская
language-en = English
language-ru = Русский
language-uk = Українська
language-be = Беларуская

## Лічэбныя словы ($count)

duration-minutes = { $count ->
    [one] { $count } хвіліна
    [few] { $count } хвіліны
    [many] { $count } хвілін
   *[other] { $count } хвіліны
}
duration-hours = { $count ->
    [one] { $count } гадзіна
    [few] { $count } гадзіны
    [many] { $count } гадзін
   *[other] { $count } гадзіны
}
duration-days = { $count ->
    [one] { $count } дзень
    [few] { $count } дні
    [many] { $count } дзён
   *[other] { $count } дня
}

## Кнопкі

button-roll = Кінуць
button-double = Падвоіць
button-take = Прыняць
button-pass = Пас
button-beaver = Бабёр
button-accept = Пагадзіцца
button-decline = Адмовіцца
button-undo = Адмяніць крок
button-confirm = Пацвердзіць
button-join = Сесці за стол
button-start = Пачаць
button-abort = Перапыніць
button-free-seat = Вызваліць месца
button-resign-single = Здацца без марса
button-resign-gammon = Здацца з марсам
button-resign-backgammon = Здацца з коксам
button-claim-game = Забраць партыю
button-claim-match = Забраць матч
button-vote-double = Падвоіць { -box }
button-vote-no-double = Не падвойваць

## Хады і падзеі партыі

game-started = { $player } — { $opponent }: партыя пачынаецца.
opening-roll = Розыгрыш першага ходу: { $player } { $die1 }, { $opponent } { $die2 }.
opening-tie = У абодвух { $die }; кідаем яшчэ раз.
opening-first = Пачынае { $player }: { $dice }.
auto-double = Роўныя косці ў розыгрышы: { -cube } становіцца на { $value }.
turn-roll-or-double = { $player }, ваш ход: кідайце або падвойвайце.
turn-roll = { $player }, ваш ход: кідайце.
turn-move = { $player } гуляе { $dice }.
event-rolled = { $player } кідае { $dice }.
event-forced = Магчымы толькі адзін ход: { $play } (згуляны аўтаматычна).
event-no-play = { $player } не можа згуляць { $dice }; ход пераходзіць.
event-play-ready = Ход складзены: { $play }. Націсніце «Пацвердзіць».
group-steps-hint = Націскайце крок для кожнага кубіка (адказы бачыце толькі вы), потым «Пацвердзіць».
group-step-made = Пакуль згуляна: { $play }. Засталося згуляць: { $dice }.
group-step-none = Крок адменены: пакуль нічога не згуляна.
event-doubles = { $player } падвойвае да { $value }.
event-beavers = { $player } аб'яўляе бабра і пакідае { -cube } на { $value } у сябе.
event-takes = { $player } прымае падваенне і забірае { -cube } на { $value }.
event-beaver-accepted = { $player } прымае бабра: { -cube } на { $value }, уладальнік — { $owner }.
event-beaver-refused = { $player } адмаўляецца ад бабра і губляе { $points ->
    [one] { $points } ачко
    [few] { $points } ачкі
    [many] { $points } ачкоў
   *[other] { $points } ачка
}.
event-resign-offer = { $player } прапануе здацца { $kind ->
    [gammon] з марсам
    [backgammon] з коксам
   *[single] без марса
}.
event-resign-accepted = { $player } згаджаецца: партыя здадзена.
event-resign-declined = { $player } не згаджаецца; гульня працягваецца.
result-win = { $player } выйграе { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партыю
}: { $points ->
    [one] { $points } ачко
    [few] { $points } ачкі
    [many] { $points } ачкоў
   *[other] { $points } ачка
}.
result-draw = Нічыя.
result-resigned = { $player } здаецца.
result-passed = { $player } не прымае падваенне.
score-match = Лік: { $player } { $score }, { $opponent } { $opponent_score } (матч да { $length }).
score-money = Лік гульні на грошы: { $player } { $score }, { $opponent } { $opponent_score }.
match-won = { $player } выйграе матч { $score }–{ $opponent_score }.
match-crawford = Партыя Кроўфарда: у гэтай партыі падвойваць нельга.
match-post-crawford = Пасля Кроўфарда: { -cube } зноў у гульні.
pips-line = Піпсы: { $player } { $pips }, { $opponent } { $opponent_pips }.

## Стол

table-created = Новы стол, { $variant }: { $mode }. Націсніце «Сесці за стол».
table-options = Умовы: { $options }
table-left = { $player } пакідае стол.
table-full = Стол заняты; можна глядзець.
table-invited = { $player } запрашае { $invitee }.
table-seat-reserved = Гэтае месца пакінута для { $invitee }.
table-abort-requested = { $player } прапануе перапыніць партыю; сапернік згаджаецца камандай { $cmd_abort }.
table-aborted = Партыя перапынена.
table-game-running = Тут ужо ідзе гульня. Скончыць яе: { $cmd_abort } (па згодзе абодвух) або { $cmd_resign }.

## Умовы гульні (RULES.md 2.1 і 5)

option-jacoby = правіла Якобі: { $value }
option-auto-doubles = аўтападваенні: { $value } (не больш за { $count })
option-beaver = бабры: { $value }
option-backgammon-counts = { -backgammon-win } каштуе { $count ->
    [one] { $count } ачко
    [few] { $count } ачкі
    [many] { $count } ачкоў
   *[other] { $count } ачка
}
option-cube-progression = прыступкі куба: { $value ->
    [arithmetic] 1, 2, 3, 4…
   *[geometric] 1, 2, 4, 8…
}
option-gammons-with-cube = { -gammon } пасля падваення: { $value }
option-cube-limit = мяжа куба: { $value }
option-prime-rule = блок з шасці пунктаў запар: { $value ->
    [home] можна, калі шашка саперніка ўжо ў доме
   *[ahead] можна, калі наперадзе ёсць шашка саперніка
}
option-koks = { -backgammon-win } (3 ачкі): { $value }
option-last-roll-draw = апошні кідок на нічыю: { $value }
option-next-game-starts = наступную партыю пачынае: { $value ->
    [alternate] па чарзе
   *[winner] пераможца
}
option-no-cube = гульня без куба
option-cube-on = гульня з кубам
option-draw-points = нічыя: { $value ->
    [one] па ачку кожнаму
   *[half] па паўачка кожнаму
}

## Шуэт

chouette-lobby = Збор на { -chouette }: { $count ->
    [one] { $count } гулец
    [few] { $count } гульцы
    [many] { $count } гульцоў
   *[other] { $count } гульца
} за сталом. Далучайцеся; гульня пачнецца, калі збяруцца трое або больш.
chouette-seat-roll = Кідкі за месцы: { $rolls }
chouette-box = Бокс: { $player }
chouette-captain = Капітан: { $player }
chouette-team = Каманда: { $players }
chouette-proposal = { $player } прапануе { $play }.
chouette-vote = Каманда галасуе за падваенне бокса: { $yes } з { $total } за.
chouette-ledger = Разлік:
chouette-ledger-line = { $player }: { NUMBER($points, signDisplay: "always") }

## Гадзіннік на ход (гульня па перапісцы)

clock-off = Час на ход не абмежаваны.
clock-set = Час на ход: { $duration }.
clock-reminder = { $player }, час на ход: яшчэ { $left }.
clock-expired = У гульца { $player } скончыўся час. { $opponent } можа забраць { $what ->
    [match] матч
   *[game] партыю
} камандай { $cmd_claim }.
clock-claimed = { $player } выйграе { $what ->
    [match] матч
   *[game] партыю
} па часе.

## Статыстыка

stats-line = { $player }: партый { $games }, перамог { $wins }, марсаў { $gammons }, коксаў { $backgammons }.
stats-none = Згуляных партый яшчэ няма.

## Налады

settings-title = Налады
settings-board = Дошка: { $style ->
    [text] тэкст
   *[image] малюнак
}
settings-home = Дом: { $side ->
    [left] унізе злева
   *[right] унізе справа
}
settings-swap-sides = Мяняць бакі пасля кожнай партыі: { $value }
settings-language = Мова: { $language }
settings-auto-roll = Кідаць аўтаматычна, калі няма рашэння па кубе: { $value }
settings-saved = Налады захаваныя.

## Экспарт

export-position = Position ID: { $position_id }  Match ID: { $match_id }
export-xgid = XGID: { $xgid }
export-match-file = Файл матча дададзены ({ $name }).

## Даведка (па паведамленні на каманду; .usage — аргументы, .more — іх тлумачэнне; help-group-* — загалоўкі спіса)

help-title = Каманды:
help-group-start = Пачаць гульню
help-group-play = Гульня
help-group-cube = Куб падваення
help-group-info = Правілы і звесткі
help-group-settings = Налады
help-footer = Напішыце назву каманды пасля { $cmd_help }, каб даведацца яе параметры; правілы абедзвюх гульняў: { $cmd_rules }.
help-new = адкрыць стол: кароткія або доўгія нарды; матч, гульня на грошы або { -chouette }
    .usage = /new [backgammon|nardy] [N|money|chouette] [bot [узровень]] [опцыя=значэнне …]
    .more = Словы — у любым парадку:
        • nardy — доўгія нарды (без яго — кароткія);
        • N — матч да N ачкоў, ад 1 да { $max } (без ліку — да 5 у кароткіх нардах, да 1 у доўгіх); money — гульня на грошы; chouette — { -chouette }, кароткія нарды для 3–8 гульцоў;
        • bot — сапернік-камп'ютар, з узроўнем: { $levels } (без узроўню — { $level });
        • опцыя=значэнне — опцыя стала: { $options }.
        Што робіць опцыя: { $cmd_rules_option }. Прыклад: { $cmd_new_money_beaver }
help-join = заняць вольнае месца (або запісацца на { -chouette })
    .usage = /join
help-invite = пакінуць месца саперніка для названага гульца
    .usage = /invite @імя | off
    .more = Вольнае месца за вашым сталом чакае гэтага гульца 24 гадзіны, і ніхто іншы яго не зойме; off вызваляе месца для ўсіх. Калі партыя ўжо ідзе або гэта { -chouette }, запрашэнне толькі абвяшчаецца.
help-leave = пакінуць стол або збор
    .usage = /leave
help-abort = перапыніць партыю (са згоды абодвух або стваральнікам стала да першага кідка)
    .usage = /abort
help-roll = кінуць косці
    .usage = /roll
help-move = згуляць ход у натацыі; у свой ход можна пісаць адну натацыю
    .usage = /move 24/18 13/11
    .more = Ход запісваюць ад пункта да пункта, у сваёй нумарацыі: 24/18 13/11; bar/22 — увод з бара, 6/off — выкідванне шашкі, 8/5(2) — дзве шашкі, 13/7 — адна шашка на абодва лікі, * — бой (13/7*). Напісаны ход робіцца адразу і перадае косці; кнопкамі ход складаюць крок за крокам, пакуль вы яго не пацвердзіце.
help-undo = адмяніць апошні крок ходу, які вы складаеце
    .usage = /undo
help-confirm = пацвердзіць ход і перадаць косці
    .usage = /confirm
help-double = прапанаваць падваенне да кідка
    .usage = /double
    .more = Толькі перад сваім кідком, калі { -cube } пасярэдзіне або ў вас; нельга ў партыі Кроўфарда, за сталом без куба і вышэй за мяжу куба. Сапернік прымае, кажа «пас» або, у гульні на грошы з beaver=on, аб'яўляе бабра. Падрабязней: { $cmd_rules_cube }
help-take = прыняць падваенне
    .usage = /take
help-pass = пас: не прыняць падваенне і прайграць партыю па цяперашняй стаўцы
    .usage = /pass
help-beaver = адразу перападвоіць і пакінуць куб сабе (гульня на грошы, калі дазволена)
    .usage = /beaver
    .more = Замест таго каб прыняць падваенне, вы адразу перападвойваеце і пакідаеце { -cube } сабе. Той, хто падвоіў, прымае — { -cube } падымаецца на дзве прыступкі і застаецца ў вас — або адмаўляецца і прайграе падвоеную стаўку. Толькі ў гульні на грошы з beaver=on: { $cmd_rules_beaver }
help-resign = прапанаваць здацца: без марса, з марсам або з коксам
    .usage = /resign [single|gammon|backgammon]
    .more = Вы прапануеце саперніку партыю як звычайную перамогу (па змаўчанні, або 1), з марсам (gammon, 2) або з коксам (backgammon, 3); яна лічыцца так, быццам яе дагулялі, з кубам. Сапернік згаджаецца або адмаўляецца; да адказу нічога іншага зрабіць нельга.
help-accept = пагадзіцца, калі сапернік прапануе здацца
    .usage = /accept
help-decline = не пагадзіцца, калі сапернік прапануе здацца, і гуляць далей
    .usage = /decline
help-board = паказаць дошку яшчэ раз
    .usage = /board
help-score = паказаць лік матча або гульні на грошы
    .usage = /score
help-pips = паказаць піпсы
    .usage = /pips
help-hint = парада для вашага рашэння зараз: куб або найлепшыя хады з іх эквіці
    .usage = /hint
    .more = Перад кідком — ці падвойваць; калі вам прапанавалі падваенне — прыняць ці пас; пасля кідка — найлепшыя хады, у кожнага кнопка, якая яго гуляе. Кароткія нарды ацэньвае GNU Backgammon, доўгія — уласны рухавік бота. Ці ёсць падказкі за сталом, вырашае опцыя hints: { $cmd_rules_hints }
help-analysis = разбор згуляных партый камп'ютарам: памылкі кожнага гульца, PR і ўдача, найгоршыя рашэнні
    .usage = /analysis
help-help = спіс каманд па групах або даведка пра адну з яе параметрамі
    .usage = /help [каманда]
    .more = Без слова — усе каманды па групах. З назвай каманды — як яе пісаць, што яна робіць і яе параметры. З опцыяй стала або тэмай правіл (nardy, cube …) — гэтыя правілы.
help-rules = правілы абедзвюх гульняў, куба, матча, шуэта і ўсіх опцый стала
    .usage = /rules [тэма]
    .more = Тэмы: { $topics }. Без тэмы — абедзве гульні коратка і што спытаць далей.
help-export = пазіцыя як ID GNU Backgammon і XGID, матч — файлам .mat
    .usage = /export
help-settings = дошка малюнкам ці тэкстам, бок дома, змена бакоў пасля партыі, аўтаматычны кідок, мова
    .usage = /settings [налада значэнне]
    .more = Без слоў — налады з кнопкамі. Словамі:
        • view image | text — дошка малюнкам ці тэкстам;
        • home right | left — ваш дом унізе справа ці злева;
        • swap on | off — мяняць бакі пасля кожнай партыі;
        • autoroll on | off — кідаць косці за вас, калі няма рашэння з кубам;
        • language en | ru | uk | be — ваша мова, усюды;
        • для адміністратара чата: ratings on | off — рэйтынгавыя гульні тут; threads on | off — у Discord асобная галінка для кожнай партыі.
        Дошка, дом, змена бакоў і кідок — налады стала; мова — ваша.
help-clock = час на ход: off — без абмежавання, або хвіліны, гадзіны, дні на ход
    .usage = /clock off|30m|12h|3d
    .more = За сталом на дваіх: час на кожны ход — хвіліны (30m; лік без літары — таксама хвіліны), гадзіны (12h) або дні (3d), да 90 дзён; off — без абмежавання. Перад канцом часу прыходзіць напамін; калі час скончыўся, сапернік можа забраць партыю: { $cmd_claim }
help-claim = забраць партыю (або матч), калі час саперніка скончыўся
    .usage = /claim [match]
    .more = Калі час саперніка на ход скончыўся, партыя ваша, быццам ён здаўся без марса (або сказаў «пас» на падваенне, на якое павінен быў адказаць); у матчы { $cmd_claim_match } забірае ўвесь матч.
help-language = выбраць мову
    .usage = /language en|ru|uk|be
    .more = Ваша мова для адказаў бота, ва ўсіх чатах (у астатніх — свая): en — англійская, ru — руская, uk — украінская, be — беларуская.
help-stats = вашы партыі, перамогі, марсы і коксы
    .usage = /stats

## Правілы (rules ТЭМА: rules-<тэма>, rules-option-<опцыя>; .title — тэма ў спісах)

rules-overview = Тут гуляюць у дзве гульні на адной дошцы з тымі ж касцямі:
    • кароткія нарды (бэкгамон) — гульцы ідуць насустрач адзін аднаму, адзіночную шашку можна пабіць: { $cmd_rules_backgammon }
    • доўгія нарды — усе шашкі пачынаюць з галавы, абодва гульцы ідуць у адзін бок, бою няма: { $cmd_rules_nardy }

    Яшчэ:
    • { $cmd_rules_cube } — куб падваення: прыняць, пас, бабёр, правіла Якобі, аўтападваенні
    • { $cmd_rules_match } — матч да N ачкоў, гульня на грошы, правіла Кроўфарда
    • { $cmd_rules_chouette } — шуэт, гульня ўтрох і больш
    • { $cmd_rules_option } — опцыя стала: { $options }

    Опцыі задаюць, калі адкрываюць стол, напрыклад { $cmd_new_money_beaver }.
rules-backgammon = Кароткія нарды. У кожнага гульца 15 шашак; на пачатку яны стаяць так (нумары пунктаў — са свайго боку): 2 на 24-м пункце, 5 на 13-м, 3 на 8-м, 5 на 6-м. Гульцы ідуць насустрач адзін аднаму, ад 24-га пункта да 1-га; пункты 1–6 — ваш дом. Мэта — прывесці ўсе 15 шашак у дом і выкінуць іх з дошкі раней за саперніка.

    Першы ход: кожны кідае адну косць; у каго лік большы, той ходзіць першым і гуляе абодва лікі, што выпалі. Далей кідаюць дзве косці па чарзе; дубль гуляецца чатыры разы. Калі можна згуляць абодва лікі, трэба гуляць абодва; калі толькі адзін — гуляюць яго; калі падыходзіць любы, але не абодва разам, — большы. Адна шашка можа прайсці абодва лікі, калі прамежкавы пункт адкрыты.

    Пункт, дзе стаяць дзве і больш шашкі саперніка, закрыты. Адзіночная шашка (блот) пабітая, калі на яе стала шашка саперніка: яе ставяць на бар. Пакуль у вас ёсць шашкі на бары, іншыя хады недаступныя: спачатку іх уводзяць у дом саперніка — пры 3 на яго 3-і пункт (ваш 22-і), калі ён адкрыты. Калі не ўваходзіць ніводны лік, ход прапускаецца.

    Выкідванне — калі ўсе 15 шашак у доме: выпала 4 — выкіньце шашку з 4-га пункта. Калі там пуста, а на старэйшых пунктах шашкі ёсць, згуляйце шашкай са старэйшага пункта; калі вышэй няма ніводнай, выкідваецца шашка з самага старэйшага занятага пункта.

    Вынік: звычайная перамога — 1 ачко; марс — той, хто прайграў, не выкінуў ніводнай шашкі — 2; кокс — да таго ж у яго ёсць шашка на бары або ў доме пераможцы — 3. Усё гэта множыцца на куб: { $cmd_rules_cube }
    .title = Кароткія нарды
rules-nardy = Доўгія нарды. Усе 15 шашак кожнага гульца стаяць на пачатку на адным пункце — галаве (сваім 24-м); галовы — у процілеглых вуглах, і абодва гульцы вядуць шашкі ў адзін бок, па крузе супраць гадзіннікавай стрэлкі, да свайго дома (пункты 1–6) і выкідаюць іх адтуль.

    Хто пачынае: кожны кідае адну косць; у каго больш, той ходзіць першым і кідае абедзве косці нанова.
    Галава: з галавы за ход можна ўзяць толькі адну шашку. Выключэнне — першы кідок 6-6, 4-4 ці 3-3: можна зняць дзве, бо адной шашкай увесь ход не згуляць — перашкаджае галава саперніка.
    Бою няма: на пункт, дзе стаіць хоць адна шашка саперніка, станавіцца нельга; адна шашка закрывае пункт.
    Блок: нельга будаваць загароду з шасці пунктаў запар, калі наперадзе яе няма ніводнай шашкі саперніка, — усе 15 шашак саперніка замыкаць нельга, нават прабегам, падчас ходу.
    Дубль гуляецца чатыры разы; абодва лікі трэба згуляць, калі можна, інакш большы; што згуляць нельга, прападае.

    Выкідванне — як у кароткіх нардах, калі ўсе 15 шашак у доме. Вынік: оін — 1 ачко (той, хто прайграў, выкінуў хоць адну шашку), марс — 2 (ніводнай). Кокс — 3 ачкі, толькі з koks=on. Нічыіх няма, калі last_roll_draw=on не дае другому гульцу апошняга кідка. Гуляюць без куба (cube=on — з кубам); наступную партыю пачынае пераможца.
    Опцыі: { $nardy_options } — { $cmd_rules_option }
    .title = Доўгія нарды
rules-cube = Куб падваення. Партыя пачынаецца з коштам 1, куб пасярэдзіне. Перад сваім кідком гулец можа прапанаваць падваенне, калі куб пасярэдзіне або ў яго. Сапернік:
    • прымае — партыя каштуе ўдвая больш, куб пераходзіць да яго, і наступнае падваенне можа прапанаваць толькі ён;
    • кажа «пас» — не прымае падваенне і прайграе партыю па ранейшым кошце.
    Куб расце: 2, 4, 8 … да 64. Вынік партыі множыцца на куб: марс пры кубе на 4 — 8 ачкоў.

    Толькі ў гульні на грошы:
    • правіла Якобі (jacoby, уключана): марс і кокс лічацца толькі пасля прынятага падваення;
    • бабёр (beaver=on): гулец, якому прапанавалі падваенне, можа адразу перападвоіць, пакінуўшы куб сабе; той, хто падвоіў, прымае або прайграе падвоеную стаўку;
    • аўтападваенні (auto_doubles=on): аднолькавыя косці пры розыгрышы першага ходу падвойваюць куб, ён застаецца пасярэдзіне; не больш за max_auto_doubles за партыю (1).
    У матчы правіла Кроўфарда забараняе падваенне ў адной партыі: { $cmd_rules_match }
    gammons_with_cube=off — пасля падваення марсаў няма.
    Опцыя cube — on, off: ці гуляць з кубам наогул; па змаўчанні on у кароткіх нардах, off у доўгіх.
    .title = Куб падваення
rules-match = Матч гуляюць да N ачкоў ({ $cmd_new_length }; без ліку — да 5 у кароткіх нардах, да 1 у доўгіх). Ачкі кожнай партыі, з кубам, атрымлівае пераможца; хто першым набярэ N, выйграе матч. У доўгіх нардах пасля нічыі трэба яшчэ і быць наперадзе.

    Правіла Кроўфарда: калі аднаму з гульцоў упершыню застаецца адно ачко да перамогі, наступная партыя — партыя Кроўфарда — гуляецца без падваенняў. Пасля яе куб зноў у гульні, нават калі і другому гульцу застанецца адно ачко.

    У матчы правіла Якобі, бабры і аўтападваенні не дзейнічаюць.

    Гульня на грошы ({ $cmd_new_money }): партыі ідуць адна за адной, лік назапашваецца, канца няма; дзейнічаюць опцыі гульні на грошы: { $cmd_rules_cube }
    .title = Матч і правіла Кроўфарда
rules-chouette = Шуэт — кароткія нарды на грошы для 3–8 гульцоў ({ $cmd_new_chouette }; калі ўсе запісаліся, стваральнік стала пачынае). Кожны кідае адну косць: у каго найбольш — бокс, ён гуляе адзін супраць астатніх, каманды; другі — капітан, ён кідае косці і ходзіць за каманду; астатнія становяцца за ім у парадку кідкоў. Члены каманды могуць раіць хады і дзеянні з кубам, вырашае капітан.

    Падваенне боксу каманда прапануе, толькі калі згодныя ўсе. Калі падвойвае бокс, кожны член каманды адказвае сам: хто прыняў, гуляе далей па новай стаўцы; хто сказаў «пас», плаціць бягучую стаўку і выбывае з партыі. Таму ў кожнага свой куб і свая стаўка.

    Пасля партыі: калі каманда прайграла, бокс застаецца, капітан ідзе ў канец каманды, капітанам становіцца наступны; калі выйграла — капітан становіцца боксам, а ранейшы бокс становіцца ў канец каманды. Дзейнічаюць опцыі гульні на грошы, у тым ліку бабры і правіла Якобі.
    .title = Шуэт
rules-option-jacoby = правіла Якобі. У гульні на грошы марс і кокс лічацца як звычайная перамога, пакуль у партыі не было прынятага падваення (бабёр лічыцца прынятым падваеннем, аўтападваенне — не).
    Значэнні: on, off. Па змаўчанні: on у кароткіх нардах на грошы і ў шуэце, off у доўгіх нардах; у матчы не дзейнічае.
    Прыклад: { $example }
    .title = марс і кокс — толькі пасля прынятага падваення
rules-option-beaver = бабры, толькі ў гульні на грошы. Гулец, якому прапанавалі падваенне, можа замест таго, каб прыняць, адразу перападвоіць — аб'явіць бабра — і пакінуць куб сабе; той, хто падвоіў, альбо прымае (куб падымаецца на дзве прыступкі і застаецца ў таго, хто аб'явіў бабра), альбо адмаўляецца і прайграе партыю па падвоенай стаўцы.
    Значэнні: on, off. Па змаўчанні: off; у матчы не дзейнічае.
    Прыклад: { $example }
    .title = можна адразу перападвоіць, пакінуўшы куб сабе
rules-option-auto-doubles = аўтападваенні, у гульні на грошы з кубам. Аднолькавыя косці пры розыгрышы першага ходу падымаюць куб на прыступку; ён застаецца пасярэдзіне (падвоіць, як і раней, можа любы), а косці перакідваюць. Не больш за max_auto_doubles за партыю; далей аднолькавыя косці проста перакідваюць.
    Значэнні: on, off. Па змаўчанні: off; у матчы не дзейнічае.
    Прыклад: { $example }
    .title = аднолькавыя косці на розыгрышы падвойваюць куб
rules-option-max-auto-doubles = колькі аўтападваенняў можа быць за адну партыю (пры auto_doubles=on); вышэй за cube_limit куб не падымаецца.
    Значэнні: 0 і больш. Па змаўчанні: 1.
    Прыклад: { $example }
    .title = найбольшая колькасць аўтападваенняў за партыю
rules-option-backgammon-counts = колькі каштуе кокс: 3 або, як у некаторых краінах, 2.
    Значэнні: 2, 3. Па змаўчанні: 3 у кароткіх нардах, 2 у доўгіх (там гэта задае опцыя koks).
    Прыклад: { $example }
    .title = кокс каштуе 3 або 2
rules-option-cube-progression = як расце куб: геаметрычна 1, 2, 4, 8 … або арыфметычна 1, 2, 3, 4 …; бабёр — дзве прыступкі.
    Значэнні: geometric, arithmetic. Па змаўчанні: geometric.
    Прыклад: { $example }
    .title = куб 1, 2, 4, 8 … або 1, 2, 3, 4 …
rules-option-gammons-with-cube = off: пасля падваення марсаў няма. Калі куб вышэй за 1 (пасля падваення, бабра ці аўтападваення), марс і кокс лічацца як звычайная перамога. Дзейнічае і ў матчы.
    Значэнні: on, off. Па змаўчанні: on.
    Прыклад: { $example }
    .title = off: пасля падваення марсаў няма
rules-option-cube-limit = найбольшае значэнне куба; падваенне, бабёр ці аўтападваенне вышэй за яго немагчымыя.
    Значэнні: 1 і больш. Па змаўчанні: 64.
    Прыклад: { $example }
    .title = найбольшае значэнне куба
rules-option-last-roll-draw = доўгія нарды. on: калі гулец, які хадзіў першым, выкідае апошнюю шашку, другі атрымлівае апошні кідок; калі ім ён выкідае ўсе свае шашкі, што засталіся, партыя заканчваецца ўнічыю (колькі дае нічыя, задае draw_points). На апошнім кідку падвойваць нельга. off: хто першым выкінуў усе 15 шашак, адразу выйграе.
    Значэнні: on, off. Па змаўчанні: off.
    Прыклад: { $example }
    .title = доўгія нарды: апошні кідок на нічыю
rules-option-draw-points = колькі атрымлівае кожны гулец за нічыю ў доўгіх нардах (пры last_roll_draw=on): half — паўачка, one — ачко. Каб выйграць матч, трэба яшчэ і быць наперадзе.
    Значэнні: half, one. Па змаўчанні: half.
    Прыклад: { $example }
    .title = нічыя: па паўачка ці па ачку кожнаму
rules-option-next-game-starts = хто пачынае другую і наступныя партыі матча ці гульні на грошы: roll — розыгрыш першага ходу, як у першай партыі; winner — пераможца папярэдняй (пасля нічыі — той, хто хадзіў другім); alternate — гульцы па чарзе. Хто пачынае без розыгрышу, адразу кідае абедзве косці. У шуэце першы ход заўсёды разыгрываюць.
    Значэнні: roll, winner, alternate. Па змаўчанні: roll у кароткіх нардах, winner у доўгіх.
    Прыклад: { $example }
    .title = хто пачынае наступную партыю
rules-option-koks = доўгія нарды. on: кокс каштуе 3 ачкі — той, хто прайграў, не выкінуў ніводнай шашкі, і яго шашка яшчэ не выйшла з дома пераможцы (стаіць там або далей). off: такая перамога — марс, 2 ачкі.
    Значэнні: on, off. Па змаўчанні: off.
    Прыклад: { $example }
    .title = доўгія нарды: кокс — 3 ачкі
rules-option-prime-rule = доўгія нарды, блок з шасці пунктаў запар. off: яго можна трымаць, толькі пакуль наперадзе яго ёсць шашка саперніка. on: толькі калі шашка саперніка ўжо зайшла ў свой дом (або выкінута з дошкі).
    Значэнні: on, off. Па змаўчанні: off.
    Прыклад: { $example }
    .title = доўгія нарды: калі можна будаваць блок з шасці пунктаў
rules-option-hints = падказкі за гэтым сталом ({ $cmd_hint }), а не правіла гульні. on: падказку можна папрасіць; off: за гэтым сталом нельга.
    Значэнні: on, off. Па змаўчанні: on у гульні з камп'ютарам, на грошы і ў шуэце; у матчы двух людзей off, калі толькі стваральнік стала не задаў hints=on, а сапернік не сеў з падказкамі.
    Прыклад: { $example }
    .title = ці можна прасіць падказку за гэтым сталом
rules-unknown = Правіл на тэму «{ $topic }» няма. Тэмы: { $topics }.

## Памылкі праграмы

error-generic = Цяпер так нельга.
error-unknown-command = Невядомая каманда { $command }. Спіс каманд: { $cmd_help }.
error-bad-arguments = Няправільныя аргументы для { $command }. Прыклад: { $usage }
error-too-long = Паведамленне занадта доўгае; нічога не зменена.
error-not-seated = Вы не гуляеце за гэтым сталом.
error-stale = Гэтая дошка састарэла: карыстайцеся апошняй.
error-bad-payload = Гэтая кнопка несапраўдная.
error-unavailable = Сховішча гульняў часова недаступнае. Паспрабуйце праз хвіліну.
error-unavailable-kept = Сховішча гульняў не адказвае. Ваш запыт захаваны і будзе выкананы, як толькі яно адкажа.
error-internal = Нешта пайшло не так, нічога не зменена. Паспрабуйце яшчэ раз.
error-outcome-unknown = Сховішча гульняў адказала са спазненнем: ваш ход, магчыма, ужо запісаны. Вось дошка зараз — праверце яе, перш чым паўтараць.
error-outcome-unknown-later = Сховішча гульняў не адказвае: ваш ход, магчыма, ужо запісаны. Паглядзіце { $cmd_board } праз хвіліну, перш чым паўтараць.
app-already-done = Гэта ўжо зроблена — вось стол зараз.
error-no-table = У гэтым чаце яшчэ няма стала. Пачніце камандай { $cmd_new }.
error-not-creator = Гэта можа толькі той, хто адкрыў стол.
error-clock-running = Час саперніка яшчэ не скончыўся.
error-bad-clock = Пазначце час на ход так: off, хвіліны (30m), гадзіны (12h) або дні (3d).
error-unknown-language = Невядомая мова; выберыце en, ru, uk або be.

## Памылкі рухавіка (error-<код>; .detail выкарыстоўвае параметры памылкі)

error-syntax = Не ўдалося прачытаць ход. Пішыце так: 24/18 13/11.
    .detail = Не ўдалося прачытаць «{ $text }». Пішыце ход так: { $example }.
error-backwards = Шашка пайшла б назад.
    .detail = { $move } — ход назад.
error-bad-distance = Ніводная косць гэтага кідка не дае такой адлегласці.
    .detail = { $move }: адлегласць { $pips }, а выпала { $dice }.
error-dice = Косці — гэта два лікі ад 1 да 6.
error-too-many-dice = Для гэтага ходу трэба больш касцей, чым выпала.
    .detail = Для { $moves } трэба больш касцей, чым { $dice }.
error-no-such-die = Такі лік не выпаў.
    .detail = У кідку { $dice } няма { $die }.
error-no-checker = Там няма вашай шашкі.
    .detail = На { $point } няма вашай шашкі.
    .detail-bar = На бары няма вашай шашкі.
error-bar-first = Спачатку ўвядзіце шашкі з бара.
    .detail = Спачатку ўвядзіце з бара: там { $count ->
        [one] { $count } шашка
        [few] { $count } шашкі
        [many] { $count } шашак
       *[other] { $count } шашкі
    }.
error-point-closed = Гэты пункт закрыты.
    .detail = Пункт { $point } закрыты.
    .detail-points = Пункты { $points } закрытыя.
error-bear-off-not-home = Выкідаць можна, толькі калі ўсе шашкі ў доме.
error-bear-off-higher = Выкінуць большым лікам можна, толькі калі вышэй няма шашак.
    .detail = Нельга выкінуць з { $point } на { $die }, пакуль вышэй стаіць шашка.
error-rule = Правілы гэтай гульні не дазваляюць такога ходу.
    .detail = Правілы не дазваляюць тут { $move }.
error-max-dice = Трэба згуляць як мага больш касцей.
    .detail = Трэба згуляць больш: магчыма { $example }.
error-must-use-both = Калі можна, трэба згуляць абедзве косці.
    .detail = Трэба згуляць абедзве косці: магчыма { $example }.
error-higher-die = Калі можна згуляць толькі адну косць, гуляецца большая.
    .detail = Можна згуляць толькі адну косць, і гэта { $die }: { $example }.
error-must-move = Калі ход магчымы, трэба хадзіць.
    .detail = Трэба хадзіць: магчыма { $example }.
error-no-play = З такім кідком хадоў няма.
    .detail = З кідком { $dice } хадоў няма.
error-no-hitting = У гэтай гульні біць нельга.
error-no-blot = Там няма блота, які можна пабіць.
    .detail = На { $point } няма блота.
error-ambiguous = Такі запіс падыходзіць да некалькіх хадоў; напішыце кожны крок.
    .detail = «{ $text }» падыходзіць да некалькіх хадоў; напішыце кожны крок.
error-illegal = Такі ход па правілах немагчымы.
error-illegal-play = Такі ход па правілах немагчымы.
error-step-not-legal = Такі крок цяпер немагчымы.
error-play-not-offered = Такога ходу цяпер няма сярод прапанаваных.
error-nothing-to-undo = Адмяняць няма чаго.
error-play-incomplete = Ход яшчэ не скончаны: згуляйце ўсе косці, якія можна.
error-not-your-turn = Цяпер не ваш ход.
error-must-roll-first = Спачатку кіньце косці.
error-already-rolled = Косці ўжо кінутыя.
error-game-not-started = Партыя яшчэ не пачалася.
error-game-over = Партыя скончана.
error-game-running = Ідзе партыя.
error-match-over = Матч скончаны.
error-double-pending = Прапанавана падваенне: спачатку адкажыце — прыняць, пас ці бабёр.
error-beaver-pending = Аб'яўлены бабёр: спачатку прыміце яго або адмоўцеся.
error-no-double-pending = Падваенне не прапаноўвалі.
error-no-beaver-pending = Бабра не аб'яўлялі.
error-cube-disabled = Гэтая партыя гуляецца без куба.
error-cube-not-yours = Куб у саперніка.
error-cube-at-limit = Куб ужо на мяжы.
    .detail = Куб не можа быць больш за { $limit }.
error-crawford-no-double = У партыі Кроўфарда падвойваць нельга.
error-last-roll-no-double = На апошнім кідку падвойваць нельга.
error-beaver-not-allowed = За гэтым сталом бабры не гуляюцца.
error-resign-pending = Сапернік прапануе здацца: спачатку пагадзіцеся або адмоўцеся.
error-no-resign-pending = Ніхто не прапаноўваў здацца.
error-resign-not-allowed = Цяпер так здацца нельга.
error-unknown-action = Невядомае дзеянне.
error-bad-player = За гэтым сталом няма такога гульца.
error-bad-die = На кубіку бывае ад 1 да 6.
error-bad-length = Матч гуляецца да 1 ачка або больш (0 — гульня на грошы).
error-bad-game = Гэтая партыя не з гэтага матча.
error-no-dice = Косці недаступныя.
error-dice-exhausted = Косці недаступныя.
error-unknown-variant = Невядомая гульня; выберыце кароткія або доўгія нарды.
error-corrupt-state = Захаваную партыю не ўдаецца прачытаць.
error-unsupported-schema = Захаваная партыя запісана навейшай версіяй бота.
error-engine-error = Цяпер так нельга.
error-not-exportable = Гэтую партыю нельга выгрузіць файлам матча.
error-corrupt-id = Такую пазіцыю нельга расставіць: праверце XGID або Position ID:Match ID.
error-bad-mat = Гэты файл матча не ўдаецца прачытаць.
error-bad-name = Такое імя гульца нельга запісаць у файл матча.
error-too-few-players = Для шуэта трэба не менш за трох гульцоў.
error-duplicate-player = Гулец пазначаны двойчы.
error-already-seated = Вы ўжо сядзіце за гэтым сталом.
error-unknown-player = Такі гулец не сядзіць за гэтым сталом.
error-already-left = Вы ўжо выйшлі.
error-not-in-game = Вы выбылі з гэтай партыі.
error-not-team-member = Гэты гулец не ў камандзе.
error-not-captain = За каманду ходзіць толькі капітан.
error-no-game = Партыя яшчэ не пачата.
error-bad-proposal = Такую прапанову цяпер зрабіць нельга.
error-no-vote = Галасавання за падваенне няма.
error-bad-dice-seed = Такі сід не падыходзіць.
error-bad-export = Гэта не выгрузка касцей партыі.
error-bad-rating = Такі рэйтынг не палічыць.
error-bad-stats = Статыстыку касцей не ўдаецца прачытаць.
error-already-voted = Вы ўжо прагаласавалі.
error-vote-pending = Каманда галасуе за падваенне.
error-already-decided = Вы ўжо адказалі.
error-bad-payment = Такі плацёж недапушчальны.
error-head-rule = З галавы за ход можна зняць толькі адну шашку.
    .detail = { $move }: з галавы за ход можна зняць толькі адну шашку (дзве — толькі першым ходам пры 6-6, 4-4 ці 3-3).
error-six-prime = Нельга будаваць блок з шасці пунктаў запар, калі наперадзе няма шашкі саперніка.
    .detail = { $move } будуе блок з шасці пунктаў запар: { $rule ->
        [home] так можна, толькі калі шашка саперніка ўжо зайшла ў свой дом.
       *[ahead] так можна, толькі калі наперадзе ёсць шашка саперніка.
    }

## Чат-праграма (bot/app): збор, хады, шуэт, налады, кансоль

help-start = пачаць { -chouette }, калі ўсе запісаліся
    .usage = /start
help-propose = { -chouette }: прапанаваць капітану ход ці дзеянне з кубам
    .usage = /propose 24/18 13/11 | /propose double|no_double|take|pass|beaver
    .more = У шуэце член каманды прапануе капітану ход або дзеянне з кубам: double — падвоіць, no_double — не падвойваць зараз, take — прыняць, pass — пас, beaver — бабёр. Прапановы нікога не абавязваюць: вырашае капітан. Падрабязней: { $cmd_rules_chouette }
app-on = укл
app-off = выкл
app-not-understood = Незразумела. Каманды — { $cmd_help }; у свой ход можна проста напісаць ход, напрыклад 24/18 13/11.
app-not-started = Гульня яшчэ не пачалася.
app-bad-length = Даўжыня матча — ад 1 да { $max ->
    [one] { $max } ачка
   *[other] { $max } ачкоў
}; 0 — гульня на грошы.
app-chouette-backgammon = У { -chouette } гуляюць толькі ў { -backgammon }.
app-unknown-option = Невядомая опцыя «{ $option }». Опцыі: { $options }.
app-bad-option = «{ $value }» — не значэнне для { $option }.
app-bad-options = Гэтыя опцыі несумяшчальныя.
app-button-option = { $option ->
    [cube] Куб
    [jacoby] Якобі
    [beaver] Бабры
    [auto_doubles] Аўтападваенні
    [gammons_with_cube] Марсы пасля падваення
    [hints] Падказкі
   *[other] { $option }
}: { $state }
app-button-refuse = Адмовіцца
app-option-cube = { -cube }: { $value }
app-seated = За сталом: { $players }
app-already-started = Гульня ўжо пачалася.
app-start-chouette-only = { $cmd_start } — для шуэта; гульня ўдвух пачынаецца, калі садзіцца другі гулец.
app-leave-playing = З гульні, што ідзе, не выйсці: здайцеся ({ $cmd_resign }) або перапыніце яе па згодзе ({ $cmd_abort }).
app-table-closed = Стол зачынены.
app-abort-pending = Вы ўжо прапанавалі перапыніць гульню; чакаем саперніка.
app-chouette-only = Гэта толькі для шуэта.
app-chouette-joined = { $player } запісваецца і гуляе з наступнай партыі.
app-chouette-ends = Засталося менш за трох гульцоў: { -chouette } скончаны.
app-chouette-waiting = Чакаем: { $players }
app-chouette-answer = { $player } { $answer ->
    [pass] не прымае
    [beaver] аб'яўляе бабра
   *[take] прымае
}
app-chouette-answers = Адказы: { $answers }.
app-chouette-game-over = Партыя { $number }: { $winner ->
    [team] каманда выйграе
   *[box] { $box } ({ -box }) выйграе
} { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партыю
} ({ $reason ->
    [box_pass] { -box } не прыняў падваенне
    [box_left] { -box } пайшоў
    [team_out] уся каманда выбыла
   *[bear_off] дагуляна
}).
app-proposal-double = падвоіць
app-proposal-no-double = не падвойваць
app-proposal-take = прыняць
app-proposal-pass = не прымаць
app-proposal-beaver = аб'явіць бабра
app-opening-roll = Розыгрыш першага ходу: кідайце, каб даведацца, хто пачынае.
app-answer-double = { $player }: прыняць ці пас?
app-answer-beaver = { $player }: прыняць бабра ці адмовіцца?
app-answer-resign = { $player }: пагадзіцца ці адмовіцца?
app-export-position = ID пазіцыі GNU Backgammon: { $position_id }
app-setting-unchanged = Ужо так і наладжана.
app-setting-view-image = малюнак
app-setting-view-text = тэкст
app-setting-home-right = дом справа
app-setting-home-left = дом злева
app-setting-swap = змена бакоў: { $state }
app-setting-autoroll = аўтакідок: { $state }
app-board-pips = піпсы
app-board-off = выкінута
app-board-bar = бар
app-board-dice = косці
app-board-cube = куб
app-board-match = Матч да { $length }
app-board-money = На грошы
app-board-crawford = Кроўфард
app-board-post-crawford = пасля Кроўфарда
app-board-offered = Падваенне
app-board-chouette = Шуэт
app-board-box = Бокс
app-board-captain = Капітан
app-board-team = Каманда
app-board-out = па-за гульнёй
app-board-long-nardy = Доўгія нарды
app-board-to-roll = кідае
app-board-opening = розыгрыш ходу
app-clock-two-players = Час на ход абмяжоўваюць толькі ў гульні ўдвух.
app-clock-expired-match = У гульца { $player } скончыўся час. { $opponent } можа забраць партыю ({ $cmd_claim }) або ўвесь матч ({ $cmd_claim_match }).
app-invite-cancelled = Месца зноў вольнае для ўсіх.
app-no-clock = За гэтым сталом час на ход не абмежаваны; задайце яго камандай { $cmd_clock }.
app-console-you = Вы
app-console-player-two = Гулец 2
app-console-welcome = Нарды ў тэрмінале. Лічба — націснуць кнопку, або каманда (help — спіс); quit — выхад.
app-console-bye = Да сустрэчы!
app-console-saved = Файл матча захаваны: { $path }
app-console-saved-file = Файл захаваны: { $path }
app-console-board = Дошка ў тэрмінале: { $layout ->
    [narrow] кампактная
   *[wide] класічная
}. Змяніць: settings board classic | settings board compact
app-console-board-usage = Напішыце: settings board classic або settings board compact.
app-console-no-button = Кнопкі { $number } няма: кнопкі — ад 1 да { $count }.

## Discord: slash command and option names (lower case, no spaces, at most 32 characters)
discord-command-new = новая
discord-command-join = сесці
discord-command-invite = запрасіць
discord-command-leave = пайсці
discord-command-abort = перапыніць
discord-command-start = старт
discord-command-roll = кінуць
discord-command-double = падвоіць
discord-command-take = прыняць
discord-command-pass = пас
discord-command-beaver = бабёр
discord-command-move = ход
discord-command-undo = адмяніць
discord-command-confirm = гатова
discord-command-resign = здацца
discord-command-accept = пагадзіцца
discord-command-decline = адмовіцца
discord-command-board = дошка
discord-command-score = лік
discord-command-pips = піпсы
discord-command-hint = падказка
discord-command-analysis = аналіз
discord-command-help = дапамога
discord-command-rules = правілы
discord-command-export = экспарт
discord-command-settings = налады
discord-command-propose = прапанаваць
discord-command-stats = статыстыка
discord-command-clock = час
discord-command-claim = забраць
discord-command-seed = сід
discord-command-dice = косці
discord-command-rating = рэйтынг
discord-command-top = лідары
discord-command-history = гісторыя
discord-command-tournament = турнір
discord-command-language = мова
discord-command-position = пазіцыя
discord-command-import = імпарт
discord-param-game = гульня
discord-param-kind = від
discord-param-command = каманда
discord-param-what = што
discord-param-time = час
discord-param-text = тэкст
discord-param-where = дзе
discord-param-which = які
discord-param-language = мова
discord-param-setting = налада
discord-param-player = гулец
discord-param-play = ход
discord-param-id = код
discord-param-file = файл
discord-param-topic = тэма
discord-pick-step = Абярыце крок…
discord-no-files = Боту нельга прымацоўваць файлы ў гэтым канале: папрасіце мадэратара даць дазвол «Прымацоўваць файлы».
discord-dm-join = Гэты чат бачыце толькі вы, таму другое месца тут ніхто не зойме. Каб згуляць з сябрам, стварыце стол у канале сервера або ў групавым чаце.
discord-dm-invite = Ваш сябар не бачыць гэты чат. Стварыце стол у канале сервера або ў групавым чаце і запрасіце яго там камандай { $cmd_invite }.
discord-thread-name = { $player } — { $opponent }, { $mode }
discord-thread-team = { $players } — { $mode }
discord-thread-welcome = { $players }: ваша партыя ідзе ў гэтай галінцы.
discord-thread-opened = Партыя ідзе ў галінцы { $thread }.
discord-thread-refused = Адкрыць галінку для гэтай партыі не ўдалося, таму гуляем тут, у канале. Каб партыі ішлі ў галінках, дайце боту правы «Ствараць публічныя галінкі» і «Адпраўляць паведамленні ў галінках».
discord-thread-result = Партыя ў галінцы { $thread } скончана.
discord-thread-away = Ваша партыя ідзе ў галінцы { $thread }.
discord-thread-gone = Галінку гэтай партыі выдалілі: гульня працягваецца тут.
discord-thread-closed = Галінку гэтай партыі зачынілі: гульня працягваецца тут.
discord-thread-reopened = Галінку гэтай партыі зачынілі: яна зноў адкрытая, гульня працягваецца.
discord-your-turn = { $player }, ваш ход.

## Telegram
telegram-button-invite = Запрасіць сябра
telegram-button-play = Гуляць
telegram-invite-private = Націсніце кнопку і выберыце чат сябра, з якім хочаце згуляць.
telegram-invite-link = Адпраўце гэту спасылку сябру: па ёй можна сесці за гэты стол. { $link }
telegram-link-used = Гатова: вы за сталом. Партыя ідзе ў групавым чаце.
telegram-link-again = Вы ўжо за гэтым сталом. Партыя ідзе ў групавым чаце.
telegram-link-invalid = Гэта спасылка-запрашэнне несапраўдная.
invite-own-card = Гэта ваша запрашэнне: пачакайце, пакуль сябар націсне «Гуляць».
telegram-invite-pending = Запрашэнне яшчэ рыхтуецца: націсніце «Гуляць» яшчэ раз праз імгненне.
telegram-invitation = { $player } запрашае вас згуляць: { $game }. Націсніце «Гуляць», каб сесці за стол.
telegram-card-computer = { $game }, сапернік — { $computer }
telegram-invitation-computer = { $player } прапануе згуляць з камп'ютарам: { $game }. Хто націсне «Гуляць», той і гуляе.
clock-brief-expired = У гульца { $player } скончыўся час. { $opponent } можа забраць { $what ->
    [match] партыю або ўвесь матч
   *[game] партыю
} кнопкамі ніжэй.
clock-private-reminder = Партыя з саперніком { $opponent }: час на ход — яшчэ { $left }.
clock-private-late = У партыі з саперніком { $opponent } ваш час скончыўся: цяпер сапернік можа забраць { $what ->
    [match] партыю або ўвесь матч
   *[game] партыю
}. Пакуль сапернік гэтага не зрабіў, ваш ход яшчэ залічваецца.
clock-private-claim = У вашай партыі ў гульца { $player } скончыўся час. Вы можаце забраць { $what ->
    [match] партыю або ўвесь матч
   *[game] партыю
} кнопкамі на паведамленні з гульнёй.

## The computer opponent
computer-name = Камп'ютар ({ $level ->
    [beginner] пачатковец
    [casual] аматар
    [strong] моцны
    [expert] эксперт
   *[other] { $level }
})
computer-unavailable = Гульня з камп'ютарам на гэтым боце выключана: запрасіце сябра.
computer-bad-level = Невядомы ўзровень «{ $level }». Узроўні: { $levels }.
computer-two-players = Камп'ютар гуляе адзін на адзін, не ў { -chouette }.
computer-plays = { $player } кідае { $dice } і ходзіць { $play }.
computer-takes = { $player } прымае падваенне.
computer-passes = { $player } не прымае падваенне.
computer-beaver-accepted = { $player } прымае бабра.
telegram-button-computer = Гуляць з камп'ютарам
telegram-start-play = Згуляйце адразу: з камп'ютарам або з сябрам.
## Косці, якія можа праверыць кожны

dice-commitment = Косці гэтай партыі зададзеныя да першага кідка, іх хэш: { $commitment }… (цалкам — у { $cmd_dice }). Сід, адкрыты пасля партыі, дакажа, што ніводны кідок не падменены.
dice-client-seeds = Сіды гульцоў: { $seeds }
dice-client-seed = { $player } «{ $seed }»
dice-seating = рассаджванне
dice-revealed = Косці партыі { $number }: сід сервера { $seed }, яго хэш { $commitment }… быў паказаны да партыі. Каб праверыць кожны кідок: { $cmd_export }, потым запусціце { $command }
dice-secret-commitment = Косці гэтага матча атрымліваюцца з сакрэту, які бот зафіксаваў раней, чым хто-небудзь з гульцоў задаў свой сід; яго адбітак — { $commitment }… (цалкам — у { $cmd_dice }). Калі матч скончыцца, бот пакажа сакрэт: кожны зможа праверыць, што ў яго гэты адбітак і што з яго атрымаліся косці кожнай партыі, — значыць, яго не падбіралі пад сіды гульцоў.
dice-secret-revealed = Матч скончаны; яго косці атрыманы з сакрэту бота { $secret }, адбітак якога ({ $commitment }…) быў паказаны да сідаў гульцоў. З яго атрыманы сід сервера кожнай партыі. Каб праверыць іх усе: { $cmd_export }, потым запусціце { $command }
export-dice-file = Косці скончаных партый разам з сідамі ({ $name }); праверыць: { $command }
dice-seed-random = Ваш сід будзе абраны выпадкова на пачатку партыі (і паказаны). Каб задаць свой: { $cmd_seed_text }
command-placeholder-text = ТЭКСТ
command-placeholder-option = ОПЦЫЯ
dice-seed-too-late = Косці гэтага матча ўжо зафіксаваныя: задайце свой сід у лобі наступнага.
dice-seed-bad = Сід — ад 1 да { $max } друкаваных знакаў.
dice-seed-set = Сід гульца { $player }: «{ $seed }».
dice-seed-offer = { $player }, ваш сід абраны выпадкова: каб задаць свой, адпраўце { $cmd_seed_text } да першага кідка.
dice-seed-until-roll = Да першага кідка можна задаць свой: { $cmd_seed_text }
dice-seed-after-commitment = Сід сервера для гэтай партыі зафіксаваны раней за ваш (яго хэш { $commitment }… — на дошцы), таму падагнаць яго пад ваш сід нельга. Ваш сід дзейнічае ўвесь матч.
dice-seed-too-late-computer = Косці гэтага матча ўжо кінутыя: супраць камп'ютара задайце свой сід, калі пачнецца наступны матч, да першага кідка.
dice-seed-after-secret = Сакрэт бота для гэтага матча зафіксаваны раней за ваш сід (адбітак { $commitment }…), таму падабраць яго пад ваш сід нельга. Ваш сід дзейнічае ва ўсіх партыях матча.
help-seed = ваш сід для касцей: у лобі або, супраць камп'ютара, да першага кідка
    .usage = /seed [тэкст]
    .more = У лобі: ваш уласны тэкст, які разам з сакрэтным сідам бота вызначае косці матча, — так бот адзін іх не выбірае. Без тэксту — ужо зададзеныя сіды. Сакрэтны сід кожнай партыі паказваюць, калі яна скончылася, і кожны кідок можна праверыць.

## Пазіцыі па ID, загружаныя матчы і іх прагляд

help-position = пачаць партыю з пазіцыі з GNU Backgammon або eXtreme Gammon (XGID або Position ID:Match ID)
    .usage = /position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10 | PositionID:MatchID
    .more = Партыя з гэтай пазіцыі: куб, лік, даўжыня матча, косці і чый ход — з ID. Хто адкрыў стол, гуляе X (унізе), хто сеў другім — O; дадайце bot і ўзровень, каб гуляць з камп'ютарам. Без ID — ID пазіцыі за гэтым сталом.
position-lobby = Партыя пачнецца з пазіцыі { $id }: той, хто адкрыў стол, гуляе за X (унізе), той, хто далучыцца, — за O.
position-not-id = Гэта не ID пазіцыі. Пазначце XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10) або Position ID і Match ID з GNU Backgammon (4HPwATDgc/ABMA:cIkKAAAAAAAA).
position-bad-xgid = Гэты XGID не чытаецца. У XGID дзесяць палёў праз двукроп'е: 26 знакаў дошкі (- або A-O для X, a-o для O), потым куб, яго ўладальнік, чарга ходу, косці, абодва лікі, правілы, даўжыня матча і мяжа куба.
position-bad-position-id = { $id } — няправільны Position ID: у ім 14 знакаў (A-Z, a-z, 0-9, + і /) і па 15 шашак у кожнага гульца.
position-bad-match-id = { $id } — няправільны Match ID: у ім 12 знакаў (A-Z, a-z, 0-9, + і /), у іх куб, лік і косці.
position-impossible = Па гэтым ID партыю не згуляць: { $reason ->
    [game_over] партыя ў ім ужо скончылася.
    [score] пры такім ліку матч ужо выйграны.
    [crawford] партыя { -crawford }а бывае, толькі калі аднаму гульцу не хапае аднаго ачка да перамогі, і ў ёй няма { -cube }а.
    [cube] у { -cube }а тут не можа быць такога значэння ці ўладальніка.
    [no_cube] прапанавана падваенне ў партыі без падваенняў.
    [beaver] бабры бываюць толькі ў гульні на грошы, а яноты не гуляюцца зусім.
    [checkers] шашкі не могуць так стаяць.
    [dice] на падваенне адказваюць да кідка, таму касцей яшчэ няма.
    [turn] дзейнічае не той гулец, чый цяпер ход.
   *[other] у партыі такога становішча не бывае.
}
export-set-up = Гэты матч пачаты з зададзенай пазіцыі, а файл .mat заўсёды пачынаецца з пачатковай расстаноўкі, таму файл матча не запісаны. Пазіцыю апісваюць ID вышэй.
help-import = прачытаць файл матча (.mat з GNU Backgammon, eXtreme Gammon або DailyGammon) і праглядзець яго
    .usage = /import, далучыўшы файл .mat
    .more = Дашліце боту файл матча (.mat з GNU Backgammon, eXtreme Gammon або DailyGammon, не больш за { $kb } КБ); у групе назавіце яго *.mat або дашліце разам з камандай. У адказ — зводка матча з кнопкамі прагляду, выгрузкі ў .mat і разбору.
import-no-file = Дашліце матч боту файлам (.mat), з { $cmd_import } або без.
import-too-big = У файле { $size } КБ; чытаюцца файлы матчаў да { $max } КБ.
import-too-slow = Гэты файл матча чытаецца занадта доўга; паспрабуйце карацейшы матч.
import-not-text = Гэта не тэкставы файл матча (.mat).
import-bad-file = Гэта не файл матча, які я магу прачытаць: у файле .mat ёсць радок накшталт «5 point match», а за ім партыі (чытаюцца файлы GNU Backgammon, eXtreme Gammon і DailyGammon).
import-bad-move = Файл матча адхілены: партыя { $game }, ход { $move }: { $why }
import-bad-game = Файл матча адхілены: партыя { $game }: { $why }
import-bad-score = Файл матча адхілены: партыя { $game }: лік перад ёй не той, што даюць папярэднія партыі.
import-summary = Матч прачытаны: { $player } — { $opponent }, { $mode }; { $games ->
    [one] { $games } партыя
    [few] { $games } партыі
    [many] { $games } партый
   *[other] { $games } партыі
}; выніковы лік { $score }–{ $opponent_score }.
import-button-replay = Прагляд
import-button-export = Выгрузіць .mat
import-gone = Гэты матч тут больш не захоўваецца (або яго даслаў нехта іншы): дашліце файл .mat яшчэ раз.
import-file-caption = Матч у запісе GNU Backgammon ({ $name }).
replay-caption = Партыя { $game } з { $games }, ход { $step } з { $steps }
replay-start = Пачатак партыі. Лік: { $player } { $score }, { $opponent } { $opponent_score }.
replay-move = { $player } выкідвае { $dice } і ходзіць { $play }.
replay-take = { $player } прымае падваенне.
replay-pass = { $player } не прымае падваенне.
replay-button-back = ◀ Назад
replay-button-next = Далей ▶
replay-button-previous-game = ⏮ Партыя
replay-button-next-game = Партыя ⏭

import-why-illegal = запісанае там не вынікае з партыі (няправільнае значэнне куба, вынік ці слупок).
import-why-order = партыі не ідуць адна за адной, як у матчы (партыя не дагуляна або згуляна пасля перамогі ў матчы).
import-download-failed = Файл не ўдалося спампаваць; дашліце яго яшчэ раз.
app-console-import-usage = Напішыце: import ФАЙЛ (шлях да файла матча .mat).
app-console-no-file = Файла { $path } няма або яго нельга прачытаць.

## Рэйтынгі, табліцы лідараў, статыстыка касцей, гісторыя

rating-change = { $player }: рэйтынг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } ({ NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") })
settings-ratings = Рэйтынгі ў гэтым чаце: { $value }
settings-ratings-admin = Уключаць і выключаць рэйтынгі можа толькі адміністратар чата.
settings-threads = Партыі ў асобных галінках: { $value }
settings-threads-admin = Вырашаць, ці ідуць партыі ў галінках, можа толькі адміністратар чата.
player-unknown = Гульца { $name } няма ні за гэтым сталом, ні сярод вашых нядаўніх сапернікаў.
rating-line = { $player } у { $game ->
    [long_nardy] доўгіх нардах
   *[backgammon] кароткіх нардах
}: рэйтынг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, досвед { $experience }
rating-places = Месца { $chat } у гэтым чаце, { $overall } у агульным заліку.
rating-none = У гульца { $player } яшчэ няма рэйтынгавых матчаў (усе пачынаюць з 1500).
rating-rules = У рэйтынг (формула FIBS) ідуць дагуляныя матчы двух людзей, у тым ліку выйграныя па часе. Гульні на грошы, шуэты, гульні з камп'ютарам, партыі з зададзенай пазіцыі і матчы, перапыненыя па згодзе, не ўлічваюцца.
top-title-chat = Лепшыя рэйтынгі гэтага чата ў { $game ->
    [long_nardy] доўгіх нардах
   *[backgammon] кароткіх нардах
}:
top-title-global = Лепшыя рэйтынгі ў { $game ->
    [long_nardy] доўгіх нардах
   *[backgammon] кароткіх нардах
}, агульны залік:
top-line = { $place }. { $player } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } (досвед { $experience })
top-empty = Рэйтынгавых матчаў яшчэ не было.
dice-commitment-whole = Косці бягучай партыі: хэш { $commitment } (зададзены да першага кідка: сід, адкрыты пасля партыі, павінен даць гэты хэш)
dice-secret-whole = Сакрэт гэтага матча (будзе паказаны, калі матч скончыцца): адбітак { $commitment }
dice-none = Кідкоў гульца { $player } пакуль не ўлічана.
dice-summary = Косці гульца { $player } на гэтай платформе: кідкоў { $rolls }, дубляў { $doubles } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, чакаецца { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-faces = Кожная грань: { $faces } (чакаецца па { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; хі-квадрат p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-face = { $face }: { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
dice-entering = Уваход з бара пры { $closed } { $closed ->
    [one] закрытым пункце
   *[other] закрытых пунктах
}: { $entered } з { $tries } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, чакаецца { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
dice-entering-p = Уваход з бара супраць чаканага: хі-квадрат p = { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
history-title = Нядаўнія матчы гульца { $player }:
history-why = матч да { $length }, { $why ->
    [time] выйграны па часе
    [agreed] перапынены па згодзе
   *[played] дагуляны
}
history-tournament = 🏆 турнір { $id }, раўнд { $round }
history-rated = рэйтынг { NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, { NUMBER($opponent_change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }
history-none = Дагуляных матчаў гульца { $player } пакуль няма.
history-hint = { $cmd_history_n } пакажа адзін з іх, з экспартам і праглядам.
history-no-such = У вашай гісторыі няма матча { $number } (у ёй { $count }).
history-games = Партый: { $games }
history-gone = Гэты матч больш не захоўваецца.
button-history-export = Экспарт
button-history-replay = Прагляд
help-dice = вашы косці на гэтай платформе супраць чаканага і хэш (адбітак) касцей бягучай партыі
    .usage = /dice [гулец]
    .more = Лікі, дублі і ўваход з бара супраць таго, што даюць сумленныя косці, і наколькі верагодная такая розніца; з імем — косці гэтага гульца. Хэш замацоўвае косці партыі да першага кідка; сід, з якога ён атрыманы, паказваюць пасля партыі, і любы можа праверыць кожны кідок.
help-rating = ваш рэйтынг і досвед або рэйтынг іншага гульца
    .usage = /rating [гулец]
    .more = У рэйтынг ідуць дагуляныя матчы двух людзей, асобна па платформе і гульні (не гульня на грошы і не гульні з камп'ютарам). З імем — рэйтынг гэтага гульца.
help-top = лепшыя рэйтынгі гэтага чата або ў агульным заліку
    .usage = /top [global] [nardy]
    .more = Лепшыя рэйтынгі ў гэтым чаце; global — на ўсёй платформе; nardy — доўгія нарды замест кароткіх.
help-history = вашы нядаўнія дагуляныя матчы; адзін з іх з экспартам і праглядам
    .usage = /history [N | гулец]
    .more = Вашы апошнія дагуляныя матчы па нумарах; N — матч нумар N з экспартам і праглядам; імя — спіс гэтага гульца.
help-tournament = турнір у гэтым чаце: алімпійская сістэма, швейцарская, кругавая або арэна
    .usage = /tournament [swiss N rounds | knockout | roundrobin | arena N minutes] [ачкі] [nardy] [clock=1d] [round=3d] [max=64] [in=2h] [unrated]
    .more = Без слоў — табліца бягучага турніру. З фарматам — новы турнір з запісам (Удзельнічаць / Выйсці; арганізатар націскае «Пачаць», або in=2h — турнір пачнецца сам праз 2 гадзіны). Арганізатар або адміністратар чата: /tournament start | pause | resume | cancel | remove ІМЯ | add computer [узровень]. /tournament export — усе партыі файламі .mat. Партыі ідуць у асабістых чатах з ботам, у тэмах форуму або ў галінках; хто не зробіць ход своечасова, прайграе па часе.

## Турніры
# Умовы турніру адным радком: «Швейцарская сістэма · кароткія нарды · матчы да 3 ачкоў · …»
tournament-format-swiss = Швейцарская сістэма
tournament-format-knockout = Алімпійская сістэма (на выбыванне)
tournament-format-roundrobin = Кругавая сістэма
tournament-format-arena = Арэна
tournament-variant = { $variant ->
    [long_nardy] { -nardy }
   *[other] { -backgammon }
}
tournament-length = { $length ->
    [one] матчы да { $length } ачка
    [few] матчы да { $length } ачкоў
    [many] матчы да { $length } ачкоў
   *[other] матчы да { $length } ачка
}
tournament-minutes = { $minutes ->
    [one] { $minutes } хвіліна
    [few] { $minutes } хвіліны
    [many] { $minutes } хвілін
   *[other] { $minutes } хвіліны
}
tournament-rounds = { $count ->
    [one] { $count } раўнд
    [few] { $count } раўнды
    [many] { $count } раўндаў
   *[other] { $count } раўнда
}
tournament-cycles = { $count ->
    [one] { $count } круг
    [few] { $count } кругі
    [many] { $count } кругоў
   *[other] { $count } круга
}
tournament-clock = { $clock } на ход
tournament-round-time = { $time } на раўнд
tournament-rated = з рэйтынгам
tournament-unrated = без рэйтынгу
tournament-title = 🏆 Турнір { $id }
tournament-starts-in = Да пачатку: { $time }.
tournament-starts-by-organiser = Турнір пачнецца, калі арганізатар націсне «Пачаць».
tournament-signed-up = Гульцоў: { $count } з { $most }
tournament-entry = { $place }. { $name } ({ $rating })
tournament-private-note = Калі ў чаце няма тэм, партыі ідуць у асабістым чаце з ботам: адкрыйце бота і адзін раз націсніце «Пачаць» (/start), каб ён мог вам пісаць.
tournament-button-join = Удзельнічаць
tournament-button-leave = Выйсці
tournament-button-start = Пачаць
tournament-joined = { $name } удзельнічае ў турніры ({ $count ->
    [one] { $count } гулец
    [few] { $count } гульцы
    [many] { $count } гульцоў
   *[other] { $count } гульца
}).
tournament-left = { $name } пакідае турнір.
tournament-tiebreaks = Пры роўнай колькасці ачкоў: { $names }
tiebreak-buchholz_cut1 = Бухгольц без горшага выніку (Бх-1)
tiebreak-buchholz = Бухгольц (Бх)
tiebreak-sonneborn_berger = Зонебарн-Бергер (ЗБ)
tiebreak-direct = асабістая сустрэча
tiebreak-wins = колькасць перамог
tournament-row = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb })
tournament-row-out = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb }), па-за турнірам
tournament-arena-row = { $place }. { $name } — { $points ->
    [one] { $points } ачко
    [few] { $points } ачкі
    [many] { $points } ачкоў
   *[other] { $points } ачка
}, { $games ->
    [one] { $games } партыя
    [few] { $games } партыі
    [many] { $games } партый
   *[other] { $games } партыі
}, { $wins ->
    [one] { $wins } перамога
    [few] { $wins } перамогі
    [many] { $wins } перамог
   *[other] { $wins } перамогі
}
tournament-arena-row-streak = { $place }. { $name } — { $points ->
    [one] { $points } ачко
    [few] { $points } ачкі
    [many] { $points } ачкоў
   *[other] { $points } ачка
}, { $games ->
    [one] { $games } партыя
    [few] { $games } партыі
    [many] { $games } партый
   *[other] { $games } партыі
}, { $wins ->
    [one] { $wins } перамога
    [few] { $wins } перамогі
    [many] { $wins } перамог
   *[other] { $wins } перамогі
} 🔥
tournament-more-rows = … і яшчэ { $count }
tournament-in-play = Партый у гульні: { $count }
tournament-status-round = Раўнд { $round } з { $rounds }. Дагуляна партый: { $done } з { $total }; да канца раўнда — { $time }.
tournament-arena-left = Да канца арэны: { $time }.
tournament-status-paused = Турнір на паўзе па рашэнні арганізатара: новы раўнд не пачнецца, пакуль турнір не адновяць.
tournament-status-over = Турнір скончаны.
tournament-status-champion = Турнір скончаны. Чэмпіён: { $name } 🏆
tournament-status-cancelled = Турнір адменены.
tournament-round-heading = Раўнд { $round }:
tournament-bye = { $name } — без пары (пропуск раўнда)
tournament-pair-open = { $first } — { $second }
tournament-pair-won = { $first } — { $second }: перамога — { $winner }
tournament-pair-forfeit = { $first } — { $second }: тэхнічная перамога — { $winner }
tournament-pair-draw = { $first } — { $second }: нічыя
tournament-pairings = Раўнд { $round } з { $rounds }, пары:
tournament-pairing = { $board }. { $first } — { $second }
tournament-where = Кожная партыя прыходзіць яе гульцам: у асабісты чат з ботам, у тэму форуму або ў галінку. Час на ход ідзе з гэтай хвіліны.
tournament-game-title = { $first } — { $second } (раўнд { $round })
tournament-game-opening = Турнірная партыя: { $first } — { $second }, раўнд { $round }, стол { $board }, матч да { $length ->
    [one] { $length } ачка
    [few] { $length } ачкоў
    [many] { $length } ачкоў
   *[other] { $length } ачка
}. Час на ход: { $clock }; да канца раўнда — { $time }. Хто не паспее схадзіць своечасова, прайграе матч.
tournament-champion = 🏆 { $name } выйграе турнір { $id }!
tournament-cancelled = Турнір { $id } адменены.
tournament-removed-note = З турніру выключаецца { $name }; незгуляныя партыі залічваюцца як тэхнічныя паразы.
tournament-too-few-cancelled = Турнір { $id } адменены: запісалася замала гульцоў.
tournament-computer-name = Камп'ютар { $number } ({ $level ->
    [beginner] пачатковец
    [casual] аматар
    [strong] моцны
    [expert] эксперт
   *[other] { $level }
})
tournament-export = { $count ->
    [one] { $count } партыя
    [few] { $count } партыі
    [many] { $count } партый
   *[other] { $count } партыі
} турніру файламі .mat: { $name }
# Адмовы
tournament-usage = Напрыклад: /tournament swiss 5 rounds, /tournament knockout 7, /tournament roundrobin nardy 3, /tournament arena 60 minutes. Проста /tournament паказвае бягучы турнір.
tournament-none = У гэтым чаце няма турніру. Пачніце новы, напрыклад: /tournament swiss 5 rounds
tournament-not-here = Турнірам кіруюць з чата, дзе ён пачаўся, а не з партыі.
tournament-group-only = Турнір праводзяць у групе або ў канале сервера, а не ў асабістым чаце.
tournament-running = Тут яшчэ ідзе турнір { $id }: спачатку ён мусіць скончыцца (або быць адменены).
tournament-signup-closed = Запіс закрыты: турнір ужо пачаўся.
tournament-already-in = Вы ўжо ў турніры.
tournament-full = Месцаў няма: у турніры ўжо { $count ->
    [one] { $count } гулец
    [few] { $count } гульцы
    [many] { $count } гульцоў
   *[other] { $count } гульца
}.
tournament-removed = Арганізатар выключыў вас з гэтага турніру.
tournament-not-in = Вы не ўдзельнічаеце ў гэтым турніры.
tournament-over = Турнір скончаны.
tournament-started = Турнір ужо пачаўся.
tournament-too-few = Для турніру трэба мінімум { $count ->
    [one] { $count } гулец
    [few] { $count } гульцы
    [many] { $count } гульцоў
   *[other] { $count } гульца
}.
tournament-cannot-pair = Гэтых гульцоў не ўдаецца разбіць на пары ({ $reason }).
tournament-organiser-only = Гэта можа зрабіць толькі арганізатар або адміністратар чата.
tournament-not-running = Турнір цяпер не ідзе.
tournament-not-paused = Турнір не на паўзе.
tournament-no-such-player = У турніры няма такога гульца (напішыце імя так, як яно стаіць у спісе).
tournament-nothing-to-export = Дагуляных партый гэтага турніру пакуль няма.
tournament-no-money = Турнірныя партыі — гэта матчы: пазначце колькасць ачкоў замест money.
tournament-bad-max = Колькасць гульцоў — ад 2 да { $most }.
tournament-bad-rounds = Не больш за { $most ->
    [one] { $most } раўнд
    [few] { $most } раўнды
    [many] { $most } раўндаў
   *[other] { $most } раўнда
}.
tournament-bad-minutes = Арэна доўжыцца не больш за { $most ->
    [one] { $most } хвіліну
    [few] { $most } хвіліны
    [many] { $most } хвілін
   *[other] { $most } хвіліны
}.
tournament-fixed-terms = У турнірнай партыі дзейнічаюць умовы турніру: кантроль часу і рэйтынг вызначае арганізатар.
tournament-no-abort = Турнірную партыю нельга перапыніць: здайцеся або няхай вырашыць час.

## Падказкі
hint-title-gnubg = Падказка для { $player } (нейрасеткі GNU Backgammon, { $ply }-ply):
hint-title-nardy = Падказка для { $player }: ацэнка ўбудаванага рухавіка доўгіх нардаў (не GNU Backgammon)
hint-play-depth = (толькі { $ply }-ply)
hint-plays = Найлепшыя хады на { $dice } ({ $unit ->
    [equity] эквіці
   *[chance] шанец на перамогу
}):
hint-play-line = { $rank }. { $play }  { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-difference = ({ $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
})
hint-after = Пасля ходу { $play }:
hint-button = Згуляць { $play }
hint-cube = { $action ->
    [no_double] Без падваення (падваенне прынялі б)
    [double_take] Падваенне, прыняць
    [double_pass] Падваенне, пас
   *[too_good] Занадта добра для падваення: гуляйце на марс
}
hint-cube-line = { $option ->
    [no_double] Без падваення
    [double_take] Падваенне, прыняць
    [double_pass] Падваенне, пас
    [take] Прыняць
   *[pass] Пас
}: { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-take = Адказ на падваенне: { $answer ->
    [take] прыняць
    [beaver] аб'явіць бабра
   *[pass] пас
}
hint-match-chances = У шанцах выйграць матч пры гэтым ліку:
hint-no-double-now = Падвоіць зараз нельга: кідайце косці.
hint-chances = Перамога { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }); паражэнне { NUMBER($lose, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($lose_gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($lose_backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
hint-chance = Шанец на перамогу: { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
hint-lobby = Падказкі: { $state }
hint-lobby-asked = Падказкі: іх просіць стваральнік стала; уключацца, калі сапернік націсне «Сесці з падказкамі»
button-join-hints = Сесці з падказкамі
hint-no-game = Тут не ідзе гульня: падказкі — для партыі, што ідзе.
hint-over = Партыя скончана: раіць няма чаго.
hint-spectator = Падказкі — толькі для гульца, чый зараз ход: вы не гуляеце за гэтым сталом.
hint-not-your-turn = Падказкі — толькі для гульца, чый зараз ход, а гэтае рашэнне не ваша.
hint-nothing = Зараз няма рашэння, для якога патрэбна падказка.
hint-off-match = У гэтым матчы падказкі выключаны. У матчы яны ёсць, толькі калі абодва гульцы згадзіліся ў лобі: стваральнік адкрывае стол камандай { $cmd_new_hints }, а сапернік садзіцца кнопкай «Сесці з падказкамі».
hint-off = Падказкі за гэтым сталом выключаны ({ $cmd_new_hints } уключыць іх у наступнай гульні).
hint-no-computer = Падказкі дае камп'ютар, а ён на гэтым боце выключаны.
hint-stale = Гэтая падказка састарэла: гульня пайшла далей. Спытайце { $cmd_hint } яшчэ раз.
hint-failed = Зараз не ўдалося разлічыць падказку: паспрабуйце крыху пазней.

## Analysis

button-analysis = Аналіз
analysis-progress = Аналіз партыі { $game } з { $games }…
analysis-title-gnubg = Аналіз нейрасеткамі GNU Backgammon ({ $ply }-ply), партый: { $games }. Страты ў эквіці:
analysis-title-nardy = Аналіз убудаваным рухавіком доўгіх нардаў ({ $ply }-ply), а не GNU Backgammon, партый: { $games }. Страта — доля шанцаў на перамогу, упушчаная ў параўнанні з найлепшым рашэннем:
analysis-player = { $player }: PR { NUMBER($pr, minimumFractionDigits: 1, maximumFractionDigits: 1) }, невымушаных рашэнняў: { $unforced }
analysis-loss-gnubg = Страчана { NUMBER($total, minimumFractionDigits: 3, maximumFractionDigits: 3) }: { NUMBER($checker, minimumFractionDigits: 3, maximumFractionDigits: 3) } у гульні шашкамі, { NUMBER($cube, minimumFractionDigits: 3, maximumFractionDigits: 3) } у рашэннях з кубам
analysis-loss-nardy = Упушчана шанцаў на перамогу, у суме па рашэннях: { NUMBER($total, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ NUMBER($checker, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } у гульні шашкамі, { NUMBER($cube, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } у рашэннях з кубам)
analysis-marks = Сумнеўных рашэнняў: { $doubtful }, дрэнных: { $bad }, вельмі дрэнных: { $very_bad }
analysis-luck = Удача: { $unit ->
    [equity] { NUMBER($luck, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($luck, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
analysis-worst-follow = Далей — найгоршыя рашэнні кожнага гульца.
analysis-decision = { $player }: партыя { $game }, ход { $move }
analysis-played = Выпала { $dice }, згуляна { $play }
analysis-cube-made = Куб: { $action }
analysis-best = Найлепшы ход: { $play }
analysis-best-cube = Найлепшае рашэнне: { $action }
analysis-difference = { $unit ->
    [equity] { NUMBER($loss, minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($loss, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}: { $mark ->
    [doubtful] сумнеўнае рашэнне
    [bad] дрэннае рашэнне
    [very_bad] вельмі дрэннае рашэнне
   *[none] невялікая памылка
}
analysis-cube-action = { $action ->
    [no_double] без падваення
    [double] падваенне
    [take] прыняць
   *[pass] пас
}
analysis-nothing = Тут няма скончанай партыі для аналізу.
analysis-gone = Гэтага матча ўжо няма за сталом; калі ён ваш, ён ёсць у { $cmd_history_n } з кнопкай «Аналіз».
analysis-chouette = { -chouette } не аналізуецца: аналіз — для партый двух гульцоў.
analysis-in-play = За гэтым сталом падказкі выключаныя, таму яго партыі аналізуюцца, калі матч або гульня на грошы скончыцца.
analysis-no-computer = Аналіз робіць камп'ютар, а ён на гэтым боце выключаны.
analysis-busy = У гэтым чаце ўжо ідзе аналіз: яго паведамленне паказвае, як далёка ён прасунуўся.
analysis-again = Гэты аналіз ужо зроблены: яго паведамленне ў гэтым чаце паказвае вынік.
analysis-failed = Зараз не ўдалося зрабіць аналіз: паспрабуйце крыху пазней.
