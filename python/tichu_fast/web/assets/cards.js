// Card drawings and names shared by the viewer and the table. Every card gets a text label (aria-label),
// so a screen reader reads "7 of Jade" where the eye sees a green 7.
"use strict";
const TF = (() => {
  const SUIT_NAMES = { j: "Jade", s: "Sword", p: "Pagoda", t: "Star" };
  const RANK_NAMES = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };
  const SPECIALS = { MJ: ["1", "Mah Jong"], Dog: ["Dog", "Dog"], Ph: ["Ph", "Phoenix"], Dr: ["Dr", "Dragon"] };
  const SHAPES = {
    j: '<circle cx="10" cy="10" r="7"/><circle cx="10" cy="10" r="2.6" fill="#fffdf7"/>',
    s: '<path d="M10 1 L12.2 4 L12 13 L15 13 L15 15 L11.2 15 L11.2 19 L8.8 19 L8.8 15 L5 15 L5 13 L8 13 L7.8 4 Z"/>',
    p: '<path d="M10 1 L15 6 L12.5 6 L17 11 L13.5 11 L19 17 L1 17 L6.5 11 L3 11 L7.5 6 L5 6 Z"/>',
    t: '<path d="M10 1 L12.6 7.3 L19.5 7.6 L14.1 11.9 L16 18.6 L10 14.8 L4 18.6 L5.9 11.9 L0.5 7.6 L7.4 7.3 Z"/>',
  };
  const SVG_NS = "http://www.w3.org/2000/svg";

  function label(name) {
    if (SPECIALS[name]) return SPECIALS[name][1];
    const rank = name.slice(0, -1);
    const suit = name.slice(-1);
    return (RANK_NAMES[rank] || rank) + " of " + SUIT_NAMES[suit];
  }

  function cardsLabel(names) {
    return names.map(label).join(", ");
  }

  // A card: a <span> to look at, or a <button> to click (opts.button). The drawing is hidden from screen
  // readers; the aria-label (or the title) says the card's name.
  function card(name, opts = {}) {
    const el = document.createElement(opts.button ? "button" : "span");
    el.className = "card" + (opts.small ? " small" : "");
    el.dataset.card = name;
    if (opts.button) {
      el.type = "button";
      el.setAttribute("aria-label", label(name));
    } else {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", label(name));
    }
    el.title = label(name);
    const top = document.createElement("span");
    top.setAttribute("aria-hidden", "true");
    if (SPECIALS[name]) {
      el.classList.add("special", "sp-" + name);
      top.textContent = SPECIALS[name][0];
      el.appendChild(top);
      if (name === "MJ") {
        const sub = document.createElement("span");
        sub.setAttribute("aria-hidden", "true");
        sub.textContent = "MJ";
        el.appendChild(sub);
      }
      return el;
    }
    const suit = name.slice(-1);
    el.classList.add("suit-" + suit);
    top.textContent = name.slice(0, -1);
    el.appendChild(top);
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 20 20");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("fill", "currentColor");
    svg.innerHTML = SHAPES[suit]; // a constant of this file, never data
    el.appendChild(svg);
    return el;
  }

  function back(small) {
    const el = document.createElement("span");
    el.className = "card back" + (small ? " small" : "");
    el.setAttribute("aria-hidden", "true");
    return el;
  }

  // a row of cards, or of n backs for a hidden hand
  function row(names, opts = {}) {
    const div = document.createElement("div");
    div.className = "cards";
    for (const n of names) div.appendChild(card(n, opts));
    return div;
  }

  function backs(n, small) {
    const div = document.createElement("div");
    div.className = "cards";
    div.setAttribute("role", "img");
    div.setAttribute("aria-label", n + " hidden cards");
    for (let i = 0; i < n; i++) div.appendChild(back(small));
    return div;
  }

  function el(tag, props = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(e.dataset, v);
      else e.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    return e;
  }

  // a Tichu or Grand Tichu call (f.calls[seat]) as a badge; once someone is out (f.out) it says "made"
  // (its caller went out first) or "failed"
  function callBadge(call, out, seat) {
    const name = call === "grand" ? "Grand Tichu" : "Tichu";
    const result = !out.length ? "" : out[0] === seat ? "made" : "failed";
    return el("span", { class: "badge " + call + (result ? " " + result : ""), text: name + (result ? " " + result : "") });
  }

  const RANK_WORD = { 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace" };

  // where each seat sits on screen when `me` sits at the bottom
  function position(seat, me) {
    return ["bottom", "right", "top", "left"][(seat - me + 4) % 4];
  }

  return { label, cardsLabel, card, back, row, backs, el, callBadge, RANK_WORD, position };
})();
