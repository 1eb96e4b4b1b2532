// The start page: your seat, and for each other seat a bot or a person; asks the server for the table
// and goes to it.
"use strict";
(() => {
  const { el } = TF;
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("data").textContent);
  const SIDE = ["you", "right opponent", "partner", "left opponent"];
  const people = new Set(); // the seats open to a person, kept while the person changes his own seat

  function botOf(seat, mine) {
    return (seat - mine + 4) % 4 === 2 ? data.partner : data.opponents;
  }

  // one choice per other seat, named by where it sits from yours
  function drawOthers() {
    const mine = Number($("seat").value);
    const box = $("others");
    for (const row of box.querySelectorAll(".controls")) row.remove();
    for (let k = 1; k < 4; k++) {
      const seat = (mine + k) % 4;
      const select = el("select", { id: "who-" + seat, dataset: { seat: String(seat) } },
        el("option", { value: "bot", text: "a bot (" + botOf(seat, mine) + ")" }),
        el("option", { value: "person", text: "a person (a link to share)" }));
      select.value = people.has(seat) ? "person" : "bot";
      select.addEventListener("change", () => (select.value === "person" ? people.add(seat) : people.delete(seat)));
      const name = "Seat " + seat + " (" + SIDE[k] + ")";
      box.appendChild(el("div", { class: "controls" }, el("label", { for: "who-" + seat, class: "label", text: name }), select));
    }
  }

  async function start() {
    const seat = Number($("seat").value);
    const open = [...people].filter((p) => p !== seat).sort();
    // JSON and this header: what the server asks of its own page (another site's page cannot send them)
    const headers = { "Content-Type": "application/json", "X-Tichu-Table": "new" };
    const reply = await fetch("/tables", { method: "POST", headers, body: JSON.stringify({ seat, people: open }) });
    const body = await reply.json().catch(() => ({}));
    if (body.url) window.location.assign(body.url);
    else $("error").textContent = body.error || "the server refused";
  }

  $("seat").value = String(data.seat);
  $("seat").addEventListener("change", drawOthers);
  $("start").addEventListener("click", start);
  drawOthers();
})();
