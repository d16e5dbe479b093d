// One seat's page: the view arrives over a WebSocket after every change; the seat answers
// by clicking an action (or the board), or by its number on the keyboard.
"use strict";
const Play = {
  tableId: location.pathname.split("/").pop(),
  token: new URLSearchParams(location.search).get("token"),
  view: null,
  socket: null,
  renderers: { rtdt: Rtdt, tactics: Tactics, campaign: Campaign },

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const url = `${proto}://${location.host}/api/tables/${this.tableId}/ws?token=${encodeURIComponent(this.token || "")}`;
    const ws = new WebSocket(url);
    this.socket = ws;
    ws.onopen = () => this.connection("connected", "ok");
    ws.onmessage = (m) => this.receive(JSON.parse(m.data));
    ws.onclose = (e) => {
      this.connection("disconnected, reconnecting…", "bad");
      if (e.code < 4400 || e.code >= 4500) setTimeout(() => this.connect(), 1500);
    };
  },

  // the connection's state, kept as a message id so a change of language words it anew
  connection(msg, cls) {
    const el = document.getElementById("connection");
    el.dataset.t = msg;
    el.textContent = Words.t(msg);
    el.className = `connection ${cls}`;
  },

  receive(msg) {
    if (msg.chat) { this.hear(msg.chat); return; }
    if (msg.error) {
      // a game's refusal in the page's language; other errors (their text names the rule)
      document.getElementById("error").textContent = msg.refusal ? Words.refusal(msg.refusal)
        : msg.error + (msg.rule && !msg.error.includes(`[${msg.rule}]`) ? ` [${msg.rule}]` : "");
      return;
    }
    document.getElementById("error").textContent = "";
    const was = (Replay.on ? Replay.live : this.view || {}).your_turn;
    if (Replay.on) Replay.live = msg;  // a step is shown: the table waits behind it
    else {
      this.view = msg;
      this.render();
    }
    this.tell(!was && msg.your_turn && !msg.result, msg);
  },

  // your turn, wherever you are: the tab's title says so while it is; when it comes, a
  // short sound (the bell in the header turns it off, kept in this browser) and, when the
  // page is not in sight and the browser allows it, a notification
  tell(now, live) {
    const mine = live && live.your_turn && !live.result;
    document.title = mine ? `● ${Words.t("Your turn")} — towerplay` : "towerplay";
    if (!now) return;
    if (localStorage.getItem("towerplay-sound") !== "off") this.chime();
    if (document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification("towerplay", { body: `${Words.t("Your turn")}: ${live.name}`, tag: this.tableId });
    }
  },

  chime() {
    try {
      const audio = this.audio || (this.audio = new (window.AudioContext || window.webkitAudioContext)());
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.08, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.35);
      this.chimes = (this.chimes || 0) + 1;  // for tests: how many times it rang
    } catch (e) { /* no sound here: the title still says it */ }
  },

  // the bell: sound on or off; turning it on asks leave to notify (a browser asks once)
  drawBell() {
    const bell = document.getElementById("bell");
    const on = localStorage.getItem("towerplay-sound") !== "off";
    // words, not an emoji: a system without an emoji font showed an empty box
    bell.textContent = Words.t(on ? "Sound on your turn: on" : "Sound on your turn: off");
    bell.setAttribute("aria-pressed", String(on));
  },

  toggleBell() {
    const on = localStorage.getItem("towerplay-sound") === "off";
    localStorage.setItem("towerplay-sound", on ? "on" : "off");
    if (on && window.Notification && Notification.permission === "default") {
      Notification.requestPermission();
    }
    this.drawBell();
  },

  // your move by mail, where the server sends mails: a seat gives its address (an empty
  // one stops them); a mail goes when the game passes to this seat and no page of it is open
  mails: false,
  renderMail() {
    const v = this.view;
    const mine = v.seat >= 0 ? v.seats[v.seat] : null;
    const box = document.getElementById("mail");
    box.hidden = !this.mails || !mine || mine.who !== "human" || mine.away;
    if (box.hidden) return;
    const input = document.getElementById("mail-address");
    if (document.activeElement !== input) input.value = v.mail || "";
    document.getElementById("mail-said").textContent = v.mail
      ? Words.t("A mail goes to {address} when the game waits on you and this page is closed.", { address: v.mail })
      : Words.t("Give an address to be told by mail when the game waits on you.");
  },

  async saveMail(e) {
    e.preventDefault();
    const said = document.getElementById("mail-said");
    const r = await fetch(`/api/tables/${this.tableId}/mail`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: this.token || "", address: document.getElementById("mail-address").value, lang: Words.lang }),
    });
    if (!r.ok) said.textContent = (await r.json()).error || r.statusText;
  },

  // the seats: the host (whose key this browser keeps) hands a person's seat to the AI or
  // frees one whose person never came; a person whose seat the AI plays takes it back
  renderSeats() {
    const v = this.view;
    const host = localStorage.getItem(`towerplay-host-${this.tableId}`);
    const mine = v.seat >= 0 ? v.seats[v.seat] : null;
    const box = document.getElementById("seat-list");
    box.hidden = !host && !(mine && mine.away);
    if (box.hidden) return;
    const rows = document.getElementById("seat-rows");
    rows.textContent = "";
    v.seats.forEach((s, i) => {
      const li = html("li", "", rows, `${Words.t("Seat")} ${i + 1}: ` +
        (s.open ? Words.t("open") : s.away ? Words.t("{name}, away: the AI plays", { name: s.away_name || s.name })
          : s.who === "ai" ? `${Words.t("AI")}: ${s.name}` : s.name));
      if (host && s.who === "human" && i !== v.seat) {
        this.seatButton(li, Words.t("Hand to the AI"), `/api/tables/${this.tableId}/seats/${i}`, { host, to: "ai" });
        if (!s.open) this.seatButton(li, Words.t("Free the seat"), `/api/tables/${this.tableId}/seats/${i}`, { host, to: "open" });
      }
      if (i === v.seat && s.away) {
        this.seatButton(li, Words.t("Take my seat back"), `/api/tables/${this.tableId}/back`, { token: this.token });
      }
    });
  },

  seatButton(li, label, url, body) {
    const b = html("button", "seat-button", li, label);
    b.type = "button";
    b.addEventListener("click", async () => {
      const r = await fetch(url, { method: "POST", body: JSON.stringify(body),
                                   headers: { "Content-Type": "application/json" } });
      const err = document.getElementById("seat-error");
      err.textContent = r.ok ? "" : (await r.json()).error || "";
    });
  },

  // the table's chat: what the seats say, to all or whispered; spectators read, or not at all
  chat: [],
  hear(said) {
    const box = document.getElementById("chat");
    box.hidden = Boolean(said.closed);
    for (const m of said.messages) if (!this.chat.some((x) => x.n === m.n)) this.chat.push(m);
    this.chat.sort((a, b) => a.n - b.n);
    this.renderChat();
  },

  renderChat() {
    const list = document.getElementById("chat-lines");
    list.textContent = "";
    for (const m of this.chat.slice(-200)) {
      const li = html("li", m.to === null ? "" : "whisper", list);
      const who = m.to === null ? m.name
        : Words.t("{from} to {to} (whisper)", { from: m.name, to: m.to_name });
      html("b", "", li, `${who}: `);
      li.appendChild(document.createTextNode(m.text));
    }
    list.parentElement.scrollTop = list.parentElement.scrollHeight;
    const form = document.getElementById("chat-form");
    form.hidden = !this.view || this.view.seat < 0;  // spectators read
    const to = document.getElementById("chat-to");
    if (this.view && to.dataset.built !== Words.lang) {  // once, and again in a new language
      to.dataset.built = Words.lang;
      to.textContent = "";
      html("option", "", to, Words.t("everyone")).value = "";
      this.view.seats.forEach((s, i) => {
        if (i !== this.view.seat && s.who === "human") html("option", "", to, s.name).value = String(i);
      });
    }
  },

  say(e) {
    e.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text || !this.socket) return;
    const to = document.getElementById("chat-to").value;
    this.socket.send(JSON.stringify({ chat: text, to: to === "" ? null : Number(to) }));
    input.value = "";
  },

  send(action) {
    if (!this.view || !this.view.your_turn) return;
    this.mark = this.lastEvent();  // what was last told when this seat acted
    this.socket.send(JSON.stringify({ action, version: this.view.version }));
  },

  // undo back to before the last decision a person made; online, one that takes back
  // something hidden waits until every person has asked (agreed) too
  step(which) {
    if (!this.view) return;
    this.socket.send(JSON.stringify({ [which]: true, version: this.view.version }));
  },

  renderUndo() {
    const u = this.view.undo;
    document.getElementById("undo").disabled = u.undoable === 0;
    document.getElementById("redo").disabled = u.redoable === 0;
    const req = document.getElementById("undo-request");
    req.textContent = "";
    if (u.request) {
      const mine = u.request.agreed.includes(this.view.seat);
      req.textContent = Words.t("{seat} asks to undo {n} decision(s)", {
        seat: `${Words.t("Seat")} ${u.request.by + 1}`, n: u.request.steps }) + " — " +
        (mine ? Words.t("waiting for the others to agree") : Words.t("press Undo to agree"));
      req.title = u.request.reason;
    }
  },

  // a table opened from a stored campaign keeps it up to date, or says it is a copy
  renderCampaignLink() {
    const c = this.view.campaign;
    const el = document.getElementById("campaign-link");
    el.hidden = !c;
    if (!c) return;
    el.textContent = c.kept
      ? Words.t("Kept in campaign {id}: `towerplay campaign continue` goes on from here.", { id: c.id })
      : Words.t("A copy of campaign {id}: it was played elsewhere since, so this table no longer keeps it.", { id: c.id });
    el.className = c.kept ? "campaign-link" : "campaign-link copy";
  },

  render() {
    const v = this.view;
    // what a view names by id, words by name: the figures (Tactics, and a campaign's
    // encounter), the cards, heroes and classes (a campaign's sheets, `names`)
    const seen = v.observe && (v.observe.units ? v.observe : v.observe.encounter);
    Words.names = Object.assign({}, (v.observe && v.observe.names) || {},
      Object.fromEntries(((seen && seen.units) || []).filter((u) => u.name)
        .map((u) => [u.id, u.name])));
    document.body.dataset.version = v.version;  // for tests and for the eye: the state shown
    const who = v.seat < 0 ? Words.t("Spectator") : `${Words.t("Seat")} ${v.seat + 1}`;
    document.getElementById("title").textContent = `${v.name} — ${who}`;
    document.getElementById("undo-bar").hidden = v.seat < 0;
    let status;
    if (v.result) {  // the outcome and the cause are words of the catalog, worded as fields
      status = Words.t("Game over: {outcome} ({cause})", {outcome: v.result.outcome, cause: v.result.cause});
    }
    else if (v.your_turn) status = Words.t("Your turn");
    else status = `${Words.t("Waiting for")} ${v.seats[v.to_act].name || Words.t("a seat still open")}`;
    document.getElementById("status").textContent = status;
    this.drawBell();
    document.getElementById("prompt").textContent = v.ask ? Words.event(v.ask) : v.prompt;
    this.renderCampaignLink();
    this.renderActions();
    this.renderUndo();
    this.renderLog();
    this.renderers[v.game].render(v, document.getElementById("board"),
                                document.getElementById("panels"));
    this.explain(document.getElementById("panels"));
    if (!document.getElementById("chat").hidden) this.renderChat();  // its seats by name
    this.renderSeats();
    this.renderMail();
  },

  // each legal action as its words (printed names, what it does), the notation kept for
  // the socket and the filter; then the actions barred now, greyed, each with why
  renderActions() {
    const list = document.getElementById("actions");
    const filter = document.getElementById("filter").value.trim().toLowerCase();
    const v = this.view;
    const words = v.action_words || [];
    const costs = v.action_costs || [];
    list.innerHTML = "";
    v.legal_actions.forEach((a, i) => {
      let label = words[i] ? Words.event(words[i]) : a;
      const spirit = (costs[i] || {}).spirit;  // what it costs now, said on the button
      if (spirit) label = Words.t("{action} · {n} spirit", { action: label, n: spirit });
      if (filter && !a.toLowerCase().includes(filter) && !label.toLowerCase().includes(filter)) return;
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.textContent = label;
      b.dataset.action = a;
      b.title = (i < 9 ? `${Words.t("key")} ${i + 1} · ` : "") + a;
      b.onclick = () => this.send(a);
      // an action naming a card (play, use, equip, resolve...): its text on hover or focus
      const named = a.split(" ")[1];
      if (named) {
        const text = async () => {
          const said = await this.describe(named);
          if (said) b.title = `${said}\n\n${b.title}`;
        };
        b.addEventListener("mouseenter", text, { once: true });
        b.addEventListener("focus", text, { once: true });
      }
      li.appendChild(b);
      list.appendChild(li);
    });
    // greyed, compact; a tap (or focus) says why in the line under them
    const barred = document.getElementById("barred");
    const why = document.getElementById("why");
    barred.innerHTML = "";
    why.textContent = "";
    for (const u of v.unavailable || []) {
      const label = Words.event(u.words || { msg: u.action, args: {} });
      if (filter && !u.action.toLowerCase().includes(filter) && !label.toLowerCase().includes(filter)) continue;
      const li = document.createElement("li");
      const b = document.createElement("button");
      const reason = Words.refusal(u.why);
      b.setAttribute("aria-disabled", "true");
      b.dataset.barred = u.action;
      b.textContent = label;
      b.title = reason;
      b.setAttribute("aria-description", reason);
      const show = () => { why.textContent = `${label}: ${reason}`; };
      b.onclick = show;
      b.onfocus = show;
      li.appendChild(b);
      barred.appendChild(li);
    }
    barred.hidden = barred.children.length === 0;
  },

  // the newest event this seat has seen, as a key to find it again in a later view
  lastEvent() {
    const o = this.view.observe;
    const items = o.events || o.log || [];
    return items.length ? JSON.stringify(items[items.length - 1]) : null;
  },

  // the last lines; when the seat's turn comes back, what happened since it last acted
  // (other seats, the AI, the app) is marked "While you waited", so nothing goes unseen
  renderLog() {
    const v = this.view;
    const o = v.observe;
    const items = (o.events || o.log || []).slice(-40);
    const list = document.getElementById("log");
    list.innerHTML = "";
    const keys = items.map((e) => JSON.stringify(e));
    const at = this.mark ? keys.lastIndexOf(this.mark) : -1;
    const since = v.your_turn && this.mark !== undefined && at < items.length - 1
      ? (at >= 0 ? at + 1 : 0) : items.length;
    items.forEach((e, i) => {
      if (i === since && i > 0) {
        const mark = html("li", "waited-mark", list, Words.t("While you waited"));
        mark.setAttribute("role", "presentation");
      }
      const li = document.createElement("li");
      li.textContent = Words.event(e);
      li.className = (typeof e !== "string" ? `event ${e.kind}` : "") + (i >= since ? " since" : "");
      list.appendChild(li);
    });
    list.scrollTop = list.scrollHeight;
  },

  // a card's (item's, virtue's, foe's...) text, fetched once: on hover it is the chip's
  // tooltip, on a click or a tap it shows in the info box
  texts: {},
  async describe(id) {
    const key = `${Words.lang}:${id}`;  // the text is in the page's language
    if (!(key in this.texts)) {
      const url = `/api/tables/${this.tableId}/describe?name=${encodeURIComponent(id)}` +
        `&token=${encodeURIComponent(this.token || "")}&lang=${encodeURIComponent(Words.lang)}`;
      const r = await fetch(url);
      this.texts[key] = r.ok ? (await r.json()).text : "";
    }
    return this.texts[key];
  },

  // every chip naming a card gets its text
  explain(root) {
    for (const chip of root.querySelectorAll(".chip[data-id]")) {
      const id = chip.dataset.id;
      const hover = async () => { chip.title = await this.describe(id) || id; };
      chip.addEventListener("mouseenter", hover, { once: true });
      chip.addEventListener("focus", hover, { once: true });
      chip.addEventListener("click", async () => {
        const text = await this.describe(id);
        document.getElementById("info-name").textContent = chip.textContent;
        document.getElementById("info-text").textContent = text || Words.t("no text");
        document.getElementById("info").hidden = false;
      });
    }
  },

  // the actions a board element stands for: those naming it as a word
  actionsFor(word) {
    if (!this.view || !this.view.your_turn) return [];
    return this.view.legal_actions.filter((a) => a.split(" ").includes(word));
  },

  pick(word) {
    const found = this.actionsFor(word);
    if (found.length === 1) this.send(found[0]);
    else if (found.length > 1) {
      document.getElementById("filter").value = word;
      this.renderActions();
    }
  },
};

window.addEventListener("DOMContentLoaded", async () => {
  await Words.load(Words.lang);
  Words.picker(document.getElementById("lang"), () => Play.view && Play.render());
  document.getElementById("filter").addEventListener("input", () => Play.renderActions());
  document.getElementById("undo").addEventListener("click", () => Play.step("undo"));
  document.getElementById("info-close").addEventListener("click", () => {
    document.getElementById("info").hidden = true;
  });
  document.getElementById("redo").addEventListener("click", () => Play.step("redo"));
  document.getElementById("chat-form").addEventListener("submit", (e) => Play.say(e));
  document.getElementById("bell").addEventListener("click", () => Play.toggleBell());
  document.getElementById("mail-form").addEventListener("submit", (e) => Play.saveMail(e));
  fetch("/api/mail").then((r) => r.json()).then((m) => {
    Play.mails = Boolean(m.on);
    if (Play.view) Play.renderMail();
  });
  Play.drawBell();
  Replay.wire();
  document.addEventListener("keydown", (e) => {
    if (Replay.on) return;  // the replay's keys (replay.js)
    const filter = document.getElementById("filter");
    if (e.target === document.getElementById("chat-text")) return;  // typing, not playing
    if (e.target === filter) {
      if (e.key === "Escape") { filter.value = ""; Play.renderActions(); filter.blur(); }
      if (e.key === "Enter") {
        const first = document.querySelector("#actions button");
        if (first) Play.send(first.dataset.action);
      }
      return;
    }
    if (e.key === "/") { e.preventDefault(); filter.focus(); return; }
    if (e.key === "u") { Play.step("undo"); return; }
    if (e.key === "r") { Play.step("redo"); return; }
    const n = Number(e.key);
    if (n >= 1 && n <= 9) {
      const buttons = document.querySelectorAll("#actions button");
      if (buttons[n - 1]) Play.send(buttons[n - 1].dataset.action);
    }
  });
  Play.connect();
});
