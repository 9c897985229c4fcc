// The board's browser side (an anywidget ES module): draws cells, buttons and messages,
// and sends clicks and keys to Python. Python decides everything; this file only draws
// what it is told. The cursor (the cell the keys act on) moves here at once and is shared
// with Python through the `cursor` trait, so Python can follow it or move it.

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fillCell(cell, look, base, size) {
  const [value, marks, classes] = look;
  cell.className = `${base} ${classes}`;
  cell.replaceChildren();
  if (value) {
    cell.textContent = String(value);
  } else if (marks.length) {
    const box = el("div", `sudoku-marks sudoku-marks-${size > 4 ? 3 : 2}`);
    for (let d = 1; d <= size; d++) box.append(el("span", "", marks.includes(d) ? String(d) : ""));
    cell.append(box);
  }
}

function render({ model, el: root }) {
  const game = el("div", "sudoku-game");
  const toolbar = el("div", "sudoku-toolbar");
  const board = el("div", "sudoku-board");
  const pad = el("div", "sudoku-pad");
  const message = el("div", "sudoku-message");
  const status = el("div", "sudoku-status");
  const own = el("div", "sudoku-own");
  message.setAttribute("aria-live", "polite");
  board.tabIndex = 0;
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", "Sudoku board: arrow keys move, number keys place, Backspace clears");
  board.setAttribute("data-lm-suppress-shortcuts", "true"); // keys go to the game, not JupyterLab
  game.append(toolbar, board, pad, message, status, own);
  root.append(game);

  let size = 0;
  let cursor = model.get("cursor");
  let cells = [];

  const cellAt = (r, c) => cells[r * size + c];
  // Show the cursor at (r, c), wrapping round the edges; tell Python unless it came from there.
  const moveCursor = (r, c, share = true) => {
    if (!size) {
      cursor = [r, c]; // before the board is drawn: remember where to draw it
      return;
    }
    cellAt(...cursor).classList.remove("sudoku-cursor");
    cursor = [(r + size) % size, (c + size) % size];
    cellAt(...cursor).classList.add("sudoku-cursor");
    const [pr, pc] = model.get("cursor");
    if (share && (pr !== cursor[0] || pc !== cursor[1])) {
      model.set("cursor", cursor);
      model.save_changes();
    }
  };
  const send = (data) => model.send({ ...data, r: cursor[0], c: cursor[1] });

  function buildBoard(msg) {
    size = msg.size;
    board.style.gridTemplateColumns = `repeat(${size}, var(--sudoku-cell-size))`;
    cells = [];
    board.replaceChildren();
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const cell = el("div");
        cell.dataset.base = `sudoku-cell sudoku-r${r}c${c} ${msg.borders[r * size + c]}`;
        cell.setAttribute("role", "gridcell");
        cell.addEventListener("click", () => {
          moveCursor(r, c);
          board.focus();
          send({ type: "cell", key: "click" });
        });
        cells.push(cell);
        board.append(cell);
      }
    }
    updateCells(msg.cells);
    cursor = [Math.min(cursor[0], size - 1), Math.min(cursor[1], size - 1)];
    moveCursor(...cursor, false);
    buildPad();
  }

  function updateCells(changed) {
    for (const [r, c, value, marks, classes] of changed) {
      const cell = cellAt(r, c);
      fillCell(cell, [value, marks, classes], cell.dataset.base, size);
      if (r === cursor[0] && c === cursor[1]) cell.classList.add("sudoku-cursor");
    }
  }

  function buildPad() {
    pad.replaceChildren();
    const count = model.get("numbers");
    for (let n = 1; n <= count; n++) {
      const key = el("button", `sudoku-num sudoku-num-${n}`, String(n));
      key.addEventListener("click", () => send({ type: "number", n }));
      pad.append(key);
    }
    showPressed();
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
    for (const name of model.get("buttons")) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const button = el("button", `sudoku-btn sudoku-btn-${slug}`, name);
      button.addEventListener("click", () => send({ type: "button", name }));
      toolbar.append(button);
    }
    showPressed();
  }

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
    play.addEventListener("click", () => send({ type: "puzzle", text: text.value }));
    box.append(
      el("summary", "", "Your own puzzle"),
      el("div", "sudoku-own-how", "Type or paste 9 lines of 9: digits for givens, . or 0 for blanks."),
      text,
      play,
    );
    own.append(box);
  }

  function showPressed() {
    const pressed = model.get("pressed");
    for (const button of toolbar.querySelectorAll(".sudoku-btn")) {
      button.setAttribute("aria-pressed", pressed.includes(button.textContent) ? "true" : "false");
    }
    const selected = model.get("selected");
    for (const key of pad.querySelectorAll(".sudoku-num")) {
      key.setAttribute("aria-pressed", Number(key.textContent) === selected ? "true" : "false");
    }
  }

  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  board.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    let handled = true;
    if (event.key in moves) {
      const [dr, dc] = moves[event.key];
      moveCursor(cursor[0] + dr, cursor[1] + dc);
    } else if (["Backspace", "Delete", "0"].includes(event.key)) {
      send({ type: "cell", key: "clear" });
    } else if (event.key.length === 1 && event.key.trim()) {
      send({ type: "cell", key: event.key }); // Python places a number or refuses the key
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
    else if (msg.type === "cells") updateCells(msg.cells);
  });
  model.on("change:message", () => (message.textContent = model.get("message")));
  model.on("change:status", () => (status.textContent = model.get("status")));
  model.on("change:cursor", () => moveCursor(...model.get("cursor"), false));
  model.on("change:buttons", buildToolbar);
  model.on("change:own_puzzle", buildOwnPuzzle);
  model.on("change:pressed", showPressed);
  model.on("change:selected", showPressed);
  model.on("change:level", () => {
    const choice = toolbar.querySelector(".sudoku-level");
    if (choice) choice.value = model.get("level");
  });
  message.textContent = model.get("message");
  status.textContent = model.get("status");
  buildToolbar();
  buildOwnPuzzle();
  model.send({ type: "ready" }); // Python answers with the whole board
}

export default { render };
