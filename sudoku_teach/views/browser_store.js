// The browser side of BrowserStore: texts kept in localStorage, download and upload.
// `value` is the game saved by hand (Save) under the key; `current` is the game as it is
// now, written by Python after every move, under the key + "/current". When the page
// opens, the kept `current` is handed to Python, which plays on with it.

// Voila's page, when it closes, asks the server to shut its kernel down and sends the
// "_xsrf" cookie's value with the request, but Voila's page never sets that cookie, so the
// server refuses (403) and the kernel lives on. A random value set here, on the page's own
// origin, is what the server compares with: another site can neither read nor set it, so
// the check still protects. Where the server set the cookie (JupyterLab), it is left alone.
function set_xsrf_cookie() {
  if (/(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
}

// The app's page: its content is the main landmark (Voila's page has none), and a light
// page (Voila's default) follows the system's dark mode unless the address names a theme.
function set_up_page() {
  const body = document.body;
  if (!body || !body.hasAttribute("data-voila")) return; // JupyterLab has its own
  body.classList.add("sudoku-app-page"); // the page's layout on a phone (browser_store.css)
  const content = document.getElementById("rendered_cells");
  if (content && !document.querySelector("main, [role=main]")) content.setAttribute("role", "main");
  const named = new URLSearchParams(window.location.search).has("theme");
  if (!named && body.getAttribute("data-jp-theme-light") === "true") {
    body.classList.add("sudoku-follow-system"); // the CSS switches under prefers-color-scheme
  }
}

function kept(key) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage switched off: nothing kept
  }
}

function keep(key, text) {
  try {
    if (text) window.localStorage.setItem(key, text);
    return true;
  } catch {
    return false; // full, or switched off
  }
}

// A button at least 44 px tall and wide, a target a finger finds (inline styles: this
// widget ships no stylesheet, so nothing of it can restyle the rest of the page).
function button(text, name) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = `sudoku-saves-${name}`;
  Object.assign(b.style, { minHeight: "44px", minWidth: "44px", padding: "0 1em", font: "inherit" });
  return b;
}

export default {
  initialize({ model }) {
    set_xsrf_cookie();
    set_up_page();
    const key = model.get("key");
    const text = kept(key);
    if (text) {
      model.set("value", text); // the browser's copy wins: it is what the player saved
      model.save_changes();
    } else {
      keep(key, model.get("value"));
    }
    model.on("change:value", () => keep(key, model.get("value")));
    model.on("change:current", () => keep(`${key}/current`, model.get("current")));
    model.send({ type: "kept", text: kept(`${key}/current`) || "" }); // Python plays on with it
  },

  render({ model, el }) {
    el.classList.add("sudoku-saves");
    // centred under the board, wrapping on a phone
    Object.assign(el.style, { margin: "0.5em auto", display: "flex", flexWrap: "wrap",
      gap: "0.5em", justifyContent: "center", alignItems: "center", maxWidth: "40rem" });
    const note = document.createElement("span");
    note.className = "sudoku-saves-note";
    note.setAttribute("role", "status");
    const download = button("Download saved game", "download");
    const upload = button("Upload saved game", "upload");
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.hidden = true;

    download.addEventListener("click", () => {
      const text = model.get("value");
      if (!text) {
        note.textContent = "Nothing saved in this browser yet: press Save first.";
        return;
      }
      const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = model.get("filename");
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      note.textContent = "";
    });
    upload.addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files[0];
      input.value = "";
      if (!file) return;
      note.textContent = "";
      model.send({ type: "upload", text: await file.text() }); // Python checks it
    });
    el.append(download, upload, input, note);
  },
};
