// pnp serve: the kit as a gallery, kept current by server-sent events. Content text is only ever set as
// textContent (never parsed as HTML); pictures are asked for by item id and version.
"use strict";

const $ = (id) => document.getElementById(id);
const figures = new Map();   // item id -> <figure>
const sections = new Map();  // output/group -> <section>
let state = null;

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const c of children) if (c != null) node.append(c);
  return node;
}

function whereText(w) {
  return w.line ? `${w.file}:${w.line}` : w.file;
}

function toast(text) {
  const t = $("toast");
  t.textContent = text;
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, 2500);
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`copied ${text}`);
  } catch (e) {
    toast(text);  // no clipboard: show it to copy by hand
  }
}

// file:line: opens it in the editor pnp serve was started with, else copies it
async function openWhere(w) {
  if (!w || !w.file) return;
  if (!state || !state.editor || w.outside) return copy(whereText(w));
  try {
    const r = await fetch("/api/open", {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify({file: w.file, line: w.line || 0, col: w.col || 0})});
    if (!r.ok) toast((await r.json()).error || `could not open ${whereText(w)}`);
    else toast(`opened ${whereText(w)}`);
  } catch (e) {
    toast(`could not open ${whereText(w)}: ${e}`);
  }
}

function whereLink(w) {
  const a = el("span", {className: "where", textContent: whereText(w), tabIndex: 0,
                        title: state && state.editor ? "open in the editor" : "copy file:line"});
  a.addEventListener("click", () => openWhere(w));
  a.addEventListener("keydown", (e) => { if (e.key === "Enter") openWhere(w); });
  return a;
}

function showItem(id) {
  const f = figures.get(id);
  if (!f) return;
  f.scrollIntoView({behavior: "smooth", block: "center"});
  f.classList.add("flash");
  setTimeout(() => f.classList.remove("flash"), 1200);
}

function worst(indices) {
  let w = "";
  for (const i of indices) {
    const p = state.problems[i];
    if (p && p.severity === "error") return "error";
    if (p) w = "warning";
  }
  return w;
}

function renderBanner() {
  const b = $("banner");
  b.replaceChildren();
  if (state.error) {
    const e = state.error;
    b.append("Could not load the content: ");
    if (e.file) { b.append(whereLink(e), " "); }
    b.append(`${e.message} [${e.code}]`, el("br"), "The pictures below are the last good ones; fix and save again.");
  } else if (state.crash) {
    b.append(state.crash);
  }
  b.hidden = !(state.error || state.crash);
}

function renderProblems() {
  const list = $("problem-list");
  list.replaceChildren();
  for (const p of state.problems) {
    const li = el("li", {className: p.severity});
    if (p.file) li.append(whereLink(p), " ");
    li.append(el("span", {className: "code", textContent: p.code}), " ", p.path ? `${p.path}: ` : "", p.message);
    if (p.items.length) {
      const on = el("span", {className: "on"}, " on ");
      for (const id of p.items.slice(0, 8)) {
        const a = el("a", {href: `#item-${id}`, textContent: id});
        a.addEventListener("click", (e) => { e.preventDefault(); showItem(id); });
        on.append(a);
      }
      if (p.items.length > 8) on.append(`and ${p.items.length - 8} more`);
      li.append(on);
    }
    list.append(li);
  }
  $("problems").hidden = state.problems.length === 0;
  const errors = state.problems.filter((p) => p.severity === "error").length;
  const items = state.groups.reduce((n, g) => n + g.items.reduce((m, i) => m + 1 + i.copies.length, 0), 0);
  $("counts").textContent = `${items} items · ${errors} error(s), ${state.problems.length - errors} warning(s)`;
}

function updateFigure(fig, item) {
  fig.className = `item ${worst(item.problems)}`.trim();
  fig.dataset.id = item.id;
  const sides = fig.querySelector(".sides");
  for (const side of ["front", "back"]) {
    let link = sides.querySelector(`a.${side}`);
    const version = item.sides[side];
    if (!version) { if (link) link.remove(); continue; }
    const src = `/img/${encodeURIComponent(item.id)}/${side}.png?v=${version}`;
    if (!link) {
      link = el("a", {className: side, target: "_blank", title: `${item.id}, ${side}: open at full size`},
                el("img", {alt: `${item.id} ${side}`}));
      if (side === "front") sides.prepend(link); else sides.append(link);
    }
    const img = link.querySelector("img");
    img.dataset.side = side;
    if (img.dataset.version !== version) {
      img.src = src;
      link.href = src;
      img.dataset.version = version;
    }
    img.style.width = `calc(${item.width} * var(--zoom))`;
  }
  const cap = fig.querySelector("figcaption");
  cap.replaceChildren(el("span", {className: "id", textContent: item.id}));
  if (item.copies.length) cap.append(` ×${item.copies.length + 1}`);
  cap.append(` · ${item.kind}`);
  if (item.source) cap.append(" · ", whereLink(item.source));
  if (item.problems.length) {
    const ul = el("ul");
    for (const i of item.problems) {
      const p = state.problems[i];
      ul.append(el("li", {className: p.severity}, el("span", {className: "code", textContent: p.code}), " ", p.message));
    }
    cap.append(ul);
  }
}

function renderGallery() {
  const gallery = $("gallery");
  const seenItems = new Set();
  const seenSections = new Set();
  for (const g of state.groups) {
    const key = `${g.output}/${g.group}`;
    seenSections.add(key);
    let section = sections.get(key);
    if (!section) {
      section = el("section", {className: "group"},
                   el("h2", {}, g.group, " ", el("small", {textContent: g.part === g.group ? g.output : `${g.part} · ${g.output}`})),
                   el("div", {className: "items"}));
      section.dataset.group = key;
      sections.set(key, section);
    }
    gallery.append(section);  // appending an existing node moves it: sections keep the state's order
    const items = section.querySelector(".items");
    for (const item of g.items) {
      seenItems.add(item.id);
      let fig = figures.get(item.id);
      if (!fig) {
        fig = el("figure", {id: `item-${item.id}`}, el("div", {className: "sides"}), el("figcaption"));
        figures.set(item.id, fig);
      }
      updateFigure(fig, item);
      items.append(fig);
    }
  }
  for (const [id, fig] of figures) if (!seenItems.has(id)) { fig.remove(); figures.delete(id); }
  for (const [key, s] of sections) if (!seenSections.has(key)) { s.remove(); sections.delete(key); }
  $("empty").hidden = state.groups.length > 0;
}

function render(next) {
  // an older state arriving late is dropped; a restarted pnp serve counts from 1 again
  if (state && next.instance === state.instance && next.generation < state.generation) return;
  state = next;
  document.title = `${state.title} · pnp serve`;
  $("title").textContent = state.title;
  renderBanner();
  renderProblems();
  renderGallery();
  document.body.dataset.generation = state.generation;
}

function connect() {
  const status = $("status");
  const events = new EventSource("/events");
  events.addEventListener("state", (e) => render(JSON.parse(e.data)));
  events.onopen = () => { status.textContent = "live"; status.className = "status live"; };
  events.onerror = () => { status.textContent = "pnp serve is not answering: retrying"; status.className = "status down"; };
}

function setup() {
  const zoom = $("zoom");
  const apply = () => document.documentElement.style.setProperty("--zoom", `${zoom.value}px`);
  zoom.addEventListener("input", apply);
  apply();
  const backs = $("backs");
  backs.addEventListener("change", () => document.body.classList.toggle("no-backs", !backs.checked));
  fetch("/api/state").then((r) => r.json()).then(render).catch(() => {});
  connect();
}

document.addEventListener("DOMContentLoaded", setup);
