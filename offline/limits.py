"""Discord's limits on what a bot may send, checked the way Discord checks them, for the stand-in.

The numbers come from Discord's OpenAPI spec (github.com/discord/discord-api-spec, specs/openapi.json:
`IncomingWebhookInteractionRequest`, `RichEmbed*`, `ActionRowComponentForMessageRequest`,
`ButtonComponentForMessageRequest`, `StringSelect*ForRequest`, `ApplicationCommandOptionStringChoice`,
`ModalInteractionCallbackRequestData`, `LabelComponentForModalRequest`, `TextInputComponentForModalRequest`)
and, where the spec has no number, from Discord's documentation (the 6,000-character total across a
message's embeds, five action rows without the components-v2 flag, a choice value up to 100 characters).
They are written out here, not imported from the bot, on purpose: a test oracle that shared the bot's
constants would share its mistakes.

`message_errors(body)` returns Discord's nested error tree (`{"embeds": {"0": {"title": {"_errors": [...]}}}}`),
empty when the body is valid; the stand-in wraps a non-empty tree in a 400 with code 50035. `is_empty(message)`
says whether a message would show nothing (Discord refuses to post one: 50006). Follow-ups on one interaction
are limited to FOLLOWUP_RATE per FOLLOWUP_PER seconds (measured by library authors, discord-api-docs#2701);
past that Discord answers 429 with the time to wait.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

# Codes of Discord's JSON error responses.
INVALID_FORM_BODY = 50035
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
INVALID_WEBHOOK_TOKEN = 50027
UNKNOWN_WEBHOOK = 10015
UNKNOWN_MESSAGE = 10008
ENTITY_TOO_LARGE = 40005
EMPTY_MESSAGE = 50006

# Time limits of an interaction (seconds after it was created).
INITIAL_RESPONSE_WINDOW = 3.0
TOKEN_LIFETIME = 15 * 60.0
FOLLOWUP_RATE, FOLLOWUP_PER = 5, 2.0

CONTENT = 2000
EMBEDS = 10
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBED_TOTAL = 6000  # title + description + field names and values + footer text + author name, all embeds
ACTION_ROWS = 5
ROW_WIDTH = 5  # buttons in a row; a select fills a row alone
CUSTOM_ID = 100
BUTTON_LABEL = 80
SELECT_PLACEHOLDER = 150
SELECT_OPTIONS = 25
OPTION_TEXT = 100  # an option's label, value and description
CHOICES = 25
CHOICE_TEXT = 100  # an autocomplete choice's name, and its value when a string
ATTACHMENTS = 10
COMPONENTS_V2 = 1 << 15
V2_COMPONENTS = 40  # every component of a components-v2 message, nested ones included

MODAL_TITLE = 45
MODAL_COMPONENTS = 5
LABEL_TEXT = 45
LABEL_DESCRIPTION = 100
TEXT_INPUT_LENGTH = 4000  # a text input's min_length, max_length and value
TEXT_INPUT_PLACEHOLDER = 100

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
SELECTS = {3, 5, 6, 7, 8}
BUTTON_STYLES = {1, 2, 3, 4, 5, 6}
LINK_STYLE, PREMIUM_STYLE = 5, 6
# Layout components a components-v2 message may hold (section, text display, thumbnail, media gallery, file,
# separator, container) besides action rows.
V2_LAYOUT = {9, 10, 11, 12, 13, 14, 17}

Errors = dict[str, Any]


def error(code: str, message: str) -> Errors:
    return {"_errors": [{"code": code, "message": message}]}


def too_long(limit: int) -> Errors:
    return error("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


REQUIRED = error("BASE_TYPE_REQUIRED", "This field is required")


def _text(value: Any, limit: int, *, required: bool = False) -> Errors | None:
    """A string field: missing/None is fine unless required; too long or empty-but-required is not."""
    if value is None:
        return REQUIRED if required else None
    if not isinstance(value, str):
        return error("STRING_TYPE_CONVERT", "Could not interpret value as string.")
    if required and not value:
        return error("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {limit} in length.")
    return too_long(limit) if len(value) > limit else None


def _put(tree: Errors, path: tuple[str, ...], errors: Errors | None) -> None:
    if errors is None:
        return
    node = tree
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = errors


def message_errors(body: Mapping[str, Any]) -> Errors:
    """Everything Discord would refuse in a message body (create or edit); {} when it is valid."""
    tree: Errors = {}
    _put(tree, ("content",), _text(body.get("content"), CONTENT))
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        _put(tree, ("embeds",), too_long(EMBEDS))
    total = 0
    for index, embed in enumerate(embeds):
        total += _embed_errors(tree, ("embeds", str(index)), embed)
    if total > EMBED_TOTAL and "embeds" not in tree:
        _put(tree, ("embeds",), error("MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBED_TOTAL}"))
    if int(body.get("flags") or 0) & COMPONENTS_V2:
        _components_v2_errors(tree, body)
    else:
        _components_errors(tree, body.get("components") or [])
    if len(body.get("attachments") or []) > ATTACHMENTS:
        _put(tree, ("attachments",), too_long(ATTACHMENTS))
    return tree


def _embed_errors(tree: Errors, at: tuple[str, ...], embed: Mapping[str, Any]) -> int:
    """Record the embed's errors under `at`; return its size towards the 6,000-character total."""
    size = 0
    for key, limit in (("title", EMBED_TITLE), ("description", EMBED_DESCRIPTION)):
        _put(tree, (*at, key), _text(embed.get(key), limit))
        size += len(embed.get(key) or "")
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS:
        _put(tree, (*at, "fields"), too_long(EMBED_FIELDS))
    for index, field in enumerate(fields):
        _put(tree, (*at, "fields", str(index), "name"), _text(field.get("name"), FIELD_NAME, required=True))
        _put(tree, (*at, "fields", str(index), "value"), _text(field.get("value"), FIELD_VALUE, required=True))
        size += len(field.get("name") or "") + len(field.get("value") or "")
    for part, key, limit in (("footer", "text", FOOTER_TEXT), ("author", "name", AUTHOR_NAME)):
        value = (embed.get(part) or {}).get(key)
        _put(tree, (*at, part, key), _text(value, limit))  # the spec lets both be empty or null
        size += len(value or "")
    return size


def is_empty(message: Mapping[str, Any], files: int = 0) -> bool:
    """Nothing to show: no content but spaces, no embed with anything in it, no component, no file, no sticker,
    no poll. Discord refuses to post such a message, or to leave one so after an edit (50006)."""
    shows = (
        str(message.get("content") or "").strip()
        or any(_has_something(embed) for embed in message.get("embeds") or [])
        or message.get("components")
        or files
        or message.get("attachments")
        or message.get("sticker_ids")
        or message.get("poll")
    )
    return not shows


def _has_something(embed: Mapping[str, Any]) -> bool:
    return any(value for key, value in embed.items() if key not in ("type", "color", "colour"))


def _components_v2_errors(tree: Errors, body: Mapping[str, Any]) -> None:
    """With the components-v2 flag the components are the whole message: no content, no embeds, at most
    V2_COMPONENTS in all; action rows inside it obey the usual rules."""
    for field in ("content", "embeds"):
        if body.get(field):
            legacy = error("MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", f"{field} is not allowed")
            _put(tree, (field,), legacy)
    components = body.get("components") or []
    if _count(components) > V2_COMPONENTS:
        _put(tree, ("components",), too_long(V2_COMPONENTS))
    seen: set[str] = set()
    for index, component in enumerate(components):
        at = ("components", str(index))
        kind = component.get("type")
        if kind == ACTION_ROW:
            for item_index, item in enumerate(component.get("components") or []):
                _item_errors(tree, (*at, "components", str(item_index)), item, seen)
        elif kind not in V2_LAYOUT:
            _put(tree, (*at, "type"), error("UNION_TYPE_CHOICES", f"Component type {kind!r} is not allowed here."))


def _count(components: list[Mapping[str, Any]]) -> int:
    return sum(1 + _count(c.get("components") or []) + (1 if "accessory" in c else 0) for c in components)


def _components_errors(tree: Errors, rows: list[Mapping[str, Any]]) -> None:
    if len(rows) > ACTION_ROWS:
        _put(tree, ("components",), too_long(ACTION_ROWS))
    seen: set[str] = set()
    for row_index, row in enumerate(rows):
        at = ("components", str(row_index))
        if row.get("type") != ACTION_ROW:
            _put(tree, (*at, "type"), error("UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1,).'))
            continue
        items = row.get("components") or []
        width = sum(ROW_WIDTH if item.get("type") in SELECTS else 1 for item in items)
        if not items or width > ROW_WIDTH:
            _put(
                tree,
                (*at, "components"),
                error("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {ROW_WIDTH} in length."),
            )
        for item_index, item in enumerate(items):
            _item_errors(tree, (*at, "components", str(item_index)), item, seen)


def _custom_id_errors(tree: Errors, at: tuple[str, ...], item: Mapping[str, Any], seen: set[str]) -> None:
    """A custom id is required, within its length, and unique across the whole message or form."""
    custom_id = item.get("custom_id")
    _put(tree, (*at, "custom_id"), _text(custom_id, CUSTOM_ID, required=True))
    if isinstance(custom_id, str) and custom_id in seen:
        _put(
            tree,
            (*at, "custom_id"),
            error("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated"),
        )
    seen.add(str(custom_id))


def _item_errors(tree: Errors, at: tuple[str, ...], item: Mapping[str, Any], seen: set[str]) -> None:
    kind = item.get("type")
    linked = kind == BUTTON and item.get("style") in (LINK_STYLE, PREMIUM_STYLE)
    if kind == BUTTON:
        _button_kind_errors(tree, at, item)
    if not linked:
        _custom_id_errors(tree, at, item, seen)
    if kind == BUTTON:
        _put(tree, (*at, "label"), _text(item.get("label"), BUTTON_LABEL))
        if not item.get("label") and not item.get("emoji") and item.get("style") != PREMIUM_STYLE:
            _put(
                tree,
                (*at, "label"),
                error("BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required"),
            )
    elif kind == STRING_SELECT:
        _options_errors(tree, at, item)
    elif kind not in SELECTS:
        _put(
            tree,
            (*at, "type"),
            error("UNION_TYPE_CHOICES", f"Component type {kind!r} is not allowed in an action row."),
        )


def _button_kind_errors(tree: Errors, at: tuple[str, ...], item: Mapping[str, Any]) -> None:
    """A button's style is one of Discord's six; a link button has a url and no custom_id, any other has no url;
    a premium button names its SKU."""
    style = item.get("style")
    if style not in BUTTON_STYLES:
        _put(tree, (*at, "style"), error("BASE_TYPE_CHOICES", f"Value must be one of {sorted(BUTTON_STYLES)}."))
    elif style == LINK_STYLE:
        _put(tree, (*at, "url"), _text(item.get("url"), 512, required=True))
        if item.get("custom_id"):
            _put(tree, (*at, "custom_id"), error("BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A link has no custom_id"))
    elif style == PREMIUM_STYLE:
        _put(tree, (*at, "sku_id"), _text(item.get("sku_id"), 20, required=True))
    elif item.get("url"):
        _put(tree, (*at, "url"), error("BUTTON_COMPONENT_URL_NOT_ALLOWED", "Only a link button has a url"))


def _options_errors(tree: Errors, at: tuple[str, ...], item: Mapping[str, Any]) -> None:
    """A string select's placeholder, options and how many values it takes (in a message or in a modal)."""
    _put(tree, (*at, "placeholder"), _text(item.get("placeholder"), SELECT_PLACEHOLDER))
    options = item.get("options") or []
    if not 1 <= len(options) <= SELECT_OPTIONS:
        _put(
            tree,
            (*at, "options"),
            error("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {SELECT_OPTIONS} in length."),
        )
    values: set[object] = set()
    for index, option in enumerate(options):
        where = (*at, "options", str(index))
        _put(tree, (*where, "label"), _text(option.get("label"), OPTION_TEXT, required=True))
        _put(tree, (*where, "value"), _text(option.get("value"), OPTION_TEXT, required=True))
        _put(tree, (*where, "description"), _text(option.get("description"), OPTION_TEXT))
        if option.get("value") in values:
            duplicated = error("SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique")
            _put(tree, (*where, "value"), duplicated)
        values.add(option.get("value"))
    low, high = item.get("min_values", 1), item.get("max_values", 1)
    if not (0 <= low <= high <= min(len(options), SELECT_OPTIONS) and high >= 1):
        _put(
            tree,
            (*at, "max_values"),
            error("BASE_TYPE_MAX", "max_values must be between min_values and the options"),
        )


def modal_errors(data: Mapping[str, Any]) -> Errors:
    """A modal (callback type 9): a custom id, a title of at most 45 characters, one to five top-level
    components, each a label holding a text input or a string select (or, the older way, an action row holding
    one text input); {} when it is valid."""
    tree: Errors = {}
    _put(tree, ("custom_id",), _text(data.get("custom_id"), CUSTOM_ID, required=True))
    _put(tree, ("title",), _text(data.get("title"), MODAL_TITLE, required=True))
    components = data.get("components") or []
    if not 1 <= len(components) <= MODAL_COMPONENTS:
        _put(
            tree, ("components",), error("BASE_TYPE_BAD_LENGTH", f"Must be between 1 and {MODAL_COMPONENTS} in length.")
        )
    seen: set[str] = set()
    for index, component in enumerate(components):
        at: tuple[str, ...] = ("components", str(index))
        where: tuple[str, ...]
        if component.get("type") == LABEL:
            _put(tree, (*at, "label"), _text(component.get("label"), LABEL_TEXT, required=True))
            _put(tree, (*at, "description"), _text(component.get("description"), LABEL_DESCRIPTION))
            inner = [component.get("component") or {}]
            where = (*at, "component")
        elif component.get("type") == ACTION_ROW:
            inner = component.get("components") or []
            where = (*at, "components", "0")
            if len(inner) != 1 or inner[0].get("type") != TEXT_INPUT:
                _put(tree, (*at, "components"), error("BASE_TYPE_BAD_LENGTH", "Must hold exactly one text input."))
                continue
            _put(tree, (*where, "label"), _text(inner[0].get("label"), LABEL_TEXT, required=True))
        else:
            _put(tree, (*at, "type"), error("UNION_TYPE_CHOICES", 'Value of field "type" must be one of (1, 18).'))
            continue
        _modal_input_errors(tree, where, inner[0], seen)
    return tree


def _modal_input_errors(tree: Errors, at: tuple[str, ...], item: Mapping[str, Any], seen: set[str]) -> None:
    _custom_id_errors(tree, at, item, seen)
    if item.get("type") == STRING_SELECT:
        _options_errors(tree, at, item)
    elif item.get("type") == TEXT_INPUT:
        if item.get("style") not in (1, 2):
            _put(tree, (*at, "style"), error("BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))
        low, high = item.get("min_length", 0), item.get("max_length", TEXT_INPUT_LENGTH)
        if not 0 <= low <= high <= TEXT_INPUT_LENGTH or high < 1:
            _put(tree, (*at, "max_length"), error("BASE_TYPE_MAX", f"Must be between 1 and {TEXT_INPUT_LENGTH}."))
        _put(tree, (*at, "value"), _text(item.get("value"), TEXT_INPUT_LENGTH))
        _put(tree, (*at, "placeholder"), _text(item.get("placeholder"), TEXT_INPUT_PLACEHOLDER))
    else:
        _put(tree, (*at, "type"), error("UNION_TYPE_CHOICES", "A modal holds text inputs and string selects here."))


def choices_errors(data: Mapping[str, Any]) -> Errors:
    """An autocomplete answer: at most 25 choices, each named 1–100 characters, a string value ≤ 100."""
    tree: Errors = {}
    choices = data.get("choices") or []
    if len(choices) > CHOICES:
        _put(tree, ("choices",), too_long(CHOICES))
    for index, choice in enumerate(choices):
        _put(tree, ("choices", str(index), "name"), _text(choice.get("name"), CHOICE_TEXT, required=True))
        if isinstance(choice.get("value"), str):
            _put(tree, ("choices", str(index), "value"), _text(choice["value"], CHOICE_TEXT))
    return tree


def flatten(tree: Errors, prefix: str = "") -> Iterator[str]:
    """`embeds.0.title: Must be 256 or fewer in length.` lines, for failure messages."""
    for key, value in tree.items():
        if key == "_errors":
            yield f"{prefix or '(body)'}: " + " ".join(e["message"] for e in value)
        else:
            yield from flatten(value, f"{prefix}.{key}" if prefix else key)
