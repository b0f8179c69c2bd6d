// Boot glue: the only things that must happen before Python exists.
// 1. Paint the game picker at once, in the person's language: build.py pre-renders it (with the
//    same Python that draws it later) into <template id="boot-picker-LANG"> elements; paint() picks
//    the language the app will pick (saved setting, else the browser's languages) and shows it. A tap
//    on Play before Python is up changes the address, and the app opens that address when it starts.
// 2. Tell the truth while Python starts: named phases with figures (megabytes downloaded, seconds
//    spent starting, in tenths), the words changing every tick a long task does not hold back, in
//    the same language; a screen reader hears each phase once, not each figure.
// 3. On a first visit, keep a copy of each file the page fetches (Pyodide's 9.6 MB wasm above all)
//    in a staging cache, so the service worker's precache takes it from there instead of
//    downloading it a second time (Chromium does not keep the wasm in its HTTP cache).
// 4. Start Python: Pyodide straight from its module (no PyScript layer), restored from a memory
//    snapshot when a worker made one for this build after an earlier start (decision 0085); the
//    parlour wheel on sys.path as a zip, then parlour.web.app.start() draws the screen the address
//    asks for.
// 5. Register the service worker and tell the app (a DOM event) when a new version is waiting;
//    window.parlourUpdate() hands over to it and reloads.
(() => {
  "use strict";
  const LANGUAGES = ["en", "ru", "uk"];
  const STAGING = "parlour-boot";
  const start = performance.now();
  // Where a start's time goes (bench/startup.py prints it): User Timing marks, "parlour:<step>".
  const mark = (name) => performance.mark("parlour:" + name);
  let words = {};
  let lang = "en";
  const firstVisit = !("serviceWorker" in navigator) || !navigator.serviceWorker.controller;
  // After one visit every file comes from the service worker's cache at once: Python is starting.
  let phase = firstVisit ? "download" : "starting";
  let phaseStart = start;
  let got = 0;
  let done = 0;  // the share of the phase's steps done (starting Python, loading Parlour)
  let ready = false;
  const staged = new Set();
  const staging = [];

  const say = (key, params) => {
    const text = (words[key] || key).replace(/\{(\w+)\}/g, (_m, name) => String(params[name]));
    return text;
  };
  const tenths = (x) => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    .format(x);
  const mb = (bytes) => tenths(bytes / 1e6);

  // --- the language, as parlour.web.settings.load picks it --------------------------------------
  const pickLanguage = () => {
    try {
      const saved = JSON.parse(localStorage.getItem("parlour.settings") || "{}");
      if (saved && LANGUAGES.includes(saved.lang)) return saved.lang;
    } catch (e) { /* storage refused or damaged: the browser's languages decide */ }
    const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (const pref of prefs) {
      const code = String(pref || "").toLowerCase().split("-")[0];
      if (LANGUAGES.includes(code)) return code;
    }
    return "en";
  };
  const isPicker = () => location.hash.replace(/^#/, "").split("?")[0].split("/").every((p) => !p);

  // --- progress -----------------------------------------------------------------------------------
  const show = () => {
    const bar = document.getElementById("loading-bar");
    const text = document.getElementById("loading-text");
    if (!bar || !text || ready) return;
    const total = words["boot.total-bytes"] || 1;
    // Tenths: in whole seconds, the words stood still a second more than any long task held them.
    const seconds = tenths(Math.floor((performance.now() - phaseStart) / 100) / 10);
    let value, line;
    if (phase === "download") {
      value = 70 * Math.min(1, got / total);
      line = say("boot.download", { done: mb(got), total: mb(total) });
    } else if (phase === "starting") {
      value = 70 + 20 * done;
      line = say("boot.starting", { s: seconds });
    } else {
      value = 90 + 9 * done;
      line = say("boot.app", { s: seconds });
    }
    if (text.textContent !== line) text.textContent = line;
    // The screen reader's copy (the line itself is aria-hidden): the words of each phase, once.
    const said = document.getElementById("loading-said");
    if (said && said.dataset.phase !== phase) {
      said.dataset.phase = phase;
      said.textContent = line;
    }
    bar.value = Math.min(99, value);
  };
  const enter = (name) => {
    if (phase === name || (phase === "app" && name === "starting")) return;
    phase = name;
    phaseStart = performance.now();
    done = 0;
    show();
  };

  // Count (and on a first visit, stage) what the page fetches from its own origin. The response
  // handed to Pyodide is the original one, untouched, so the browser can still cache compiled wasm.
  const originalFetch = window.fetch.bind(window);
  const downloads = new Map();
  const count = () => { got = [...downloads.values()].reduce((a, b) => a + b, 0); };
  // Pyodide's own modules (pyodide.mjs, pyodide.asm.mjs: 1.3 MB) come by import(), which no fetch
  // sees: each is counted when it has arrived, from its Resource Timing entry, so the figure moves
  // while they come (they are the first of Python's files to be asked for).
  if (firstVisit && typeof PerformanceObserver !== "undefined") {
    const pyodide = new URL("pyodide/", document.baseURI).href;
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((e) => {
        if (ready || e.initiatorType === "fetch" || !e.name.startsWith(pyodide) || downloads.has(e.name)) return;
        downloads.set(e.name, e.encodedBodySize || 0);
        count();
      })).observe({ type: "resource", buffered: true });
    } catch (e) { /* no Resource Timing: those files are not counted */ }
  }
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    try {
      const url = new URL(response.url || (input && input.url) || String(input), location.href);
      const method = (init && init.method) || (input && input.method) || "GET";
      if (firstVisit && url.origin === location.origin && method === "GET" && response.ok && response.body && !ready) {
        const copy = response.clone();
        downloads.set(url.href, 0);
        staging.push((async () => {
          const reader = copy.body.getReader();
          const chunks = [];
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks.push(value);
            downloads.set(url.href, downloads.get(url.href) + value.byteLength);
            count();
          }
          if (url.pathname.endsWith("/pyodide.asm.wasm") || url.pathname.endsWith("/python_stdlib.zip")) {
            staged.add(url.pathname);
            if (staged.size === 2) enter("starting");
          }
          if ("caches" in window) {
            const cache = await caches.open(STAGING);
            await cache.put(url.href, new Response(new Blob(chunks), { status: 200, headers: response.headers }));
          }
        })().catch((e) => console.warn("boot: not staged", url.href, e)));
      }
    } catch (e) { /* counting is a nicety: the response itself is never touched */ }
    return response;
  };

  // --- the picker before Python -----------------------------------------------------------------
  const opening = () => {
    const next = document.getElementById("loading-next");
    const app = document.getElementById("app");
    if (!next || !app || ready) return;
    if (isPicker()) return;
    // A tap on Play (or Rules, Settings) before Python is up: the address keeps it, the app opens it.
    app.querySelectorAll("header, main").forEach((el) => el.remove());
    app.removeAttribute("data-boot");
    document.getElementById("loading").classList.remove("strip");
    const gid = location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
    const game = words["game." + gid + ".name"];
    next.hidden = !game;
    next.textContent = game ? say("boot.opening", { game }) : "";
  };

  const paint = () => {
    lang = pickLanguage();
    const data = document.getElementById("boot-words-" + lang);
    words = data ? JSON.parse(data.textContent) : {};
    document.documentElement.lang = lang;
    if (words["app.title"]) document.title = words["app.title"];
    const app = document.getElementById("app");
    const loading = document.getElementById("loading");
    const template = document.getElementById("boot-picker-" + lang);
    if (app && loading && template && isPicker()) {
      app.insertBefore(template.content.cloneNode(true), loading);
      loading.classList.add("strip");
      app.dataset.boot = "picker";
      window.parlourBoot.timings.picker = performance.now();
      app.setAttribute("aria-busy", "false");
      // Resume appears only for games with a saved match, as the app draws it: one listed in the
      // game's slots (web/saves.py), or a save from before slots. Else it would appear under a
      // finger when Python draws the picker.
      app.querySelectorAll(".picker .card[data-game]").forEach((card) => {
        let saved = null;
        try {
          const game = card.dataset.game;
          saved = JSON.parse(localStorage.getItem("parlour.saves." + game) || "[]").length
            || localStorage.getItem("parlour.save." + game);
        } catch (e) { /* none */ }
        if (!saved) card.querySelectorAll('a[href$="/play"]').forEach((a) => a.remove());
      });
    }
    opening();
    show();
    const tick = setInterval(() => (ready ? clearInterval(tick) : show()), 250);
  };
  window.parlourBoot = { paint, timings: { start } };
  addEventListener("hashchange", opening);

  // --- Python ------------------------------------------------------------------------------------
  const domParsed = new Promise((resolve) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", resolve, { once: true });
    else resolve();
  });
  const fail = (error) => {
    console.error("Parlour could not start:", error);
    ready = true;
    const line = say("boot.failed", { reason: String((error && error.message) || error) });
    ["loading-text", "loading-said"].forEach((id) => {
      const el = document.getElementById(id);
      if (el) el.textContent = line;
    });
  };
  // Python from a memory snapshot when one was made for this build (decision 0085): Pyodide's
  // memory as it was after importing Parlour, restored in a fraction of a start. The wheel is put on
  // sys.path as a zip (no unpacking), at the path the snapshot was made with.
  const SNAPSHOTS = "python-snapshot";  // not "parlour-…": the service worker deletes those on update
  const WHEEL_PATH = "/lib/parlour.whl";
  const config = JSON.parse(document.getElementById("boot-config").textContent);
  const base = new URL("./", document.baseURI);
  const snapshotKey = new URL("python-" + config.build + ".snapshot", base).href;  // a cache key, never fetched
  const savedSnapshot = async () => {
    try {
      const hit = await (await caches.open(SNAPSHOTS)).match(snapshotKey);
      return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    } catch (e) { return null; }
  };
  let restored = false;
  // The next task, at once (a timer would wait 4 ms from the fifth on): the page paints between.
  // One channel for all, kept: a channel made per pause may be collected with its message unsent.
  const channel = new MessageChannel();
  const paused = [];
  channel.port1.onmessage = () => paused.shift()();
  const pause = () => new Promise((resolve) => {
    paused.push(resolve);
    channel.port2.postMessage(0);
  });
  const idle = () => new Promise((resolve) => (window.requestIdleCallback
    ? requestIdleCallback(resolve, { timeout: 1000 }) : setTimeout(resolve, 20)));
  // Python's first start is one task of 2-8 s inside loadPyodide, most of it Pyodide's bootstrap
  // importing these modules from source (decision 0089). Imported beforehand, one a task, through
  // the hook build.py adds to loadPyodide, they leave the bootstrap little to do, in the same state.
  const STDLIB = ("collections functools enum re ast types weakref tokenize linecache copy textwrap typing " +
    "warnings importlib.util json dis annotationlib inspect dataclasses traceback threading logging " +
    "concurrent.futures socket locale subprocess pathlib ssl asyncio _pyodide shutil random tempfile zipfile").split(" ");
  // Their bytecode, compiled by build.py with Pyodide's own Python (decision 0105): loaded, not
  // compiled, they take a fifth of the time. Asked for at once on a first visit (no snapshot yet).
  // The helper that puts them in Python's path is shared with the workers (assets/bytecode.mjs, 0111).
  let helper = null;
  const stdlibHelper = () => (helper ||= import(new URL("assets/bytecode.mjs", base).href));
  const stdlibURL = config.stdlib && new URL(config.stdlib, base);
  let stdlibBytecode = stdlibURL && firstVisit ? stdlibHelper().then((m) => m.fetchBytecode(stdlibURL)) : null;
  if (stdlibBytecode) stdlibBytecode.catch(() => {});  // a failure is told where it is awaited
  const SLICE_MS = 40;  // the steps run back to back for this long, then the page paints (0105)
  const beforeBootstrap = async (snapshot, api, module) => {
    mark("interpreter");
    if (snapshot) return;
    enter("starting");  // every file is here by now, whatever the count of bytes staged says
    if (config.stdlib) {
      try {
        const shared = await stdlibHelper();
        shared.use(module, api, await (stdlibBytecode || shared.fetchBytecode(stdlibURL)));
        window.parlourBoot.timings.bytecode = true;
      } catch (e) {
        console.warn("boot: the standard library compiles from source", e);  // slower, the same
      }
      stdlibBytecode = null;
    }
    let slice = performance.now();
    for (const [i, name] of STDLIB.entries()) {
      if (performance.now() - slice > SLICE_MS) {
        await pause();
        slice = performance.now();
      }
      api.rawRun(`__import__("${name}")`);
      done = (i + 1) / STDLIB.length;
      show();
    }
    mark("stdlib");
    await pause();
  };
  const startPython = async () => {
    const wheel = import(new URL("assets/wheel.mjs", base).href).then((m) => m.fetchWheel(new URL(config.wheel, base)));
    const [{ loadPyodide }, snapshot] = await Promise.all([
      import(new URL("pyodide/pyodide.mjs", base).href),
      "caches" in window ? savedSnapshot() : null,
    ]);
    mark("module");
    const indexURL = new URL("pyodide/", base).href;
    let py = null;
    if (snapshot) {
      try {
        py = await loadPyodide({ indexURL, _loadSnapshot: snapshot, _beforeBootstrap: beforeBootstrap });
        restored = true;
      } catch (e) {
        console.warn("boot: snapshot not restored, starting Python anew", e);
        caches.delete(SNAPSHOTS);
      }
    }
    if (!py) py = await loadPyodide({ indexURL, _beforeBootstrap: beforeBootstrap });
    mark("python");
    await domParsed;
    enter("app");
    py.FS.writeFile(WHEEL_PATH, new Uint8Array(await wheel));
    mark("wheel");
    if (restored) {
      py.runPython("from parlour.web.boot import restored\nrestored()");
    } else {
      py.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(WHEEL_PATH)})`);
      // The app's modules, one a task, so the words keep moving (the snapshot holds them all).
      const steps = py.runPython("from parlour.web.boot import loading\nloading()");
      try {
        for (let step = steps.next(); !step.done; step = steps.next()) {
          mark("import");
          done = step.value;
          show();
          await pause();
        }
      } finally {
        steps.destroy();
      }
    }
    window.parlourBoot.timings.snapshot = restored;
    mark("imports");
    await pause();
    py.runPython("from parlour.web.app import start\nstart()");
    // The picker is up: what a game's screens need comes now, a module a task while the page is
    // idle (decision 0004; a tap meanwhile is answered between two). Then what lives is out of the
    // garbage collector's scans.
    // Each step and settle is a User Timing measure, "parlour:<module>" (bench/progress.py names
    // the start's long tasks by them).
    const timed = (name, t) => performance.measure("parlour:" + name, { start: t });
    const rest = py.runPython("from parlour.web.boot import later\nlater()");
    try {
      for (;;) {
        await idle();
        const t = performance.now();
        const step = rest.next();
        if (step.done) break;
        timed(step.value, t);
      }
    } catch (e) {
      console.warn("boot: not imported ahead", e);  // imported when first used instead
    } finally {
      rest.destroy();
    }
    const settling = performance.now();
    py.runPython("from parlour.web.boot import settle\nsettle()");
    timed("settle", settling);
  };
  window.parlourBoot.python = startPython().catch(fail);
  addEventListener("parlour-ready", () => {
    ready = true;
    mark("ready");
    window.parlourBoot.timings.ready = performance.now();
  }, { once: true });

  // --- bots off the page's thread ---------------------------------------------------------------
  // A worker with its own Python (assets/bot-worker.mjs) runs every bot's search, so the page never
  // freezes while an AI thinks. Started when a game's screen opens; on a first visit only once the
  // service worker holds the files, so Pyodide's files are never downloaded twice.
  let bots = null;
  let asked = 0;
  const answers = new Map();
  // On a first visit a worker fetches Pyodide's files only once the service worker holds them.
  const cached = () => (firstVisit && "serviceWorker" in navigator ? Promise.race([
    navigator.serviceWorker.ready.then(() => new Promise((res) => {
      if (navigator.serviceWorker.controller) res();
      else navigator.serviceWorker.addEventListener("controllerchange", res, { once: true });
    })),
    new Promise((res) => setTimeout(res, 30000)),
  ]) : Promise.resolve());
  const startBots = () => {
    if (bots) return bots;
    bots = (async () => {
      await cached();
      const made = performance.now();
      const worker = new Worker("./assets/bot-worker.mjs", { type: "module" });
      worker.postMessage({
        wheel: config.wheel, stdlib: config.stdlib, snapshot: { key: snapshotKey, cache: SNAPSHOTS, path: WHEEL_PATH },
      });
      await new Promise((resolve, reject) => {
        worker.onerror = (e) => {
          // A worker that dies fails what it was asked (the page's bot takes over) and is made anew.
          const error = new Error("bot worker: " + (e.message || "failed"));
          answers.forEach(([, rej]) => rej(error));
          answers.clear();
          bots = null;
          reject(error);
        };
        worker.onmessage = (event) => {
          const { id, reply, error, ready: up, failed, snapshot, bytecode } = event.data;
          if (up) {
            window.parlourBoot.timings.botsSnapshot = snapshot;
            window.parlourBoot.timings.botsBytecode = bytecode;
            window.parlourBoot.timings.botsUpMs = performance.now() - made;  // its start, for benchmarks
            resolve();
          }
          else if (failed) reject(new Error(failed));
          else if (answers.has(id)) {
            const [res, rej] = answers.get(id);
            answers.delete(id);
            error === undefined ? res(reply) : rej(new Error(error));
          }
        };
      });
      return worker;
    })();
    bots.catch((e) => { console.warn("bots think on the page:", e); });
    return bots;
  };
  const gameRoute = () => /^#\/(?!settings|join)[^/?]+/.test(location.hash);
  window.parlourBots = {
    start: startBots,
    think: (request) => startBots().then((worker) => new Promise((res, rej) => {
      asked += 1;
      answers.set(asked, [res, rej]);
      worker.postMessage({ id: asked, request });
    })),
  };
  addEventListener("hashchange", () => { if (ready && gameRoute()) startBots(); });
  addEventListener("parlour-ready", () => { if (gameRoute()) startBots(); });

  // --- the next start's memory snapshot -----------------------------------------------------------
  // Made in a worker of its own (assets/snapshot-worker.mjs) a little after the app is up, when this
  // start did not restore one: the page never waits for it; the next start does not start Python.
  const makeSnapshot = async () => {
    if (restored || !("caches" in window) || typeof Worker === "undefined") return;
    await cached();
    if (await savedSnapshot()) return;  // another tab made it meanwhile
    const worker = new Worker("./assets/snapshot-worker.mjs", { type: "module" });
    const done = (result) => {
      worker.terminate();
      window.parlourBoot.snapshot = result;
      if (result.failed) console.warn("boot: no memory snapshot:", result.failed);
    };
    worker.onmessage = (event) => done(event.data);
    worker.onerror = (event) => done({ failed: event.message || "worker failed" });
    worker.postMessage({ wheel: config.wheel, key: snapshotKey, path: WHEEL_PATH, cache: SNAPSHOTS });
  };
  addEventListener("parlour-ready", () => setTimeout(makeSnapshot, 1500), { once: true });

  // --- the service worker -------------------------------------------------------------------------
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
    // start for the CPU, and finds the big files in the staging cache.
    const register = () => Promise.allSettled(staging).then(() => navigator.serviceWorker.register("./sw.js")).then((reg) => {
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
