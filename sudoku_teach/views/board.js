// The board's browser side (an anywidget ES module): draws cells, buttons and messages,
// and sends clicks and keys to Python. Python decides everything; this file draws what it
// is told, with three things of its own so that a key shows at once:
// - the cursor (the cell the keys act on) moves here and is shared through `cursor`;
// - a number typed or tapped is drawn at once ("optimistic"), and Python's answer, which
//   names the key it answers (`ack`), confirms or corrects it;
// - the highlights that follow the cursor (its row, column and region, the same number)
//   and the numbers left on the pad are worked out here from what the cells show.
// The board is a real grid for screen readers: role grid > row (named "row 3") > gridcell,
// each cell named in words ("row 3, column 5, your 4, wrong"), one cell in the tab order
// (roving tabindex). With `heartbeat` on (the app), the page pings Python every few seconds;
// when no answer comes, it says the kernel is gone and R (or Resume) reloads the page: a
// fresh kernel, which plays on with the game the browser kept (see browser_store.js).

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The number a key stands for on a board of this size, or 0: its place in the symbol table.
function keyNumber(key, size, symbols) {
  if (key.length !== 1) return 0;
  const n = symbols.indexOf(key.toUpperCase()) + 1;
  return n >= 1 && n <= size ? n : 0;
}

// A cell in words, for screen readers: where it is, what it holds, what the game says of it.
function cellName(r, c, look, selected, symbol) {
  const [value, marks, classes] = look;
  const has = (name) => classes.split(" ").includes(`sudoku-${name}`);
  const parts = [`row ${r + 1}`, `column ${c + 1}`];
  if (!value) {
    parts.push("empty");
    if (marks.length) parts.push(`pencil ${marks.map(symbol).join(" ")}`);
    if (has("allowed") && selected) parts.push(`${symbol(selected)} allowed`);
  } else if (has("given")) {
    parts.push(`given ${symbol(value)}`);
  } else {
    parts.push(`your ${symbol(value)}`);
    if (has("right")) parts.push("right");
    if (has("wrong")) parts.push("wrong");
  }
  if (has("conflict")) parts.push("breaks a rule");
  if (has("marked")) parts.push("named in the message");
  return parts.join(", ");
}

function fillCell(cell, look, size, symbol) {
  const [value, marks] = look;
  cell.replaceChildren();
  if (value) {
    cell.append(el("span", "sudoku-value", symbol(value)));
  } else if (marks.length) {
    const side = Math.ceil(Math.sqrt(size));
    const box = el("span", `sudoku-marks sudoku-marks-${side}`);
    box.setAttribute("aria-hidden", "true");
    for (let d = 1; d <= size; d++) {
      const mark = el("span"); // drawn by CSS from data-mark: the cell's name says the marks
      if (marks.includes(d)) mark.dataset.mark = symbol(d);
      box.append(mark);
    }
    cell.append(box);
  }
}

function keyLabel(combo) {
  return combo.replace("Control+", "Ctrl+").replace(/\+([a-z])$/, (_, k) => `+${k.toUpperCase()}`)
    .replace(/^([a-z])$/, (k) => k.toUpperCase());
}

function render({ model, el: root }) {
  const game = el("div", "sudoku-game");
  const toolbar = el("div", "sudoku-toolbar");
  const bar = el("div", "sudoku-bar");
  const timer = el("span", "sudoku-timer");
  const status = el("span", "sudoku-status");
  const board = el("div", "sudoku-board");
  const banner = el("div", "sudoku-banner");
  const message = el("div", "sudoku-message");
  const pad = el("div", "sudoku-pad");
  const keys = el("div", "sudoku-keys");
  const own = el("div", "sudoku-own");
  const lost = el("div", "sudoku-lost"); // the kernel is gone: said here, with Resume
  lost.setAttribute("role", "alert");
  const pauseNote = el("div", "sudoku-pause-note", "Paused: the board is hidden. Press T or Pause to carry on.");
  const symbolsNote = el("div", "sudoku-symbols-note", "The board is hidden: Python has not sent how to"
    + " write its numbers (the board's symbol table), so no number could be shown right.");
  symbolsNote.setAttribute("role", "status");
  message.setAttribute("role", "status"); // a polite live region: every action is said here
  message.setAttribute("aria-live", "polite");
  timer.setAttribute("role", "timer");
  timer.setAttribute("aria-label", "time played");
  board.setAttribute("role", "grid");
  board.setAttribute("data-lm-suppress-shortcuts", "true"); // keys go to the game, not JupyterLab
  bar.append(status, timer);
  game.append(banner, lost, bar, board, pauseNote, symbolsNote, message, pad, toolbar, keys, own); // the board first, as in game apps
  root.append(game);

  let size = 0;
  // The character of each number, Python's one table (`formats.SYMBOLS`, sent as `symbols`):
  // the page keeps no copy. Until a table covers the board's numbers, board and pad are
  // hidden (`showSymbols`): a number without its character is never drawn.
  let symbols = "";
  const symbol = (n) => symbols[n - 1] ?? "";
  let cursor = model.get("cursor");
  let cells = []; // the cell elements, row by row
  let looks = []; // what each cell shows: [value, marks, classes]
  let seq = 0; // the last key sent for a cell
  let pending = []; // per cell: the key whose effect is drawn before Python answered it
  let numberFirst = false; // a number tapped first: taps on cells place it
  let armed = false; // a cell tapped first: the next number tapped goes there
  let chosen = model.get("selected"); // the selected number, ahead of Python's answer
  let numberPending = 0; // a number key not yet answered: older news of `selected` is stale
  let solvedShown = false;
  let gone = false; // the kernel stopped answering
  let pingSent = 0; // when the unanswered ping was sent (0: none waiting)

  const index = (r, c) => r * size + c;
  const cellAt = (r, c) => cells[index(r, c)];
  const lookAt = (r, c) => looks[index(r, c)];
  const has = (look, name) => look[2].split(" ").includes(`sudoku-${name}`);
  const editable = (r, c) => !has(lookAt(r, c), "given") && !model.get("solved");
  const pressed = (name) => model.get("pressed").includes(name);

  // Show the cursor at (r, c), wrapping round the edges; tell Python unless it came from there.
  const moveCursor = (r, c, share = true, focus = false) => {
    if (!size) {
      cursor = [r, c]; // before the board is drawn: remember where to draw it
      return;
    }
    const old = cellAt(...cursor);
    old.classList.remove("sudoku-cursor");
    old.tabIndex = -1;
    cursor = [(r + size) % size, (c + size) % size];
    const now = cellAt(...cursor);
    now.classList.add("sudoku-cursor");
    now.tabIndex = 0;
    if (focus) now.focus();
    showHighlights();
    const [pr, pc] = model.get("cursor");
    if (share && (pr !== cursor[0] || pc !== cursor[1])) {
      model.set("cursor", cursor);
      model.save_changes();
    }
  };
  const send = (data) => {
    if (!tell({ ...data, r: cursor[0], c: cursor[1] })) return;
    ping(); // its answer comes after this message's: the kernel is alive and has done it
  };
  // A message to Python; false (and the page says the kernel is gone) when it cannot go.
  function tell(message) {
    try {
      model.send(message);
      return true;
    } catch (error) {
      console.warn("sudoku board: the kernel cannot be reached", error);
      if (model.get("heartbeat")[0]) showGone();
      return false;
    }
  }

  // The heartbeat: a ping every few seconds, and after every message; Python answers each.
  // No answer within the patience: the kernel is gone (culled, restarted, the server down).
  function ping() {
    const [every] = model.get("heartbeat");
    if (!every || pingSent) return;
    pingSent = performance.now();
    tell({ type: "ping", seq: ++seq });
  }
  function watchHeartbeat() {
    const [every, patience] = model.get("heartbeat");
    if (!every) return;
    if (pingSent && performance.now() - pingSent > patience * 1000) showGone();
    if (!pingSent && performance.now() - lastPing > every * 1000) {
      lastPing = performance.now();
      ping();
    }
  }
  let lastPing = performance.now();
  const beating = setInterval(watchHeartbeat, 1000);
  function showGone() {
    if (gone) return;
    if (model.get("running")) timerBase += (performance.now() - timerFrom) / 1000; // the clock stops
    timerFrom = performance.now();
    gone = true;
    game.classList.add("sudoku-gone");
    showTimer();
    const resume = el("button", "sudoku-btn sudoku-btn-resume", "Resume");
    resume.type = "button";
    const resumeKeys = model.get("keymap").resume;
    resume.setAttribute("aria-keyshortcuts", resumeKeys.join(" "));
    resume.addEventListener("click", () => window.location.reload());
    lost.replaceChildren(
      el("p", "", "The game's server stopped answering: its kernel was shut down or the"
        + " connection dropped. Your game is kept in this browser."),
      el("p", "", `Press ${resumeKeys.map(keyLabel).join(" or ")} or Resume to carry on with a fresh kernel.`),
      resume,
    );
  }
  function heard() {
    pingSent = 0;
    if (gone) { // the answer came after all: play on
      gone = false;
      game.classList.remove("sudoku-gone");
      lost.replaceChildren();
      setTimer();
    }
  }

  // A number (or a clear) on the cursor's cell: drawn at once, then sent to Python.
  function cellKey(key, n) {
    const [r, c] = cursor;
    seq += 1;
    if (n !== undefined && editable(r, c)) {
      const [value, marks, classes] = lookAt(r, c);
      let look = null;
      if (n === 0) look = [0, [], "sudoku-pending"];
      else if (pressed("Pencil") && !value) {
        const next = marks.includes(n) ? marks.filter((d) => d !== n) : [...marks, n].sort((a, b) => a - b);
        look = [0, next, classes];
      } else if (!pressed("Pencil")) look = [n, [], "sudoku-entry sudoku-pending"];
      if (look) {
        pending[index(r, c)] = seq;
        draw(r, c, look);
        showHighlights();
        showCounts();
      }
    }
    send({ type: "cell", key, seq });
  }

  function draw(r, c, look) {
    const i = index(r, c);
    looks[i] = look;
    const cell = cells[i];
    fillCell(cell, look, size, symbol);
    cell.className = `${cell.dataset.base} ${look[2]}`;
    if (r === cursor[0] && c === cursor[1]) cell.classList.add("sudoku-cursor");
    cell.setAttribute("aria-label", model.get("paused")
      ? `row ${r + 1}, column ${c + 1}, hidden while paused` : cellName(r, c, look, chosen, symbol));
  }

  function buildBoard(msg) {
    const hadFocus = board.contains(document.activeElement);
    size = msg.size;
    board.style.setProperty("--sudoku-n", size);
    board.setAttribute("aria-label", `Sudoku, ${size} by ${size}`);
    board.setAttribute("aria-rowcount", size);
    board.setAttribute("aria-colcount", size);
    game.classList.toggle("sudoku-large", size > 9);
    cells = [];
    looks = [];
    pending = [];
    board.replaceChildren();
    for (let r = 0; r < size; r++) {
      const row = el("div", "sudoku-row");
      row.setAttribute("role", "row");
      row.setAttribute("aria-label", `row ${r + 1}`); // entering a row says its name, not nine cells
      row.setAttribute("aria-rowindex", r + 1);
      for (let c = 0; c < size; c++) {
        const cell = el("div");
        cell.dataset.base = `sudoku-cell sudoku-r${r}c${c} ${msg.borders[index(r, c)]}`;
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.addEventListener("click", () => tapCell(r, c));
        cells.push(cell);
        looks.push([0, [], ""]);
        row.append(cell);
      }
      board.append(row);
    }
    for (const [r, c, value, marks, classes] of msg.cells) draw(r, c, [value, marks, classes]);
    cursor = [Math.min(cursor[0], size - 1), Math.min(cursor[1], size - 1)];
    moveCursor(...cursor, false, hadFocus); // a new game (N) keeps the keyboard on the board
    buildPad();
    buildKeys();
    showSolved();
    showSymbols();
  }

  // Whether the table covers every number of the board: the board is shown only then.
  function showSymbols() {
    const enough = symbols.length >= Math.max(size, model.get("numbers"));
    game.classList.toggle("sudoku-no-symbols", !enough);
  }

  // A new table from Python: every cell, the pad and the key list drawn with it.
  function takeSymbols() {
    const table = model.get("symbols");
    symbols = typeof table === "string" ? table : "";
    if (size) { // the board is drawn already
      for (let i = 0; i < looks.length; i++) draw(Math.floor(i / size), i % size, looks[i]);
      buildPad();
      buildKeys();
    }
    const how = own.querySelector(".sudoku-own-how");
    if (how) how.textContent = ownHow();
    showSymbols();
  }

  // Python's cells; one the player changed since (a key not yet answered) is left alone.
  function updateCells(msg) {
    for (const [r, c, value, marks, classes] of msg.cells) {
      const i = index(r, c);
      if (pending[i] && (msg.ack === undefined || msg.ack < pending[i])) continue;
      if (pending[i] && msg.ack >= pending[i]) pending[i] = 0;
      draw(r, c, [value, marks, classes]);
    }
    showHighlights();
    showCounts();
  }

  // A tap or click on a cell: the cursor goes there. With a number tapped first, it is
  // placed; otherwise the cell waits for a number from the pad (cell first).
  function tapCell(r, c) {
    moveCursor(r, c, true, true);
    armed = false;
    if (numberFirst && chosen && editable(r, c)) {
      cellKey(String(chosen), chosen);
      return;
    }
    armed = editable(r, c);
    send({ type: "cell", key: "click" });
  }

  // A number key of the pad: placed in the cell tapped just before (cell first), or else
  // selected, so that the next cells tapped get it (number first); tapped again, unselected.
  function tapNumber(n) {
    if (armed && editable(...cursor)) {
      armed = false;
      numberFirst = false;
      cellKey(String(n), n);
      return;
    }
    const again = chosen === n;
    numberFirst = !again;
    chosen = again ? 0 : n;
    showPressed();
    numberPending = ++seq;
    send({ type: "number", n: chosen, seq: numberPending });
  }

  // The cursor's row, column and region, and the cells holding the cursor's (or selected) number.
  function showHighlights() {
    if (!size || !model.get("highlights")) return;
    const [cr, cc] = cursor;
    const [br, bc] = model.get("box");
    const same = lookAt(cr, cc)[0] || chosen;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const peer = r === cr || c === cc
          || (Math.floor(r / br) === Math.floor(cr / br) && Math.floor(c / bc) === Math.floor(cc / bc));
        cellAt(r, c).classList.toggle("sudoku-peer", peer);
        cellAt(r, c).classList.toggle("sudoku-same", Boolean(same) && lookAt(r, c)[0] === same);
      }
    }
  }

  function showCounts() {
    const count = model.get("numbers");
    if (!count || !size) return;
    const placed = new Array(count + 1).fill(0);
    for (const [value] of looks) if (value) placed[value] += 1;
    for (const key of pad.querySelectorAll(".sudoku-num")) {
      const n = Number(key.dataset.n);
      const left = Math.max(size - placed[n], 0);
      key.querySelector(".sudoku-left").dataset.left = String(left); // drawn by CSS
      key.classList.toggle("sudoku-done", left === 0);
      key.setAttribute("aria-label", `${symbol(n)}, ${left} left`);
    }
  }

  function buildPad() {
    pad.replaceChildren();
    const count = model.get("numbers");
    // one row of keys on a wide screen (two for 16), two or three rows on a phone
    pad.style.setProperty("--sudoku-pad-n", count <= 9 ? count : 8);
    pad.style.setProperty("--sudoku-pad-narrow", count <= 6 ? count : count <= 9 ? 5 : 6);
    for (let n = 1; n <= count; n++) {
      const key = el("button", `sudoku-num sudoku-num-${n}`);
      key.type = "button";
      key.dataset.n = n;
      key.append(el("span", "sudoku-digit", symbol(n)), el("span", "sudoku-left", ""));
      key.addEventListener("click", () => tapNumber(n));
      pad.append(key);
    }
    showPressed();
    showCounts();
  }

  function shortcutOf(name) {
    const found = Object.entries(model.get("shortcuts")).filter(([, action]) => action === name);
    return found.map(([combo]) => combo);
  }

  function buildToolbar() {
    toolbar.replaceChildren();
    const levels = model.get("levels");
    if (levels.length) {
      const choice = el("select", "sudoku-level");
      choice.setAttribute("aria-label", "level");
      for (const level of levels) choice.append(new Option(level, level));
      choice.value = model.get("level");
      choice.addEventListener("change", () => {
        model.set("level", choice.value);
        model.save_changes();
      });
      toolbar.append(choice);
    }
    const sizes = model.get("sizes");
    if (sizes.length > 1) {
      const choice = el("select", "sudoku-size");
      choice.setAttribute("aria-label", "size of a new game");
      for (const n of sizes) choice.append(new Option(`${n}x${n}`, String(n)));
      choice.value = String(model.get("size"));
      choice.addEventListener("change", () => {
        model.set("size", Number(choice.value));
        model.save_changes();
      });
      toolbar.append(choice);
    }
    for (const name of model.get("buttons")) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const button = el("button", `sudoku-btn sudoku-btn-${slug}`, name);
      button.type = "button";
      const combos = shortcutOf(name);
      if (combos.length) {
        button.setAttribute("aria-keyshortcuts", combos.join(" "));
        button.title = `${name} (${combos.map(keyLabel).join(" or ")})`;
      }
      button.addEventListener("click", () => send({ type: "button", name }));
      toolbar.append(button);
    }
    buildKeys();
    showPressed();
  }

  // The keys, listed under the board (the same list as in the notebook).
  function buildKeys() {
    keys.replaceChildren();
    const shortcuts = model.get("shortcuts");
    if (!Object.keys(shortcuts).length) return;
    const items = [["arrows", "move"],
      [size > 9 ? `1-9, ${symbol(10)}-${symbol(size)}` : `1-${Math.max(size, 1)}`, "place"],
      [model.get("keymap").clear.join(" or "), "clear"]];
    const byAction = {};
    for (const [combo, action] of Object.entries(shortcuts)) (byAction[action] ||= []).push(keyLabel(combo));
    for (const [action, combos] of Object.entries(byAction)) items.push([combos.join(" or "), action]);
    const list = el("ul");
    list.setAttribute("aria-label", "keyboard shortcuts");
    for (const [combo, action] of items) {
      const item = el("li");
      item.append(el("kbd", "", combo), ` ${action.toLowerCase()}`);
      list.append(item);
    }
    keys.append(list);
  }

  const ownHow = () => "Type or paste 9 lines of 9 (or 16 of 16): digits (and letters"
    + ` ${symbol(10)}-${symbol(16)}) for givens, . or 0 for blanks.`;

  // "Your own puzzle": a folded box with a text area; Python checks the text and says why
  // a puzzle cannot be played, or starts it. Keys typed here stay here (not the board's).
  function buildOwnPuzzle() {
    own.replaceChildren();
    if (!model.get("own_puzzle")) return;
    const box = el("details");
    const text = el("textarea", "sudoku-own-text");
    text.rows = 9;
    text.spellcheck = false;
    text.setAttribute("aria-label", "your own puzzle, 9 lines of 9: digits for givens, . or 0 for blanks");
    text.setAttribute("data-lm-suppress-shortcuts", "true");
    text.addEventListener("keydown", (event) => event.stopPropagation()); // Enter is a new line
    const play = el("button", "sudoku-btn sudoku-btn-play-own", "Play this puzzle");
    play.type = "button";
    const note = el("div", "sudoku-own-note");
    note.setAttribute("role", "status");
    const most = () => model.get("puzzle_text_max");
    const tooLong = (n) => `That is ${n.toLocaleString("en")} characters: a puzzle is at most `
      + `${most().toLocaleString("en")}. Nothing was sent.`;
    // a paste longer than any puzzle is refused at once, before it fills the box
    text.addEventListener("paste", (event) => {
      const pasted = event.clipboardData ? event.clipboardData.getData("text") : "";
      const length = text.value.length - (text.selectionEnd - text.selectionStart) + pasted.length;
      if (length > most()) {
        event.preventDefault();
        note.textContent = tooLong(length);
      }
    });
    text.addEventListener("input", () => {
      note.textContent = text.value.length > most() ? tooLong(text.value.length) : "";
    });
    play.addEventListener("click", () => {
      if (text.value.length > most()) note.textContent = tooLong(text.value.length);
      else send({ type: "puzzle", text: text.value });
    });
    box.append(
      el("summary", "", "Your own puzzle"),
      el("div", "sudoku-own-how", ownHow()),
      text,
      note,
      play,
    );
    own.append(box);
  }

  function showPressed() {
    const on = model.get("pressed");
    for (const button of toolbar.querySelectorAll(".sudoku-btn")) {
      button.setAttribute("aria-pressed", on.includes(button.textContent) ? "true" : "false");
    }
    const selected = chosen;
    if (!selected) numberFirst = false;
    for (const key of pad.querySelectorAll(".sudoku-num")) {
      key.setAttribute("aria-pressed", Number(key.dataset.n) === selected ? "true" : "false");
    }
    game.classList.toggle("sudoku-pencil-on", on.includes("Pencil"));
  }

  function showSolved() {
    const solved = model.get("solved");
    game.classList.toggle("sudoku-is-solved", solved);
    banner.textContent = solved ? model.get("status") : "";
    if (solved && !solvedShown && size) {
      board.classList.remove("sudoku-celebrate");
      void board.offsetWidth; // restart the animation
      board.classList.add("sudoku-celebrate");
    }
    solvedShown = solved;
  }

  // The timer: Python sends the seconds played and whether the clock runs; this counts on.
  let timerBase = 0;
  let timerFrom = performance.now();
  function showTimer() {
    const elapsed = model.get("elapsed");
    if (elapsed < 0) {
      timer.textContent = "";
      return;
    }
    const running = model.get("running") && !gone ? (performance.now() - timerFrom) / 1000 : 0;
    const total = Math.floor(timerBase + running);
    timer.textContent = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
  }
  function setTimer() {
    timerBase = model.get("elapsed");
    timerFrom = performance.now();
    showTimer();
  }
  const ticking = setInterval(showTimer, 1000);

  // The keys: Python's `keymap` (moves, clear, resume), its `shortcuts`, and the numbers.
  board.addEventListener("keydown", (event) => {
    const { move: moves, clear, resume } = model.get("keymap");
    if (gone) { // nothing reaches Python now: R resumes on a fresh kernel
      if (resume.includes(event.key.toLowerCase())) window.location.reload();
      if (!event.ctrlKey && !event.metaKey && !event.altKey) event.preventDefault();
      return;
    }
    const letter = event.key.length === 1;
    const combo = (event.ctrlKey || event.metaKey ? "Control+" : "")
      + (event.shiftKey && letter && /[a-z]/i.test(event.key) ? "Shift+" : "")
      + (letter ? event.key.toLowerCase() : event.key);
    const action = model.get("shortcuts")[combo];
    const n = keyNumber(event.key, size, symbols);
    let handled = true;
    if (event.altKey) {
      handled = false;
    } else if (Object.hasOwn(moves, event.key) && !event.ctrlKey && !event.metaKey) {
      const [dr, dc] = moves[event.key];
      armed = false;
      moveCursor(cursor[0] + dr, cursor[1] + dc, true, true);
    } else if (action) {
      send({ type: "button", name: action });
    } else if (event.ctrlKey || event.metaKey) {
      handled = false; // copy, paste, reload...: the browser's
    } else if (n) {
      numberFirst = false;
      armed = false;
      cellKey(String(n), n); // the game selects a typed number too: Python says so
    } else if (clear.includes(event.key)) {
      cellKey("clear", 0);
    } else if (event.key.length === 1 && event.key.trim()) {
      send({ type: "cell", key: event.key, seq: ++seq }); // Python refuses the key in words
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  });

  model.on("msg:custom", (msg) => {
    if (msg.type === "full") buildBoard(msg);
    else if (msg.type === "cells") updateCells(msg);
    else if (msg.type === "pong") heard();
    else if (msg.type === "ack" && msg.ack >= numberPending) {
      numberPending = 0;
      followSelected();
    }
  });
  model.on("change:message", () => (message.textContent = model.get("message")));
  model.on("change:status", () => {
    status.textContent = model.get("status");
    showSolved();
  });
  model.on("change:cursor", () => moveCursor(...model.get("cursor"), false));
  model.on("change:buttons", buildToolbar);
  model.on("change:shortcuts", buildToolbar);
  model.on("change:own_puzzle", buildOwnPuzzle);
  model.on("change:pressed", showPressed);
  model.on("change:selected", followSelected);
  function followSelected() {
    if (numberPending) return; // Python has not yet heard the number tapped last
    chosen = model.get("selected");
    showPressed();
    showHighlights();
    for (let i = 0; i < looks.length; i++) {
      cells[i].setAttribute("aria-label", cellName(Math.floor(i / size), i % size, looks[i], chosen, symbol));
    }
  }
  model.on("change:solved", showSolved);
  model.on("change:paused", showPaused);
  function showPaused() {
    game.classList.toggle("sudoku-paused", model.get("paused"));
    for (let i = 0; i < looks.length; i++) draw(Math.floor(i / size), i % size, looks[i]);
  }
  model.on("change:symbols", takeSymbols);
  model.on("change:sizes", buildToolbar);
  model.on("change:size", () => {
    const choice = toolbar.querySelector(".sudoku-size");
    if (choice) choice.value = String(model.get("size"));
  });
  model.on("change:elapsed", setTimer);
  model.on("change:running", setTimer);
  model.on("change:level", () => {
    const choice = toolbar.querySelector(".sudoku-level");
    if (choice) choice.value = model.get("level");
  });
  message.textContent = model.get("message");
  status.textContent = model.get("status");
  takeSymbols();
  buildToolbar();
  buildOwnPuzzle();
  setTimer();
  game.classList.toggle("sudoku-paused", model.get("paused"));
  model.send({ type: "ready" }); // Python answers with the whole board
  ping(); // and a kernel gone before the board is drawn is said too
  return () => {
    clearInterval(ticking);
    clearInterval(beating);
  };
}

export default { render };
