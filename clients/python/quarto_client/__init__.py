"""A client of the Quarto service's HTTP API, standard library only (Python 3.9 or later).

    pip install ./clients/python          # or put clients/python on PYTHONPATH

    from quarto_client import QuartoClient, QuartoError
    quarto = QuartoClient("http://localhost:8787")
    quarto.validate_move("0A3.............5", "c3-6")["legal"]            # True

One method for each operation of openapi/openapi.json (QuartoClient.operations() lists them), typed
with the spec's schemas (quarto_client.schemas); errors raise QuartoError with the problem's `code`.
`python3 -m quarto_client http://localhost:8787` runs a short demonstration.
"""

from .client import QuartoClient, QuartoError, operation
from .demo import play_against_engine

__all__ = ["QuartoClient", "QuartoError", "operation", "play_against_engine"]
