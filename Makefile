# trips — build, run, test, bench. `make run ARGS="games --sport mlb --team HOU"` and `make test`
# work on a fresh Debian machine with the Swift toolchain: missing system packages are installed.

SWIFT      ?= swift
PREFIX     ?= /usr/local
ARGS       ?= games --sport mlb --team HOU
RAW        ?= ../shared/data/raw
RELEASE    := $(SWIFT) build -c release --static-swift-stdlib
BIN        := .build/release
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build, tests or benchmarks need (header or command : package).
APT_NEEDS  := /usr/include/sqlite3.h:libsqlite3-dev \
              /usr/include/x86_64-linux-gnu/curl/curl.h:libcurl4-openssl-dev \
              /usr/bin/sqlite3:sqlite3 \
              /usr/lib/python3/dist-packages/icalendar/__init__.py:python3-icalendar

.PHONY: all deps build run test bench install format clean data demo

all: build

deps:
	@missing=""; for need in $(APT_NEEDS); do \
	  file=$${need%%:*}; pkg=$${need##*:}; \
	  [ -e "$$file" ] || dpkg -s "$$pkg" >/dev/null 2>&1 || missing="$$missing $$pkg"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if command -v apt-get >/dev/null 2>&1; then \
	    $(SUDO) apt-get install -y -q $$missing >/dev/null 2>&1 || \
	    { $(SUDO) apt-get update -q >/dev/null 2>&1 && $(SUDO) apt-get install -y -q $$missing >/dev/null; } || \
	    { echo "error: could not install$$missing; install them and retry" >&2; exit 1; }; \
	  else echo "error: missing$$missing and no apt-get here; install them and retry" >&2; exit 1; fi; \
	fi

build: deps
	$(RELEASE)

run: build
	@$(BIN)/trips $(ARGS)

test: deps
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build

# Medians measured in one run: cold `trips games` vs the sqlite3 shell, bundle import, sync,
# planner, peak RSS. SUITES="cli import" runs a subset.
bench: build
	@printf "%-52s  %14s  %-14s  %s\n" BENCHMARK MEDIAN TARGET NOTE
	@$(BIN)/trips-bench "$(CURDIR)" "$(CURDIR)/$(BIN)" $(SUITES)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/trips
	install -m 755 $(BIN)/trips $(BIN)/trips-sync $(BIN)/trips-cloud $(DESTDIR)$(PREFIX)/bin/
	rm -rf $(DESTDIR)$(PREFIX)/share/trips/Data
	cp -R Data $(DESTDIR)$(PREFIX)/share/trips/Data

# A local trips-cloud seeded from Data/, a postponement and a stadium rename made on it, then a
# delta sync that fetches only those edits; the server is always stopped.
demo: build
	@Tests/Demo/demo.sh $(BIN)

# Rebuild Data/ from the raw sources (deterministic: a second run changes nothing).
data: deps
	$(SWIFT) build -c release --product trips-import
	$(BIN)/trips-import --raw $(RAW) --out Data

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

clean:
	rm -rf .build .build-*
