// The table's pages: fetch JSON from the API, draw it, and redraw on every `change` event.
// User text always goes in through textContent; only the server's own SVG is set as HTML.
"use strict";

const TOKEN = document.body.dataset.token;
const ROLE = document.body.dataset.role;
const ME = document.body.dataset.player;
const seenAnalysis = new Map();
// The state's `checked` when this page last checked its spells: it moves when a ruling, a
// policy, a sense or a hand changes, and a check could answer otherwise.
let checked = null;

// Whether what a spell check reads changed since the last state (never on the first).
function recheck(state) {
  const moved = checked !== null && state.checked !== checked;
  checked = state.checked;
  return moved;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(method, path, body) {
  const options = { method, headers: { Authorization: "Bearer " + TOKEN } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    error.data = data;
    throw error;
  }
  return data;
}

function toast(message, bad) {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = "toast" + (bad ? " bad" : "");
  box.hidden = false;
  box.onclick = () => { box.hidden = true; };  // a tap clears it from what it covers
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

function wordsText(words) {
  return words.map((w) => "[" + w.text + "]" + (w.sense ? " (" + w.sense + ")" : "")).join(" ");
}

function splitWords(text) {
  return text.split(/[\s,]+/).map((w) => w.replace(/[\[\]]/g, "")).filter(Boolean);
}

// -- live ----------------------------------------------------------------------------------

function connect() {
  const live = document.getElementById("live");
  const source = new EventSource("/api/events?token=" + encodeURIComponent(TOKEN));
  source.addEventListener("open", () => { live.textContent = "live"; live.className = "live on"; });
  source.addEventListener("error", () => { live.textContent = "reconnecting"; live.className = "live off"; });
  source.addEventListener("change", (event) => {
    document.body.dataset.marker = event.data;
    refresh();
  });
}

let refreshing = null;
let again = false;
async function refresh() {
  if (refreshing) { again = true; return; }
  refreshing = (async () => {
    try {
      const [state, board] = await Promise.all([api("GET", "/api/state"), api("GET", "/api/board")]);
      if (ROLE === "storyteller") drawStoryteller(state); else drawPlayer(state);
      drawBoard(board);
    } catch (error) {
      toast(error.message, true);
    }
  })();
  await refreshing;
  refreshing = null;
  if (again) { again = false; refresh(); }
}

// -- the board -----------------------------------------------------------------------------

function drawBoard(board) {
  const box = document.getElementById("board");
  const turn = document.getElementById("turn");
  if (!board.combat) {
    box.replaceChildren(el("p", { class: "muted" }, "No fight yet."));
    if (turn) turn.textContent = "No fight.";
    return;
  }
  if (board.text !== undefined) { drawSystemBoard(board, box, turn); return; }
  const picture = el("div", { class: "svg", id: "board-svg" });
  picture.innerHTML = board.svg;  // drawn by the server, every text escaped
  const whose = board.whose;  // "Snazzle's turn, 1 action left", worded by the server
  const parts = [el("p", { class: "whose", id: "whose" }, "Round " + board.round + ": " + whose), picture];
  if (board.legal.length) {
    const actions = el("div", { class: "actions", id: "actions" });
    for (const action of board.legal) {
      actions.append(el("button", { type: "button", class: "action", "data-label": action.label, onclick: () => play(action.command) }, action.text || action.label));
    }
    parts.push(el("h3", {}, "Legal actions for " + board.acting), actions);
  }
  if ((board.cast || []).length) parts.push(el("h3", {}, "Spells " + board.acting + " may cast"), el("div", { class: "actions", id: "cast" }, board.cast.map(castRow)));
  if ((board.counter || []).length) {
    const counters = board.counter.flatMap((group) => group.choices.map((choice) => el("button", { type: "button", class: "action counter", "data-label": choice.label, onclick: () => spellAction("counter", choice.body) }, choice.text)));
    parts.push(el("h3", {}, "Counterspells"), el("div", { class: "actions", id: "counter" }, counters));
  }
  if (board.can_undo) parts.push(el("button", { type: "button", id: "undo", onclick: undo }, "Undo last step"));
  box.replaceChildren(...parts);
  box.dataset.units = JSON.stringify(board.units);
  box.dataset.acting = board.acting || "";
  if (turn) {
    turn.className = "turn" + (board.may_act ? " mine" : "");
    turn.textContent = (board.may_act && ROLE !== "storyteller" ? "Your turn! " : "") + whose;
  }
}

// Another game system's fight (Murdham, Spellwoven, Weird Wizard): its status as text, read
// only here (its commands are the CLI's).
function drawSystemBoard(board, box, turn) {
  box.replaceChildren(
    el("h3", {}, board.title + " · " + board.system_title),
    el("p", { class: "whose", id: "whose" }, board.whose),
    el("ul", { class: "log roster", id: "roster" }, board.roster.map((line) => el("li", {}, line))),
    el("pre", { class: "fight-text", id: "fight-text" }, board.text));
  box.dataset.units = "{}";
  box.dataset.acting = board.acting || "";
  if (turn) {
    const mine = board.may_act && board.acting && ROLE !== "storyteller";
    turn.className = "turn" + (mine ? " mine" : "");
    turn.textContent = (mine ? "Your turn! " : "") + board.whose;
  }
}

// A ruling to cast: one button, with a picker of the targets (and deliveries) it may take.
function castRow(offer) {
  const button = el("button", { type: "button", class: "action cast", "data-ruling": offer.ruling }, offer.choices[0].text);
  let chosen = offer.choices[0];
  button.addEventListener("click", () => spellAction("cast", chosen.body));
  if (offer.choices.length === 1) return el("div", { class: "cast-row" }, button);
  const picker = el("select", { class: "cast-target", "data-ruling": offer.ruling, "aria-label": "Target of " + offer.ruling },
    offer.choices.map((choice, i) => el("option", { value: String(i) }, choice.text.replace("Cast " + offer.ruling + " " + offer.words, "").trim() || "no target")));
  picker.addEventListener("change", () => { chosen = offer.choices[Number(picker.value)]; button.textContent = chosen.text; });
  return el("div", { class: "cast-row" }, picker, button);
}

async function spellAction(kind, body) {
  try { await api("POST", "/api/combat/" + kind, body); } catch (error) { toast(error.message, true); }
}

async function play(command) {
  try { await api("POST", "/api/combat/play", { command }); } catch (error) { toast(error.message, true); }
}

async function undo() {
  try { await api("POST", "/api/combat/undo", {}); } catch (error) { toast(error.message, true); }
}

// -- characters ----------------------------------------------------------------------------

function drawCharacters(characters) {
  const box = document.getElementById("characters");
  box.replaceChildren(...characters.map((c) => {
    const sheet = c.sheet;
    const zones = (sheet.hitzones || []).map((z) => el("li", {}, z.name + ": " + z.hp + "/" + z.max_hp + " HP, Armor " + z.armor + (z.item ? " (" + z.item + ")" : "")));
    const inherent = wordsText(sheet.words || []);
    const inv = sheet.inventory || {};
    const parts = [];
    if ((inv.pouch || []).length) parts.push("Pouch: " + inv.pouch.join(", "));
    if ((inv.pack || []).length) parts.push("Pack: " + inv.pack.join(", "));
    for (const kit of inv.kits || []) parts.push(kit.name + " kit: " + kit.items.join(", "));
    const weapons = (sheet.weapons || []).map((w) => w.name || w).join(", ");
    if (weapons) parts.unshift("Weapons: " + weapons);
    const inventory = parts.length ? parts.join(" · ") : "Inventory: empty";
    return el("div", { class: "character", "data-name": c.name },
      el("h3", {}, c.name, el("span", { class: "muted" }, " played by " + c.player)),
      el("p", {}, "Inherent Words: ", el("strong", {}, inherent)),
      el("ul", { class: "zones" }, zones),
      el("p", { class: "muted small" }, inventory));
  }));
}

// -- the Storyteller's screen --------------------------------------------------------------

function drawStoryteller(state) {
  drawCharacters(state.characters);
  const stale = recheck(state);
  if (stale) seenAnalysis.clear();
  const queue = document.getElementById("queue");
  const open = state.requests.filter((r) => !r.ruling);
  const done = state.requests.filter((r) => r.ruling);
  const keep = new Map([...queue.querySelectorAll(".request.open")].map((n) => [n.dataset.id, n]));
  if (stale) for (const [id, card] of keep) loadAnalysis(id, card.querySelector(".analysis"));  // precedent moved
  const nodes = open.length ? open.map((r) => keep.get(r.id) || requestCard(r))
    : [el("p", { class: "muted", id: "nothing-waiting" }, "Nothing waiting.")];
  if (done.length) {  // the answered ones, folded away (the ruling log has them in full)
    const wasOpen = Boolean(queue.querySelector("details.answered[open]"));
    nodes.push(el("details", { class: "answered", open: wasOpen },
      el("summary", { class: "muted small" }, "Answered: " + done.length),
      el("ul", { class: "log small" }, done.map((r) => el("li", { class: "request done", "data-id": r.id }, r.id + " " + r.caster + ": " + r.words_text + " — " + r.intent + " → ruled " + r.ruling)))));
  }
  queue.replaceChildren(...nodes);
  document.getElementById("screen").classList.toggle("waiting", open.length > 0);
  const rulings = state.rulings.slice().reverse().map((r) => el("tr", { "data-id": r.id },
    el("td", {}, r.id), el("td", {}, r.caster || ""), el("td", {}, wordsText(r.words)),
    el("td", {}, r.intent), el("td", { class: r.verdict }, r.verdict), el("td", {}, r.status.status)));
  document.getElementById("rulings").replaceChildren(...(rulings.length ? rulings
    : [el("tr", { id: "no-rulings" }, el("td", { colspan: "6", class: "muted" }, "No rulings yet."))]));
  document.getElementById("policies").replaceChildren(...state.policies.map((p) => el("li", {}, p.id + ": " + p.text + (p.supersedes.length ? " (supersedes " + p.supersedes.join(", ") + ")" : ""))));
}

function requestCard(request) {
  const analysis = el("div", { class: "analysis muted" }, "Analysing…");
  const form = rulingForm(request);
  const card = el("article", { class: "request open", "data-id": request.id },
    el("h3", {}, request.id + " · " + request.caster + " (" + request.player + ")"),
    el("p", { class: "spell" }, el("strong", {}, request.words_text), " — “" + request.intent + "”"),
    analysis, form);
  loadAnalysis(request.id, analysis);
  return card;
}

async function loadAnalysis(id, box) {
  try {
    const data = seenAnalysis.get(id) || await api("GET", "/api/requests/" + encodeURIComponent(id) + "/analysis");
    seenAnalysis.set(id, data);
    box.replaceChildren(...drawAnalysis(data));
    box.className = "analysis";
  } catch (error) {
    box.textContent = error.message;
  }
}

function coverageTable(coverage) {
  // a ruling that binds the verdict as covered covers what the Words alone left open, as the
  // CLI shows it: one output never says "covered" above a concept marked "nothing"
  const ruled = coverage.binding && coverage.binding.verdict === "covered" ? coverage.binding.ruling : null;
  const rows = coverage.concepts.filter((c) => c.needs_word || c.covered).map((c) => {
    const best = c.covers && c.covers.length ? c.covers[0] : null;
    const bound = !best && ruled !== null;
    return el("tr", { class: c.covered || bound ? "ok" : "missing" },
      el("td", {}, c.text), el("td", {}, c.role), el("td", {}, c.needs_word ? "yes" : "no"),
      el("td", {}, best ? best.words.map((w) => "[" + w + "]").join(" ") : bound ? "as ruled in " + ruled : "nothing"),
      el("td", {}, best ? best.kind + ": " + best.why : bound ? "precedent" : (c.blocked || []).join("; ")),
      el("td", {}, best ? Number(best.confidence).toFixed(2) : ""));
  });
  return el("table", { class: "grid coverage-table" },
    el("thead", {}, el("tr", {}, ["concept", "role", "needs", "covered by", "why", "conf."].map((h) => el("th", {}, h)))),
    el("tbody", {}, rows));
}

function drawAnalysis(data) {
  const coverage = data.coverage;
  const parts = [el("p", { class: "verdict " + (coverage.covered ? "ok" : "missing") }, "Coverage: " + coverage.verdict), coverageTable(coverage)];
  for (const reason of coverage.reasons || []) parts.push(el("p", { class: "small" }, reason));
  for (const problem of data.structural_problems) parts.push(el("p", { class: "warn" }, "Rules: " + problem));
  for (const flag of data.sense_flags) parts.push(el("p", { class: "warn" }, "Sense: " + flag));
  for (const check of data.senses.filter((s) => !s.flagged)) parts.push(el("p", { class: "small muted" }, "Sense: [" + check.word + "] as declared, “" + check.declared + "”"));
  if (data.neighbours.length) {
    parts.push(el("h4", {}, "Closest precedents"));
    parts.push(el("ul", { class: "log precedents" }, data.neighbours.map((hit) => {
      const words = (hit.words || []).map((w) => "[" + w + "]").join(" ");
      return el("li", { class: hit.verdict }, hit.id + " " + words + " " + hit.verdict + " (" + hit.status + "): “" + hit.intent + "” · score " + Number(hit.scores.total).toFixed(2));
    })));
  }
  if (data.odds) parts.push(oddsBox(data.odds));
  for (const [verdict, decision] of Object.entries(data.if)) {
    if (decision.summary) parts.push(el("p", { class: "conflict" }, "If " + verdict + ": " + decision.summary));
  }
  return parts;
}

// The exact odds of the dice a request involves (only when some die will be rolled).
function oddsBox(odds) {
  const percent = (p) => p.fraction + " (" + (100 * p.probability).toFixed(1) + "%)";
  const rows = odds.targets.map((t) => el("li", { "data-target": t.target },
    el("strong", {}, t.target + (t.enemy ? "" : " (ally)") + ": hit " + percent(t.hit)), " — ",
    Object.entries(t.outcomes).map(([name, p]) => name + " " + p.fraction).join(", ")));
  return el("div", { class: "odds" },
    el("h4", {}, "Odds: " + odds.unit + " in " + odds.combat + ", " + odds.roll),
    el("p", { class: "small muted" }, "“" + odds.rule + "”"),
    el("ul", { class: "log" }, rows));
}

function rulingForm(request) {
  const field = (name, label, placeholder) => el("label", {}, label, el("input", { name, placeholder: placeholder || "" }));
  const form = el("form", { class: "ruling-form" },
    el("div", { class: "radios" },
      el("label", {}, el("input", { type: "radio", name: "verdict", value: "approved", checked: "checked" }), " approve"),
      el("label", {}, el("input", { type: "radio", name: "verdict", value: "vetoed" }), " veto")),
    field("needs", "Required Words (veto)", "Summon"),
    el("div", { class: "row" }, field("area", "Area"), field("duration", "Duration"), field("damage", "Damage")),
    el("div", { class: "row" }, field("requirements", "Requirements"), field("note", "Implementation")),
    field("reason", "Reason"),
    el("div", { class: "row" },
      el("label", {}, "Against precedent", el("select", { name: "answer" },
        el("option", { value: "" }, "no conflict"), el("option", { value: "overrule" }, "overrule"), el("option", { value: "distinguish" }, "distinguish"))),
      field("why", "why")),
    el("button", { type: "submit", class: "rule" }, "Record ruling"),
    el("p", { class: "form-error warn" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(form);
    const body = {
      verdict: f.get("verdict"),
      needs: splitWords(f.get("needs") || ""),
      implementation: {},
      reason: f.get("reason") || null,
    };
    for (const key of ["area", "duration", "damage", "requirements", "note"]) if (f.get(key)) body.implementation[key] = f.get(key);
    if (f.get("answer")) body[f.get("answer")] = f.get("why") || "ruled so at the table";
    form.querySelector("button").disabled = true;
    try {
      const done = await api("POST", "/api/requests/" + encodeURIComponent(request.id) + "/ruling", body);
      toast(request.id + ": " + done.ruling.id + " " + done.ruling.verdict);
    } catch (error) {
      form.querySelector(".form-error").textContent = error.message + (error.data && error.data.hint ? " — " + error.data.hint : "");
      form.querySelector("button").disabled = false;
    }
  });
  return form;
}

function setupStoryteller() {
  const form = document.getElementById("policy-form");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const f = new FormData(form);
    try {
      const policy = await api("POST", "/api/policies", { text: f.get("text"), supersedes: splitWords(f.get("supersedes") || ""), concept: f.get("concept") || null });
      toast("Announced " + policy.id);
      form.reset();
    } catch (error) { toast(error.message, true); }
  });
}

// -- a player's phone ----------------------------------------------------------------------

let playerState = null;

function drawPlayer(state) {
  playerState = state;
  drawCharacters(state.characters);
  const select = document.getElementById("caster");
  const chosen = select.value;
  select.replaceChildren(...state.characters.map((c) => el("option", { value: c.name }, c.name)));
  if (chosen) select.value = chosen;
  document.getElementById("hand").replaceChildren(...(state.hand.length ? state.hand.map((w) => el("span", { class: "word" }, "[" + w.text + "]" + (w.sense ? " (" + w.sense + ")" : ""))) : [el("span", { class: "muted" }, "No Drawn Words in hand.")]));
  document.getElementById("pending").textContent = state.pending_words.length ? "Awaiting approval: " + wordsText(state.pending_words) : "";
  const rulings = state.request_rulings || {};
  document.getElementById("requests").replaceChildren(...state.requests.slice().reverse().map((r) => {
    const ruling = r.ruling ? rulings[r.ruling] : null;
    const status = ruling ? ruling.verdict + " (" + ruling.id + ")" : "waiting for the Storyteller";
    const details = [];
    if (ruling) {
      for (const [label, text] of Object.entries(ruling.implementation || {})) if (text) details.push(label + ": " + text);
      if (ruling.needs && ruling.needs.length) details.push("needs " + ruling.needs.map((w) => "[" + w + "]").join(" "));
      if (ruling.reason) details.push("why: " + ruling.reason);
    }
    return el("li", { class: "request " + (ruling ? ruling.verdict : "waiting"), "data-id": r.id },
      el("strong", {}, r.id + " " + r.words_text), " “" + r.intent + "” — ", el("span", { class: "status" }, status),
      details.length ? el("div", { class: "small" }, details.join("; ")) : null);
  }));
  if (recheck(state)) updateCoverage();  // a ruling may bind the draft's verdict now
}

let typing = null;
function scheduleCoverage() {
  clearTimeout(typing);
  typing = setTimeout(updateCoverage, 400);
}

let coverageRun = 0;
async function updateCoverage() {
  const words = splitWords(document.getElementById("draft-words").value);
  const intent = document.getElementById("draft-intent").value.trim();
  const box = document.getElementById("coverage");
  if (!words.length || !intent) { box.textContent = "Coverage shows here as you type."; box.className = "coverage muted"; return; }
  const run = ++coverageRun;
  box.className = "coverage muted";
  try {
    const data = await api("POST", "/api/spell-check", { words, intent, caster: document.getElementById("caster").value || null });
    if (run !== coverageRun) return;
    const parts = [el("p", { class: "verdict " + (data.covered ? "ok" : "missing") }, "Coverage: " + (data.binding ? data.binding.message : data.verdict) + (data.castable === false ? " · not castable as it stands" : "")), coverageTable(data)];
    for (const problem of data.structural_problems || []) parts.push(el("p", { class: "warn small" }, problem));
    for (const flag of data.sense_flags || []) parts.push(el("p", { class: "warn small" }, "Sense: " + flag));
    box.replaceChildren(...parts);
    box.className = "coverage";
  } catch (error) {
    if (run === coverageRun) { box.textContent = error.message; box.className = "coverage warn"; }
  }
}

function drawPrompts(prompts, words, senses) {
  const box = document.getElementById("prompts");
  box.replaceChildren(...prompts.map((prompt) => {
    const choices = prompt.choices.map((choice, i) => el("button", { type: "button", class: "choice", "data-choice": String(i + 1), onclick: () => answer(prompt, choice, words, senses) }, (i + 1) + ". " + choice));
    if (prompt.kind !== "homonym") choices.push(el("button", { type: "button", class: "choice", "data-choice": String(prompt.choices.length + 1), onclick: () => submitDeck(words, senses, true) }, (prompt.choices.length + 1) + ". keep [" + prompt.word + "] as written"));
    return el("div", { class: "prompt", "data-word": prompt.word }, el("p", {}, prompt.message), el("div", { class: "choices" }, choices));
  }));
}

function answer(prompt, choice, words, senses) {
  if (prompt.kind === "homonym") {
    submitDeck(words, { ...senses, [prompt.word]: choice }, false);
  } else {
    const fixed = words.map((w) => (w.toLowerCase() === prompt.word.toLowerCase() ? choice : w));
    submitDeck(fixed.flatMap((w) => splitWords(w)), senses, false);
  }
}

async function submitDeck(words, senses, asWritten) {
  const box = document.getElementById("prompts");
  box.dataset.busy = "1";
  for (const button of box.querySelectorAll("button")) button.disabled = true;
  try {
    const result = await api("POST", "/api/deck/submit", { words, senses, as_written: asWritten });
    if (!result.submitted) { drawPrompts(result.prompts, words, senses); return; }
    document.getElementById("prompts").replaceChildren(el("p", { class: "ok", id: "deck-done" }, result.change));
    document.getElementById("deck-form").reset();
  } catch (error) {
    toast(error.message, true);
    for (const button of box.querySelectorAll("button")) button.disabled = false;
  } finally {
    delete box.dataset.busy;
  }
}

function setupPlayer() {
  document.getElementById("draft-words").addEventListener("input", scheduleCoverage);
  document.getElementById("draft-intent").addEventListener("input", scheduleCoverage);
  document.getElementById("caster").addEventListener("change", scheduleCoverage);
  document.getElementById("suggest").addEventListener("click", async () => {
    const intent = document.getElementById("draft-intent").value.trim();
    if (!intent) { toast("Say what the spell should do first.", true); return; }
    try {
      const data = await api("POST", "/api/spell-draft", { intent, caster: document.getElementById("caster").value });
      if (data.words && data.words.length) {
        document.getElementById("draft-words").value = data.words.join(" ");
        updateCoverage();
      } else toast("Nothing you hold covers it.", true);
    } catch (error) { toast(error.message, true); }
  });
  document.getElementById("draft-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { caster: document.getElementById("caster").value, words: splitWords(document.getElementById("draft-words").value), intent: document.getElementById("draft-intent").value };
    try {
      const request = await api("POST", "/api/requests", body);
      toast("Sent " + request.id + " to the Storyteller");
    } catch (error) { toast(error.message, true); }
  });
  document.getElementById("deck-form").addEventListener("submit", (event) => {
    event.preventDefault();
    submitDeck(splitWords(document.getElementById("deck-words").value), {}, false);
  });
}

if (TOKEN) {
  if (ROLE === "storyteller") setupStoryteller(); else setupPlayer();
  connect();
}
