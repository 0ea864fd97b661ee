# Український каталог бота для нард (синтаксис Project Fluent).
# Ті самі повідомлення й ті самі підстановки, що в en.ftl.

## Терміни

-backgammon = короткі нарди
-nardy = довгі нарди
-gammon = марс
-backgammon-win = кокс
-cube = куб
-chouette = шует
-box = бокс
-captain = капітан
-crawford = Кроуфорд

## Слова

variant-backgammon = Короткі нарди
variant-nardy = Довгі нарди
mode-match = { $length ->
    [one] матч до { $length } очка
   *[other] матч до { $length } очок
}
mode-money = гра на гроші
mode-chouette = { -chouette }
language-name = Українська
language-en = English
language-ru = Русский
language-uk = Українська
language-be = Беларуская

## Лічильні слова ($count)

duration-minutes = { $count ->
    [one] { $count } хвилина
    [few] { $count } хвилини
    [many] { $count } хвилин
   *[other] { $count } хвилини
}
duration-hours = { $count ->
    [one] { $count } година
    [few] { $count } години
    [many] { $count } годин
   *[other] { $count } години
}
duration-days = { $count ->
    [one] { $count } день
    [few] { $count } дні
    [many] { $count } днів
   *[other] { $count } дня
}

## Кнопки

button-roll = Кинути
button-double = Подвоїти
button-take = Прийняти
button-pass = Пас
button-beaver = Бобер
button-accept = Погодитися
button-decline = Відмовитися
button-undo = Скасувати крок
button-confirm = Підтвердити
button-join = Сісти за стіл
button-start = Почати
button-abort = Перервати
button-free-seat = Звільнити місце
button-resign-single = Здатися без марсу
button-resign-gammon = Здатися з марсом
button-resign-backgammon = Здатися з коксом
button-claim-game = Забрати партію
button-claim-match = Забрати матч
button-vote-double = Подвоїти { -box }
button-vote-no-double = Не подвоювати

# Дошка у вікні застосунку чату: її слова, крім написів на кнопках
web-resign = Здатися
web-your-turn = Ваш хід
web-opponent-turn = Хід суперника
web-score = Рахунок
web-spectator = Ви спостерігаєте за партією.
web-offline = Немає зв'язку: під'єднуємося знову…
web-lobby = Партія ще не почалася.
web-you = ви

## Ходи й події партії

game-started = { $player } — { $opponent }: партія починається.
opening-roll = Розіграш першого ходу: { $player } { $die1 }, { $opponent } { $die2 }.
opening-tie = В обох { $die }; кидаємо ще раз.
opening-first = Починає { $player }: { $dice }.
auto-double = Рівні кістки в розіграші: { -cube } стає на { $value }.
turn-roll-or-double = { $player }, ваш хід: кидайте або подвоюйте.
turn-roll = { $player }, ваш хід: кидайте.
turn-move = { $player } грає { $dice }.
event-rolled = { $player } кидає { $dice }.
event-forced = Можливий лише один хід: { $play } (зіграно автоматично).
event-no-play = { $player } не може зіграти { $dice }; хід переходить.
event-play-ready = Хід складено: { $play }. Натисніть «Підтвердити».
group-steps-hint = Натискайте крок для кожного кубика (відповіді бачите лише ви), потім «Підтвердити».
group-step-made = Поки зіграно: { $play }. Лишилося зіграти: { $dice }.
group-step-none = Крок скасовано: поки нічого не зіграно.
event-doubles = { $player } подвоює до { $value }.
event-beavers = { $player } оголошує бобра й залишає { -cube } на { $value } у себе.
event-takes = { $player } приймає подвоєння й забирає { -cube } на { $value }.
event-beaver-accepted = { $player } приймає бобра: { -cube } на { $value }, власник — { $owner }.
event-beaver-refused = { $player } відмовляється від бобра й втрачає { $points ->
    [one] { $points } очко
    [few] { $points } очки
    [many] { $points } очок
   *[other] { $points } очка
}.
event-resign-offer = { $player } пропонує здатися { $kind ->
    [gammon] з марсом
    [backgammon] з коксом
   *[single] без марсу
}.
event-resign-accepted = { $player } погоджується: партію здано.
event-resign-declined = { $player } не погоджується; гра триває.
result-win = { $player } виграє { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партію
}: { $points ->
    [one] { $points } очко
    [few] { $points } очки
    [many] { $points } очок
   *[other] { $points } очка
}.
result-draw = Нічия.
result-resigned = { $player } здається.
result-passed = { $player } не приймає подвоєння.
score-match = Рахунок: { $player } { $score }, { $opponent } { $opponent_score } (матч до { $length }).
score-money = Рахунок гри на гроші: { $player } { $score }, { $opponent } { $opponent_score }.
match-won = { $player } виграє матч { $score }–{ $opponent_score }.
match-crawford = Партія Кроуфорда: у цій партії подвоювати не можна.
match-post-crawford = Після Кроуфорда: { -cube } знову в грі.
pips-line = Піпси: { $player } { $pips }, { $opponent } { $opponent_pips }.

## Стіл

table-created = Новий стіл, { $variant }: { $mode }. Натисніть «Сісти за стіл».
table-options = Умови: { $options }
table-left = { $player } залишає стіл.
table-full = Стіл зайнятий; можна дивитися.
table-invited = { $player } запрошує { $invitee }.
table-seat-reserved = Це місце залишено для { $invitee }.
table-abort-requested = { $player } пропонує перервати партію; суперник погоджується командою { $cmd_abort }.
table-aborted = Партію перервано.
table-game-running = Тут уже йде гра. Закінчити її: { $cmd_abort } (за згодою обох) або { $cmd_resign }.

## Умови гри (RULES.md 2.1 і 5)

option-jacoby = правило Якобі: { $value }
option-auto-doubles = автоподвоєння: { $value } (не більше { $count })
option-beaver = бобри: { $value }
option-backgammon-counts = { -backgammon-win } коштує { $count ->
    [one] { $count } очко
    [few] { $count } очки
    [many] { $count } очок
   *[other] { $count } очка
}
option-cube-progression = щаблі куба: { $value ->
    [arithmetic] 1, 2, 3, 4…
   *[geometric] 1, 2, 4, 8…
}
option-gammons-with-cube = { -gammon } після подвоєння: { $value }
option-cube-limit = межа куба: { $value }
option-prime-rule = блок із шести пунктів поспіль: { $value ->
    [home] можна, коли шашка суперника вже вдома
   *[ahead] можна, якщо попереду є шашка суперника
}
option-koks = { -backgammon-win } (3 очки): { $value }
option-last-roll-draw = останній кидок на нічию: { $value }
option-next-game-starts = наступну партію починає: { $value ->
    [alternate] по черзі
   *[winner] переможець
}
option-no-cube = гра без куба
option-cube-on = гра з кубом
option-draw-points = нічия: { $value ->
    [one] по очку кожному
   *[half] по пів очка кожному
}

## Шует

chouette-lobby = Збір на { -chouette }: { $count ->
    [one] { $count } гравець
    [few] { $count } гравці
    [many] { $count } гравців
   *[other] { $count } гравця
} за столом. Приєднуйтеся; гра почнеться, коли зберуться троє або більше.
chouette-seat-roll = Кидки за місця: { $rolls }
chouette-box = Бокс: { $player }
chouette-captain = Капітан: { $player }
chouette-team = Команда: { $players }
chouette-proposal = { $player } пропонує { $play }.
chouette-vote = Команда голосує за подвоєння бокса: { $yes } з { $total } за.
chouette-ledger = Розрахунок:
chouette-ledger-line = { $player }: { NUMBER($points, signDisplay: "always") }

## Годинник на хід (гра листуванням)

clock-off = Час на хід не обмежено.
clock-set = Час на хід: { $duration }.
clock-reminder = { $player }, час на хід: ще { $left }.
clock-expired = У гравця { $player } закінчився час. { $opponent } може забрати { $what ->
    [match] матч
   *[game] партію
} командою { $cmd_claim }.
clock-claimed = { $player } виграє { $what ->
    [match] матч
   *[game] партію
} за часом.

## Статистика

stats-line = { $player }: партій { $games }, перемог { $wins }, марсів { $gammons }, коксів { $backgammons }.
stats-none = Зіграних партій ще немає.

## Налаштування

settings-title = Налаштування
settings-board = Дошка: { $style ->
    [text] текст
   *[image] картинка
}
settings-home = Дім: { $side ->
    [left] унизу ліворуч
   *[right] унизу праворуч
}
settings-swap-sides = Міняти сторони після кожної партії: { $value }
settings-language = Мова: { $language }
settings-auto-roll = Кидати автоматично, коли немає рішення щодо куба: { $value }
settings-saved = Налаштування збережено.

## Експорт

export-position = Position ID: { $position_id }  Match ID: { $match_id }
export-xgid = XGID: { $xgid }
export-match-file = Файл матчу додано ({ $name }).

## Довідка (по повідомленню на команду; .usage — аргументи, .more — їх пояснення; help-group-* — заголовки списку)

help-title = Команди:
help-group-start = Почати гру
help-group-play = Гра
help-group-cube = Куб подвоєння
help-group-info = Правила й відомості
help-group-settings = Налаштування
help-footer = Напишіть назву команди після { $cmd_help }, щоб дізнатися її параметри; правила обох ігор: { $cmd_rules }.
help-new = відкрити стіл: короткі або довгі нарди; матч, гра на гроші або { -chouette }
    .usage = /new [backgammon|nardy] [N|money|chouette] [bot [рівень]] [опція=значення …]
    .more = Слова — у будь-якому порядку:
        • nardy — довгі нарди (без нього — короткі);
        • N — матч до N очок, від 1 до { $max } (без числа — до 5 у коротких нардах, до 1 у довгих); money — гра на гроші; chouette — { -chouette }, короткі нарди для 3–8 гравців;
        • bot — суперник-комп'ютер, з рівнем: { $levels } (без рівня — { $level });
        • опція=значення — опція столу: { $options }.
        Що робить опція: { $cmd_rules_option }. Приклад: { $cmd_new_money_beaver }
help-join = зайняти вільне місце (або записатися на { -chouette })
    .usage = /join
help-invite = залишити місце суперника для названого гравця
    .usage = /invite @ім'я | off
    .more = Вільне місце за вашим столом чекає на цього гравця 24 години, і ніхто інший його не займе; off звільняє місце для всіх. Якщо партія вже йде або це { -chouette }, запрошення лише оголошується.
help-leave = залишити стіл або збір
    .usage = /leave
help-abort = перервати партію (за згодою обох або творцем столу до першого кидка)
    .usage = /abort
help-roll = кинути кістки
    .usage = /roll
help-move = зіграти хід у нотації; у свій хід можна писати саму нотацію
    .usage = /move 24/18 13/11
    .more = Хід записують від пункту до пункту, у своїй нумерації: 24/18 13/11; bar/22 — введення з бару, 6/off — викидання шашки, 8/5(2) — дві шашки, 13/7 — одна шашка на обидва числа, * — бій (13/7*). Написаний хід робиться одразу й передає кістки; кнопками хід складають крок за кроком, поки ви його не підтвердите.
help-undo = скасувати останній крок ходу, який ви складаєте
    .usage = /undo
help-confirm = підтвердити хід і передати кістки
    .usage = /confirm
help-double = запропонувати подвоєння до кидка
    .usage = /double
    .more = Лише перед своїм кидком, якщо { -cube } посередині або у вас; не можна в партії Кроуфорда, за столом без куба й понад межу куба. Суперник приймає, каже «пас» або, у грі на гроші з beaver=on, оголошує бобра. Докладніше: { $cmd_rules_cube }
help-take = прийняти подвоєння
    .usage = /take
help-pass = пас: не прийняти подвоєння й програти партію за поточною ставкою
    .usage = /pass
help-beaver = одразу переподвоїти й залишити куб собі (гра на гроші, якщо дозволено)
    .usage = /beaver
    .more = Замість того щоб прийняти подвоєння, ви одразу переподвоюєте й залишаєте { -cube } собі. Той, хто подвоїв, приймає — { -cube } піднімається на два щаблі й лишається у вас — або відмовляється й програє подвоєну ставку. Лише в грі на гроші з beaver=on: { $cmd_rules_beaver }
help-resign = запропонувати здатися: без марсу, з марсом або з коксом
    .usage = /resign [single|gammon|backgammon]
    .more = Ви пропонуєте суперникові партію як звичайну перемогу (типово, або 1), з марсом (gammon, 2) або з коксом (backgammon, 3); вона рахується так, ніби її дограли, з кубом. Суперник погоджується або відмовляється; до відповіді нічого іншого зробити не можна.
help-accept = погодитися, коли суперник пропонує здатися
    .usage = /accept
help-decline = не погодитися, коли суперник пропонує здатися, і грати далі
    .usage = /decline
help-board = показати дошку ще раз
    .usage = /board
help-score = показати рахунок матчу або гри на гроші
    .usage = /score
help-pips = показати піпси
    .usage = /pips
help-hint = порада для вашого рішення зараз: куб або найкращі ходи з їхнім еквіті
    .usage = /hint
    .more = Перед кидком — чи подвоювати; коли вам запропонували подвоєння — прийняти чи пас; після кидка — найкращі ходи, у кожного кнопка, яка його грає. Короткі нарди оцінює GNU Backgammon, довгі — власний рушій бота. Чи є підказки за столом, вирішує опція hints: { $cmd_rules_hints }
help-analysis = розбір зіграних партій комп'ютером: помилки кожного гравця, PR і удача, найгірші рішення
    .usage = /analysis
help-help = список команд за групами або довідка про одну з її параметрами
    .usage = /help [команда]
    .more = Без слова — усі команди за групами. З назвою команди — як її писати, що вона робить і її параметри. З опцією столу або темою правил (nardy, cube …) — ці правила.
help-rules = правила обох ігор, куба, матчу, шуету й усіх опцій столу
    .usage = /rules [тема]
    .more = Теми: { $topics }. Без теми — обидві гри коротко і що спитати далі.
help-export = позиція як ID GNU Backgammon і XGID, матч — файлом .mat
    .usage = /export
help-settings = дошка картинкою чи текстом, бік дому, зміна боків після партії, автоматичний кидок, мова
    .usage = /settings [налаштування значення]
    .more = Без слів — налаштування з кнопками. Словами:
        • view image | text — дошка картинкою чи текстом;
        • home right | left — ваш дім унизу праворуч чи ліворуч;
        • swap on | off — міняти боки після кожної партії;
        • autoroll on | off — кидати кістки за вас, коли немає рішення з кубом;
        • language en | ru | uk | be — ваша мова, скрізь;
        • для адміністратора чату: ratings on | off — рейтингові ігри тут; threads on | off — у Discord окрема гілка для кожної партії.
        Дошка, дім, зміна боків і кидок — налаштування столу; мова — ваша.
help-clock = час на хід: off — без обмеження, або хвилини, години, дні на хід
    .usage = /clock off|30m|12h|3d
    .more = За столом на двох: час на кожен хід — хвилини (30m; число без літери — теж хвилини), години (12h) або дні (3d), до 90 днів; off — без обмеження. Перед кінцем часу приходить нагадування; коли час вичерпано, суперник може забрати партію: { $cmd_claim }
help-claim = забрати партію (або матч), коли час суперника вичерпано
    .usage = /claim [match]
    .more = Коли час суперника на хід вичерпано, партія ваша, ніби він здався без марсу (або сказав «пас» на подвоєння, на яке мав відповісти); у матчі { $cmd_claim_match } забирає весь матч.
help-language = вибрати мову
    .usage = /language en|ru|uk|be
    .more = Ваша мова для відповідей бота, в усіх чатах (в інших — своя): en — англійська, ru — російська, uk — українська, be — білоруська.
help-stats = ваші партії, перемоги, марси й кокси
    .usage = /stats

## Правила (rules ТЕМА: rules-<тема>, rules-option-<опція>; .title — тема у списках)

rules-overview = Тут грають у дві гри на одній дошці з тими самими кістками:
    • короткі нарди (бекгемон) — гравці йдуть назустріч одне одному, одиночну шашку можна побити: { $cmd_rules_backgammon }
    • довгі нарди — усі шашки починають з голови, обидва гравці йдуть в один бік, бою немає: { $cmd_rules_nardy }

    Ще:
    • { $cmd_rules_cube } — куб подвоєння: прийняти, пас, бобер, правило Якобі, автоподвоєння
    • { $cmd_rules_match } — матч до N очок, гра на гроші, правило Кроуфорда
    • { $cmd_rules_chouette } — шует, гра втрьох і більше
    • { $cmd_rules_option } — опція столу: { $options }

    Опції задають, коли відкривають стіл, наприклад { $cmd_new_money_beaver }.
rules-backgammon = Короткі нарди. У кожного гравця 15 шашок; на початку вони стоять так (номери пунктів — зі свого боку): 2 на 24-му пункті, 5 на 13-му, 3 на 8-му, 5 на 6-му. Гравці йдуть назустріч одне одному, від 24-го пункту до 1-го; пункти 1–6 — ваш дім. Мета — привести всі 15 шашок у дім і викинути їх з дошки раніше за суперника.

    Перший хід: кожен кидає одну кістку; у кого число більше, той ходить першим і грає обидва числа, що випали. Далі кидають дві кістки по черзі; дубль грається чотири рази. Якщо можна зіграти обидва числа, треба грати обидва; якщо лише одне — грають його; якщо годиться будь-яке, але не обидва разом, — більше. Одна шашка може пройти обидва числа, якщо проміжний пункт відкритий.

    Пункт, де стоять дві або більше шашки суперника, закритий. Одиночна шашка (блот) побита, якщо на неї стала шашка суперника: її ставлять на бар. Поки у вас є шашки на барі, інші ходи недоступні: спершу їх вводять у дім суперника — при 3 на його 3-й пункт (ваш 22-й), якщо він відкритий. Якщо не входить жодне число, хід пропускається.

    Викидання — коли всі 15 шашок удома: випало 4 — викиньте шашку з 4-го пункту. Якщо там порожньо, а на старших пунктах шашки є, зіграйте шашкою зі старшого пункту; якщо вище немає жодної, викидається шашка з найстаршого зайнятого пункту.

    Підсумок: звичайна перемога — 1 очко; марс — той, хто програв, не викинув жодної шашки — 2; кокс — до того ж у нього є шашка на барі або в домі переможця — 3. Усе це множиться на куб: { $cmd_rules_cube }
    .title = Короткі нарди
rules-nardy = Довгі нарди. Усі 15 шашок кожного гравця стоять на початку на одному пункті — голові (своєму 24-му); голови — у протилежних кутах, і обидва гравці ведуть шашки в один бік, по колу проти годинникової стрілки, до свого дому (пункти 1–6) і викидають їх звідти.

    Хто починає: кожен кидає одну кістку; у кого більше, той ходить першим і кидає обидві кістки наново.
    Голова: з голови за хід можна взяти лише одну шашку. Виняток — перший кидок 6-6, 4-4 або 3-3: можна зняти дві, бо однією шашкою весь хід не зіграти — заважає голова суперника.
    Бою немає: на пункт, де стоїть хоча б одна шашка суперника, ставати не можна; одна шашка закриває пункт.
    Блок: не можна будувати загородження з шести пунктів поспіль, якщо попереду нього немає жодної шашки суперника, — усі 15 шашок суперника замикати не можна, навіть пробігом, під час ходу.
    Дубль грається чотири рази; обидва числа треба зіграти, якщо можна, інакше більше; що зіграти не можна, пропадає.

    Викидання — як у коротких нардах, коли всі 15 шашок удома. Підсумок: оін — 1 очко (той, хто програв, викинув хоча б одну шашку), марс — 2 (жодної). Кокс — 3 очки, лише з koks=on. Нічиїх немає, якщо last_roll_draw=on не дає другому гравцеві останнього кидка. Грають без куба (cube=on — з кубом); наступну партію починає переможець.
    Опції: { $nardy_options } — { $cmd_rules_option }
    .title = Довгі нарди
rules-cube = Куб подвоєння. Партія починається з вартістю 1, куб посередині. Перед своїм кидком гравець може запропонувати подвоєння, якщо куб посередині або в нього. Суперник:
    • приймає — партія коштує вдвічі більше, куб переходить до нього, і наступне подвоєння може запропонувати лише він;
    • каже «пас» — не приймає подвоєння й програє партію за попередньою вартістю.
    Куб росте: 2, 4, 8 … до 64. Підсумок партії множиться на куб: марс при кубі на 4 — 8 очок.

    Лише в грі на гроші:
    • правило Якобі (jacoby, увімкнене): марс і кокс рахуються лише після прийнятого подвоєння;
    • бобер (beaver=on): гравець, якому запропонували подвоєння, може одразу переподвоїти, залишивши куб собі; той, хто подвоїв, приймає або програє подвоєну ставку;
    • автоподвоєння (auto_doubles=on): однакові кістки при розіграші першого ходу подвоюють куб, він лишається посередині; не більше max_auto_doubles за партію (1).
    У матчі правило Кроуфорда забороняє подвоєння в одній партії: { $cmd_rules_match }
    gammons_with_cube=off — після подвоєння марсів немає.
    Опція cube — on, off: чи грати з кубом узагалі; типово on у коротких нардах, off у довгих.
    .title = Куб подвоєння
rules-match = Матч грають до N очок ({ $cmd_new_length }; без числа — до 5 у коротких нардах, до 1 у довгих). Очки кожної партії, з кубом, отримує переможець; хто першим набере N, виграє матч. У довгих нардах після нічиєї треба ще й бути попереду.

    Правило Кроуфорда: коли одному з гравців уперше лишається одне очко до перемоги, наступна партія — партія Кроуфорда — грається без подвоєнь. Після неї куб знову в грі, навіть якщо й другому гравцеві лишиться одне очко.

    У матчі правило Якобі, бобри й автоподвоєння не діють.

    Гра на гроші ({ $cmd_new_money }): партії йдуть одна за одною, рахунок накопичується, кінця немає; діють опції гри на гроші: { $cmd_rules_cube }
    .title = Матч і правило Кроуфорда
rules-chouette = Шует — короткі нарди на гроші для 3–8 гравців ({ $cmd_new_chouette }; коли всі записалися, творець столу починає). Кожен кидає одну кістку: у кого найбільше — бокс, він грає сам проти решти, команди; другий — капітан, він кидає кістки й ходить за команду; решта стають за ним у порядку кидків. Члени команди можуть радити ходи й дії з кубом, вирішує капітан.

    Подвоєння боксу команда пропонує, лише якщо згодні всі. Коли подвоює бокс, кожен член команди відповідає сам: хто прийняв, грає далі за новою ставкою; хто сказав «пас», платить поточну ставку й вибуває з партії. Тому в кожного свій куб і своя ставка.

    Після партії: якщо команда програла, бокс лишається, капітан іде в кінець команди, капітаном стає наступний; якщо виграла — капітан стає боксом, а колишній бокс стає в кінець команди. Діють опції гри на гроші, зокрема бобри й правило Якобі.
    .title = Шует
rules-option-jacoby = правило Якобі. У грі на гроші марс і кокс рахуються як звичайна перемога, поки в партії не було прийнятого подвоєння (бобер вважається прийнятим подвоєнням, автоподвоєння — ні).
    Значення: on, off. Типово: on у коротких нардах на гроші й у шуеті, off у довгих нардах; у матчі не діє.
    Приклад: { $example }
    .title = марс і кокс — лише після прийнятого подвоєння
rules-option-beaver = бобри, лише в грі на гроші. Гравець, якому запропонували подвоєння, може замість того, щоб прийняти, одразу переподвоїти — оголосити бобра — і залишити куб собі; той, хто подвоїв, або приймає (куб піднімається на два щаблі й лишається в того, хто оголосив бобра), або відмовляється й програє партію за подвоєною ставкою.
    Значення: on, off. Типово: off; у матчі не діє.
    Приклад: { $example }
    .title = можна одразу переподвоїти, залишивши куб собі
rules-option-auto-doubles = автоподвоєння, у грі на гроші з кубом. Однакові кістки при розіграші першого ходу піднімають куб на щабель; він лишається посередині (подвоїти, як і раніше, може будь-хто), а кістки перекидають. Не більше max_auto_doubles за партію; далі однакові кістки просто перекидають.
    Значення: on, off. Типово: off; у матчі не діє.
    Приклад: { $example }
    .title = однакові кістки на розіграші подвоюють куб
rules-option-max-auto-doubles = скільки автоподвоєнь може бути за одну партію (при auto_doubles=on); понад cube_limit куб не піднімається.
    Значення: 0 і більше. Типово: 1.
    Приклад: { $example }
    .title = найбільше автоподвоєнь за партію
rules-option-backgammon-counts = скільки коштує кокс: 3 або, як у деяких країнах, 2.
    Значення: 2, 3. Типово: 3 у коротких нардах, 2 у довгих (там це задає опція koks).
    Приклад: { $example }
    .title = кокс коштує 3 або 2
rules-option-cube-progression = як росте куб: геометрично 1, 2, 4, 8 … або арифметично 1, 2, 3, 4 …; бобер — два щаблі.
    Значення: geometric, arithmetic. Типово: geometric.
    Приклад: { $example }
    .title = куб 1, 2, 4, 8 … або 1, 2, 3, 4 …
rules-option-gammons-with-cube = off: після подвоєння марсів немає. Коли куб вище 1 (після подвоєння, бобра чи автоподвоєння), марс і кокс рахуються як звичайна перемога. Діє й у матчі.
    Значення: on, off. Типово: on.
    Приклад: { $example }
    .title = off: після подвоєння марсів немає
rules-option-cube-limit = найбільше значення куба; подвоєння, бобер чи автоподвоєння понад нього неможливі.
    Значення: 1 і більше. Типово: 64.
    Приклад: { $example }
    .title = найбільше значення куба
rules-option-last-roll-draw = довгі нарди. on: коли гравець, який ходив першим, викидає останню шашку, другий отримує останній кидок; якщо ним він викидає всі свої шашки, що лишилися, партія закінчується внічию (скільки дає нічия, задає draw_points). На останньому кидку подвоювати не можна. off: хто першим викинув усі 15 шашок, одразу виграє.
    Значення: on, off. Типово: off.
    Приклад: { $example }
    .title = довгі нарди: останній кидок на нічию
rules-option-draw-points = скільки отримує кожен гравець за нічию в довгих нардах (при last_roll_draw=on): half — пів очка, one — очко. Щоб виграти матч, треба ще й бути попереду.
    Значення: half, one. Типово: half.
    Приклад: { $example }
    .title = нічия: по пів очка чи по очку кожному
rules-option-next-game-starts = хто починає другу й наступні партії матчу чи гри на гроші: roll — розіграш першого ходу, як у першій партії; winner — переможець попередньої (після нічиєї — той, хто ходив другим); alternate — гравці по черзі. Хто починає без розіграшу, одразу кидає обидві кістки. У шуеті перший хід завжди розігрують.
    Значення: roll, winner, alternate. Типово: roll у коротких нардах, winner у довгих.
    Приклад: { $example }
    .title = хто починає наступну партію
rules-option-koks = довгі нарди. on: кокс коштує 3 очки — той, хто програв, не викинув жодної шашки, і його шашка ще не вийшла з дому переможця (стоїть там або далі). off: така перемога — марс, 2 очки.
    Значення: on, off. Типово: off.
    Приклад: { $example }
    .title = довгі нарди: кокс — 3 очки
rules-option-prime-rule = довгі нарди, блок із шести пунктів поспіль. off: його можна тримати, лише поки попереду нього є шашка суперника. on: лише коли шашка суперника вже зайшла у свій дім (або викинута з дошки).
    Значення: on, off. Типово: off.
    Приклад: { $example }
    .title = довгі нарди: коли можна будувати блок із шести пунктів
rules-option-hints = підказки за цим столом ({ $cmd_hint }), а не правило гри. on: підказку можна попросити; off: за цим столом не можна.
    Значення: on, off. Типово: on у грі з комп'ютером, на гроші й у шуеті; у матчі двох людей off, якщо лише творець столу не задав hints=on, а суперник не сів з підказками.
    Приклад: { $example }
    .title = чи можна просити підказку за цим столом
rules-unknown = Правил на тему «{ $topic }» немає. Теми: { $topics }.

## Помилки застосунку

error-generic = Зараз так не можна.
error-unknown-command = Невідома команда { $command }. Список команд: { $cmd_help }.
error-bad-arguments = Неправильні аргументи для { $command }. Приклад: { $usage }
error-too-long = Повідомлення задовге; нічого не змінено.
error-not-seated = Ви не граєте за цим столом.
error-stale = Ця дошка застаріла: користуйтеся останньою.
error-bad-payload = Ця кнопка недійсна.
error-unavailable = Сховище ігор тимчасово недоступне. Спробуйте за хвилину.
error-unavailable-kept = Сховище ігор не відповідає. Ваш запит збережено, його буде виконано, щойно сховище відповість.
error-internal = Щось пішло не так, нічого не змінено. Спробуйте ще раз.
error-outcome-unknown = Сховище ігор відповіло із затримкою: ваш хід, можливо, уже записано. Ось дошка зараз — перевірте її, перш ніж повторювати.
error-outcome-unknown-later = Сховище ігор не відповідає: ваш хід, можливо, уже записано. Перегляньте { $cmd_board } за хвилину, перш ніж повторювати.
app-already-done = Це вже зроблено — ось стіл зараз.
error-no-table = У цьому чаті ще немає столу. Почніть командою { $cmd_new }.
error-not-creator = Це може лише той, хто відкрив стіл.
error-clock-running = Час суперника ще не вичерпано.
error-bad-clock = Укажіть час на хід так: off, хвилини (30m), години (12h) або дні (3d).
error-unknown-language = Невідома мова; виберіть en, ru, uk або be.

## Помилки рушія (error-<код>; .detail використовує параметри помилки)

error-syntax = Не вдалося прочитати хід. Пишіть так: 24/18 13/11.
    .detail = Не вдалося прочитати «{ $text }». Пишіть хід так: { $example }.
error-backwards = Шашка пішла б назад.
    .detail = { $move } — хід назад.
error-bad-distance = Жодна кістка цього кидка не дає такої відстані.
    .detail = { $move }: відстань { $pips }, а випало { $dice }.
error-dice = Кістки — це два числа від 1 до 6.
error-too-many-dice = Для цього ходу потрібно більше кісток, ніж випало.
    .detail = Для { $moves } потрібно більше кісток, ніж { $dice }.
error-no-such-die = Такого числа не випало.
    .detail = У кидку { $dice } немає { $die }.
error-no-checker = Там немає вашої шашки.
    .detail = На { $point } немає вашої шашки.
    .detail-bar = На барі немає вашої шашки.
error-bar-first = Спочатку введіть шашки з бару.
    .detail = Спочатку введіть з бару: там { $count ->
        [one] { $count } шашка
        [few] { $count } шашки
        [many] { $count } шашок
       *[other] { $count } шашки
    }.
error-point-closed = Цей пункт закритий.
    .detail = Пункт { $point } закритий.
    .detail-points = Пункти { $points } закриті.
error-bear-off-not-home = Викидати можна, лише коли всі шашки вдома.
error-bear-off-higher = Викинути більшим числом можна, лише якщо вище немає шашок.
    .detail = Не можна викинути з { $point } на { $die }, поки вище стоїть шашка.
error-rule = Правила цієї гри не дозволяють такого ходу.
    .detail = Правила не дозволяють тут { $move }.
error-max-dice = Треба зіграти якомога більше кісток.
    .detail = Треба зіграти більше: можливо { $example }.
error-must-use-both = Якщо можна, треба зіграти обидві кістки.
    .detail = Треба зіграти обидві кістки: можливо { $example }.
error-higher-die = Якщо можна зіграти лише одну кістку, грається більша.
    .detail = Можна зіграти лише одну кістку, і це { $die }: { $example }.
error-must-move = Якщо хід можливий, треба ходити.
    .detail = Треба ходити: можливо { $example }.
error-no-play = З таким кидком ходів немає.
    .detail = З кидком { $dice } ходів немає.
error-no-hitting = У цій грі бити не можна.
error-no-blot = Там немає блоту, який можна побити.
    .detail = На { $point } немає блоту.
error-ambiguous = Такий запис підходить до кількох ходів; напишіть кожен крок.
    .detail = «{ $text }» підходить до кількох ходів; напишіть кожен крок.
error-illegal = Такий хід за правилами неможливий.
error-illegal-play = Такий хід за правилами неможливий.
error-step-not-legal = Такий крок зараз неможливий.
error-play-not-offered = Такого ходу зараз немає серед запропонованих.
error-nothing-to-undo = Скасовувати нічого.
error-play-incomplete = Хід ще не закінчено: зіграйте всі кістки, які можна.
error-not-your-turn = Зараз не ваш хід.
error-must-roll-first = Спочатку киньте кістки.
error-already-rolled = Кістки вже кинуто.
error-game-not-started = Партія ще не почалася.
error-game-over = Партію закінчено.
error-game-running = Іде партія.
error-match-over = Матч закінчено.
error-double-pending = Запропоновано подвоєння: спершу дайте відповідь — прийняти, пас чи бобер.
error-beaver-pending = Оголошено бобра: спочатку прийміть його або відмовтеся.
error-no-double-pending = Подвоєння не пропонували.
error-no-beaver-pending = Бобра не оголошували.
error-cube-disabled = Ця партія грається без куба.
error-cube-not-yours = Куб у суперника.
error-cube-at-limit = Куб уже на межі.
    .detail = Куб не може бути більшим за { $limit }.
error-crawford-no-double = У партії Кроуфорда подвоювати не можна.
error-last-roll-no-double = На останньому кидку подвоювати не можна.
error-beaver-not-allowed = За цим столом бобрів не грають.
error-resign-pending = Суперник пропонує здатися: спершу погодьтеся або відмовтеся.
error-no-resign-pending = Ніхто не пропонував здатися.
error-resign-not-allowed = Зараз так здатися не можна.
error-unknown-action = Невідома дія.
error-bad-player = За цим столом немає такого гравця.
error-bad-die = На кубику буває від 1 до 6.
error-bad-length = Матч грається до 1 очка або більше (0 — гра на гроші).
error-bad-game = Ця партія не з цього матчу.
error-no-dice = Кістки недоступні.
error-dice-exhausted = Кістки недоступні.
error-unknown-variant = Невідома гра; виберіть короткі або довгі нарди.
error-corrupt-state = Збережену партію не вдається прочитати.
error-unsupported-schema = Збережену партію записано новішою версією бота.
error-engine-error = Зараз так не можна.
error-not-exportable = Цю партію не можна вивантажити файлом матчу.
error-corrupt-id = Таку позицію не можна розставити: перевірте XGID або Position ID:Match ID.
error-bad-mat = Цей файл матчу не вдається прочитати.
error-bad-name = Таке ім'я гравця не можна записати у файл матчу.
error-too-few-players = Для шуету потрібно щонайменше троє гравців.
error-duplicate-player = Гравця вказано двічі.
error-already-seated = Ви вже сидите за цим столом.
error-unknown-player = Такий гравець не сидить за цим столом.
error-already-left = Ви вже вийшли.
error-not-in-game = Ви вибули з цієї партії.
error-not-team-member = Цей гравець не в команді.
error-not-captain = За команду ходить лише капітан.
error-no-game = Партію ще не почато.
error-bad-proposal = Таку пропозицію зараз зробити не можна.
error-no-vote = Голосування за подвоєння немає.
error-bad-dice-seed = Такий сід не підходить.
error-bad-export = Це не вивантаження кісток партії.
error-bad-rating = Такий рейтинг не порахувати.
error-bad-stats = Статистику кісток не вдається прочитати.
error-already-voted = Ви вже проголосували.
error-vote-pending = Команда голосує за подвоєння.
error-already-decided = Ви вже відповіли.
error-bad-payment = Такий платіж неприпустимий.
error-head-rule = З голови за хід можна зняти лише одну шашку.
    .detail = { $move }: з голови за хід можна зняти лише одну шашку (дві — лише першим ходом при 6-6, 4-4 або 3-3).
error-six-prime = Не можна будувати блок із шести пунктів поспіль, якщо попереду немає шашки суперника.
    .detail = { $move } будує блок із шести пунктів поспіль: { $rule ->
        [home] так можна, лише коли шашка суперника вже зайшла у свій дім.
       *[ahead] так можна, лише якщо попереду є шашка суперника.
    }

## Чат-застосунок (bot/app): збір, ходи, шует, налаштування, консоль

help-start = почати { -chouette }, коли всі записалися
    .usage = /start
help-propose = { -chouette }: запропонувати капітанові хід чи дію з кубом
    .usage = /propose 24/18 13/11 | /propose double|no_double|take|pass|beaver
    .more = У шуеті член команди пропонує капітанові хід або дію з кубом: double — подвоїти, no_double — не подвоювати зараз, take — прийняти, pass — пас, beaver — бобер. Пропозиції нікого не зобов'язують: вирішує капітан. Докладніше: { $cmd_rules_chouette }
app-on = увімк
app-off = вимк
app-not-understood = Незрозуміло. Команди — { $cmd_help }; у свій хід можна просто написати хід, наприклад 24/18 13/11.
app-not-started = Гра ще не почалася.
app-bad-length = Довжина матчу — від 1 до { $max ->
    [one] { $max } очка
   *[other] { $max } очок
}; 0 — гра на гроші.
app-chouette-backgammon = У { -chouette } грають лише в { -backgammon }.
app-unknown-option = Невідома опція «{ $option }». Опції: { $options }.
app-bad-option = «{ $value }» — не значення для { $option }.
app-bad-options = Ці опції несумісні.
app-button-option = { $option ->
    [cube] Куб
    [jacoby] Якобі
    [beaver] Бобри
    [auto_doubles] Автоподвоєння
    [gammons_with_cube] Марси після подвоєння
    [hints] Підказки
   *[other] { $option }
}: { $state }
app-button-refuse = Відмовитися
app-option-cube = { -cube }: { $value }
app-seated = За столом: { $players }
app-already-started = Гра вже почалася.
app-start-chouette-only = { $cmd_start } — для шуету; гра вдвох починається, коли сідає другий гравець.
app-leave-playing = З гри, що триває, не вийти: здайтеся ({ $cmd_resign }) або перервіть її за згодою ({ $cmd_abort }).
app-table-closed = Стіл закрито.
app-abort-pending = Ви вже запропонували перервати гру; чекаємо суперника.
app-chouette-only = Це лише для шуету.
app-chouette-joined = { $player } записується і грає з наступної партії.
app-chouette-ends = Залишилося менше трьох гравців: { -chouette } закінчено.
app-chouette-waiting = Чекаємо: { $players }
app-chouette-answer = { $player } { $answer ->
    [pass] не приймає
    [beaver] оголошує бобра
   *[take] приймає
}
app-chouette-answers = Відповіді: { $answers }.
app-chouette-game-over = Партія { $number }: { $winner ->
    [team] команда виграє
   *[box] { $box } ({ -box }) виграє
} { $kind ->
    [gammon] { -gammon }
    [backgammon] { -backgammon-win }
   *[single] партію
} ({ $reason ->
    [box_pass] { -box } не прийняв подвоєння
    [box_left] { -box } пішов
    [team_out] уся команда вибула
   *[bear_off] дограна
}).
app-proposal-double = подвоїти
app-proposal-no-double = не подвоювати
app-proposal-take = прийняти
app-proposal-pass = не приймати
app-proposal-beaver = оголосити бобра
app-opening-roll = Розіграш першого ходу: кидайте, щоб дізнатися, хто починає.
app-answer-double = { $player }: прийняти чи пас?
app-answer-beaver = { $player }: прийняти бобра чи відмовитися?
app-answer-resign = { $player }: погодитися чи відмовитися?
app-export-position = ID позиції GNU Backgammon: { $position_id }
app-setting-unchanged = Уже так і налаштовано.
app-setting-view-image = картинка
app-setting-view-text = текст
app-setting-home-right = дім праворуч
app-setting-home-left = дім ліворуч
app-setting-swap = зміна сторін: { $state }
app-setting-autoroll = автокидок: { $state }
app-board-pips = піпси
app-board-off = викинуто
app-board-bar = бар
app-board-dice = кістки
app-board-cube = куб
app-board-match = Матч до { $length }
app-board-money = На гроші
app-board-crawford = Кроуфорд
app-board-post-crawford = після Кроуфорда
app-board-offered = Подвоєння
app-board-chouette = Шует
app-board-box = Бокс
app-board-captain = Капітан
app-board-team = Команда
app-board-out = поза грою
app-board-long-nardy = Довгі нарди
app-board-to-roll = кидає
app-board-opening = розіграш ходу
app-clock-two-players = Час на хід обмежують лише в грі вдвох.
app-clock-expired-match = У гравця { $player } закінчився час. { $opponent } може забрати партію ({ $cmd_claim }) або весь матч ({ $cmd_claim_match }).
app-invite-cancelled = Місце знову вільне для всіх.
app-no-clock = За цим столом час на хід не обмежено; задайте його командою { $cmd_clock }.
app-console-you = Ви
app-console-player-two = Гравець 2
app-console-welcome = Нарди в терміналі. Цифра — натиснути кнопку, або команда (help — список); quit — вихід.
app-console-bye = До зустрічі!
app-console-saved = Файл матчу збережено: { $path }
app-console-saved-file = Файл збережено: { $path }
app-console-board = Дошка в терміналі: { $layout ->
    [narrow] компактна
   *[wide] класична
}. Змінити: settings board classic | settings board compact
app-console-board-usage = Напишіть: settings board classic або settings board compact.
app-console-no-button = Кнопки { $number } немає: кнопки — від 1 до { $count }.
app-console-game = Матч { $game }: { $first } — { $second }
app-console-home = Знову за своїм столом у терміналі.
app-console-fill-usage = Напишіть: fill N [РІВЕНЬ] (до турніру ввійдуть N комп'ютерних гравців, не більше { $most }; рівень beginner, якщо інший не названо).

## Discord: slash command and option names (lower case, no spaces, at most 32 characters)
discord-command-new = нова
discord-command-join = сісти
discord-command-invite = запросити
discord-command-leave = піти
discord-command-abort = перервати
discord-command-start = старт
discord-command-roll = кинути
discord-command-double = подвоїти
discord-command-take = прийняти
discord-command-pass = пас
discord-command-beaver = бобер
discord-command-move = хід
discord-command-undo = скасувати
discord-command-confirm = готово
discord-command-resign = здатися
discord-command-accept = погодитися
discord-command-decline = відмовитися
discord-command-board = дошка
discord-command-score = рахунок
discord-command-pips = піпси
discord-command-hint = підказка
discord-command-analysis = аналіз
discord-command-help = допомога
discord-command-rules = правила
discord-command-export = експорт
discord-command-settings = налаштування
discord-command-propose = запропонувати
discord-command-stats = статистика
discord-command-clock = час
discord-command-claim = забрати
discord-command-seed = сід
discord-command-dice = кістки
discord-command-rating = рейтинг
discord-command-top = лідери
discord-command-history = історія
discord-command-tournament = турнір
discord-command-language = мова
discord-command-position = позиція
discord-command-import = імпорт
discord-param-game = гра
discord-param-kind = вид
discord-param-command = команда
discord-param-what = що
discord-param-time = час
discord-param-text = текст
discord-param-where = де
discord-param-which = який
discord-param-language = мова
discord-param-setting = налаштування
discord-param-player = гравець
discord-param-play = хід
discord-param-id = код
discord-param-file = файл
discord-param-topic = тема
discord-pick-step = Оберіть крок…
discord-no-files = Боту не можна прикріплювати файли в цьому каналі: попросіть модератора надати дозвіл «Прикріплювати файли».
discord-dm-join = Цей чат бачите лише ви, тому друге місце тут ніхто не займе. Щоб зіграти з другом, створіть стіл у каналі сервера або в груповому чаті.
discord-dm-invite = Ваш друг не бачить цей чат. Створіть стіл у каналі сервера або в груповому чаті й запросіть його там командою { $cmd_invite }.
discord-thread-name = { $player } — { $opponent }, { $mode }
discord-thread-team = { $players } — { $mode }
discord-thread-welcome = { $players }: ваша партія йде в цій гілці.
discord-thread-opened = Партія йде в гілці { $thread }.
discord-thread-refused = Відкрити гілку для цієї партії не вдалося, тож граємо тут, у каналі. Щоб партії йшли в гілках, дайте ботові дозволи «Створювати публічні гілки» та «Надсилати повідомлення в гілках».
discord-thread-result = Партію в гілці { $thread } закінчено.
discord-thread-away = Ваша партія йде в гілці { $thread }.
discord-thread-gone = Гілку цієї партії видалили: гра триває тут.
discord-thread-closed = Гілку цієї партії закрили: гра триває тут.
discord-thread-reopened = Гілку цієї партії закрили: вона знову відкрита, гра триває.
discord-your-turn = { $player }, ваш хід.

## Telegram
telegram-button-invite = Запросити друга
telegram-button-open-board = Відкрити дошку
web-page-connecting = Підключення…
web-page-closed = Ця дошка закрита. Відкрийте її знову з чату.
web-page-outside-telegram = Відкрийте цю дошку кнопкою «Відкрити дошку» під дошкою в Telegram.
web-page-no-table = За цим столом зараз немає гри.
telegram-button-play = Грати
telegram-invite-private = Натисніть кнопку й виберіть чат друга, з яким хочете зіграти.
telegram-invite-link = Надішліть це посилання другові: за ним можна сісти за цей стіл. { $link }
telegram-link-used = Готово: ви за столом. Партія йде в груповому чаті.
telegram-link-again = Ви вже за цим столом. Партія йде в груповому чаті.
telegram-link-invalid = Це посилання-запрошення недійсне.
invite-own-card = Це ваше запрошення: зачекайте, поки друг натисне «Грати».
telegram-invite-pending = Запрошення ще готується: натисніть «Грати» ще раз за мить.
telegram-invitation = { $player } запрошує вас зіграти: { $game }. Натисніть «Грати», щоб сісти за стіл.
telegram-card-computer = { $game }, суперник — { $computer }
telegram-invitation-computer = { $player } пропонує зіграти з комп'ютером: { $game }. Хто натисне «Грати», той і грає.
clock-brief-expired = У гравця { $player } закінчився час. { $opponent } може забрати { $what ->
    [match] партію або весь матч
   *[game] партію
} кнопками нижче.
clock-private-reminder = Партія із суперником { $opponent }: час на хід — ще { $left }.
clock-private-late = У партії із суперником { $opponent } ваш час закінчився: тепер суперник може забрати { $what ->
    [match] партію або весь матч
   *[game] партію
}. Поки суперник цього не зробив, ваш хід ще зараховується.
clock-private-claim = У вашій партії в гравця { $player } закінчився час. Ви можете забрати { $what ->
    [match] партію або весь матч
   *[game] партію
} кнопками на повідомленні з грою.

## The computer opponent
computer-name = Комп'ютер ({ $level ->
    [beginner] новачок
    [casual] аматор
    [strong] сильний
    [expert] експерт
   *[other] { $level }
})
computer-unavailable = Гру з комп'ютером на цьому боті вимкнено: запросіть друга.
computer-bad-level = Невідомий рівень «{ $level }». Рівні: { $levels }.
computer-two-players = Комп'ютер грає один на один, не в { -chouette }.
computer-plays = { $player } кидає { $dice } і ходить { $play }.
computer-takes = { $player } приймає подвоєння.
computer-passes = { $player } не приймає подвоєння.
computer-beaver-accepted = { $player } приймає бобра.
telegram-button-computer = Грати з комп'ютером
telegram-start-play = Зіграйте просто зараз: з комп'ютером або з другом.
## Кістки, які може перевірити кожен

dice-commitment = Кістки цієї партії задано до першого кидка, їхній хеш: { $commitment }… (повністю — у { $cmd_dice }). Сід, відкритий після партії, доведе, що жоден кидок не підмінено.
dice-client-seeds = Сіди гравців: { $seeds }
dice-client-seed = { $player } «{ $seed }»
dice-seating = розсадка
dice-revealed = Кістки партії { $number }: сід сервера { $seed }, його хеш { $commitment }… було показано до партії. Щоб перевірити кожен кидок: { $cmd_export }, потім запустіть { $command }
export-dice-file = Кістки завершених партій разом із сідами ({ $name }); перевірити: { $command }
dice-seed-random = Ваш сід буде обрано випадково на початку партії (і показано). Щоб задати свій: { $cmd_seed_text }
dice-secret-commitment = Кістки цього матчу виходять із секрету, який бот зафіксував раніше, ніж будь-хто з гравців задав свій сід; його відбиток — { $commitment }… (повністю — у { $cmd_dice }). Коли матч закінчиться, бот покаже секрет: будь-хто зможе перевірити, що в нього цей відбиток і що з нього вийшли кістки кожної партії, — отже, його не підбирали під сіди гравців.
dice-secret-revealed = Матч закінчено; його кістки отримано із секрету бота { $secret }, відбиток якого ({ $commitment }…) було показано до сідів гравців. З нього отримано сід сервера кожної партії. Щоб перевірити їх усі: { $cmd_export }, потім запустіть { $command }
command-placeholder-text = ТЕКСТ
command-placeholder-option = ОПЦІЯ
dice-seed-too-late = Кістки цього матчу вже зафіксовані: задайте свій сід у лобі наступного.
dice-seed-bad = Сід — від 1 до { $max } друкованих символів.
dice-seed-set = Сід гравця { $player }: «{ $seed }».
dice-seed-offer = { $player }, ваш сід обрано випадково: щоб задати свій, надішліть { $cmd_seed_text } до першого кидка.
dice-seed-until-roll = До першого кидка можна задати свій: { $cmd_seed_text }
dice-seed-after-commitment = Сід сервера для цієї партії зафіксовано раніше за ваш (його хеш { $commitment }… — на дошці), тож підігнати його під ваш сід не можна. Ваш сід діє весь матч.
dice-seed-too-late-computer = Кістки цього матчу вже кинуто: проти комп'ютера задайте свій сід, коли почнеться наступний матч, до першого кидка.
help-seed = ваш сід для кісток: у лобі або, проти комп'ютера, до першого кидка
    .usage = /seed [текст]
    .more = У лобі: ваш власний текст, який разом із секретним сідом бота визначає кістки матчу, — так бот сам їх не вибирає. Без тексту — уже задані сіди. Секретний сід кожної партії показують, коли вона закінчилася, і кожен кидок можна перевірити.
dice-seed-after-secret = Секрет бота для цього матчу зафіксовано раніше за ваш сід (відбиток { $commitment }…), тож підібрати його під ваш сід не можна. Ваш сід діє в усіх партіях матчу.

## Позиції за ID, завантажені матчі та їх перегляд

help-position = почати партію з позиції з GNU Backgammon або eXtreme Gammon (XGID або Position ID:Match ID)
    .usage = /position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10 | PositionID:MatchID
    .more = Партія з цієї позиції: куб, рахунок, довжина матчу, кістки й чий хід — з ID. Хто відкрив стіл, грає X (унизу), хто сів другим — O; додайте bot і рівень, щоб грати з комп'ютером. Без ID — ID позиції за цим столом.
position-lobby = Партія почнеться з позиції { $id }: той, хто відкрив стіл, грає за X (унизу), той, хто приєднається, — за O.
position-not-id = Це не ID позиції. Вкажіть XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10) або Position ID і Match ID з GNU Backgammon (4HPwATDgc/ABMA:cIkKAAAAAAAA).
position-bad-xgid = Цей XGID не читається. У XGID десять полів через двокрапку: 26 знаків дошки (- або A-O для X, a-o для O), далі куб, його власник, черга ходу, кістки, обидва рахунки, правила, довжина матчу й межа куба.
position-bad-position-id = { $id } — неправильний Position ID: у ньому 14 знаків (A-Z, a-z, 0-9, + і /) і по 15 шашок у кожного гравця.
position-bad-match-id = { $id } — неправильний Match ID: у ньому 12 знаків (A-Z, a-z, 0-9, + і /), у них куб, рахунок і кістки.
position-impossible = За цим ID партію не зіграти: { $reason ->
    [game_over] партія в ньому вже скінчилася.
    [score] за такого рахунку матч уже виграно.
    [crawford] партія { -crawford }а буває, лише коли одному гравцеві бракує одного очка до перемоги, і в ній немає { -cube }а.
    [cube] у { -cube }а тут не може бути такого значення чи власника.
    [no_cube] запропоновано подвоєння в партії без подвоєнь.
    [beaver] бобри бувають лише в грі на гроші, а єноти не граються зовсім.
    [checkers] шашки не можуть так стояти.
    [dice] на подвоєння відповідають до кидка, тож кісток ще немає.
    [turn] діє не той гравець, чий зараз хід.
   *[other] у партії такого становища не буває.
}
export-set-up = Цей матч почато з заданої позиції, а файл .mat завжди починається з початкової розстановки, тому файл матчу не записано. Позицію описують ID вище.
help-import = прочитати файл матчу (.mat з GNU Backgammon, eXtreme Gammon або DailyGammon) і переглянути його
    .usage = /import, доклавши файл .mat
    .more = Надішліть ботові файл матчу (.mat з GNU Backgammon, eXtreme Gammon або DailyGammon, не більше { $kb } КБ); у групі назвіть його *.mat або надішліть разом із командою. У відповідь — підсумок матчу з кнопками перегляду, вивантаження в .mat і розбору.
import-no-file = Надішліть матч ботові файлом (.mat), з { $cmd_import } або без.
import-too-big = У файлі { $size } КБ; читаються файли матчів до { $max } КБ.
import-too-slow = Цей файл матчу читається надто довго; спробуйте коротший матч.
import-not-text = Це не текстовий файл матчу (.mat).
import-bad-file = Це не файл матчу, який я можу прочитати: у файлі .mat є рядок на кшталт «5 point match», а за ним партії (читаються файли GNU Backgammon, eXtreme Gammon і DailyGammon).
import-bad-move = Файл матчу відхилено: партія { $game }, хід { $move }: { $why }
import-bad-game = Файл матчу відхилено: партія { $game }: { $why }
import-bad-score = Файл матчу відхилено: партія { $game }: рахунок перед нею не той, що дають попередні партії.
import-summary = Матч прочитано: { $player } — { $opponent }, { $mode }; { $games ->
    [one] { $games } партія
    [few] { $games } партії
    [many] { $games } партій
   *[other] { $games } партії
}; підсумковий рахунок { $score }–{ $opponent_score }.
import-button-replay = Перегляд
import-button-export = Вивантажити .mat
import-gone = Цей матч тут більше не зберігається (або його надіслав хтось інший): надішліть файл .mat ще раз.
import-file-caption = Матч у записі GNU Backgammon ({ $name }).
replay-caption = Партія { $game } з { $games }, хід { $step } з { $steps }
replay-start = Початок партії. Рахунок: { $player } { $score }, { $opponent } { $opponent_score }.
replay-move = { $player } викидає { $dice } і ходить { $play }.
replay-take = { $player } приймає подвоєння.
replay-pass = { $player } не приймає подвоєння.
replay-button-back = ◀ Назад
replay-button-next = Далі ▶
replay-button-previous-game = ⏮ Партія
replay-button-next-game = Партія ⏭

import-why-illegal = записане там не випливає з партії (неправильне значення куба, результат чи стовпець).
import-why-order = партії не йдуть одна за одною, як у матчі (партію не дограно або зіграно після перемоги в матчі).
import-download-failed = Файл не вдалося завантажити; надішліть його ще раз.
app-console-import-usage = Напишіть: import ФАЙЛ (шлях до файлу матчу .mat).
app-console-no-file = Файлу { $path } немає або його не можна прочитати.

## Рейтинги, таблиці лідерів, статистика кісток, історія

rating-change = { $player }: рейтинг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } ({ NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") })
settings-ratings = Рейтинги в цьому чаті: { $value }
settings-ratings-admin = Вмикати й вимикати рейтинги може лише адміністратор чату.
settings-threads = Партії в окремих гілках: { $value }
settings-threads-admin = Вирішувати, чи йдуть партії в гілках, може лише адміністратор чату.
player-unknown = Гравця { $name } немає ні за цим столом, ні серед ваших недавніх суперників.
rating-line = { $player } у { $game ->
    [long_nardy] довгих нардах
   *[backgammon] коротких нардах
}: рейтинг { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, досвід { $experience }
rating-places = Місце { $chat } у цьому чаті, { $overall } у загальному заліку.
rating-none = У гравця { $player } ще немає рейтингових матчів (усі починають з 1500).
rating-rules = До рейтингу (формула FIBS) йдуть дограні матчі двох людей, зокрема виграні за часом. Ігри на гроші, шуети, ігри з комп'ютером, партії із заданої позиції та матчі, перервані за згодою, не враховуються.
top-title-chat = Найкращі рейтинги цього чату в { $game ->
    [long_nardy] довгих нардах
   *[backgammon] коротких нардах
}:
top-title-global = Найкращі рейтинги в { $game ->
    [long_nardy] довгих нардах
   *[backgammon] коротких нардах
}, загальний залік:
top-line = { $place }. { $player } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } (досвід { $experience })
top-empty = Рейтингових матчів ще не було.
dice-commitment-whole = Кістки поточної партії: хеш { $commitment } (задано до першого кидка: сід, відкритий після партії, має дати цей хеш)
dice-secret-whole = Секрет цього матчу (буде показано, коли матч закінчиться): відбиток { $commitment }
dice-none = Кидків гравця { $player } поки не враховано.
dice-summary = Кістки гравця { $player } на цій платформі: кидків { $rolls }, дублів { $doubles } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, очікується { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-faces = Кожна грань: { $faces } (очікується по { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; хі-квадрат p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-face = { $face }: { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
dice-entering = Вхід з бару, коли закрито { $closed } { $closed ->
    [one] пункт
    [few] пункти
    [many] пунктів
   *[other] пункту
}: { $entered } з { $tries } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, очікується { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
dice-entering-p = Вхід з бару проти очікуваного: хі-квадрат p = { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
history-title = Недавні матчі гравця { $player }:
history-why = матч до { $length }, { $why ->
    [time] виграний за часом
    [agreed] перерваний за згодою
   *[played] дограний
}
history-tournament = 🏆 турнір { $id }, раунд { $round }
history-rated = рейтинг { NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, { NUMBER($opponent_change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }
history-none = Дограних матчів гравця { $player } поки немає.
history-hint = { $cmd_history_n } покаже один із них, з експортом і переглядом.
history-no-such = У вашій історії немає матчу { $number } (у ній { $count }).
history-games = Партій: { $games }
history-gone = Цей матч більше не зберігається.
button-history-export = Експорт
button-history-replay = Перегляд
help-dice = ваші кістки на цій платформі проти очікуваного та хеш (відбиток) кісток поточної партії
    .usage = /dice [гравець]
    .more = Числа, дублі та вхід з бару проти того, що дають чесні кістки, і наскільки ймовірна така різниця; з ім'ям — кістки цього гравця. Хеш закріплює кістки партії до першого кидка; сід, з якого його отримано, показують після партії, і будь-хто може перевірити кожен кидок.
help-rating = ваш рейтинг і досвід або рейтинг іншого гравця
    .usage = /rating [гравець]
    .more = До рейтингу йдуть дограні матчі двох людей, окремо за платформою та грою (не гра на гроші й не ігри з комп'ютером). З ім'ям — рейтинг цього гравця.
help-top = найкращі рейтинги цього чату або в загальному заліку
    .usage = /top [global] [nardy]
    .more = Найкращі рейтинги в цьому чаті; global — на всій платформі; nardy — довгі нарди замість коротких.
help-history = ваші недавні дограні матчі; один із них з експортом і переглядом
    .usage = /history [N | гравець]
    .more = Ваші останні дограні матчі за номерами; N — матч номер N з експортом і переглядом; ім'я — список цього гравця.
help-tournament = турнір у цьому чаті: олімпійська система, швейцарська, колова або арена
    .usage = /tournament [swiss N rounds | knockout | roundrobin | arena N minutes] [очки] [nardy] [clock=1d] [round=3d] [max=64] [in=2h] [unrated]
    .more = Без слів — таблиця поточного турніру. З форматом — новий турнір із записом (Взяти участь / Вийти; організатор натискає «Почати», або in=2h — турнір почнеться сам за 2 години). Організатор або адміністратор чату: /tournament start | pause | resume | cancel | remove ІМ'Я | add computer [рівень]. /tournament export — усі партії файлами .mat. Партії йдуть в особистих чатах із ботом, у темах форуму або в гілках; хто не зробить хід вчасно, програє за часом.

## Турніри
# Умови турніру одним рядком: «Швейцарська система · короткі нарди · матчі до 3 очок · …»
tournament-format-swiss = Швейцарська система
tournament-format-knockout = Олімпійська система (на вибування)
tournament-format-roundrobin = Колова система
tournament-format-arena = Арена
tournament-variant = { $variant ->
    [long_nardy] { -nardy }
   *[other] { -backgammon }
}
tournament-length = { $length ->
    [one] матчі до { $length } очка
    [few] матчі до { $length } очок
    [many] матчі до { $length } очок
   *[other] матчі до { $length } очка
}
tournament-minutes = { $minutes ->
    [one] { $minutes } хвилина
    [few] { $minutes } хвилини
    [many] { $minutes } хвилин
   *[other] { $minutes } хвилини
}
tournament-rounds = { $count ->
    [one] { $count } раунд
    [few] { $count } раунди
    [many] { $count } раундів
   *[other] { $count } раунду
}
tournament-cycles = { $count ->
    [one] { $count } коло
    [few] { $count } кола
    [many] { $count } кіл
   *[other] { $count } кола
}
tournament-clock = { $clock } на хід
tournament-round-time = { $time } на раунд
tournament-rated = з рейтингом
tournament-unrated = без рейтингу
tournament-title = 🏆 Турнір { $id }
tournament-starts-in = До початку: { $time }.
tournament-starts-by-organiser = Турнір почнеться, коли організатор натисне «Почати».
tournament-signed-up = Гравців: { $count } з { $most }
tournament-entry = { $place }. { $name } ({ $rating })
tournament-private-note = { $platform ->
    [telegram] Якщо в чаті немає тем, партії йдуть в особистому чаті з ботом: відкрийте бота й один раз натисніть «Почати» (/start), щоб він міг вам писати.
   *[other] Кожна партія починається, щойно раунд складено; хто не зробить хід вчасно, програє за часом.
}
tournament-button-join = Взяти участь
tournament-button-leave = Вийти
tournament-button-start = Почати
tournament-joined = { $name } бере участь у турнірі ({ $count ->
    [one] { $count } гравець
    [few] { $count } гравці
    [many] { $count } гравців
   *[other] { $count } гравця
}).
tournament-left = { $name } залишає турнір.
tournament-tiebreaks = У разі рівності очок: { $names }
tiebreak-buchholz_cut1 = усічений Бухгольц (Бх-1)
tiebreak-buchholz = Бухгольц (Бх)
tiebreak-sonneborn_berger = Зоннеборн-Бергер (ЗБ)
tiebreak-direct = особиста зустріч
tiebreak-wins = кількість перемог
tournament-row = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb })
tournament-row-out = { $place }. { $name } — { $score } (Бх-1 { $cut }, Бх { $buchholz }, ЗБ { $sb }), поза турніром
tournament-arena-row = { $place }. { $name } — { $points ->
    [one] { $points } очко
    [few] { $points } очки
    [many] { $points } очок
   *[other] { $points } очка
}, { $games ->
    [one] { $games } партія
    [few] { $games } партії
    [many] { $games } партій
   *[other] { $games } партії
}, { $wins ->
    [one] { $wins } перемога
    [few] { $wins } перемоги
    [many] { $wins } перемог
   *[other] { $wins } перемоги
}
tournament-arena-row-streak = { $place }. { $name } — { $points ->
    [one] { $points } очко
    [few] { $points } очки
    [many] { $points } очок
   *[other] { $points } очка
}, { $games ->
    [one] { $games } партія
    [few] { $games } партії
    [many] { $games } партій
   *[other] { $games } партії
}, { $wins ->
    [one] { $wins } перемога
    [few] { $wins } перемоги
    [many] { $wins } перемог
   *[other] { $wins } перемоги
} 🔥
tournament-more-rows = … і ще { $count }
tournament-in-play = Партій у грі: { $count }
tournament-status-round = Раунд { $round } з { $rounds }. Дограно партій: { $done } з { $total }; до кінця раунду — { $time }.
tournament-arena-left = До кінця арени: { $time }.
tournament-status-paused = Турнір на паузі за рішенням організатора: новий раунд не почнеться, доки турнір не відновлять.
tournament-status-over = Турнір завершено.
tournament-status-champion = Турнір завершено. Чемпіон: { $name } 🏆
tournament-status-cancelled = Турнір скасовано.
tournament-round-heading = Раунд { $round }:
tournament-bye = { $name } — без пари (пропуск раунду)
tournament-pair-open = { $first } — { $second }
tournament-pair-won = { $first } — { $second }: перемога — { $winner }
tournament-pair-forfeit = { $first } — { $second }: технічна перемога — { $winner }
tournament-pair-draw = { $first } — { $second }: нічия
tournament-pairings = Раунд { $round } з { $rounds }, пари:
tournament-pairing = { $board }. { $first } — { $second }
tournament-where = { $platform ->
    [console] Усі партії граються тут, у консолі. Час на хід іде від цієї хвилини.
    [discord] Кожна партія йде у своїй гілці, куди кличуть її гравців. Час на хід іде від цієї хвилини.
   *[other] Кожну партію надіслано її гравцям: у тему форуму, якщо в групі є теми, інакше в особистий чат із ботом. Час на хід іде від цієї хвилини.
}
tournament-game-title = { $first } — { $second } (раунд { $round })
tournament-game-opening = Турнірна партія: { $first } — { $second }, раунд { $round }, стіл { $board }, матч до { $length ->
    [one] { $length } очка
    [few] { $length } очок
    [many] { $length } очок
   *[other] { $length } очка
}. Час на хід: { $clock }; до кінця раунду — { $time }. Хто не встигне зробити хід вчасно, програє матч.
tournament-champion = 🏆 { $name } виграє турнір { $id }!
tournament-cancelled = Турнір { $id } скасовано.
tournament-removed-note = З турніру виключено: { $name }; незіграні партії зараховано як технічні поразки.
tournament-too-few-cancelled = Турнір { $id } скасовано: записалося замало гравців.
tournament-computers-in = { $count ->
    [one] Додано { $count } гравця-комп'ютера
   *[other] Додано гравців-комп'ютерів: { $count }
} (усього учасників: { $players }).
tournament-computer-name = Комп'ютер { $number } ({ $level ->
    [beginner] новачок
    [casual] аматор
    [strong] сильний
    [expert] експерт
   *[other] { $level }
})
tournament-export = { $count ->
    [one] { $count } партія
    [few] { $count } партії
    [many] { $count } партій
   *[other] { $count } партії
} турніру файлами .mat: { $name }
# Відмови
tournament-usage = Наприклад: /tournament swiss 5 rounds, /tournament knockout 7, /tournament roundrobin nardy 3, /tournament arena 60 minutes. Просто /tournament показує поточний турнір.
tournament-none = У цьому чаті немає турніру. Почніть новий, наприклад: /tournament swiss 5 rounds
tournament-not-here = Турніром керують із чату, де він почався, а не з партії.
tournament-group-only = Турнір проводять у групі або в каналі сервера, а не в особистому чаті.
tournament-running = Тут ще триває турнір { $id }: спершу він має завершитися (або бути скасованим).
tournament-signup-closed = Запис закрито: турнір уже почався.
tournament-already-in = Ви вже в турнірі.
tournament-full = Місць немає: у турнірі вже { $count ->
    [one] { $count } гравець
    [few] { $count } гравці
    [many] { $count } гравців
   *[other] { $count } гравця
}.
tournament-removed = Організатор виключив вас із цього турніру.
tournament-not-in = Ви не берете участі в цьому турнірі.
tournament-over = Турнір завершено.
tournament-started = Турнір уже почався.
tournament-too-few = Для турніру потрібно щонайменше { $count ->
    [one] { $count } гравець
    [few] { $count } гравці
    [many] { $count } гравців
   *[other] { $count } гравця
}.
tournament-cannot-pair = Цих гравців не вдається розбити на пари ({ $reason }).
tournament-organiser-only = Це може зробити лише організатор або адміністратор чату.
tournament-not-running = Турнір зараз не триває.
tournament-not-paused = Турнір не на паузі.
tournament-no-such-player = У турнірі немає такого гравця (напишіть ім'я так, як воно стоїть у списку).
tournament-nothing-to-export = Дограних партій цього турніру поки немає.
tournament-no-money = Турнірні партії — це матчі: вкажіть кількість очок замість money.
tournament-bad-max = Кількість гравців — від 2 до { $most }.
tournament-bad-rounds = Щонайбільше { $most ->
    [one] { $most } раунд
    [few] { $most } раунди
    [many] { $most } раундів
   *[other] { $most } раунду
}.
tournament-bad-minutes = Арена триває щонайбільше { $most ->
    [one] { $most } хвилину
    [few] { $most } хвилини
    [many] { $most } хвилин
   *[other] { $most } хвилини
}.
tournament-fixed-terms = У турнірній партії діють умови турніру: контроль часу й рейтинг визначає організатор.
tournament-no-abort = Турнірну партію не можна перервати: здайтеся або нехай вирішить час.

## Підказки
hint-title-gnubg = Підказка для { $player } (нейромережі GNU Backgammon, { $ply }-ply):
hint-title-sage = Підказка для { $player } (нейромережі Open Sage, { $ply }-ply):
hint-title-nardy = Підказка для { $player }: оцінка вбудованого рушія довгих нард (не GNU Backgammon)
hint-play-depth = (лише { $ply }-ply)
hint-plays = Найкращі ходи на { $dice } ({ $unit ->
    [equity] еквіті
   *[chance] шанс на перемогу
}):
hint-play-line = { $rank }. { $play }  { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-difference = ({ $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
})
hint-after = Після ходу { $play }:
hint-button = Зіграти { $play }
hint-cube = { $action ->
    [no_double] Без подвоєння (подвоєння прийняли б)
    [double_take] Подвоєння, прийняти
    [double_pass] Подвоєння, пас
   *[too_good] Занадто добре для подвоєння: грайте на марс
}
hint-cube-line = { $option ->
    [no_double] Без подвоєння
    [double_take] Подвоєння, прийняти
    [double_pass] Подвоєння, пас
    [take] Прийняти
   *[pass] Пас
}: { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-take = Відповідь на подвоєння: { $answer ->
    [take] прийняти
    [beaver] оголосити бобра
   *[pass] пас
}
hint-match-chances = У шансах виграти матч за цього рахунку:
hint-no-double-now = Подвоїти зараз не можна: кидайте кістки.
hint-chances = Перемога { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }); поразка { NUMBER($lose, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } (марс { NUMBER($lose_gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, кокс { NUMBER($lose_backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
hint-chance = Шанс на перемогу: { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
hint-lobby = Підказки: { $state }
hint-lobby-asked = Підказки: їх просить творець столу; увімкнуться, якщо суперник натисне «Сісти з підказками»
button-join-hints = Сісти з підказками
hint-no-game = Тут не йде гра: підказки — для партії, що йде.
hint-over = Партію закінчено: радити нічого.
hint-spectator = Підказки — лише для гравця, чий зараз хід: ви не граєте за цим столом.
hint-not-your-turn = Підказки — лише для гравця, чий зараз хід, а це рішення не ваше.
hint-nothing = Зараз немає рішення, для якого потрібна підказка.
hint-off-match = У цьому матчі підказки вимкнено. У матчі вони є, лише якщо обидва гравці погодилися в лобі: творець відкриває стіл командою { $cmd_new_hints }, а суперник сідає кнопкою «Сісти з підказками».
hint-off = Підказки за цим столом вимкнено ({ $cmd_new_hints } увімкне їх у наступній грі).
hint-no-computer = Підказки дає комп'ютер, а його на цьому боті вимкнено.
hint-stale = Ця підказка застаріла: гра пішла далі. Запитайте { $cmd_hint } ще раз.
hint-failed = Зараз не вдалося розрахувати підказку: спробуйте трохи пізніше.

## Analysis

button-analysis = Аналіз
analysis-progress = Аналіз партії { $game } з { $games }…
analysis-title-gnubg = Аналіз нейромережами GNU Backgammon ({ $ply }-ply), партій: { $games }. Втрати в еквіті:
analysis-title-sage = Аналіз нейромережами Open Sage ({ $ply }-ply), партій: { $games }. Втрати в еквіті:
analysis-title-nardy = Аналіз вбудованим рушієм довгих нард ({ $ply }-ply), а не GNU Backgammon, партій: { $games }. Втрата — частка шансів на перемогу, втрачена порівняно з найкращим рішенням:
analysis-player = { $player }: PR { NUMBER($pr, minimumFractionDigits: 1, maximumFractionDigits: 1) }, невимушених рішень: { $unforced }
analysis-loss-gnubg = Втрачено { NUMBER($total, minimumFractionDigits: 3, maximumFractionDigits: 3) }: { NUMBER($checker, minimumFractionDigits: 3, maximumFractionDigits: 3) } у грі шашками, { NUMBER($cube, minimumFractionDigits: 3, maximumFractionDigits: 3) } у рішеннях з кубом
analysis-loss-nardy = Втрачено шансів на перемогу, у сумі за рішеннями: { NUMBER($total, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ NUMBER($checker, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } у грі шашками, { NUMBER($cube, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } у рішеннях з кубом)
analysis-marks = Сумнівних рішень: { $doubtful }, поганих: { $bad }, дуже поганих: { $very_bad }
analysis-luck = Удача: { $unit ->
    [equity] { NUMBER($luck, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($luck, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
analysis-worst-follow = Далі — найгірші рішення кожного гравця.
analysis-decision = { $player }: партія { $game }, хід { $move }
analysis-played = Випало { $dice }, зіграно { $play }
analysis-cube-made = Куб: { $action }
analysis-best = Найкращий хід: { $play }
analysis-best-cube = Найкраще рішення: { $action }
analysis-difference = { $unit ->
    [equity] { NUMBER($loss, minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($loss, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}: { $mark ->
    [doubtful] сумнівне рішення
    [bad] погане рішення
    [very_bad] дуже погане рішення
   *[none] невелика помилка
}
analysis-cube-action = { $action ->
    [no_double] без подвоєння
    [double] подвоєння
    [take] прийняти
   *[pass] пас
}
analysis-nothing = Тут немає завершеної партії для аналізу.
analysis-gone = Цього матчу вже немає за столом; якщо він ваш, він є в { $cmd_history_n } з кнопкою «Аналіз».
analysis-chouette = { -chouette } не аналізується: аналіз — для партій двох гравців.
analysis-in-play = За цим столом підказки вимкнено, тому його партії аналізуються, коли матч або гра на гроші закінчиться.
analysis-no-computer = Аналіз робить комп'ютер, а його на цьому боті вимкнено.
analysis-busy = У цьому чаті вже йде аналіз: його повідомлення показує, як далеко він просунувся.
analysis-again = Цей аналіз уже зроблено: його повідомлення в цьому чаті показує результат.
analysis-failed = Зараз не вдалося зробити аналіз: спробуйте трохи пізніше.
