"""python -m sim [--headless --script FILE --screenshot OUT.png] [--board ...]"""

import sys

from sim.runner import main

sys.exit(main())
