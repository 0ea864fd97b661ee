"""Training the computer's evaluations by self-play (never imported by the bot).

``python -m training.nardy`` trains the long nardy network of :mod:`bot.ai.nardy_net`; see
``docs/NARDY_NET.md``.

The trainer's matrices are small: OpenBLAS threads would only fight over the cores (several
times slower on a busy machine), so the package asks for one thread before numpy is loaded.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
