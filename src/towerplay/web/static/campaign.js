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
    if (o.level_up) this.levelUp(o.level_up, book, o.names || {});
    if (o.pending && o.pending.kind === "create") this.classes(o.pending, book, o.names || {});
    panelsEl.innerHTML = "";
    this.sheets(o, panelsEl, true);
    Play.explain(boardEl);
    Play.explain(panelsEl);
  },

  // a card: its name, what kind of card it is, its full text (fetched once: Play.describe)
  card(el, id, title, names) {
    const box = html("div", "cardface", el);
    box.tabIndex = 0;
    html("h4", "", box, title || names[id] || id);
    const text = html("p", "cardtext", box, "…");
    Play.describe(id).then((found) => {
      // the first line is the name and kind, said by the heading already
      text.textContent = (found || "").split("\n").slice(1).join("\n") || Words.t("no text");
    });
    return box;
  },

  // the first screen: the classes a hero may start as, each as its card
  classes(pending, el, names) {
    const seen = [...new Set((pending.choices || []).map((a) => a.split(" ")[2]).filter(Boolean))];
    if (!seen.length) return;
    // a phone shows the choices first: the cards fold under their heading there
    const fold = html("details", "classes", el);
    fold.open = window.matchMedia("(min-width: 800px)").matches;
    html("summary", "", fold, Words.t("The basic classes"));
    const row = html("div", "cards", fold);
    for (const cls of seen) this.card(row, cls, names[cls], names);
  },

  chip(el, id, names, suffix) {
    const c = html("span", "chip", el, (names[id] || id) + (suffix || ""));
    c.dataset.id = id;
    c.tabIndex = 0;
    return c;
  },

  market(m, el) {
    const box = html("div", "panel market", el);
    html("h3", "", box, m.name);
    html("p", "", box, Words.t(m.text));
    const row = html("div", "cards", box);  // the stock as cards: name, price, full text
    for (const s of m.stock) this.card(row, s.card, `${s.name} · ${s.price} ${Words.t("gold")}`, {});
    html("p", "", box, `${Words.t("Sell for")} ${m.sell_price} ${Words.t("gold")}`);
  },

  // every level-up card the hero could take, as its card; a barred one says why, with its rule
  levelUp(lu, el, names) {
    const box = html("div", "panel level-up", el);
    html("h3", "", box, `${Words.t("Level up")}: ${Words.t("Seat")} ${lu.seat + 1}`);
    const row = html("div", "cards", box);
    for (const opt of lu.options) {
      const face = this.card(row, opt.card, names[opt.card], names);  // its name says its class
      face.classList.add(opt.ok ? "open" : "locked");
      if (!opt.ok) {
        const why = html("p", "why-barred", face, `${opt.why ? Words.event(opt.why) : opt.reason} [${opt.rule}]`);
        why.setAttribute("role", "note");
      }
    }
  },

  sheets(o, el, withParty) {
    const names = o.names || {};
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
      const classes = Object.entries(h.classes).map(([k, n]) => `${names[k] || k} ${n}`).join(", ");
      html("p", "", box, `HP ${h.max_hp} · ${Words.t("movement")} ${h.movement} · ${classes}`);
      const deck = html("p", "cards", box, `${Words.t("deck")}: `);
      for (const [k, n] of Object.entries(h.deck)) this.chip(deck, k, names, n > 1 ? ` ×${n}` : "");
      const lists = [["equipment", h.equipment], ["abilities", h.abilities], ["perks", h.perks]];
      for (const [label, ids] of lists) {
        if (!ids.length) continue;
        const line = html("p", "cards", box, `${Words.t(label)}: `);
        for (const id of ids) this.chip(line, id, names);
      }
    }
  },
};
