# Русский каталог бота для нард (синтаксис Project Fluent).
# Те же сообщения и те же подстановки, что в en.ftl.

## Термины

-backgammon = короткие нарды
-nardy = длинные нарды
-gammon = марс
-backgammon-win = кокс
-cube = куб
-chouette = шуэт
-box = бокс
-captain = капитан
-crawford = Кроуфорд

## Слова

variant-backgammon = Короткие нарды
variant-nardy = Длинные нарды
mode-match = { $length ->
    [one] матч до { $length } очка
   *[other] матч до { $length } очков
}
mode-money = игра на деньги
mode-chouette = { -chouette }
language-name = Русский
language-en = English
language-ru = Русский
language-uk = Українська
language-be = Беларуская

## Счётные слова ($count)

duration-minutes = { $count ->
    [one] { $count } минута
    [few] { $count } минуты
    [many] { $count } минут
   *[other] { $count } минуты
}
duration-hours = { $count ->
    [one] { $count } час
    [few] { $count } часа
    [many] { $count } часов
   *[other] { $count } часа
}
duration-days = { $count ->
    [one] { $count } день
    [few] { $count } дня
    [many] { $count } дней
   *[other] { $count } дня
}

## Кнопки

button-roll = Бросить
button-double = Удвоить
button-take = Принять
button-pass = Пас
button-beaver = Бобёр
button-accept = Согласиться
button-decline = Отказаться
button-undo = Отменить шаг
button-confirm = Подтвердить
button-join = Сесть за стол
button-start = Начать
button-abort = Прервать
button-free-seat = Освободить место
button-resign-single = Сдаться без марса
button-resign-gammon = Сдаться с марсом
button-resign-backgammon = Сдаться с коксом
button-claim-game = Забрать партию
button-claim-match = Забрать матч
button-vote-double = Удвоить { -box }
button-vote-no-double = Не удваивать

## Ходы и события партии

game-started = { $player } — { $opponent }: партия начинается.
opening-roll = Розыгрыш первого хода: { $player } { $die1 }, { $opponent } { $die2 }.
opening-tie = У обоих { $die }; бросаем ещё раз.
opening-first = Начинает { $player }: { $dice }.
auto-double = Равные кости при розыгрыше: { -cube } ставится на { $value }.
turn-roll-or-double = { $player }, ваш ход: бросайте или удваивайте.
turn-roll = { $player }, ваш ход: бросайте.
turn-move = { $player } играет { $dice }.
event-rolled = { $player } бросает { $dice }.
event-forced = Возможен только один ход: { $play } (сыгран автоматически).
event-no-play = { $player } не может сыграть { $dice }; ход переходит.
event-play-ready = Ход собран: { $play }. Нажмите «Подтвердить».
group-steps-hint = Нажимайте шаг для каждого кубика (ответы видите только вы), затем «Подтвердить».
group-step-made = Пока сыграно: { $play }. Осталось сыграть: { $dice }.
group-step-none = Шаг отменён: пока ничего не сыграно.
event-doubles = { $player } удваивает до { $value }.
event-beavers = { $player } объявляет бобра и оставляет { -cube } на { $value } у себя.
event-takes = { $player } принимает удвоение и забирает { -cube } на { $value }.
event-beaver-accepted = { $player } принимает бобра: { -cube } на { $value }, владелец — { $owner }.
event-beaver-refused = { $player } отказывается от бобра и теряет { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}.
event-resign-offer = { $player } предлагает сдаться { $kind ->
    [gammon] с марсом
    [backgammon] с коксом
   *[single] без марса
}.
event-resign-accepted = { $player } соглашается: партия сдана.
event-resign-declined = { $player } не соглашается; игра продолжается.
result-win = { $player } выигрывает { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партию
}: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}.
result-draw = Ничья.
result-resigned = { $player } сдаётся.
result-passed = { $player } не принимает удвоение.
score-match = Счёт: { $player } { $score }, { $opponent } { $opponent_score } (матч до { $length }).
score-money = Счёт игры на деньги: { $player } { $score }, { $opponent } { $opponent_score }.
match-won = { $player } выигрывает матч { $score }–{ $opponent_score }.
match-crawford = Партия Кроуфорда: в этой партии удваивать нельзя.
match-post-crawford = После Кроуфорда: { -cube } снова в игре.
pips-line = Пипсы: { $player } { $pips }, { $opponent } { $opponent_pips }.

## Стол

table-created = Новый стол, { $variant }: { $mode }. Нажмите «Сесть за стол».
table-options = Условия: { $options }
table-left = { $player } покидает стол.
table-full = Стол занят; можно смотреть.
table-invited = { $player } приглашает { $invitee }.
table-seat-reserved = Это место оставлено для { $invitee }.
table-abort-requested = { $player } предлагает прервать партию; соперник соглашается командой { $cmd_abort }.
table-aborted = Партия прервана.
table-game-running = Здесь уже идёт игра. Закончить её: { $cmd_abort } (по согласию обоих) или { $cmd_resign }.

## Условия игры (RULES.md 2.1 и 5)

option-jacoby = правило Якоби: { $value }
option-auto-doubles = автоудвоения: { $value } (не больше { $count })
option-beaver = бобры: { $value }
option-backgammon-counts = { -backgammon-win } стоит { $count ->
    [one] { $count } очко
    [few] { $count } очка
    [many] { $count } очков
   *[other] { $count } очка
}
option-cube-progression = ступени куба: { $value ->
    [arithmetic] 1, 2, 3, 4…
   *[geometric] 1, 2, 4, 8…
}
option-gammons-with-cube = { -gammon } после удвоения: { $value }
option-cube-limit = предел куба: { $value }
option-prime-rule = блок из шести пунктов подряд: { $value ->
    [home] можно, когда шашка соперника уже в доме
   *[ahead] можно, если впереди есть шашка соперника
}
option-koks = { -backgammon-win } (3 очка): { $value }
option-last-roll-draw = последний бросок на ничью: { $value }
option-next-game-starts = следующую партию начинает: { $value ->
    [alternate] по очереди
   *[winner] победитель
}
option-no-cube = игра без куба
option-cube-on = игра с кубом
option-draw-points = ничья: { $value ->
    [one] по очку каждому
   *[half] по пол-очка каждому
}

## Шуэт

chouette-lobby = Сбор на { -chouette }: { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
    [many] { $count } игроков
   *[other] { $count } игрока
} за столом. Присоединяйтесь; игра начнётся, когда соберутся трое или больше.
chouette-seat-roll = Броски за места: { $rolls }
chouette-box = Бокс: { $player }
chouette-captain = Капитан: { $player }
chouette-team = Команда: { $players }
chouette-proposal = { $player } предлагает { $play }.
chouette-vote = Команда голосует за удвоение бокса: { $yes } из { $total } за.
chouette-ledger = Расчёт:
chouette-ledger-line = { $player }: { NUMBER($points, signDisplay: "always") }

## Часы на ход (игра по переписке)

clock-off = Время на ход не ограничено.
clock-set = Время на ход: { $duration }.
clock-reminder = { $player }, время на ход: ещё { $left }.
clock-expired = У игрока { $player } вышло время. { $opponent } может забрать { $what ->
    [match] матч
   *[game] партию
} командой { $cmd_claim }.
clock-claimed = { $player } выигрывает { $what ->
    [match] матч
   *[game] партию
} по времени.

## Статистика

stats-line = { $player }: партий { $games }, побед { $wins }, марсов { $gammons }, коксов { $backgammons }.
stats-none = Сыгранных партий пока нет.

## Настройки

settings-title = Настройки
settings-board = Доска: { $style ->
    [text] текст
   *[image] картинка
}
settings-home = Дом: { $side ->
    [left] внизу слева
   *[right] внизу справа
}
settings-swap-sides = Менять стороны после каждой партии: { $value }
settings-language = Язык: { $language }
settings-auto-roll = Бросать автоматически, когда нет решения по кубу: { $value }
settings-saved = Настройки сохранены.

## Экспорт

export-position = Position ID: { $position_id }  Match ID: { $match_id }
export-xgid = XGID: { $xgid }
export-match-file = Файл матча приложен ({ $name }).

## Справка (по сообщению на команду; .usage — аргументы, .more — их объяснение; help-group-* — заголовки списка)

help-title = Команды:
help-group-start = Начать игру
help-group-play = Игра
help-group-cube = Куб удвоения
help-group-info = Правила и сведения
help-group-settings = Настройки
help-footer = Напишите имя команды после { $cmd_help }, чтобы узнать её параметры; правила обеих игр: { $cmd_rules }.
help-new = открыть стол: короткие или длинные нарды; матч, игра на деньги или { -chouette }
    .usage = /new [backgammon|nardy] [N|money|chouette] [bot [уровень]] [опция=значение …]
    .more = Слова — в любом порядке:
        • nardy — длинные нарды (без него — короткие);
        • N — матч до N очков, от 1 до { $max } (без числа — до 5 в коротких нардах, до 1 в длинных); money — игра на деньги; chouette — { -chouette }, короткие нарды для 3–8 игроков;
        • bot — соперник-компьютер, с уровнем: { $levels } (без уровня — { $level });
        • опция=значение — опция стола: { $options }.
        Что делает опция: { $cmd_rules_option }. Пример: { $cmd_new_money_beaver }
help-join = занять свободное место (или записаться в { -chouette })
    .usage = /join
help-invite = оставить место соперника для названного игрока
    .usage = /invite @имя | off
    .more = Свободное место за вашим столом ждёт этого игрока 24 часа, и никто другой его не займёт; off освобождает место для всех. Если партия уже идёт или это { -chouette }, приглашение просто объявляется.
help-leave = покинуть стол или сбор
    .usage = /leave
help-abort = прервать партию (по согласию обоих или создателем стола до первого броска)
    .usage = /abort
help-roll = бросить кости
    .usage = /roll
help-move = сыграть ход в нотации; в свой ход можно писать одну нотацию
    .usage = /move 24/18 13/11
    .more = Ход записывают от пункта к пункту, в своей нумерации: 24/18 13/11; bar/22 — ввод с бара, 6/off — снятие шашки, 8/5(2) — две шашки, 13/7 — одна шашка на оба числа, * — бой (13/7*). Написанный ход делается сразу и передаёт кости; кнопками ход собирают по шагам, пока вы его не подтвердите.
help-undo = отменить последний шаг собираемого хода
    .usage = /undo
help-confirm = подтвердить ход и передать кости
    .usage = /confirm
help-double = предложить удвоение до броска
    .usage = /double
    .more = Только перед своим броском, если { -cube } посередине или у вас; нельзя в партии Кроуфорда, за столом без куба и выше предела куба. Соперник принимает, говорит «пас» или, в игре на деньги с beaver=on, объявляет бобра. Подробнее: { $cmd_rules_cube }
help-take = принять удвоение
    .usage = /take
help-pass = пас: не принять удвоение и проиграть партию по текущей ставке
    .usage = /pass
help-beaver = сразу переудвоить и оставить куб у себя (игра на деньги, если разрешено)
    .usage = /beaver
    .more = Вместо того чтобы принять удвоение, вы сразу переудваиваете и оставляете { -cube } у себя. Удвоивший принимает — { -cube } поднимается на две ступени и остаётся у вас — или отказывается и проигрывает удвоенную ставку. Только в игре на деньги с beaver=on: { $cmd_rules_beaver }
help-resign = предложить сдаться: без марса, с марсом или с коксом
    .usage = /resign [single|gammon|backgammon]
    .more = Вы предлагаете сопернику партию как обычную победу (по умолчанию, или 1), с марсом (gammon, 2) или с коксом (backgammon, 3); она считается так, как если бы её доиграли, с кубом. Соперник соглашается или отказывается; до ответа ничего другого сделать нельзя.
help-accept = согласиться, когда соперник предлагает сдаться
    .usage = /accept
help-decline = не соглашаться, когда соперник предлагает сдаться, и играть дальше
    .usage = /decline
help-board = показать доску ещё раз
    .usage = /board
help-score = показать счёт матча или игры на деньги
    .usage = /score
help-pips = показать пипсы
    .usage = /pips
help-hint = совет для вашего решения сейчас: куб или лучшие ходы с их эквити
    .usage = /hint
    .more = Перед броском — удваивать ли; когда вам предложили удвоение — принять или пас; после броска — лучшие ходы, у каждого кнопка, которая его играет. Короткие нарды оценивает GNU Backgammon, длинные — собственный движок бота. Есть ли подсказки за столом, решает опция hints: { $cmd_rules_hints }
help-analysis = разбор сыгранных партий компьютером: ошибки каждого игрока, PR и удача, худшие решения
    .usage = /analysis
help-help = список команд по группам или справка по одной с её параметрами
    .usage = /help [команда]
    .more = Без слова — все команды по группам. С именем команды — как её писать, что она делает и её параметры. С опцией стола или темой правил (nardy, cube …) — эти правила.
help-rules = правила обеих игр, куба, матча, шуэта и всех опций стола
    .usage = /rules [тема]
    .more = Темы: { $topics }. Без темы — обе игры коротко и что спросить дальше.
help-export = позиция в виде ID GNU Backgammon и XGID, матч — файлом .mat
    .usage = /export
help-settings = доска картинкой или текстом, сторона дома, смена сторон после партии, автоматический бросок, язык
    .usage = /settings [настройка значение]
    .more = Без слов — настройки с кнопками. Словами:
        • view image | text — доска картинкой или текстом;
        • home right | left — ваш дом внизу справа или слева;
        • swap on | off — менять стороны после каждой партии;
        • autoroll on | off — бросать кости за вас, когда нет решения с кубом;
        • language en | ru | uk | be — ваш язык, везде;
        • для администратора чата: ratings on | off — рейтинговые игры здесь; threads on | off — в Discord отдельная ветка для каждой партии.
        Доска, дом, смена сторон и бросок — настройки стола; язык — ваш.
help-clock = время на ход: off — без ограничения, или минуты, часы, дни на ход
    .usage = /clock off|30m|12h|3d
    .more = За столом на двоих: время на каждый ход — минуты (30m; число без буквы — тоже минуты), часы (12h) или дни (3d), до 90 дней; off — без ограничения. Перед концом времени приходит напоминание; когда время вышло, соперник может забрать партию: { $cmd_claim }
help-claim = забрать партию (или матч), когда время соперника вышло
    .usage = /claim [match]
    .more = Когда время соперника на ход вышло, партия ваша, как если бы он сдался без марса (или сказал «пас» на удвоение, на которое должен был ответить); в матче { $cmd_claim_match } забирает весь матч.
help-language = выбрать язык
    .usage = /language en|ru|uk|be
    .more = Ваш язык для ответов бота, во всех чатах (у остальных — свой): en — английский, ru — русский, uk — украинский, be — белорусский.
help-stats = ваши партии, победы, марсы и коксы
    .usage = /stats

## Правила (rules ТЕМА: rules-<тема>, rules-option-<опция>; .title — тема в списках)

rules-overview = Здесь играют в две игры на одной доске с теми же костями:
    • короткие нарды (бэкгаммон) — игроки идут навстречу друг другу, одиночную шашку можно побить: { $cmd_rules_backgammon }
    • длинные нарды — все шашки начинают с головы, оба игрока идут в одну сторону, боя нет: { $cmd_rules_nardy }

    Ещё:
    • { $cmd_rules_cube } — куб удвоения: принять, пас, бобёр, правило Якоби, автоудвоения
    • { $cmd_rules_match } — матч до N очков, игра на деньги, правило Кроуфорда
    • { $cmd_rules_chouette } — шуэт, игра втроём и больше
    • { $cmd_rules_option } — опция стола: { $options }

    Опции задают, когда открывают стол, например { $cmd_new_money_beaver }.
rules-backgammon = Короткие нарды. У каждого игрока 15 шашек; в начале они стоят так (номера пунктов — со своей стороны): 2 на 24-м пункте, 5 на 13-м, 3 на 8-м, 5 на 6-м. Игроки идут навстречу друг другу, от 24-го пункта к 1-му; пункты 1–6 — ваш дом. Цель — привести все 15 шашек в дом и снять их с доски раньше соперника.

    Первый ход: каждый бросает одну кость; у кого число больше, тот ходит первым и играет оба выпавших числа. Дальше бросают две кости по очереди; дубль играется четыре раза. Если можно сыграть оба числа, надо играть оба; если только одно — играют его; если годится любое, но не оба вместе, — большее. Одна шашка может пройти оба числа, если промежуточный пункт открыт.

    Пункт, где стоят две и больше шашки соперника, закрыт. Одиночная шашка (блот) побита, если на неё встала шашка соперника: её ставят на бар. Пока у вас есть шашки на баре, другие ходы недоступны: сначала их вводят в дом соперника — при 3 на его 3-й пункт (ваш 22-й), если он открыт. Если не входит ни одно число, ход пропускается.

    Снятие — когда все 15 шашек в доме: выпало 4 — снимите шашку с 4-го пункта. Если там пусто, а на старших пунктах шашки есть, сыграйте шашкой со старшего пункта; если старше нет ни одной, снимается шашка с самого старшего занятого пункта.

    Итог: обычная победа — 1 очко; марс — проигравший не снял ни одной шашки — 2; кокс — к тому же у него есть шашка на баре или в доме победителя — 3. Всё это умножается на куб: { $cmd_rules_cube }
    .title = Короткие нарды
rules-nardy = Длинные нарды. Все 15 шашек каждого игрока стоят в начале на одном пункте — голове (своём 24-м); головы — в противоположных углах, и оба игрока ведут шашки в одну сторону, по кругу против часовой стрелки, к своему дому (пункты 1–6) и снимают их оттуда.

    Кто начинает: каждый бросает одну кость; у кого больше, тот ходит первым и бросает обе кости заново.
    Голова: с головы за один ход можно взять только одну шашку. Исключение — первый бросок 6-6, 4-4 или 3-3: можно снять две, потому что одной шашкой весь ход не сыграть — мешает голова соперника.
    Боя нет: на пункт, где стоит хотя бы одна шашка соперника, встать нельзя; одна шашка закрывает пункт.
    Блок: нельзя строить заграждение из шести пунктов подряд, если впереди него нет ни одной шашки соперника, — все 15 шашек соперника запирать нельзя, даже пробегом, во время хода.
    Дубль играется четыре раза; оба числа надо сыграть, если можно, иначе большее; что сыграть нельзя, пропадает.

    Снятие — как в коротких нардах, когда все 15 шашек в доме. Итог: оин — 1 очко (проигравший снял хотя бы одну шашку), марс — 2 (ни одной). Кокс — 3 очка, только с koks=on. Ничьих нет, если last_roll_draw=on не даёт второму игроку последний бросок. Играют без куба (cube=on — с кубом); следующую партию начинает победитель.
    Опции: { $nardy_options } — { $cmd_rules_option }
    .title = Длинные нарды
rules-cube = Куб удвоения. Партия начинается со стоимостью 1, куб посередине. Перед своим броском игрок может предложить удвоение, если куб посередине или у него. Соперник:
    • принимает — партия стоит вдвое больше, куб переходит к нему, и следующее удвоение может предложить только он;
    • говорит «пас» — не принимает удвоение и проигрывает партию по прежней стоимости.
    Куб растёт: 2, 4, 8 … до 64. Итог партии умножается на куб: марс при кубе на 4 — 8 очков.

    Только в игре на деньги:
    • правило Якоби (jacoby, включено): марс и кокс считаются только после принятого удвоения;
    • бобёр (beaver=on): игрок, которому предложили удвоение, может сразу переудвоить, оставив куб у себя; удвоивший принимает или проигрывает удвоенную ставку;
    • автоудвоения (auto_doubles=on): одинаковые кости при розыгрыше первого хода удваивают куб, он остаётся посередине; не больше max_auto_doubles за партию (1).
    В матче правило Кроуфорда запрещает удвоение в одной партии: { $cmd_rules_match }
    gammons_with_cube=off — после удвоения марсов нет.
    Опция cube — on, off: играть ли с кубом вообще; по умолчанию on в коротких нардах, off в длинных.
    .title = Куб удвоения
rules-match = Матч играют до N очков ({ $cmd_new_length }; без числа — до 5 в коротких нардах, до 1 в длинных). Очки каждой партии, с кубом, получает победитель; кто первым наберёт N, выигрывает матч. В длинных нардах после ничьей надо ещё и быть впереди.

    Правило Кроуфорда: когда одному из игроков впервые остаётся одно очко до победы, следующая партия — партия Кроуфорда — играется без удвоений. После неё куб снова в игре, даже если и второму игроку останется одно очко.

    В матче правило Якоби, бобры и автоудвоения не действуют.

    Игра на деньги ({ $cmd_new_money }): партии идут одна за другой, счёт копится, конца нет; действуют опции игры на деньги: { $cmd_rules_cube }
    .title = Матч и правило Кроуфорда
rules-chouette = Шуэт — короткие нарды на деньги для 3–8 игроков ({ $cmd_new_chouette }; когда все записались, создатель стола начинает). Каждый бросает одну кость: у кого больше всех — бокс, он играет один против остальных, команды; второй — капитан, он бросает кости и ходит за команду; остальные встают за ним в порядке бросков. Члены команды могут советовать ходы и действия с кубом, решает капитан.

    Удвоение боксу команда предлагает, только если согласны все. Когда удваивает бокс, каждый член команды отвечает сам: кто принял, играет дальше по новой ставке; кто сказал «пас», платит текущую ставку и выбывает из партии. Поэтому у каждого свой куб и своя ставка.

    После партии: если команда проиграла, бокс остаётся, капитан уходит в конец команды, капитаном становится следующий; если выиграла — капитан становится боксом, а прежний бокс встаёт в конец команды. Действуют опции игры на деньги, бобры и правило Якоби тоже.
    .title = Шуэт
rules-option-jacoby = правило Якоби. В игре на деньги марс и кокс считаются как обычная победа, пока в партии не было принятого удвоения (бобёр считается принятым удвоением, автоудвоение — нет).
    Значения: on, off. По умолчанию: on в коротких нардах на деньги и в шуэте, off в длинных нардах; в матче не действует.
    Пример: { $example }
    .title = марс и кокс — только после принятого удвоения
rules-option-beaver = бобры, только в игре на деньги. Игрок, которому предложили удвоение, может вместо того, чтобы принять, сразу переудвоить — объявить бобра — и оставить куб у себя; удвоивший либо принимает (куб поднимается на две ступени и остаётся у объявившего бобра), либо отказывается и проигрывает партию по удвоенной ставке.
    Значения: on, off. По умолчанию: off; в матче не действует.
    Пример: { $example }
    .title = можно сразу переудвоить, оставив куб у себя
rules-option-auto-doubles = автоудвоения, в игре на деньги с кубом. Одинаковые кости при розыгрыше первого хода поднимают куб на ступень; он остаётся посередине (удвоить по-прежнему может любой), а кости перебрасывают. Не больше max_auto_doubles за партию; дальше одинаковые кости просто перебрасывают.
    Значения: on, off. По умолчанию: off; в матче не действует.
    Пример: { $example }
    .title = одинаковые кости на розыгрыше удваивают куб
rules-option-max-auto-doubles = сколько автоудвоений может быть за одну партию (при auto_doubles=on); выше cube_limit куб не поднимается.
    Значения: 0 и больше. По умолчанию: 1.
    Пример: { $example }
    .title = наибольшее число автоудвоений за партию
rules-option-backgammon-counts = сколько стоит кокс: 3 или, как в некоторых странах, 2.
    Значения: 2, 3. По умолчанию: 3 в коротких нардах, 2 в длинных (там это задаёт опция koks).
    Пример: { $example }
    .title = кокс стоит 3 или 2
rules-option-cube-progression = как растёт куб: геометрически 1, 2, 4, 8 … или арифметически 1, 2, 3, 4 …; бобёр — две ступени.
    Значения: geometric, arithmetic. По умолчанию: geometric.
    Пример: { $example }
    .title = куб 1, 2, 4, 8 … или 1, 2, 3, 4 …
rules-option-gammons-with-cube = off: после удвоения марсов нет. Когда куб выше 1 (после удвоения, бобра или автоудвоения), марс и кокс считаются как обычная победа. Действует и в матче.
    Значения: on, off. По умолчанию: on.
    Пример: { $example }
    .title = off: после удвоения марсов нет
rules-option-cube-limit = наибольшее значение куба; удвоение, бобёр или автоудвоение сверх него невозможны.
    Значения: 1 и больше. По умолчанию: 64.
    Пример: { $example }
    .title = наибольшее значение куба
rules-option-last-roll-draw = длинные нарды. on: когда игрок, ходивший первым, снимает последнюю шашку, второй получает последний бросок; если он снимает им все свои оставшиеся шашки, партия заканчивается вничью (сколько даёт ничья, задаёт draw_points). На последнем броске удваивать нельзя. off: кто первым снял все 15 шашек, сразу выигрывает.
    Значения: on, off. По умолчанию: off.
    Пример: { $example }
    .title = длинные нарды: последний бросок на ничью
rules-option-draw-points = сколько получает каждый игрок за ничью в длинных нардах (при last_roll_draw=on): half — пол-очка, one — очко. Чтобы выиграть матч, надо ещё и быть впереди.
    Значения: half, one. По умолчанию: half.
    Пример: { $example }
    .title = ничья: по пол-очка или по очку каждому
rules-option-next-game-starts = кто начинает вторую и следующие партии матча или игры на деньги: roll — розыгрыш первого хода, как в первой партии; winner — победитель предыдущей (после ничьей — тот, кто ходил вторым); alternate — игроки по очереди. Кто начинает без розыгрыша, сразу бросает обе кости. В шуэте первый ход всегда разыгрывают.
    Значения: roll, winner, alternate. По умолчанию: roll в коротких нардах, winner в длинных.
    Пример: { $example }
    .title = кто начинает следующую партию
rules-option-koks = длинные нарды. on: кокс стоит 3 очка — проигравший не снял ни одной шашки, и его шашка ещё не вышла из дома победителя (стоит там или дальше). off: такая победа — марс, 2 очка.
    Значения: on, off. По умолчанию: off.
    Пример: { $example }
    .title = длинные нарды: кокс — 3 очка
rules-option-prime-rule = длинные нарды, блок из шести пунктов подряд. off: его можно держать, только пока впереди него есть шашка соперника. on: только когда шашка соперника уже вошла в свой дом (или снята с доски).
    Значения: on, off. По умолчанию: off.
    Пример: { $example }
    .title = длинные нарды: когда можно строить блок из шести пунктов
rules-option-hints = подсказки за этим столом ({ $cmd_hint }), а не правило игры. on: подсказку можно попросить; off: за этим столом нельзя.
    Значения: on, off. По умолчанию: on в игре с компьютером, на деньги и в шуэте; в матче двух людей off, если только создатель стола не задал hints=on, а соперник не сел с подсказками.
    Пример: { $example }
    .title = можно ли просить подсказку за этим столом
rules-unknown = Правил на тему «{ $topic }» нет. Темы: { $topics }.

## Ошибки приложения

error-generic = Сейчас так нельзя.
error-unknown-command = Неизвестная команда { $command }. Список команд: { $cmd_help }.
error-bad-arguments = Неверные аргументы для { $command }. Пример: { $usage }
error-too-long = Сообщение слишком длинное; ничего не изменено.
error-not-seated = Вы не играете за этим столом.
error-stale = Эта доска устарела: пользуйтесь последней.
error-bad-payload = Эта кнопка недействительна.
error-unavailable = Хранилище игр временно недоступно. Попробуйте через минуту.
error-unavailable-kept = Хранилище игр не отвечает. Ваш запрос сохранён и будет выполнен, как только оно ответит.
error-internal = Что-то пошло не так, ничего не изменено. Попробуйте ещё раз.
error-outcome-unknown = Хранилище игр ответило с задержкой: ваш ход, возможно, уже записан. Вот доска сейчас — проверьте её, прежде чем повторять.
error-outcome-unknown-later = Хранилище игр не отвечает: ваш ход, возможно, уже записан. Посмотрите { $cmd_board } через минуту, прежде чем повторять.
app-already-done = Это уже сделано — вот стол сейчас.
error-no-table = В этом чате ещё нет стола. Начните командой { $cmd_new }.
error-not-creator = Это может только тот, кто открыл стол.
error-clock-running = Время соперника ещё не вышло.
error-bad-clock = Укажите время на ход так: off, минуты (30m), часы (12h) или дни (3d).
error-unknown-language = Неизвестный язык; выберите en, ru, uk или be.

## Ошибки движка (error-<код>; .detail использует параметры ошибки)

error-syntax = Не удалось прочитать ход. Пишите так: 24/18 13/11.
    .detail = Не удалось прочитать «{ $text }». Пишите ход так: { $example }.
error-backwards = Шашка пошла бы назад.
    .detail = { $move } — ход назад.
error-bad-distance = Ни один кубик этого броска не даёт такого расстояния.
    .detail = { $move }: расстояние { $pips }, а выпало { $dice }.
error-dice = Кости — это два числа от 1 до 6.
error-too-many-dice = Для этого хода нужно больше костей, чем выпало.
    .detail = Для { $moves } нужно больше костей, чем { $dice }.
error-no-such-die = Такого числа не выпало.
    .detail = В броске { $dice } нет { $die }.
error-no-checker = Там нет вашей шашки.
    .detail = На { $point } нет вашей шашки.
    .detail-bar = На баре нет вашей шашки.
error-bar-first = Сначала введите шашки с бара.
    .detail = Сначала введите с бара: там { $count ->
        [one] { $count } шашка
        [few] { $count } шашки
        [many] { $count } шашек
       *[other] { $count } шашки
    }.
error-point-closed = Этот пункт закрыт.
    .detail = Пункт { $point } закрыт.
    .detail-points = Пункты { $points } закрыты.
error-bear-off-not-home = Выбрасывать можно, только когда все шашки в доме.
error-bear-off-higher = Выбросить большим числом можно, только если выше нет шашек.
    .detail = Нельзя выбросить с { $point } на { $die }, пока выше стоит шашка.
error-rule = Правила этой игры не разрешают такой ход.
    .detail = Правила не разрешают здесь { $move }.
error-max-dice = Нужно сыграть как можно больше костей.
    .detail = Нужно сыграть больше: возможно { $example }.
error-must-use-both = Если можно, нужно сыграть обе кости.
    .detail = Нужно сыграть обе кости: возможно { $example }.
error-higher-die = Если можно сыграть только одну кость, играется большая.
    .detail = Можно сыграть только одну кость, и это { $die }: { $example }.
error-must-move = Если ход возможен, нужно ходить.
    .detail = Нужно ходить: возможно { $example }.
error-no-play = С таким броском ходов нет.
    .detail = С броском { $dice } ходов нет.
error-no-hitting = В этой игре бить нельзя.
error-no-blot = Там нет блота, который можно побить.
    .detail = На { $point } нет блота.
error-ambiguous = Такая запись подходит к нескольким ходам; напишите каждый шаг.
    .detail = «{ $text }» подходит к нескольким ходам; напишите каждый шаг.
error-illegal = Такой ход по правилам невозможен.
error-illegal-play = Такой ход по правилам невозможен.
error-step-not-legal = Такой шаг сейчас невозможен.
error-play-not-offered = Такого хода сейчас нет среди предложенных.
error-nothing-to-undo = Отменять нечего.
error-play-incomplete = Ход ещё не закончен: сыграйте все кости, какие можно.
error-not-your-turn = Сейчас не ваш ход.
error-must-roll-first = Сначала бросьте кости.
error-already-rolled = Кости уже брошены.
error-game-not-started = Партия ещё не началась.
error-game-over = Партия окончена.
error-game-running = Идёт партия.
error-match-over = Матч окончен.
error-double-pending = Предложено удвоение: сначала ответьте — принять, пас или бобёр.
error-beaver-pending = Объявлен бобёр: сначала примите его или откажитесь.
error-no-double-pending = Удвоение не предлагалось.
error-no-beaver-pending = Бобра не объявляли.
error-cube-disabled = Эта партия играется без куба.
error-cube-not-yours = Куб у соперника.
error-cube-at-limit = Куб уже на пределе.
    .detail = Куб не может быть больше { $limit }.
error-crawford-no-double = В партии Кроуфорда удваивать нельзя.
error-last-roll-no-double = На последнем броске удваивать нельзя.
error-beaver-not-allowed = За этим столом бобров не играют.
error-resign-pending = Соперник предлагает сдаться: сначала согласитесь или откажитесь.
error-no-resign-pending = Никто не предлагал сдаться.
error-resign-not-allowed = Сейчас так сдаться нельзя.
error-unknown-action = Неизвестное действие.
error-bad-player = За этим столом нет такого игрока.
error-bad-die = На кубике бывает от 1 до 6.
error-bad-length = Матч играется до 1 очка или больше (0 — игра на деньги).
error-bad-game = Эта партия не из этого матча.
error-no-dice = Кости недоступны.
error-dice-exhausted = Кости недоступны.
error-unknown-variant = Неизвестная игра; выберите короткие или длинные нарды.
error-corrupt-state = Сохранённую партию не удаётся прочитать.
error-unsupported-schema = Сохранённая партия записана более новой версией бота.
error-engine-error = Сейчас так нельзя.
error-not-exportable = Эту партию нельзя выгрузить файлом матча.
error-corrupt-id = Такую позицию нельзя расставить: проверьте XGID или Position ID:Match ID.
error-bad-mat = Этот файл матча не удаётся прочитать.
error-bad-name = Такое имя игрока нельзя записать в файл матча.
error-too-few-players = Для шуэта нужно не меньше трёх игроков.
error-duplicate-player = Игрок указан дважды.
error-already-seated = Вы уже сидите за этим столом.
error-unknown-player = Такой игрок не сидит за этим столом.
error-already-left = Вы уже вышли.
error-not-in-game = Вы выбыли из этой партии.
error-not-team-member = Этот игрок не в команде.
error-not-captain = За команду ходит только капитан.
error-no-game = Партия ещё не начата.
error-bad-proposal = Такое предложение сейчас сделать нельзя.
error-no-vote = Голосования за удвоение нет.
error-bad-dice-seed = Такой сид не подходит.
error-bad-export = Это не выгрузка костей партии.
error-bad-rating = Такой рейтинг не посчитать.
error-bad-stats = Статистику костей не удаётся прочитать.
error-already-voted = Вы уже проголосовали.
error-vote-pending = Команда голосует за удвоение.
error-already-decided = Вы уже ответили.
error-bad-payment = Такой платёж недопустим.
error-head-rule = С головы за ход можно снять только одну шашку.
    .detail = { $move }: с головы за ход можно снять только одну шашку (две — только первым ходом при 6-6, 4-4 или 3-3).
error-six-prime = Нельзя строить блок из шести пунктов подряд, если впереди нет шашки соперника.
    .detail = { $move } строит блок из шести пунктов подряд: { $rule ->
        [home] так можно, только когда шашка соперника уже зашла в свой дом.
       *[ahead] так можно, только если впереди есть шашка соперника.
    }

## Чат-приложение (bot/app): сбор, ходы, шуэт, настройки, консоль

help-start = начать { -chouette }, когда все записались
    .usage = /start
help-propose = { -chouette }: предложить капитану ход или действие с кубом
    .usage = /propose 24/18 13/11 | /propose double|no_double|take|pass|beaver
    .more = В шуэте член команды предлагает капитану ход или действие с кубом: double — удвоить, no_double — не удваивать сейчас, take — принять, pass — пас, beaver — бобёр. Предложения никого не обязывают: решает капитан. Подробнее: { $cmd_rules_chouette }
app-on = вкл
app-off = выкл
app-not-understood = Непонятно. Команды — { $cmd_help }; в свой ход можно просто написать ход, например 24/18 13/11.
app-not-started = Игра ещё не началась.
app-bad-length = Длина матча — от 1 до { $max ->
    [one] { $max } очка
   *[other] { $max } очков
}; 0 — игра на деньги.
app-chouette-backgammon = В { -chouette } играют только в { -backgammon }.
app-unknown-option = Неизвестная опция «{ $option }». Опции: { $options }.
app-bad-option = «{ $value }» — не значение для { $option }.
app-bad-options = Эти опции несовместимы.
app-button-option = { $option ->
    [cube] Куб
    [jacoby] Якоби
    [beaver] Бобры
    [auto_doubles] Автоудвоения
    [gammons_with_cube] Марсы после удвоения
    [hints] Подсказки
   *[other] { $option }
}: { $state }
app-button-refuse = Отказаться
app-option-cube = { -cube }: { $value }
app-seated = За столом: { $players }
app-already-started = Игра уже началась.
app-start-chouette-only = { $cmd_start } — для шуэта; игра вдвоём начинается, когда садится второй игрок.
app-leave-playing = Из идущей игры не уйти: сдайтесь ({ $cmd_resign }) или прервите её по согласию ({ $cmd_abort }).
app-table-closed = Стол закрыт.
app-abort-pending = Вы уже предложили прервать игру; ждём соперника.
app-chouette-only = Это только для шуэта.
app-chouette-joined = { $player } записывается и играет со следующей партии.
app-chouette-ends = Осталось меньше трёх игроков: { -chouette } окончен.
app-chouette-waiting = Ждём: { $players }
app-chouette-answer = { $player } { $answer ->
    [pass] не принимает
    [beaver] объявляет бобра
   *[take] принимает
}
app-chouette-answers = Ответы: { $answers }.
app-chouette-game-over = Партия { $number }: { $winner ->
    [team] команда выигрывает
   *[box] { $box } ({ -box }) выигрывает
} { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партию
} ({ $reason ->
    [box_pass] { -box } не принял удвоение
    [box_left] { -box } ушёл
    [team_out] вся команда выбыла
   *[bear_off] доиграна
}).
app-proposal-double = удвоить
app-proposal-no-double = не удваивать
app-proposal-take = принять
app-proposal-pass = не принимать
app-proposal-beaver = объявить бобра
app-opening-roll = Розыгрыш первого хода: бросайте, чтобы узнать, кто начинает.
app-answer-double = { $player }: принять или пас?
app-answer-beaver = { $player }: принять бобра или отказаться?
app-answer-resign = { $player }: согласиться или отказаться?
app-export-position = ID позиции GNU Backgammon: { $position_id }
app-setting-unchanged = Уже так и настроено.
app-setting-view-image = картинка
app-setting-view-text = текст
app-setting-home-right = дом справа
app-setting-home-left = дом слева
app-setting-swap = смена сторон: { $state }
app-setting-autoroll = автобросок: { $state }
app-board-pips = пипсы
app-board-off = выброшено
app-board-bar = бар
app-board-dice = кости
app-board-cube = куб
app-board-match = Матч до { $length }
app-board-money = На деньги
app-board-crawford = Кроуфорд
app-board-post-crawford = после Кроуфорда
app-board-offered = Удвоение
app-board-chouette = Шуэт
app-board-box = Бокс
app-board-captain = Капитан
app-board-team = Команда
app-board-out = вне игры
app-board-long-nardy = Длинные нарды
app-board-to-roll = бросает
app-board-opening = розыгрыш хода
app-clock-two-players = Время на ход ограничивается только в игре вдвоём.
app-clock-expired-match = У игрока { $player } вышло время. { $opponent } может забрать партию ({ $cmd_claim }) или весь матч ({ $cmd_claim_match }).
app-invite-cancelled = Место снова свободно для всех.
app-no-clock = За этим столом время на ход не ограничено; задайте его командой { $cmd_clock }.
app-console-you = Вы
app-console-player-two = Игрок 2
app-console-welcome = Нарды в терминале. Цифра — нажать кнопку, или команда (help — список); quit — выход.
app-console-bye = До встречи!
app-console-saved = Файл матча сохранён: { $path }
app-console-saved-file = Файл сохранён: { $path }
app-console-board = Доска в терминале: { $layout ->
    [narrow] компактная
   *[wide] классическая
}. Сменить: settings board classic | settings board compact
app-console-board-usage = Напишите: settings board classic или settings board compact.
app-console-no-button = Кнопки { $number } нет: кнопки — от 1 до { $count }.
app-console-game = Матч { $game }: { $first } — { $second }
app-console-home = Снова за своим столом в терминале.
app-console-fill-usage = Напишите: fill N [УРОВЕНЬ] (в турнир войдут N компьютерных игроков, не больше { $most }; уровень beginner, если другой не назван).

## Discord: slash command and option names (lower case, no spaces, at most 32 characters)
discord-command-new = новая
discord-command-join = сесть
discord-command-invite = пригласить
discord-command-leave = уйти
discord-command-abort = прервать
discord-command-start = старт
discord-command-roll = бросить
discord-command-double = удвоить
discord-command-take = принять
discord-command-pass = пас
discord-command-beaver = бобёр
discord-command-move = ход
discord-command-undo = отменить
discord-command-confirm = готово
discord-command-resign = сдаться
discord-command-accept = согласиться
discord-command-decline = отказаться
discord-command-board = доска
discord-command-score = счёт
discord-command-pips = пипсы
discord-command-hint = подсказка
discord-command-analysis = анализ
discord-command-help = помощь
discord-command-rules = правила
discord-command-export = экспорт
discord-command-settings = настройки
discord-command-propose = предложить
discord-command-stats = статистика
discord-command-clock = время
discord-command-claim = забрать
discord-command-seed = сид
discord-command-dice = кости
discord-command-rating = рейтинг
discord-command-top = лидеры
discord-command-history = история
discord-command-tournament = турнир
discord-command-language = язык
discord-command-position = позиция
discord-command-import = импорт
discord-param-game = игра
discord-param-kind = вид
discord-param-command = команда
discord-param-what = что
discord-param-time = время
discord-param-text = текст
discord-param-where = где
discord-param-which = какой
discord-param-language = язык
discord-param-setting = настройка
discord-param-player = игрок
discord-param-play = ход
discord-param-id = код
discord-param-file = файл
discord-param-topic = тема
discord-pick-step = Выберите шаг…
discord-no-files = Боту нельзя прикреплять файлы в этом канале: попросите модератора выдать право «Прикреплять файлы».
discord-dm-join = Этот чат видите только вы, поэтому второе место здесь никто не займёт. Чтобы сыграть с другом, создайте стол в канале сервера или в групповом чате.
discord-dm-invite = Ваш друг не видит этот чат. Создайте стол в канале сервера или в групповом чате и пригласите его там командой { $cmd_invite }.
discord-thread-name = { $player } — { $opponent }, { $mode }
discord-thread-team = { $players } — { $mode }
discord-thread-welcome = { $players }: ваша партия идёт в этой ветке.
discord-thread-opened = Партия идёт в ветке { $thread }.
discord-thread-refused = Открыть ветку для этой партии не удалось, поэтому играем здесь, в канале. Чтобы партии шли в ветках, дайте боту права «Создавать публичные ветки» и «Отправлять сообщения в ветках».
discord-thread-result = Партия в ветке { $thread } окончена.
discord-thread-away = Ваша партия идёт в ветке { $thread }.
discord-thread-gone = Ветку этой партии удалили: игра продолжается здесь.
discord-thread-closed = Ветку этой партии закрыли: игра продолжается здесь.
discord-thread-reopened = Ветку этой партии закрыли: она снова открыта, игра продолжается.
discord-your-turn = { $player }, ваш ход.

## Telegram
telegram-button-invite = Пригласить друга
telegram-button-play = Играть
telegram-invite-private = Нажмите кнопку и выберите чат друга, с которым хотите сыграть.
telegram-invite-link = Отправьте эту ссылку другу: по ней можно сесть за этот стол. { $link }
telegram-link-used = Готово: вы за столом. Партия идёт в групповом чате.
telegram-link-again = Вы уже за этим столом. Партия идёт в групповом чате.
telegram-link-invalid = Эта ссылка-приглашение недействительна.
invite-own-card = Это ваше приглашение: дождитесь, пока друг нажмёт «Играть».
telegram-invite-pending = Приглашение ещё готовится: нажмите «Играть» ещё раз через пару секунд.
telegram-invitation = { $player } приглашает вас сыграть: { $game }. Нажмите «Играть», чтобы сесть за стол.
telegram-card-computer = { $game }, соперник — { $computer }
telegram-invitation-computer = { $player } предлагает сыграть с компьютером: { $game }. Кто нажмёт «Играть», тот и играет.
clock-brief-expired = У игрока { $player } вышло время. { $opponent } может забрать { $what ->
    [match] партию или весь матч
   *[game] партию
} кнопками ниже.
clock-private-reminder = Партия с соперником { $opponent }: время на ход — ещё { $left }.
clock-private-late = В партии с соперником { $opponent } ваше время вышло: теперь соперник может забрать { $what ->
    [match] партию или весь матч
   *[game] партию
}. Пока соперник этого не сделал, ваш ход ещё засчитывается.
clock-private-claim = В вашей партии у игрока { $player } вышло время. Вы можете забрать { $what ->
    [match] партию или весь матч
   *[game] партию
} кнопками на сообщении с игрой.

## The computer opponent
computer-name = Компьютер ({ $level ->
    [beginner] новичок
    [casual] любитель
    [strong] сильный
    [expert] эксперт
   *[other] { $level }
})
computer-unavailable = Игра с компьютером на этом боте отключена: пригласите друга.
computer-bad-level = Неизвестный уровень «{ $level }». Уровни: { $levels }.
computer-two-players = Компьютер играет один на один, не в { -chouette }.
computer-plays = { $player } бросает { $dice } и ходит { $play }.
computer-takes = { $player } принимает удвоение.
computer-passes = { $player } не принимает удвоение.
computer-beaver-accepted = { $player } принимает бобра.
telegram-button-computer = Играть с компьютером
telegram-start-play = Сыграйте прямо сейчас: с компьютером или с другом.
## Кости, которые может проверить каждый

dice-commitment = Кости этой партии заданы до первого броска, их хеш: { $commitment }… (полностью — в { $cmd_dice }). Сид, открытый после партии, докажет, что ни один бросок не подменён.
dice-client-seeds = Сиды игроков: { $seeds }
dice-client-seed = { $player } «{ $seed }»
dice-seating = рассадка
dice-revealed = Кости партии { $number }: сид сервера { $seed }, его хеш { $commitment }… был показан до партии. Чтобы проверить каждый бросок: { $cmd_export }, затем запустите { $command }
dice-secret-commitment = Кости этого матча получаются из секрета, который бот зафиксировал раньше, чем кто-либо из игроков задал свой сид; его отпечаток — { $commitment }… (полностью — в { $cmd_dice }). Когда матч закончится, бот покажет секрет: любой сможет проверить, что у него этот отпечаток и что из него получились кости каждой партии, — значит, его не подбирали под сиды игроков.
dice-secret-revealed = Матч окончен; его кости получены из секрета бота { $secret }, отпечаток которого ({ $commitment }…) был показан до сидов игроков. Из него получен сид сервера каждой партии. Чтобы проверить их все: { $cmd_export }, затем запустите { $command }
export-dice-file = Кости завершённых партий вместе с сидами ({ $name }); проверить: { $command }
dice-seed-random = Ваш сид будет выбран случайно в начале партии (и показан). Чтобы задать свой: { $cmd_seed_text }
command-placeholder-text = ТЕКСТ
command-placeholder-option = ОПЦИЯ
dice-seed-too-late = Кости этого матча уже зафиксированы: задайте свой сид в лобби следующего.
dice-seed-bad = Сид — от 1 до { $max } печатных символов.
dice-seed-set = Сид игрока { $player }: «{ $seed }».
dice-seed-offer = { $player }, ваш сид выбран случайно: чтобы задать свой, отправьте { $cmd_seed_text } до первого броска.
dice-seed-until-roll = До первого броска можно задать свой: { $cmd_seed_text }
dice-seed-after-commitment = Сид сервера для этой партии зафиксирован раньше вашего (его хеш { $commitment }… — на доске), так что подогнать его под ваш сид нельзя. Ваш сид действует весь матч.
dice-seed-after-secret = Секрет бота для этого матча зафиксирован раньше вашего сида (отпечаток { $commitment }…), так что подобрать его под ваш сид нельзя. Ваш сид действует во всех партиях матча.
dice-seed-too-late-computer = Кости этого матча уже брошены: против компьютера задайте свой сид, когда начнётся следующий матч, до первого броска.
help-seed = ваш сид для костей: в лобби или, против компьютера, до первого броска
    .usage = /seed [текст]
    .more = В лобби: ваш собственный текст, который вместе с секретным сидом бота определяет кости матча, — так бот один их не выбирает. Без текста — уже заданные сиды. Секретный сид каждой партии показывают, когда она окончена, и каждый бросок можно проверить.

## Позиции по ID, загруженные матчи и их просмотр

help-position = начать партию с позиции из GNU Backgammon или eXtreme Gammon (XGID или Position ID:Match ID)
    .usage = /position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10 | PositionID:MatchID
    .more = Партия с этой позиции: куб, счёт, длина матча, кости и чей ход — из ID. Кто открыл стол, играет X (внизу), кто сел вторым — O; добавьте bot и уровень, чтобы играть с компьютером. Без ID — ID позиции за этим столом.
position-lobby = Партия начнётся с позиции { $id }: открывший стол играет за X (внизу), присоединившийся — за O.
position-not-id = Это не ID позиции. Укажите XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10) или Position ID и Match ID из GNU Backgammon (4HPwATDgc/ABMA:cIkKAAAAAAAA).
position-bad-xgid = Этот XGID не читается. В XGID десять полей через двоеточие: 26 знаков доски (- или A-O для X, a-o для O), затем куб, его владелец, очередь хода, кости, оба счёта, правила, длина матча и предел куба.
position-bad-position-id = { $id } — неверный Position ID: в нём 14 знаков (A-Z, a-z, 0-9, + и /) и по 15 шашек у каждого игрока.
position-bad-match-id = { $id } — неверный Match ID: в нём 12 знаков (A-Z, a-z, 0-9, + и /), в них куб, счёт и кости.
position-impossible = По этому ID не сыграть партию: { $reason ->
    [game_over] партия в нём уже окончена.
    [score] при таком счёте матч уже выигран.
    [crawford] партия { -crawford }а бывает, только когда одному игроку не хватает одного очка до победы, и в ней нет { -cube }а.
    [cube] у { -cube }а здесь не может быть такого значения или владельца.
    [no_cube] предложено удвоение в партии без удвоений.
    [beaver] бобры бывают только в игре на деньги, а еноты не играются вовсе.
    [checkers] шашки не могут так стоять.
    [dice] на удвоение отвечают до броска, так что костей ещё нет.
    [turn] действует не тот игрок, чей сейчас ход.
   *[other] в партии такого положения не бывает.
}
export-set-up = Этот матч начат с заданной позиции, а файл .mat всегда начинается с начальной расстановки, поэтому файл матча не записан. Позицию описывают ID выше.
help-import = прочитать файл матча (.mat из GNU Backgammon, eXtreme Gammon или DailyGammon) и просмотреть его
    .usage = /import, приложив файл .mat
    .more = Пришлите боту файл матча (.mat из GNU Backgammon, eXtreme Gammon или DailyGammon, не больше { $kb } КБ); в группе назовите его *.mat или отправьте вместе с командой. В ответ — сводка матча с кнопками просмотра, выгрузки в .mat и разбора.
import-no-file = Пришлите матч боту файлом (.mat), с { $cmd_import } или без.
import-too-big = В файле { $size } КБ; читаются файлы матчей до { $max } КБ.
import-too-slow = Этот файл матча читается слишком долго; попробуйте матч покороче.
import-not-text = Это не текстовый файл матча (.mat).
import-bad-file = Это не файл матча, который я могу прочитать: в файле .mat есть строка вроде «5 point match», а за ней партии (читаются файлы GNU Backgammon, eXtreme Gammon и DailyGammon).
import-bad-move = Файл матча отклонён: партия { $game }, ход { $move }: { $why }
import-bad-game = Файл матча отклонён: партия { $game }: { $why }
import-bad-score = Файл матча отклонён: партия { $game }: счёт перед ней не тот, что дают предыдущие партии.
import-summary = Матч прочитан: { $player } — { $opponent }, { $mode }; { $games ->
    [one] { $games } партия
    [few] { $games } партии
    [many] { $games } партий
   *[other] { $games } партии
}; итоговый счёт { $score }–{ $opponent_score }.
import-button-replay = Просмотр
import-button-export = Выгрузить .mat
import-gone = Этот матч здесь больше не хранится (или его прислал кто-то другой): пришлите файл .mat ещё раз.
import-file-caption = Матч в записи GNU Backgammon ({ $name }).
replay-caption = Партия { $game } из { $games }, ход { $step } из { $steps }
replay-start = Начало партии. Счёт: { $player } { $score }, { $opponent } { $opponent_score }.
replay-move = { $player } выбрасывает { $dice } и ходит { $play }.
replay-take = { $player } принимает удвоение.
replay-pass = { $player } не принимает удвоение.
replay-button-back = ◀ Назад
replay-button-next = Вперёд ▶
replay-button-previous-game = ⏮ Партия
replay-button-next-game = Партия ⏭

import-why-illegal = записанное там не следует из партии (неверное значение куба, результат или столбец).
import-why-order = партии не следуют друг за другом, как в матче (партия не доиграна или сыграна после победы в матче).
import-download-failed = Файл не удалось скачать; пришлите его ещё раз.
app-console-import-usage = Напишите: import ФАЙЛ (путь к файлу матча .mat).
app-console-no-file = Файла { $path } нет или его нельзя прочитать.

## Рейтинги, таблицы лидеров, статистика костей, история

rating-change = { $player }: рейтинг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } ({ NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") })
settings-ratings = Рейтинги в этом чате: { $value }
settings-ratings-admin = Включать и выключать рейтинги может только администратор чата.
settings-threads = Партии в отдельных ветках: { $value }
settings-threads-admin = Решать, идут ли партии в ветках, может только администратор чата.
player-unknown = Игрока { $name } нет ни за этим столом, ни среди ваших недавних соперников.
rating-line = { $player } в { $game ->
    [long_nardy] длинных нардах
   *[backgammon] коротких нардах
}: рейтинг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, опыт { $experience }
rating-places = Место { $chat } в этом чате, { $overall } в общем зачёте.
rating-none = У игрока { $player } ещё нет рейтинговых матчей (все начинают с 1500).
rating-rules = В рейтинг (формула FIBS) идут доигранные матчи двух людей, в том числе выигранные по времени. Игры на деньги, шуэты, игры с компьютером, партии с заданной позиции и матчи, прерванные по согласию, не учитываются.
top-title-chat = Лучшие рейтинги этого чата в { $game ->
    [long_nardy] длинных нардах
   *[backgammon] коротких нардах
}:
top-title-global = Лучшие рейтинги в { $game ->
    [long_nardy] длинных нардах
   *[backgammon] коротких нардах
}, общий зачёт:
top-line = { $place }. { $player } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } (опыт { $experience })
top-empty = Рейтинговых матчей ещё не было.
dice-commitment-whole = Кости текущей партии: хеш { $commitment } (задан до первого броска: сид, открытый после партии, должен дать этот хеш)
dice-secret-whole = Секрет этого матча (будет показан, когда матч закончится): отпечаток { $commitment }
dice-none = Бросков игрока { $player } пока не учтено.
dice-summary = Кости игрока { $player } на этой платформе: бросков { $rolls }, дублей { $doubles } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, ожидается { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-faces = Каждая грань: { $faces } (ожидается по { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; хи-квадрат p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-face = { $face }: { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
dice-entering = Вход с бара при { $closed } { $closed ->
    [one] закрытом пункте
   *[other] закрытых пунктах
}: { $entered } из { $tries } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, ожидается { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
dice-entering-p = Вход с бара против ожидаемого: хи-квадрат p = { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
history-title = Недавние матчи игрока { $player }:
history-why = матч до { $length }, { $why ->
    [time] выигран по времени
    [agreed] прерван по согласию
   *[played] доигран
}
history-tournament = 🏆 турнир { $id }, раунд { $round }
history-rated = рейтинг { NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, { NUMBER($opponent_change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }
history-none = Доигранных матчей игрока { $player } пока нет.
history-hint = { $cmd_history_n } покажет один из них, с экспортом и просмотром.
history-no-such = В вашей истории нет матча { $number } (в ней { $count }).
history-games = Партий: { $games }
history-gone = Этот матч больше не хранится.
button-history-export = Экспорт
button-history-replay = Просмотр
help-dice = ваши кости на этой платформе против ожидаемого и хеш (отпечаток) костей текущей партии
    .usage = /dice [игрок]
    .more = Числа, дубли и вход с бара против того, что дают честные кости, и насколько вероятна такая разница; с именем — кости этого игрока. Хеш закрепляет кости партии до первого броска; сид, из которого он получен, показывают после партии, и любой может проверить каждый бросок.
help-rating = ваш рейтинг и опыт или рейтинг другого игрока
    .usage = /rating [игрок]
    .more = В рейтинг идут доигранные матчи двух людей, отдельно по платформе и игре (не игра на деньги и не игры с компьютером). С именем — рейтинг этого игрока.
help-top = лучшие рейтинги этого чата или в общем зачёте
    .usage = /top [global] [nardy]
    .more = Лучшие рейтинги в этом чате; global — на всей платформе; nardy — длинные нарды вместо коротких.
help-history = ваши недавние доигранные матчи; один из них с экспортом и просмотром
    .usage = /history [N | игрок]
    .more = Ваши последние доигранные матчи по номерам; N — матч номер N с экспортом и просмотром; имя — список этого игрока.
help-tournament = турнир в этом чате: олимпийская система, швейцарская, круговая или арена
    .usage = /tournament [swiss N rounds | knockout | roundrobin | arena N minutes] [очки] [nardy] [clock=1d] [round=3d] [max=64] [in=2h] [unrated]
    .more = Без слов — таблица текущего турнира. С форматом — новый турнир с записью (Участвовать / Выйти; организатор нажимает «Начать», или in=2h — турнир начнётся сам через 2 часа). Организатор или администратор чата: /tournament start | pause | resume | cancel | remove ИМЯ | add computer [уровень]. /tournament export — все партии файлами .mat. Партии идут в личных чатах с ботом, в темах форума или в ветках; кто не сходит вовремя, проигрывает по времени.

## Турниры
# Условия турнира одной строкой: «Швейцарская система · короткие нарды · матчи до 3 очков · …»
tournament-format-swiss = Швейцарская система
tournament-format-knockout = Олимпийская система (на выбывание)
tournament-format-roundrobin = Круговая система
tournament-format-arena = Арена
tournament-variant = { $variant ->
    [long_nardy] { -nardy }
   *[other] { -backgammon }
}
tournament-length = { $length ->
    [one] матчи до { $length } очка
    [few] матчи до { $length } очков
    [many] матчи до { $length } очков
   *[other] матчи до { $length } очка
}
tournament-minutes = { $minutes ->
    [one] { $minutes } минута
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минуты
}
tournament-rounds = { $count ->
    [one] { $count } раунд
    [few] { $count } раунда
    [many] { $count } раундов
   *[other] { $count } раунда
}
tournament-cycles = { $count ->
    [one] { $count } круг
    [few] { $count } круга
    [many] { $count } кругов
   *[other] { $count } круга
}
tournament-clock = { $clock } на ход
tournament-round-time = { $time } на раунд
tournament-rated = с рейтингом
tournament-unrated = без рейтинга
tournament-title = 🏆 Турнир { $id }
tournament-starts-in = До начала: { $time }.
tournament-starts-by-organiser = Турнир начнётся, когда организатор нажмёт «Начать».
tournament-signed-up = Игроков: { $count } из { $most }
tournament-entry = { $place }. { $name } ({ $rating })
tournament-private-note = { $platform ->
    [telegram] Если в чате нет тем, партии идут в личном чате с ботом: откройте бота и один раз нажмите «Запустить» (/start), чтобы он мог вам писать.
   *[other] Каждая партия начинается, как только раунд составлен; кто не сходит вовремя, проигрывает по времени.
}
tournament-button-join = Участвовать
tournament-button-leave = Выйти
tournament-button-start = Начать
tournament-joined = { $name } участвует в турнире ({ $count ->
    [one] { $count } игрок
    [few] { $count } игрока
    [many] { $count } игроков
   *[other] { $count } игрока
}).
tournament-left = { $name } покидает турнир.
tournament-tiebreaks = При равенстве очков: { $names }
tiebreak-buchholz_cut1 = усечённый Бухгольц (Бх-1)
tiebreak-buchholz = Бухгольц (Бх)
tiebreak-sonneborn_berger = Зоннеборн-Бергер (ЗБ)
tiebreak-direct = личная встреча
tiebreak-wins = число побед
tournament-row = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb })
tournament-row-out = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb }), вне турнира
tournament-arena-row = { $place }. { $name } — { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}, { $games ->
    [one] { $games } партия
    [few] { $games } партии
    [many] { $games } партий
   *[other] { $games } партии
}, { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
    [many] { $wins } побед
   *[other] { $wins } победы
}
tournament-arena-row-streak = { $place }. { $name } — { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}, { $games ->
    [one] { $games } партия
    [few] { $games } партии
    [many] { $games } партий
   *[other] { $games } партии
}, { $wins ->
    [one] { $wins } победа
    [few] { $wins } победы
    [many] { $wins } побед
   *[other] { $wins } победы
} 🔥
tournament-more-rows = … и ещё { $count }
tournament-in-play = Партий в игре: { $count }
tournament-status-round = Раунд { $round } из { $rounds }. Доиграно партий: { $done } из { $total }; до конца раунда — { $time }.
tournament-arena-left = До конца арены: { $time }.
tournament-status-paused = Турнир на паузе по решению организатора: новый раунд не начнётся, пока турнир не продолжат.
tournament-status-over = Турнир окончен.
tournament-status-champion = Турнир окончен. Чемпион: { $name } 🏆
tournament-status-cancelled = Турнир отменён.
tournament-round-heading = Раунд { $round }:
tournament-bye = { $name } — без пары (пропуск раунда)
tournament-pair-open = { $first } — { $second }
tournament-pair-won = { $first } — { $second }: победа — { $winner }
tournament-pair-forfeit = { $first } — { $second }: техническая победа — { $winner }
tournament-pair-draw = { $first } — { $second }: ничья
tournament-pairings = Раунд { $round } из { $rounds }, пары:
tournament-pairing = { $board }. { $first } — { $second }
tournament-where = { $platform ->
    [console] Все партии играются здесь, в консоли. Время на ход идёт с этой минуты.
    [discord] Каждая партия идёт в своей ветке, куда зовут её игроков. Время на ход идёт с этой минуты.
   *[other] Каждая партия приходит её игрокам: в тему форума, если в группе есть темы, иначе в личный чат с ботом. Время на ход идёт с этой минуты.
}
tournament-game-title = { $first } — { $second } (раунд { $round })
tournament-game-opening = Турнирная партия: { $first } — { $second }, раунд { $round }, стол { $board }, матч до { $length ->
    [one] { $length } очка
    [few] { $length } очков
    [many] { $length } очков
   *[other] { $length } очка
}. Время на ход: { $clock }; до конца раунда — { $time }. Кто не успеет сходить вовремя, проигрывает матч.
tournament-champion = 🏆 { $name } выигрывает турнир { $id }!
tournament-cancelled = Турнир { $id } отменён.
tournament-removed-note = Из турнира исключается { $name }; несыгранные партии засчитываются как технические поражения.
tournament-too-few-cancelled = Турнир { $id } отменён: записалось слишком мало игроков.
tournament-computers-in = { $count ->
    [one] Добавлен { $count } игрок-компьютер
    [few] Добавлено { $count } игрока-компьютера
   *[other] Добавлено { $count } игроков-компьютеров
} (всего участников: { $players }).
tournament-computer-name = Компьютер { $number } ({ $level ->
    [beginner] новичок
    [casual] любитель
    [strong] сильный
    [expert] эксперт
   *[other] { $level }
})
tournament-export = { $count ->
    [one] { $count } партия
    [few] { $count } партии
    [many] { $count } партий
   *[other] { $count } партии
} турнира файлами .mat: { $name }
# Отказы
tournament-usage = Например: /tournament swiss 5 rounds, /tournament knockout 7, /tournament roundrobin nardy 3, /tournament arena 60 minutes. Просто /tournament показывает текущий турнир.
tournament-none = В этом чате нет турнира. Начните новый, например: /tournament swiss 5 rounds
tournament-not-here = Турниром управляют из чата, где он начался, а не из партии.
tournament-group-only = Турнир проводится в группе или в канале сервера, а не в личном чате.
tournament-running = Здесь ещё идёт турнир { $id }: сначала он должен закончиться (или быть отменён).
tournament-signup-closed = Запись закрыта: турнир уже начался.
tournament-already-in = Вы уже в турнире.
tournament-full = Мест нет: в турнире уже { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
    [many] { $count } игроков
   *[other] { $count } игрока
}.
tournament-removed = Организатор исключил вас из этого турнира.
tournament-not-in = Вы не участвуете в этом турнире.
tournament-over = Турнир окончен.
tournament-started = Турнир уже начался.
tournament-too-few = Для турнира нужно не меньше { $count ->
    [one] { $count } игрока
    [few] { $count } игроков
    [many] { $count } игроков
   *[other] { $count } игрока
}.
tournament-cannot-pair = Этих игроков не удаётся разбить на пары ({ $reason }).
tournament-organiser-only = Это может сделать только организатор или администратор чата.
tournament-not-running = Турнир сейчас не идёт.
tournament-not-paused = Турнир не на паузе.
tournament-no-such-player = В турнире нет такого игрока (напишите имя так, как оно стоит в списке).
tournament-nothing-to-export = Доигранных партий этого турнира пока нет.
tournament-no-money = Турнирные партии — это матчи: укажите число очков вместо money.
tournament-bad-max = Число игроков — от 2 до { $most }.
tournament-bad-rounds = Не больше { $most ->
    [one] { $most } раунда
    [few] { $most } раундов
    [many] { $most } раундов
   *[other] { $most } раунда
}.
tournament-bad-minutes = Арена длится не больше { $most ->
    [one] { $most } минуты
    [few] { $most } минут
    [many] { $most } минут
   *[other] { $most } минуты
}.
tournament-fixed-terms = В турнирной партии действуют условия турнира: контроль времени и рейтинг задаёт организатор.
tournament-no-abort = Турнирную партию нельзя прервать: сдайтесь или пусть решит время.

## Подсказки
hint-title-gnubg = Подсказка для { $player } (нейросети GNU Backgammon, { $ply }-ply):
hint-title-nardy = Подсказка для { $player }: оценка встроенного движка длинных нард (не GNU Backgammon)
hint-play-depth = (только { $ply }-ply)
hint-plays = Лучшие ходы на { $dice } ({ $unit ->
    [equity] эквити
   *[chance] шанс на победу
}):
hint-play-line = { $rank }. { $play }  { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-difference = ({ $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
})
hint-after = После хода { $play }:
hint-button = Сыграть { $play }
hint-cube = { $action ->
    [no_double] Без удвоения (удвоение было бы принято)
    [double_take] Удвоение, принять
    [double_pass] Удвоение, пас
   *[too_good] Слишком хорошо для удвоения: играйте на марс
}
hint-cube-line = { $option ->
    [no_double] Без удвоения
    [double_take] Удвоение, принять
    [double_pass] Удвоение, пас
    [take] Принять
   *[pass] Пас
}: { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-take = Ответ на удвоение: { $answer ->
    [take] принять
    [beaver] объявить бобра
   *[pass] пас
}
hint-match-chances = В шансах выиграть матч при этом счёте:
hint-no-double-now = Удвоить сейчас нельзя: бросайте кости.
hint-chances = Победа { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }); поражение { NUMBER($lose, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($lose_gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($lose_backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
hint-chance = Шанс на победу: { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
hint-lobby = Подсказки: { $state }
hint-lobby-asked = Подсказки: их просит создатель стола; включатся, если соперник нажмёт «Сесть с подсказками»
button-join-hints = Сесть с подсказками
hint-no-game = Здесь не идёт игра: подсказки — для идущей партии.
hint-over = Партия окончена: советовать нечего.
hint-spectator = Подсказки — только для игрока, чей сейчас ход: вы не играете за этим столом.
hint-not-your-turn = Подсказки — только для игрока, чей сейчас ход, а это решение не ваше.
hint-nothing = Сейчас нет решения, для которого нужна подсказка.
hint-off-match = В этом матче подсказки выключены. В матче они есть, только если оба игрока согласились в лобби: создатель открывает стол командой { $cmd_new_hints }, а соперник садится кнопкой «Сесть с подсказками».
hint-off = Подсказки за этим столом выключены ({ $cmd_new_hints } включит их в следующей игре).
hint-no-computer = Подсказки даёт компьютер, а он на этом боте выключен.
hint-stale = Эта подсказка устарела: игра ушла дальше. Спросите { $cmd_hint } ещё раз.
hint-failed = Сейчас не удалось рассчитать подсказку: попробуйте чуть позже.

## Analysis

button-analysis = Анализ
analysis-progress = Анализ партии { $game } из { $games }…
analysis-title-gnubg = Анализ нейросетями GNU Backgammon ({ $ply }-ply), партий: { $games }. Потери в эквити:
analysis-title-nardy = Анализ встроенным движком длинных нард ({ $ply }-ply), а не GNU Backgammon, партий: { $games }. Потеря — доля шансов на победу, упущенная по сравнению с лучшим решением:
analysis-player = { $player }: PR { NUMBER($pr, minimumFractionDigits: 1, maximumFractionDigits: 1) }, невынужденных решений: { $unforced }
analysis-loss-gnubg = Потеряно { NUMBER($total, minimumFractionDigits: 3, maximumFractionDigits: 3) }: { NUMBER($checker, minimumFractionDigits: 3, maximumFractionDigits: 3) } в игре шашками, { NUMBER($cube, minimumFractionDigits: 3, maximumFractionDigits: 3) } в решениях с кубом
analysis-loss-nardy = Упущено шансов на победу, в сумме по решениям: { NUMBER($total, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ NUMBER($checker, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } в игре шашками, { NUMBER($cube, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } в решениях с кубом)
analysis-marks = Сомнительных решений: { $doubtful }, плохих: { $bad }, очень плохих: { $very_bad }
analysis-luck = Удача: { $unit ->
    [equity] { NUMBER($luck, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($luck, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
analysis-worst-follow = Дальше — худшие решения каждого игрока.
analysis-decision = { $player }: партия { $game }, ход { $move }
analysis-played = Выпало { $dice }, сыграно { $play }
analysis-cube-made = Куб: { $action }
analysis-best = Лучший ход: { $play }
analysis-best-cube = Лучшее решение: { $action }
analysis-difference = { $unit ->
    [equity] { NUMBER($loss, minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($loss, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}: { $mark ->
    [doubtful] сомнительное решение
    [bad] плохое решение
    [very_bad] очень плохое решение
   *[none] небольшая ошибка
}
analysis-cube-action = { $action ->
    [no_double] без удвоения
    [double] удвоение
    [take] принять
   *[pass] пас
}
analysis-nothing = Здесь нет законченной партии для анализа.
analysis-gone = Этого матча уже нет за столом; если он ваш, он есть в { $cmd_history_n } с кнопкой «Анализ».
analysis-chouette = { -chouette } не анализируется: анализ — для партий двух игроков.
analysis-in-play = За этим столом подсказки выключены, поэтому его партии анализируются, когда матч или игра на деньги закончится.
analysis-no-computer = Анализ делает компьютер, а он на этом боте выключен.
analysis-busy = В этом чате уже идёт анализ: его сообщение показывает, как далеко он продвинулся.
analysis-again = Этот анализ уже сделан: его сообщение в этом чате показывает результат.
analysis-failed = Сейчас не удалось сделать анализ: попробуйте чуть позже.
