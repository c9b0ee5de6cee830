// Tally's service worker, served at /sw.js for the whole site.
// - Offline: it keeps the app's files and the pages last seen, and answers from them when the network
//   is gone (a page marked as a saved copy, or an offline page; never the browser's own). What was
//   logged and not yet taken by the server waits in the outbox (queue.js) and is sent from here too,
//   through Background Sync.
// - Notifications: it shows the ones the server pushes (Web Push, decrypted by the browser) and does
//   what their buttons say without opening the app: "+250 ml" logs the water, "Done" marks the skill's
//   task done, "Snooze 15 min" sends it again later. The token in each notification is the buttons'
//   credential, so they work without a session.
"use strict";

importScripts("/static/queue.js");

const SHELL = "tally-shell-v1";
const PAGES = "tally-pages-v1";
const SHELL_FILES = [
  "/static/app.css", "/static/app.js", "/static/queue.js", "/static/offline.html", "/static/icon.svg",
  "/static/icon-192.png", "/static/manifest.webmanifest",
];
// How long a page may take before a saved copy is shown instead (a tunnel often hangs, not fails).
const PATIENCE_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (![SHELL, PAGES].includes(name)) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(fromShell(request));
  else if (request.mode === "navigate") event.respondWith(page(request, event));
});

// The app's files: the kept copy at once, refreshed from the server for next time.
async function fromShell(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request, { ignoreSearch: true });
  const fresh = fetch(request, { cache: "no-cache" }).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (kept) {
    fresh.catch(() => {});
    return kept;
  }
  return fresh;
}

// A page from the server, kept for offline when it is a signed-in page; the kept copy when the server
// cannot be reached (or is slow and a copy exists), else the offline page.
async function page(request, event) {
  const network = fetch(request).then(async (response) => {
    if (response.ok && !response.redirected && (response.headers.get("Content-Type") || "").includes("text/html")) {
      const html = await response.clone().text();
      if (html.includes("<body data-user=")) {
        const cache = await caches.open(PAGES);
        await cache.put(request.url, new Response(html, {
          headers: { "Content-Type": "text/html; charset=utf-8", "X-Tally-Saved": String(Date.now()) },
        }));
      }
    }
    return response;
  });
  event.waitUntil(network.catch(() => {}));
  const kept = caches.open(PAGES).then((cache) => cache.match(request.url));
  const patience = new Promise((resolve) => setTimeout(() => resolve(null), PATIENCE_MS));
  try {
    const first = await Promise.race([network, patience.then(async () => (await kept) ? null : network)]);
    if (first) return first;
  } catch {
    // No network: the saved copy below.
  }
  const copy = await kept;
  if (copy) return savedCopy(copy);
  return (await caches.match("/static/offline.html")) || new Response("Tally is offline.", { status: 503 });
}

// A kept page, marked so its script shows when it was saved.
async function savedCopy(response) {
  const html = (await response.text()).replace("<body data-user=",
    `<body data-saved-at="${response.headers.get("X-Tally-Saved") || ""}" data-user=`);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// Background Sync: the browser wakes this worker when the connection returns, even with no page open.
// Each action goes with the token it was kept with; one the session no longer accepts waits for a page.
self.addEventListener("sync", (event) => {
  if (event.tag !== "tally-queue") return;
  event.waitUntil(TallyQueue.send(null, null).then(async (report) => {
    if (report.sent > 0) {
      for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "tally-changed" });
    }
    // Still unreachable, or the server failing: failing the event asks the browser to try again later
    // (pages that are open try too, with their own waits).
    if (report.offline || (report.waiting > 0 && !report.signedOut)) {
      throw new Error("Tally could not take what waits; the browser will try again");
    }
  }));
});

// A page signing out asks for the saved pages to go, so the next person on this phone does not see them.
self.addEventListener("message", (event) => {
  if (event.data?.type === "tally-signed-out") event.waitUntil(caches.delete(PAGES));
});

self.addEventListener("push", (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: "Tally", body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(show(data));
});

// Shows one notification from the server's payload (title, body, url, key, actions, token).
function show(data) {
  return self.registration.showNotification(data.title || "Tally", {
    body: data.body || "",
    tag: data.key || undefined,
    icon: "/static/icon.svg",
    data,
    actions: (data.actions || []).map(({ action, title }) => ({ action, title })),
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  // The page on this site, whatever address the server put in the link.
  const link = new URL(data.url || "/", self.location.origin);
  event.waitUntil(event.action ? press(data, event.action) : open(link.pathname + link.search));
});

// Does what a button says, then shows what happened (or why it could not).
async function press(data, action) {
  let message;
  try {
    const response = await fetch("/api/v1/notifications/actions", {
      method: "POST",
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: data.token, action }),
    });
    const answer = await response.json().catch(() => ({}));
    message = response.ok ? answer.message : `Not done: ${answer.detail || "the server refused it"}`;
  } catch {
    message = "Not done: Tally could not be reached. Open the app to log it.";
  }
  await self.registration.showNotification("Tally", { body: message, tag: "tally-action", icon: "/static/icon.svg" });
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage({ type: "tally-changed" });
  return message;
}

// Focuses an open Tally window on `url`, or opens one.
async function open(url) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    if ("focus" in client) {
      await client.focus();
      return client.navigate ? client.navigate(url) : undefined;
    }
  }
  return self.clients.openWindow(url);
}
