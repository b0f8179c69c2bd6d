// Boot glue: the only things that must happen before Python exists.
// 1. Show honest loading progress: every file Pyodide needs is counted as it arrives (Resource Timing),
//    weighted by its size, so the bar moves with the 13 MB download rather than on a timer.
// 2. Register the service worker and tell the app (a DOM event) when a new version is waiting;
//    window.parlourUpdate() hands over to it and reloads.
(() => {
  "use strict";
  const weights = { "pyodide.asm.wasm": 60, "python_stdlib.zip": 20, "pyodide.asm.mjs": 8,
    "pyodide.mjs": 2, "pyodide-lock.json": 2, "core.js": 2, ".whl": 3 };
  let done = 0;
  const seen = new Set();
  const setProgress = (value, label) => {
    const bar = document.getElementById("loading-bar");
    const text = document.getElementById("loading-text");
    if (bar) bar.value = Math.min(99, value);
    if (text && label) text.textContent = label;
  };
  const onEntry = (entry) => {
    for (const [suffix, weight] of Object.entries(weights)) {
      if (entry.name.endsWith(suffix) && !seen.has(suffix)) {
        seen.add(suffix);
        done += weight;
        setProgress(done, "Loading… " + Math.round(Math.min(done, 99)) + "%");
      }
    }
  };
  try {
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry))
      .observe({ type: "resource", buffered: true });
  } catch (e) { /* no Resource Timing: the bar simply stays put */ }
  addEventListener("py:ready", () => setProgress(97, "Starting…"));

  window.parlourUpdate = () => {
    window.parlourUpdating = true;
    navigator.serviceWorker.getRegistration().then((reg) => {
      if (reg && reg.waiting) reg.waiting.postMessage("skip-waiting");
      else location.reload();
    });
  };
  if ("serviceWorker" in navigator) {
    let refreshing = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (window.parlourUpdating && !refreshing) { refreshing = true; location.reload(); }
    });
    const announce = () => { window.parlourUpdateWaiting = true; dispatchEvent(new Event("parlour-update")); };
    // Registered once the app is up, so the worker's precache does not compete with the first
    // start for the 13 MB download, and finds the files in the HTTP cache.
    const register = () => navigator.serviceWorker.register("./sw.js").then((reg) => {
      if (reg.waiting && navigator.serviceWorker.controller) announce();
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker && worker.addEventListener("statechange", () => {
          if (worker.state === "installed" && navigator.serviceWorker.controller) announce();
        });
      });
    }).catch((e) => console.warn("service worker not registered:", e));
    if (document.body && document.body.dataset.ready) register();
    else addEventListener("parlour-ready", register, { once: true });
  }
})();
