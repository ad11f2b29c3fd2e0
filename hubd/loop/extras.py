"""The loop's side of the parts a hub may have (``core.Extras``): what their inputs do.

A phone's request or a seat released, the Wi-Fi's and the camera's reports, the club's news
and the organiser's choices: each goes to its part, then the screens (and the phones' page)
are told. A part the hub does not have ignores what is meant for it.
"""

from __future__ import annotations

from hubd.loop.camera import CameraReport
from hubd.loop.core import HubCore
from hubd.loop.inbox import HubEvent, PhoneRequest
from hubd.loop.wifi import WifiReport
from hubd.values.intents import (
    AnotherSeat,
    ClubChoice,
    Intent,
    LookAtHand,
    ReleaseSeat,
    WifiChoice,
)


class ExtrasHandler:
    """What the phones', the Wi-Fi's, the camera's and the club's inputs do."""

    def __init__(self, core: HubCore) -> None:
        self.core = core

    def hub_event(self, event: HubEvent) -> None:
        """An event another thread posted for one of the parts (the phones' page, the Wi-Fi's
        worker, the camera's, the club's importer and Syncthing link)."""
        core, ui = self.core, self.core.ui
        if isinstance(event, PhoneRequest) and core.phones is not None:
            state = core.game.state if core.game is not None else None
            # With a screen, the hub shows the round's hands with its one tap to score them;
            # with none, the phones' hands are all there is, so the last one scores the round.
            screenless = not core.display.available
            complete = core.phones.handle(
                event, state, core.game_id, core.submit if screenless else None
            )
            ui.state_changed(core.context())
            if complete and not screenless:
                ui.show_screen("round_end")
            core.publish()
            core.dirty = True
        elif isinstance(event, WifiReport) and core.wifi is not None:
            core.wifi.handle(event, core.clock.now())
            self.network_changed()
        elif isinstance(event, CameraReport) and core.camera is not None:
            core.camera.handle(event)  # the round-end screen shows what it read or asks
            ui.state_changed(core.context())
        elif core.club is not None and core.club.handle(event):
            ui.state_changed(core.context())  # another table's game, Syncthing's news
            core.dirty = True

    def intent(self, intent: Intent) -> None:
        """A screen's intent for one of the parts (the club's, the Wi-Fi's, the camera's, a
        phone's seat)."""
        core, ui = self.core, self.core.ui
        if isinstance(intent, ClubChoice) and core.club is not None:
            core.club.choose(intent)
            ui.state_changed(core.context())
        elif isinstance(intent, WifiChoice) and core.wifi is not None:
            core.wifi.ask(intent.action, intent.ssid, intent.passphrase)
            ui.state_changed(core.context())
        elif isinstance(intent, LookAtHand) and core.camera is not None:
            state = core.game.state if core.game is not None else None
            counted = core.phones.hand_tiles if core.phones is not None else {}
            core.camera.look(state, intent.player, counted)  # on its worker: never waits
            ui.state_changed(core.context())
        elif isinstance(intent, ReleaseSeat | AnotherSeat) and core.phones is not None:
            if isinstance(intent, ReleaseSeat):
                core.phones.release(intent.player)
            else:
                core.phones.give_another(intent.player)
            ui.state_changed(core.context())
            core.publish()

    def network_changed(self) -> None:
        """The Phones panel shows the Wi-Fi as it is now; the page's code follows the hub's
        address (its own network gives it another)."""
        core = self.core
        assert core.wifi is not None
        address = core.wifi.view().status.address
        if core.phones is not None and address and core.phones.moved(address):
            core.publish()
        core.ui.state_changed(core.context())
