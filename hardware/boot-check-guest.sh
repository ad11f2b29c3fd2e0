#!/usr/bin/env bash
# The part of hardware/boot-check.sh that runs inside the emulated machine, as a oneshot
# service after boot. It reports on the virtio console, one line per step:
#   @@ STEP NAME ok|FAIL SECONDS DETAIL
# and asks the host for a screendump with "@@ SCREEN" (and reads the framebuffer itself through
# DRM, for comparison). The Wi-Fi step is in boot-check-wifi.sh. It ends with the 8 s hold, after which the unit powers the machine off
# (the host sees qemu exit).
set -u
CHECKOUT=/root/chicken-foot-hub
WHEELS=/root/wheels
UNIT=hubd.service

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
step() { printf '@@ STEP %s %s %s %s\n' "$1" "$2" "$(since "$3")" "${4:-}"; }
show() { systemctl show -p "$1" --value "$UNIT"; }
quote() { sed 's/^/   | /' "$1" | tail -n "${2:-15}"; }

# systemd-analyze time has no figure yet: the boot is not over while this service runs.
echo "@@ BOOTED $(awk '{ printf "%.0f s after the kernel started", $1 }' /proc/uptime)"

# The GPU here is QEMU's virtio GPU without 3D: Mesa draws in software. Its llvmpipe driver
# compiles code at run time, which the unit's MemoryDenyWriteExecute= forbids (a Pi's v3d
# needs neither); softpipe does not.
# The emulated CPU is many times slower than a Pi's (TCG, on a shared host): the start gets
# 15 minutes instead of systemd's 90 s and the watchdog 60 s instead of 10 (the hub pings it
# every 5 s; an emulated machine starved by its host can miss that), and the stop 30 s instead
# of 5 (a clean stop took 2.9 to 4.5 s emulated, and more than 5 once on a loaded host, when
# systemd sent SIGKILL; the sigterm step still needs status 0 and no SIGKILL, and shows the time).
mkdir -p /etc/systemd/system/$UNIT.d
printf '[Service]\nEnvironment=GALLIUM_DRIVER=softpipe\nTimeoutStartSec=900\nWatchdogSec=60\nTimeoutStopSec=30\n' \
    >/etc/systemd/system/$UNIT.d/boot-check-emulated.conf
READY_WAIT=900

# --- install: the real installer, offline -----------------------------------------------------
t=$(now)
if bash "$CHECKOUT/hardware/install.sh" --no-apt --wheels "$WHEELS" --ready-timeout "$READY_WAIT" \
    >/root/install.log 2>&1; then
    step install ok "$t" "$(grep -o 'reported READY in [0-9]* s' /root/install.log)"
else
    step install FAIL "$t" "exit $?; /root/install.log:"
    quote /root/install.log 30
    echo "   the unit's journal:"
    journalctl -u $UNIT -b -q --no-pager | tail -n 30 | sed 's/^/   | /'
fi

# --- ready: active, and how long systemd waited for READY=1 -----------------------------------
t=$(now)
start=$(show ExecMainStartTimestampMonotonic)
active=$(show ActiveEnterTimestampMonotonic)
if [ "$(show ActiveState)" = active ] && [ "$(show SubState)" = running ]; then
    step ready ok "$t" "start to READY $(awk -v a="$start" -v b="$active" 'BEGIN { printf "%.2f", (b - a) / 1e6 }') s (emulated), $(show NRestarts) restarts, $(( $(show MemoryCurrent) / 1048576 )) MB"
else
    step ready FAIL "$t" "$(show ActiveState)/$(show SubState)"
fi

# --- screen: the daemon drew through kmsdrm; the host compares a screendump ------------------
t=$(now)
sleep 5  # the first frame, drawn in software by an emulated CPU
driver=$(journalctl -u $UNIT -b -q --no-pager | grep -c 'cannot open the screen')
mode=$(head -n 1 /sys/class/drm/card*-Virtual-1/modes 2>/dev/null || echo 1280x800)
screen=(/opt/chickenfoot-hub/venv/bin/python /opt/chickenfoot-hub/src/hardware/boot_screen.py)
if "${screen[@]}" render "${mode%x*}" "${mode#*x}" /etc/chickenfoot-hub/hubd.toml /root/expected.bmp \
    >/root/render.log 2>&1; then
    echo "@@ EXPECTED-BEGIN"
    base64 -w 76 /root/expected.bmp
    echo "@@ EXPECTED-END"
    echo "@@ SCREEN $mode"
    sleep 15  # the host's screendump
    # The same comparison with the framebuffer as this machine holds it, read through DRM: a
    # black screendump of a drawn framebuffer would be QEMU's doing, a black framebuffer the
    # hub's (as SDL's desktop-GL renderer left it here). Told with the kmsdrm step; the
    # screen step is the host's.
    framebuffer=$( { "${screen[@]}" grab /root/framebuffer.ppm \
        && SDL_VIDEODRIVER=dummy "${screen[@]}" compare /root/framebuffer.ppm /root/expected.bmp; } 2>&1 \
        | tail -n 1 | sed 's/^screen: [0-9x]*, /framebuffer read through DRM: /')
    # What the display shows, as the kernel sees it: who holds the GPU (master), which
    # framebuffer is on the plane and who made it.
    mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null || true
    for f in /sys/kernel/debug/dri/0/clients /sys/kernel/debug/dri/0/state; do
        echo "   $f:"
        grep -E 'command|hubd|python|plane|crtc|fb=|allocated by|size=|format=|mode:|active' "$f" \
            2>/dev/null | head -n 24 | sed 's/^/   | /'
    done
    if [ "$driver" -eq 0 ]; then
        step kmsdrm ok "$t" "the screen opened ($mode); SDL_VIDEODRIVER=kmsdrm; $framebuffer"
    else
        step kmsdrm FAIL "$t" "the daemon could not open the screen:"
        journalctl -u $UNIT -b -q --no-pager | grep 'cannot open the screen' | head -n 3
    fi
else
    step kmsdrm FAIL "$t" "the expected screen could not be drawn:"
    quote /root/render.log
fi

# --- journal: no error ------------------------------------------------------------------------
t=$(now)
journalctl -u $UNIT -b -q --no-pager >/root/journal.log
errors=$( (journalctl -u $UNIT -b -q --no-pager -p err; grep -E 'Traceback|ERROR ' /root/journal.log) | wc -l)
if [ "$errors" -eq 0 ]; then
    step journal ok "$t" "$(wc -l </root/journal.log) lines, no error"
else
    step journal FAIL "$t" "$errors error lines:"
    grep -E 'Traceback|ERROR |error' /root/journal.log | head -n 10 | sed 's/^/   | /'
fi

# --- sigterm: a clean stop ---------------------------------------------------------------------
t=$(now)
systemctl stop $UNIT
if [ "$(show Result)" = success ] && [ "$(show ExecMainStatus)" = 0 ]; then
    step sigterm ok "$t" "status 0, result success"
else
    step sigterm FAIL "$t" "result $(show Result), status $(show ExecMainStatus)"
fi
systemctl start $UNIT

# --- rollback: an update that imports but fails at start --------------------------------------
t=$(now)
rm -rf /root/broken
cp -a "$CHECKOUT" /root/broken
# At the end of the module: hubd.cli.run still imports (the installer's gate), the start fails.
echo 'raise SystemExit("broken on purpose by hardware/boot-check.sh")' >>/root/broken/hubd/devices/display.py
before=$(readlink /opt/chickenfoot-hub/current)
if bash /root/broken/hardware/install.sh --no-apt --wheels "$WHEELS" --ready-timeout "$READY_WAIT" \
    >/root/broken.log 2>&1; then
    step rollback FAIL "$t" "the broken update was kept"
elif grep -q 'switched back' /root/broken.log && [ "$(readlink /opt/chickenfoot-hub/current)" = "$before" ] \
    && systemctl is-active --quiet $UNIT; then
    step rollback ok "$t" "$(grep -o 'did not report READY within [0-9]* s' /root/broken.log); switched back, running"
else
    step rollback FAIL "$t" "/root/broken.log:"
    quote /root/broken.log
fi

# --- wifi: the hub's own network, a phone in another namespace joins it and loads the page ---
# shellcheck source=hardware/boot-check-wifi.sh
. "$CHECKOUT/hardware/boot-check-wifi.sh"
wifi_step

# --- poweroff: the 8 s hold on the mock pin (no GPIO here), status 3 ---------------------------
sleep 3
# The hub's exit status is said as soon as its main process is gone: the poweroff it starts
# stops this service too, and by then systemd may no longer answer (Trixie's gave an empty
# status). So the unit writes it down first thing as it stops, before its own ExecStopPost=
# starts the poweroff (a command after that one is cut short; its device policy keeps it off
# this channel, /run is open to it), and this service says what it wrote.
EXIT_FILE=/run/boot-check-hub-exit
{
    printf '[Service]\nExecStopPost=\n'
    printf '%s\n' "ExecStopPost=+/bin/sh -c 'echo \$\$EXIT_STATUS >$EXIT_FILE'"
    grep '^ExecStopPost=' "$(show FragmentPath)"  # the unit's own, after it
} >/etc/systemd/system/$UNIT.d/boot-check-exit.conf
systemctl daemon-reload
said=
hub_exit() { if [ -s $EXIT_FILE ]; then cat $EXIT_FILE; else show ExecMainStatus; fi; }
say_exit() { [ -n "$said" ] || { said=yes; echo "@@ HUB-EXIT $(hub_exit)"; }; }
trap 'say_exit; exit 0' TERM
echo "@@ POWEROFF"
systemctl kill --kill-who=main -s SIGUSR1 $UNIT  # the button down
sleep 10
systemctl kill --kill-who=main -s SIGUSR2 $UNIT  # and up: the daemon stops with status 3
for _ in $(seq 600); do  # up to 2 minutes for the main process to end
    [ "$(show MainPID)" = 0 ] && break
    sleep 0.2
done
[ "$(show MainPID)" = 0 ] && say_exit
sleep 120 &
wait $!
trap - TERM
step poweroff FAIL "$(now)" "still running 2 minutes after the hold (status $(show ExecMainStatus))"
echo "@@ DONE"
systemctl poweroff  # the checks are over either way
