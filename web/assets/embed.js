// The embed's page: a thin client. Python (parlour.web.embed) runs in one shared worker for every
// embed of the page (one runtime, not one per iframe: decision 0090); this page sends it each
// click, key and timer tick and shows the markup it answers with. It posts the worker's messages
// to the parent page and passes the parent's "parlour:*" commands on. No storage, no prompts.
const root = document.getElementById("embed");
const id = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
const url = new URL("../embed-worker.js", import.meta.url);
let port;
if (window.SharedWorker) {
  const worker = new SharedWorker(url, { type: "module", name: "parlour-embed" });
  port = worker.port;
  port.start();
} else {  // no shared workers (some mobile browsers): a runtime of its own
  port = new Worker(url, { type: "module" });
}
let timer = null;
// A frame out of sight (scrolled away on its page, a hidden tab) is not painted: a step's animation
// there only starts when the reader scrolls to it, so they see an old move replayed, and a picture
// taken at that moment shows the move's first frame (the pieces where they were). Out of sight,
// steps are drawn still, at their end.
let inView = true;
if (window.IntersectionObserver) {
  new IntersectionObserver((seen) => { inView = seen[seen.length - 1].isIntersecting; })
    .observe(document.documentElement);
}
const send = (message) => port.postMessage({ id, ...message });
const toParent = (message) => { if (window.parent !== window) window.parent.postMessage(message, "*"); };

port.onmessage = (event) => {
  const reply = event.data;
  if (!reply || reply.id !== id) return;
  // Its Python could not start: said in the embed's language (lang=, else the browser's), in
  // words build.py puts in the page.
  if (reply.fatal) {
    const words = JSON.parse(document.getElementById("embed-failed").textContent);
    const lang = [new URLSearchParams(location.hash.slice(1)).get("lang"), ...navigator.languages]
      .map((p) => String(p).toLowerCase().split("-")[0]).find((p) => words[p]) || "en";
    root.textContent = words[lang].replace("{reason}", reply.fatal);
    root.className = "embed";
    root.setAttribute("role", "alert");
    root.setAttribute("aria-busy", "false");
    toParent({ type: "parlour:error", message: "Parlour could not start: " + reply.fatal });
    return;
  }
  if (reply.html === undefined) return;
  const active = document.activeElement;
  const focusId = reply.focus || (active && active.id) || "";
  root.classList.toggle("no-anim", !inView || document.hidden);
  root.innerHTML = reply.html;
  root.setAttribute("aria-busy", "false");
  document.documentElement.lang = reply.lang;
  document.documentElement.dataset.theme = reply.theme;
  document.title = reply.title;
  if (focusId) {
    const el = document.getElementById(focusId);
    if (el) el.focus({ preventScroll: true });
  }
  for (const message of reply.out || []) toParent(message);
  clearTimeout(timer);
  timer = reply.timer == null ? null : setTimeout(() => send({ type: "tick" }), reply.timer);
  document.body.dataset.ready = "1";
  window.parlourEmbedBoot = reply.boot;  // start-up figures, read by bench/embeds.py
  window.parlourEmbedShown = window.parlourEmbedShown || performance.now();
};

const data = (el, name) => (el && el.getAttribute("data-" + name)) || "";
const target = (event) => (event.target && event.target.closest ? event.target.closest("[data-action]") : null);
document.addEventListener("click", (event) => {
  const el = target(event);
  if (el) send({ type: "act", action: data(el, "action"), arg: data(el, "arg") });
});
document.addEventListener("keydown", (event) => {
  const el = target(event);
  const key = event.key;
  if (el && !["BUTTON", "A"].includes(el.tagName) && (key === "Enter" || key === " ")) {
    event.preventDefault();
    send({ type: "act", action: data(el, "action"), arg: data(el, "arg") });
    return;
  }
  if (["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "Escape"].includes(key)) {
    event.preventDefault();
    send({ type: "act", action: "key", arg: "", key });
  }
});
// Commands from the parent page: {type: "parlour:goto", step}, {type: "parlour:load", position,
// moves, step}, {type: "parlour:get"}. Only plain data passes; the worker checks every field.
window.addEventListener("message", (event) => {
  if (event.source !== window.parent || event.source === window) return;
  const message = event.data;
  if (!message || typeof message.type !== "string" || !message.type.startsWith("parlour:")) return;
  send({ type: "command", data: JSON.parse(JSON.stringify(message)) });
});
// The frame's size: Python draws for it (less detail in a small frame, panes laid out to fit it).
const size = () => [window.innerWidth, window.innerHeight];
const open = () => send({ type: "open", fragment: location.hash, langs: [...navigator.languages], size: size(),
  motion: !matchMedia("(prefers-reduced-motion: reduce)").matches });
let resized = null;
window.addEventListener("resize", () => {
  clearTimeout(resized);
  resized = setTimeout(() => send({ type: "resize", size: size() }), 150);
});
window.addEventListener("hashchange", open);
window.addEventListener("pagehide", () => send({ type: "close" }));
open();
