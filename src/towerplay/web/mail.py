"""Your move, by mail: a seat that has left the page is told when the game waits on it.

A person may give their seat an address (`POST /api/tables/{id}/mail`); when the server is
started with an SMTP server (`towerplay serve --smtp HOST:PORT --mail-from ADDRESS`), an
action that hands the game to that seat — another seat acted, and now this one is to act —
sends it one mail, unless one of its pages is open on this server. At most one mail a turn:
the change of seat is found in the commit that made it, which the store makes once. The mail
says only what every seat may read (the table's name, the game) and the seat's own question;
never another seat's secrets, never the seat's link (its token is not kept). A mail that
cannot be sent is logged and dropped: the game never waits on the mail server.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parseaddr
from typing import Any

from towerplay import games
from towerplay.core.narration import N_
from towerplay.core.protocol import Game
from towerplay.i18n import LANGUAGES, catalog
from towerplay.store import Record
from towerplay.web.errors import TableError
from towerplay.web.views import asked

log = logging.getLogger(__name__)

MAX_ADDRESS = 254  # the longest address SMTP carries (RFC 5321's path, less its brackets)
SUBJECT = N_("Your move: {table}")
BODY = N_("It is your move at the table {table} ({game}).\n\n{prompt}\n")
OPEN = N_("Open it from your seat's link, or from the lobby: {url}")
OPEN_LINK = N_("Open it from your seat's link.")


@dataclass(frozen=True)
class MailSettings:
    """Where mail goes out: an SMTP server (no login: a local relay), the sender, and the
    server's public address for the lobby link (empty: none given)."""

    host: str
    port: int
    sender: str
    site: str = ""
    timeout: float = 10.0


def check_address(address: Any) -> str:
    """A seat's address as given, or "" to stop the mails; TableError when it is not one
    plain address (no name, no second address, no line break, at most 254 characters)."""
    if not isinstance(address, str):
        raise TableError("address: expected a mail address, or an empty text to stop the mails")
    address = address.strip()
    if not address:
        return ""
    name, found = parseaddr(address)
    local, at, domain = found.rpartition("@")
    if (
        len(address) > MAX_ADDRESS
        or found != address
        or name
        or not (local and at and "." in domain)
        or any(c.isspace() or c in "<>,;\"'" for c in address)
    ):
        raise TableError(f"address: not one mail address (at most {MAX_ADDRESS} characters)")
    return address


def valid_mail(value: Any) -> bool:
    """Whether a stored seat's `mail` is none or an address and a language (checked when a
    table is read: a damaged one is refused, not sent to)."""
    return value is None or (
        isinstance(value, dict)
        and set(value) == {"to", "lang"}
        and isinstance(value["to"], str)
        and value["lang"] in LANGUAGES
    )


def with_address(seats: list[dict[str, Any]], seat: int, address: str, lang: str) -> list[Any]:
    """The seats with `seat`'s address set (or removed when ""), and the language its mails
    are written in."""
    if lang not in LANGUAGES:
        raise TableError(f"lang: one of {', '.join(LANGUAGES)}")
    if seats[seat]["who"] != "human":
        raise TableError("the AI plays this seat: take it back first")
    changed = [dict(s) for s in seats]
    if address:
        changed[seat]["mail"] = {"to": address, "lang": lang}
    else:
        changed[seat].pop("mail", None)
    return changed


def turn_mail(settings: MailSettings, rec: Record, game: Game, seat: int) -> EmailMessage | None:
    """The mail for `seat`, now to act at `rec`'s table: None when it has no address, is
    not a person's or the AI plays it while its person is away."""
    info = rec.document["seats"][seat]
    mail = info.get("mail")
    if info.get("who") != "human" or info.get("away") or not mail:
        return None
    say = catalog(mail.get("lang", "en"))
    title = games.get(rec.document["game"]).title
    table = rec.name
    question = asked(game)  # the seat's own question, in its language where it has words
    prompt = say.event(question) if question is not None else game.prompt
    body = say.format(BODY, table=table, game=say.gettext(title), prompt=prompt)
    body += say.format(OPEN, url=settings.site) if settings.site else say.gettext(OPEN_LINK)
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = mail["to"]
    message["Subject"] = say.format(SUBJECT, table=table)
    message.set_content(body + "\n")
    return message


class Mailer:
    """Sends the turn mails one at a time on a thread of its own (a slow mail server never
    holds an action up); `present(table, seat)` says whether a page of that seat is open
    here (then no mail)."""

    def __init__(self, settings: MailSettings, present: Callable[[str, int], bool]) -> None:
        self.settings = settings
        self.present = present
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail")
        self.sent = 0
        self.failed = 0

    def turn(self, rec: Record, game: Game, seat: int) -> None:
        """The game at `rec` now waits on `seat`, after another seat acted."""
        if self.present(rec.id, seat):
            return
        message = turn_mail(self.settings, rec, game, seat)
        if message is not None:
            self._pool.submit(self._send, message)

    def _send(self, message: EmailMessage) -> None:
        s = self.settings
        try:
            with smtplib.SMTP(s.host, s.port, timeout=s.timeout) as smtp:
                smtp.send_message(message)
            self.sent += 1
        except (OSError, smtplib.SMTPException) as e:
            self.failed += 1
            log.warning("a turn mail to %s was not sent: %s", message["To"], e)

    def close(self) -> None:
        """Send what is queued, then stop."""
        self._pool.shutdown(wait=True)
