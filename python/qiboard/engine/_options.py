"""An engine's options: what its ``option`` lines declare, and checking a
value against them before it is sent.

UCI writes ``option name Clear Hash type button``; UCCI writes the name
without the keyword (``option usemillisec type check default false``). Both
are read by one parser: keywords ``name type default min max var``, a
value running to the next keyword. Spin bounds that do not read as
integers are dropped (the engine then checks the value itself).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterator, List, Mapping, Optional, Tuple, Union

from ._errors import EngineArgumentError

#: What a caller may give as an option's value.
OptionValue = Union[str, int, bool, None]

_KEYWORDS = ("name", "type", "default", "min", "max", "var")


@dataclass(frozen=True)
class Option:
    """One option as the engine declares it: its ``name``, ``type``
    (``check``, ``spin``, ``combo``, ``button``, ``string`` or whatever the
    engine says), ``default`` (a bool for check, an int for spin, else
    text), the bounds ``min`` and ``max`` of a spin, and ``var``, the
    choices of a combo."""

    name: str
    type: str
    default: OptionValue
    min: Optional[int]
    max: Optional[int]
    var: Tuple[str, ...]

    def text(self, value: OptionValue) -> Optional[str]:
        """``value`` as the text to send (None: a button, sent without
        one); EngineArgumentError if the option does not take it."""
        if self.type == "button":
            if value is not None:
                raise self._refuse(value, "a button takes no value (give None)")
            return None
        if value is None:
            raise self._refuse(value, "give a value")
        if self.type == "check":
            if isinstance(value, bool):
                return "true" if value else "false"
            if isinstance(value, str) and value.lower() in ("true", "false"):
                return value.lower()
            raise self._refuse(value, "a check takes True or False")
        if self.type == "spin":
            number = _integer(value)
            if number is None:
                raise self._refuse(value, "a spin takes an integer")
            if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
                raise self._refuse(value, f"outside {self.min}..{self.max}")
            return str(number)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        if "\n" in text or "\r" in text:
            raise self._refuse(value, "no line breaks")
        if self.type == "combo":
            for choice in self.var:
                if choice.lower() == text.lower():
                    return choice
            raise self._refuse(value, f"choose one of {', '.join(self.var)}")
        return text

    def _refuse(self, value: OptionValue, why: str) -> EngineArgumentError:
        return EngineArgumentError(f"options[{self.name!r}] = {value!r}: {why}")


def _integer(value: OptionValue) -> Optional[int]:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value))
    except ValueError:
        return None


def parse_option(tokens: List[str]) -> Optional[Option]:
    """The option an ``option`` line declares (``tokens`` without the
    leading ``option``); None when it names no option or no type."""
    # A UCCI line starts with the name itself: read it as if `name` came first.
    if tokens and tokens[0] != "name":
        tokens = ["name"] + tokens
    fields: Dict[str, List[str]] = {}
    choices: List[List[str]] = []
    current: Optional[List[str]] = None
    for token in tokens:
        if token in _KEYWORDS:
            current = []
            if token == "var":
                choices.append(current)
            else:
                fields[token] = current
        elif current is not None:
            current.append(token)
    name = " ".join(fields.get("name", []))
    kind = " ".join(fields.get("type", [])).lower()
    if not name or not kind:
        return None
    default_text = " ".join(fields["default"]) if "default" in fields else None
    default: OptionValue = default_text
    if kind == "check" and default_text is not None:
        default = default_text.lower() == "true"
    elif kind == "spin" and default_text is not None:
        default = _integer(default_text)
    elif kind == "string" and default_text == "<empty>":
        default = ""
    bounds = [_integer(" ".join(fields[key])) if key in fields else None for key in ("min", "max")]
    return Option(name, kind, default, bounds[0], bounds[1], tuple(" ".join(choice) for choice in choices if choice))


class Options(Mapping[str, Option]):
    """The engine's options by name, looked up without regard to case (as
    engines match them)."""

    def __init__(self, options: Mapping[str, Option]) -> None:
        self._by_key = {name.lower(): option for name, option in options.items()}

    def __getitem__(self, name: str) -> Option:
        return self._by_key[name.lower()]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name.lower() in self._by_key

    def __iter__(self) -> Iterator[str]:
        return (option.name for option in self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def __repr__(self) -> str:
        return f"Options({sorted(self)!r})"
