// The lobby: make a table (game, options, seats), list the tables.
"use strict";
const $ = (sel) => document.querySelector(sel);

function seatCount(form) {
  if (form.game.value === "rtdt") return Number(form.players.value);
  if (form.game.value === "campaign") return Number(form.heroes.value);
  return partyOf(form).length;
}

// the AI agents each game offers (GET /api/games: what sim/agents.py AGENTS lists)
const Games = { agents: {} };

function seatRow(i, agents) {
  const row = document.createElement("div");
  row.className = "seat";
  const label = document.createElement("label");
  label.innerHTML = `<span>${Words.t("Seat")} ${i + 1}</span> `;
  const select = document.createElement("select");
  select.name = `seat${i}`;
  select.add(new Option(Words.t("a person"), "human"));
  select.add(new Option(Words.t("open: anyone joins from the lobby"), "open"));
  for (const a of agents) select.add(new Option(`${Words.t("AI")}: ${a}`, `ai:${a}`));
  label.appendChild(select);
  // an agent's settings after a colon, as --ai SEAT=NAME:SETTINGS takes them (a search
  // agent's budget: search:0.5s); the server checks them and says what it takes
  const settings = document.createElement("input");
  settings.name = `settings${i}`;
  settings.className = "settings";
  settings.placeholder = Words.t("settings (e.g. 0.5s)");
  settings.size = 12;
  row.append(label, " ", settings);
  const shown = () => { settings.hidden = !select.value.startsWith("ai:"); };
  select.addEventListener("change", shown);
  return { row, select, settings, shown };
}

function drawSeats(form, box = $("#seats"), count = seatCount(form), game = form.game.value) {
  const old = [...box.querySelectorAll(".seat")].map((r) => [
    r.querySelector("select").value, r.querySelector(".settings").value]);
  for (const el of box.querySelectorAll(".seat")) el.remove();
  for (let i = 0; i < count; i++) {
    const seat = seatRow(i, Games.agents[game] || []);
    box.appendChild(seat.row);
    if (old[i]) {
      if ([...seat.select.options].some((o) => o.value === old[i][0])) seat.select.value = old[i][0];
      seat.settings.value = old[i][1];
    }
    seat.shown();
  }
}

function seatsOf(form, count) {
  const seats = [];
  for (let i = 0; i < count; i++) {
    const v = form[`seat${i}`].value;
    const extra = form[`settings${i}`].value.trim();
    if (v === "open") { seats.push({ open: true }); continue; }
    // the first person's seat is named as the lobby knows you, the others by number
    const me = i === 0 && myName();
    seats.push(v === "human" ? { human: me || `${Words.t("Player")} ${i + 1}` }
      : { ai: extra ? `${v.slice(3)}:${extra}` : v.slice(3) });
  }
  return seats;
}

function config(form) {
  if (form.game.value === "rtdt") {
    const c = { players: Number(form.players.value), mode: form.mode.value,
                difficulty: form.difficulty.value };
    if (form.covenant.checked) c.expansion = "covenant";
    return c;
  }
  if (form.game.value === "campaign") {
    return { heroes: Number(form.heroes.value), difficulty: form.cdifficulty.value };
  }
  return { encounter: form.encounter.value, difficulty: form.tdifficulty.value,
           party: partyOf(form) };
}

// the party: one class per hero, three to five heroes (the empty choice leaves a place out)
function partyOf(form) {
  return [...form.querySelectorAll("select[name^=party]")].map((s) => s.value).filter((x) => x);
}

function drawChoices(form, choices) {
  const enc = form.encounter;
  enc.innerHTML = "";
  for (const e of choices.encounter || []) enc.add(new Option(e.name, e.id));
  const box = $("#party");
  box.innerHTML = "";
  const picks = ["fighter", "rogue", "cleric", "", ""];
  picks.forEach((pick, i) => {
    const select = document.createElement("select");
    select.name = `party${i}`;
    select.setAttribute("aria-label", `${Words.t("Party")} ${i + 1}`);
    if (i >= 3) select.add(new Option("—", ""));
    for (const k of choices.class || []) select.add(new Option(k.name, k.id));
    select.value = pick;
    select.addEventListener("change", () => drawSeats(form));
    box.appendChild(select);
  });
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  // no seed typed: the server draws a secret one (a typed seed makes the game public)
  const body = { game: form.game.value, config: config(form),
                 seats: seatsOf(form, seatCount(form)) };
  if (form.seed.value.trim() !== "") body.seed = Number(form.seed.value);
  if (form.private.checked) body.private = true;
  await made("/api/tables", body, $("#form-error"));
}

// POST a new table; show its seats' links (or the refusal in `error`)
async function made(url, body, error) {
  const r = await fetch(url, { method: "POST", body: JSON.stringify(body),
                               headers: { "Content-Type": "application/json" } });
  const data = await r.json();
  if (!r.ok) {
    error.textContent = data.error || JSON.stringify(data.detail);
    return;
  }
  error.textContent = "";
  const list = $("#link-list");
  list.innerHTML = "";
  data.seats.forEach((s, i) => {
    const li = document.createElement("li");
    if (s) {
      li.innerHTML = `${Words.t("Seat")} ${i + 1}: <a href="${s.link}">${location.origin}${s.link}</a>`;
    } else {
      const open = body.seats[i] && body.seats[i].open;
      li.textContent = `${Words.t("Seat")} ${i + 1}: ${open ? Words.t("open, joined from the lobby") : Words.t("AI")}`;
    }
    list.appendChild(li);
  });
  if (data.host) {  // kept in this browser: the seat pages opened here show the host's buttons
    localStorage.setItem(`towerplay-host-${data.id}`, data.host.token);
    const key = document.createElement("li");
    key.textContent = `${Words.t("Host key (hands a seat to the AI, or frees it)")}: ${data.host.token}`;
    list.appendChild(key);
  }
  const watch = document.createElement("li");
  watch.innerHTML = `${Words.t("Spectator")}: <a href="${data.spectator.link}">${location.origin}${data.spectator.link}</a>`;
  list.appendChild(watch);
  $("#links").hidden = false;
  listTables();
}

// the name you go by in the lobby, kept in this browser
function myName() { return (localStorage.getItem("towerplay-name") || "").trim(); }

// the tables, each with its game, options and who sits where; a public table with a seat
// still open has a Join button that takes it under your name
async function listTables() {
  const r = await fetch("/api/tables");
  const tables = r.ok ? await r.json() : [];
  const list = $("#table-list");
  list.innerHTML = "";
  // the tables waiting on you (your name at the seat to act) first, each marked so
  const me = myName();
  const yours = (t) => Boolean(me && !t.result && t.seats[t.to_act]
    && t.seats[t.to_act].who !== "ai" && t.seats[t.to_act].name === me);
  tables.sort((a, b) => Number(yours(b)) - Number(yours(a)));
  for (const t of tables) {
    const li = document.createElement("li");
    li.className = yours(t) ? "table your-move" : "table";
    if (yours(t)) li.append(html("span", "your-move-badge", `${Words.t("Your move")} · `));
    const who = t.seats.map((s) => (s.open ? `(${Words.t("open")})`
      : s.who === "ai" ? `${Words.t("AI")}: ${s.name}` : s.name)).join(", ");
    const opts = Object.entries(t.options || {})
      .map(([k, v]) => `${Words.t(k)} ${Array.isArray(v) ? v.join("/") : Words.t(String(v))}`).join(" · ");
    const state = t.result ? `${Words.t("over")}: ${t.result.outcome}` :
      `${Words.t("to act")}: ${t.seats[t.to_act] ? (t.seats[t.to_act].name || Words.t("open")) : "—"}`;
    li.append(html("b", "", t.name), ` — ${who} — ${state}`);
    if (opts) li.append(html("span", "table-options", ` (${opts})`));
    if (t.private) li.append(html("span", "private", ` · ${Words.t("private")}`));
    if (!t.private && !t.result && t.seats.some((s) => s.open)) {
      const go = html("button", "join", Words.t("Join"));
      go.type = "button";
      go.addEventListener("click", () => joinTable(t.id));
      li.append(" ", go);
    }
    list.appendChild(li);
  }
}

async function joinTable(id) {
  const error = $("#join-error");
  const name = myName();
  if (!name) {
    error.textContent = Words.t("Give the name you go by first.");
    $("#my-name").focus();
    return;
  }
  const r = await fetch(`/api/tables/${encodeURIComponent(id)}/join`, {
    method: "POST", body: JSON.stringify({ name }), headers: { "Content-Type": "application/json" } });
  const data = await r.json();
  if (!r.ok) { error.textContent = data.error || JSON.stringify(data.detail); listTables(); return; }
  location.href = data.link;  // your seat: keep this address, it is your key to the table
}

// a campaign `towerplay campaign new` kept, found by its id and key (nothing lists them:
// a campaign belongs to the people of its store), with its seats and a button that opens
// it at a new table (GET /api/campaigns/ID?key=KEY, POST /api/campaigns/ID/tables)
async function findCampaign(event) {
  event.preventDefault();
  const find = event.target;
  const id = find.id.value.trim();
  const key = find.key.value.trim();
  const box = $("#campaign-found");
  box.innerHTML = "";
  const r = await fetch(`/api/campaigns/${encodeURIComponent(id)}?key=${encodeURIComponent(key)}`);
  const c = await r.json();
  if (!r.ok) {
    $("#campaign-error").textContent = c.error || JSON.stringify(c.detail);
    return;
  }
  $("#campaign-error").textContent = "";
  const heroes = (c.heroes || []).join(", ");
  box.append(html("p", "stored", `${c.name} (${c.id}) — ${Words.t("Chapter")} ${c.chapter ?? "?"} — ${heroes}`));
  if (c.error) {
    box.append(html("p", "error", c.error));
    return;
  }
  const form = document.createElement("form");
  form.className = "open-campaign";
  form.dataset.id = c.id;
  const seats = document.createElement("div");
  const go = document.createElement("button");
  go.type = "submit";
  go.textContent = Words.t("Open in the browser");
  const error = html("p", "error", "");
  form.append(seats, go, error);
  drawSeats(form, seats, c.seats, "campaign");
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    await made(`/api/campaigns/${encodeURIComponent(c.id)}/tables`,
               { key, seats: seatsOf(form, c.seats) }, error);
  });
  box.append(form);
}

function html(tag, cls, text) {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = text;
  return el;
}

window.addEventListener("DOMContentLoaded", async () => {
  const form = $("#new-table");
  await Words.load(Words.lang);
  // the language chooser shows the language the words are in from the moment they are
  Words.picker($("#lang"), () => { drawSeats(form); listTables(); });
  const games = await (await fetch("/api/games")).json();
  for (const [name, g] of Object.entries(games)) Games.agents[name] = g.agents;
  drawChoices(form, (games.tactics || {}).choices || {});
  form.game.addEventListener("change", () => {
    $("#rtdt-options").hidden = form.game.value !== "rtdt";
    $("#tactics-options").hidden = form.game.value !== "tactics";
    $("#campaign-options").hidden = form.game.value !== "campaign";
    drawSeats(form);
  });
  form.players.addEventListener("change", () => drawSeats(form));
  form.heroes.addEventListener("change", () => drawSeats(form));
  form.addEventListener("submit", create);
  drawSeats(form);
  listTables();
  $("#find-campaign").addEventListener("submit", findCampaign);
  const mine = $("#my-name");
  mine.value = myName();
  mine.addEventListener("change", () => {
    localStorage.setItem("towerplay-name", mine.value.trim());
    listTables();  // the tables waiting on this name come first
  });
});
