// The web board as a Discord Activity: the login inside Discord's frame.  Loaded by board.js
// only there (Discord adds frame_id, instance_id, channel_id and platform to the page's address).
//
// The Discord client that frames the page answers Discord's Embedded App SDK protocol over
// postMessage; these are the few steps of it the board needs, as @discord/embedded-app-sdk
// (2.x) speaks them:
//
// 1. handshake: [0, {v: 1, encoding: "json", client_id, frame_id, sdk_version}] to the
//    client; it answers with the READY event, [1, {cmd: "DISPATCH", evt: "READY", data}];
// 2. AUTHORIZE {client_id, response_type: "code", state: "", prompt: "none",
//    scope: ["identify"]}: the user's consent (Discord asks him once), answered {code};
// 3. the server exchanges the code and checks the user against the activity instance
//    (POST api/discord/login): a session for the channel's table, and his access token;
// 4. AUTHENTICATE {access_token}: the Discord client knows the Activity's user.
//
// A command is a frame [1, {cmd, args, nonce}]; its answer carries the same nonce (evt
// "ERROR": refused); [2, {code, message}] closes the connection.  Messages are taken only from
// Discord's origins (the SDK's list; Discord's mobile apps deliver them from no window, so the
// sender is not checked, as the SDK does not); the server checks whatever the client says.

const HANDSHAKE = 0;
const FRAME = 1;
const CLOSE = 2;
const SDK_VERSION = "2.5.0"; // the SDK whose protocol this follows
const MOBILE_WITH_VERSION = 250; // Discord's mobile apps from this version take sdk_version
const READY_MS = 15000;
const ORIGINS = new Set([
  location.origin,
  "https://discord.com",
  "https://discordapp.com",
  "https://ptb.discord.com",
  "https://ptb.discordapp.com",
  "https://canary.discord.com",
  "https://canary.discordapp.com",
  "https://staging.discord.co",
  "https://pax.discord.com",
  "null",
]);

class Client {
  constructor(clientId, query) {
    this.source = window.parent.opener || window.parent; // a popped-out Activity: its opener
    this.target = document.referrer || "*";
    this.pending = new Map();
    this.nonce = 0;
    this.closed = null;
    this.ready = new Promise((resolve, reject) => {
      this.onReady = resolve;
      this.onClose = reject;
      setTimeout(() => reject(new Error("Discord did not answer")), READY_MS);
    });
    window.addEventListener("message", (event) => this.receive(event));
    const hello = { v: 1, encoding: "json", client_id: clientId, frame_id: query.get("frame_id") };
    const mobile = parseInt((query.get("mobile_app_version") || "").split(".")[0], 10);
    if (query.get("platform") !== "mobile" || mobile >= MOBILE_WITH_VERSION) {
      hello.sdk_version = SDK_VERSION;
    }
    this.source.postMessage([HANDSHAKE, hello], this.target);
  }

  receive(event) {
    if (!ORIGINS.has(event.origin)) return;
    if (!Array.isArray(event.data)) return;
    const [opcode, data] = event.data;
    if (opcode === CLOSE) {
      this.closed = new Error((data && data.message) || "Discord closed the connection");
      this.onClose(this.closed);
      for (const waiting of this.pending.values()) waiting.reject(this.closed);
      this.pending.clear();
      return;
    }
    if (opcode !== FRAME || !data || typeof data !== "object") return;
    if (data.cmd === "DISPATCH") {
      if (data.evt === "READY") this.onReady(data.data);
      return;
    }
    const waiting = this.pending.get(data.nonce);
    if (!waiting) return;
    this.pending.delete(data.nonce);
    if (data.evt === "ERROR") waiting.reject(new Error((data.data && data.data.message) || "refused"));
    else waiting.resolve(data.data || {});
  }

  command(cmd, args) {
    if (this.closed) return Promise.reject(this.closed);
    const nonce = `${Date.now().toString(36)}-${++this.nonce}`;
    const answer = new Promise((resolve, reject) => this.pending.set(nonce, { resolve, reject }));
    this.source.postMessage([FRAME, { cmd, args, nonce }], this.target);
    return answer;
  }
}

// Log in through Discord: the session (as the Telegram login's) for the channel's table.
// `api(method, path, body)` calls the board's server.
export async function login(api) {
  const query = new URLSearchParams(location.search);
  const { client_id: clientId } = await api("GET", "discord");
  const client = new Client(clientId, query);
  await client.ready;
  const { code } = await client.command("AUTHORIZE", {
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const session = await api("POST", "discord/login", {
    code,
    instance_id: query.get("instance_id"),
    channel_id: query.get("channel_id"),
  });
  const { access_token: token, ...kept } = session;
  try {
    await client.command("AUTHENTICATE", { access_token: token });
  } catch (e) {
    // the board plays on its own session; Discord's features that need the user wait
  }
  return kept;
}
