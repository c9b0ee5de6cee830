// Progressive enhancement: every page works without this script. With it, the log form opens as a
// sheet, saves and deletes happen without a full reload, and a new event ripples in.
"use strict";

function markCurrentTab() {
  for (const link of document.querySelectorAll(".tabs a, .subnav a")) {
    const href = link.getAttribute("href");
    const section = link.closest(".tabs") || link.hasAttribute("data-section");
    const inSection = section && href !== "/" && location.pathname.startsWith(href + "/");
    if (location.pathname === href || inSection) link.setAttribute("aria-current", "page");
  }
}

// The custom amount's − and + buttons move the amount by the step (seed 003's 50 ml increments).
function setUpSteppers(root) {
  for (const button of root.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => {
      const input = button.parentElement.querySelector("input");
      // The field takes any amount; the buttons move it by the preference's step (seed 003's 50 ml).
      const step = Number(input.dataset.stepSize) || Number(input.step) || 1;
      // From what is typed, not snapped to the step: 175 and + is 225.
      const value = (Number(input.value) || 0) + step * Number(button.dataset.step);
      input.value = String(Math.max(step, Math.round(value * 100) / 100));
    });
  }
}

// "Now" on the user's wall clock, as a datetime-local value, in the zone the server uses;
// null when this browser does not know the zone (the server's value then stays).
function nowInZone(zone) {
  let parts;
  try {
    parts = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit",
      hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    }).formatToParts(new Date());
  } catch {
    return null;
  }
  const get = (type) => parts.find((p) => p.type === type).value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

// Posts a form and returns the page the server answers with (after its redirect), or null while the
// form's previous post is still on its way: a double tap must not log twice.
// `submitter` is the button pressed, whose name and value go with the form (a task's ½ or ✓).
// `body` is the form's fields as sent, when the caller has made them already.
async function submitForm(form, submitter, body) {
  if (form.dataset.busy) return null;
  form.dataset.busy = "1";
  const data = body || new URLSearchParams(submitter ? new FormData(form, submitter) : new FormData(form));
  const buttons = [...form.querySelectorAll("button")];
  buttons.forEach((button) => { button.disabled = true; });
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: data,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const html = await response.text();
    return { ok: response.ok, page: new DOMParser().parseFromString(html, "text/html") };
  } finally {
    delete form.dataset.busy;
    buttons.forEach((button) => { button.disabled = false; });
  }
}

// Puts the answer's <main> in place of this page's, where the person is: the scroll position stays, and
// focus goes back to the control they pressed (the same form's same button in the new page).
function replaceMain(page, pressed) {
  const fresh = page.querySelector("main");
  const current = document.querySelector("main");
  const form = pressed?.form;
  const formIndex = form ? [...document.querySelectorAll("main form")].indexOf(form) : -1;
  const buttonIndex = form ? [...form.querySelectorAll("button")].indexOf(pressed) : -1;
  const x = window.scrollX;
  const y = window.scrollY;
  if (fresh && current) current.replaceWith(fresh);
  enhance(document.querySelector("main"));
  markCurrentTab();
  window.scrollTo(x, y);
  const again = document.querySelectorAll("main form")[formIndex]?.querySelectorAll("button")[buttonIndex];
  if (formIndex >= 0 && again) again.focus({ preventScroll: true });
}

// The forms that log say which zone this device is in, so an entry lands on the day where it was
// logged; a time field still showing the page's "now" shows it in that zone.
function addDeviceZone(root) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  for (const form of root.querySelectorAll('form[action="/water/entries"], form[action="/bathroom/events"]')) {
    if (!form.elements.deviceZone) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "deviceZone";
      form.appendChild(input);
    }
    form.elements.deviceZone.value = zone;
    const at = form.elements.at;
    if (at && form.dataset.zone && form.dataset.zone !== zone && !at.dataset.edited) {
      const now = nowInZone(zone);
      if (now) at.value = now;
      at.addEventListener("input", () => { at.dataset.edited = "1"; }, { once: true });
    }
    if (form.dataset.zone) form.dataset.zone = zone;
  }
}

// Until the person chooses a zone, days are counted in the server's; a device elsewhere is offered as
// the setting ("This device is in Asia/Tokyo ...").
function offerDeviceZone() {
  const form = document.querySelector("form[data-zone-offer]");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!form || !zone || zone === form.dataset.zoneOffer) return;
  form.querySelector(".zone-offer-text").textContent =
    `This device is in ${zone.replaceAll("_", " ")}; Tally counts your days in ${form.dataset.zoneOffer.replaceAll("_", " ")}.`;
  form.elements.timeZone.value = zone;
  form.querySelector("button").textContent = `Use ${zone.replaceAll("_", " ")}`;
  form.hidden = false;
}

// Making an account (the first run, or signing up): the device's zone is offered as the new person's
// ("Count my days in Asia/Tokyo"), ticked; without the script the server's zone stands until Settings.
function offerZoneOnSignUp() {
  const label = document.querySelector("#signin-form .device-zone");
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!label || !zone) return;
  label.closest("form").elements.deviceZone.value = zone;
  label.querySelector(".device-zone-text").textContent = `Count my days in ${zone.replaceAll("_", " ")}, this device's time zone`;
  label.hidden = false;
}

// Swipe a logged entry left on a touch screen to delete it (the delete button stays for everyone else,
// and the page offers Undo): past a third of its width it goes, short of that it slides back.
function setUpSwipeToDelete(root) {
  for (const item of root.querySelectorAll("li.event")) {
    const button = item.querySelector("form.delete-form button[type=submit]");
    if (!button) continue;
    let startX = null;
    let startY = null;
    let dx = 0;
    item.addEventListener("touchstart", (event) => {
      startX = event.touches[0].clientX;
      startY = event.touches[0].clientY;
      dx = 0;
    }, { passive: true });
    item.addEventListener("touchmove", (event) => {
      if (startX === null) return;
      dx = Math.min(0, event.touches[0].clientX - startX);
      // A vertical scroll is a scroll, not a swipe.
      if (Math.abs(event.touches[0].clientY - startY) > Math.abs(dx)) { startX = null; dx = 0; }
      item.style.transform = `translateX(${dx}px)`;
    }, { passive: true });
    item.addEventListener("touchend", () => {
      const far = -dx > item.offsetWidth / 3;
      item.style.transform = far ? "translateX(-100%)" : "";
      startX = null;
      if (far) button.click();
    });
  }
}

// A skill's form: the custom category's name is asked for only while "Custom Category" is chosen.
function setUpCustomCategory(root) {
  const select = root.querySelector('select[name="category"]');
  const field = root.querySelector(".custom-category");
  if (!select || !field) return;
  const show = () => { field.hidden = select.value !== "custom"; };
  select.addEventListener("change", show);
  show();
}

function enhance(root) {
  setUpSteppers(root);
  setUpCustomCategory(root);
  setUpSwipeToDelete(root);
  addDeviceZone(root);
  for (const form of root.querySelectorAll("form[data-enhance]")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const before = new Set([...document.querySelectorAll("main .event")].map((li) => li.dataset.id));
      const result = await post(form, event.submitter);
      // Success shows the updated list; a refusal (say, deleted meanwhile elsewhere) shows its message.
      // Kept for later (offline), it is already shown in the list as waiting.
      if (!result || result.queued) return;
      replaceMain(result.page, event.submitter);
      // A refusal's message is shown where the person is looking, not above the screen.
      document.querySelector("main [role=alert]")?.scrollIntoView({ block: "nearest" });
      for (const li of document.querySelectorAll("main .event")) {
        if (!before.has(li.dataset.id)) li.classList.add("fresh");
      }
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
    const now = nowInZone(form.dataset.zone);
    if (now) form.elements.at.value = now;
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
    const result = await post(form);
    if (!result) return;
    if (result.queued) {
      dialog.close();
      return;
    }
    const { ok, page } = result;
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

// A tracker's live countdown: days and a ticking clock to (or since) the target, from the server's
// instant. The words above it are the server's calendar-correct breakdown; this only adds the seconds.
// When a "till" target arrives with the page open, the page asks the server again and shows the arrival
// (the words, "The day is here!" and the confetti) in place, as a reload would.
function startCountdown() {
  const element = document.querySelector(".live-countdown[data-target]");
  if (!element) return;
  const target = Number(element.dataset.target);
  const awaitsArrival = element.dataset.till === "true" && !document.querySelector(".tracker-hero .arrived");
  const pad = (n) => String(n).padStart(2, "0");
  let asking = false;
  let timer = null;
  const arrive = async () => {
    asking = true;
    try {
      const response = await fetch(location.href, { headers: { Accept: "text/html" } });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (page.querySelector(".tracker-hero .arrived")) {
        clearInterval(timer);
        replaceMain(page);
        startCountdown();
        return;
      }
    } catch (error) {
      // Offline for a moment: ask again on the next tick.
    }
    asking = false;
  };
  const tick = () => {
    const remaining = target - Date.now();
    const seconds = Math.floor(Math.abs(remaining) / 1000);
    const days = Math.floor(seconds / 86400);
    const clock = `${pad(Math.floor(seconds / 3600) % 24)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
    element.textContent = `${days} ${days === 1 ? "day" : "days"} ${clock}`;
    if (awaitsArrival && remaining <= 0 && !asking) arrive();
  };
  tick();
  timer = setInterval(tick, 1000);
}

// What cannot be undone asks first: a form (or the button pressed) with data-confirm says what will go.
// Listening while the event comes down to the form, a "no" stops it before any other handler sees it.
document.addEventListener("submit", (event) => {
  const message = event.submitter?.dataset.confirm || event.target.dataset.confirm;
  if (message && !window.confirm(message)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}, true);

document.addEventListener("DOMContentLoaded", () => {
  if (document.body.dataset.user) rememberUser(document.body.dataset.user);
  markCurrentTab();
  enhance(document);
  setUpDialog();
  startCountdown();
  offerDeviceZone();
  offerZoneOnSignUp();
});

// Live updates: when another replica (a phone, a CLI, another tab) changes the data, the server says
// so on /events/stream and the page reloads to show it. Not while the person is typing or has a sheet
// open, and not for the change this page has just made itself (it already shows it).
function listenForChanges() {
  // Only signed-in pages (the ones with the sections' tab bar) have a stream to listen to.
  if (!("EventSource" in window) || !document.querySelector("nav.tabs")) return;
  let submittedAt = 0;
  let pending = false;
  document.addEventListener("submit", () => { submittedAt = Date.now(); }, true);
  const busy = () => document.querySelector("dialog[open]") ||
    ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement?.tagName);
  const reloadWhenIdle = () => {
    if (busy()) {
      pending = true;
      return;
    }
    pending = false;
    location.reload();
  };
  document.addEventListener("focusout", () => { if (pending) setTimeout(reloadWhenIdle, 500); });
  const source = new EventSource("/events/stream");
  source.addEventListener("change", () => {
    if (Date.now() - submittedAt < 3000) return;
    reloadWhenIdle();
  });
}

document.addEventListener("DOMContentLoaded", listenForChanges);

// The service worker keeps pages for offline, sends what was logged offline, shows pushed
// notifications and acts on their buttons.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "tally-changed") refreshMain().then(showOfflineState);
  });
}

// "Notify this browser": asks for permission, subscribes with the server's VAPID key and sends the
// subscription with the page's form (and its anti-forgery token).
function setUpPushButton() {
  const form = document.getElementById("push-form");
  if (!form) return;
  const status = form.querySelector("[data-push-status]");
  const say = (text) => { if (status) status.textContent = text; };
  if (!window.isSecureContext) {
    say("Browsers send notifications only to sites at an https:// address: open Tally that way (see its README), or use ntfy below.");
    form.querySelector("button").disabled = true;
    return;
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say("This browser cannot receive notifications from a website. Installed on a phone's home screen, Tally can.");
    form.querySelector("button").disabled = true;
    return;
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        say("Notifications are blocked for this site: allow them in the browser's site settings.");
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await (await fetch("/api/v1/notifications/push-key")).json();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: publicKey,
      });
      const json = subscription.toJSON();
      form.elements.endpoint.value = json.endpoint;
      form.elements.p256dh.value = json.keys.p256dh;
      form.elements.auth.value = json.keys.auth;
      const result = await submitForm(form);
      if (result) replaceMain(result.page);
    } catch (error) {
      say(`This browser could not subscribe: ${error.message}`);
    }
  });
}

document.addEventListener("DOMContentLoaded", () => {
  registerServiceWorker();
  setUpPushButton();
});

// The Import page's upload: sent with XMLHttpRequest so a big file (a Health export of several GB)
// shows its progress; the server answers with where its preview is. Without JavaScript the form posts
// and redirects the same way.
function setUpUpload() {
  const form = document.querySelector("form[data-upload]");
  if (!form || !("XMLHttpRequest" in window)) return;
  const bar = form.querySelector(".upload-progress");
  const status = form.querySelector(".upload-status");
  const slot = document.getElementById("import-error");
  const showError = (text) => {
    slot.innerHTML = "";
    const banner = document.createElement("p");
    banner.className = "error-banner";
    banner.setAttribute("role", "alert");
    banner.textContent = text;
    slot.appendChild(banner);
    slot.scrollIntoView({ block: "nearest" });
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = form.querySelector("button[type=submit]");
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.setRequestHeader("Accept", "application/json");
    bar.hidden = false;
    bar.value = 0;
    button.disabled = true;
    slot.innerHTML = "";
    request.upload.addEventListener("progress", (progress) => {
      if (!progress.lengthComputable) return;
      bar.value = Math.round((progress.loaded / progress.total) * 100);
      status.textContent = `Uploading: ${Math.round(progress.loaded / 1048576)} of ${Math.round(progress.total / 1048576)} MB`;
    });
    request.addEventListener("load", () => {
      if (request.status === 201) {
        bar.removeAttribute("value");
        status.textContent = "Uploaded. Reading the file to see what it holds…";
        window.location.assign(JSON.parse(request.responseText).preview);
        return;
      }
      const page = new DOMParser().parseFromString(request.responseText, "text/html");
      const alert = page.querySelector("[role=alert]");
      showError(alert ? alert.textContent : `The upload was refused (${request.status}).`);
      bar.hidden = true;
      status.textContent = "";
      button.disabled = false;
    });
    request.addEventListener("error", () => {
      showError("The upload stopped: the connection was lost, or the file is larger than this server takes. Try again.");
      bar.hidden = true;
      status.textContent = "";
      button.disabled = false;
    });
    request.send(new FormData(form));
  });
}

document.addEventListener("DOMContentLoaded", setUpUpload);

// Share cards as PNG, which social apps take (the server draws SVG): the card is drawn on a canvas at
// its own size, then shared through the Web Share API where the browser can share files (phones), or
// downloaded. Without the script the SVG download stays.
function setUpShareCards() {
  for (const actions of document.querySelectorAll(".share-actions[data-card]")) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button primary";
    button.textContent = "Share as PNG";
    actions.prepend(button, " ");
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const png = await cardAsPNG(actions.dataset.card);
        const file = new File([png], `${actions.dataset.name}.png`, { type: "image/png" });
        if (navigator.canShare?.({ files: [file] })) {
          await navigator.share({ files: [file], title: "Tally" });
        } else {
          const link = document.createElement("a");
          link.href = URL.createObjectURL(png);
          link.download = file.name;
          link.className = "share-png-download";
          link.hidden = true;
          document.body.appendChild(link);
          link.click();
        }
      } catch (error) {
        if (error.name !== "AbortError") button.textContent = "Could not make the image";
      } finally {
        button.disabled = false;
      }
    });
  }
}

async function cardAsPNG(url) {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth || 1200;
  canvas.height = image.naturalHeight || 630;
  canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
  return await new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no image"))), "image/png"));
}

document.addEventListener("DOMContentLoaded", setUpShareCards);

// The outbox. A log form marked data-offline (water, a bathroom event, a task or habit tick) is kept in
// the outbox (queue.js) before it is sent, so nothing a person logs is lost when the connection is gone,
// hangs or loses the answer, or when they leave the page. It is sent at once; when that fails or takes
// long, it shows as waiting and is sent again: with growing waits while anything waits, on the `online`
// event, when the page is shown again, on the next page load, and by the service worker through
// Background Sync. Water and bathroom posts carry an id made here, so one sent twice is stored once.
const PAGES_CACHE = "tally-pages-v1";
const TICK_WORDS = { full: "Done", partial: "Partly done", none: "Not done" };
const WAITING_WORDS = { full: "done", partial: "partly done", none: "not done" };
// How long a log may take before it shows as waiting: a quick answer replaces the page without a flash.
const WAITING_AFTER = 600;

// Sends the form through the outbox (a form that is not a log: straight). Resolves with the server's page
// ({ ok, page }), { queued: true } when it waits to be sent, or null while the form's previous post is
// being kept (a double tap).
async function post(form, submitter) {
  const kind = form.dataset.offline;
  const body = new URLSearchParams(submitter ? new FormData(form, submitter) : new FormData(form));
  if (!kind || !document.body.dataset.user || !("indexedDB" in window)) return submitForm(form, submitter, body);
  if (form.dataset.busy) return null;
  form.dataset.busy = "1";
  let item;
  try {
    if (kind === "water" || kind === "bathroom") body.set("id", TallyQueue.newID());
    item = await keep(form, body, submitter);
  } catch {
    // The outbox cannot be written (storage turned off): sent as a plain form.
    delete form.dataset.busy;
    return submitForm(form, submitter, body);
  }
  // Kept: the log is safe, and the form takes the next one (two glasses are two taps) after a moment.
  setTimeout(() => delete form.dataset.busy, 400);
  if (!navigator.onLine) {
    sendFromWorker();
    await showOfflineState();
    return { queued: true };
  }
  const shown = setTimeout(showOfflineState, WAITING_AFTER);
  // Sent as the form is now: water sent at once is timed by the server, like any other post.
  const result = await TallyQueue.deliver(item, null, body);
  clearTimeout(shown);
  if (result.state === "waiting") {
    sendFromWorker();
    retryLater();
    await showOfflineState();
    return { queued: true };
  }
  // What else waits is marked again once the caller has put the answer in place.
  setTimeout(() => showOfflineState().then(() => waitingCount && sendWaiting()), 0);
  return { ok: result.state === "sent", page: new DOMParser().parseFromString(result.html, "text/html") };
}

// Keeps a log in the outbox: the form's fields and, for water and a one-tap bathroom event, the moment it
// was logged (one sent later happened now, not when it reaches the server). Resolves with the kept action.
async function keep(form, body, submitter) {
  const kind = form.dataset.offline;
  const kept = new URLSearchParams(body);
  if ((kind === "water" || kind === "bathroom") && !kept.get("at")) kept.set("at", new Date().toISOString());
  const action = form.getAttribute("action");
  const item = await TallyQueue.add({
    // A second tick of the same task on the same day replaces the first: the last level chosen wins.
    key: kept.get("id") || `${action}|${kept.get("date") || ""}|${kept.get("habit") || ""}`,
    user: document.body.dataset.user, action, body: kept.toString(), kind, label: offlineLabel(form, kept, submitter),
    target: kind === "tick" ? `${action}|${kept.get("date") || ""}|${kept.get("habit") || ""}` : null,
  });
  return item;
}

// Asks the service worker to send what waits when the browser next has a connection, even with no page
// open (Background Sync). Only for what waits: a log sent at once must not also be sent from there, whose
// "changed" message would redraw the page under the person.
function sendFromWorker() {
  navigator.serviceWorker?.ready.then((registration) => registration.sync?.register("tally-queue")).catch(() => {});
}

// Tries the waiting logs again after 2 s, then 4, 8, … up to a minute between tries (each a little
// random, so phones that lost the same server do not all come back at once), until none waits.
let retryWait = 0;
let retryTimer = null;
let waitingCount = 0;
function retryLater() {
  if (retryTimer) return;
  retryWait = Math.min(retryWait ? retryWait * 2 : 2000, 60000);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    sendWaiting();
  }, retryWait * (0.75 + Math.random() / 2));
}

function offlineLabel(form, body, submitter) {
  switch (form.dataset.offline) {
    case "water": return form.dataset.offlineLabel || `${body.get("amount")} ${form.dataset.unit || "ml"}`;
    case "bathroom": return "Pee event";
    default: {
      const name = (submitter?.getAttribute("aria-label") || "").replace(/^[^:]*:\s*/, "");
      return `${TICK_WORDS[body.get("level")] || "Marked"}: ${name}`;
    }
  }
}

// "15:22": the 24-hour time the app shows everywhere.
const clockTime = (millis) =>
  new Date(millis).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

// The banner above the page (offline, a saved copy, what is waiting) and the waiting actions in the lists.
async function showOfflineState() {
  const user = document.body.dataset.user;
  const items = user && "indexedDB" in window ? await TallyQueue.all(user).catch(() => []) : [];
  waitingCount = items.length;
  const savedAt = Number(document.body.dataset.savedAt) || 0;
  const parts = [];
  if (!navigator.onLine) parts.push("You are offline.");
  else if (savedAt) parts.push(`Tally cannot be reached: this page is as it was at ${clockTime(savedAt)}.`);
  if (items.length) {
    parts.push(`Waiting to send: ${items.map((item) => item.label).join(", ")}.`);
    parts.push(navigator.onLine && !savedAt ? "Sending…" : "Kept on this device until the connection is back.");
  } else if (!navigator.onLine || savedAt) {
    parts.push("What you log now is kept on this device and sent when the connection is back.");
  }
  let banner = document.getElementById("offline-banner");
  if (!banner && parts.length) {
    banner = document.createElement("p");
    banner.id = "offline-banner";
    banner.className = "offline-banner";
    banner.setAttribute("role", "status");
    const main = document.querySelector("main");
    main ? main.prepend(banner) : document.body.prepend(banner);
  }
  if (banner) {
    banner.textContent = parts.join(" ");
    banner.hidden = parts.length === 0;
  }
  showWaiting(items);
}

function showWaiting(items) {
  for (const old of document.querySelectorAll(".waiting-item")) old.remove();
  for (const marked of document.querySelectorAll("li.waiting")) {
    marked.classList.remove("waiting");
    marked.querySelectorAll("button").forEach((button) => { button.disabled = false; });
    const words = marked.querySelector(".level-name");
    if (words && marked.dataset.shownLevel) words.textContent = marked.dataset.shownLevel;
  }
  const lists = { water: document.querySelector("main form.custom-amount") && document.getElementById("water-entries"),
    bathroom: document.getElementById("today-events") };
  for (const item of items) {
    const list = lists[item.kind];
    if (list) {
      const li = document.createElement("li");
      li.className = "event waiting-item";
      li.dataset.key = item.key;
      const time = document.createElement("time");
      time.textContent = clockTime(item.queuedAt);
      const text = document.createElement("div");
      text.className = "event-text";
      const chip = document.createElement("span");
      chip.className = "chip waiting-chip";
      chip.textContent = "Waiting to send";
      text.append(time, " ", item.kind === "water" ? item.label : "", " ", chip);
      li.append(text);
      list.prepend(li);
      list.parentElement.querySelector(".empty")?.setAttribute("hidden", "");
    }
    if (item.target) {
      for (const form of document.querySelectorAll("main form[data-offline=tick]")) {
        const body = new URLSearchParams(new FormData(form));
        if (`${form.getAttribute("action")}|${body.get("date") || ""}|${body.get("habit") || ""}` !== item.target) continue;
        const li = form.closest("li");
        li.classList.add("waiting");
        li.querySelectorAll("button").forEach((button) => { button.disabled = true; });
        // It says what was chosen, not what the page showed before: "done · waiting to send".
        const words = li.querySelector(".level-name");
        const chosen = WAITING_WORDS[new URLSearchParams(item.body).get("level")];
        if (words && chosen) {
          li.dataset.shownLevel ||= words.textContent;
          words.textContent = chosen;
        }
      }
    }
  }
}

// Fetches this page again and shows its <main> where the person is; a saved copy becomes the page.
// Resolves with whether it could.
async function refreshMain() {
  try {
    const response = await fetch(location.href, { headers: { Accept: "text/html" } });
    if (!response.ok || response.redirected) return false;
    replaceMain(new DOMParser().parseFromString(await response.text(), "text/html"));
    delete document.body.dataset.savedAt;
    return true;
  } catch {
    // Still offline: the page stays as it is.
    return false;
  }
}

// Sends what waits. A call while a send runs asks for one more round after it (what was kept meanwhile
// is not left for the next try), and resolves when that round is done.
let sending = null;
let sendAgain = false;
function sendWaiting() {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  // Cleared in the same step as the last look at `sendAgain`, so no call falls between the two.
  sending = (async () => {
    try {
      do {
        sendAgain = false;
        await sendRound();
      } while (sendAgain);
    } finally {
      sending = null;
    }
  })();
  return sending;
}

async function sendRound() {
  const user = document.body.dataset.user;
  if (!user || !navigator.onLine || !("indexedDB" in window)) return;
  try {
    const token = document.querySelector('main input[name="_csrf"], input[name="_csrf"]')?.value;
    const report = await TallyQueue.send(user, token);
    // What was sent shows as stored; a saved copy shows the page as it is now, once the server answers.
    if (report.sent > 0 || report.refused.length || document.body.dataset.savedAt) await refreshMain();
    showRefusals(report.refused);
    if (report.waiting > 0) retryLater();
    else retryWait = 0;
  } catch {
    // The queue could not be read or the sender was interrupted: try again a little later.
    retryLater();
  } finally {
    await showOfflineState();
  }
}

// What the server refused when it came to it (a skill deleted meanwhile) is said, not dropped silently.
function showRefusals(refused) {
  for (const { item, message } of refused) {
    const banner = document.createElement("p");
    banner.className = "error-banner queue-refusal";
    banner.setAttribute("role", "alert");
    banner.textContent = `Not saved: ${item.label} (${clockTime(item.queuedAt)}): ${message}`;
    const main = document.querySelector("main");
    main ? main.prepend(banner) : document.body.prepend(banner);
  }
}

// The saved pages belong to whoever was signed in: they go at sign-out, and when another person signs
// in on this browser.
function rememberUser(user) {
  try {
    if (localStorage.getItem("tally-user") !== user && "caches" in window) caches.delete(PAGES_CACHE);
    localStorage.setItem("tally-user", user);
  } catch {
    // Storage turned off: nothing was saved either.
  }
}

document.addEventListener("submit", (event) => {
  if (event.target.getAttribute("action") !== "/logout") return;
  navigator.serviceWorker?.controller?.postMessage({ type: "tally-signed-out" });
  if ("caches" in window) caches.delete(PAGES_CACHE);
});

document.addEventListener("DOMContentLoaded", () => {
  // The offline page (a page never opened here) becomes that page when the connection returns.
  if (document.body.dataset.offlinePage !== undefined) {
    window.addEventListener("online", () => {
      fetch(location.href, { method: "HEAD" }).then(() => location.reload(), () => {});
    });
    return;
  }
  showOfflineState().then(sendWaiting);
  window.addEventListener("online", sendWaiting);
  window.addEventListener("offline", showOfflineState);
  // A phone wakes a page it kept in the background: what waits goes at once, not at the next try.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && waitingCount) sendWaiting();
  });
});
