// The replay viewer: draws the frames that Python computed from the engine (nothing is worked out here).
"use strict";
(() => {
  const { el, row, backs, card, position, RANK_WORD } = TF;
  const data = JSON.parse(document.getElementById("data").textContent);
  const views = data.views;
  let view = 0; // index into views
  let step = 0; // frame shown: the state after `step` actions of the view

  const $ = (id) => document.getElementById(id);
  const DECISION_WORDS = {
    GRAND_TICHU: "decides on Grand Tichu",
    TICHU: "decides on Tichu",
    EXCHANGE: "chooses the cards to push",
    PLAY: "is to play",
    WISH: "names a wish",
    DRAGON_GIFT: "gives the Dragon trick away",
    BOMB: "may bomb out of turn",
  };

  function viewName(v) {
    return v.seat === null ? "All hands" : "Seat " + v.seat + "'s view";
  }

  function setup() {
    const select = $("view");
    views.forEach((v, i) => select.appendChild(el("option", { value: String(i), text: viewName(v) })));
    select.addEventListener("change", () => switchView(Number(select.value)));
    if (views.length === 1) select.disabled = true;
    $("first").addEventListener("click", () => go(0));
    $("last").addEventListener("click", () => go(cur().frames.length - 1));
    $("prev").addEventListener("click", () => go(step - 1));
    $("next").addEventListener("click", () => go(step + 1));
    $("prev-trick").addEventListener("click", () => go(trickStep(-1)));
    $("next-trick").addEventListener("click", () => go(trickStep(1)));
    $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
    document.addEventListener("keydown", (e) => {
      if (e.target && (e.target.tagName === "SELECT" || e.target.tagName === "INPUT")) return;
      const keys = {
        ArrowRight: () => step + 1, ArrowLeft: () => step - 1, Home: () => 0,
        End: () => cur().frames.length - 1, PageDown: () => trickStep(1), PageUp: () => trickStep(-1),
      };
      if (keys[e.key]) {
        e.preventDefault();
        go(keys[e.key]());
      }
    });
    switchView(0);
  }

  function cur() {
    return views[view];
  }

  // the step of the next (dir 1) or previous (dir -1) lead, or the ends
  function trickStep(dir) {
    const ev = cur().events;
    let s = step + dir;
    while (s > 0 && s < cur().frames.length - 1) {
      const e = ev[s - 1];
      if (e.cards && e.decision === "PLAY" && cur().frames[s - 1].table === null) return s;
      s += dir;
    }
    return Math.max(0, Math.min(cur().frames.length - 1, s));
  }

  function switchView(v) {
    // keep the same moment: the last action of the new view at or before the current one
    const before = step > 0 ? cur().events[step - 1].index : -1;
    view = v;
    $("view").value = String(v);
    const ev = cur().events;
    let s = 0;
    while (s < ev.length && ev[s].index <= before) s++;
    buildLog();
    $("slider").max = String(cur().frames.length - 1);
    go(s);
  }

  function go(s) {
    step = Math.max(0, Math.min(cur().frames.length - 1, s));
    draw();
  }

  function buildLog() {
    const log = $("log");
    log.textContent = "";
    let trick = 0;
    cur().events.forEach((e, i) => {
      if (e.trick && e.trick !== trick) {
        trick = e.trick;
        log.appendChild(el("li", { class: "trick-head", text: "Trick " + trick }));
      }
      if (i === 0 || (cur().events[i - 1].decision !== e.decision && ["GRAND_TICHU", "TICHU", "EXCHANGE"].includes(e.decision))) {
        const head = { GRAND_TICHU: "Grand Tichu calls (first 8 cards)", TICHU: "Tichu calls", EXCHANGE: "The exchange" }[e.decision];
        if (head) log.appendChild(el("li", { class: "trick-head", text: head }));
      }
      let text = e.text;
      if (e.analysis && e.analysis.loss !== undefined) text += "  [cost " + num(e.analysis.loss) + "]";
      const b = el("button", { type: "button", text: text, onclick: () => go(i + 1), dataset: { step: String(i + 1) } });
      const li = el("li", {}, b);
      for (const n of e.notes) li.appendChild(el("div", { class: "note", text: "  " + n }));
      log.appendChild(li);
    });
  }

  function num(x) {
    return (Math.round(x * 10) / 10).toString();
  }

  function fmt(x) {
    return (x > 0 ? "+" : "") + (Math.round(x * 10) / 10).toString();
  }

  function seatPanel(f, p, me) {
    const v = cur();
    const pos = position(p, me);
    const panel = el("section", { class: "seat pos-" + pos, "aria-label": "Seat " + p, dataset: { seat: String(p) } });
    if (f.to_act === p) panel.classList.add("to-act");
    const h = el("h2", {}, "Seat " + p + (v.seat === p ? " (this view)" : "") + " · team " + (p % 2));
    if (f.calls[p]) h.appendChild(TF.callBadge(f.calls[p], f.out, p));
    const out = f.out.indexOf(p);
    if (out >= 0) h.appendChild(el("span", { class: "badge out", text: "out " + ["1st", "2nd", "3rd", "4th"][out] }));
    if (f.to_act === p && DECISION_WORDS[f.decision]) h.appendChild(el("span", { class: "badge turn", text: "to act" }));
    panel.appendChild(h);
    const hand = f.hands[p];
    let cards;
    if (hand === null) {
      cards = backs(f.sizes[p], true);
      cards.appendChild(el("span", { class: "count", text: f.sizes[p] + " cards" }));
    } else {
      cards = el("div", { class: "cards", "aria-label": "Hand of seat " + p + ": " + hand.length + " cards", role: "group" });
      for (const name of hand) {
        const c = card(name, { small: pos !== "bottom" });
        if (f.seen && !f.seen[p].includes(name)) {
          c.classList.add("unseen");
          c.setAttribute("aria-label", TF.label(name) + " (not seen yet)");
        }
        cards.appendChild(c);
      }
      if (hand.length === 0) cards.appendChild(el("span", { class: "count", text: "no cards" }));
    }
    cards.dataset.hand = String(p);
    panel.appendChild(cards);
    const meta = el("div", { class: "meta" });
    meta.appendChild(document.createTextNode("Pile: " + f.points[p] + " points"));
    panel.appendChild(meta);
    if (f.pushed[p]) panel.appendChild(swapLine("Pushed:", f.pushed[p], "to", p));
    if (v.seat === p && f.received) panel.appendChild(swapLine("Received:", f.received, "from", p));
    return panel;
  }

  // the 3 cards pushed (or received): each card with its seat, kept together when the line wraps
  function swapLine(title, names, dir, p) {
    const line = el("div", { class: "meta swap-line" }, el("span", { text: title }));
    names.forEach((name, k) => {
      line.appendChild(el("span", { class: "swap-item" }, card(name, { small: true }), " " + dir + " seat " + ((p + k + 1) % 4)));
    });
    return line;
  }

  function center(f) {
    const c = el("section", { class: "center", "aria-label": "The trick" });
    if (f.wish) c.appendChild(el("div", { class: "wish", text: "Wish in force: " + RANK_WORD[f.wish] }));
    const title = f.trick.length === 0 ? "No trick yet" : f.trick_open ? "The trick" : "The last trick (taken)";
    c.appendChild(el("h2", { text: title }));
    const plays = el("div", { class: "trick-plays" });
    for (const [p, text, cards] of f.trick) {
      const chip = el("div", { class: "trick-play" + (text === "pass" ? " pass" : "") + (f.trick_open ? "" : " old") });
      chip.appendChild(el("span", { class: "who", text: "Seat " + p }));
      if (text === "pass") chip.appendChild(el("span", { text: "passes" }));
      else chip.appendChild(row(cards, { small: true }));
      if (text.includes(":")) chip.appendChild(el("span", { text: "(" + text + ")" }));
      plays.appendChild(chip);
    }
    c.appendChild(plays);
    if (f.score) {
      c.appendChild(el("p", { class: "score", text: "Score: team 0 " + fmt(f.score[0]) + ", team 1 " + fmt(f.score[1]) }));
      c.appendChild(el("p", { text: "Out order: " + f.out.map((s) => "seat " + s).join(", ") }));
    } else if (f.to_act >= 0 && DECISION_WORDS[f.decision]) {
      c.appendChild(el("p", { text: "Seat " + f.to_act + " " + DECISION_WORDS[f.decision] + "." }));
    }
    return c;
  }

  function analysisTable(e, f) {
    const a = e.analysis;
    const box = el("div", { class: "analysis" });
    box.appendChild(el("h2", { text: "Analysis of seat " + e.seat + "'s decision" }));
    const sign = e.seat % 2 === 0 ? 1 : -1; // values are team 0's: shown for the deciding seat's team
    const entries = Object.entries(a.values).map(([t, v]) => [t, sign * v]).sort((x, y) => y[1] - x[1]);
    const best = a.best !== undefined ? a.best : entries.length ? entries[0][0] : null;
    const table = el("table", {}, el("caption", { class: "hint", text: "Value of each action for team " + (e.seat % 2) + " (seat " + e.seat + "'s team)" }));
    table.appendChild(el("tr", {}, el("th", { text: "action" }), el("th", { text: "value" })));
    for (const [t, v] of entries) {
      const cls = [t === a.taken ? "taken" : "", t === best ? "best" : ""].join(" ").trim();
      const tr = el("tr", { class: cls }, el("td", { text: t + (t === a.taken ? "  (taken)" : "") }), el("td", { text: fmt(v) }));
      table.appendChild(tr);
    }
    box.appendChild(table);
    if (a.loss !== undefined) box.appendChild(el("p", { text: "The action taken cost " + num(a.loss) + " points." }));
    return box;
  }

  // scrolls the log's own panel to the line, never the window (scrollIntoView would move a phone's page)
  function showInLog(line) {
    const log = $("log");
    const box = log.getBoundingClientRect();
    const at = line.getBoundingClientRect();
    if (at.top < box.top) log.scrollTop -= box.top - at.top;
    else if (at.bottom > box.bottom) log.scrollTop += at.bottom - box.bottom;
  }

  function draw() {
    const v = cur();
    const f = v.frames[step];
    const me = v.seat === null ? 0 : v.seat;
    const felt = $("felt");
    felt.textContent = "";
    for (const p of [2, 3, 1, 0].map((k) => (k + me) % 4)) felt.appendChild(seatPanel(f, p, me));
    felt.appendChild(center(f));
    // now: what just happened and the decision that comes next
    const now = $("now");
    now.textContent = "";
    if (step === 0) now.appendChild(el("p", { text: "The deal. Step forwards to see every call and play." }));
    else {
      const e = v.events[step - 1];
      now.appendChild(el("p", { class: "score", text: e.text }));
      for (const n of e.notes) now.appendChild(el("p", { text: n }));
    }
    const next = v.events[step];
    if (next && next.analysis) now.appendChild(analysisTable(next, f));
    // the log and the header
    for (const b of document.querySelectorAll("#log button")) {
      const current = Number(b.dataset.step) === step;
      b.classList.toggle("current", current);
      if (current) {
        b.setAttribute("aria-current", "step");
        showInLog(b);
      } else b.removeAttribute("aria-current");
    }
    $("slider").value = String(step);
    $("step-info").textContent = "Step " + step + " of " + (v.frames.length - 1);
    $("prev").disabled = $("first").disabled = $("prev-trick").disabled = step === 0;
    $("next").disabled = $("last").disabled = $("next-trick").disabled = step === v.frames.length - 1;
    document.body.dataset.step = String(step);
    document.body.dataset.view = v.seat === null ? "all" : String(v.seat);
  }

  setup();
})();
