// Pan and zoom for boards that grow (Wooly Bully's field): any <svg data-panzoom> can be dragged
// (mouse, pen, one finger), zoomed with the wheel or a pinch, and the result is handed to Python as
// a "change" of the element's data-action with the new viewBox as its value, so the next render
// keeps it. A drag longer than a few pixels swallows the click that ends it (no accidental tap).
(() => {
  "use strict";
  const MIN = 150, MAX = 4000;
  let active = null;           // { svg, pointers: Map, start: {vb, pts}, moved }
  let swallowClick = false;
  let wheelTimer = 0;

  const box = (svg) => svg.getAttribute("viewBox").split(/\s+/).map(Number);
  const setBox = (svg, b) => svg.setAttribute("viewBox", b.map((v) => v.toFixed(0)).join(" "));
  const report = (svg) => {
    svg.value = svg.getAttribute("viewBox");
    svg.type = "viewbox";  // read by the app's change handler (SVG elements have no type)
    svg.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const toSvg = (svg, x, y, b) => {
    const r = svg.getBoundingClientRect();
    const s = Math.max(b[2] / r.width, b[3] / r.height);
    // preserveAspectRatio xMidYMid meet: the box is centred in the element.
    const ox = (r.width - b[2] / s) / 2, oy = (r.height - b[3] / s) / 2;
    return [b[0] + (x - r.left - ox) * s, b[1] + (y - r.top - oy) * s, s];
  };
  const zoomAt = (svg, b, cx, cy, factor) => {
    const w = Math.min(Math.max(b[2] * factor, MIN), MAX);
    const k = w / b[2];
    return [cx - (cx - b[0]) * k, cy - (cy - b[1]) * k, w, b[3] * k];
  };

  document.addEventListener("pointerdown", (e) => {
    const svg = e.target.closest && e.target.closest("svg[data-panzoom]");
    if (!svg) return;
    if (!active || active.svg !== svg) active = { svg, pointers: new Map(), moved: false };
    active.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    active.start = { vb: box(svg), pts: new Map(active.pointers) };
  });
  document.addEventListener("pointermove", (e) => {
    if (!active || !active.pointers.has(e.pointerId)) return;
    active.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    const { svg, start } = active;
    const ids = [...active.pointers.keys()];
    const b = start.vb;
    if (ids.length === 1) {
      const [x0, y0] = start.pts.get(ids[0]) || [e.clientX, e.clientY];
      const dx = e.clientX - x0, dy = e.clientY - y0;
      if (!active.moved && Math.hypot(dx, dy) < 8) return;
      active.moved = true;
      const s = toSvg(svg, 0, 0, b)[2];
      setBox(svg, [b[0] - dx * s, b[1] - dy * s, b[2], b[3]]);
    } else if (ids.length >= 2) {
      const [a, c] = ids;
      const p0 = start.pts.get(a), q0 = start.pts.get(c);
      const p1 = active.pointers.get(a), q1 = active.pointers.get(c);
      if (!p0 || !q0) return;
      const d0 = Math.hypot(p0[0] - q0[0], p0[1] - q0[1]) || 1;
      const d1 = Math.hypot(p1[0] - q1[0], p1[1] - q1[1]) || 1;
      const [cx, cy] = toSvg(svg, (p0[0] + q0[0]) / 2, (p0[1] + q0[1]) / 2, b);
      active.moved = true;
      setBox(svg, zoomAt(svg, b, cx, cy, d0 / d1));
    }
    e.preventDefault();
  }, { passive: false });
  const end = (e) => {
    if (!active || !active.pointers.has(e.pointerId)) return;
    active.pointers.delete(e.pointerId);
    if (active.pointers.size === 0) {
      if (active.moved) { swallowClick = true; report(active.svg); setTimeout(() => { swallowClick = false; }, 50); }
      active = null;
    } else {
      active.start = { vb: box(active.svg), pts: new Map(active.pointers) };
    }
  };
  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);
  document.addEventListener("click", (e) => {
    if (swallowClick) { e.stopPropagation(); e.preventDefault(); swallowClick = false; }
  }, true);
  document.addEventListener("wheel", (e) => {
    const svg = e.target.closest && e.target.closest("svg[data-panzoom]");
    if (!svg) return;
    e.preventDefault();
    const b = box(svg);
    const [cx, cy] = toSvg(svg, e.clientX, e.clientY, b);
    setBox(svg, zoomAt(svg, b, cx, cy, Math.exp(e.deltaY * 0.0015)));
    clearTimeout(wheelTimer);
    wheelTimer = setTimeout(() => report(svg), 200);
  }, { passive: false });
})();
