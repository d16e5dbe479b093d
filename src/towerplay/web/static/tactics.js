// An Adventure Tactics encounter drawn from observe(): the grid with its terrain, walls and
// figures (HP, conditions); the squares the legal actions name lit up (the engine lists only
// targets in range and in sight); the damage or healing since the last view above each figure;
// the hand, the initiative line, the revealed boss cards.
"use strict";
const CELL = 56;
const GROUND = { ".": "floor", S: "start", "#": "wall", o: "obstacle", "~": "water", "^": "trap",
                 X: "exit", "*": "spawn", W: "wraith" };

function squareName(col, row) {  // columns from a, rows from the bottom, as the engine names them
  return `${String.fromCharCode(97 + col)}${row + 1}`;
}

const Tactics = {
  render(view, boardEl, panelsEl) {
    const o = view.observe;
    boardEl.innerHTML = "";
    boardEl.appendChild(this.grid(o));
    this.panels(view, panelsEl);
  },

  grid(o) {
    const rows = o.map.length;
    const cols = o.map[0].length;
    const root = svg("svg", { viewBox: `0 0 ${cols * CELL} ${rows * CELL}`, class: "grid",
                              role: "img", "aria-label": o.encounter });
    const lit = new Set();
    for (const a of (Play.view.your_turn ? Play.view.legal_actions : [])) {
      for (const word of a.split(" ")) if (/^[a-z]\d+$/.test(word)) lit.add(word);
    }
    const walls = new Set(o.walls.flatMap((w) => w.squares));
    // a card's area, while its target is chosen: hovering a target lights what it would reach
    const pending = Play.view.your_turn ? o.pending : null;
    const area = pending && pending.kind === "target" ? pending.area : null;
    o.map.forEach((line, top) => {
      const row = rows - 1 - top;
      [...line].forEach((ch, col) => {
        const name = squareName(col, row);
        const cls = [`sq`, GROUND[ch] || "floor"];
        if (walls.has(name)) cls.push("summoned-wall");
        if (lit.has(name)) cls.push("legal");
        if ((o.objectives.reach || []).includes(name)) cls.push("goal");
        const g = svg("g", { class: cls.join(" "), "data-square": name,
                             transform: `translate(${col * CELL},${top * CELL})` }, root);
        svg("rect", { width: CELL - 2, height: CELL - 2, x: 1, y: 1, rx: 3 }, g);
        svg("text", { x: 4, y: 12, class: "sq-name" }, g, name);
        svg("title", {}, g, `${name}: ${Words.t(GROUND[ch] || "floor")}`);
        g.addEventListener("click", () => Play.pick(name));
        if (area && lit.has(name)) {
          g.addEventListener("mouseenter", () => this.preview(root, col, row, area.radius, true));
          g.addEventListener("mouseleave", () => this.preview(root, col, row, area.radius, false));
        }
      });
    });
    for (const u of o.units) {
      if (!u.squares.length) continue;
      const xs = u.squares.map((s) => s.charCodeAt(0) - 97);
      const ys = u.squares.map((s) => rows - Number(s.slice(1)));
      const x = Math.min(...xs) * CELL, y = Math.min(...ys) * CELL;
      const w = (Math.max(...xs) - Math.min(...xs) + 1) * CELL;
      const h = (Math.max(...ys) - Math.min(...ys) + 1) * CELL;
      const g = svg("g", { class: `unit ${u.side}${u.knocked_out ? " out" : ""}`,
                           "data-unit": u.id, transform: `translate(${x},${y})` }, root);
      svg("title", {}, g, `${u.name || u.id}: ${u.hp}/${u.max_hp} HP` +
          (u.conditions.length ? `, ${u.conditions.join(", ")}` : ""));
      svg("circle", { cx: w / 2, cy: h / 2, r: Math.min(w, h) / 2 - 7 }, g);
      const label = u.id.length > 5 ? u.id.slice(0, 3) + u.id.replace(/\D/g, "") : u.id;
      svg("text", { x: w / 2, y: h / 2 + 4, "text-anchor": "middle", class: "unit-id" }, g, label);
      const bar = Math.max(0, u.hp) / Math.max(1, u.max_hp);
      svg("rect", { x: 6, y: h - 9, width: (w - 12) * bar, height: 5, class: "hp" }, g);
      svg("text", { x: w - 4, y: 12, "text-anchor": "end", class: "hp-text" }, g, String(u.hp));
      if (u.conditions.length) {
        svg("text", { x: 4, y: h - 12, class: "conditions" }, g,
            u.conditions.map((c) => c[0].toUpperCase()).join(""));
      }
      const before = (this.lastHp || {})[u.id];
      if (before !== undefined && before !== u.hp) {  // damage (or healing) since the last view
        const change = u.hp - before;
        svg("text", { x: w / 2, y: 4, "text-anchor": "middle",
                      class: change < 0 ? "dmg" : "dmg heal" }, g,
            change < 0 ? String(change) : `+${change}`);
      }
      g.addEventListener("click", () => Play.pick(u.squares[0]));
      // a figure standing on a target square covers it: hovering the figure previews too
      const on = area && u.squares.find((sq) => lit.has(sq));
      if (on) {
        const col = on.charCodeAt(0) - 97, row = Number(on.slice(1)) - 1;
        g.addEventListener("mouseenter", () => this.preview(root, col, row, area.radius, true));
        g.addEventListener("mouseleave", () => this.preview(root, col, row, area.radius, false));
      }
    }
    this.lastHp = Object.fromEntries(o.units.map((u) => [u.id, u.hp]));
    return root;
  },

  // AT-AOE-1: the area reaches `radius` squares from the target every way, diagonals included
  preview(root, col, row, radius, on) {
    for (let dc = -radius; dc <= radius; dc++) {
      for (let dr = -radius; dr <= radius; dr++) {
        const sq = root.querySelector(`[data-square="${squareName(col + dc, row + dr)}"]`);
        if (sq) sq.classList.toggle("in-area", on);
      }
    }
  },

  panels(view, el) {
    const o = view.observe;
    el.innerHTML = "";
    const top = html("div", "panel", el);
    html("p", "", top, `${Words.t("Round")} ${o.round} / ${o.objectives.round_limit} · ${o.phase}`);
    html("p", "", top, `${Words.t("Main objective")}: ${Words.t(o.objectives.main)}`);
    html("p", "", top, `${Words.t("Bonus objective")}: ${Words.t(o.objectives.bonus)}`);
    html("p", "", top, `${Words.t("Revive potions")}: ${o.potions}`);
    if (o.initiative.length) {
      const line = html("p", "initiative", top, `${Words.t("Initiative")}: `);
      o.initiative.forEach((id, i) => {
        html("span", i === o.turn_index ? "chip now" : "chip", line, Words.names[id] || id);
      });
    }
    if (o.boss_discard.length) {
      html("p", "", top, `${Words.t("Boss cards revealed")}: ${o.boss_discard.join(", ")}`);
    }
    for (const h of o.heroes) {
      const p = html("div", `panel hero-board seat${h.seat}`, el);
      html("h4", "", p, `${h.seat + 1}. ${h.name || h.id} (${h.class_name || h.class})` +
           `${h.seat === view.seat ? " ★" : ""}`);
      html("p", "", p, `${Words.t("deck")} ${h.deck} · ${Words.t("hand")} ${h.hand_size} · ` +
           `${Words.t("discard")} ${h.discard.length}`);
      if (h.hand) {
        const row = html("p", "cards hand", p, `${Words.t("hand")}: `);
        for (const c of h.hand) {
          const chip = html("span", "chip", row, (o.names || {})[c] || c.replaceAll("_", " "));
          chip.tabIndex = 0;
          chip.dataset.id = c;
        }
      }
      const board = Object.entries(h.board).filter(([, v]) => v);
      if (board.length) {
        html("p", "cards", p, board.map(([k, v]) => `${Words.t(k.replaceAll("_", " "))}: ${(o.names || {})[v] || v.replaceAll("_", " ")}`)
          .join(" · "));
      }
    }
  },
};
