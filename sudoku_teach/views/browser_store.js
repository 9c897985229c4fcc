// The browser side of BrowserStore: one text kept in localStorage, download and upload.

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

function button(text, name) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = `sudoku-saves-${name}`;
  b.style.margin = "0 0.5em 0 0";
  return b;
}

export default {
  initialize({ model }) {
    set_xsrf_cookie();
    const text = kept(model.get("key"));
    if (text) {
      model.set("value", text); // the browser's copy wins: it is what the player saved
      model.save_changes();
    } else {
      keep(model.get("key"), model.get("value"));
    }
    model.on("change:value", () => keep(model.get("key"), model.get("value")));
  },

  render({ model, el }) {
    el.classList.add("sudoku-saves");
    el.style.margin = "0.5em 0";
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
