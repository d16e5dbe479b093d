// A Tactics campaign drawn from observe(): the Guide's page and its choices, the market, the
// level-up screen (why each barred card is barred), the party's and each hero's sheet; while
// an encounter is played, its grid (the encounter's own view, drawn as a standalone one).
"use strict";
const Campaign = {
  render(view, boardEl, panelsEl) {
    const o = view.observe;
    if (o.encounter) {
      Tactics.render({ ...view, observe: o.encounter }, boardEl, panelsEl);
      this.sheets(o, panelsEl, false);
      return;
    }
    boardEl.innerHTML = "";
    const book = html("div", "guide", boardEl);
    if (o.ending) html("h2", "ending", book, `${Words.t("Ending")}: ${Words.t(o.ending.title || o.ending)}`);
    if (o.page) {
      // the Guide's words are content texts: the catalog has them whole (tactics_cards.po)
      html("h2", "", book, o.page.heading ? Words.event(o.page.heading) : o.page.title);
      for (const para of Words.t(String(o.page.text || "")).split("\n")) html("p", "", book, para);
      const list = html("ol", "choices", book);
      for (const c of o.page.choices || []) {
        const li = html("li", c.open ? "" : "closed", list);
        const b = html("button", "", li, Words.t(c.text));
        b.disabled = !Play.view.legal_actions.includes(c.action);
        b.onclick = () => Play.send(c.action);
        if (c.travel) html("span", "chip", li, Words.t("travel: a random encounter may come"));
      }
    }
    if (o.market) this.market(o.market, book);
    if (o.level_up) this.levelUp(o.level_up, book);
    panelsEl.innerHTML = "";
    this.sheets(o, panelsEl, true);
  },

  market(m, el) {
    const box = html("div", "panel market", el);
    html("h3", "", box, m.name);
    html("p", "", box, Words.t(m.text));
    const list = html("ul", "", box);
    for (const s of m.stock) {
      html("li", "", list, `${s.name}: ${s.price} ${Words.t("gold")}`);
    }
    html("p", "", box, `${Words.t("Sell for")} ${m.sell_price} ${Words.t("gold")}`);
  },

  levelUp(lu, el) {
    const box = html("div", "panel level-up", el);
    html("h3", "", box, `${Words.t("Level up")}: ${Words.t("Seat")} ${lu.seat + 1}`);
    const list = html("ul", "", box);
    for (const opt of lu.options) {
      const li = html("li", opt.ok ? "ok" : "barred", list,
                      `${opt.class} (${opt.card})` + (opt.ok ? "" : ` — ${opt.reason} [${opt.rule}]`));
      li.title = opt.ok ? "" : opt.reason;
    }
  },

  sheets(o, el, withParty) {
    if (withParty) {
      const p = o.party;
      const box = html("div", "panel party", el);
      html("h4", "", box, `${Words.t("Party")} (${Words.t(p.difficulty)})`);
      html("p", "", box, `${Words.t("gold")} ${p.gold} · ${Words.t("Revive potions")} ${p.revive_potions}` +
           ` · ${Words.t("random encounters")} ${p.random_encounters}`);
    }
    for (const h of o.heroes) {
      const box = html("div", "panel hero-sheet", el);
      html("h4", "", box, `${h.name} — ${h.class_name} ${Words.t("level")} ${h.level}`);
      html("p", "", box, `HP ${h.max_hp} · ${Words.t("movement")} ${h.movement} · ` +
           Object.entries(h.classes).map(([k, n]) => `${k} ${n}`).join(", "));
      const deck = Object.entries(h.deck).map(([k, n]) => `${k.replaceAll("_", " ")}×${n}`);
      html("p", "cards", box, `${Words.t("deck")}: ${deck.join(", ")}`);
      if (h.equipment.length) html("p", "cards", box, `${Words.t("equipment")}: ${h.equipment.join(", ")}`);
      if (h.perks.length) html("p", "cards", box, `${Words.t("perks")}: ${h.perks.join(", ")}`);
    }
  },
};
