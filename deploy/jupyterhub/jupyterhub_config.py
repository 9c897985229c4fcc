"""A JupyterHub for a class: every student their own server, notebooks, kernels and saves.

What it sets up (read deploy/jupyterhub/README.md first):
- each student's JupyterLab opens on a folder `sudoku-teach/` in their home, filled on
  the first start with the student notebooks and the game app (`copy_once`: a notebook
  the student already has is never overwritten);
- the game is served per student by Voila, a Jupyter server extension there:
  /user/NAME/voila/render/sudoku-teach/play.ipynb;
- idle kernels are shut down inside each student's server (the same limits as `make play`).

Tried here with the DummyAuthenticator (any name, one shared password) and the
SimpleLocalProcessSpawner (every student a process of the hub's own user): both only for a
trial on one machine. A school uses its own login (OAuthenticator, LDAP, ...) and a
spawner that separates students (SystemdSpawner, DockerSpawner, KubeSpawner); the rest of
this file stays as it is. Settings come from environment variables, so the file is used as
it is: SUDOKU_HUB_DIR (where the hub keeps its database and the students' homes),
SUDOKU_HUB_PORT (8000; the hub's own ports: SUDOKU_HUB_INTERNAL_PORT 8081 and
SUDOKU_HUB_PROXY_PORT 8001), SUDOKU_HUB_PASSWORD, SUDOKU_HUB_PROXY (the
configurable-http-proxy command, when it is not on the PATH).
"""

import json
import os
import pwd
import shutil
import sys
from pathlib import Path

from sudoku_teach.teacher.my_work import copy_once

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

REPO = Path(__file__).resolve().parents[2]
STUDENT_NOTEBOOKS = REPO / "notebooks" / "student"
APP = REPO / "app"
HUB_DIR = Path(os.environ.get("SUDOKU_HUB_DIR", REPO / ".hub")).resolve()
FOLDER = "sudoku-teach"  # in each home
LIMITS = json.loads((APP / "voila.json").read_text(encoding="utf-8"))["MappingKernelManager"]

# --- the hub: where it listens and keeps its state ---------------------------------------------
c.JupyterHub.ip = "127.0.0.1"  # a school: the address students reach, behind HTTPS
c.JupyterHub.port = int(os.environ.get("SUDOKU_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("SUDOKU_HUB_INTERNAL_PORT", "8081"))
PROXY_PORT = os.environ.get("SUDOKU_HUB_PROXY_PORT", "8001")
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_PORT}"
c.JupyterHub.db_url = f"sqlite:///{HUB_DIR / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(HUB_DIR / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(HUB_DIR / "proxy.pid")
if os.environ.get("SUDOKU_HUB_PROXY"):
    c.ConfigurableHTTPProxy.command = [os.environ["SUDOKU_HUB_PROXY"]]

# --- who may log in: a trial login (replace for a class) --------------------------------------
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = os.environ.get("SUDOKU_HUB_PASSWORD", "sudoku")
c.Authenticator.allow_all = True

# --- each student's server ---------------------------------------------------------------------
c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner: a trial on one machine
c.SimpleLocalProcessSpawner.home_dir_template = str(HUB_DIR / "homes" / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # this environment's Python
c.Spawner.default_url = f"/lab/tree/{FOLDER}"
c.Spawner.args = [f"--MappingKernelManager.{name}={value}" for name, value in LIMITS.items()]
if os.geteuid() == 0:  # the trial runs every student as the hub's user; root must say so
    c.Spawner.args.append("--allow-root")
c.Spawner.environment = {"SUDOKU_LEVEL": "easy"}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120


def home_of(spawner) -> Path:
    """The student's home: the trial spawner's folder, or the system account's home."""
    home = getattr(spawner, "home_dir", "")  # SimpleLocalProcessSpawner
    return Path(home) if home else Path(f"~{spawner.user.name}").expanduser()


def first_start(spawner) -> None:
    """Give the student their notebooks and the app, once; later starts add only new ones."""
    name, folder = spawner.user.name, home_of(spawner) / FOLDER
    copied = copy_once(STUDENT_NOTEBOOKS, folder) + copy_once(APP, folder)
    try:  # a system account (LocalProcessSpawner, SystemdSpawner) must own its copies
        account = pwd.getpwnam(name)
    except KeyError:
        account = None
    if account and os.geteuid() == 0:
        for path in [folder, *folder.iterdir()]:
            shutil.chown(path, account.pw_uid, account.pw_gid)
    spawner.log.info("%s: %d notebooks copied into %s", name, len(copied), folder)


c.Spawner.pre_spawn_hook = first_start
