# OpenBench-style build: `make` or `make EXE=<path>` builds the release
# binary (and copies it to EXE); `make test`; `make bench`.

EXE ?= chimera
CARGO ?= cargo
# A network file built in first, evaluating the variant its header names
# (OpenBench's `make EXE=... EVALFILE=...`); the other variants keep theirs.
EVALFILE ?=
# `make TUNE=1`: every search parameter as a UCI spin option, for SPSA.
# OpenBench's client runs only `make -j EXE=...`, so a tuning branch turns
# it on here with a one-line commit, `TUNE ?= 1` (docs/openbench.md).
TUNE ?= 0
FEATURES := $(if $(filter 1,$(TUNE)),--features tune,)

.PHONY: all build test bench clean

all: build
	cp target/release/chimera "$(EXE)"

build:
	CHIMERA_EVALFILE="$(EVALFILE)" $(CARGO) build --release $(FEATURES)

# Every test: the Rust suites, the match runner's PGN read by python-chess
# (installs python-chess with pip if missing), the end-to-end browser test
# of the web board (installs Chromium and playwright-core if missing), then
# the end-to-end XBoard test (installs xboard, xvfb and imagemagick if
# missing; about two minutes of engine matches in XBoard's match mode).
# The tests build with the `testing` profile (release speed, no LTO,
# parallel codegen); the three scripts drive the binary that profile built. The `tune` build's
# parameter options are checked in a target directory of their own.
test:
	$(CARGO) test --profile testing
	$(CARGO) test --profile testing --features tune --target-dir target/tune --lib -- params options
	CHIMERA_BIN="$(CURDIR)/target/testing/chimera" engine-tests/python-chess/run.sh
	CHIMERA_BIN="$(CURDIR)/target/testing/chimera" engine-tests/browser/run.sh
	CHIMERA_BIN="$(CURDIR)/target/testing/chimera" engine-tests/xboard/run.sh

bench: build
	./target/release/chimera bench

clean:
	$(CARGO) clean
	rm -f chimera
