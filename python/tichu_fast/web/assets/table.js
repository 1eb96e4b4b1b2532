// The table: draws what the server sends (the seat's observation and its legal actions) and sends back
// the person's action as text. Legality is the engine's: only the actions the server listed are offered,
// and the server checks each one again.
"use strict";
(() => {
  const { el, card, backs, row, position, RANK_WORD, label } = TF;
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse(document.getElementById("data").textContent);
  let ws = null;
  let state = null;
  let selected = []; // the cards chosen, in the order clicked
  const SIDE = { right: "right opponent", top: "partner", left: "left opponent", bottom: "you" };
  const DECISION_WORDS = {
    GRAND_TICHU: "decides on Grand Tichu", TICHU: "decides on Tichu", EXCHANGE: "chooses cards to push",
    PLAY: "is to play", WISH: "names a wish", DRAGON_GIFT: "gives the Dragon trick away", BOMB: "may bomb",
  };

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + data.ws;
    ws = new WebSocket(url);
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      const why = event.reason ? " (" + event.reason + ")" : "";
      $("prompt").textContent = "The connection to the table is closed" + why + ". Reload the page to reconnect.";
      $("controls").textContent = "";
      document.body.dataset.closed = "1";
    };
  }

  function send(message) {
    $("error").textContent = "";
    ws.send(JSON.stringify(message));
  }

  function act(text) {
    send({ type: "act", action: text, version: state.version });
  }

  function receive(message) {
    if (message.type === "error") {
      $("error").textContent = message.message;
      document.body.dataset.error = message.message;
      return;
    }
    if (!state || state.version !== message.version) selected = [];
    state = message;
    draw();
  }

  function seatName(p) {
    const me = state.seat;
    return p === me ? "You (seat " + p + ")" : "Seat " + p + " (" + SIDE[position(p, me)] + ")";
  }

  // -- what may be clicked -----------------------------------------------------------
  function plays() {
    return state.legal.filter((a) => a.cards);
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every((c) => b.includes(c));
  }

  function clickable(name) {
    if (state.hand_over) return false;
    if (state.exchange) return true;
    if (selected.includes(name)) return true;
    const want = selected.concat([name]);
    return plays().some((m) => want.every((c) => m.cards.includes(c)));
  }

  function toggle(name) {
    const i = selected.indexOf(name);
    if (i >= 0) selected.splice(i, 1);
    else if (!state.exchange || selected.length < 3) selected.push(name);
    draw();
    const again = document.querySelector('#hand-me [data-card="' + name + '"]');
    if (again) again.focus();
  }

  // -- drawing ---------------------------------------------------------------------------
  function seatPanel(f, p) {
    const me = state.seat;
    const pos = position(p, me);
    const panel = el("section", { class: "seat pos-" + pos, "aria-label": seatName(p), dataset: { seat: String(p) } });
    if (f.to_act === p && !state.hand_over) panel.classList.add("to-act");
    const h = el("h2", {}, seatName(p) + " · team " + (p % 2));
    if (f.calls[p] === "grand") h.appendChild(el("span", { class: "badge grand", text: "Grand Tichu" }));
    if (f.calls[p] === "tichu") h.appendChild(el("span", { class: "badge tichu", text: "Tichu" }));
    const out = f.out.indexOf(p);
    if (out >= 0) h.appendChild(el("span", { class: "badge out", text: "out " + ["1st", "2nd", "3rd", "4th"][out] }));
    if (f.to_act === p && !state.hand_over) h.appendChild(el("span", { class: "badge turn", text: "to act" }));
    panel.appendChild(h);
    if (p === me) {
      const hand = el("div", { class: "cards", id: "hand-me", role: "group", "aria-label": "Your hand: " + f.hands[p].length + " cards" });
      for (const name of f.hands[p]) {
        const b = card(name, { button: true });
        b.setAttribute("aria-pressed", selected.includes(name) ? "true" : "false");
        b.disabled = !clickable(name) || !(state.exchange || state.legal.length);
        b.addEventListener("click", () => toggle(name));
        hand.appendChild(b);
      }
      if (f.hands[p].length === 0) hand.appendChild(el("span", { class: "count", text: "no cards" }));
      panel.appendChild(hand);
    } else {
      const hidden = backs(f.sizes[p], true);
      hidden.appendChild(el("span", { class: "count", text: f.sizes[p] + " cards" }));
      hidden.dataset.hand = String(p);
      panel.appendChild(hidden);
    }
    panel.appendChild(el("div", { class: "meta", text: "Pile: " + f.points[p] + " points" }));
    if (p === me && f.pushed[p]) {
      const line = el("div", { class: "meta" }, "You pushed: ");
      f.pushed[p].forEach((n, k) => {
        line.appendChild(card(n, { small: true }));
        line.appendChild(document.createTextNode(" to seat " + ((p + k + 1) % 4) + "  "));
      });
      panel.appendChild(line);
    }
    if (p === me && f.received) {
      const line = el("div", { class: "meta" }, "You received: ");
      f.received.forEach((n, k) => {
        line.appendChild(card(n, { small: true }));
        line.appendChild(document.createTextNode(" from seat " + ((p + k + 1) % 4) + "  "));
      });
      panel.appendChild(line);
    }
    return panel;
  }

  function center(f) {
    const c = el("section", { class: "center", "aria-label": "The trick", id: "trick" });
    if (f.wish) c.appendChild(el("div", { class: "wish", text: "Wish in force: " + RANK_WORD[f.wish] }));
    const title = f.trick.length === 0 ? "No trick yet" : f.trick_open ? "The trick" : "The last trick (taken)";
    c.appendChild(el("h2", { text: title }));
    for (const [p, text, cards] of f.trick) {
      const line = el("div", { class: "trick-play" + (f.trick_open ? "" : " old"), dataset: { seat: String(p), play: text } });
      line.appendChild(el("span", { class: "who", text: p === state.seat ? "You" : "Seat " + p }));
      if (text === "pass") line.appendChild(el("span", { text: "passes" }));
      else line.appendChild(row(cards, { small: true }));
      if (text.includes(":")) line.appendChild(el("span", { text: "(" + text + ")" }));
      c.appendChild(line);
    }
    if (!state.hand_over && f.to_act >= 0 && f.to_act !== state.seat && DECISION_WORDS[f.decision]) {
      c.appendChild(el("p", { text: seatName(f.to_act) + " " + DECISION_WORDS[f.decision] + "..." }));
    }
    return c;
  }

  function button(text, onclick, opts = {}) {
    const b = el("button", { type: "button", class: opts.primary ? "primary" : "", text: text, onclick: onclick });
    if (opts.action) b.dataset.action = opts.action;
    if (opts.disabled) b.disabled = true;
    return b;
  }

  function controls(f) {
    const box = $("controls");
    box.textContent = "";
    const prompt = $("prompt");
    const over = state.hand_over;
    if (over) {
      const [a, b] = over.score;
      prompt.textContent = "Hand " + over.number + " is over: team 0 " + sign(a) + ", team 1 " + sign(b) + ".";
      box.appendChild(el("span", { class: "score", text: "Match: team 0 " + state.totals[0] + ", team 1 " + state.totals[1] + " (target " + state.target + ")" }));
      box.appendChild(el("a", { href: over.viewer, target: "_blank", rel: "noopener", id: "viewer-link", text: "See the whole hand in the viewer" }));
      if (over.match_over) {
        const mine = state.seat % 2;
        box.appendChild(el("p", { class: "score", id: "match-over", text: "The match is over: team " + over.winner + (over.winner === mine ? " (your team) wins!" : " wins.") }));
      } else box.appendChild(button("Next hand", () => send({ type: "next" }), { primary: true, action: "next" }));
      return;
    }
    if (state.exchange) {
      prompt.textContent = "Choose 3 cards to push: the first to the right opponent, the second to your partner, the third to the left opponent.";
      const me = state.seat;
      const slots = el("div", { class: "controls" });
      for (let k = 0; k < 3; k++) {
        const to = (me + k + 1) % 4;
        slots.appendChild(el("span", { class: "label", text: "to seat " + to + " (" + SIDE[position(to, me)] + "):" }));
        slots.appendChild(selected[k] ? card(selected[k], { small: true }) : el("span", { text: "—", "aria-label": "no card yet" }));
      }
      box.appendChild(slots);
      box.appendChild(button("Push these 3 cards", () => act("push " + selected.join(" ")), { primary: true, action: "push", disabled: selected.length !== 3 }));
      box.appendChild(button("Clear", () => { selected = []; draw(); }, { disabled: selected.length === 0 }));
      return;
    }
    if (!state.legal.length) {
      prompt.textContent = f.to_act >= 0 ? seatName(f.to_act) + " " + (DECISION_WORDS[f.decision] || "") + "..." : "";
      return;
    }
    const kinds = state.legal.map((a) => a.kind);
    if (f.decision === "GRAND_TICHU" || f.decision === "TICHU") {
      const grand = f.decision === "GRAND_TICHU";
      prompt.textContent = grand ? "Call Grand Tichu on your first 8 cards?" : "Call Tichu before the exchange?";
      for (const a of state.legal) {
        const yes = !a.text.startsWith("no ");
        box.appendChild(button(yes ? (grand ? "Call Grand Tichu" : "Call Tichu") : (grand ? "No Grand Tichu" : "No Tichu"), () => act(a.text), { action: a.text, primary: !yes }));
      }
      return;
    }
    if (f.decision === "WISH") {
      prompt.textContent = "You played the Mah Jong: name a wish (a rank), or none.";
      for (const a of state.legal) {
        const words = a.text === "no wish" ? "No wish" : "Wish " + RANK_WORD[rankOf(a.text)];
        box.appendChild(button(words, () => act(a.text), { action: a.text }));
      }
      return;
    }
    if (f.decision === "DRAGON_GIFT") {
      prompt.textContent = "You won the trick with the Dragon: give it to an opponent.";
      for (const a of state.legal) {
        const to = Number(a.text.split(" ")[1]);
        box.appendChild(button("Give it to " + seatName(to), () => act(a.text), { action: a.text }));
      }
      return;
    }
    // PLAY or BOMB: cards chosen in the hand, then the matching legal move(s)
    const bomb = f.decision === "BOMB";
    prompt.textContent = bomb ? "You may bomb out of turn: choose a bomb's cards, or don't bomb." : f.table === null ? "Your lead: choose cards." : "Your turn: beat " + f.table + ", or pass.";
    const matching = plays().filter((m) => sameSet(m.cards, selected));
    if (selected.length && !matching.length) box.appendChild(el("span", { class: "hint", text: "Choose more cards: " + label(selected[0]) + (selected.length > 1 ? " and " + (selected.length - 1) + " more" : "") + " is no legal play yet." }));
    for (const m of matching) box.appendChild(button("Play " + m.text, () => act(m.text), { primary: true, action: m.text }));
    if (!selected.length) box.appendChild(el("span", { class: "hint", text: "Click cards (or Tab to them and press Space) to choose a play." }));
    if (selected.length) box.appendChild(button("Clear", () => { selected = []; draw(); }));
    const pass = state.legal.find((a) => a.text === "pass");
    if (pass) box.appendChild(button(bomb ? "Don't bomb" : "Pass", () => act("pass"), { action: "pass" }));
    if (kinds.includes("TICHU")) box.appendChild(button("Call Tichu", () => act("tichu"), { action: "tichu" }));
  }

  function rankOf(text) {
    const r = text.split(" ")[1];
    return { J: 11, Q: 12, K: 13, A: 14 }[r] || Number(r);
  }

  function sign(x) {
    return (x > 0 ? "+" : "") + x;
  }

  function drawLog() {
    const log = $("log");
    log.textContent = "";
    for (const e of state.log) {
      const li = el("li", {}, el("div", { text: e.text.replace("Seat " + state.seat + " ", "Seat " + state.seat + " (you) ") }));
      for (const n of e.notes) li.appendChild(el("div", { class: "note", text: "  " + n }));
      log.appendChild(li);
    }
    log.scrollTop = log.scrollHeight;
  }

  function draw() {
    const f = state.view;
    const active = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
    const felt = $("felt");
    felt.textContent = "";
    for (const k of [2, 3, 1, 0]) felt.appendChild(seatPanel(f, (state.seat + k) % 4));
    felt.appendChild(center(f));
    controls(f);
    drawLog();
    $("match-info").textContent = "Hand " + state.hand_number + " · team 0: " + state.totals[0] + " · team 1: " + state.totals[1] + " · target " + state.target +
      " · partner " + state.bots.partner + ", opponents " + state.bots.opponents;
    const body = document.body.dataset;
    body.version = String(state.version);
    body.decision = state.hand_over ? "HAND_OVER" : f.decision;
    body.myTurn = state.legal.length || state.exchange ? "1" : "0";
    // keep the keyboard where it was when the same control is drawn again
    if (active) {
      const again = document.querySelector('#controls [data-action="' + CSS.escape(active) + '"]');
      if (again) again.focus();
    }
  }

  connect();
})();
