# The two commands of the README contract:
#   make play   set everything up and start the game in the simulator window
#   make test   set everything up and run every test, the MicroPython lane included
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python

.PHONY: play test bench clean

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

play: $(VENV)/.installed
	$(VPY) -m sim

test: $(VENV)/.installed node_modules/.installed
	$(VPY) -m ruff check .
	$(VPY) -m pytest -q

bench: $(VENV)/.installed node_modules/.installed
	$(VPY) tools/bench.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .hypothesis
