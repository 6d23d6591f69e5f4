"""`python3 -m quarto_client [URL]`: the demonstration of quarto_client.demo."""

import sys

from .demo import main

sys.exit(main(sys.argv))
