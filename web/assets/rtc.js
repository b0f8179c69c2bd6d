// WebRTC glue for peer-to-peer play: the only part of networking Python cannot reach.
// Everything else (sessions, lobby, invites, QR codes) is Python in parlour.web.netplay.
//
//   parlourRtc.listen(fn)                  fn(kind, id, data) gets every event below (one Python callback)
//   parlourRtc.offer(iceServers)           host: the table's invite (kept across reloads) -> "offer" (id, code)
//   parlourRtc.accept(code)                host: a guest's answer code: a new connection for it
//   parlourRtc.forget()                    host: drop the table's invite (a new table, a new link)
//   parlourRtc.answer(code, iceServers)    guest: answer an invite's offer        -> "answer" (id, code)
//   parlourRtc.send(id, text), close(id)   data channel of connection id
//   parlourRtc.joinRoom(room, relays, iceServers, "host"|"guest", sid)   automatic signalling (trystero)
//   events: "offer", "answer", "room", "open", "message" (data = text), "close", "error" (data = reason)
//
// Signalling is manual and non-trickle: gathering finishes before a code is made, so one code each
// way is enough. A code carries only what the other side cannot guess (decision 0060):
//   <kind o|a>.<id>.<ice-ufrag>.<ice-pwd>.<sha-256 fingerprint, base64url>.<candidates>
// candidates: comma-separated "<h|s|r><address>:<port>" (UDP host / server-reflexive / relay), or
// "m<16 bytes, base64url>:<port>" for a host's mDNS name (<uuid>.local, Chromium's default); the
// ICE characters "+" and "/" are written "-" and "_" so the code survives a URL query.
// The other side rebuilds a minimal data-channel SDP from this template.
(() => {
  "use strict";
  const GATHER_MS = 5000; // give up waiting for slow STUN/TURN servers: send what was gathered
  const conns = new Map(); // id -> {pc, dc}
  let handler = null;
  const received = []; // every text received, in order (tests inspect it: what did this peer see?)

  const emit = (kind, id, data) => { if (handler) handler(kind, id, data === undefined ? "" : String(data)); };
  const newId = () => Math.random().toString(36).slice(2, 7);
  const ice = (s) => s.replace(/\+/g, "-").replace(/\//g, "_");
  const unice = (s) => s.replace(/-/g, "+").replace(/_/g, "/");

  function b64url(bytes) {
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function unb64url(text) {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Array.from(bin, (c) => c.charCodeAt(0));
  }

  /** The compact code of a local description (after gathering). */
  function pack(kind, id, sdp) {
    const line = (name) => (sdp.match(new RegExp("^a=" + name + ":(.*)$", "m")) || [])[1] || "";
    const fp = line("fingerprint").split(" ")[1] || "";
    const bytes = fp.split(":").map((h) => parseInt(h, 16));
    const cands = [];
    for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ (host|srflx|relay)/gm)) {
      const mdns = m[1].match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/);
      if (mdns && m[3] === "host") {  // an mDNS name (a UUID): its 16 bytes in base64url
        const hex = mdns.slice(1).join("");
        cands.push("m" + b64url(hex.match(/../g).map((h) => parseInt(h, 16))) + ":" + m[2]);
      } else cands.push(m[3][0] + m[1] + ":" + m[2]);
    }
    return [kind, id, ice(line("ice-ufrag")), ice(line("ice-pwd")), b64url(bytes), cands.join(",")].join(".");
  }

  /** {kind, id, sdp} from a code; throws on anything malformed. */
  function unpack(code) {
    const parts = String(code).trim().split(".");
    if (parts.length < 6 || !/^[oa]$/.test(parts[0])) throw new Error("not a connection code");
    const [kind, id, ufrag, pwd, fp] = parts;
    const cands = parts.slice(5).join(".").split(",").filter(Boolean);
    const bytes = unb64url(fp);
    if (bytes.length !== 32 || !cands.length) throw new Error("not a connection code");
    const prio = { h: 2113937151, s: 1686052607, r: 41885439 };
    const type = { h: "host", s: "srflx", r: "relay" };
    const lines = cands.map((c, i) => {
      const at = c.lastIndexOf(":");
      let addr = c.slice(1, at), kind = c[0];
      const port = c.slice(at + 1);
      if (kind === "m") {
        const hex = unb64url(addr).map((b) => b.toString(16).padStart(2, "0")).join("");
        if (hex.length !== 32) throw new Error("bad candidate");
        addr = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-") + ".local";
        kind = "h";
      }
      if (!prio[kind] || !/^\d+$/.test(port) || !/^[\w.:-]+$/.test(addr)) throw new Error("bad candidate");
      const rel = kind === "h" ? "" : " raddr 0.0.0.0 rport 0";
      return `a=candidate:${i + 1} 1 udp ${prio[kind] - i} ${addr} ${port} typ ${type[kind]}${rel} generation 0`;
    });
    const sdp = [
      "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0",
      "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
      ...lines, "a=end-of-candidates",
      "a=ice-ufrag:" + unice(ufrag), "a=ice-pwd:" + unice(pwd),
      "a=fingerprint:sha-256 " + bytes.map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":"),
      "a=setup:" + (kind === "o" ? "actpass" : "active"), "a=mid:0", "a=sctp-port:5000",
      "a=max-message-size:262144", "",
    ].join("\r\n");
    return { kind, id, sdp };
  }

  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
      });
    });
  }

  function wire(id, dc) {
    const conn = conns.get(id);
    conn.dc = dc;
    dc.onopen = () => { conn.open = true; emit("open", id); };
    dc.onmessage = (e) => {
      const start = performance.now();
      received.push(e.data);
      emit("message", id, e.data);
      // bench/net_rtt.py times how long a message takes to arrive and be drawn
      if (window.parlourRtcTrace) window.parlourRtcTrace(e.data, start, performance.now());
    };
    dc.onclose = () => lost(id);
  }

  function lost(id) {
    const conn = conns.get(id);
    if (!conn || conn.closed) return;
    conn.closed = true;
    try { conn.pc.close(); } catch (e) { /* already closed */ }
    emit("close", id);
  }

  function make(id, iceServers, certificates) {
    const pc = new RTCPeerConnection({ iceServers: iceServers || [], certificates });
    conns.set(id, { pc, dc: null, open: false, closed: false });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") lost(id);
    });
    return pc;
  }

  // --- the host's table invite: one link for every guest, reusable (decision 0060) ---------------
  // Every connection the host makes for the table has the same DTLS certificate and ICE ufrag/pwd,
  // so an answer to the link's offer fits any of them. Each guest's answer gets a fresh connection;
  // the link's own candidates may be long gone, but the host checks the guest's candidates and the
  // guest learns the host's address from those checks (peer-reflexive). Certificate (IndexedDB) and
  // credentials (localStorage) are kept, so the link still works after the host's page reloads.
  const INVITE_KEY = "parlour.rtc.invite";
  let table = null; // {id, ufrag, pwd, code, cert, iceServers, n, pending}

  function db(mode, fn) {
    return new Promise((resolve, reject) => {
      const req = indexedDB.open("parlour-rtc", 1);
      req.onupgradeneeded = () => req.result.createObjectStore("keys");
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const tx = req.result.transaction("keys", mode);
        const r = fn(tx.objectStore("keys"));
        tx.oncomplete = () => resolve(r && r.result);
        tx.onerror = () => reject(tx.error);
      };
    });
  }
  const randomText = (n) => Array.from(crypto.getRandomValues(new Uint8Array(n)),
    (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[b % 62]).join("");

  async function fresh() {
    const id = table.id + "-" + (++table.n);
    const pc = make(id, table.iceServers, [table.cert]);
    wire(id, pc.createDataChannel("parlour", { ordered: true }));
    const made = await pc.createOffer();
    const sdp = made.sdp.replace(/^a=ice-ufrag:.*$/gm, "a=ice-ufrag:" + table.ufrag)
      .replace(/^a=ice-pwd:.*$/gm, "a=ice-pwd:" + table.pwd);
    await pc.setLocalDescription({ type: "offer", sdp });
    await gathered(pc);
    return { id, pc };
  }

  async function offer(iceServers) {
    let id = "";
    try {
      let saved = null, cert = null;
      try {
        saved = JSON.parse(localStorage.getItem(INVITE_KEY) || "null");
        cert = saved && await db("readonly", (store) => store.get("cert"));
      } catch (e) { saved = null; }
      if (!saved || !cert || cert.expires < Date.now() + 864e5) {
        cert = await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256" });
        saved = { id: newId(), ufrag: randomText(4), pwd: randomText(22), code: "" };
        try { await db("readwrite", (store) => store.put(cert, "cert")); } catch (e) { /* link lasts this page only */ }
      }
      id = saved.id;
      table = { ...saved, cert, iceServers, n: 0, pending: null };
      table.pending = await fresh();
      if (!saved.code) saved.code = pack("o", id, table.pending.pc.localDescription.sdp);
      table.code = saved.code;
      try { localStorage.setItem(INVITE_KEY, JSON.stringify(saved)); } catch (e) { /* storage refused */ }
      emit("offer", id, saved.code);
    } catch (e) { emit("error", id, e && e.message); }
  }

  async function accept(code) {
    const id = table ? table.id : "";
    try {
      const parsed = unpack(code);
      if (!table || parsed.kind !== "a" || parsed.id !== table.id) throw new Error("not an answer to this table's invite");
      const next = table.pending || await fresh();
      table.pending = null;
      await next.pc.setRemoteDescription({ type: "answer", sdp: parsed.sdp });
      table.pending = await fresh(); // ready for the next guest
    } catch (e) { emit("error", id, e && e.message); }
  }

  function forget() {
    table = null;
    try { localStorage.removeItem(INVITE_KEY); } catch (e) { /* storage refused */ }
  }

  async function answer(code, iceServers) {
    let id = "";
    try {
      const parsed = unpack(code);
      if (parsed.kind !== "o") throw new Error("not an invite");
      id = parsed.id;
      if (conns.has(id)) lost(id);
      conns.delete(id);
      const pc = make(id, iceServers);
      pc.ondatachannel = (e) => wire(id, e.channel);
      await pc.setRemoteDescription({ type: "offer", sdp: parsed.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      emit("answer", id, pack("a", id, pc.localDescription.sdp));
    } catch (e) { emit("error", id, e && e.message); }
  }

  // --- rooms: automatic signalling through Nostr relays (trystero, decision 0062) ------------------
  // Every peer of a room connects to every other; the host tells each peer who it is (its session
  // id), and a guest talks only to the first peer that says it hosts the session of its link.
  // Connections are "r:<peer id>"; their events are the same as those of a manual connection.
  let room = null; // {r, msg, role, sid, host}

  async function joinRoom(roomId, relays, iceServers, role, sid) {
    try {
      if (room) room.r.leave();
      const trystero = await import("./trystero.mjs");
      const config = { appId: "parlour-v1", rtcConfig: { iceServers: iceServers || [] } };
      if (relays && relays.length) config.relayConfig = { urls: relays };
      const r = trystero.joinRoom(config, roomId);
      const msg = r.makeAction("m"), hello = r.makeAction("host");
      room = { r, msg, role, sid, host: null };
      const conn = (peer) => "r:" + peer;
      r.onPeerJoin = (peer) => {
        if (role === "host") { hello.send(sid, { target: peer }); emit("open", conn(peer)); }
      };
      hello.onMessage = (said, { peerId }) => {
        if (role === "guest" && said === sid && !room.host) { room.host = peerId; emit("open", conn(peerId)); }
      };
      msg.onMessage = (text, { peerId }) => {
        if (role === "guest" && peerId !== room.host) return;
        const start = performance.now();
        received.push(text);
        emit("message", conn(peerId), text);
        if (window.parlourRtcTrace) window.parlourRtcTrace(text, start, performance.now());
      };
      r.onPeerLeave = (peer) => {
        if (role === "guest" && peer !== room.host) return;
        if (role === "guest") room.host = null;
        emit("close", conn(peer));
      };
      emit("room", "", trystero.selfId);
    } catch (e) { emit("error", "", e && e.message); }
  }

  function send(id, text) {
    if (id.startsWith("r:")) {
      if (!room) return false;
      room.msg.send(String(text), { target: id.slice(2) });
      return true;
    }
    const conn = conns.get(id);
    if (!conn || !conn.dc || conn.dc.readyState !== "open") return false;
    conn.dc.send(text);
    return true;
  }

  window.parlourRtc = {
    listen: (fn) => { handler = fn; },
    offer, accept, answer, send, forget, joinRoom,
    close: (id) => { const c = conns.get(id); if (c) { try { c.dc && c.dc.close(); } catch (e) { /* gone */ } lost(id); } },
    open: () => (room && room.host ? ["r:" + room.host] : []).concat([...conns.entries()].filter(([, c]) => c.open && !c.closed).map(([id]) => id)),
    states: () => [...conns.entries()].map(([id, c]) =>
      [id, c.pc.signalingState, c.pc.iceConnectionState, c.pc.connectionState, c.dc && c.dc.readyState]),
    received, pack, unpack,
  };
})();
