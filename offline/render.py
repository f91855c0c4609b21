"""Discord messages (as the stand-in holds them) rendered as plain text, with numbered controls."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from offline.payloads import BUTTON, STRING_SELECT, interactive_components
from offline.standin import EPHEMERAL, LOADING, RecordedFile

BAR = "┃ "
USER_MENTION = re.compile(r"<@!?(\d+)>")
TIMESTAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")


@dataclass(frozen=True, slots=True)
class Control:
    """Something the user can press by number: a button, or one option of a select menu."""

    message: Mapping[str, Any]
    custom_id: str
    values: tuple[str, ...] | None


def readable(text: str, names: Mapping[int, str]) -> str:
    """Discord's mention and timestamp syntax as a terminal can show it."""
    text = USER_MENTION.sub(lambda m: "@" + names.get(int(m.group(1)), m.group(1)), text)
    return TIMESTAMP.sub(lambda m: datetime.fromtimestamp(int(m.group(1))).strftime("%Y-%m-%d %H:%M"), text)


def render(
    message: Mapping[str, Any], first: int = 1, names: Mapping[int, str] | None = None
) -> tuple[str, list[Control]]:
    """The message as text lines and its controls, numbered from `first`; `names` resolves user mentions."""
    lines: list[str] = []
    if message.get("flags", 0) & EPHEMERAL:
        lines.append("(only you can see this)")
    if message.get("flags", 0) & LOADING:
        lines.append("Floor Call is thinking…")
    if message.get("content"):
        lines.extend(message["content"].splitlines())
    for embed in message.get("embeds") or []:
        lines.extend(_embed(embed))
    controls: list[Control] = []
    for component in interactive_components(message):
        if component["type"] == BUTTON:
            marker = " (disabled)" if component.get("disabled") else ""
            lines.append(f"[{first + len(controls)}] {component.get('label', '?')}{marker}")
            controls.append(Control(message, component["custom_id"], None))
        elif component["type"] == STRING_SELECT:
            lines.append(f"{component.get('placeholder') or 'Choose'}:")
            for option in component.get("options", []):
                about = f" — {option['description']}" if option.get("description") else ""
                lines.append(f"  [{first + len(controls)}] {option['label']}{about}")
                controls.append(Control(message, component["custom_id"], (option["value"],)))
    for attachment in message.get("attachments") or []:
        lines.append(f"📎 {attachment['filename']} ({attachment['size']} bytes)")
    text = "\n".join(BAR + line if line else BAR.rstrip() for line in lines)
    return readable(text, names or {}), controls


def _embed(embed: Mapping[str, Any]) -> list[str]:
    lines: list[str] = []
    if embed.get("title"):
        lines.append(f"## {embed['title']}")
    if embed.get("description"):
        lines.extend(embed["description"].splitlines())
    for field in embed.get("fields") or []:
        lines.append(f"{field['name']}:")
        lines.extend(f"  {line}" for line in field["value"].splitlines())
    if embed.get("footer", {}).get("text"):
        lines.append(f"— {embed['footer']['text']}")
    return lines


def save_files(files: list[RecordedFile], directory: Path) -> list[Path]:
    """Write attachments the bot sent to `directory` (never overwriting) and return their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    saved = []
    for file in files:
        name = Path(file.filename or "attachment").name
        target = directory / name
        counter = 1
        while target.exists():
            target = directory / f"{Path(name).stem}-{counter}{Path(name).suffix}"
            counter += 1
        target.write_bytes(file.data)
        saved.append(target)
    return saved
