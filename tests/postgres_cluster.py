"""A throwaway PostgreSQL server for the tests and `bench/store.py`: a real one, started and stopped here.

`initdb` in a temporary folder, listening only on a Unix socket in that folder (no TCP port to collide with,
nothing reachable from outside), trust authentication for that socket. PostgreSQL refuses to run as root, so
when we are root (as in CI) the server runs as the unprivileged `postgres` user that Debian's package creates,
and the folder is handed to it. The binaries are found on PATH or under /usr/lib/postgresql/*/bin.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SERVER_USER = "postgres"
ROLE = "postgres"
INSTALL = "apt-get install -y postgresql (Debian's package: the server binaries and the postgres user)"


class PostgresMissing(RuntimeError):
    """No PostgreSQL server can be started here: says what is missing and how to install it."""


def binaries() -> Path:
    """The folder holding initdb and pg_ctl (the newest installed version)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    raise PostgresMissing(f"PostgreSQL's initdb and pg_ctl are not installed; {INSTALL}")


def _server_user() -> pwd.struct_passwd | None:
    """Who runs the server: `postgres` when we are root, else ourselves (None)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam(SERVER_USER)
    except KeyError:
        message = f"running as root and there is no {SERVER_USER} user to run PostgreSQL as; {INSTALL}"
        raise PostgresMissing(message) from None


@dataclass
class Cluster:
    """A running server; `url(name)` for a database on it, `create_database`, `stop`."""

    folder: Path
    bin: Path
    user: pwd.struct_passwd | None

    @classmethod
    def start(cls) -> Cluster:
        bin_dir, user = binaries(), _server_user()
        folder = Path(tempfile.mkdtemp(prefix="floorcall-pg-"))
        cluster = cls(folder, bin_dir, user)
        try:
            if user is not None:
                os.chown(folder, user.pw_uid, user.pw_gid)
            cluster._as_server(
                "initdb", "-D", "data", "-U", ROLE, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8"
            )
            settings = {
                "listen_addresses": "''",
                "unix_socket_directories": f"'{folder}'",
                "max_connections": "300",
            }
            with (folder / "data" / "postgresql.conf").open("a") as conf:
                conf.writelines(f"{name} = {value}\n" for name, value in settings.items())
            cluster._as_server("pg_ctl", "-D", "data", "-l", "server.log", "-w", "-t", "60", "start")
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{ROLE}@/{database}?host={self.folder}"

    def psql(self, sql: str, database: str = "postgres") -> str:
        """Run one SQL command as the superuser; its output (unaligned, tuples only)."""
        result = subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", str(self.folder),
             "-U", ROLE, "-d", database, "-c", sql],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if result.returncode != 0:
            raise RuntimeError(f"psql failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def create_database(self, name: str) -> str:
        """A new empty database; its URL."""
        self.psql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, name: str) -> None:
        self.psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server (fast: active sessions are ended) and delete its folder."""
        with contextlib.suppress(subprocess.CalledProcessError):
            if (self.folder / "data" / "postmaster.pid").exists():
                self._as_server("pg_ctl", "-D", "data", "-m", "fast", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def halt(self) -> None:
        """Stop the server, keeping its data (active sessions are ended): a server that went away."""
        self._as_server("pg_ctl", "-D", "data", "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the halted server again."""
        self._as_server("pg_ctl", "-D", "data", "-l", "server.log", "-w", "-t", "60", "start")

    def _as_server(self, program: str, *args: str) -> None:
        user = self.user
        try:
            subprocess.run(
                [str(self.bin / program), *args],
                cwd=self.folder,
                capture_output=True,
                text=True,
                check=True,
                user=None if user is None else user.pw_uid,
                group=None if user is None else user.pw_gid,
                extra_groups=None if user is None else [],
            )
        except subprocess.CalledProcessError as failed:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{program} failed: {failed.stderr.strip()}\n{tail}") from failed
