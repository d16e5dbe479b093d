// A table replayed step by step (GET .../replay): the board and the log as this seat saw
// them at each version, from the first to the last; the live view waits meanwhile.
"use strict";
const Replay = {
  on: false,
  live: null,     // the table's newest view, kept while a step is shown
  step: null,     // the step shown: version, first, last, the action that led there

  async open() {
    this.on = true;
    this.live = Play.view;
    document.getElementById("replay-bar").hidden = false;
    document.getElementById("turn").hidden = true;
    await this.show(Math.max(0, this.live.version - 1));
  },

  close() {
    this.on = false;
    document.getElementById("replay-bar").hidden = true;
    document.getElementById("turn").hidden = false;
    Play.view = this.live;
    Play.render();
  },

  // a view the page draws as any other: this step's board and log, nothing to do
  async show(version) {
    const q = `token=${encodeURIComponent(Play.token || "")}&version=${version}`;
    const r = await fetch(`/api/tables/${Play.tableId}/replay?${q}`);
    const error = document.getElementById("replay-error");
    if (!r.ok) {
      const body = await r.json().catch(() => ({}));
      error.textContent = body.error || `${r.status}`;
      return;
    }
    error.textContent = "";
    const s = await r.json();
    this.step = s;
    Play.view = Object.assign({}, this.live, {
      observe: s.observe, version: s.version, to_act: s.to_act, result: s.result,
      your_turn: false, prompt: "", ask: null, legal_actions: [], action_words: [],
      action_costs: [], unavailable: [],
    });
    Play.render();
    this.drawBar();
    document.getElementById("status").textContent = `${Words.t("Replay")} · ` +
      Words.t("Step {n} of {last}", { n: s.version, last: s.last });
  },

  // who made a change, as the seats are named ("seat 1", "ai heuristic (seat 1)" logged)
  who(actor) {
    const m = /seat (\d+)/.exec(actor || "");
    if (!m) return actor || "";
    const seat = this.live.seats[Number(m[1])];
    return (seat && seat.name) || `${Words.t("Seat")} ${Number(m[1]) + 1}`;
  },

  drawBar() {
    const s = this.step;
    const range = document.getElementById("replay-range");
    range.min = s.first;
    range.max = s.last;
    range.value = s.version;
    document.getElementById("replay-at").textContent =
      Words.t("Step {n} of {last}", { n: s.version, last: s.last });
    const led = s.action === null ? Words.t("The table as it was dealt")
      : `${this.who(s.actor)}: ${s.words ? Words.event(s.words) : s.action}`;
    document.getElementById("replay-led").textContent = led;
    document.getElementById("replay-first").disabled = s.version <= s.first;
    document.getElementById("replay-back").disabled = s.version <= s.first;
    document.getElementById("replay-next").disabled = s.version >= s.last;
    document.getElementById("replay-last").disabled = s.version >= s.last;
  },

  // the bar's controls; Left and Right step while it is open
  wire() {
    const go = (f) => () => this.step && this.show(f(this.step));
    document.getElementById("replay").addEventListener("click", () => this.on ? this.close() : this.open());
    document.getElementById("replay-close").addEventListener("click", () => this.close());
    document.getElementById("replay-first").addEventListener("click", go((s) => s.first));
    document.getElementById("replay-back").addEventListener("click", go((s) => s.version - 1));
    document.getElementById("replay-next").addEventListener("click", go((s) => s.version + 1));
    document.getElementById("replay-last").addEventListener("click", go((s) => s.last));
    document.getElementById("replay-range").addEventListener("change",
      (e) => this.show(Number(e.target.value)));
    document.addEventListener("keydown", (e) => {
      if (!this.on || !this.step || e.target.tagName === "INPUT") return;
      if (e.key === "ArrowLeft" && this.step.version > this.step.first) this.show(this.step.version - 1);
      if (e.key === "ArrowRight" && this.step.version < this.step.last) this.show(this.step.version + 1);
    });
  },
};
