# English catalogue of the backgammon bot (Project Fluent syntax).
# Every message here exists in ru.ftl, uk.ftl and be.ftl with the same placeholders.
# Placeholders: $player/$opponent/$invitee/$box/$captain = display names; $dice = "6-5";
# $count/$points/$value/$length/$pips... = numbers; $play = a play in notation ("24/18 13/11").

## Terms

-backgammon = backgammon
-nardy = long nardy
-gammon = gammon
-backgammon-win = backgammon
-mars = mars
-koks = koks
-cube = cube
-chouette = chouette
-box = box
-captain = captain
-crawford = Crawford

## Words

variant-backgammon = Backgammon
variant-nardy = Long nardy
mode-match = { $length ->
    [one] match to { $length } point
   *[other] match to { $length } points
}
mode-money = money session
mode-chouette = { -chouette }
language-name = English
language-en = English
language-ru = Русский
language-uk = Українська
language-be = Беларуская

## Counted words ($count)

duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}

## Buttons (short labels)

button-roll = Roll
button-double = Double
button-take = Take
button-pass = Pass
button-beaver = Beaver
button-accept = Accept
button-decline = Decline
button-undo = Undo
button-confirm = Confirm
button-join = Join
button-start = Start
button-abort = Abort
button-free-seat = Free the seat
button-resign-single = Resign a single game
button-resign-gammon = Resign { -gammon }
button-resign-backgammon = Resign { -backgammon-win }
button-claim-game = Claim the game
button-claim-match = Claim the match
button-vote-double = Double the { -box }
button-vote-no-double = Don't double

# The web board (the board in the chat app's own window): its words besides the buttons'
web-resign = Resign
web-your-turn = Your turn
web-opponent-turn = Your opponent's turn
web-score = Score
web-spectator = You are watching this game.
web-offline = Connection lost: reconnecting…
web-lobby = The game has not started yet.
web-you = you
web-answer-pending = deciding…
web-analysis-in-chat = The analysis will be posted in the chat.

## Turns and game events

game-started = { $player } vs { $opponent }: the game begins.
opening-roll = Opening roll: { $player } { $die1 }, { $opponent } { $die2 }.
opening-tie = Both rolled { $die }; rolling again.
opening-first = { $player } moves first with { $dice }.
auto-double = Equal opening dice: the { -cube } turns to { $value }.
turn-roll-or-double = { $player }, your turn: roll or double.
turn-roll = { $player }, your turn: roll.
turn-move = { $player } to play { $dice }.
event-rolled = { $player } rolls { $dice }.
event-forced = Only one play is possible: { $play } (played automatically).
event-no-play = { $player } cannot move with { $dice }; the turn passes.
event-play-ready = Play complete: { $play }. Press Confirm.
group-steps-hint = Press a step for each die (only you see the answers), then Confirm.
group-step-made = So far: { $play }. Still to play: { $dice }.
group-step-none = Taken back: nothing played yet.
event-doubles = { $player } doubles to { $value }.
event-beavers = { $player } beavers and keeps the { -cube } at { $value }.
event-takes = { $player } takes and owns the { -cube } at { $value }.
event-beaver-accepted = { $player } accepts the beaver: the { -cube } is at { $value }, owned by { $owner }.
event-beaver-refused = { $player } refuses the beaver and loses { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
event-resign-offer = { $player } offers to resign { $kind ->
    [gammon] a { -gammon }
    [backgammon] a { -backgammon-win }
   *[single] a single game
}.
event-resign-accepted = { $player } accepts the resignation.
event-resign-declined = { $player } declines the resignation; play goes on.
result-win = { $player } wins { $kind ->
    [gammon] a { -gammon }
    [backgammon] a { -backgammon-win }
   *[single] the game
}: { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
result-draw = The game is drawn.
result-resigned = { $player } resigned.
result-passed = { $player } passed the double.
result-time = { $player }'s time ran out.
score-match = Score: { $player } { $score }, { $opponent } { $opponent_score } (match to { $length }).
score-money = Session: { $player } { $score }, { $opponent } { $opponent_score }.
match-won = { $player } wins the match { $score }–{ $opponent_score }.
match-crawford = { -crawford } game: no doubling in this game.
match-post-crawford = Post-{ -crawford }: the { -cube } is back in play.
pips-line = Pip count: { $player } { $pips }, { $opponent } { $opponent_pips }.

## Table lifecycle

table-created = New { $variant } table: { $mode }. Press Join to take a seat.
table-options = Options: { $options }
table-left = { $player } leaves the table.
table-full = The table is full; you can watch.
table-invited = { $player } invites { $invitee }.
table-seat-reserved = This seat is kept for { $invitee }.
table-abort-requested = { $player } proposes to abort the game; the opponent agrees with { $cmd_abort }.
table-aborted = The game is aborted.
table-game-running = A game is already running here. To end it: { $cmd_abort } (both players agree) or { $cmd_resign }.

## Options (RULES.md 2.1 and 5)

option-jacoby = Jacoby rule: { $value }
option-auto-doubles = automatic doubles: { $value } (at most { $count })
option-beaver = beavers: { $value }
option-backgammon-counts = { -backgammon-win } counts { $count ->
    [one] { $count } point
   *[other] { $count } points
}
option-cube-progression = { -cube } steps: { $value ->
    [arithmetic] 1, 2, 3, 4…
   *[geometric] 1, 2, 4, 8…
}
option-gammons-with-cube = { -gammon }s after a double: { $value }
option-cube-limit = { -cube } limit: { $value }
option-prime-rule = six-prime: { $value ->
    [home] allowed once an opposing checker is home
   *[ahead] allowed with an opposing checker ahead of it
}
option-koks = { -backgammon-win } (3 points): { $value }
option-last-roll-draw = last roll for a draw: { $value }
option-next-game-starts = next game starts: { $value ->
    [alternate] in turn
   *[winner] the winner
}
option-no-cube = play without the doubling cube
option-cube-on = play with the doubling cube
option-draw-points = a draw scores: { $value ->
    [one] one point each
   *[half] half a point each
}

## Chouette

chouette-lobby = Chouette lobby: { $count ->
    [one] { $count } player
   *[other] { $count } players
} seated. Join; the game starts with 3 or more.
chouette-seat-roll = Rolls for seats: { $rolls }
chouette-box = Box: { $player }
chouette-captain = Captain: { $player }
chouette-team = Team: { $players }
chouette-proposal = { $player } proposes { $play }.
chouette-vote = The team votes on doubling the { -box }: { $yes } of { $total } in favour.
chouette-ledger = Ledger:
chouette-ledger-line = { $player }: { NUMBER($points, signDisplay: "always") }

## Move clock (correspondence play)

clock-off = The move clock is off.
clock-set = Move clock: { $duration } per move.
clock-reminder = { $player }, { $left } left for your move.
clock-expired = { $player }'s time is up. { $opponent } may claim the { $what ->
    [match] match
   *[game] game
} with { $cmd_claim }.
clock-claimed = { $player } wins the { $what ->
    [match] match
   *[game] game
} on time.

## Statistics

stats-line = { $player }: games { $games }, wins { $wins }, { -gammon }s { $gammons }, { -backgammon-win }s { $backgammons }.
stats-none = No games played yet.

## Settings

settings-title = Settings
settings-board = Board: { $style ->
    [text] text
   *[image] picture
}
settings-home = Home board: { $side ->
    [left] bottom left
   *[right] bottom right
}
settings-swap-sides = Swap sides after each game: { $value }
settings-language = Language: { $language }
settings-auto-roll = Automatic roll when there is no cube decision: { $value }
settings-saved = Settings saved.

## Export

export-position = Position ID: { $position_id }  Match ID: { $match_id }
export-xgid = XGID: { $xgid }
export-match-file = The match file is attached ({ $name }).

## Help (one message per command; .usage shows the arguments, .more explains the options; help-group-* head the list)

help-title = Commands:
help-group-start = Start a game
help-group-play = Play
help-group-cube = The doubling cube
help-group-info = Rules and information
help-group-settings = Settings
help-footer = Type a command's name after { $cmd_help } for its options; the rules of both games: { $cmd_rules }.
help-new = start a table: backgammon or long nardy; a match, money or a { -chouette }
    .usage = /new [backgammon|nardy] [N|money|chouette] [bot [level]] [name=value …]
    .more = Words in any order:
        • nardy — long nardy (without it: backgammon);
        • N — a match to N points, 1 to { $max } (without a number: to 5 in backgammon, to 1 in long nardy); money — money play; chouette — backgammon for 3 to 8 players;
        • bot — the computer as the opponent, at a level: { $levels } (without one: { $level });
        • name=value — a table option: { $options }.
        What an option does: { $cmd_rules_option }. Example: { $cmd_new_money_beaver }
help-join = take the free seat (or join the { -chouette } lobby)
    .usage = /join
help-invite = keep the opponent's seat for a named player
    .usage = /invite @name | off
    .more = Keeps the free seat of your table for that player for 24 hours, so that nobody else takes it; off gives it back to anyone. At a table already playing, or at a { -chouette }, the invitation is only announced.
help-leave = leave the table or the lobby
    .usage = /leave
help-abort = abort the game (both players, or the creator before the first roll)
    .usage = /abort
help-roll = roll the dice
    .usage = /roll
help-move = play your dice in notation; on your turn the notation alone works too
    .usage = /move 24/18 13/11
    .more = A play goes from point to point in your own numbering: 24/18 13/11; bar/22 enters from the bar, 6/off bears off, 8/5(2) moves two checkers, 13/7 is one checker playing both dice, * marks a hit (13/7*). A typed play is made at once and passes the dice; the buttons build a play step by step until you confirm it.
help-undo = take back the last step of the play you are building
    .usage = /undo
help-confirm = confirm the play and pass the dice
    .usage = /confirm
help-double = offer the { -cube } before rolling
    .usage = /double
    .more = Only before your roll, while the { -cube } is in the middle or yours; not in the { -crawford } game, not at a table without the { -cube }, not past its limit. The opponent takes, passes or, in money play with beaver=on, beavers. More: { $cmd_rules_cube }
help-take = accept the double
    .usage = /take
help-pass = refuse the double and lose the game at the current stake
    .usage = /pass
help-beaver = redouble at once and keep the { -cube } (money play, if allowed)
    .usage = /beaver
    .more = Instead of taking a double you redouble at once and keep the { -cube }. The doubler accepts — the { -cube } goes two steps up and stays yours — or refuses and loses the doubled stake. Only in money play with beaver=on: { $cmd_rules_beaver }
help-resign = offer to resign a single game, a { -gammon } or a { -backgammon-win }
    .usage = /resign [single|gammon|backgammon]
    .more = Offers the opponent the game as a single win (the default, or 1), a { -gammon } (2) or a { -backgammon-win } (3), counted as if it were played out, the { -cube } included. The opponent accepts or declines; until then nothing else can be done.
help-accept = accept the offered resignation
    .usage = /accept
help-decline = decline the offered resignation and play on
    .usage = /decline
help-board = show the board again
    .usage = /board
help-score = show the score of the match or session
    .usage = /score
help-pips = show the pip counts
    .usage = /pips
help-hint = advice for your decision now: the cube, or the best plays with their equities
    .usage = /hint
    .more = Before your roll: whether to double; when doubled: take or pass; after rolling: the best plays, each with a button that plays it. Backgammon is weighed by GNU Backgammon, long nardy by the bot's own player. Whether a table gives hints is its hints option: { $cmd_rules_hints }
help-analysis = the finished games weighed by the computer: each player's errors, PR and luck, the worst decisions
    .usage = /analysis
help-puzzle = your puzzles, made of the errors of your analysed games
    .usage = /puzzle [answer]
    .more = In a private chat with the bot: the puzzle due first, its answers as buttons; or type your answer (a play such as 24/18 13/11, or double, no double, take, pass). Each answer is graded (the best; under 0.02 from it; 0.02 to 0.08; over 0.08) and shown with every answer's figures; a puzzle answered well comes back later and later, one missed comes back soon. The first answer to each puzzle is rated. A puzzle of the day for a chat: { $cmd_settings_puzzle }
help-help = list the commands by group, or explain one with its options
    .usage = /help [command]
    .more = Without a word: every command, by group. With a command's name: how it is written, what it does and its options. With a table option or a topic of the rules (nardy, cube …): those rules.
help-rules = the rules of both games, the cube, matches, the { -chouette } and every table option
    .usage = /rules [topic]
    .more = Topics: { $topics }. Without a topic: both games in short, and what to ask next.
help-export = the position as GNU Backgammon IDs and XGID, the match as a .mat file
    .usage = /export
help-settings = the board as a picture or text, the home side, swapping sides, the automatic roll, the language
    .usage = /settings [name value]
    .more = Without words: the settings, with buttons. Typed:
        • view image | text — the board as a picture or as text;
        • home right | left — your home board at the bottom right or left;
        • swap on | off — swap sides after each game;
        • autoroll on | off — roll for you when there is no cube decision;
        • language en | ru | uk | be — your language, everywhere;
        • for an administrator of the chat: ratings on | off — rated games here; threads on | off — in Discord, a thread for each game.
        • for an administrator of the chat: puzzle 09:00 | off — a puzzle of the day here (UTC);
        The board, home, swap and roll settings are the table's; the language is yours.
help-clock = set the move clock: off, or minutes, hours or days per move
    .usage = /clock off|30m|12h|3d
    .more = At a two-player table: the time for each move, in minutes (30m; a bare number is minutes), hours (12h) or days (3d), up to 90 days; off — no limit. A reminder comes before it runs out; then the opponent may take the game: { $cmd_claim }
help-claim = claim the game (or match) when the opponent's move clock has run out
    .usage = /claim [match]
    .more = When the opponent's move clock has run out, the game is yours as if they had resigned a single game (or passed the double they had to answer); in a match { $cmd_claim_match } takes the whole match.
help-language = choose the language
    .usage = /language en|ru|uk|be
    .more = Your own language for the bot's answers, in every chat (everyone else keeps theirs): en — English, ru — Russian, uk — Ukrainian, be — Belarusian.
help-stats = your games, wins, { -gammon }s and { -backgammon-win }s
    .usage = /stats

## Rules (rules TOPIC: rules-<topic>, rules-option-<option>; .title names the topic in lists)

rules-overview = Two games are played here, on one board with the same dice:
    • backgammon (short nardy) — the players move towards each other and a lone checker can be hit: { $cmd_rules_backgammon }
    • long nardy — all checkers start on the head, both players go the same way round, nobody hits: { $cmd_rules_nardy }

    More:
    • { $cmd_rules_cube } — the doubling cube: take, pass, beaver, the Jacoby rule, automatic doubles
    • { $cmd_rules_match } — matches to N points, money play, the Crawford rule
    • { $cmd_rules_chouette } — the chouette, for three players or more
    • { $cmd_rules_option } — a table option: { $options }

    Options are set when a table is opened, for example { $cmd_new_money_beaver }.
rules-backgammon = Backgammon (short nardy). Each player has 15 checkers, set out in their own numbering: 2 on the 24 point, 5 on 13, 3 on 8, 5 on 6. The players move towards each other, from 24 to 1; points 1–6 are your home. The aim: bring all 15 home and bear them off before the opponent.

    The first move: each player rolls one die; the higher starts and plays both numbers. Then the players roll two dice in turn; a double is played four times. Both numbers must be played if they can be; if only one can, play it; if either could but not both, play the higher. One checker may play both numbers if the point between is open.

    A point with two or more of the opponent's checkers is closed. A lone checker (a blot) is hit when the opponent lands on it, and goes to the bar. While you have a checker on the bar you must enter it first, in the opponent's home: a 3 enters on the opponent's 3 point (your 22) if it is open. If no number enters, the turn is lost.

    Bearing off, once all 15 are home: a 4 bears off a checker from the 4 point. If that point is empty and a checker stands higher, move a checker from a higher point; if none stands higher, bear off from the highest point you hold.

    Result: a single game, 1 point; a gammon — the loser has borne off none — 2; a backgammon — besides, a checker of theirs is on the bar or in the winner's home — 3. Times the cube: { $cmd_rules_cube }
    .title = Backgammon (short nardy)
rules-nardy = Long nardy. Each player's 15 checkers start on one point, the head (their 24 point); the heads are in opposite corners, and both players go the same way round the board, counter-clockwise, to their home (points 1–6), and bear off from there.

    Who starts: each rolls one die; the higher moves first, rolling both dice afresh.
    The head: only one checker may leave the head per turn. Exception: on the first turn, with 6-6, 4-4 or 3-3 two may leave, because one checker cannot play the whole roll past the opponent's head.
    No hitting: a checker may not stop on a point where even one opposing checker stands; one checker closes a point.
    The six-point block: six points in a row may not be held unless at least one opposing checker is ahead of them — all 15 may never be locked in, not even in passing during a turn.
    A double is played four times; both numbers must be played if possible, else the higher; what cannot be played is lost.

    Bearing off as in backgammon, once all 15 are home. Result: a single win (oin), 1 point — the loser has borne off at least one checker; a gammon (mars), 2 — none. A backgammon, 3 points, only with koks=on. No draws, unless last_roll_draw=on gives the second player a last roll. Played without the cube (cube=on brings it in); the winner starts the next game.
    Options: { $nardy_options } — { $cmd_rules_option }
    .title = Long nardy
rules-cube = The doubling cube. A game starts worth 1, the cube in the middle. Before rolling, the player on turn may double while the cube is in the middle or theirs. The opponent:
    • takes — the game is worth twice as much and the cube is theirs: only they may double next;
    • passes — and loses the game at its value before the double.
    The cube goes 2, 4, 8 … up to 64. A game scores its result times the cube: a gammon with the cube on 4 is 8 points.

    In money play only:
    • the Jacoby rule (jacoby, on by default): gammons and backgammons count single until a double has been taken;
    • beavers (beaver=on): the doubled player may redouble at once and keep the cube; the doubler accepts or loses the doubled stake;
    • automatic doubles (auto_doubles=on): equal dice on the opening roll turn the cube, which stays in the middle; at most max_auto_doubles a game (1).
    In a match the Crawford rule stops doubling for one game: { $cmd_rules_match }
    gammons_with_cube=off — no gammons after a double.
    The option cube — on, off: whether the table plays with the cube at all; on by default in backgammon, off in long nardy.
    .title = The doubling cube
rules-match = A match is played to N points ({ $cmd_new_length }; without a number: to 5 in backgammon, to 1 in long nardy). Each game's points, the cube included, go to its winner; the first to reach N wins the match. In long nardy, after a draw, a player must also be ahead.

    The Crawford rule: the first time a player is one point short of winning, the next game — the Crawford game — is played without doubling. After it the cube is back, even if the other player also comes one point short.

    In a match the Jacoby rule, beavers and automatic doubles never apply.

    Money play ({ $cmd_new_money }): games follow one another with a running score and no end; the money options apply: { $cmd_rules_cube }
    .title = Matches and the Crawford rule
rules-chouette = The chouette: backgammon for money with 3 to 8 players ({ $cmd_new_chouette }; the creator starts it once everyone has joined). Each rolls one die: the highest is the box and plays alone against the others, the team; the second highest is the captain, who rolls and moves for the team; the rest follow in the order of their rolls. Team members may suggest plays and cube actions; the captain decides.

    The team doubles the box only if every member agrees. When the box doubles, each member answers alone: who takes plays on at the new stake, who passes pays the current stake and is out of the game. So every member has their own cube and stake.

    After a game: if the team lost, the box stays, the captain goes to the end of the team and the next member captains; if the team won, the captain becomes the box and the old box goes to the end of the team. The money options apply, beavers and the Jacoby rule included.
    .title = The chouette
rules-option-jacoby = the Jacoby rule. In money play a gammon or a backgammon counts as a single game until a double has been taken in that game (a beaver counts as taken, an automatic double does not).
    Values: on, off. Default: on in backgammon money play and chouettes, off in long nardy; a match never uses it.
    Example: { $example }
    .title = gammons count only after a double was taken
rules-option-beaver = beavers, in money play only. A player who is doubled may, instead of taking, redouble at once (a beaver) and keep the cube; the doubler then accepts — the cube goes two steps up and stays with the beaver — or refuses and loses the game at the doubled stake.
    Values: on, off. Default: off; a match never uses it.
    Example: { $example }
    .title = the doubled player may redouble at once
rules-option-auto-doubles = automatic doubles, in money play with the cube. Equal dice on the opening roll turn the cube one step up; it stays in the middle, so either player may still double, and the dice are rolled again. At most max_auto_doubles a game; later ties are simply rolled again.
    Values: on, off. Default: off; a match never uses it.
    Example: { $example }
    .title = equal opening dice turn the cube
rules-option-max-auto-doubles = the most automatic doubles in one game (with auto_doubles=on); the cube never goes past cube_limit.
    Values: 0 or more. Default: 1.
    Example: { $example }
    .title = the most automatic doubles in a game
rules-option-backgammon-counts = what a backgammon counts: 3, or 2 as in some countries.
    Values: 2, 3. Default: 3 in backgammon, 2 in long nardy (where koks=on sets 3).
    Example: { $example }
    .title = a backgammon counts 3 or 2
rules-option-cube-progression = how the cube goes up: geometric 1, 2, 4, 8 … or arithmetic 1, 2, 3, 4 …; a beaver is two steps.
    Values: geometric, arithmetic. Default: geometric.
    Example: { $example }
    .title = the cube goes 1, 2, 4, 8 … or 1, 2, 3, 4 …
rules-option-gammons-with-cube = off: no gammons after a double. Once the cube stands above 1 (after a double, a beaver or an automatic double), a gammon or a backgammon counts as a single game. Matches too.
    Values: on, off. Default: on.
    Example: { $example }
    .title = off: no gammons after a double
rules-option-cube-limit = the highest value the cube may reach; a double, a beaver or an automatic double past it is not possible.
    Values: 1 or more. Default: 64.
    Example: { $example }
    .title = the highest value of the cube
rules-option-last-roll-draw = long nardy. on: when the player who moved first bears off their last checker, the other gets one last roll; if it bears off all their remaining checkers, the game is a draw (draw_points says what it scores). No doubling on that roll. off: whoever first bears off all 15 wins at once.
    Values: on, off. Default: off.
    Example: { $example }
    .title = long nardy: a last roll for a draw
rules-option-draw-points = what each player scores for a drawn long nardy game (with last_roll_draw=on): half — half a point, one — one point. To win a match a player must also be ahead.
    Values: half, one. Default: half.
    Example: { $example }
    .title = a draw scores half a point or one point each
rules-option-next-game-starts = who starts the second and later games of a match or money session: roll — an opening roll, as in the first game; winner — the last game's winner (after a draw, the player who moved second); alternate — the players in turn. Whoever starts without an opening roll rolls both dice at once. A chouette always has an opening roll.
    Values: roll, winner, alternate. Default: roll in backgammon, winner in long nardy.
    Example: { $example }
    .title = who starts the next game
rules-option-koks = long nardy. on: a backgammon counts 3 points — the loser has borne off no checker, and one of theirs has not yet left the winner's home (it stands there or further back). off: such a win is a gammon, 2 points.
    Values: on, off. Default: off.
    Example: { $example }
    .title = long nardy: a backgammon counts 3 points
rules-option-prime-rule = long nardy, the six-point block. off: six points in a row may be held only while an opposing checker is ahead of them. on: only once an opposing checker has entered its home (or been borne off).
    Values: on, off. Default: off.
    Example: { $example }
    .title = long nardy: when a six-point block is allowed
rules-option-hints = the table's advice ({ $cmd_hint }), not a rule of the game. on: a player may ask for a hint; off: not at this table.
    Values: on, off. Default: on against the computer, in money play and chouettes; in a match between two people off, unless the table's creator sets hints=on and the opponent joins with hints.
    Example: { $example }
    .title = whether hints may be asked at this table
rules-unknown = There are no rules on “{ $topic }”. Topics: { $topics }.

## Errors of the app

error-generic = That is not possible now.
error-unknown-command = Unknown command { $command }. Type { $cmd_help } for the list.
error-bad-arguments = Wrong arguments for { $command }. Usage: { $usage }
error-too-long = The message is too long; nothing was changed.
error-not-seated = You are not playing at this table.
error-stale = This board is out of date: use the latest one.
error-bad-payload = This button is not valid.
error-unavailable = The game storage is temporarily unavailable. Try again in a moment.
error-unavailable-kept = The game storage is not answering. What you asked is kept and will be done as soon as it answers.
error-internal = Something went wrong and nothing was changed. Please try again.
error-outcome-unknown = The game storage answered late: your move may have been recorded. Here is the board as it stands — check it before you try again.
error-outcome-unknown-later = The game storage is not answering: your move may have been recorded. Look at { $cmd_board } in a minute before you try again.
app-already-done = Already done — here is the table as it stands.
error-no-table = There is no table in this chat yet. Start one with { $cmd_new }.
error-not-creator = Only the player who opened the table can do that.
error-clock-running = The opponent's time has not run out yet.
error-bad-clock = Give the clock as off, minutes (30m), hours (12h) or days (3d).
error-unknown-language = Unknown language; choose en, ru, uk or be.

## Errors of the engine (error-<code>; .detail uses the error's parameters)

error-syntax = I could not read that play. Write it like 24/18 13/11.
    .detail = I could not read “{ $text }”. Write a play like { $example }.
error-backwards = That checker would move backwards.
    .detail = { $move } moves backwards.
error-bad-distance = No die of this roll covers that distance.
    .detail = { $move } is { $pips } pips; the dice are { $dice }.
error-dice = The dice must be two numbers from 1 to 6.
error-too-many-dice = That play needs more dice than you rolled.
    .detail = { $moves } needs more dice than { $dice }.
error-no-such-die = You did not roll that number.
    .detail = There is no { $die } in { $dice }.
error-no-checker = You have no checker there to move.
    .detail = You have no checker on { $point } to move.
    .detail-bar = You have no checker on the bar.
error-bar-first = Enter your checkers from the bar first.
    .detail = Enter from the bar first: { $count ->
        [one] { $count } checker is
       *[other] { $count } checkers are
    } there.
error-point-closed = That point is closed.
    .detail = Point { $point } is closed.
    .detail-points = Points { $points } are closed.
error-bear-off-not-home = You can bear off only when all your checkers are in your home board.
error-bear-off-higher = To bear off with a higher die you must have no checker on a higher point.
    .detail = You cannot bear off from { $point } with the { $die } while a checker stands higher.
error-rule = The rules of this game do not allow that move.
    .detail = The rules do not allow { $move } here.
error-max-dice = You must use as many dice as possible.
    .detail = You must play more of the roll: { $example } is possible.
error-must-use-both = You must play both dice when you can.
    .detail = You must play both dice: { $example } is possible.
error-higher-die = When only one die can be played, it must be the higher one.
    .detail = Only one die can be played and it must be the { $die }: { $example }.
error-must-move = You must play when a play is possible.
    .detail = You must play: { $example } is possible.
error-no-play = No play is possible with this roll.
    .detail = No play is possible with { $dice }.
error-no-hitting = There is no hitting in this game.
error-no-blot = There is no lone checker to hit there.
    .detail = There is no blot to hit on { $point }.
error-ambiguous = That notation fits more than one play; write each step.
    .detail = “{ $text }” fits more than one play; write each step.
error-illegal = That play is not legal.
error-illegal-play = That play is not legal.
error-step-not-legal = That step is not possible now.
error-play-not-offered = That play is not on offer now.
error-nothing-to-undo = There is nothing to undo.
error-play-incomplete = The play is not complete yet: use all the dice you can.
error-not-your-turn = It is not your turn.
error-must-roll-first = Roll the dice first.
error-already-rolled = The dice are already rolled.
error-game-not-started = The game has not started yet.
error-game-over = The game is over.
error-game-running = A game is being played.
error-match-over = The match is over.
error-double-pending = A double is offered: take, pass or beaver first.
error-beaver-pending = A beaver is offered: accept or refuse it first.
error-no-double-pending = No double is offered.
error-no-beaver-pending = No beaver is offered.
error-cube-disabled = This game is played without the { -cube }.
error-cube-not-yours = The { -cube } belongs to your opponent.
error-cube-at-limit = The { -cube } is at its limit.
    .detail = The { -cube } cannot go above { $limit }.
error-crawford-no-double = No doubling in the { -crawford } game.
error-last-roll-no-double = No doubling on the last roll.
error-beaver-not-allowed = Beavers are not played at this table.
error-resign-pending = A resignation is offered: accept or decline it first.
error-no-resign-pending = No resignation is offered.
error-resign-not-allowed = You cannot resign like that now.
error-unknown-action = Unknown action.
error-bad-player = There is no such player at this table.
error-bad-die = A die shows 1 to 6.
error-bad-length = A match is played to 1 point or more (0 for money play).
error-bad-game = That game does not belong to this match.
error-no-dice = The dice are not available.
error-dice-exhausted = The dice are not available.
error-unknown-variant = Unknown game; choose backgammon or long nardy.
error-corrupt-state = The saved game cannot be read.
error-unsupported-schema = The saved game was written by a newer version of the bot.
error-engine-error = That is not possible now.
error-not-exportable = This game cannot be exported as a match file.
error-corrupt-id = This is not a position that can be set up: check the XGID or the Position ID:Match ID.
error-bad-mat = This match file cannot be read.
error-bad-name = That player name cannot be used in a match file.
error-too-few-players = A { -chouette } needs at least 3 players.
error-duplicate-player = A player is listed twice.
error-already-seated = You already have a seat at this table.
error-unknown-player = That player does not sit at this table.
error-already-left = You have already left.
error-not-in-game = You are out of this game.
error-not-team-member = That player is not in the team.
error-not-captain = Only the { -captain } moves for the team.
error-no-game = No game has been started yet.
error-bad-proposal = That proposal cannot be made now.
error-no-vote = No double is being voted on.
error-bad-dice-seed = That dice seed cannot be used.
error-bad-export = That is not a dice export of a game.
error-bad-rating = That rating cannot be worked out.
error-bad-stats = The dice statistics cannot be read.
error-already-voted = You have already voted.
error-vote-pending = The team is voting on a double.
error-already-decided = You have already answered.
error-bad-payment = That payment is not valid.
error-head-rule = Only one checker may leave the head per turn.
    .detail = { $move }: only one checker may leave the head per turn (two only on the first turn with 6-6, 4-4 or 3-3).
error-six-prime = Six blocked points in a row are not allowed unless an opposing checker is ahead of them.
    .detail = { $move } would make six blocked points in a row: { $rule ->
        [home] allowed only once an opposing checker has entered its home board.
       *[ahead] allowed only with an opposing checker ahead of them.
    }

## The chat application (bot/app): lobby, turns, chouette, settings, console

help-start = start the { -chouette } once everyone has joined
    .usage = /start
help-propose = { -chouette }: suggest a play or a { -cube } action to your { -captain }
    .usage = /propose 24/18 13/11 | /propose double|no_double|take|pass|beaver
    .more = At a { -chouette } a team member suggests a play to the { -captain }, or a { -cube } action: double, no_double (not to double now), take, pass, beaver. Suggestions bind nobody: the { -captain } decides. More: { $cmd_rules_chouette }
app-on = on
app-off = off
app-not-understood = I did not understand that. Type { $cmd_help } for the commands, or a play like 24/18 13/11 on your turn.
app-not-started = The game has not started yet.
# $max: the longest match
app-bad-length = A match is 1 to { $max ->
    [one] { $max } point
   *[other] { $max } points
} long; 0 means money play.
app-chouette-backgammon = A { -chouette } is played with backgammon.
# $option: what was typed; $options: the known options
app-unknown-option = Unknown option “{ $option }”. Options: { $options }.
# $option, $value: what was typed
app-bad-option = “{ $value }” is not a value for { $option }.
app-bad-options = These options do not go together.
# $option: the option's name; $state: app-on / app-off
app-button-option = { $option ->
    [cube] Cube
    [jacoby] Jacoby
    [beaver] Beavers
    [auto_doubles] Automatic doubles
    [gammons_with_cube] Gammons after a double
    [hints] Hints
   *[other] { $option }
}: { $state }
app-button-refuse = Refuse
app-option-cube = { -cube }: { $value }
# $players: the names, comma-separated
app-seated = Seated: { $players }
app-already-started = The game has already started.
app-start-chouette-only = { $cmd_start } is for a { -chouette }; a two-player game starts when the second player joins.
app-leave-playing = You cannot leave a running game: { $cmd_resign }, or { $cmd_abort } it by agreement.
app-table-closed = The table is closed.
app-abort-pending = You have asked to abort already; waiting for your opponent.
app-chouette-only = That is for a { -chouette }.
# $player
app-chouette-joined = { $player } joins and plays from the next game.
app-chouette-ends = Fewer than three players are left: the { -chouette } ends.
# $players: the names, comma-separated
app-chouette-waiting = Waiting for: { $players }
# $player: a member; $answer: take | pass | beaver
app-chouette-answer = { $player } { $answer ->
    [pass] passes
    [beaver] beavers
   *[take] takes
}
# $answers: the members' answers so far
app-chouette-answers = Answers: { $answers }.
# $number: game number; $winner: team | box; $box: the box's name; $kind: single | gammon | backgammon; $reason: bear_off | box_pass | box_left | team_out
app-chouette-game-over = Game { $number }: { $winner ->
    [team] the team wins
   *[box] { $box } (the { -box }) wins
} { $kind ->
    [gammon] a { -gammon }
    [backgammon] a { -backgammon-win }
   *[single] the game
} ({ $reason ->
    [box_pass] the { -box } passed
    [box_left] the { -box } left
    [team_out] every member is out
   *[bear_off] played out
}).
app-proposal-double = to double
app-proposal-no-double = not to double
app-proposal-take = to take
app-proposal-pass = to pass
app-proposal-beaver = to beaver
app-opening-roll = Opening roll: roll to see who starts.
# $player: who must answer
app-answer-double = { $player }: take or pass?
app-answer-beaver = { $player }: accept or refuse the beaver?
app-answer-resign = { $player }: accept or decline?
# $position_id
app-export-position = Position ID: { $position_id }
app-setting-unchanged = That is the setting already.
app-setting-view-image = picture
app-setting-view-text = text
app-setting-home-right = home right
app-setting-home-left = home left
# $state: app-on / app-off
app-setting-swap = swap sides: { $state }
app-setting-autoroll = auto-roll: { $state }
app-board-pips = pips
app-board-off = off
app-board-bar = bar
app-board-dice = dice
app-board-cube = cube
# $length is filled in by the board itself: keep the placeholder
app-board-match = Match to { $length }
app-board-money = Money
app-board-crawford = Crawford
app-board-post-crawford = post-Crawford
app-board-offered = Double
app-board-chouette = Chouette
app-board-box = Box
app-board-captain = Captain
app-board-team = Team
app-board-out = out
app-board-long-nardy = Long nardy
app-board-to-roll = to roll
app-board-opening = opening roll
app-clock-two-players = The move clock is for two-player tables.
app-clock-expired-match = { $player }'s time is up. { $opponent } may claim the game ({ $cmd_claim }) or the whole match ({ $cmd_claim_match }).
app-invite-cancelled = The seat is open to anyone again.
app-no-clock = This table has no move clock; set one with { $cmd_clock }.
app-console-you = You
app-console-player-two = Player 2
app-console-welcome = Nardy in the terminal. Type a number to press a button, or a command (help lists them); quit leaves.
app-console-bye = Bye!
# $path: where the file was written
app-console-saved = Match file saved: { $path }
app-console-saved-file = File saved: { $path }
# $layout: wide | narrow
app-console-board = Board in the terminal: { $layout ->
    [narrow] compact
   *[wide] classic
}. Change it with: settings board classic | settings board compact
app-console-board-usage = Write: settings board classic, or settings board compact.
# $number: what was typed; $count: how many buttons there are
app-console-no-button = There is no button { $number }: the buttons are 1 to { $count }.
# $game: a tournament game's round and board (2.3); $first, $second: its players
app-console-game = Game { $game }: { $first } — { $second }
app-console-home = Back at the console's own table.
# $most: the most computer players one line adds
app-console-fill-usage = Write: fill N [LEVEL] (N computer players join the tournament, at most { $most }; beginner unless a level is named).

## Discord: slash command and option names (lower case, no spaces, at most 32 characters)
discord-command-new = new
discord-command-join = join
discord-command-invite = invite
discord-command-leave = leave
discord-command-abort = abort
discord-command-start = start
discord-command-roll = roll
discord-command-double = double
discord-command-take = take
discord-command-pass = pass
discord-command-beaver = beaver
discord-command-move = move
discord-command-undo = undo
discord-command-confirm = confirm
discord-command-resign = resign
discord-command-accept = accept
discord-command-decline = decline
discord-command-board = board
discord-command-score = score
discord-command-pips = pips
discord-command-hint = hint
discord-command-analysis = analysis
discord-command-puzzle = puzzle
discord-command-help = help
discord-command-rules = rules
discord-command-export = export
discord-command-settings = settings
discord-command-propose = propose
discord-command-stats = stats
discord-command-clock = clock
discord-command-claim = claim
discord-command-seed = seed
discord-command-dice = dice
discord-command-rating = rating
discord-command-top = top
discord-command-history = history
discord-command-tournament = tournament
discord-command-language = language
discord-command-position = position
discord-command-import = import
discord-param-game = game
discord-param-kind = kind
discord-param-command = command
discord-param-what = what
discord-param-time = time
discord-param-text = text
discord-param-where = where
discord-param-which = which
discord-param-language = language
discord-param-setting = setting
discord-param-player = player
discord-param-play = play
discord-param-answer = answer
discord-param-id = id
discord-param-file = file
discord-param-topic = topic
discord-pick-step = Choose a step…
discord-no-files = The bot may not attach files in this channel: ask a moderator for the “Attach Files” permission.
discord-dm-join = Only you can see this chat, so nobody can take the other seat here. To play a friend, open the table in a server channel or a group chat.
discord-dm-invite = Your friend cannot see this chat. Open the table in a server channel or a group chat and use { $cmd_invite } there.
discord-thread-name = { $player } vs { $opponent } — { $mode }
discord-thread-team = { $players } — { $mode }
discord-thread-welcome = { $players }: your game is played in this thread.
discord-thread-opened = The game is on in { $thread }.
discord-thread-refused = No thread could be opened for this game, so it is played here in the channel. To play games in threads, give the bot the “Create Public Threads” and “Send Messages in Threads” permissions.
discord-thread-result = The game in { $thread } is over.
discord-thread-away = Your game is played in { $thread }.
discord-thread-gone = The thread of this game was deleted: the game goes on here.
discord-thread-closed = This game's thread was closed: the game goes on here.
discord-thread-reopened = This game's thread had been closed: it is open again, and the game goes on.
discord-your-turn = { $player }, it’s your turn.

## Telegram
telegram-button-invite = Invite a friend
telegram-button-open-board = Open board
discord-button-open-board = Open board
discord-board-unavailable = The board cannot be opened here now. Play on with the buttons under the board.
discord-launch-description = Open the board of this chat’s game, live
web-page-connecting = Connecting…
web-page-closed = This board has closed. Open it again from the chat.
web-page-offline = No connection to the bot. Check your connection and open the board again.
web-page-outside-telegram = Open this board with the Open board button under a board in Telegram.
web-page-no-table = There is no game at this table now.
telegram-button-play = Play
telegram-invite-private = Press the button and pick the chat of the friend you want to play with.
telegram-invite-link = Send this link to a friend: it seats them at this table. { $link }
telegram-link-used = Done: you are seated. The game goes on in the group chat.
telegram-link-again = You already have a seat at this table. The game goes on in the group chat.
telegram-link-invalid = This invitation link is not valid.
invite-own-card = This is your invitation: wait for a friend to press “Play”.
telegram-invite-pending = This invitation is still being prepared: press “Play” again in a moment.
telegram-invitation = { $player } invites you to play: { $game }. Press “Play” to take the seat.
telegram-card-computer = { $game }, against { $computer }
telegram-invitation-computer = { $player } offers a game against the computer: { $game }. Whoever presses “Play” plays it.
clock-brief-expired = { $player }'s time is up. { $opponent } may claim { $what ->
    [match] the game or the whole match
   *[game] the game
} with the buttons below.
clock-private-reminder = { $left } left for your move in the game against { $opponent }.
clock-private-late = Your time is up in the game against { $opponent }, who may now claim { $what ->
    [match] the game or the whole match
   *[game] the game
}. Your move still counts until then.
clock-private-claim = { $player }'s time is up in your game. You may claim { $what ->
    [match] the game or the whole match
   *[game] the game
} with the buttons on the game's message.

## The computer opponent
computer-name = Computer ({ $level ->
    [beginner] beginner
    [casual] casual
    [strong] strong
    [expert] expert
   *[other] { $level }
})
computer-unavailable = The computer opponent is switched off on this bot: invite a friend instead.
computer-bad-level = Unknown level “{ $level }”. The levels: { $levels }.
computer-two-players = The computer plays one against one, not in a { -chouette }.
computer-plays = { $player } rolls { $dice } and plays { $play }.
computer-takes = { $player } takes.
computer-passes = { $player } passes.
computer-beaver-accepted = { $player } accepts the beaver.
telegram-button-computer = Play the computer
telegram-start-play = Play now: against the computer, or with a friend.
## Dice anyone can check

dice-commitment = This game's dice are fixed before the first roll; their hash: { $commitment }… (in full: { $cmd_dice }). The seed revealed after the game proves no roll was changed.
dice-client-seeds = Client seeds: { $seeds }
# $player: a seated player; $seed: the client seed they play with
dice-client-seed = { $player } “{ $seed }”
dice-seating = seating
dice-revealed = Dice of game { $number }: server seed { $seed }, whose hash { $commitment }… was shown before the game. To check every roll: { $cmd_export }, then run { $command }
dice-secret-commitment = Dice of this match come from a secret the bot fixed before any player's seed; its fingerprint is { $commitment }… ({ $cmd_dice } shows it whole). The secret is shown when the match is over: anyone can then check that it has this fingerprint and made every game's dice, so it was not picked to suit the players' seeds.
dice-secret-revealed = The match is over; its dice came from the bot's secret { $secret }, whose fingerprint { $commitment }… was shown before the players' seeds. Every game's server seed comes from it. To check them all: { $cmd_export }, then run { $command }
export-dice-file = The dice of the finished games with their seeds ({ $name }); check them with { $command }
dice-seed-random = Your client seed is drawn at random when the game starts (and shown). To choose one: { $cmd_seed_text }
command-placeholder-text = TEXT
command-placeholder-option = OPTION
dice-seed-too-late = The dice of this match are fixed already: set your client seed in the lobby of the next one.
dice-seed-bad = A client seed is 1 to { $max } printable characters.
dice-seed-set = { $player }'s client seed: “{ $seed }”.
dice-seed-offer = { $player }, your client seed was drawn at random: to give your own, send { $cmd_seed_text } before the first roll.
dice-seed-until-roll = Until the first roll you may give your own: { $cmd_seed_text }
dice-seed-after-commitment = The server's seed of this game was fixed before yours (its hash { $commitment }… is on the board), so it cannot have been chosen to suit yours. Your seed counts for the whole match.
dice-seed-after-secret = The bot's secret for this match was fixed before your seed (fingerprint { $commitment }…), so it cannot have been picked to suit your seed. Yours counts for every game of the match.
dice-seed-too-late-computer = The dice of this match are rolling already: against the computer, give your client seed when the next match begins, before its first roll.
help-seed = your client seed for the dice: in the lobby, or against the computer before the first roll
    .usage = /seed [text]
    .more = In the lobby: your own text, mixed with the bot's secret seed into the dice of the match, so that the bot alone does not choose them. Without text: the seeds set so far. Each game's secret seed is shown when the game is over, so that every roll can be checked.

## Positions set up from an ID, imported matches and their replay

help-position = start a game at a position from GNU Backgammon or eXtreme Gammon (XGID, or Position ID:Match ID)
    .usage = /position XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10 | PositionID:MatchID
    .more = A game at that position: the cube, the score, the match length, the dice and the player on roll come from the ID. Whoever opens the table plays X (at the bottom), whoever joins plays O; add bot and a level to play the computer. Without an ID: the IDs of the position at this table.
position-lobby = The game begins at the position { $id }: the player who opened the table plays X (at the bottom), the one who joins plays O.
position-not-id = That is not a position ID. Give an XGID (XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10) or GNU Backgammon's Position ID and Match ID (4HPwATDgc/ABMA:cIkKAAAAAAAA).
position-bad-xgid = That XGID cannot be read. An XGID has ten fields separated by colons: the 26 characters of the board (- or A-O for X, a-o for O), then the cube, its owner, the turn, the dice, both scores, the rules, the match length and the cube limit.
position-bad-position-id = { $id } is not a valid Position ID: it has 14 characters (A-Z, a-z, 0-9, + and /) and places 15 checkers of each player.
position-bad-match-id = { $id } is not a valid Match ID: it has 12 characters (A-Z, a-z, 0-9, + and /) and holds the cube, the score and the dice.
position-impossible = This ID describes no game that can be played: { $reason ->
    [game_over] the game in it is already over.
    [score] a player has already won the match at that score.
    [crawford] the { -crawford } game needs a player one point from winning, and no { -cube }.
    [cube] the { -cube } cannot have that value or owner here.
    [no_cube] a double is offered in a game without doubling.
    [beaver] beavers are played in money games only, and raccoons not at all.
    [checkers] the checkers cannot stand like that.
    [dice] a double is answered before the roll, so there can be no dice yet.
    [turn] the player to act is not the player on roll.
   *[other] no game reaches this state.
}
export-set-up = This match began at a set-up position, and a .mat file always starts from the opening position, so no match file is written. The IDs above describe the position.
help-import = read a match file (.mat from GNU Backgammon, eXtreme Gammon or DailyGammon) to replay it
    .usage = /import, with the .mat file attached
    .more = Send the bot a match file (.mat of GNU Backgammon, eXtreme Gammon or DailyGammon, at most { $kb } KB); in a group, name it *.mat or send the command with it. The answer is the match's summary with buttons to replay it, export it as .mat and analyse it.
import-no-file = Send the match as a file (.mat) to the bot, with or without { $cmd_import }.
import-too-big = The file is { $size } KB; match files up to { $max } KB are read.
import-too-slow = This match file takes too long to read; try a shorter match.
import-not-text = This file is not a text match file (.mat).
import-bad-file = This file is not a match file I can read: a .mat file has a line like "5 point match", then its games (GNU Backgammon, eXtreme Gammon and DailyGammon files are read).
import-bad-move = The match file is refused at game { $game }, move { $move }: { $why }
import-bad-game = The match file is refused at game { $game }: { $why }
import-bad-score = The match file is refused at game { $game }: the score it gives before the game is not what the games before it make.
import-summary = Match read: { $player } vs { $opponent }, { $mode }; { $games ->
    [one] { $games } game
   *[other] { $games } games
}; final score { $score }–{ $opponent_score }.
import-button-replay = Replay
import-button-export = Export .mat
import-gone = This match is no longer kept here (or someone else sent it): send the .mat file again.
import-file-caption = The match as GNU Backgammon writes it ({ $name }).
replay-caption = Game { $game } of { $games }, move { $step } of { $steps }
replay-start = Start of the game. Score: { $player } { $score }, { $opponent } { $opponent_score }.
replay-move = { $player } rolls { $dice } and plays { $play }.
replay-take = { $player } takes.
replay-pass = { $player } passes.
replay-button-back = ◀ Back
replay-button-next = Next ▶
replay-button-previous-game = ⏮ Game
replay-button-next-game = Game ⏭

import-why-illegal = what is written there does not follow from the game (a wrong cube value, result or column).
import-why-order = the games do not follow one another as in a match (a game left unfinished, or one played after the match was won).
import-download-failed = The file could not be downloaded; please send it again.
app-console-import-usage = Write: import FILE (the path of a .mat match file).
app-console-no-file = The file { $path } does not exist or cannot be read.

## Ratings, leaderboards, dice statistics, history

rating-change = { $player }: rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } ({ NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") })
settings-ratings = Ratings in this chat: { $value }
settings-ratings-admin = Only an administrator of the chat turns ratings on or off.
settings-threads = Games in threads of their own: { $value }
settings-threads-admin = Only an administrator of the chat decides whether games are played in threads.
player-unknown = No player called { $name } at this table or among your recent opponents.
# $game: backgammon or long_nardy
rating-line = { $player }, { $game ->
    [long_nardy] Long nardy
   *[backgammon] Backgammon
}: rating { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, experience { $experience }
rating-places = Place { $chat } in this chat, { $overall } overall.
rating-none = { $player } has no rated match yet (everyone starts at 1500).
rating-rules = Rated (FIBS formula): finished matches between two people, won on time included. Money sessions, chouettes, games against the computer, set-up positions and matches abandoned by agreement are not rated.
top-title-chat = Best { $game ->
    [long_nardy] long nardy
   *[backgammon] backgammon
} ratings in this chat:
top-title-global = Best { $game ->
    [long_nardy] long nardy
   *[backgammon] backgammon
} ratings overall:
top-line = { $place }. { $player } — { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") } (experience { $experience })
top-empty = No rated match yet.
dice-commitment-whole = Dice of the game in play: hash { $commitment } (fixed before the first roll: the seed revealed after the game must give this hash)
dice-secret-whole = This match's secret (shown when the match is over): fingerprint { $commitment }
dice-none = No rolls of { $player } counted yet.
dice-summary = Dice of { $player } on this platform: { $rolls ->
    [one] { $rolls } roll
   *[other] { $rolls } rolls
}, { $doubles ->
    [one] { $doubles } double
   *[other] { $doubles } doubles
} ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, expected { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }; p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
dice-faces = Each face: { $faces } (expected { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } each; chi-squared p = { $p ->
    [none] —
   *[other] { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
})
# $face: 1 to 6; $share: the share of the dice that showed it
dice-face = { $face }: { NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
dice-entering = Entering from the bar against { $closed } closed { $closed ->
    [one] point
   *[other] points
}: { $entered } of { $tries } ({ NUMBER($share, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, expected { NUMBER($expected, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
dice-entering-p = Entering from the bar against the odds: chi-squared p = { NUMBER($p, minimumFractionDigits: 3, maximumFractionDigits: 3) }
history-title = Recent matches of { $player }:
history-why = { $length }-point match, { $why ->
    [time] won on time
    [agreed] abandoned by agreement
   *[played] played out
}
# $change, $opponent_change: the rating changes of the players in the order the line names them
history-tournament = 🏆 tournament { $id }, round { $round }
history-rated = rating { NUMBER($change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }, { NUMBER($opponent_change, signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: "false") }
history-none = No finished match of { $player } kept yet.
history-hint = { $cmd_history_n } shows one of them, with its export and replay.
history-no-such = There is no match { $number } in your history (it holds { $count }).
history-games = Games: { $games }
history-gone = This match is no longer kept.
button-history-export = Export
button-history-replay = Replay
help-dice = your dice on this platform against the odds, and the sealed hash of the dice of the game in play
    .usage = /dice [player]
    .more = Faces, doubles and entering from the bar against what fair dice give, with how likely such a difference is; with a name, that player's dice. The hash seals this game's dice before its first roll; the seed behind it is shown when the game is over, so that anyone can check every roll.
help-rating = your rating and experience, or another player's
    .usage = /rating [player]
    .more = Rated are finished matches between two people, per platform and game (not money play, not games against the computer). With a name: that player's rating.
help-top = the best ratings of this chat, or overall
    .usage = /top [global] [nardy | puzzles]
    .more = The best ratings in this chat; global — on the whole platform; nardy — long nardy instead of backgammon. puzzles — the puzzle ratings.
help-history = your recent finished matches; one of them with export and replay
    .usage = /history [N | player]
    .more = Your latest finished matches, numbered; N — match N with its export and replay; a name — that player's list.
help-tournament = a tournament in this chat: knockout, Swiss, round-robin or arena
    .usage = /tournament [swiss N rounds | knockout | roundrobin | arena N minutes] [points] [nardy] [clock=1d] [round=3d] [max=64] [in=2h] [unrated]
    .more = Alone: the current tournament's standings. With a format: a new tournament with its sign-up (Join / Leave; the organiser's Start, or in=2h to start by itself). The organiser or an administrator: /tournament start | pause | resume | cancel | remove NAME | add computer [level]. /tournament export: every game as .mat files. Games are played in private chats with the bot, in forum topics or in threads; whoever does not move in time loses on time.

## Tournaments
# The event's terms, in one line: "Swiss · backgammon · 3-point matches · …"
tournament-format-swiss = Swiss
tournament-format-knockout = Knockout
tournament-format-roundrobin = Round-robin
tournament-format-arena = Arena
tournament-variant = { $variant ->
    [long_nardy] long nardy
   *[other] backgammon
}
tournament-length = { $length }-point matches
tournament-minutes = { $minutes } minutes
tournament-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
tournament-cycles = { $count } cycles
tournament-clock = { $clock } a move
tournament-round-time = { $time } a round
tournament-rated = rated
tournament-unrated = unrated
tournament-title = 🏆 Tournament { $id }
tournament-starts-in = Starts in { $time }.
tournament-starts-by-organiser = Starts when the organiser presses Start.
tournament-signed-up = Players: { $count } of { $most }
tournament-entry = { $place }. { $name } ({ $rating })
tournament-private-note = { $platform ->
    [telegram] Games are played in private chats with the bot where the chat has no topics: open the bot and press Start once so that it may write to you.
   *[other] Each game begins when its round is paired; whoever does not move in time loses on time.
}
tournament-button-join = Join
tournament-button-leave = Leave
tournament-button-start = Start
tournament-joined = { $name } is in ({ $count ->
    [one] { $count } player
   *[other] { $count } players
}).
tournament-left = { $name } left the tournament.
tournament-tiebreaks = Tie-breaks: { $names }
tiebreak-buchholz_cut1 = Buchholz cut 1
tiebreak-buchholz = Buchholz
tiebreak-sonneborn_berger = Sonneborn-Berger
tiebreak-direct = direct encounter
tiebreak-wins = wins
tournament-row = { $place }. { $name } — { $score } (BH-1 { $cut }, BH { $buchholz }, SB { $sb })
tournament-row-out = { $place }. { $name } — { $score } (BH-1 { $cut }, BH { $buchholz }, SB { $sb }), withdrew
tournament-arena-row = { $place }. { $name } — { $points } points, { $games } games, { $wins } won
tournament-arena-row-streak = { $place }. { $name } — { $points } points, { $games } games, { $wins } won 🔥
tournament-more-rows = … and { $count } more
tournament-in-play = Games in play: { $count }
tournament-status-round = Round { $round } of { $rounds }: { $done } of { $total } games finished; the round ends in { $time }.
tournament-arena-left = The arena ends in { $time }.
tournament-status-paused = Paused by the organiser: no new round starts until it is resumed.
tournament-status-over = The tournament is over.
tournament-status-champion = The tournament is over. Champion: { $name } 🏆
tournament-status-cancelled = The tournament was cancelled.
tournament-round-heading = Round { $round }:
tournament-bye = { $name } — bye
tournament-pair-open = { $first } — { $second }
tournament-pair-won = { $first } — { $second }: { $winner } won
tournament-pair-forfeit = { $first } — { $second }: { $winner } won by forfeit
tournament-pair-draw = { $first } — { $second }: drawn
tournament-pairings = Round { $round } of { $rounds }, pairings:
tournament-pairing = { $board }. { $first } — { $second }
tournament-where = { $platform ->
    [console] Each game is played here, at the console. The clock runs from now.
    [discord] Each game is played in a thread of its own, where its players are called. The clock runs from now.
   *[other] Each game is sent to its players: in a forum topic where the group has topics, else in their private chats with the bot. The clock runs from now.
}
tournament-game-title = { $first } — { $second } (round { $round })
tournament-game-opening = Tournament game: { $first } against { $second }, round { $round }, board { $board }, { $length }-point match. Clock: { $clock } a move; the round ends in { $time }. Whoever does not move in time loses the match.
tournament-champion = 🏆 { $name } wins tournament { $id }!
tournament-cancelled = Tournament { $id } is cancelled.
tournament-removed-note = { $name } is removed from the tournament; the games not played are lost by forfeit.
tournament-too-few-cancelled = Tournament { $id } is cancelled: not enough players signed up.
tournament-computers-in = { $count ->
    [one] { $count } computer player is in
   *[other] { $count } computer players are in
} ({ $players ->
    [one] { $players } player
   *[other] { $players } players
}).
tournament-computer-name = Computer { $number } ({ $level })
tournament-export = { $count } games of the tournament as .mat files: { $name }
# Refusals
tournament-usage = Say, for example: /tournament swiss 5 rounds, /tournament knockout 7, /tournament roundrobin nardy 3, /tournament arena 60 minutes. /tournament alone shows the current one.
tournament-none = There is no tournament in this chat. Start one, for example: /tournament swiss 5 rounds
tournament-not-here = Tournaments are run from the chat they began in, not from a game.
tournament-group-only = A tournament is run in a group or a server channel, not in a private chat.
tournament-running = Tournament { $id } is still running here: it must end (or be cancelled) first.
tournament-signup-closed = Sign-up is closed: the tournament has started.
tournament-already-in = You are already in.
tournament-full = The tournament is full ({ $count } players).
tournament-removed = The organiser removed you from this tournament.
tournament-not-in = You are not in this tournament.
tournament-over = The tournament is over.
tournament-started = The tournament has started already.
tournament-too-few = A tournament needs at least { $count } players.
tournament-cannot-pair = These players cannot be paired ({ $reason }).
tournament-organiser-only = Only the organiser or an administrator of the chat may do that.
tournament-not-running = The tournament is not running.
tournament-not-paused = The tournament is not paused.
tournament-no-such-player = No such player in the tournament (give the name as it is listed).
tournament-nothing-to-export = No finished game of this tournament is kept yet.
tournament-no-money = Tournament games are matches: give the number of points instead of money.
tournament-bad-max = The number of players must be between 2 and { $most }.
tournament-bad-rounds = At most { $most } rounds.
tournament-bad-minutes = An arena lasts at most { $most } minutes.
tournament-fixed-terms = A tournament game keeps the event's terms: its clock and its rating are the organiser's.
tournament-no-abort = A tournament game cannot be abandoned: resign it, or let the clock decide.

## Hints
# $player: who is advised; $ply: GNU Backgammon's depth (0, 1, 2)
hint-title-gnubg = Hint for { $player } (GNU Backgammon's nets, { $ply }-ply):
hint-title-sage = Hint for { $player } (Open Sage's nets, { $ply }-ply):
hint-title-nardy = Hint for { $player }: estimated by the bot's own long nardy engine (not GNU Backgammon)
hint-title-nardy-net = Hint for { $player }: estimated by the bot's own long nardy network ({ $ply }-ply), not GNU Backgammon
# $unit: equity (backgammon) or chance (long nardy)
hint-play-depth = (only { $ply }-ply)
hint-plays = Best plays with { $dice } ({ $unit ->
    [equity] equity
   *[chance] chance of winning
}):
# $rank: 1, 2, …; $play: the play; $value: its equity ($unit equity) or its chance of winning
hint-play-line = { $rank }. { $play }  { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
# $value: how far a figure is from the best one (with its sign)
hint-difference = ({ $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
})
hint-after = After { $play }:
hint-button = Play { $play }
hint-cube = { $action ->
    [no_double] No double (a double would be taken)
    [double_take] Double, take
    [double_pass] Double, pass
   *[too_good] Too good to double: play on for the gammon
}
# $equity: "+0.123"
hint-cube-line = { $option ->
    [no_double] No double
    [double_take] Double/take
    [double_pass] Double/pass
    [take] Take
   *[pass] Pass
}: { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
hint-take = Your answer to the double: { $answer ->
    [take] take
    [beaver] beaver
   *[pass] pass
}
hint-match-chances = In match winning chances at this score:
hint-no-double-now = You cannot double now: roll.
# The chances of the player advised; $variant: backgammon or long_nardy (whose words are mars and koks)
hint-chances = Win { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ $variant ->
        [long_nardy] { -mars }
       *[other] { -gammon }
    } { NUMBER($gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, { $variant ->
        [long_nardy] { -koks }
       *[other] { -backgammon-win }
    } { NUMBER($backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }); lose { NUMBER($lose, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ $variant ->
        [long_nardy] { -mars }
       *[other] { -gammon }
    } { NUMBER($lose_gammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }, { $variant ->
        [long_nardy] { -koks }
       *[other] { -backgammon-win }
    } { NUMBER($lose_backgammon, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) })
hint-chance = Chance of winning: { NUMBER($win, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
hint-lobby = Hints: { $state }
hint-lobby-asked = Hints: asked for by the creator; on if the opponent joins with “Join with hints”
button-join-hints = Join with hints
hint-no-game = No game is being played here: hints are for a game in progress.
hint-over = The game is over: there is nothing to advise.
hint-spectator = Hints are only for the player to act: you are not playing at this table.
hint-not-your-turn = Hints are only for the player to act, and this decision is not yours.
hint-nothing = There is no decision to advise on right now.
hint-off-match = Hints are off in this match. A match has hints only when both players agree in the lobby: the creator opens it with { $cmd_new_hints } and the opponent joins with “Join with hints”.
hint-off = Hints are turned off at this table ({ $cmd_new_hints } turns them on for the next game).
hint-no-computer = Hints come from the computer, which is switched off on this bot.
hint-stale = This hint is out of date: the game has moved on. Ask { $cmd_hint } again.
hint-failed = The hint could not be worked out just now: try again in a moment.

## Analysis

button-analysis = Analysis
button-puzzle-next = Next puzzle ▶
analysis-progress = Analysing game { $game } of { $games }…
analysis-title-gnubg = Analysis by GNU Backgammon's nets ({ $ply }-ply), games: { $games }. Losses in equity:
analysis-title-sage = Analysis by Open Sage's nets ({ $ply }-ply), games: { $games }. Losses in equity:
analysis-title-nardy = Analysis by the bot's own long nardy engine ({ $ply }-ply), not GNU Backgammon, games: { $games }. Each loss is the share of winning chances given up compared with the best decision:
analysis-title-nardy-net = Analysis by the bot's own long nardy network ({ $ply }-ply), not GNU Backgammon, games: { $games }. Losses in equity, points without the cube:
analysis-player = { $player }: PR { NUMBER($pr, minimumFractionDigits: 1, maximumFractionDigits: 1) }, unforced decisions: { $unforced }
analysis-player-nardy = { $player }: error rate (long nardy) { NUMBER($pr, minimumFractionDigits: 1, maximumFractionDigits: 1) }, unforced decisions: { $unforced }
analysis-loss-gnubg = Lost { NUMBER($total, minimumFractionDigits: 3, maximumFractionDigits: 3) }: { NUMBER($checker, minimumFractionDigits: 3, maximumFractionDigits: 3) } in checker play, { NUMBER($cube, minimumFractionDigits: 3, maximumFractionDigits: 3) } in cube decisions
analysis-loss-nardy = Winning chances given up, summed over the decisions: { NUMBER($total, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } ({ NUMBER($checker, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } in checker play, { NUMBER($cube, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) } in cube decisions)
analysis-marks = Doubtful: { $doubtful }, bad: { $bad }, very bad: { $very_bad }
analysis-luck = Luck: { $unit ->
    [equity] { NUMBER($luck, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($luck, style: "percent", signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
analysis-worst-follow = The worst decisions of each player follow.
analysis-decision = { $player }: game { $game }, move { $move }
analysis-played = Rolled { $dice }, played { $play }
analysis-cube-made = Cube: { $action }
analysis-best = Best: { $play }
# $action: the best cube action (analysis-cube-action)
analysis-best-cube = Best: { $action }
# $loss: what the decision lost (negative); $unit: equity or chance
analysis-difference = { $unit ->
    [equity] { NUMBER($loss, minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($loss, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}: { $mark ->
    [doubtful] doubtful
    [bad] bad
    [very_bad] very bad
   *[none] a small error
}
analysis-cube-action = { $action ->
    [no_double] no double
    [double] double
    [take] take
   *[pass] pass
}
analysis-nothing = There is no finished game to analyse here.
analysis-gone = This match is no longer at the table; if it was yours, { $cmd_history_n } has it with its Analysis button.
analysis-chouette = A { -chouette } is not analysed: the analysis is for games between two players.
analysis-in-play = Hints are off at this table, so its games are analysed once the match or session is over.
analysis-no-computer = The analysis comes from the computer, which is switched off on this bot.
analysis-busy = An analysis is under way in this chat: its message shows how far it has got.
analysis-again = This analysis was made already: its message in this chat shows the result.
analysis-failed = The analysis could not be made just now: try again in a moment.

## Puzzles (puzzle; a chat's puzzle of the day: settings puzzle 09:00)

puzzle-private = Your puzzles are yours alone: ask for { $cmd_puzzle } in a private chat with me.
puzzle-none = You have no puzzles yet: every error of 0.05 or more in your analysed games becomes one. Analyse a finished match with { $cmd_analysis } and come back.
puzzle-none-due = No puzzle is due now (you keep { $count ->
    [one] { $count } puzzle
   *[other] { $count } puzzles
}); the next one comes back in { $when }.
puzzle-title = 🧩 Your puzzle ({ $due } due), puzzle rating { NUMBER($rating, maximumFractionDigits: 0, useGrouping: "false") }
puzzle-how = Choose your answer with the buttons, or type it: { $cmd_puzzle_play }
puzzle-question-move = You rolled { $dice }: find the best play.
puzzle-question-double = You are on roll: double, or play on without doubling?
puzzle-question-take = You are doubled to { $value }: take or pass?
puzzle-to-play = You
puzzle-opponent = Opponent
puzzle-none-shown = No puzzle waits for your answer: { $cmd_puzzle } shows the next one.
puzzle-not-an-answer = That is not one of this puzzle's answers: choose with the buttons.
puzzle-illegal = { $play } is not a legal play of this roll.
puzzle-not-weighed = { $play } is legal, but so far below the best that the analysis did not weigh it deeper: choose among the buttons, or type another play.
puzzle-gone = This puzzle is no longer kept.
puzzle-answered = This puzzle was answered already: { $cmd_puzzle } shows the next one.
# $band: best, close (under 0.02 from the best), inaccurate (0.02 to 0.08) or wrong (over 0.08)
puzzle-grade = { $band ->
    [best] ✅ Best: { $answer }!
    [close] 👍 Close: { $answer }, less than 0.02 from the best.
    [inaccurate] ⚠️ Inaccurate: { $answer }.
   *[wrong] ❌ Wrong: { $answer }.
}
# $rank: 1, 2, …; $value: the answer's equity ($unit equity) or chance of winning
puzzle-choice = { $rank }. { $answer }  { $unit ->
    [equity] { NUMBER($value, signDisplay: "always", minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($value, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}
puzzle-choice-plain = { $rank }. { $answer }
# $marks: puzzle-mark words, joined
puzzle-marks = ← { $marks }
puzzle-mark = { $mark ->
    [best] the best
    [yours] your answer
   *[played] played in the game
}
puzzle-figures = { $unit ->
    [equity] { $variant ->
        [long_nardy] Equity after each answer, in points without the cube, by the bot's own long nardy network at { $ply }-ply.
       *[other] Equity after each answer, by GNU Backgammon's nets at { $ply }-ply.
    }
   *[chance] Chance of winning after each answer, by the bot's own long nardy engine.
}
puzzle-rating-change = Puzzle rating { NUMBER($rating, maximumFractionDigits: 0, useGrouping: "false") } ({ NUMBER($change, signDisplay: "always", maximumFractionDigits: 0, useGrouping: "false") })
puzzle-not-rated = Answered before: not rated again.
puzzle-back-in = This puzzle comes back in { $when }.
puzzle-daily-yesterday = Yesterday's puzzle: the best was { $answer }; { $solvers ->
    [none] nobody found it
   *[other] found by { $solvers }
} ({ $answered ->
    [one] { $answered } answer
   *[other] { $answered } answers
}).
puzzle-daily-solved = 🧩 The answer: { $answer }; { $solvers ->
    [none] nobody found it
   *[other] found by { $solvers }
} ({ $answered ->
    [one] { $answered } answer
   *[other] { $answered } answers
}).
puzzle-daily-title = 🧩 Puzzle of the day, { $source ->
    [own] from a game played here:
   *[builtin] from the computer's games:
}
puzzle-daily-how = Answer with the buttons: only you see how you did; tomorrow this message shows the answer and who found it.
puzzle-daily-is-off = This chat has no puzzle of the day. An administrator turns it on: { $cmd_settings_puzzle }
puzzle-daily-is-on = The puzzle of the day comes here every day at { $time } UTC.
puzzle-daily-admin = Only an administrator of the chat sets the puzzle of the day.
puzzle-daily-bad-time = “{ $time }” is no time of day: write 09:00 (UTC), or 12:00+3 for UTC+3.
puzzle-daily-off = No more puzzles of the day here.
puzzle-daily-on = The puzzle of the day will come here every day at { $time } UTC, the first one at the next { $time }.
puzzle-daily-over = This puzzle's day is over: answer today's.
puzzle-daily-again = You have answered this puzzle already.
# $loss: what the answer given gives up against the best
puzzle-daily-best = The best: { $answer }; yours gives up { $unit ->
    [equity] { NUMBER($loss, minimumFractionDigits: 3, maximumFractionDigits: 3) }
   *[chance] { NUMBER($loss, style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1) }
}.
puzzle-rating-line = { $player }, puzzles: rating { NUMBER($rating, maximumFractionDigits: 0, useGrouping: "false") } ± { NUMBER($deviation, maximumFractionDigits: 0, useGrouping: "false") }, { $rated ->
    [one] { $rated } rated answer
   *[other] { $rated } rated answers
}
puzzle-top-chat = Best puzzle ratings in this chat:
puzzle-top-global = Best puzzle ratings overall:
puzzle-top-line = { $place }. { $player } — { NUMBER($rating, maximumFractionDigits: 0, useGrouping: "false") } ({ $rated ->
    [one] { $rated } puzzle
   *[other] { $rated } puzzles
})
puzzle-top-empty = No puzzle answer rated yet.
