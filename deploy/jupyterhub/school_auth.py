"""The school's login: NativeAuthenticator where every sign-up waits for the teacher.

Used by jupyterhub_config.py beside it and, on Kubernetes, by deploy/kubernetes/config.yaml
(mounted into the hub). It needs only JupyterHub and NativeAuthenticator. What it changes:
- no name is approved by being on a list: NativeAuthenticator approves the admin's and
  every allowed name's sign-up at once, so whoever signs up first under such a name would
  get it; here only the teacher's approval (at /hub/authorize) lets anyone in;
- the teacher's account is made when the hub starts, from a password file only root (or the
  hub's Kubernetes secret) can read, so nobody can sign up as the teacher first;
- with an allow-list (`Authenticator.allowed_users`, the class list) nobody else can even
  sign up.
"""

from __future__ import annotations

from pathlib import Path

import bcrypt
from nativeauthenticator import NativeAuthenticator
from nativeauthenticator.orm import UserInfo
from traitlets import Unicode


class SchoolAuthenticator(NativeAuthenticator):
    """NativeAuthenticator: the teacher (the one admin) approves every sign-up."""

    teacher_password_file = Unicode(
        "", config=True,
        help="A file holding the teacher's first password; needed until the teacher exists.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if len(self.admin_users) != 1:
            raise ValueError("SchoolAuthenticator: give exactly one admin user, the teacher")
        teacher = self.normalize_username(next(iter(self.admin_users)))
        if UserInfo.find(self.db, teacher) is None:
            secret = Path(self.teacher_password_file or "/nonexistent")
            if not secret.is_file():
                raise ValueError("SchoolAuthenticator: set teacher_password_file for the first"
                                 " start (the teacher's password, in a file root alone reads)")
            hashed = bcrypt.hashpw(secret.read_text().strip().encode(), bcrypt.gensalt())
            self.db.add(UserInfo(username=teacher, password=hashed, is_authorized=True))
            self.db.commit()

    def create_user(self, username, password, **kwargs):
        """A sign-up, only for names on the class list when there is one."""
        if self.allowed_users and self.normalize_username(username) not in self.allowed_users:
            return None
        return super().create_user(username, password, **kwargs)

    def get_authed_users(self):
        """Only those the teacher approved: no name is approved just by being on a list."""
        return {info.username for info in UserInfo.all_users(self.db) if info.is_authorized}
