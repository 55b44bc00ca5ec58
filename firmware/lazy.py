"""Code loaded for a moment: ``forget`` drops a module so its code can be
collected, the next import loads it again. Below the rules and the shell
(engines drop their reason texts, the shell its screens and menus).
"""

import sys


def forget(full):
    """Drop a loaded module ("pkg.name"): from sys.modules and from its
    package's attributes."""
    if full in sys.modules:
        del sys.modules[full]
        i = full.rfind(".")
        pkg = sys.modules.get(full[:i]) if i > 0 else None
        if pkg is not None and hasattr(pkg, full[i + 1:]):
            delattr(pkg, full[i + 1:])
