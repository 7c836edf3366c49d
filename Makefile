# OpenBench-style build: `make` or `make EXE=<path>` builds the release
# binary (and copies it to EXE); `make test`; `make bench`.

EXE ?= chimera
CARGO ?= cargo

.PHONY: all build test bench clean

all: build
	cp target/release/chimera "$(EXE)"

build:
	$(CARGO) build --release

test:
	$(CARGO) test --release

bench: build
	./target/release/chimera bench

clean:
	$(CARGO) clean
	rm -f chimera
