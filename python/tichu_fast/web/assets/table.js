// The table: draws what the server sends (the seat's observation and its legal actions) and sends back
// the person's action as text. Legality is the engine's: only the actions the server listed are offered,
// and the server checks each one again.
"use strict";
(() => {
  const { el, card, backs, position, RANK_WORD, label } = TF;
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("data").textContent);
  const SIDE = { right: "right opp.", top: "partner", left: "left opp.", bottom: "you" };
  const PLACES = ["1st", "2nd", "3rd", "4th"];
  const DECISION_WORDS = {
    GRAND_TICHU: "decides on Grand Tichu", TICHU: "decides on Tichu", EXCHANGE: "chooses cards to push",
    PLAY: "is to play", WISH: "names a wish", DRAGON_GIFT: "gives the Dragon trick away", BOMB: "may bomb",
  };
  const HINTED_DECISIONS = ["PLAY", "BOMB", "WISH", "DRAGON_GIFT", "GRAND_TICHU", "TICHU"];
  // close codes after which reconnecting cannot help
  const FINAL_CLOSE = {
    4404: "There is no such table (closed, or a wrong address).",
    4408: "The table was closed after a long idle time.",
    4429: "This table is open in too many windows.",
  };
  const NAME_KEY = "tichu-name";

  let ws = null;
  let state = null;
  let selected = []; // the cards chosen, in the order clicked
  let hint = null; // the server's hint for the current version: {action, bot}
  let arrivedAt = 0; // when the current decision arrived: the idle countdown starts there
  let retryDelay = 500;

  // -- the connection: reconnects by itself, since the address is the seat's session ----------------
  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + data.ws;
    ws = new WebSocket(url);
    ws.onopen = () => {
      retryDelay = 500;
      showConnection("");
      sayHello();
    };
    ws.onmessage = (event) => receive(JSON.parse(event.data));
    ws.onclose = closed;
  }

  function closed(event) {
    document.body.dataset.connected = "0";
    const final = FINAL_CLOSE[event.code];
    if (final) {
      showConnection(event.reason ? final + " (" + event.reason + ")" : final);
      document.body.dataset.closed = "1";
      return;
    }
    showConnection("Reconnecting...");
    setTimeout(connect, retryDelay);
    retryDelay = Math.min(5000, retryDelay * 2);
  }

  function showConnection(text) {
    $("conn").textContent = text;
    $("conn").hidden = !text;
  }

  function sayHello() {
    const name = storedName();
    send(name ? { type: "hello", name } : { type: "hello" });
  }

  function send(message) {
    showError("");
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      showError("Not connected to the table: wait a moment and try again.");
      return;
    }
    ws.send(JSON.stringify(message));
  }

  function act(text) {
    send({ type: "act", action: text, version: state.version });
  }

  function receive(message) {
    if (message.type === "error") showError(message.message);
    else if (message.type === "hint") takeHint(message);
    else if (message.type === "state") takeState(message);
  }

  function takeState(message) {
    showError(""); // an error answered the state before this one
    document.body.dataset.connected = "1";
    const previous = state;
    if (!previous || previous.version !== message.version || previous.hand_number !== message.hand_number) {
      selected = [];
      hint = null;
      arrivedAt = Date.now();
    }
    state = message;
    draw(previous);
  }

  function showError(text) {
    $("error").textContent = text;
  }

  // the hint answers one state: a later state makes it stale
  function takeHint(message) {
    if (!state || message.version !== state.version) return;
    hint = { action: message.action, bot: message.bot };
    const entry = state.legal.find((a) => a.text === message.action);
    if (entry && entry.cards) selected = entry.cards.slice();
    draw(state);
  }

  // -- the players (absent from a single-person table's messages) ----------------------------------
  function playerOf(p) {
    return state.players ? state.players[p] : null;
  }

  function seatName(p) {
    const player = playerOf(p);
    const name = player && player.name ? player.name : "";
    if (p === state.seat) return name ? name + " (you, seat " + p + ")" : "You (seat " + p + ")";
    const where = "seat " + p + ", " + SIDE[position(p, state.seat)];
    return name ? name + " (" + where + ")" : "Seat " + p + " (" + SIDE[position(p, state.seat)] + ")";
  }

  function storedName() {
    try {
      return localStorage.getItem(NAME_KEY) || "";
    } catch (e) {
      return ""; // storage refused (a private window): the name is just not kept
    }
  }

  function storeName(name) {
    try {
      localStorage.setItem(NAME_KEY, name);
    } catch (e) {
      // not kept: it is sent all the same
    }
  }

  // -- what may be clicked -----------------------------------------------------------------------
  function plays() {
    return state.legal.filter((a) => a.cards);
  }

  function myTurn() {
    return !state.hand_over && (state.exchange || state.legal.length > 0);
  }

  function sameSet(a, b) {
    return a.length === b.length && a.every((c) => b.includes(c));
  }

  function clickable(name) {
    if (!myTurn()) return false;
    if (state.exchange || selected.includes(name)) return true;
    const want = selected.concat([name]);
    return plays().some((m) => want.every((c) => m.cards.includes(c)));
  }

  function toggle(name) {
    const i = selected.indexOf(name);
    if (i >= 0) selected.splice(i, 1);
    else if (!state.exchange || selected.length < 3) selected.push(name);
    draw(state);
    const again = document.querySelector('#hand-me [data-card="' + name + '"]');
    if (again) again.focus();
  }

  // -- the seats --------------------------------------------------------------------------------------
  function badge(kind, text) {
    return el("span", { class: "badge " + kind, text });
  }

  function badges(f, p) {
    const list = [];
    if (f.calls[p]) list.push(TF.callBadge(f.calls[p], f.out, p));
    const out = f.out.indexOf(p);
    if (out >= 0) list.push(badge("out", "out " + PLACES[out]));
    if (f.to_act === p && !state.hand_over) list.push(badge("turn", "to act"));
    const player = playerOf(p);
    if (player && player.away) list.push(badge("away", "bot playing (idle)"));
    else if (player && player.kind === "person" && player.connected === false) list.push(badge("offline", "offline"));
    return list;
  }

  function seatHeading(f, p) {
    const h = el("h2", {}, el("span", { class: "who", text: seatName(p) }));
    for (const b of badges(f, p)) h.appendChild(b);
    return h;
  }

  function seatPanel(f, p) {
    const panel = el("section", {
      class: "seat pos-" + position(p, state.seat), "aria-label": seatName(p), dataset: { seat: String(p) },
    });
    if (f.to_act === p && !state.hand_over) panel.classList.add("to-act");
    panel.appendChild(seatHeading(f, p));
    const hidden = backs(f.sizes[p], true);
    hidden.classList.add("fan");
    hidden.dataset.hand = String(p);
    panel.appendChild(hidden);
    panel.appendChild(el("div", { class: "meta", text: cardCount(f.sizes[p]) + " · team " + (p % 2) + " · pile " + f.points[p] }));
    return panel;
  }

  function cardCount(n) {
    return n + (n === 1 ? " card" : " cards");
  }

  // your seat, in the dock at the bottom: drawn normally even when it is not your turn (just not clickable)
  function drawMe(f) {
    const me = state.seat;
    const box = $("me");
    box.textContent = "";
    box.classList.toggle("to-act", f.to_act === me && !state.hand_over);
    box.dataset.seat = String(me);
    const h = seatHeading(f, me);
    h.appendChild(el("span", { class: "meta", text: "team " + (me % 2) + " · pile " + f.points[me] }));
    box.appendChild(h);
    box.appendChild(handRow(f.hands[me]));
    if (f.pushed[me]) box.appendChild(swaps(f.pushed[me], f.received));
  }

  function handRow(cards) {
    const turn = myTurn();
    const hand = el("div", {
      class: "cards hand" + (turn ? "" : " waiting"), id: "hand-me", role: "group", "aria-label": "Your hand: " + cards.length + " cards",
    });
    for (const name of cards) {
      const b = card(name, { button: true });
      b.setAttribute("aria-pressed", selected.includes(name) ? "true" : "false");
      b.disabled = !clickable(name);
      b.addEventListener("click", () => toggle(name));
      hand.appendChild(b);
    }
    if (!cards.length) hand.appendChild(el("span", { class: "count", text: "no cards" }));
    return hand;
  }

  // the exchange as a small grid: one column per other seat, the card pushed to it and the one it gave
  function swaps(pushed, received) {
    const me = state.seat;
    const grid = el("div", { class: "swaps", role: "table", "aria-label": "The exchange" });
    const others = [1, 2, 3].map((k) => (me + k) % 4);
    grid.appendChild(el("span", { role: "columnheader" }));
    for (const p of others) grid.appendChild(el("span", { class: "swap-head", role: "columnheader", text: SIDE[position(p, me)] }));
    const lines = [["pushed", pushed, "to"], ["got", received, "from"]];
    for (const [word, cards, dir] of lines) {
      if (!cards) continue;
      grid.appendChild(el("span", { class: "swap-head", role: "rowheader", text: word }));
      cards.forEach((name, k) => {
        const c = card(name, { small: true });
        c.setAttribute("aria-label", label(name) + " " + dir + " seat " + others[k]);
        grid.appendChild(el("span", { role: "cell" }, c));
      });
    }
    return grid;
  }

  // -- the trick in the middle ----------------------------------------------------------------------------
  function center(f, fresh) {
    const c = el("section", { class: "center", "aria-label": "The trick", id: "trick" });
    if (f.wish) c.appendChild(el("div", { class: "wish", text: "Wish in force: " + RANK_WORD[f.wish] }));
    if (f.trick_open) c.appendChild(trickPlays(f, fresh));
    else c.appendChild(lastTrick(f, fresh));
    if (fresh && fresh.bomb) c.classList.add("bomb");
    if (!state.hand_over && f.to_act >= 0 && f.to_act !== state.seat && DECISION_WORDS[f.decision]) {
      c.appendChild(el("p", { class: "waiting-for", text: seatName(f.to_act) + " " + DECISION_WORDS[f.decision] + "..." }));
    }
    return c;
  }

  function trickPlays(f, fresh) {
    const box = el("div", { class: "trick-plays" });
    const top = lastPlayIndex(f.trick);
    f.trick.forEach(([p, text, cards], i) => {
      const pass = text === "pass";
      const chip = el("div", { class: "trick-play" + (pass ? " pass" : "") + (i === top ? " top-play" : ""), dataset: { seat: String(p), play: text } });
      chip.appendChild(el("span", { class: "who", text: p === state.seat ? "You" : "Seat " + p }));
      if (pass) chip.appendChild(el("span", { text: "pass" }));
      else chip.appendChild(TF.row(cards, { small: true }));
      if (text.includes(":")) chip.appendChild(el("span", { text: "(" + text + ")" }));
      if (fresh && fresh.play && i === f.trick.length - 1) chip.classList.add("fresh");
      box.appendChild(chip);
    });
    return box;
  }

  function lastPlayIndex(trick) {
    for (let i = trick.length - 1; i >= 0; i--) if (trick[i][1] !== "pass") return i;
    return -1;
  }

  // a taken trick folds away to one line: who took it, and its points (the log's note says both)
  function lastTrick(f, fresh) {
    if (!f.trick.length) return el("p", { class: "last-trick", text: "No trick yet." });
    const taken = lastTaken();
    const text = taken ? "Last trick taken by " + (taken.seat === state.seat ? "you" : "seat " + taken.seat) + " (" + taken.points + " points)." : "The last trick was taken.";
    return el("p", { class: "last-trick" + (fresh && fresh.taken ? " fresh" : ""), text });
  }

  function lastTaken() {
    for (let i = state.log.length - 1; i >= 0; i--) {
      for (const note of state.log[i].notes) {
        const m = /^seat (\d) takes the trick \((-?\d+) points\)/.exec(note);
        if (m) return { seat: Number(m[1]), points: Number(m[2]) };
      }
    }
    return null;
  }

  // what is new since the message before (for the short animations): a play, a bomb, a trick taken
  function freshEvents(previous) {
    if (!previous || previous.hand_number !== state.hand_number || !state.log.length) return null;
    if (state.log.length <= previous.log.length) return null;
    const last = state.log[state.log.length - 1];
    return {
      play: last.decision === "PLAY" || last.decision === "BOMB",
      bomb: last.text.includes("(bomb:"),
      taken: last.notes.some((n) => n.includes("takes the trick")),
    };
  }

  // -- the controls of a decision ------------------------------------------------------------------------
  function button(text, onclick, opts = {}) {
    const b = el("button", { type: "button", class: opts.primary ? "primary" : "", text, onclick });
    if (opts.action) b.dataset.action = opts.action;
    if (opts.disabled) b.disabled = true;
    if (hint && opts.action === hint.action) b.classList.add("hinted");
    return b;
  }

  function hintButton(box) {
    if (state.players && HINTED_DECISIONS.includes(state.view.decision)) {
      box.appendChild(button("Hint", () => send({ type: "hint" }), { action: "hint" }));
    }
  }

  function controls(f) {
    const box = $("controls");
    box.textContent = "";
    $("hint-line").textContent = hint ? "Hint (" + hint.bot + "): " + hint.action : "";
    if (state.hand_over) return handOver(box, state.hand_over);
    if (state.exchange) return exchange(box);
    if (!state.legal.length) {
      const words = f.to_act >= 0 ? seatName(f.to_act) + " " + (DECISION_WORDS[f.decision] || "") + "..." : "";
      return setPrompt(words);
    }
    const kinds = { GRAND_TICHU: calls, TICHU: calls, WISH: wish, DRAGON_GIFT: gift };
    (kinds[f.decision] || playOrBomb)(box, f);
    hintButton(box);
  }

  function setPrompt(text) {
    $("prompt").textContent = text;
  }

  function exchange(box) {
    setPrompt("Push 3 cards: the 1st to the right opp., the 2nd to your partner, the 3rd to the left opp.");
    const me = state.seat;
    const slots = el("div", { class: "push-slots" });
    for (let k = 0; k < 3; k++) {
      const to = (me + k + 1) % 4;
      const slot = el("span", { class: "push-slot" }, el("span", { class: "label", text: SIDE[position(to, me)] }));
      slot.appendChild(selected[k] ? card(selected[k], { small: true }) : el("span", { class: "empty-slot", text: "—", "aria-label": "no card yet" }));
      slots.appendChild(slot);
    }
    box.appendChild(slots);
    box.appendChild(button("Push these 3 cards", () => act("push " + selected.join(" ")), { primary: true, action: "push", disabled: selected.length !== 3 }));
    box.appendChild(button("Clear", clearSelection, { action: "clear", disabled: selected.length === 0 }));
  }

  function clearSelection() {
    selected = [];
    draw(state);
  }

  function calls(box, f) {
    const grand = f.decision === "GRAND_TICHU";
    setPrompt(grand ? "Call Grand Tichu on your first 8 cards?" : "Call Tichu before the exchange?");
    for (const a of state.legal) {
      const yes = !a.text.startsWith("no ");
      const words = (yes ? "Call " : "No ") + (grand ? "Grand Tichu" : "Tichu");
      box.appendChild(button(words, () => act(a.text), { action: a.text, primary: !yes }));
    }
  }

  function wish(box) {
    setPrompt("You played the Mah Jong: wish for a rank, or none.");
    for (const a of state.legal) {
      const words = a.text === "no wish" ? "No wish" : "Wish " + RANK_WORD[rankOf(a.text)];
      box.appendChild(button(words, () => act(a.text), { action: a.text }));
    }
  }

  function gift(box) {
    setPrompt("You won the trick with the Dragon: give it to an opponent.");
    for (const a of state.legal) {
      const to = Number(a.text.split(" ")[1]);
      box.appendChild(button("Give it to " + seatName(to), () => act(a.text), { action: a.text }));
    }
  }

  // PLAY or BOMB: cards chosen in the hand, then the matching legal move(s)
  function playOrBomb(box, f) {
    const bomb = f.decision === "BOMB";
    setPrompt(bomb ? "You may bomb: choose a bomb's cards, or don't bomb." : f.table === null ? "Your lead: choose cards." : "Your turn: beat " + f.table + ", or pass.");
    const matching = plays().filter((m) => sameSet(m.cards, selected));
    for (const m of matching) box.appendChild(button("Play " + m.text, () => act(m.text), { primary: true, action: m.text }));
    if (selected.length && !matching.length) {
      const more = selected.length > 1 ? " and " + (selected.length - 1) + " more" : "";
      box.appendChild(el("span", { class: "hint", text: "Choose more cards: " + label(selected[0]) + more + " is no legal play yet." }));
    }
    if (!selected.length) box.appendChild(el("span", { class: "hint", text: "Tap cards to choose a play." }));
    if (selected.length) box.appendChild(button("Clear", clearSelection, { action: "clear" }));
    if (state.legal.some((a) => a.text === "pass")) box.appendChild(button(bomb ? "Don't bomb" : "Pass", () => act("pass"), { action: "pass" }));
    if (state.legal.some((a) => a.kind === "TICHU")) box.appendChild(button("Call Tichu", () => act("tichu"), { action: "tichu" }));
  }

  function rankOf(text) {
    const r = text.split(" ")[1];
    return { J: 11, Q: 12, K: 13, A: 14 }[r] || Number(r);
  }

  function sign(x) {
    return (x > 0 ? "+" : "") + x;
  }

  // -- the end of a hand: its score, part by part ---------------------------------------------------------
  function handOver(box, over) {
    const [a, b] = over.score;
    setPrompt("Hand " + over.number + " is over: team 0 " + sign(a) + ", team 1 " + sign(b) + ".");
    if (over.parts) box.appendChild(el("div", { class: "score-box" }, scoreTable(over.parts)));
    else box.appendChild(el("span", { class: "score", text: "Match: team 0 " + state.totals[0] + ", team 1 " + state.totals[1] + " (target " + state.target + ")" }));
    box.appendChild(el("a", { href: over.viewer, target: "_blank", rel: "noopener", id: "viewer-link", text: "See the hand in the viewer" }));
    if (over.match_over) {
      const mine = state.seat % 2;
      box.appendChild(el("p", { class: "score", id: "match-over", text: "The match is over: team " + over.winner + (over.winner === mine ? " (your team) wins!" : " wins.") }));
      return;
    }
    const waiting = over.waiting || [state.seat];
    if (waiting.includes(state.seat)) box.appendChild(button("Next hand", () => send({ type: "next" }), { primary: true, action: "next" }));
    const others = waiting.filter((p) => p !== state.seat);
    if (others.length) box.appendChild(el("span", { class: "hint", id: "waiting", text: "Waiting for " + others.map((p) => "seat " + p).join(", ") + "." }));
  }

  function scoreTable(parts) {
    const mine = state.seat % 2;
    const table = el("table", { class: "score-table", id: "score-table" });
    table.appendChild(el("caption", { text: "The hand's score" }));
    const head = ["", "Team 0" + (mine === 0 ? " (you)" : ""), "Team 1" + (mine === 1 ? " (you)" : "")];
    table.appendChild(el("tr", {}, ...head.map((t) => el("th", { scope: "col", text: t }))));
    const line = (name, cells, cls) => table.appendChild(el("tr", { class: cls || "" }, el("th", { scope: "row", text: name }), ...cells.map((t) => el("td", { text: t }))));
    if (parts.cards) line("Card points", parts.cards.map(sign));
    else line("Card points", ["not counted", ""]);
    if (parts.one_two) line("One-two", parts.one_two.map(sign));
    for (const c of parts.calls) {
      const cells = ["", ""];
      cells[c.seat % 2] = sign(c.points);
      line("Seat " + c.seat + " " + (c.call === "grand" ? "Grand Tichu" : "Tichu") + (c.made ? " made" : " failed"), cells, "call");
    }
    line("Hand total", parts.total.map(sign), "total");
    line("Match (target " + state.target + ")", state.totals.map(String), "match");
    return table;
  }

  // -- the lobby: who sits where, the links to share, the ready toggle --------------------------------------
  function drawLobby() {
    const list = $("lobby-seats");
    list.textContent = "";
    for (let p = 0; p < 4; p++) list.appendChild(lobbySeat(p));
    const me = playerOf(state.seat);
    const ready = Boolean(me && me.ready);
    $("ready").setAttribute("aria-pressed", ready ? "true" : "false");
    $("ready").textContent = ready ? "Ready (tap to wait)" : "I'm ready";
    const unready = state.players.filter((p) => p.kind !== "bot" && p.kind !== "open" && !p.ready).map((p) => "seat " + p.seat);
    $("lobby-status").textContent = "The match starts when every person at the table is ready" + (unready.length ? " (waiting for " + unready.join(", ") + ")." : ".") +
      " Open seats nobody takes are played by bots.";
  }

  function lobbySeat(p) {
    const player = playerOf(p);
    const li = el("li", { class: "lobby-seat kind-" + player.kind, dataset: { seat: String(p) } });
    const side = p === state.seat ? "you" : SIDE[position(p, state.seat)];
    li.appendChild(el("span", { class: "who", text: "Seat " + p + " · team " + (p % 2) + " · " + side }));
    li.appendChild(el("span", { class: "what", text: lobbyWords(player) }));
    if (player.kind === "person" && player.connected === false) li.appendChild(badge("offline", "offline"));
    if (player.kind === "you" || player.kind === "person") li.appendChild(badge(player.ready ? "ready" : "not-ready", player.ready ? "ready" : "not ready"));
    const link = state.links && state.links[String(p)];
    if (link) li.appendChild(linkBox(p, location.origin + link));
    return li;
  }

  function lobbyWords(player) {
    if (player.kind === "you") return player.name ? "you: " + player.name : "you";
    if (player.kind === "person") return player.name || "a person";
    if (player.kind === "open") return "open: waiting for a person (its bot plays if nobody comes: " + player.bot + ")";
    return "bot: " + player.bot;
  }

  function linkBox(p, url) {
    const input = el("input", { type: "text", readonly: "readonly", id: "link-" + p, class: "link", value: url, "aria-label": "The link to seat " + p });
    const copy = button("Copy", () => copyLink(input, copy), { action: "copy-" + p });
    return el("div", { class: "link-box" }, input, copy);
  }

  // the clipboard may be missing (plain http): then the text is selected for the person to copy
  async function copyLink(input, copy) {
    try {
      await navigator.clipboard.writeText(input.value);
      copy.textContent = "Copied";
    } catch (e) {
      input.focus();
      input.select();
      copy.textContent = "Selected: copy it";
    }
  }

  function setupLobby() {
    const name = $("name");
    name.value = storedName();
    name.addEventListener("change", () => {
      const text = name.value.trim().slice(0, 20);
      storeName(text);
      send({ type: "hello", name: text });
    });
    $("ready").addEventListener("click", () => {
      const me = playerOf(state.seat);
      send({ type: "ready", ready: !(me && me.ready) });
    });
    $("back").addEventListener("click", () => send({ type: "back" }));
  }

  // -- the log, the header, the countdown -----------------------------------------------------------------------
  function drawLog() {
    const log = $("log");
    log.textContent = "";
    for (const e of state.log) {
      const li = el("li", {}, el("div", { text: e.text.replace("Seat " + state.seat + " ", "Seat " + state.seat + " (you) ") }));
      for (const n of e.notes) li.appendChild(el("div", { class: "note", text: "  " + n }));
      log.appendChild(li);
    }
    log.scrollTop = log.scrollHeight; // the log's own panel scrolls, never the window
  }

  function drawHeader() {
    const hand = state.started === false ? "Lobby" : "Hand " + state.hand_number;
    $("match-info").textContent = hand + " · team 0: " + state.totals[0] + " · team 1: " + state.totals[1] + " · target " + state.target;
    if (state.bots) $("bots-info").textContent = "partner " + state.bots.partner + ", opponents " + state.bots.opponents;
  }

  function drawAway() {
    const me = playerOf(state.seat);
    $("away").hidden = !(me && me.away);
  }

  function tick() {
    const box = $("countdown");
    const me = state && playerOf(state.seat);
    if (!state || !state.seat_idle || !myTurn() || (me && me.away)) {
      box.textContent = "";
      return;
    }
    const left = Math.ceil(state.seat_idle - (Date.now() - arrivedAt) / 1000);
    box.textContent = left > 0 ? left + " s" : "";
    box.classList.toggle("urgent", left <= 5);
  }

  // -- drawing it all -----------------------------------------------------------------------------------------
  function draw(previous) {
    const started = state.started !== false && state.view;
    $("lobby").hidden = Boolean(started);
    document.body.classList.toggle("in-lobby", !started);
    $("felt").hidden = $("dock").hidden = $("log-panel").hidden = !started;
    drawHeader();
    if (!started) {
      drawLobby();
      mark("LOBBY");
      return;
    }
    const active = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
    const f = state.view;
    const felt = $("felt");
    felt.textContent = "";
    for (const k of [2, 3, 1]) felt.appendChild(seatPanel(f, (state.seat + k) % 4));
    felt.appendChild(center(f, previous === state ? null : freshEvents(previous)));
    drawMe(f);
    drawAway();
    controls(f);
    drawLog();
    mark(state.hand_over ? "HAND_OVER" : f.decision);
    tick();
    // keep the keyboard where it was when the same control is drawn again
    if (active) {
      const again = document.querySelector('#dock [data-action="' + CSS.escape(active) + '"]');
      if (again) again.focus();
    }
  }

  // the page's state for tests and styles
  function mark(decision) {
    const body = document.body.dataset;
    body.version = String(state.version);
    body.decision = decision;
    body.myTurn = decision !== "LOBBY" && myTurn() ? "1" : "0";
  }

  // on a phone the log starts folded: the table comes first
  if (window.matchMedia("(max-width: 700px)").matches) $("log-panel").open = false;
  setupLobby();
  setInterval(tick, 250);
  connect();
})();
