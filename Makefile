# Chicken Foot Hub: `make run` starts the hub in a desktop window with mocked pins,
# `make test` runs everything CI checks.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Two stamps in one venv: the hub's own packages (`make run`), and those plus the
# development tools (`make test`, `make check`: pytest, ruff, mypy, playwright, ...).
RUN_STAMP := $(VENV)/.runtime
STAMP     := $(VENV)/.installed

.PHONY: run test check lint typecheck pytest sounds font-metrics screenshots pictures bench install uninstall \
        clean system-deps speech-samples lock wheelhouse

define make_venv
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "Chicken Foot Hub needs Python 3.11 or newer; $(PYTHON) is $$($(PYTHON) -V)."; \
	    echo "Run: make PYTHON=python3.11 ..."; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
endef

$(RUN_STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/pip install --quiet -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP) $(RUN_STAMP)

system-deps:
	@.ci/system-deps

# The hub in a desktop window, the space bar its button (`hubd run --help`: the other keys).
run: $(RUN_STAMP)
	$(BIN)/hubd --mock-pins --windowed

test: system-deps $(STAMP) lint typecheck pytest

# The fast subset, under a minute: lint, types, and the pure tests (the engine, the config,
# the texts, the command lines; no screen, store, daemon or network), less those marked slow.
# `make test` (everything, ~5 min) before landing.
FAST_TESTS := tests/engine tests/hubd/config tests/hubd/text tests/hubd/devices/test_clocks.py \
              tests/hubd/screens/test_screen_words.py tests/hubd/screens/test_text_fit.py \
              tests/hubd/cli/test_hubd_help.py tests/hubd/cli/test_every_option_has_help.py \
              tests/hardware/test_boot_screen.py tests/test_make_targets.py
check: $(STAMP) lint typecheck
	$(BIN)/pytest -q -m 'not slow' $(FAST_TESTS)

lint: $(STAMP)
	$(BIN)/ruff check engine hubd tests benchmarks sounds hardware
	$(BIN)/ruff format --check engine hubd tests benchmarks sounds hardware
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

sounds:
	$(PYTHON) sounds/generate.py

# The fonts' glyph measurements the screens and `hubd layout` lay text out with, without pygame
# (hubd/screens/kit/font_metrics.json.gz): again when a catalog gains a character.
font-metrics: $(STAMP)
	SDL_VIDEODRIVER=dummy $(BIN)/python -m hubd.screens.shots.font_metrics

# Every screen, in every language, at 800x480 and 720x1280: build/screenshots/<lang>/<WxH>/;
# the phones' page at 390x844 and 360x800 in Debian's chromium: build/screenshots/web/<lang>/<WxH>/.
screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m hubd.screens.shots.screenshots build/screenshots
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m hubd.web.screenshots build/screenshots/web

# One phrase of each kind in every language, to listen to: build/speech/<lang>/<kind>.wav
# (needs espeak-ng: `make system-deps` as root installs it). Prints each one's length and
# loudness beside the cackle's, and writes espeak-ng's phonemes of each to build/speech/phonemes.txt.
speech-samples: system-deps $(STAMP)
	PYGAME_HIDE_SUPPORT_PROMPT=1 SDL_AUDIODRIVER=dummy $(BIN)/python -m hubd.speech.samples build/speech

# The guides' pictures (docs/*.md, README.md): a few English 800x480 screenshots, copied to docs/pictures/,
# and README's two (a chicken foot open, in English at 800x480 and Hebrew at 720x1280) to hubd/screens/shots/preview/.
# A shot the screenshots do not have (yet) is skipped with a warning.
# The club_* pictures: the Club screen on a sample night (hubd/screens/shots/club_pictures.py).
PICTURES := play_sequence_12 play_picker play_choices whole_table_choices play_sequence_06 play_refused play_undo_notice round_end round_end_tiles scores_10_rounds club_standings club_seating_11-3 club_seating_winners club_seating_random club_hubs
WEB_PICTURES := 800x480/phones_panel 390x844/lock 390x844/round_end
pictures: screenshots
	@mkdir -p docs/pictures
	@SDL_VIDEODRIVER=dummy $(BIN)/python -m hubd.screens.shots.club_pictures build/screenshots/en/800x480 >/dev/null
	@for shot in $(PICTURES); do \
	  src=build/screenshots/en/800x480/$$shot.png; \
	  if [ -f "$$src" ]; then cp "$$src" docs/pictures/ && echo "docs/pictures/$$shot.png"; \
	  else echo "warning: $$src does not exist (no such shot yet): skipped" >&2; fi; \
	done
	@for shot in en/800x480 he/720x1280; do \
	  src=build/screenshots/$$shot/play_sequence_06.png; dst=hubd/screens/shots/preview/play-$$(echo $$shot | tr / -).png; \
	  if [ -f "$$src" ]; then cp "$$src" "$$dst" && echo "$$dst"; \
	  else echo "warning: $$src does not exist: skipped" >&2; fi; \
	done
	@for shot in $(WEB_PICTURES); do \
	  src=build/screenshots/web/en/$$shot.png; name=web_$$(basename $$shot); \
	  if [ -f "$$src" ]; then cp "$$src" docs/pictures/$$name.png && echo "docs/pictures/$$name.png"; \
	  else echo "warning: $$src does not exist (no chromium?): skipped" >&2; fi; \
	done

# Figures, never pass/fail (benchmarks/README.md): ten scripts, hours in all (map_bench at
# 1,000 games, demo_soak 30 minutes); run one with .venv/bin/python benchmarks/NAME.py.
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_bench.py
	$(BIN)/python benchmarks/store_bench.py
	$(BIN)/python benchmarks/screens_bench.py
	$(BIN)/python benchmarks/daemon_bench.py
	$(BIN)/python benchmarks/demo_soak.py
	$(BIN)/python benchmarks/taps_bench.py
	$(BIN)/python benchmarks/map_bench.py
	$(BIN)/python benchmarks/club_bench.py
	$(BIN)/python benchmarks/web_bench.py
	$(BIN)/python benchmarks/camera_bench.py

# On the Pi: `sudo make install` (again to update; games and config are kept).
# INSTALL_ARGS passes options (hardware/install.sh --help), DESTDIR=DIR a throw-away root.
# WHEELS=DIR installs offline from a folder `make wheelhouse` filled (pip --no-index).
install:
	DESTDIR="$(DESTDIR)" WHEELS="$(WHEELS)" bash hardware/install.sh $(INSTALL_ARGS)

# Pin every dependency, with hashes, for the Pi's Pythons: hardware/locks/ (needs PyPI).
# Run it after changing pyproject.toml's dependencies; the tests say when it is due.
lock: $(STAMP)
	bash hardware/lock.sh

# Download the locked wheels for an offline install: make wheelhouse WHEELS=DIR
# [WHEEL_TARGETS="cp311-aarch64 cp313-aarch64"] (the default: Bookworm and Trixie on a Pi).
wheelhouse:
	@test -n "$(WHEELS)" || { echo "make wheelhouse WHEELS=DIR: name the folder to fill"; exit 1; }
	bash hardware/wheelhouse.sh "$(WHEELS)" $(WHEEL_TARGETS)

# Keeps the games database and the config; UNINSTALL_ARGS=--purge removes them too.
uninstall:
	DESTDIR="$(DESTDIR)" bash hardware/uninstall.sh $(UNINSTALL_ARGS)

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
