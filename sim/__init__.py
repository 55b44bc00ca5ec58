"""The desktop simulator: stand-ins (sim/modules) and the runner (python -m sim)."""
