"""The offline console: type slash commands, read the replies as text, press buttons by number.

It runs the real bot and cogs against the local stand-in, as one fixed member (with Manage Server) of one
fixed server and channel, so the log it writes to DATABASE_PATH carries over between runs. That member is
`@you`: typed in an option (`/ledger buyin player:@you amount:50`) it is their mention.
"""

from __future__ import annotations

import asyncio
import re
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

from discord.ext import commands

from offline import commandline
from offline.driver import Driver, Exchange
from offline.payloads import MANAGE_GUILD, MEMBER, STRING_SELECT, Actor, PayloadError, modal_inputs
from offline.render import Control, render, save_files

CONSOLE_USER = Actor(name="you", permissions=MEMBER | MANAGE_GUILD)
QUIT_WORDS = {"quit", "exit", "q", ":q"}
CANCEL_WORDS = {"cancel", "annulla"}
PROMPT = "floorcall> "


class Form:
    """A form (modal) the bot opened, filled in one line per field: a number for a menu, text for a text field."""

    def __init__(self, opened: Exchange, modal: dict[str, Any]) -> None:
        self.opened = opened
        self.fields = modal_inputs(modal)
        self.values: dict[str, str | list[str]] = {}

    @property
    def field(self) -> dict[str, Any] | None:
        """The field the next line fills in; None once every field has its value."""
        return self.fields[len(self.values)] if len(self.values) < len(self.fields) else None

    def prompt(self) -> str:
        field = self.field
        assert field is not None
        label = field.get("label") or field["custom_id"]
        if field["type"] == STRING_SELECT:
            options = "\n".join(f"  [{n}] {o['label']}" for n, o in enumerate(field.get("options", []), 1))
            return f"{label} — type a number:\n{options}"
        optional = "" if field.get("required", True) else " (optional: an empty line skips it)"
        return f"{label} — type the text{optional}:"

    def fill(self, line: str) -> str | None:
        """Take one line for the current field; the problem with it, if any."""
        field = self.field
        assert field is not None
        if field["type"] != STRING_SELECT:
            self.values[field["custom_id"]] = line
            return None
        options = field.get("options", [])
        if not line.isdigit() or not 1 <= int(line) <= len(options):
            return f"Pick 1–{len(options)}."
        self.values[field["custom_id"]] = [options[int(line) - 1]["value"]]
        return None


class Console:
    """Turns typed lines into interactions and the bot's replies into text."""

    def __init__(self, driver: Driver, out: TextIO, actor: Actor = CONSOLE_USER) -> None:
        self.driver = driver
        self.out = out
        self.actor = actor
        self.controls: list[Control] = []
        self.form: Form | None = None
        self._downloads: Path | None = None

    def banner(self) -> str:
        store = getattr(self.driver.bot, "store", None)
        where = f" Log: {store.location}." if store is not None else ""
        return (
            f"Floor Call offline console.{where} Commands: {commandline.listing(self.driver.schema)}.\n"
            "Type a slash command (e.g. /ruling flop had four cards), a number to press a button, or quit."
        )

    async def handle(self, line: str) -> bool:
        """Handle one line; False means the user asked to leave."""
        line = line.strip()
        if self.form is not None:
            await self._fill(line)
            return True
        if not line:
            return True
        if line.lower() in QUIT_WORDS:
            return False
        if line.isdigit():
            await self._press(int(line))
        elif line.lower() in ("help", "?") and "help" not in self.driver.schema:
            self.say(self.banner())
        elif line.lower() in ("help", "?"):
            await self._command("/help")
        else:
            await self._command(line)
        return True

    async def _command(self, line: str) -> None:
        try:
            invocation = commandline.parse(self._mentions(line), self.driver.schema)
            exchange = await self.driver.command(invocation.name, self.actor, invocation.path, **invocation.options)
        except PayloadError as exc:
            self.say(str(exc))
            return
        self._show(exchange)

    def _mentions(self, line: str) -> str:
        """`@you` typed as the console's member stands for their mention, as Discord's client fills it in when
        a member is picked with @ (replies show that mention back as `@you`)."""
        return re.sub(rf"(?<![\w<])@{re.escape(self.actor.name)}\b", f"<@{self.actor.user_id}>", line)

    async def _press(self, number: int) -> None:
        if not 1 <= number <= len(self.controls):
            self.say("Nothing to press with that number." if not self.controls else f"Pick 1–{len(self.controls)}.")
            return
        control = self.controls[number - 1]
        try:
            exchange = await self.driver.click(control.message, control.custom_id, self.actor, control.values)
        except PayloadError as exc:
            self.say(f"That control is gone ({exc}).")
            return
        self._show(exchange)

    async def _fill(self, line: str) -> None:
        """One line of the open form; the form is sent once its last field is filled in."""
        form = self.form
        assert form is not None
        if line.lower() in CANCEL_WORDS:
            self.form = None
            self.say("Form closed without sending it.")
            return
        problem = form.fill(line)
        if problem is not None:
            self.say(problem)
        if form.field is not None:
            self.say(form.prompt())
            return
        self.form = None
        try:
            exchange = await self.driver.submit(form.opened, self.actor, form.values)
        except PayloadError as exc:
            self.say(f"Discord would not send that form: {exc}")
            return
        self._show(exchange)

    def _show(self, exchange: Exchange) -> None:
        modal = exchange.modal
        if modal is not None:
            self.form = Form(exchange, modal)
            self.say(f"┃ ## {modal.get('title', '')} (a form: fill it in line by line, or type cancel)")
            self.say(self.form.prompt())
        shown: list[int] = []
        for request in exchange.requests:
            if request.is_callback and (request.json or {}).get("type") == 8:
                choices = request.json.get("data", {}).get("choices", [])
                self.say("Suggestions:\n" + "\n".join(f"  {c['value']} — {c['name']}" for c in choices))
            if request.files:
                for path in save_files(request.files, self._download_dir()):
                    self.say(f"Saved attachment: {path}")
            if request.message_id is not None and request.message_id not in shown:
                shown.append(request.message_id)
        for message_id in shown:
            message = self.driver.standin.messages.get(message_id)
            if message is None:
                continue
            text, controls = render(message, names={self.actor.user_id: self.actor.name})
            self.say(text + "\n")
            if controls or any(c.message["id"] == message["id"] for c in self.controls):
                self.controls = controls  # the newest controls win; an edit that removed them clears them
        for error in self.driver.standin.errors:
            self.say(f"(stand-in error: {error})")
        self.driver.standin.errors.clear()

    def _download_dir(self) -> Path:
        if self._downloads is None:
            self._downloads = Path(tempfile.mkdtemp(prefix="floorcall-console-"))
        return self._downloads

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


async def run_console(
    bot: commands.Bot | commands.AutoShardedBot, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout
) -> int:
    """Run until end of input or `quit`; exits 0. Works with a terminal and with piped input."""
    driver = await Driver.start(bot)
    console = Console(driver, out)
    interactive = stdin.isatty()
    try:
        console.say(console.banner())
        while True:
            line = await asyncio.to_thread(_read_line, stdin, interactive)
            if line is None or not await console.handle(line):
                break
    finally:
        await driver.close()
    return 0


def _read_line(stdin: TextIO, interactive: bool) -> str | None:
    """One line of input, None at its end; on a terminal, with a prompt and line editing."""
    if not interactive:
        line = stdin.readline()
        return line or None
    try:
        return input(PROMPT)
    except EOFError:
        print()
        return None
