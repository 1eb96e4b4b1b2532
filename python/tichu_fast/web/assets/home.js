// The start page: asks the server for a new table and goes to it.
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("data").textContent);
  document.getElementById("partner").textContent = data.partner;
  document.getElementById("opponents").textContent = data.opponents;
  document.getElementById("seat").value = String(data.seat);
  document.getElementById("start").addEventListener("click", async () => {
    const seat = Number(document.getElementById("seat").value);
    // JSON and this header: what the server asks of its own page (another site's page cannot send them)
    const headers = { "Content-Type": "application/json", "X-Tichu-Table": "new" };
    const reply = await fetch("/tables", { method: "POST", headers, body: JSON.stringify({ seat }) });
    const body = await reply.json().catch(() => ({}));
    if (body.url) window.location.assign(body.url);
    else document.getElementById("error").textContent = body.error || "the server refused";
  });
})();
