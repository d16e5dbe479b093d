// The page's words: English ids, translated from the server's catalog (/api/i18n/LANG).
"use strict";
const Words = {
  lang: localStorage.getItem("towerplay.lang") ||
    ((navigator.language || "en").toLowerCase().startsWith("pt") ? "pt" : "en"),
  messages: {},
  // ids a game's view names (a figure's id -> its printed name): a field that is one of
  // them is shown by its name (set by the game's renderer before the log is worded)
  names: {},
  async load(lang) {
    this.lang = lang;
    localStorage.setItem("towerplay.lang", lang);
    document.documentElement.lang = lang === "pt" ? "pt-BR" : "en";
    const r = await fetch(`/api/i18n/${lang}`);
    this.messages = r.ok ? await r.json() : {};
    this.apply(document);
  },
  // t("{hero} loses {n} warriors", {hero: "…", n: 4}): the template in this language
  // (English when the catalog lacks it); a field whose text is itself a message of the
  // catalog ("warriors") is translated too, as the server's catalog.format does
  t(msg, args) {
    const text = this.messages[msg] || msg;
    if (!args) return text;
    return text.replace(/\{(\w+)\}/g, (all, k) => (k in args ? this.field(args[k]) : all));
  },
  field(value) {
    // a list of sentences (the actions there are now), each worded, as the server's
    if (Array.isArray(value)) return value.map((v) => this.field(v)).join("; ");
    // a reason worded on its own (a refusal's `why`, a question inside a refusal)
    if (value && typeof value === "object" && "msg" in value) return this.event(value);
    const v = String(value);
    return this.names[v] || this.messages[v] || v;
  },
  // a refusal (IllegalAction.view(): msg, args, rule): its sentence, the rule ID kept
  refusal(r) {
    return `${this.t(r.msg, r.args)} [${r.rule}]`;
  },
  // an event of observe()["events"], or a plain log line
  event(e) {
    return typeof e === "string" ? e : this.t(e.msg, e.args);
  },
  apply(root) {
    for (const el of root.querySelectorAll("[data-t]")) {
      const id = el.getAttribute("data-t");
      el.textContent = this.t(id);
    }
    for (const el of root.querySelectorAll("[data-t-placeholder]")) {
      el.placeholder = this.t(el.getAttribute("data-t-placeholder"));
    }
  },
  picker(select, onChange) {
    select.value = this.lang;
    select.addEventListener("change", async () => {
      await this.load(select.value);
      if (onChange) onChange();
    });
  },
};
