"""Build the JupyterLite site (`make lite`): the course in the browser, with nothing to install.

JupyterLite is JupyterLab as a static site; Python runs in the page on Pyodide. This script
stages what the site needs in build/lite/, then runs `jupyter lite build` into dist/lite/:

- the student notebooks and the game (the lite copies carry a note on where work is kept);
- Pyodide's core from npm (node_modules/pyodide, `npm ci`), served by the site itself;
- beside it, the wheels the kernel and the course load at start: sudoku_teach (built here),
  the widgets, IPython and the rest, so a lesson needs no network. Pyodide's own list of
  packages (pyodide-lock.json) is rewritten to point at them; every other package in it
  (numpy, matplotlib for the plots of lessons 03-07 and 09) stays on Pyodide's CDN;
- the site's settings (lite/jupyter-lite.json, overrides.json). `jupyter lite build` takes
  in every lab extension installed where it runs; the settings turn off the teachers' ones
  the dev extra brings (nbgrader's menu, button and panel, Voila's preview: no server here).

Run: python lite/build.py [OUTPUT [STAGE]]   (default dist/lite, build/lite)
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / "build" / "lite"
PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
KERNEL_SCHEMA = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/schema"

# What the kernel itself loads (micropip, then IPython and jedi), and what the course adds.
KERNEL_NEEDS = ["micropip", "packaging", "ipython", "jedi", "traitlets", "typing-extensions"]
# Wheels from PyPI that Pyodide does not carry: name -> what each needs at import.
# Their versions are the ones installed here, the same as the site's widget front end.
COURSE_WHEELS = {
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "ipywidgets": ["comm", "ipython", "traitlets", "jupyterlab-widgets"],
    "jupyterlab-widgets": [],
    "comm": ["traitlets"],
    "psygnal": ["typing-extensions"],
    "ipython-pygments-lexers": ["pygments"],
}
PACKAGE_NEEDS = ["anywidget", "ipywidgets", "tqdm"]  # sudoku_teach in the browser
# Lessons whose plots need numpy and matplotlib (fetched from Pyodide's CDN when run).
PLOTTING = re.compile(r"\bplots\b|\bmatplotlib\b")

LITE_NOTE = """### You are running this course in your browser

Nothing is installed: Python runs inside this page (JupyterLite, on Pyodide).

- **Your work is kept in this browser only** (its site storage), on this computer. Another
  browser, another computer, a private window, or clearing the browser's data will not
  have it.
- **To hand in a notebook, download it**: right-click it in the file list on the left and
  choose *Download* (or *File > Download*), then send the `.ipynb` file to your teacher.
- The first start fetches Python itself (about 28 MB); later starts come from the browser's
  cache. Lessons 03-07 and 09 also fetch numpy and matplotlib for their plots (they say so).
- Lesson 09's SAT solver (pycosat) does not exist in the browser: run 09 in `make lab`.
"""

PLOTTING_NOTE = """### In the browser: this lesson's plots need numpy and matplotlib

The cell below fetches them from Pyodide's site (the first time in this browser; it shows
`[*]` while they load). Without a network it fails, and so do the plots. Teachers can run
this lesson offline with `make lab` instead.
"""

PYODIDE_KERNEL = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
PLOTTING_CELL = """print("Fetching numpy and matplotlib for this lesson's plots...")
%pip install numpy matplotlib
print("numpy and matplotlib are ready.")"""


def run(*command: str | Path, cwd: Path = ROOT) -> None:
    """Run a command (from the repository's root); stop the build if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, cwd=cwd)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_cdn() -> str:
    """The kernel's default Pyodide (its CDN folder); its version must be npm's copy."""
    schema = Path(sys.prefix) / KERNEL_SCHEMA / "kernel.v0.schema.json"
    url = json.loads(schema.read_text())["properties"]["pyodideUrl"]["default"]
    npm = json.loads((PYODIDE_NPM / "package.json").read_text())["version"]
    if f"/v{npm}/" not in url:
        sys.exit(f"the kernel wants Pyodide {url}, but npm installed {npm}: pin it in package.json")
    return url.rsplit("/", 1)[0] + "/"


def key(name: str) -> str:
    """A name as Pyodide's lock keys it (PEP 503: `prompt_toolkit` is `prompt-toolkit`)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_file(name: str, version_: str, folder: Path) -> Path | None:
    stem = f"{key(name).replace('-', '_')}-{version_}-"
    return next((p for p in folder.glob("*.whl") if p.name.lower().startswith(stem)), None)


def download(pins: dict[str, str], folder: Path) -> dict[str, Path]:
    """Pure-Python wheels from PyPI for the browser's Python (3.14, any platform), cached."""
    missing = [f"{name}=={v}" for name, v in pins.items() if not wheel_file(name, v, folder)]
    if missing:
        run(sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.14", "--implementation", "py", "--abi", "none",
            "--platform", "any", "-d", folder, *missing)
    found = {name: wheel_file(name, v, folder) for name, v in pins.items()}
    return {name: path for name, path in found.items() if path is not None}


def closure(needs: dict[str, list[str]], names: list[str]) -> set[str]:
    """The names and everything they need, by the table `needs`."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo += [key(need) for need in needs[name]]
    return seen


def lock_entry(name: str, wheel: Path, depends: list[str], imports: list[str]) -> dict:
    return {
        "name": name,
        "version": wheel.name.split("-")[1],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def stage_pyodide(folder: Path, package_wheel: Path) -> None:
    """Pyodide's core, the wheels loaded at start beside it, and its lock rewritten for them."""
    shutil.copytree(PYODIDE_NPM, folder, ignore=shutil.ignore_patterns("*.map", "*.d.ts"))
    cdn = pyodide_cdn()
    lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    cache = ROOT / "build" / "lite-wheels"
    cache.mkdir(parents=True, exist_ok=True)
    packages["ipython"]["depends"].append("ipython-pygments-lexers")  # IPython 9 from PyPI
    needs = {name: entry["depends"] for name, entry in packages.items()} | COURSE_WHEELS
    shipped = closure(needs, KERNEL_NEEDS + PACKAGE_NEEDS) - set(COURSE_WHEELS)
    pins = {name: version(name) for name in COURSE_WHEELS}
    pins |= {name: packages[name]["version"] for name in shipped}
    wheels = download(pins, cache)
    for name, needs in COURSE_WHEELS.items():
        packages[name] = lock_entry(name, wheels[name], needs, [name.replace("-", "_")])
    for name, entry in packages.items():
        if name in wheels:
            entry.update(file_name=wheels[name].name, sha256=sha256(wheels[name]))
            shutil.copy(wheels[name], folder / wheels[name].name)
        else:
            entry["file_name"] = cdn + entry["file_name"]
    shutil.copy(package_wheel, folder / package_wheel.name)
    packages["sudoku-teach"] = lock_entry("sudoku-teach", package_wheel, PACKAGE_NEEDS,
                                          ["sudoku_teach"])
    (folder / "pyodide-lock.json").write_text(json.dumps(lock))


def lite_copy(source: Path, target: Path) -> None:
    """A notebook for the site: 00 says where work is kept, plotting lessons fetch numpy."""
    notebook = nbformat.read(source, as_version=4)
    notebook.metadata["kernelspec"] = PYODIDE_KERNEL  # opens with it, no question asked
    code = "\n".join(c.source for c in notebook.cells if c.cell_type == "code")
    notes = []
    if source.name.startswith("00_"):
        notes = [nbformat.v4.new_markdown_cell(LITE_NOTE)]
    elif PLOTTING.search(code):
        notes = [nbformat.v4.new_markdown_cell(PLOTTING_NOTE),
                 nbformat.v4.new_code_cell(PLOTTING_CELL)]
    for number, cell in enumerate(notes):
        cell.id = f"lite-note-{number}"  # the same on every build
    notebook.cells[1:1] = notes  # after the lesson's header
    nbformat.write(notebook, target)


def stage_contents(folder: Path) -> None:
    """The student notebooks and the game, as a student meets them in the site."""
    folder.mkdir(parents=True)
    for source in sorted((ROOT / "notebooks" / "student").glob("*.ipynb")):
        lite_copy(source, folder / source.name)
    lite_copy(ROOT / "app" / "play.ipynb", folder / "play.ipynb")


def main(output: Path, stage: Path = STAGE) -> None:
    """Stage everything in `stage`, then build the site into `output` (both made anew)."""
    if not (PYODIDE_NPM / "pyodide.mjs").is_file():
        sys.exit("Pyodide's core is missing: run `npm ci` (package.json pins it)")
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    wheels = stage / "package"
    run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, ROOT)
    (package_wheel,) = wheels.glob("sudoku_teach-*.whl")
    stage_pyodide(stage / "static" / "pyodide", package_wheel)
    stage_contents(stage / "files")
    for name in ("jupyter-lite.json", "overrides.json"):  # the kernel's and JupyterLab's settings
        shutil.copy(ROOT / "lite" / name, stage / name)
    shutil.rmtree(output, ignore_errors=True)
    run(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", stage,
        "--contents", stage / "files", "--output-dir", output.resolve(), "--no-sourcemaps",
        cwd=stage)  # its build database (.jupyterlite.doit.db) stays in the stage


if __name__ == "__main__":
    # python lite/build.py [OUTPUT [STAGE]]
    main(*([Path(arg).resolve() for arg in sys.argv[1:3]] or [ROOT / "dist" / "lite"]))
