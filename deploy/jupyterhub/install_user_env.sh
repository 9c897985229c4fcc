#!/usr/bin/env bash
# The students' environment, as The Littlest JupyterHub keeps it: outside the repository and
# the hub's own environment (which may sit in a home only root can enter), readable by every
# student account. PREFIX/user is a venv with sudoku-teach[hub] (JupyterLab, Voila, the
# package); PREFIX/lessons holds the notebooks each student's first start copies.
#     deploy/jupyterhub/install_user_env.sh [PREFIX]     # default /opt/sudoku-teach-hub
set -euo pipefail
PREFIX=${1:-/opt/sudoku-teach-hub}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
PYTHON=${PYTHON:-/usr/bin/python3}  # the system's: every account may run it
umask 022
test -x "$PREFIX/user/bin/python" || "$PYTHON" -m venv "$PREFIX/user"
"$PREFIX/user/bin/python" -m pip install -q "$REPO[hub]"
# rfc3987-syntax (with jupyter-events) costs 2-3 s of CPU at every server's start and checks
# nothing Jupyter uses: see SLIM in the Makefile
"$PREFIX/user/bin/python" -m pip uninstall -y -q rfc3987-syntax 2>/dev/null
rm -rf "$PREFIX/lessons.new"
mkdir -p "$PREFIX/lessons.new"
cp "$REPO"/notebooks/student/*.ipynb "$REPO"/app/*.ipynb "$PREFIX/lessons.new/"
rm -rf "$PREFIX/lessons" && mv "$PREFIX/lessons.new" "$PREFIX/lessons"
chmod -R a+rX "$PREFIX"
echo "user environment: $PREFIX/user (python $("$PREFIX/user/bin/python" -c 'import sudoku_teach, sys; print(sys.version.split()[0])')), lessons: $PREFIX/lessons"
