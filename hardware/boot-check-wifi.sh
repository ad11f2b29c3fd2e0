# hardware/boot-check.sh's Wi-Fi step, in the emulated machine: the hub opens its own network,
# a phone joins it and loads the page by the hub's .local name.
# shellcheck shell=bash  # sourced by hardware/boot-check-guest.sh (its step, now, since, quote)
#
# Two simulated radios (mac80211_hwsim, the machine's own kernel; they share one medium): the
# first stays with NetworkManager, the second goes into the network namespace "phone", where
# nothing of the hub's is: no NetworkManager, no Avahi, no route to it but the air. The hub,
# restarted with a game to resume, knows no network around it and has no cable, so it opens
# its own by itself ([wifi] own_network). The phone then does what a phone does: reads the
# Wi-Fi code the Phones panel shows (WIFI:T:WPA;S:...;P:...;;), joins with its passphrase
# (wpa_supplicant), takes an address from the hub (NetworkManager's DHCP, busybox udhcpc),
# asks for <host>.local by multicast DNS (the hub's Avahi answers) and loads the game's page
# from port 80 by that name (hardware/wifi_station.py).

PHONE_NS=phone
OWN_CONNECTION=chickenfoot-hub-wifi
OWN_WAIT=600   # the hub's first check is 45 s after its start, then nmcli under emulation
JOIN_WAIT=180
STATION=(python3 "$CHECKOUT/hardware/wifi_station.py")
SHOWN=(/opt/chickenfoot-hub/venv/bin/python /opt/chickenfoot-hub/src/hardware/wifi_station.py)

# Seconds until "$@" succeeds (checked each second), or nothing after $1 seconds.
wait_for() {
    local limit=$1 started=$SECONDS
    shift
    while [ $((SECONDS - started)) -lt "$limit" ]; do
        if "$@" >/dev/null 2>&1; then
            echo $((SECONDS - started))
            return 0
        fi
        sleep 1
    done
    return 1
}
two_radios() { [ "$(find /sys/class/ieee80211 -mindepth 1 -maxdepth 1 | wc -l)" -ge 2 ]; }
own_network_up() { nmcli -t -f NAME connection show --active | grep -qx "$OWN_CONNECTION"; }
phone_joined() { ip netns exec "$PHONE_NS" iw dev "$1" link | grep -q '^Connected to'; }
# A failed step says why, and leaves the hub running for the poweroff step.
wifi_fail() {
    step wifi FAIL "$1" "$2"
    [ -z "${3:-}" ] || quote "$3" 20
    systemctl is-active --quiet "$UNIT" || systemctl start "$UNIT"
}

wifi_step() {
    local t game_dir radios phy phone_if code token address page opened joined dhcp ip resolved
    t=$(now)
    # A game to resume, so the page has an address (its token is in the journal at start).
    systemctl stop "$UNIT"
    # Where the hub's own user can read it (the installed hubd runs as that user, not root).
    game_dir=$(mktemp -d /tmp/wifi-game.XXXXXX)
    chmod 755 "$game_dir"
    printf '%s\n' '{"type": "new_game", "players": ["Ana", "Ben"], "rules": {"preset": "classic"}}' \
        '{"type": "start_round", "opener": "Ana"}' >"$game_dir/game.jsonl"
    chmod 644 "$game_dir/game.jsonl"
    /usr/local/bin/hubd import "$game_dir/game.jsonl" >/root/wifi.log 2>&1 \
        || { rm -rf "$game_dir"; wifi_fail "$t" "hubd import:" /root/wifi.log; return; }
    rm -rf "$game_dir"
    modprobe mac80211_hwsim radios=2 >>/root/wifi.log 2>&1 \
        || { wifi_fail "$t" "no mac80211_hwsim in this kernel:" /root/wifi.log; return; }
    wait_for 30 two_radios >/dev/null || { wifi_fail "$t" "mac80211_hwsim made no two radios"; return; }
    radios=$(find /sys/class/ieee80211 -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V)
    phy=$(tail -n 1 <<<"$radios")
    ip netns add "$PHONE_NS"
    iw phy "$phy" set netns name "$PHONE_NS" >>/root/wifi.log 2>&1 \
        || { wifi_fail "$t" "the second radio ($phy) could not move to the phone's namespace:" /root/wifi.log; return; }
    phone_if=$(ip -n "$PHONE_NS" -o link show | awk -F': ' '$2 != "lo" { print $2; exit }')
    ip -n "$PHONE_NS" link set lo up
    ip -n "$PHONE_NS" link set "$phone_if" up
    systemctl start "$UNIT" || { wifi_fail "$t" "the hub did not start again"; return; }
    # The hub, on its own: no cable, no known network around it.
    opened=$(wait_for "$OWN_WAIT" own_network_up) || {
        journalctl -u "$UNIT" -b -q --no-pager | grep 'wifi' >>/root/wifi.log
        wifi_fail "$t" "the hub opened no network of its own in $OWN_WAIT s:" /root/wifi.log
        return
    }
    code=$("${SHOWN[@]}" shown-code /etc/chickenfoot-hub/hubd.toml 2>>/root/wifi.log) \
        || { wifi_fail "$t" "no Wi-Fi code:" /root/wifi.log; return; }
    # The phone: the code, as a camera reads it, and nothing else of the hub's.
    "${STATION[@]}" wpa-conf "$code" /root/phone-wpa.conf >>/root/wifi.log 2>&1 \
        || { wifi_fail "$t" "the Wi-Fi code could not be read:" /root/wifi.log; return; }
    ip netns exec "$PHONE_NS" wpa_supplicant -B -i "$phone_if" -c /root/phone-wpa.conf \
        -P /run/phone-wpa.pid -f /root/phone-wpa.log
    joined=$(wait_for "$JOIN_WAIT" phone_joined "$phone_if") \
        || { wifi_fail "$t" "the phone did not join '$code':" /root/phone-wpa.log; return; }
    # udhcpc's script: the address it was given, on the phone's radio.
    cat >/root/phone-dhcp.sh <<'EOF'
#!/bin/sh
case $1 in bound | renew) ip addr replace "$ip/$mask" dev "$interface" ;; esac
EOF
    chmod 0755 /root/phone-dhcp.sh
    dhcp=$(now)
    ip netns exec "$PHONE_NS" busybox udhcpc -i "$phone_if" -n -q -t 20 -s /root/phone-dhcp.sh \
        >>/root/wifi.log 2>&1 || { wifi_fail "$t" "no address from the hub's DHCP:" /root/wifi.log; return; }
    dhcp=$(since "$dhcp")
    ip=$(ip -n "$PHONE_NS" -4 -o addr show dev "$phone_if" | awk '{ split($4, a, "/"); print a[1]; exit }')
    resolved=$(now)
    address=$(ip netns exec "$PHONE_NS" "${STATION[@]}" resolve "$(hostname).local" "$ip" 30 2>>/root/wifi.log) \
        || { wifi_fail "$t" "$(hostname).local not resolved from the phone:" /root/wifi.log; return; }
    resolved=$(since "$resolved")
    token=$(journalctl -u "$UNIT" -b -q --no-pager -o cat | grep -o '/t/[0-9a-f]\{20\}' | tail -n 1)
    page=$(ip netns exec "$PHONE_NS" "${STATION[@]}" fetch "$(hostname).local" "$address" "$token" 2>&1) \
        || { wifi_fail "$t" "the page by name: $page"; return; }
    step wifi ok "$t" "own network up ${opened} s after READY; the phone joined with the code's passphrase in ${joined} s, DHCP $ip in ${dhcp} s; $(hostname).local -> $address by mDNS in ${resolved} s; http://$(hostname).local$token: $page"
    kill "$(cat /run/phone-wpa.pid)" 2>/dev/null || true
}
