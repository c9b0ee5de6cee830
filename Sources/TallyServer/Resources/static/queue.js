// Tally's outbox, shared by the pages and the service worker (which loads it with importScripts).
// Everything a person logs (water, a bathroom event, a task or habit ticked) is kept first in the
// browser's IndexedDB as the form post it is, with an id made on the device, and then sent: a log made
// while the connection is gone, or hangs, or loses the answer, waits here and is sent when the server
// answers again. The server stores a post with a known id once, and a tick sets a level, so sending an
// action twice (from a page and the service worker at once, or after an answer that was lost) never logs
// twice. No send waits longer than `PATIENCE`: a connection that hangs counts as gone.
"use strict";

const TallyQueue = (() => {
  const DATABASE = "tally-offline";
  const STORE = "actions";
  const PATIENCE = 15000;

  function open() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }

  // Runs `work` on the store in one transaction and resolves with its request's result once committed.
  async function inStore(mode, work) {
    const database = await open();
    try {
      return await new Promise((resolve, reject) => {
        const transaction = database.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(request?.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    } finally {
      database.close();
    }
  }

  // A version 7 UUID (RFC 9562) from the browser's random source: the time in milliseconds, then random
  // bits, as the server makes ids, so the ids of new entries follow each other in the server's index.
  function newID() {
    const bytes = self.crypto.getRandomValues(new Uint8Array(16));
    let time = Date.now();
    for (let index = 5; index >= 0; index -= 1) {
      bytes[index] = time % 256;
      time = Math.floor(time / 256);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x70;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  // Keeps one action: { key, user, action (the form's path), body (the form, URL-encoded), kind, label,
  // target (what on the page it marks), queuedAt }, and resolves with it as kept.
  async function add(item) {
    const kept = { queuedAt: Date.now(), ...item };
    await inStore("readwrite", (store) => store.put(kept));
    return kept;
  }

  // The actions kept for `user` (all of them for null), oldest first.
  async function all(user) {
    const items = (await inStore("readonly", (store) => store.getAll())) || [];
    return items.filter((item) => user == null || item.user === user).sort((a, b) => a.queuedAt - b.queuedAt);
  }

  function remove(key) {
    return inStore("readwrite", (store) => store.delete(key));
  }

  // Takes `item` out once it is sent, unless a newer action took its key meanwhile (a second tick of the
  // same task while the first was on its way), which stays to be sent.
  function removeSent(item) {
    return inStore("readwrite", (store) => {
      const request = store.get(item.key);
      request.onsuccess = () => {
        if (request.result?.queuedAt === item.queuedAt && request.result?.body === item.body) store.delete(item.key);
      };
      return request;
    });
  }

  // The message of a page the server answered with a refusal.
  function refusal(html, status) {
    const match = html.match(/class="error-banner"[^>]*>([^<]*)</);
    return match ? match[1].replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&") :
      `the server refused it (${status})`;
  }

  // Sends one kept action, with `token` (the page's anti-forgery token) in place of the one it was kept
  // with when given, and `fields` in place of its body when given. Waits at most `PATIENCE` for the whole
  // answer. Resolves with { state: "sent" | "refused" | "waiting", html, message, offline, signedOut }:
  // sent and refused actions leave the outbox; waiting ones stay for a later try.
  async function deliver(item, token, fields) {
    const body = new URLSearchParams(fields ?? item.body);
    if (token) body.set("_csrf", token);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PATIENCE);
    let response;
    let html;
    try {
      response = await fetch(item.action, {
        method: "POST", body, credentials: "same-origin", signal: controller.signal,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      });
      html = await response.text();
    } catch {
      // No connection, a reset, or no answer in time: whether it arrived is unknown, and sending it again
      // is safe.
      return { state: "waiting", offline: true };
    } finally {
      clearTimeout(timer);
    }
    const path = new URL(response.url, self.location.origin).pathname;
    if (response.ok && path !== "/login") {
      await removeSent(item);
      return { state: "sent", html };
    }
    if (response.status === 400 || response.status === 404 || response.status === 422) {
      // The server read it and said no (a skill deleted meanwhile): keeping it would retry forever.
      await removeSent(item);
      return { state: "refused", html, message: refusal(html, response.status) };
    }
    // Signed out, an expired form, or the server failing: kept for a later try.
    return { state: "waiting", signedOut: path === "/login" || response.status === 401 || response.status === 403 };
  }

  // Sends `user`'s actions in the order they were made (see `deliver`). Stops at the first that cannot
  // reach the server. Returns { sent, refused: [{ item, message }], waiting, offline, signedOut }.
  async function sendNow(user, token) {
    const report = { sent: 0, refused: [], waiting: 0, offline: false, signedOut: false };
    const items = await all(user);
    for (const [index, item] of items.entries()) {
      const result = await deliver(item, token);
      if (result.offline) {
        report.offline = true;
        report.waiting = items.length - index;
        return report;
      }
      if (result.state === "sent") report.sent += 1;
      else if (result.state === "refused") report.refused.push({ item, message: result.message });
      else {
        report.signedOut ||= result.signedOut;
        report.waiting += 1;
      }
    }
    return report;
  }

  // One sender at a time across this origin's pages and the service worker, where the browser can say so.
  function send(user, token) {
    if (self.navigator?.locks) return self.navigator.locks.request("tally-queue", () => sendNow(user, token));
    return sendNow(user, token);
  }

  // A page sends what was just logged with `deliver` at once, outside the lock: a sender holding it may be
  // waiting out a hung connection, and sending an action twice stores it once.
  return { newID, add, all, remove, send, deliver };
})();
