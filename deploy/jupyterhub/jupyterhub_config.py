"""A school's JupyterHub on one server, safe as written (read deploy/jupyterhub/README.md).

The shape of The Littlest JupyterHub, from JupyterHub's own parts; the hub runs as root:
- who: NativeAuthenticator (school_auth.py). Students sign up with a password of their
  own; the teacher (the only admin) approves each sign-up at /hub/authorize. No default
  password: the teacher's account is made from a password file only root can read. An
  optional class list (an allow-list) refuses sign-ups of any other name.
- each student a Unix account of their own (`useradd`, home mode 0700), made on their first
  start; their server runs as that account by the LocalProcessSpawner, never as root.
- limits that bind, set by `prlimit` before the server starts: the memory of each process
  (RLIMIT_AS) and the number of processes of the account (RLIMIT_NPROC).
- TLS with the school's certificate; idle servers stopped by jupyterhub-idle-culler.
- the notebooks: the first start copies the student notebooks and the game app into
  ~/sudoku-teach/ (a notebook the student has is never overwritten).
- the students' servers run in an environment of their own, readable by every account
  (SUDOKU_HUB_USER_ENV, made by install_user_env.sh), as TLJH's /opt/tljh/user.
- the hub's state (database, cookie secret) in a data folder of its own, not the repository.

Every setting comes from an environment variable (SUDOKU_HUB_...), listed in SETTINGS below
with its default, so the file is used as it is.
"""

import json
import os
import sys
from pathlib import Path

from sudoku_teach.teacher.hub import ensure_account, give_lessons, home_of, unix_name

sys.path.insert(0, str(Path(__file__).resolve().parent))
from school_auth import SchoolAuthenticator  # noqa: E402 - beside this file

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub provides it

REPO = Path(__file__).resolve().parents[2]
SETTINGS = {  # name: (default, what it is)
    "DATA": ("/srv/sudoku-teach-hub", "the hub's database and cookie secret (mode 0700)"),
    "HOMES": ("/home", "where the students' homes are made"),
    "USER_ENV": ("/opt/sudoku-teach-hub", "the students' environment: user/ (a venv), lessons/"
                 " (install_user_env.sh makes it)"),
    "HOME_TEMPLATE": ("", "a home's path, with {username}, for spawners without accounts"),
    "TEACHER": ("", "the teacher's user name: the only admin (required)"),
    "TEACHER_PASSWORD_FILE": ("", "the teacher's first password (required at the first start)"),
    "CLASS_LIST": ("", "a file of the names that may sign up, one a line (empty: any name)"),
    "SSL_CERT": ("", "the school's certificate (PEM); required unless NO_TLS=1"),
    "SSL_KEY": ("", "its private key (PEM)"),
    "NO_TLS": ("", "1: plain HTTP, only behind a proxy that serves HTTPS"),
    "IP": ("", "the address to listen on (empty: all)"),
    "PORT": ("443", "the port students reach"),
    "INTERNAL_PORT": ("8081", "the hub's own port, on 127.0.0.1"),
    "PROXY_PORT": ("8001", "the proxy's API port, on 127.0.0.1"),
    "PROXY": ("", "the configurable-http-proxy command when it is not on the PATH"),
    "MEMORY_MB": ("2048", "memory of each process of a student (server, each kernel)"),
    "PROCESSES": ("256", "processes and threads of a student's account"),
    "CULL_IDLE_SECONDS": ("3600", "stop a server idle this long"),
    "CULL_EVERY_SECONDS": ("300", "how often to look for idle servers"),
    "MAX_SERVERS": ("60", "servers running at once"),
}


def setting(name: str) -> str:
    """SUDOKU_HUB_<name> from the environment, or its default."""
    return os.environ.get(f"SUDOKU_HUB_{name}", SETTINGS[name][0])


def refuse(message: str) -> None:
    """Stop the hub before it starts, saying what to set."""
    sys.exit(f"sudoku-teach hub: {message} (see deploy/jupyterhub/README.md)")


DATA = Path(setting("DATA")).resolve()
DATA.mkdir(mode=0o700, parents=True, exist_ok=True)
TEACHER = unix_name(setting("TEACHER")) if setting("TEACHER") else ""
if not TEACHER:
    refuse("set SUDOKU_HUB_TEACHER to the teacher's user name")
CLASS = {unix_name(line) for line in
         (Path(setting("CLASS_LIST")).read_text().split() if setting("CLASS_LIST") else [])}

# --- the hub: where it listens, TLS, where it keeps its state ----------------------------------
c.JupyterHub.ip = setting("IP")
c.JupyterHub.port = int(setting("PORT"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(setting("INTERNAL_PORT"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{setting('PROXY_PORT')}"
if setting("PROXY"):
    c.ConfigurableHTTPProxy.command = [setting("PROXY")]
c.ConfigurableHTTPProxy.pid_file = str(DATA / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")
if setting("NO_TLS") != "1":
    if not (setting("SSL_CERT") and setting("SSL_KEY")):
        refuse("set SUDOKU_HUB_SSL_CERT and SUDOKU_HUB_SSL_KEY (or SUDOKU_HUB_NO_TLS=1)")
    c.JupyterHub.ssl_cert = setting("SSL_CERT")
    c.JupyterHub.ssl_key = setting("SSL_KEY")
c.JupyterHub.concurrent_spawn_limit = 10
c.JupyterHub.active_server_limit = int(setting("MAX_SERVERS"))
c.JupyterHub.last_activity_interval = min(300, int(setting("CULL_EVERY_SECONDS")))


# --- who may log in ----------------------------------------------------------------------------
class LocalSchoolAuthenticator(SchoolAuthenticator):
    """The school's login (school_auth.py), each name the Unix account it becomes."""

    def normalize_username(self, username: str) -> str:
        """`anna.berg@school.org` made a safe account name (sudoku_teach.teacher.hub)."""
        return unix_name(super().normalize_username(username))


c.JupyterHub.authenticator_class = LocalSchoolAuthenticator
c.Authenticator.admin_users = {TEACHER}
c.SchoolAuthenticator.teacher_password_file = setting("TEACHER_PASSWORD_FILE")
if CLASS:
    c.Authenticator.allowed_users = CLASS | {TEACHER}
else:
    c.Authenticator.allow_all = True  # the teacher's approval is the gate
c.NativeAuthenticator.minimum_password_length = 8
c.NativeAuthenticator.check_common_password = True
c.NativeAuthenticator.allowed_failed_logins = 5
c.NativeAuthenticator.seconds_before_next_try = 300

# --- each student's server: their own account, limits, the lessons ----------------------------
LIMITS = json.loads((REPO / "app" / "voila.json").read_text(encoding="utf-8"))
MEMORY = int(setting("MEMORY_MB")) * 2**20
c.JupyterHub.spawner_class = "localprocess"
USER_ENV = Path(setting("USER_ENV"))
USER_PYTHON = str(USER_ENV / "user" / "bin" / "python")
if not os.access(USER_PYTHON, os.X_OK):
    refuse(f"no students' environment at {USER_ENV}: run deploy/jupyterhub/install_user_env.sh")
c.Spawner.cmd = ["prlimit", f"--as={MEMORY}", f"--nproc={setting('PROCESSES')}", "--",
                 USER_PYTHON, "-m", "jupyterhub.singleuser"]  # fmt: skip
c.Spawner.args = [f"--MappingKernelManager.{name}={value}"
                  for name, value in LIMITS["MappingKernelManager"].items()]  # fmt: skip
c.Spawner.mem_limit = MEMORY  # shown to the server; prlimit is what binds
c.Spawner.default_url = "/lab/tree/sudoku-teach"
c.Spawner.disable_user_config = True  # a student's ~/.jupyter cannot change their server
c.Spawner.environment = {"SUDOKU_LEVEL": "easy",
                         "JUPYTERHUB_ACTIVITY_INTERVAL": setting("CULL_EVERY_SECONDS")}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120


def first_start(spawner) -> None:
    """The student's own account (made if new), then their notebooks and the app, once."""
    name = spawner.user.name
    account = None
    if os.geteuid() == 0 and type(spawner).__name__ == "LocalProcessSpawner":
        account = ensure_account(name, Path(setting("HOMES")))
    home = home_of(spawner, setting("HOME_TEMPLATE"))
    if home is None:  # a container's home: its image copies the notebooks (deploy/kubernetes)
        spawner.log.info("%s: no home reachable from the hub; no copy", name)
        return
    said = give_lessons(USER_PYTHON, USER_ENV / "lessons", home, account)
    spawner.log.info("%s: %s", name, said)


c.Spawner.pre_spawn_hook = first_start

# --- idle servers stopped ----------------------------------------------------------------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={setting('CULL_IDLE_SECONDS')}",
                f"--cull-every={setting('CULL_EVERY_SECONDS')}"],
}]  # fmt: skip
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]  # fmt: skip
