// The web board: a table's board drawn from the state the server sends, played by tapping.
//
// No rule lives here.  The server sends with each state the steps the user may make now
// (`steps`: from, to and the payload of the chat's step button) and the buttons of the chat's
// board (`actions`: label, payload, kind); a tap sends a payload back, and the server answers
// with what only the presser is told (toasts) and the new state.  Other changes arrive as
// server-sent events (`/board/api/events`); the state is also fetched every 15 s, so a lost
// event costs at most that.  A checker moves by a tap on it then on a lit landing, or by dragging
// it there (pointer events: a finger, a mouse or a pen).
//
// Points: `state.points[i]` holds seat 0's and seat 1's checkers on seat 0's point i + 1.  A
// step's `from`/`to` (and `built`) are in the numbering of the seat on turn, `last` in that of
// `last_seat` (25 the bar, 0 or less borne off).  The board is drawn from the viewer's side,
// his home board bottom right, or bottom left when the table says so (`state.home`: the whole
// board mirrored, cube and trays too, as the chat's picture; not the name strips);
// `state.point_map[q]` is seat 1's point q in seat 0's numbering and back (backgammon: 25 - q;
// long nardy, where both sides move the same way round: q + 12).
//
// The move clock counts down from the server's time (`state.now`), not the phone's.

const API = new URL("api/", document.baseURI);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 15000;
const TOAST_MS = 3500;

// Geometry of the picture (SVG units): frame, quarters, bar, trays, strips.
const W = 600;
const H = 536;
const IN_TOP = 58;
const IN_BOTTOM = 478;
const MID = (IN_TOP + IN_BOTTOM) / 2;
const LEFT_Q = 40;
const PW = 36;
const BAR_L = LEFT_Q + 6 * PW;
const BAR_R = BAR_L + 40;
const BAR_X = (BAR_L + BAR_R) / 2;
const TRAY_X = 558;
const CUBE_X = 17;
const R = 16.5;
const STEP = 33;
const SHOWN = 5;
const SPIKE = 176;
const SLOP = 8; // pixels a finger may stray before a touch becomes a drag

const tg = window.Telegram && window.Telegram.WebApp;
// In Discord's frame (the application's Activity): its login is discord.js's.
const discord = new URLSearchParams(location.search).has("frame_id");

const view = {
  token: "",
  table: "",
  lang: "en",
  words: {},
  state: null,
  selected: null,
  busy: false,
  events: null,
  retry: 0,
  toastTimer: 0,
  clockTimer: 0,
  ended: false,
  skew: 0, // the server's clock minus the phone's, in seconds
  resigning: false, // the resignations shown
};

// The board's x for an x of the picture drawn home right (`mirror`: home left).
let mirror = false;
const fx = (x) => (mirror ? W - x : x);
const fbox = (x, width) => (mirror ? W - x - width : x);

const $ = (id) => document.getElementById(id);

// -- words ----------------------------------------------------------------------------------

function word(key, fallback = "") {
  const labels = (view.state && view.state.labels) || {};
  return labels[key] || view.words[key] || fallback;
}

function userLanguage() {
  const user = tg && tg.initDataUnsafe && tg.initDataUnsafe.user;
  return (user && user.language_code) || navigator.language || "en";
}

async function loadWords(lang) {
  try {
    const url = new URL("words", API);
    url.searchParams.set("lang", lang);
    const answer = await fetch(url);
    if (answer.ok) view.words = await answer.json();
  } catch (e) {
    // no words: the page still draws the board and the server's labels
  }
}

// -- the server -----------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(method, path, body) {
  const url = new URL(path, API);
  if (view.table) url.searchParams.set("table", view.table);
  const headers = { "Content-Type": "application/json" };
  if (view.token) headers.Authorization = "Bearer " + view.token;
  const answer = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  let data = null;
  try {
    data = await answer.json();
  } catch (e) {
    data = null;
  }
  if (!answer.ok) throw new ApiError(answer.status, (data && data.error) || answer.statusText);
  return data;
}

function startParameter() {
  const query = new URLSearchParams(location.search);
  const unsafe = (tg && tg.initDataUnsafe) || {};
  return query.get("start") || unsafe.start_param || query.get("tgWebAppStartParam") || "";
}

function saved(start) {
  try {
    const session = JSON.parse(sessionStorage.getItem("board:" + start) || "null");
    return session && session.expires * 1000 > Date.now() ? session : null;
  } catch (e) {
    return null;
  }
}

function keep(start, session) {
  try {
    sessionStorage.setItem("board:" + start, JSON.stringify(session));
  } catch (e) {
    // private mode: the session lives as long as the page
  }
}

function forget(start) {
  try {
    sessionStorage.removeItem("board:" + start);
  } catch (e) {
    // nothing kept
  }
}

function use(session) {
  view.token = session.token;
  view.table = session.table;
  view.lang = session.lang || view.lang;
}

async function login(start) {
  if (discord) return discordLogin();
  const initData = tg && tg.initData;
  if (!initData) {
    status(word("outside-telegram"));
    return false;
  }
  try {
    const session = await api("POST", "login", { initData, start });
    keep(start, session);
    use(session);
    return true;
  } catch (e) {
    status(word("closed"));
    return false;
  }
}

async function discordLogin() {
  try {
    const { login: viaDiscord } = await import("./discord.js");
    const session = await viaDiscord(api);
    const lang = view.lang;
    use(session);
    if (view.lang !== lang) {
      await loadWords(view.lang);
      document.documentElement.lang = view.lang.slice(0, 2);
    }
    return true;
  } catch (e) {
    status(word(e.status >= 500 ? "offline" : "closed", "⚠")); // Discord or the bot unreachable
    return false;
  }
}

// -- the state ------------------------------------------------------------------------------

async function refresh() {
  const state = await api("GET", "state");
  show(state);
}

function show(state) {
  if (!state) return;
  const now = view.state;
  if (now && now.table === state.table && state.version < now.version) return; // older
  if (!now || now.version !== state.version || now.phase !== state.phase) {
    view.selected = null;
    view.resigning = false;
  }
  if (typeof state.now === "number") view.skew = state.now - Date.now() / 1000;
  view.state = state;
  draw();
}

async function press(payload, kind) {
  if (view.busy || view.ended) return;
  view.busy = true;
  document.body.classList.add("busy");
  try {
    const answer = await api("POST", "press", { payload });
    for (const text of answer.toasts || []) toast(text);
    if (kind === "analysis" && !(answer.toasts || []).length) toast(word("analysis_sent"));
    if (tg && tg.HapticFeedback) {
      tg.HapticFeedback.impactOccurred((answer.toasts || []).length ? "rigid" : "light");
    }
    view.selected = null;
    show(answer.state);
  } catch (e) {
    if (e.status === 401) ended();
    else toast(word("offline", "⚠"));
  } finally {
    view.busy = false;
    document.body.classList.remove("busy");
  }
}

function listen() {
  if (view.events) view.events.close();
  const url = new URL("events", API);
  url.searchParams.set("token", view.token);
  url.searchParams.set("table", view.table);
  const events = new EventSource(url);
  view.events = events;
  events.addEventListener("open", () => {
    view.retry = 0;
    settled();
  });
  events.addEventListener("state", (event) => {
    view.retry = 0;
    show(JSON.parse(event.data));
  });
  events.addEventListener("gone", () => refresh().catch(() => {}));
  events.onerror = () => {
    events.close();
    if (view.events !== events || view.ended) return;
    view.events = null;
    status(word("offline", "⚠"));
    const wait = Math.min(30000, 1000 * 2 ** view.retry++);
    setTimeout(reconnect, wait);
  };
}

async function reconnect() {
  if (view.ended) return;
  try {
    await refresh();
    listen();
  } catch (e) {
    if (e.status === 401) ended();
    else setTimeout(reconnect, Math.min(30000, 1000 * 2 ** view.retry++));
  }
}

function ended() {
  view.ended = true;
  if (view.events) view.events.close();
  view.events = null;
  forget(startParameter());
  status(word("closed"));
  $("actions").replaceChildren();
}

// -- drawing --------------------------------------------------------------------------------

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, cls, anchor = "middle") {
  const node = svg("text", { x, y, class: cls, "text-anchor": anchor }, parent);
  node.textContent = content;
  return node;
}

function shortName(name, most) {
  const chars = Array.from(name || "");
  return chars.length > most ? chars.slice(0, most - 1).join("") + "…" : chars.join("");
}

// The other seat's point for a seat's point q (the state's map, else the variant's geometry).
function otherPoint(state, q) {
  const map = state.point_map;
  if (Array.isArray(map) && map.length === 25) return map[q];
  return String(state.variant || "").startsWith("long_nardy") ? ((q + 11) % 24) + 1 : 25 - q;
}

function viewerSeat(state) {
  if (state.viewer === 0 || state.viewer === 1) return state.viewer;
  return state.turn === 1 ? 1 : 0;
}

// A point of `seat`'s numbering (1-24) in the viewer's numbering.
function seen(state, seat, point) {
  return seat === viewerSeat(state) ? point : otherPoint(state, point);
}

// Where a step's end lies in the viewer's picture: a point, "bar" or "off".
function spot(state, seat, point) {
  if (point >= 25) return "bar";
  if (point <= 0) return "off";
  return String(seen(state, seat, point));
}

function pointX(point) {
  let x;
  if (point <= 6) x = BAR_R + (6 - point) * PW + PW / 2;
  else if (point <= 12) x = LEFT_Q + (12 - point) * PW + PW / 2;
  else if (point <= 18) x = LEFT_Q + (point - 13) * PW + PW / 2;
  else x = BAR_R + (point - 19) * PW + PW / 2;
  return fx(x);
}

function slotY(point, k) {
  return point >= 13 ? IN_TOP + 2 + R + k * STEP : IN_BOTTOM - 2 - R - k * STEP;
}

function colourOf(state, seat) {
  const chosen = state.seats && state.seats[seat] && state.seats[seat].colour;
  return chosen === "black" || chosen === "white" ? chosen : seat === 0 ? "white" : "black";
}

function stack(group, state, seat, n, x, y0, dy) {
  const shown = Math.min(n, SHOWN);
  for (let k = 0; k < shown; k++) {
    svg("circle", { cx: x, cy: y0 + k * dy, r: R, class: "checker " + colourOf(state, seat) }, group);
  }
  if (n > SHOWN) text(group, x, y0 + (shown - 1) * dy + 5, String(n), "count " + colourOf(state, seat));
}

function draw() {
  const state = view.state;
  const board = $("board");
  $("message").textContent = state.message || "";
  const labels = state.labels || {};
  const title = [labels.variant, labels.mode].filter(Boolean).join(": ");
  $("title").textContent = state.crawford && labels.crawford ? `${title} · ${labels.crawford}` : title;
  drawActions(state);
  drawResult(state);
  drawRoster(state);
  const viewer = viewerSeat(state);
  const other = 1 - viewer;
  mirror = state.home === "left";
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "table" + ((state.steps || []).length ? " movable" : ""),
    role: "img",
    "data-table": state.table,
    "data-version": state.version,
    "data-home": mirror ? "left" : "right",
  });
  const playing = Array.isArray(state.points) && state.points.length === 24;
  drawStrip(root, state, other, 24);
  drawStrip(root, state, viewer, H - 10);
  const area = (x, width, y, height, cls, rx) => svg("rect", { x: fbox(x, width), y, width, height, rx: rx || 0, class: cls }, root);
  area(LEFT_Q - 6, BAR_R + 6 * PW - LEFT_Q + 12, IN_TOP - 6, IN_BOTTOM - IN_TOP + 12, "frame", 6);
  area(LEFT_Q, 6 * PW, IN_TOP, IN_BOTTOM - IN_TOP, "field");
  area(BAR_R, 6 * PW, IN_TOP, IN_BOTTOM - IN_TOP, "field");
  area(BAR_L, BAR_R - BAR_L, IN_TOP, IN_BOTTOM - IN_TOP, "bar");
  area(TRAY_X - 30, 60, IN_TOP - 6, IN_BOTTOM - IN_TOP + 12, "tray", 6).setAttribute("data-tray", "");
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p);
    const top = p >= 13;
    const base = top ? IN_TOP : IN_BOTTOM;
    const tip = top ? IN_TOP + SPIKE : IN_BOTTOM - SPIKE;
    svg("polygon", { points: `${x - PW / 2},${base} ${x + PW / 2},${base} ${x},${tip}`, class: "spike " + (p % 2 ? "odd" : "even") }, root);
    text(root, x, top ? IN_TOP - 12 : IN_BOTTOM + 20, String(p), "number");
  }
  if (playing) {
    drawMarks(root, state);
    drawCheckers(root, state, viewer);
    drawDice(root, state, viewer);
  }
  drawCube(root, state, viewer);
  drawChoice(root, state);
  board.replaceChildren(root);
  document.body.classList.toggle("movable", (state.steps || []).length > 0);
  tickClock();
}

function drawStrip(root, state, seat, y) {
  const info = (state.seats && state.seats[seat]) || {};
  const group = svg("g", { class: "strip", "data-seat": seat }, root);
  svg("circle", { cx: LEFT_Q + 4, cy: y - 6, r: 9, class: "checker " + colourOf(state, seat) }, group);
  const name = text(group, LEFT_Q + 20, y, shortName(info.name || "", 20), "name" + (info.you ? " you" : ""), "start");
  name.setAttribute("data-name", seat);
  if (Array.isArray(state.pips)) {
    const pips = text(group, BAR_R + 4, y, `${word("pips")} ${state.pips[seat]}`, "pips", "start");
    pips.setAttribute("data-pips", state.pips[seat]);
  }
  if (Array.isArray(state.score) && state.mode !== "chouette") {
    const score = text(group, TRAY_X + 28, y, String(state.score[seat]), "score", "end");
    score.setAttribute("data-score", state.score[seat]);
  }
  const clock = state.clock || {};
  if (clock.deadline && (clock.seat ?? state.turn) === seat) {
    const icon = svg("g", { class: "clock-icon", transform: `translate(${BAR_R + 112},${y - 5})` }, group);
    svg("circle", { r: 6.5 }, icon);
    svg("path", { d: "M0 -4V0H3" }, icon);
    const shown = text(group, BAR_R + 122, y, "", "clock", "start");
    shown.setAttribute("data-deadline", clock.deadline);
    shown.setAttribute("data-urgent", clock.urgent || clock.deadline - 60);
  }
  const result = state.result;
  if (result && state.stage === "over" && (result.match_winner ?? result.winner) === seat) {
    name.classList.add("winner");
    name.textContent = "♛ " + name.textContent;
  }
}

function drawCheckers(root, state, viewer) {
  const group = svg("g", { class: "checkers" }, root);
  state.points.forEach((counts, i) => {
    for (const seat of [0, 1]) {
      const n = counts[seat];
      if (!n) continue;
      const p = seen(state, 0, i + 1);
      const dy = p >= 13 ? STEP : -STEP;
      const g = svg("g", { "data-point": p, "data-side": seat === viewer ? "viewer" : "opponent", "data-count": n }, group);
      stack(g, state, seat, n, pointX(p), slotY(p, 0), dy);
    }
  });
  for (const seat of [0, 1]) {
    const mine = seat === viewer;
    const onBar = (state.bar || [0, 0])[seat];
    if (onBar) {
      const g = svg("g", { "data-bar": mine ? "viewer" : "opponent", "data-count": onBar }, group);
      stack(g, state, seat, onBar, fx(BAR_X), mine ? MID - 46 : MID + 46, mine ? -STEP : STEP);
    }
    const off = (state.off || [0, 0])[seat];
    const g = svg("g", { "data-off": mine ? "viewer" : "opponent", "data-count": off }, group);
    for (let k = 0; k < off; k++) {
      const y = mine ? IN_BOTTOM - 4 - (k + 1) * 13 : IN_TOP + 4 + k * 13;
      svg("rect", { x: fbox(TRAY_X - 22, 44), y, width: 44, height: 11, rx: 3, class: "slice " + colourOf(state, seat) }, g);
    }
  }
}

function drawMarks(root, state) {
  const group = svg("g", { class: "marks" }, root);
  const mark = (steps, seat, cls) => {
    for (const [from, to] of steps || []) {
      for (const [end, kind] of [[from, "from"], [to, "to"]]) {
        const where = spot(state, seat, end);
        if (where === "bar" || where === "off") continue;
        const p = Number(where);
        const y = p >= 13 ? IN_TOP + SPIKE + 10 : IN_BOTTOM - SPIKE - 10;
        svg("circle", { cx: pointX(p), cy: y, r: 4, class: `${cls} ${kind}` }, group);
      }
    }
  };
  const mover = state.turn === 0 || state.turn === 1 ? state.turn : null;
  if (mover !== null && state.built && state.built.length) mark(state.built, mover, "built");
  else if (state.last && state.last.length) {
    const by = state.last_seat ?? (mover === null ? 0 : 1 - mover);
    mark(state.last, by, "last");
  }
}

function drawDice(root, state, viewer) {
  if (!Array.isArray(state.dice) || state.dice.length !== 2) return;
  const [a, b] = state.dice;
  const faces = a === b ? [a, a, a, a] : [a, b];
  const used = [...(state.used || [])];
  const mine = state.turn === viewer || state.turn === null || state.turn === undefined;
  const centre = fx(mine ? BAR_R + 3 * PW : LEFT_Q + 3 * PW);
  const size = 30;
  const gap = 8;
  const width = faces.length * size + (faces.length - 1) * gap;
  const group = svg("g", { class: "dice", "data-dice": state.dice.join("-") }, root);
  faces.forEach((face, k) => {
    const at = used.indexOf(face);
    const spent = at >= 0;
    if (spent) used.splice(at, 1);
    const x = centre - width / 2 + k * (size + gap);
    const die = svg("g", { class: "die" + (spent ? " used" : ""), transform: `translate(${x},${MID - size / 2})` }, group);
    svg("rect", { width: size, height: size, rx: 6 }, die);
    for (const [px, py] of PIPS[face] || []) svg("circle", { cx: px * size, cy: py * size, r: 3 }, die);
  });
}

const PIPS = {
  1: [[0.5, 0.5]],
  2: [[0.28, 0.28], [0.72, 0.72]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.28, 0.22], [0.72, 0.22], [0.28, 0.5], [0.72, 0.5], [0.28, 0.78], [0.72, 0.78]],
};

function drawCube(root, state, viewer) {
  const cube = state.cube;
  if (!cube || !cube.enabled) return;
  const offered = cube.offered_by === 0 || cube.offered_by === 1;
  const owned = cube.owner === 0 || cube.owner === 1;
  let x = fx(CUBE_X);
  let y = MID;
  let at = "centre";
  if (offered) {
    // a double on offer: in the offerer's half of the board
    const mine = cube.offered_by === viewer;
    x = fx(mine ? BAR_R + 3 * PW : LEFT_Q + 3 * PW);
    at = mine ? "offered-by-viewer" : "offered-by-opponent";
  } else if (owned) {
    y = cube.owner === viewer ? IN_BOTTOM - 34 : IN_TOP + 34;
    at = cube.owner === viewer ? "viewer" : "opponent";
  }
  const attrs = { class: "cube" + (offered ? " offered" : ""), "data-cube": cube.value, "data-cube-at": at };
  const group = svg("g", { ...attrs, transform: `translate(${x - 15},${y - 15})` }, root);
  svg("rect", { width: 30, height: 30, rx: 5 }, group);
  text(group, 15, 21, String(cube.value === 1 && at === "centre" ? 64 : cube.value), "cube-value");
}

// The steps the user may make now, as taps: sources, and the landings of the one chosen.
function drawChoice(root, state) {
  const steps = state.steps || [];
  if (!steps.length) return;
  const mover = state.turn === 0 || state.turn === 1 ? state.turn : viewerSeat(state);
  const group = svg("g", { class: "choice" }, root);
  const sources = new Map();
  for (const step of steps) {
    const from = spot(state, mover, step.from);
    if (!sources.has(from)) sources.set(from, []);
    sources.get(from).push({ to: spot(state, mover, step.to), payload: step.payload });
  }
  const area = (where, cls) => {
    let box;
    if (where === "bar") box = { x: fbox(BAR_L, BAR_R - BAR_L), y: IN_TOP, width: BAR_R - BAR_L, height: IN_BOTTOM - IN_TOP };
    else if (where === "off") box = { x: fbox(TRAY_X - 30, 60), y: IN_TOP - 6, width: 60, height: IN_BOTTOM - IN_TOP + 12 };
    else {
      const p = Number(where);
      const x = pointX(p) - PW / 2;
      box = p >= 13 ? { x, y: IN_TOP, width: PW, height: MID - IN_TOP } : { x, y: MID, width: PW, height: IN_BOTTOM - MID };
    }
    return svg("rect", { ...box, class: cls, "data-at": where }, group);
  };
  const chosen = view.selected && sources.get(view.selected);
  if (chosen) {
    area(view.selected, "hit selected");
    for (const landing of chosen) area(landing.to, "hit landing").setAttribute("data-payload", landing.payload);
  }
  for (const [from] of sources) {
    if (chosen && (from === view.selected || chosen.some((l) => l.to === from))) continue;
    area(from, "hit source");
  }
}

// A tap on the board's lit places: a point to move from chosen (or, chosen, given up), a
// landing pressed.
function tapped(hit) {
  if (hit.classList.contains("landing")) press(hit.dataset.payload);
  else if (hit.classList.contains("selected")) select(null);
  else select(hit.dataset.at);
}

function select(where) {
  view.selected = where;
  draw();
}

function element(tag, cls, content) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (content !== undefined) node.textContent = content;
  return node;
}

// The actions as buttons; the resignations behind one button that shows them.
function drawActions(state) {
  const box = $("actions");
  const all = state.actions || [];
  const resignations = all.filter((action) => action.kind === "resign");
  const button = (label, cls, onClick) => {
    const node = element("button", "action " + cls, label);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  };
  const buttons = all
    .filter((action) => action.kind !== "resign")
    .map((action) => {
      const node = button(action.label, action.kind || "", () => press(action.payload, action.kind));
      node.dataset.payload = action.payload;
      return node;
    });
  if (resignations.length) {
    const menu = button(word("resign"), "resign-menu", () => {
      view.resigning = !view.resigning;
      drawActions(view.state);
    });
    menu.setAttribute("aria-expanded", String(view.resigning));
    buttons.push(menu);
  }
  if (resignations.length && view.resigning) {
    for (const action of resignations) {
      const node = button(action.label, "resign", () => press(action.payload, action.kind));
      node.dataset.payload = action.payload;
      buttons.push(node);
    }
  }
  box.replaceChildren(...buttons);
  const members = (state.chouette && state.chouette.members) || [];
  const seated = [...(state.seats || []), ...members].some((s) => s.you);
  const watching = !all.length && !(state.steps || []).length && !seated;
  document.body.classList.toggle("spectator", watching);
  if (!view.ended) settled();
}

// How the last game (and the match) ended, in the chat's words.
function drawResult(state) {
  const box = $("result");
  const result = state.result;
  box.hidden = !result;
  if (!result) return box.replaceChildren();
  box.dataset.winner = result.winner ?? "";
  box.dataset.matchWinner = result.match_winner ?? "";
  box.dataset.kind = result.kind || "";
  box.dataset.how = result.how || "";
  const lines = (result.lines || []).filter((line) => line !== result.headline);
  box.replaceChildren(element("strong", "headline", result.headline), ...lines.map((line) => element("div", "line", line)));
}

// A chouette's roster: the box, then the team in its order (the captain starred), each
// member's total, his own cube and his answer to the box's double.
function drawRoster(state) {
  const box = $("roster");
  const roster = state.chouette;
  box.hidden = !roster;
  if (!roster) return box.replaceChildren();
  const signed = (n) => (n > 0 ? "+" + n : String(n));
  const boxSeat = (state.seats || [])[0] || {};
  const chips = [element("span", "role", word("box"))];
  const chip = (ref, name, total, you) => {
    const node = element("span", "chip" + (you ? " you" : ""));
    node.dataset.member = ref;
    node.append(element("span", "who", name), element("span", "total", signed(total)));
    return node;
  };
  const boxChip = chip(roster.box, roster.box_name || boxSeat.name || "", roster.box_total, boxSeat.you);
  boxChip.classList.add("box");
  chips.push(boxChip, element("span", "role", word("team")));
  for (const member of roster.members || []) {
    const node = chip(member.ref, member.name, member.total, member.you);
    if (member.captain) node.classList.add("captain");
    if (member.status !== "in") node.classList.add("out");
    node.dataset.status = member.status;
    node.dataset.answer = member.answer || "";
    if (member.cube > 1) node.append(element("span", "cube", "×" + member.cube));
    if ((roster.vote || []).includes(member.ref)) node.append(element("span", "vote", "✓"));
    if (member.answer) node.append(element("span", "answer " + member.answer, word(member.answer)));
    else if (member.status !== "in") node.append(element("span", "answer out", word("out")));
    chips.push(node);
  }
  box.replaceChildren(...chips);
}

// The move clock of the player the game waits for, counted down by the server's time.
function tickClock() {
  clearInterval(view.clockTimer);
  const clock = document.querySelector("[data-deadline]");
  if (!clock) return;
  const deadline = Number(clock.getAttribute("data-deadline"));
  const urgent = Number(clock.getAttribute("data-urgent"));
  const update = () => {
    const now = Date.now() / 1000 + view.skew;
    const left = Math.max(0, Math.ceil(deadline - now));
    const d = Math.floor(left / 86400);
    const h = Math.floor((left % 86400) / 3600);
    const m = Math.floor((left % 3600) / 60);
    const s = left % 60;
    const two = (n) => String(n).padStart(2, "0");
    clock.textContent = d ? `${d}d ${h}:${two(m)}` : h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
    clock.setAttribute("data-left", left);
    for (const node of [clock, clock.previousSibling]) {
      node.classList.toggle("late", now >= urgent || left < 60);
      node.classList.toggle("out", left === 0);
    }
  };
  update();
  view.clockTimer = setInterval(update, 1000);
}

// -- dragging a checker ---------------------------------------------------------------------

// A checker dragged from a point the user may move from: its landings are lit once it moves;
// dropped on one, the step is pressed; dropped elsewhere, the checker stays chosen.  A touch
// that does not stray is a tap (`tapped`), taken here rather than from the click that
// may follow it (a phone's browser makes none of a tap soon after a drag); that click is not
// taken again.
const drag = { id: null, hit: null, x: 0, y: 0, moved: false, ghost: null, over: null, dropped: false };

function toBoard(event) {
  const root = document.querySelector("#board svg.table");
  const matrix = root && root.getScreenCTM();
  if (!matrix) return { x: 0, y: 0 };
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
}

function landingAt(event) {
  const node = document.elementFromPoint(event.clientX, event.clientY);
  return node && node.closest ? node.closest("#board .hit.landing") : null;
}

function dragStart(event) {
  drag.dropped = false;
  if (view.busy || view.ended || event.button > 0 || drag.id !== null) return;
  const hit = event.target.closest && event.target.closest("#board .hit");
  if (!hit) return;
  Object.assign(drag, { id: event.pointerId, hit, x: event.clientX, y: event.clientY, moved: false });
  $("board").setPointerCapture(event.pointerId);
}

function dragMove(event) {
  if (event.pointerId !== drag.id) return;
  if (!drag.moved) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < SLOP) return;
    drag.moved = true;
    if (drag.hit.classList.contains("landing")) return; // a landing is not dragged
    view.selected = drag.hit.dataset.at;
    draw();
    const root = document.querySelector("#board svg.table");
    const mover = view.state.turn === 0 || view.state.turn === 1 ? view.state.turn : viewerSeat(view.state);
    drag.ghost = svg("circle", { r: R, class: "checker ghost " + colourOf(view.state, mover) }, root);
    root.classList.add("dragging");
    if (tg && tg.HapticFeedback) tg.HapticFeedback.selectionChanged();
  }
  if (!drag.ghost) return;
  event.preventDefault();
  const at = toBoard(event);
  drag.ghost.setAttribute("cx", at.x);
  drag.ghost.setAttribute("cy", at.y);
  const over = landingAt(event);
  if (over !== drag.over) {
    if (drag.over) drag.over.classList.remove("over");
    if (over) over.classList.add("over");
    drag.over = over;
  }
}

function dragEnd(event) {
  if (event.pointerId !== drag.id) return;
  const { moved, hit, ghost } = drag;
  Object.assign(drag, { id: null, hit: null, ghost: null, over: null, moved: false });
  drag.dropped = true;
  if (event.type !== "pointerup") return ghost ? draw() : undefined;
  if (!moved) return tapped(hit);
  const landing = ghost ? landingAt(event) : null;
  if (landing) press(landing.dataset.payload);
  else if (ghost) draw();
}


// -- messages -------------------------------------------------------------------------------

function status(message) {
  $("status").textContent = message || "";
}

// The status line while all is well: a spectator is told he watches.
function settled() {
  status(document.body.classList.contains("spectator") ? word("spectator") : "");
}

function toast(message) {
  const box = $("toast");
  box.textContent = message;
  box.hidden = false;
  clearTimeout(view.toastTimer);
  view.toastTimer = setTimeout(() => {
    box.hidden = true;
  }, TOAST_MS);
}

// -- theme ----------------------------------------------------------------------------------

const THEME = {
  bg_color: "--bg",
  text_color: "--fg",
  hint_color: "--hint",
  button_color: "--accent",
  button_text_color: "--accent-fg",
  secondary_bg_color: "--bg2",
};

// Telegram's theme inside Telegram (its WebApp script is loaded everywhere, but only Telegram
// gives it login data); elsewhere the system's light or dark scheme.
const inTelegram = () => Boolean(tg && tg.initData);

function theme() {
  const root = document.documentElement;
  const params = (inTelegram() && tg.themeParams) || {};
  for (const [name, variable] of Object.entries(THEME)) {
    if (params[name]) root.style.setProperty(variable, params[name]);
    else root.style.removeProperty(variable);
  }
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.scheme = (inTelegram() && tg.colorScheme) || (dark ? "dark" : "light");
}

// -- start ----------------------------------------------------------------------------------

async function main() {
  theme();
  if (tg) {
    tg.ready();
    tg.expand();
    // a checker dragged down must not close the app (Bot API 7.7)
    if (typeof tg.disableVerticalSwipes === "function") tg.disableVerticalSwipes();
    tg.onEvent("themeChanged", theme);
  }
  if (!inTelegram() && window.matchMedia) {
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", theme);
  }
  view.lang = userLanguage();
  await loadWords(view.lang);
  document.documentElement.lang = view.lang.slice(0, 2);
  status(word("connecting"));
  const start = startParameter();
  const session = discord ? null : saved(start); // in Discord: its handshake each time
  if (session) use(session);
  else if (!(await login(start))) return;
  try {
    await refresh();
  } catch (e) {
    if (e.status === 401 && session) {
      forget(start);
      view.token = "";
      view.table = "";
      if (!(await login(start))) return;
      await refresh();
    } else if (e.status === 404) {
      status(word("no-table"));
      return;
    } else throw e;
  }
  settled();
  listen();
  setInterval(() => {
    if (view.ended || document.visibilityState !== "visible") return;
    refresh().catch((e) => {
      if (e.status === 401) ended();
    });
  }, POLL_MS);
}

function follow() {
  const board = $("board");
  board.addEventListener("pointerdown", dragStart);
  board.addEventListener("pointermove", dragMove);
  board.addEventListener("pointerup", dragEnd);
  board.addEventListener("pointercancel", dragEnd);
  board.addEventListener(
    "click",
    (event) => {
      if (!drag.dropped) return;
      drag.dropped = false;
      event.stopPropagation();
    },
    true,
  );
  board.addEventListener("click", (event) => {
    if (view.selected && event.target.closest && !event.target.closest(".hit")) select(null);
  });
}

follow();
main().catch(() => status(word("offline", "⚠")));
