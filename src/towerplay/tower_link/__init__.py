"""The real Tower: its Bluetooth messages (packets), a link that talks to one (link, over
bleak in ble or to the fake Tower in fake), and what it does when the game moves (show).
docs/tower-ble.md. It knows no game's internals: `show` reads the public view."""
