"""deploy/kubernetes: the Zero to JupyterHub values and the image, checked as far as here goes.

No Docker engine or cluster here: the YAML is loaded and its settings compared with the
one-server hub's (deploy/jupyterhub/jupyterhub_config.py), and the image's install step is
the script `make hub-test` runs in a plain venv.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import yaml

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
VALUES = yaml.safe_load((DEPLOY / "kubernetes" / "config.yaml").read_text())
DOCKERFILE = (DEPLOY / "kubernetes" / "Dockerfile").read_text()


def hub_defaults() -> dict[str, str]:
    """The one-server hub's SETTINGS defaults, read from its config file without running it."""
    tree = ast.parse((DEPLOY / "jupyterhub" / "jupyterhub_config.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "SETTINGS":
            return {name: value[0] for name, value in ast.literal_eval(node.value).items()}
    raise AssertionError("no SETTINGS in jupyterhub_config.py")


def at(path: str) -> Any:
    """A value of config.yaml by its dotted path."""
    value: Any = VALUES
    for key in path.split("."):
        value = value[key]
    return value


def test_the_login_is_the_school_authenticator_with_one_teacher():
    assert at("hub.config.JupyterHub.authenticator_class") == "school_auth.SchoolAuthenticator"
    assert len(at("hub.config.Authenticator.admin_users")) == 1
    assert at("hub.config.JupyterHub.admin_access") is False
    mounted = Path(at("hub.extraFiles.school_auth.mountPath"))
    assert mounted.name == "school_auth.py" and (DEPLOY / "jupyterhub" / mounted.name).is_file()
    assert f'sys.path.insert(0, "{mounted.parent}")' in at("hub.extraConfig.sudoku-teach")
    secret = Path(at("hub.config.SchoolAuthenticator.teacher_password_file"))
    mounts = {m["mountPath"] for m in at("hub.extraVolumeMounts")}
    assert str(secret.parent) in mounts
    native = at("hub.config.NativeAuthenticator")
    assert native["minimum_password_length"] >= 8 and "open_signup" not in native


def test_tls_limits_culling_and_storage_match_the_one_server_hub():
    defaults = hub_defaults()
    assert at("proxy.https.enabled") is True and at("proxy.https.type") == "secret"
    assert at("singleuser.memory.limit") == f"{int(defaults['MEMORY_MB']) // 1024}G"
    assert at("cull.enabled") is True
    assert at("cull.timeout") == int(defaults["CULL_IDLE_SECONDS"])
    assert at("cull.every") == int(defaults["CULL_EVERY_SECONDS"])
    assert at("hub.activeServerLimit") == int(defaults["MAX_SERVERS"])
    assert at("singleuser.storage.type") == "dynamic"
    assert at("singleuser.storage.homeMountPath") == "/home/jovyan"


def test_the_image_installs_what_the_hub_test_installs_and_copies_the_lessons():
    run = re.search(r"^RUN .*install_user_env\.sh (\S+)", DOCKERFILE, re.MULTILINE)
    assert run, "the image's install step is install_user_env.sh"
    prefix = run.group(1)
    assert (DEPLOY / "jupyterhub" / "install_user_env.sh").is_file()
    makefile = (DEPLOY.parent / "Makefile").read_text()
    assert "deploy/jupyterhub/install_user_env.sh $(HUB_ENV)" in makefile
    command = at("singleuser.lifecycleHooks.postStart.exec.command")
    assert command[:3] == ["python", "-m", "sudoku_teach.teacher.my_work"]
    assert command[3] == f"{prefix}/lessons"
    assert command[4] == f"{at('singleuser.storage.homeMountPath')}/sudoku-teach"
    assert at("singleuser.defaultUrl") == "/lab/tree/sudoku-teach"
    assert f"PATH={prefix}/user/bin" in DOCKERFILE and "USER 1000" in DOCKERFILE
