// The start page: asks the server for a new table and goes to it.
"use strict";
(() => {
  const data = JSON.parse(document.getElementById("data").textContent);
  document.getElementById("partner").textContent = data.partner;
  document.getElementById("opponents").textContent = data.opponents;
  document.getElementById("seat").value = String(data.seat);
  document.getElementById("start").addEventListener("click", async () => {
    const seat = Number(document.getElementById("seat").value);
    const reply = await fetch("/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ seat }) });
    const body = await reply.json();
    if (body.url) window.location.assign(body.url);
    else document.getElementById("error").textContent = body.error || "the server refused";
  });
})();
