// Parlour's service worker: precache every file of the site under a versioned cache, answer from it
// first, so that after one visit the app starts with no network. build.py fills in the version and
// the file list (each with its content hash) at build time.
"use strict";
const VERSION = "__PARLOUR_VERSION__";
const PRECACHE = __PARLOUR_PRECACHE__;
const CACHE = "parlour-" + VERSION;

// A file's content hash, as build.py writes it in PRECACHE (the first 12 hex digits of its sha256).
const hashOf = async (response) => {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 12);
};

// A copy of ``url`` this browser already holds with the right content: staged by the page on its
// first visit (assets/boot.js), or in the cache of the version before. Each file is downloaded once.
const reuse = async (url, sources) => {
  for (const source of sources) {
    const hit = await source.match(url, { ignoreSearch: true });
    if (hit && (await hashOf(hit.clone())) === PRECACHE[url]) return hit;
  }
  return null;
};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const names = (await caches.keys()).filter((n) => n === "parlour-boot" || (n.startsWith("parlour-") && n !== CACHE));
    const sources = await Promise.all(names.map((n) => caches.open(n)));
    // "no-cache" revalidates with the server: files the page has just loaded come back as 304s
    // (no second download), and a stale HTTP-cache copy can never enter the precache.
    await Promise.all(Object.keys(PRECACHE).map(async (url) => {
      let response = await reuse(url, sources);
      if (!response) {
        response = await fetch(new Request(url, { cache: "no-cache" }));
        if (!response.ok) throw new Error("precache failed: " + url + " " + response.status);
      }
      await cache.put(url, response);
    }));
    await caches.delete("parlour-boot");
    // The very first install takes over at once; an update waits until the app asks (on reload).
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("parlour-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Navigations get their own page when it is one of the site's (the embed, the docs), else
    // the app shell (any other path or query under the scope).
    const path = "." + url.pathname.slice(new URL(self.registration.scope).pathname.length - 1);
    const own = path.endsWith(".html") && Object.prototype.hasOwnProperty.call(PRECACHE, path);
    const key = request.mode === "navigate" && !own ? "./index.html" : request;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
