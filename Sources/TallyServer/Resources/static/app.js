// Progressive enhancement: every page works without this script. With it, the log form opens as a
// sheet, saves and deletes happen without a full reload, and a new event ripples in.
"use strict";

function markCurrentTab() {
  for (const link of document.querySelectorAll(".tabs a")) {
    if (location.pathname === link.getAttribute("href")) link.setAttribute("aria-current", "page");
  }
}

// "Now" on the user's wall clock, as a datetime-local value, in the zone the server uses.
function nowInZone(zone) {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  }).formatToParts(new Date());
  const get = (type) => parts.find((p) => p.type === type).value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

// Posts a form and swaps in the page the server redirects to; returns the parsed page.
async function submitForm(form) {
  const response = await fetch(form.action, {
    method: "POST",
    body: new URLSearchParams(new FormData(form)),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const html = await response.text();
  return { ok: response.ok, page: new DOMParser().parseFromString(html, "text/html") };
}

function replaceMain(page) {
  const fresh = page.querySelector("main");
  const current = document.querySelector("main");
  if (fresh && current) current.replaceWith(fresh);
  enhance(document.querySelector("main"));
}

function enhance(root) {
  for (const form of root.querySelectorAll("form[data-enhance]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const { ok, page } = await submitForm(form);
      if (ok) replaceMain(page); else form.submit();
    });
  }
}

function setUpDialog() {
  const opener = document.querySelector("[data-dialog]");
  const dialog = opener && document.getElementById(opener.dataset.dialog);
  if (!dialog || typeof dialog.showModal !== "function") return;
  const form = dialog.querySelector("form");
  const showError = (message) => {
    let banner = form.querySelector(".error-banner");
    if (!banner) {
      banner = document.createElement("p");
      banner.className = "error-banner";
      banner.setAttribute("role", "alert");
      form.prepend(banner);
    }
    banner.textContent = message;
  };
  opener.addEventListener("click", (event) => {
    event.preventDefault();
    form.reset();
    form.querySelector(".error-banner")?.remove();
    form.elements.at.value = nowInZone(form.dataset.zone);
    dialog.showModal();
    form.elements.at.focus();
  });
  dialog.querySelector("[data-close]").addEventListener("click", (event) => {
    event.preventDefault();
    dialog.close();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const before = new Set([...document.querySelectorAll("#today-events .event")].map((li) => li.dataset.id));
    const { ok, page } = await submitForm(form);
    if (!ok) {
      showError(page.querySelector(".error-banner")?.textContent || "The event could not be saved.");
      return;
    }
    dialog.close();
    replaceMain(page);
    for (const li of document.querySelectorAll("#today-events .event")) {
      if (!before.has(li.dataset.id)) li.classList.add("fresh");
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  markCurrentTab();
  enhance(document);
  setUpDialog();
});
