// The web board: a table's board drawn from the state the server sends, played by tapping.
//
// No rule lives here.  The server sends with each state the steps the user may make now
// (`steps`: from, to and the payload of the chat's step button) and the buttons of the chat's
// board (`actions`: label, payload, kind); a tap sends a payload back, and the server answers
// with what only the presser is told (toasts) and the new state.  Other changes arrive as
// server-sent events (`/board/api/events`); the state is also fetched every 15 s, so a lost
// event costs at most that.
//
// Points: `state.points[i]` holds seat 0's and seat 1's checkers on seat 0's point i + 1.  A
// step's `from`/`to` (and `built`) are in the numbering of the seat on turn, `last` in that of
// `last_seat` (25 the bar, 0 or less borne off).  The board is drawn from the viewer's side,
// his home board bottom right; `state.point_map[q]` is seat 1's point q in seat 0's numbering
// and back (backgammon: 25 - q; long nardy, where both sides move the same way round: q + 12).

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
};

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
  if (!now || now.version !== state.version || now.phase !== state.phase) view.selected = null;
  view.state = state;
  draw();
}

async function press(payload) {
  if (view.busy || view.ended) return;
  view.busy = true;
  document.body.classList.add("busy");
  try {
    const answer = await api("POST", "press", { payload });
    for (const text of answer.toasts || []) toast(text);
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

function pointX(point, left) {
  let x;
  if (point <= 6) x = BAR_R + (6 - point) * PW + PW / 2;
  else if (point <= 12) x = LEFT_Q + (12 - point) * PW + PW / 2;
  else if (point <= 18) x = LEFT_Q + (point - 13) * PW + PW / 2;
  else x = BAR_R + (point - 19) * PW + PW / 2;
  return left ? LEFT_Q + BAR_R + 6 * PW - x : x;
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
  drawActions(state);
  const viewer = viewerSeat(state);
  const other = 1 - viewer;
  const left = state.home === "left";
  const root = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "table",
    role: "img",
    "data-table": state.table,
    "data-version": state.version,
  });
  const playing = Array.isArray(state.points) && state.points.length === 24;
  drawStrip(root, state, other, 24);
  drawStrip(root, state, viewer, H - 10);
  svg("rect", { x: LEFT_Q - 6, y: IN_TOP - 6, width: BAR_R + 6 * PW - LEFT_Q + 12, height: IN_BOTTOM - IN_TOP + 12, rx: 6, class: "frame" }, root);
  svg("rect", { x: LEFT_Q, y: IN_TOP, width: 6 * PW, height: IN_BOTTOM - IN_TOP, class: "field" }, root);
  svg("rect", { x: BAR_R, y: IN_TOP, width: 6 * PW, height: IN_BOTTOM - IN_TOP, class: "field" }, root);
  svg("rect", { x: BAR_L, y: IN_TOP, width: BAR_R - BAR_L, height: IN_BOTTOM - IN_TOP, class: "bar" }, root);
  svg("rect", { x: TRAY_X - 30, y: IN_TOP - 6, width: 60, height: IN_BOTTOM - IN_TOP + 12, rx: 6, class: "tray" }, root);
  for (let p = 1; p <= 24; p++) {
    const x = pointX(p, left);
    const top = p >= 13;
    const base = top ? IN_TOP : IN_BOTTOM;
    const tip = top ? IN_TOP + SPIKE : IN_BOTTOM - SPIKE;
    svg("polygon", { points: `${x - PW / 2},${base} ${x + PW / 2},${base} ${x},${tip}`, class: "spike " + (p % 2 ? "odd" : "even") }, root);
    text(root, x, top ? IN_TOP - 12 : IN_BOTTOM + 20, String(p), "number");
  }
  if (playing) {
    drawMarks(root, state, left);
    drawCheckers(root, state, left, viewer);
    drawDice(root, state, viewer, left);
  }
  drawCube(root, state, viewer, left);
  drawChoice(root, state, left);
  board.replaceChildren(root);
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
  const clocked = state.clock && state.clock.deadline && (state.clock.seat ?? state.turn) === seat;
  if (clocked) {
    const clock = text(group, BAR_R + 110, y, "", "clock", "start");
    clock.setAttribute("data-deadline", state.clock.deadline);
  }
}

function drawCheckers(root, state, left, viewer) {
  const group = svg("g", { class: "checkers" }, root);
  state.points.forEach((counts, i) => {
    for (const seat of [0, 1]) {
      const n = counts[seat];
      if (!n) continue;
      const p = seen(state, 0, i + 1);
      const dy = p >= 13 ? STEP : -STEP;
      const g = svg("g", { "data-point": p, "data-side": seat === viewer ? "viewer" : "opponent", "data-count": n }, group);
      stack(g, state, seat, n, pointX(p, left), slotY(p, 0), dy);
    }
  });
  for (const seat of [0, 1]) {
    const mine = seat === viewer;
    const onBar = (state.bar || [0, 0])[seat];
    if (onBar) {
      const g = svg("g", { "data-bar": mine ? "viewer" : "opponent", "data-count": onBar }, group);
      stack(g, state, seat, onBar, BAR_X, mine ? MID - 46 : MID + 46, mine ? -STEP : STEP);
    }
    const off = (state.off || [0, 0])[seat];
    const g = svg("g", { "data-off": mine ? "viewer" : "opponent", "data-count": off }, group);
    for (let k = 0; k < off; k++) {
      const y = mine ? IN_BOTTOM - 4 - (k + 1) * 13 : IN_TOP + 4 + k * 13;
      svg("rect", { x: TRAY_X - 22, y, width: 44, height: 11, rx: 3, class: "slice " + colourOf(state, seat) }, g);
    }
  }
}

function drawMarks(root, state, left) {
  const group = svg("g", { class: "marks" }, root);
  const mark = (steps, seat, cls) => {
    for (const [from, to] of steps || []) {
      for (const [end, kind] of [[from, "from"], [to, "to"]]) {
        const where = spot(state, seat, end);
        if (where === "bar" || where === "off") continue;
        const p = Number(where);
        const y = p >= 13 ? IN_TOP + SPIKE + 10 : IN_BOTTOM - SPIKE - 10;
        svg("circle", { cx: pointX(p, left), cy: y, r: 4, class: `${cls} ${kind}` }, group);
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

function drawDice(root, state, viewer, left) {
  if (!Array.isArray(state.dice) || state.dice.length !== 2) return;
  const [a, b] = state.dice;
  const faces = a === b ? [a, a, a, a] : [a, b];
  const used = [...(state.used || [])];
  const mine = state.turn === viewer || state.turn === null || state.turn === undefined;
  const right = mine !== left;
  const centre = right ? (BAR_R + BAR_R + 6 * PW) / 2 : (LEFT_Q + BAR_L) / 2;
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

function drawCube(root, state, viewer, left) {
  const cube = state.cube;
  if (!cube || !cube.enabled) return;
  const offered = cube.offered_by === 0 || cube.offered_by === 1;
  const owned = cube.owner === 0 || cube.owner === 1;
  let x = CUBE_X;
  let y = MID;
  let at = "centre";
  if (offered) {
    // a double on offer: in the offerer's half of the board
    const mine = cube.offered_by === viewer;
    x = mine !== left ? BAR_R + 3 * PW : LEFT_Q + 3 * PW;
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
function drawChoice(root, state, left) {
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
    if (where === "bar") box = { x: BAR_L, y: IN_TOP, width: BAR_R - BAR_L, height: IN_BOTTOM - IN_TOP };
    else if (where === "off") box = { x: TRAY_X - 30, y: IN_TOP - 6, width: 60, height: IN_BOTTOM - IN_TOP + 12 };
    else {
      const p = Number(where);
      const x = pointX(p, left) - PW / 2;
      box = p >= 13 ? { x, y: IN_TOP, width: PW, height: MID - IN_TOP } : { x, y: MID, width: PW, height: IN_BOTTOM - MID };
    }
    return svg("rect", { ...box, class: cls, "data-at": where }, group);
  };
  const chosen = view.selected && sources.get(view.selected);
  if (chosen) {
    area(view.selected, "hit selected").addEventListener("click", () => select(null));
    for (const landing of chosen) {
      const node = area(landing.to, "hit landing");
      node.setAttribute("data-payload", landing.payload);
      node.addEventListener("click", (event) => {
        event.stopPropagation();
        press(landing.payload);
      });
    }
  }
  for (const [from] of sources) {
    if (chosen && (from === view.selected || chosen.some((l) => l.to === from))) continue;
    area(from, "hit source").addEventListener("click", () => select(from));
  }
}

function select(where) {
  view.selected = where;
  draw();
}

function drawActions(state) {
  const box = $("actions");
  const buttons = (state.actions || []).map((action) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = action.label;
    button.className = "action " + (action.kind || "");
    button.dataset.payload = action.payload;
    button.addEventListener("click", () => press(action.payload));
    return button;
  });
  box.replaceChildren(...buttons);
  const watching = !buttons.length && !(state.steps || []).length && !(state.seats || []).some((s) => s.you);
  document.body.classList.toggle("spectator", watching);
  if (!view.ended) settled();
}

function tickClock() {
  clearInterval(view.clockTimer);
  const clock = document.querySelector("[data-deadline]");
  if (!clock) return;
  const deadline = Number(clock.getAttribute("data-deadline"));
  const update = () => {
    const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    const d = Math.floor(left / 86400);
    const h = Math.floor((left % 86400) / 3600);
    const m = Math.floor((left % 3600) / 60);
    const s = left % 60;
    const two = (n) => String(n).padStart(2, "0");
    clock.textContent = "⏱ " + (d ? `${d}d ${h}:${two(m)}` : h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`);
    clock.classList.toggle("late", left < 60);
  };
  update();
  view.clockTimer = setInterval(update, 1000);
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

function theme() {
  const root = document.documentElement;
  const params = (tg && tg.themeParams) || {};
  for (const [name, variable] of Object.entries(THEME)) {
    if (params[name]) root.style.setProperty(variable, params[name]);
    else root.style.removeProperty(variable);
  }
  const dark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  root.dataset.scheme = (tg && tg.colorScheme) || (dark ? "dark" : "light");
}

// -- start ----------------------------------------------------------------------------------

async function main() {
  theme();
  if (tg) {
    tg.ready();
    tg.expand();
    tg.onEvent("themeChanged", theme);
  } else if (window.matchMedia) {
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
  $("board").addEventListener("click", (event) => {
    if (view.selected && event.target.closest && !event.target.closest(".hit")) select(null);
  });
}

main().catch(() => status(word("offline", "⚠")));
