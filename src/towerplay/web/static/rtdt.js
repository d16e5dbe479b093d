// Return to Dark Tower drawn from observe(): the four kingdoms around the Tower, their
// spaces and buildings with skulls, heroes, foes, the adversary, rivers of fire, siege trees,
// Covenant's monuments; the Tower's three drums, seals and glyphs; each hero's board; the
// month, the market, the gear piles, the main companion, mutations, the battle.
"use strict";
const TERRAIN = { mountains: "#9a9486", hills: "#b5a46a", desert: "#e0c98a", forest: "#5e8a4f",
                  grasslands: "#9ccc65", lake: "#6fa8dc" };
const KINGDOM = { north: "#d9e6f2", east: "#f2e6d9", south: "#f7efd2", west: "#dcefd9" };
const BUILDING = { citadel: "C", sanctuary: "S", village: "V", bazaar: "B" };

const Rtdt = {
  board: null,
  loading: null,

  async load() {
    if (!this.loading) this.loading = fetch("/api/boards/rtdt").then((r) => r.json());
    this.board = await this.loading;
  },

  render(view, boardEl, panelsEl) {
    if (!this.board) {
      this.load().then(() => Play.render())  // the whole page again, now with the board
        .catch((e) => console.error("the board did not load", e));
      return;
    }
    boardEl.innerHTML = "";
    boardEl.appendChild(this.map(view.observe));
    this.panels(view, panelsEl);
  },

  map(o) {
    const b = this.board;
    const root = svg("svg", { viewBox: `0 0 ${b.size} ${b.size}`, class: "map", role: "img",
                              "aria-label": "the board" });
    const c = b.size / 2;
    const corners = { north: [[0, 0], [b.size, 0]], east: [[b.size, 0], [b.size, b.size]],
                      south: [[b.size, b.size], [0, b.size]], west: [[0, b.size], [0, 0]] };
    for (const k of b.kingdoms) {
      const [p, q] = corners[k.id];
      svg("polygon", { points: `${c},${c} ${p} ${q}`, fill: KINGDOM[k.id], class: "kingdom" }, root);
      const a = (k.angle * Math.PI) / 180;
      svg("text", { x: c + 440 * Math.cos(a), y: c + 440 * Math.sin(a) + 6, class: "kingdom-name",
                    "text-anchor": "middle" }, root, k.name);
    }
    const at = Object.fromEntries(b.spaces.map((s) => [s.id, s]));
    const rivers = new Set(b.rivers.map((e) => e.join("|")));
    for (const [p, q] of b.edges) {
      const river = rivers.has([p, q].sort().join("|"));
      svg("line", { x1: at[p].x, y1: at[p].y, x2: at[q].x, y2: at[q].y,
                    class: river ? "river" : "edge" }, root);
    }
    for (const [p, q] of o.fire_rivers || []) {  // Ashstrider's rivers of fire, on edges
      if (!at[p] || !at[q]) continue;
      const line = svg("line", { x1: at[p].x, y1: at[p].y, x2: at[q].x, y2: at[q].y,
                                 class: "fire-river" }, root);
      svg("title", {}, line, Words.t("river of fire"));
    }
    const legal = new Set();
    for (const s of b.spaces) if (Play.actionsFor(s.id).length) legal.add(s.id);
    const sites = {};  // Covenant: a monument's foundation, the monument, or its ruin
    for (const x of ((o.covenant || {}).sites) || []) sites[x.space] = x;
    const trees = new Set(o.siege_trees || []);
    const wastes = new Set(((o.covenant || {}).wastelands) || []);
    for (const s of b.spaces) {
      const g = svg("g", { class: `space${legal.has(s.id) ? " legal" : ""}`, "data-space": s.id,
                           transform: `translate(${s.x},${s.y})` }, root);
      svg("title", {}, g, `${s.name} (${s.terrain})`);
      svg("circle", { r: 30, fill: TERRAIN[s.terrain] || "#ccc",
                      class: wastes.has(s.id) ? "wasteland" : "" }, g);
      svg("text", { y: 44, class: "space-name", "text-anchor": "middle" }, g, s.name);
      const building = (o.buildings || {})[s.id];
      if (building) this.building(g, building, s.id);
      if (sites[s.id]) this.site(g, sites[s.id], (o.covenant || {}).max_offerings || 3);
      if (trees.has(s.id)) {  // Letha's siege tree: forest terrain, Reinforce without a building
        const t = svg("polygon", { points: "18,-30 28,-12 8,-12", class: "siege-tree" }, g);
        svg("title", {}, t, Words.t("siege tree"));
      }
      g.addEventListener("click", () => Play.pick(s.id));
    }
    this.pieces(root, o, at);
    this.tower(root, o, c, b.tower.r);
    this.lastSkulls = Object.fromEntries(
      Object.entries(o.buildings || {}).map(([k, v]) => [k, v.skulls]));
    return root;
  },

  building(g, bd, space) {
    const before = (this.lastSkulls || {})[space];
    const cls = bd.standing ? "building" : "building razed";
    svg("rect", { x: -14, y: -14, width: 28, height: 28, rx: 4, class: cls }, g);
    svg("text", { y: 6, "text-anchor": "middle", class: "building-letter" }, g,
        BUILDING[bd.type] || "?");
    for (let i = 0; i < bd.skulls + (bd.doom || 0); i++) {
      const fresh = before !== undefined && i >= before && i < bd.skulls;
      svg("circle", { cx: -18 + i * 12, cy: -24, r: 5,
                      class: (i < bd.skulls ? "skull" : "skull doom") + (fresh ? " falling" : "") }, g);
    }
  },

  site(g, x, most) {
    const cls = `site ${x.status}`;
    const m = svg("g", { class: cls, transform: "translate(-30,-30)" }, g);
    svg("title", {}, m, x.status === "foundation"
      ? `${x.name}: ${Words.t("foundation")} ${x.offerings}/${most}`
      : `${x.name}: ${Words.t(x.status === "built" ? "monument" : "in ruins")}`);
    svg("polygon", { points: "0,-10 9,-3 6,8 -6,8 -9,-3" }, m);
    svg("text", { y: 4, "text-anchor": "middle" }, m,
        x.status === "foundation" ? String(x.offerings) : x.status === "built" ? "M" : "×");
  },

  pieces(root, o, at) {
    const crowd = {};
    const place = (space) => {
      const n = (crowd[space] = (crowd[space] || 0) + 1);
      const s = at[space];
      const a = (n * 72 * Math.PI) / 180;
      return [s.x + 22 * Math.cos(a), s.y + 22 * Math.sin(a)];
    };
    for (const f of Object.values(o.foes || {})) {
      for (const space of f.on_board) {
        if (!at[space]) continue;
        const [x, y] = place(space);
        const g = svg("g", { class: `foe ${f.status}`, transform: `translate(${x},${y})` }, root);
        svg("title", {}, g, `${f.name} (${Words.t("level")} ${f.level}, ${f.status}): ${f.strike}`);
        svg("rect", { x: -9, y: -9, width: 18, height: 18, transform: "rotate(45)" }, g);
        svg("text", { y: 5, "text-anchor": "middle" }, g, String(f.level));
      }
    }
    if (o.adversary && o.adversary.space && at[o.adversary.space]) {
      const [x, y] = place(o.adversary.space);
      const g = svg("g", { class: "adversary", transform: `translate(${x},${y})` }, root);
      svg("title", {}, g, o.adversary.name);
      svg("circle", { r: 13 }, g);
      svg("text", { y: 5, "text-anchor": "middle" }, g, "A");
    }
    for (const h of o.heroes) {
      if (!at[h.space]) continue;
      const [x, y] = place(h.space);
      const g = svg("g", { class: `hero seat${h.seat}`, transform: `translate(${x},${y})` }, root);
      svg("title", {}, g, h.name);
      svg("circle", { r: 12 }, g);
      svg("text", { y: 5, "text-anchor": "middle" }, g, String(h.seat + 1));
    }
  },

  // the Tower from above, outer ring the bottom drum: each drum turned by its rotation
  // (a mark shows where its home faces); the seals, fixed to the shell, per side and drum;
  // each revealed glyph beside the kingdom it faces
  tower(root, o, c, r, key = "board") {
    const t = o.tower || {};
    const g = svg("g", { class: "tower", transform: `translate(${c},${c})` }, root);
    svg("title", {}, g, Words.t("the Tower"));
    const sides = { north: -90, east: 0, south: 90, west: 180 };
    const seals = new Set(t.seals || []);
    // each drawing of the Tower turns its drums from where that drawing last showed them
    this.lastRotation = this.lastRotation || {};
    const last = this.lastRotation[key] || t.rotation || [0, 0, 0];
    this.lastRotation[key] = (t.rotation || [0, 0, 0]).slice();
    ["bottom", "middle", "top"].forEach((level, i) => {
      const radius = r - i * 28;
      const turn = ((t.rotation || [0, 0, 0])[2 - i] || 0) * 90;
      let from = (last[2 - i] || 0) * 90;
      if (turn - from > 180) from += 360;  // the short way round
      if (from - turn > 180) from -= 360;
      const drum = svg("g", { class: `drum ${level}` }, g);
      drum.style.transform = `rotate(${from}deg)`;
      if (from !== turn) {  // the drum turns to its new place
        requestAnimationFrame(() => requestAnimationFrame(() => {
          drum.style.transform = `rotate(${turn}deg)`;
        }));
      } else {
        drum.style.transform = `rotate(${turn}deg)`;
      }
      svg("circle", { r: radius, class: "drum-face" }, drum);
      svg("line", { x1: 0, y1: -radius, x2: 0, y2: -radius + 12, class: "drum-mark" }, drum);
      for (const [side, angle] of Object.entries(sides)) {
        const a = (angle * Math.PI) / 180;
        const on = seals.has(`${level}_${side}`);
        svg("rect", { x: (radius - 13) * Math.cos(a) - 6, y: (radius - 13) * Math.sin(a) - 6,
                      width: 12, height: 12, class: on ? "seal" : "seal open",
                      "data-seal": `${level}_${side}` }, g);
      }
    });
    const facing = {};
    for (const [glyph, kingdom] of Object.entries(t.glyphs || {})) {
      (facing[kingdom] = facing[kingdom] || []).push(glyph);
    }
    for (const [kingdom, glyphs] of Object.entries(facing)) {
      const a = (sides[kingdom] * Math.PI) / 180;
      svg("text", { x: (r + 22) * Math.cos(a), y: (r + 22) * Math.sin(a) + 4,
                    "text-anchor": "middle", class: "glyph" }, g,
          glyphs.map((x) => Words.t(x)).join(" "));
    }
    const inside = (o.skulls || {}).inside_tower || 0;
    svg("text", { y: 5, "text-anchor": "middle", class: "tower-skulls" }, g, `${inside} ☠`);
    if (key === "panel" && this.board) {  // which kingdom each side faces
      for (const k of this.board.kingdoms) {
        if (!(k.id in sides)) continue;
        const a = (sides[k.id] * Math.PI) / 180;
        svg("text", { x: (r + 38) * Math.cos(a), y: (r + 38) * Math.sin(a) + 4,
                      "text-anchor": "middle", class: "tower-side" }, g, k.name);
      }
    }
  },

  // the battle: the card being fought on its ladder, the advantages left to spend
  battle(b, el) {
    const box = html("div", "panel battle", el);
    const against = b.adversary ? Words.t("the adversary") : this.name(b.foe);
    html("h4", "", box, `${Words.t("Battle")}: ${against} (${this.spaceName(b.space)})`);
    html("p", "", box, `${Words.t("card")} ${b.index + 1} / ${b.cards}` +
         (b.revealed ? ` — ${Words.t("rung")} ${b.rung}: ${b.result}` : ""));
    const ladder = html("ol", "ladder", box);
    for (let r = 1; r <= 4; r++) html("li", r === b.rung ? "rung now" : "rung", ladder, `${r}`);
    const adv = Object.entries(b.advantages).map(([k, n]) => `${Words.t(k)} ×${n}`).join(", ");
    html("p", "", box, `${Words.t("Advantages")}: ${adv || "—"} (${b.used}/${b.max_advantages})`);
    if (b.lost_warriors) html("p", "loss", box, `${Words.t("warriors")} −${b.lost_warriors}`);
  },

  // a dungeon being explored: its rooms, the ones cleared, the one entered
  delve(o, el) {
    const d = o.delve;
    const dungeon = (o.dungeons || {})[d.space];
    const box = html("div", "panel delve", el);
    html("h4", "", box, `${Words.t("dungeon")}: ${this.spaceName(d.space)}`);
    if (dungeon) {
      const rooms = html("ol", "rooms", box);
      dungeon.rooms.forEach((room, i) => {
        const cls = ["room", dungeon.cleared[i] ? "cleared" : "", i === d.room ? "now" : ""];
        const li = html("li", cls.join(" "), rooms, room ? room.replaceAll("_", " ") : "?");
        li.addEventListener("click", () => Play.pick(String(i)));
      });
    }
  },

  spaceName(id) {
    const found = this.board && this.board.spaces.find((s) => s.id === id);
    return found ? found.name : this.name(id);
  },

  // an id as its printed name (the board's table), never as an id
  name(id) {
    return (this.board && this.board.names && this.board.names[id]) || id.replaceAll("_", " ");
  },

  panels(view, el) {
    const o = view.observe;
    el.innerHTML = "";
    // the Tower large enough to read: its drums, seals, the glyphs facing each kingdom and
    // the skulls inside (the board's centre shows it small)
    const towerBox = html("div", "panel tower-panel", el);
    const big = svg("svg", { viewBox: "-40 0 380 300", class: "tower-big", role: "img",
                             "aria-label": Words.t("the Tower") }, towerBox);
    this.tower(big, o, 150, 105, "panel");
    const top = html("div", "panel calendar", el);
    html("p", "", top, `${Words.t("Month")} ${o.month} / ${o.months} — ${Words.t("turn")} ${o.turn_number}`);
    html("p", "", top, `${Words.t("Skulls in the supply")}: ${o.skulls.supply}`);
    const chips = (row, ids) => {
      for (const id of ids) {
        const chip = html("span", "chip", row, this.name(id));
        chip.tabIndex = 0;
        chip.dataset.id = id;
      }
    };
    if (o.market && o.market.length) {
      chips(html("p", "cards market", top, `${Words.t("Market")}: `), o.market);
    }
    if (o.main_companion) {
      chips(html("p", "cards companion", top, `${Words.t("Main companion")}: `), [o.main_companion]);
    }
    const piles = Object.entries(o.gear_piles || {}).filter(([, n]) => n > 0);
    if (piles.length) {
      const row = html("p", "cards gear-piles", top, `${Words.t("Gear piles")}: `);
      for (const [id, n] of piles) {
        const chip = html("span", "chip", row, `${this.name(id)} ×${n}`);
        chip.tabIndex = 0;
        chip.dataset.id = id;
      }
    }
    for (const [foe, cards] of Object.entries(o.mutations || {})) {
      if (!cards.length) continue;
      chips(html("p", "cards mutations", top,
                 `${Words.t("Mutations")} (${this.name(foe)}): `), cards);
    }
    for (const q of o.quests || []) {
      const where = q.space ? ` — ${Words.t("at {space}", { space: this.spaceName(q.space) })}` : "";
      html("p", "quest", top, `${q.name} (${q.stage}/${q.stages})${where}: ${Words.t(q.text)}`);
    }
    if (o.battle) this.battle(o.battle, el);
    if (o.delve) this.delve(o, el);
    for (const h of o.heroes) {
      const p = html("div", `panel hero-board seat${h.seat}`, el);
      html("h4", "", p, `${h.seat + 1}. ${h.name}${h.seat === view.seat ? " ★" : ""}`);
      html("p", "", p, `${Words.t("warriors")} ${h.warriors} · ${Words.t("spirit")} ${h.spirit}`);
      const cards = [["virtue", h.virtues], ["gear", h.gear], ["treasure", h.treasures],
                     ["potion", h.potions], ["corruption", h.corruptions],
                     ["companion", h.companions], ["quest item", h.quest_items]];
      for (const [kind, list] of cards) {
        if (!list || !list.length) continue;
        chips(html("p", `cards ${kind.replace(" ", "-")}`, p, `${Words.t(kind)}: `), list);
      }
    }
  },
};
