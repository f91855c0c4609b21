"""Discord messages (as the stand-in holds them) rendered as plain text, with numbered controls."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from offline.payloads import BUTTON, STRING_SELECT, interactive_components
from offline.standin import EPHEMERAL, LOADING, RecordedFile

BAR = "┃ "


@dataclass(frozen=True, slots=True)
class Control:
    """Something the user can press by number: a button, or one option of a select menu."""

    message: Mapping[str, Any]
    custom_id: str
    values: tuple[str, ...] | None


def render(message: Mapping[str, Any], first: int = 1) -> tuple[str, list[Control]]:
    """The message as text lines and its controls, numbered from `first`."""
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
    return "\n".join(BAR + line if line else BAR.rstrip() for line in lines), controls


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
