// Tally's service worker, served at /sw.js for the whole site. It shows the notifications the server
// pushes (Web Push, decrypted by the browser) and does what their buttons say without opening the app:
// "+250 ml" logs the water, "Done" marks the skill's task done, "Snooze 15 min" sends it again later.
// The token in each notification is the buttons' credential, so they work without a session.
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

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
