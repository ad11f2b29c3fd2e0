# The hub's Wi-Fi and its .local name: what install.sh adds for them, and uninstall.sh removes.
# shellcheck shell=bash  # sourced by hardware/install.sh and hardware/uninstall.sh, not run
#
# NetworkManager (Raspberry Pi OS Bookworm and Trixie) lets only a desktop's user change the
# Wi-Fi; the hub's system user needs a polkit rule to scan, join a network and open its own
# (Menu -> Phones -> Wi-Fi; hubd/devices/network.py). Avahi already answers for
# <host name>.local; the service file adds the page itself to the network's list of services
# (a phone's or laptop's browser finds "Chicken Foot Hub"). Each file is written only where
# its program is installed, and both are the hub's own: uninstall removes exactly them.

readonly POLKIT_RULE=/etc/polkit-1/rules.d/50-chickenfoot-hub-network.rules
readonly AVAHI_SERVICE=/etc/avahi/services/chickenfoot-hub.service

install_network() {
    if [ -d "$(target /etc/NetworkManager)" ] && [ -d "$(target /etc/polkit-1)" ]; then
        keep_copy "$(target "$POLKIT_RULE")"
        say "+ write $POLKIT_RULE (the hub's user may manage the Wi-Fi)"
        if [ "$DRY_RUN" -eq 0 ]; then
            mkdir -p "$(dirname "$(target "$POLKIT_RULE")")"
            polkit_rule >"$(target "$POLKIT_RULE")"
            chmod 0644 "$(target "$POLKIT_RULE")"
        fi
    else
        say "Wi-Fi: no NetworkManager here: the hub leaves the network as it is"
    fi
    if [ -d "$(target /etc/avahi)" ]; then
        keep_copy "$(target "$AVAHI_SERVICE")"
        say "+ write $AVAHI_SERVICE (the page, port $(web_port), by the host's .local name)"
        if [ "$DRY_RUN" -eq 0 ]; then
            mkdir -p "$(dirname "$(target "$AVAHI_SERVICE")")"
            avahi_service "$(web_port)" >"$(target "$AVAHI_SERVICE")"
            chmod 0644 "$(target "$AVAHI_SERVICE")"
        fi
    else
        say "Avahi is not installed: the page has no .local name (sudo apt-get install avahi-daemon)"
    fi
}

remove_network() {
    run rm -f "$(target "$POLKIT_RULE")" "$(target "$AVAHI_SERVICE")"
}

# The port the page is announced on, from the installed config: its plain port (80: the
# address needs no port), or its own port where the plain one is off (0); 80 when the config
# cannot be read.
web_port() {
    local port
    port=$(PYTHONPATH=$(target "${RELEASE:-$CURRENT_LINK}/src") "${PYTHON:-python3}" -B -c '
import sys
from pathlib import Path
from hubd.config.loading import load_config
web = load_config(Path(sys.argv[1])).web
print(web.plain_port or web.port)' "$(target "$CONFIG_FILE")" 2>/dev/null) || port=80
    printf '%s' "${port:-80}"
}

polkit_rule() {
    cat <<EOF
// Written by hardware/install.sh; uninstall.sh removes it. The hub's user ($APP_USER) may
// scan for Wi-Fi networks, join one and open the hub's own (NetworkManager), nothing else.
polkit.addRule(function (action, subject) {
    var allowed = [
        "org.freedesktop.NetworkManager.network-control",
        "org.freedesktop.NetworkManager.wifi.scan",
        "org.freedesktop.NetworkManager.wifi.share.protected",
        "org.freedesktop.NetworkManager.wifi.share.open",
        "org.freedesktop.NetworkManager.settings.modify.system",
        "org.freedesktop.NetworkManager.enable-disable-wifi"
    ];
    if (subject.user == "$APP_USER" && allowed.indexOf(action.id) >= 0) {
        return polkit.Result.YES;
    }
});
EOF
}

avahi_service() {
    cat <<EOF
<?xml version="1.0" standalone='no'?>
<!DOCTYPE service-group SYSTEM "avahi-service.dtd">
<!-- Written by hardware/install.sh; uninstall.sh removes it. -->
<service-group>
  <name replace-wildcards="yes">Chicken Foot Hub on %h</name>
  <service>
    <type>_http._tcp</type>
    <port>$1</port>
  </service>
</service-group>
EOF
}
