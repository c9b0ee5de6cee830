// Tally's offline queue, shared by the pages and the service worker (which loads it with importScripts).
// What a person logs while the connection is gone (water, a bathroom event, a task or habit ticked) is
// kept in the browser's IndexedDB as the form post it would have been, with an id made on the device,
// and sent when the connection returns. The server stores a post with a known id once, and a tick sets
// a level, so sending an action twice (from a page and the service worker at once, or after an answer
// that was lost) never logs twice.
"use strict";

const TallyQueue = (() => {
  const DATABASE = "tally-offline";
  const STORE = "actions";

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
  // target (what on the page it marks), queuedAt }.
  function add(item) {
    return inStore("readwrite", (store) => store.put({ queuedAt: Date.now(), ...item }));
  }

  // The actions kept for `user` (all of them for null), oldest first.
  async function all(user) {
    const items = (await inStore("readonly", (store) => store.getAll())) || [];
    return items.filter((item) => user == null || item.user === user).sort((a, b) => a.queuedAt - b.queuedAt);
  }

  function remove(key) {
    return inStore("readwrite", (store) => store.delete(key));
  }

  // The message of a page the server answered with a refusal.
  async function refusal(response) {
    const html = await response.text().catch(() => "");
    const match = html.match(/class="error-banner"[^>]*>([^<]*)</);
    return match ? match[1].replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&") :
      `the server refused it (${response.status})`;
  }

  // Sends `user`'s actions in the order they were made, with `token` (the page's anti-forgery token)
  // in place of the one each was kept with when given. Stops at the first that cannot reach the server.
  // Returns { sent, refused: [{ item, message }], waiting, offline, signedOut }.
  async function sendNow(user, token) {
    const report = { sent: 0, refused: [], waiting: 0, offline: false, signedOut: false };
    const items = await all(user);
    for (const [index, item] of items.entries()) {
      const body = new URLSearchParams(item.body);
      if (token) body.set("_csrf", token);
      let response;
      try {
        response = await fetch(item.action, {
          method: "POST", body, credentials: "same-origin",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        });
      } catch {
        report.offline = true;
        report.waiting = items.length - index;
        return report;
      }
      const path = new URL(response.url, self.location.origin).pathname;
      if (response.ok && path !== "/login") {
        await remove(item.key);
        report.sent += 1;
      } else if (response.status === 400 || response.status === 404 || response.status === 422) {
        // The server read it and said no (a skill deleted meanwhile): keeping it would retry forever.
        report.refused.push({ item, message: await refusal(response) });
        await remove(item.key);
      } else {
        // Signed out, an expired form, or the server failing: kept for a later try.
        report.signedOut ||= path === "/login" || response.status === 401 || response.status === 403;
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

  return { newID, add, all, remove, send };
})();
