# The two commands of the README contract:
#   make play   set everything up and start the game in the simulator window
#   make test   set everything up and run every test, the MicroPython lane included
# (make soak: the long forms of the tests, for a machine with time to spare)
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
TYPES := .venv-types
TPY := $(TYPES)/bin/python

.PHONY: play test soak types bench clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# The type check's own venv (see requirements-types.txt for why it is apart).
$(TYPES)/.installed: requirements-types.txt
	rm -rf $(TYPES)
	$(PYTHON) -m venv $(TYPES)
	$(TPY) -m pip install --quiet --disable-pip-version-check --no-deps -r requirements-types.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# With no display the simulator says how to run it headless and exits 0:
# everything is set up, which is what make play could do there.
play: $(VENV)/.installed
	$(VPY) -m sim --no-window-ok

# firmware/ and boards/ against CircuitPython's API with the PyBadge's board
# module (config: [tool.basedpyright] in pyproject.toml), then boards/pygamer.py
# with the PyGamer's (typings/pygamer.json); typings/*/board.pyi must be what
# tools/board_stubs.py makes from the pinned stubs.
types: $(TYPES)/.installed
	$(TPY) tools/board_stubs.py --check
	$(TYPES)/bin/basedpyright
	$(TYPES)/bin/basedpyright -p typings/pygamer.json

# The suite runs on both cores (pytest-xdist) and names its slowest tests,
# so that their cost stays in sight.
PYTEST := $(VPY) -m pytest -q -n 2 --durations=12

test: $(VENV)/.installed node_modules/.installed $(TYPES)/.installed
	$(VPY) -m ruff check .
	$(VPY) tools/consts.py --check
	$(MAKE) --no-print-directory types
	$(PYTEST)

# The long forms: every byte of every power cut, every refusal of every
# property example, the tests marked soak; then 20,000 random events on
# each board with a new seed (printed, with a replay command, on failure).
soak: $(VENV)/.installed node_modules/.installed
	SOAK=1 $(PYTEST)
	$(VPY) tools/fuzz_app.py --events 40000

bench: $(VENV)/.installed node_modules/.installed
	$(VPY) tools/bench.py

clean:
	rm -rf $(VENV) $(TYPES) node_modules .pytest_cache .hypothesis
