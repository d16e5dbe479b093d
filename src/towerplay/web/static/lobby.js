// The lobby: make a table (game, options, seats), list the tables.
"use strict";
const $ = (sel) => document.querySelector(sel);

function seatCount(form) {
  if (form.game.value === "rtdt") return Number(form.players.value);
  if (form.game.value === "campaign") return Number(form.heroes.value);
  return form.party.value.split(",").filter((x) => x.trim()).length;
}

function drawSeats(form) {
  const box = $("#seats");
  const old = [...box.querySelectorAll(".seat select")].map((s) => s.value);
  for (const el of box.querySelectorAll(".seat")) el.remove();
  for (let i = 0; i < seatCount(form); i++) {
    const row = document.createElement("label");
    row.className = "seat";
    row.innerHTML = `<span>${Words.t("Seat")} ${i + 1}</span>
      <select name="seat${i}">
        <option value="human">${Words.t("a person")}</option>
        <option value="ai:heuristic">${Words.t("AI")}: heuristic</option>
        <option value="ai:random">${Words.t("AI")}: random</option>
      </select>`;
    box.appendChild(row);
    if (old[i]) row.querySelector("select").value = old[i];
  }
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
  return { encounter: form.encounter.value.trim(), difficulty: form.tdifficulty.value,
           party: form.party.value.split(",").map((x) => x.trim()).filter((x) => x) };
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const seats = [];
  for (let i = 0; i < seatCount(form); i++) {
    const v = form[`seat${i}`].value;
    seats.push(v === "human" ? { human: `${Words.t("Player")} ${i + 1}` } : { ai: v.slice(3) });
  }
  const body = { game: form.game.value, config: config(form), seed: Number(form.seed.value),
                 seats };
  const r = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body),
                                          headers: { "Content-Type": "application/json" } });
  const data = await r.json();
  if (!r.ok) {
    $("#form-error").textContent = data.error || JSON.stringify(data.detail);
    return;
  }
  $("#form-error").textContent = "";
  const list = $("#link-list");
  list.innerHTML = "";
  data.seats.forEach((s, i) => {
    const li = document.createElement("li");
    if (s) {
      li.innerHTML = `${Words.t("Seat")} ${i + 1}: <a href="${s.link}">${location.origin}${s.link}</a>`;
    } else {
      li.textContent = `${Words.t("Seat")} ${i + 1}: ${Words.t("AI")}`;
    }
    list.appendChild(li);
  });
  const watch = document.createElement("li");
  watch.innerHTML = `${Words.t("Spectator")}: <a href="${data.spectator.link}">${location.origin}${data.spectator.link}</a>`;
  list.appendChild(watch);
  $("#links").hidden = false;
  listTables();
}

async function listTables() {
  const r = await fetch("/api/tables");
  const tables = r.ok ? await r.json() : [];
  const list = $("#table-list");
  list.innerHTML = "";
  for (const t of tables) {
    const li = document.createElement("li");
    const who = t.seats.map((s) => s.name).join(", ");
    const state = t.result ? `${Words.t("over")}: ${t.result.outcome}` :
      `${Words.t("to act")}: ${Words.t("Seat")} ${t.to_act + 1}`;
    li.textContent = `${t.name} (${t.id}) — ${who} — ${state}`;
    list.appendChild(li);
  }
}

window.addEventListener("DOMContentLoaded", async () => {
  const form = $("#new-table");
  await Words.load(Words.lang);
  Words.picker($("#lang"), () => { drawSeats(form); listTables(); });
  form.game.addEventListener("change", () => {
    $("#rtdt-options").hidden = form.game.value !== "rtdt";
    $("#tactics-options").hidden = form.game.value !== "tactics";
    $("#campaign-options").hidden = form.game.value !== "campaign";
    drawSeats(form);
  });
  form.players.addEventListener("change", () => drawSeats(form));
  form.heroes.addEventListener("change", () => drawSeats(form));
  form.party.addEventListener("input", () => drawSeats(form));
  form.addEventListener("submit", create);
  drawSeats(form);
  listTables();
});
