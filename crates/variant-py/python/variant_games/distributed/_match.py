"""Matches on a Dask cluster: each game a task, results added up by the match library, with an
SPRT that stops submitting games once it decides (like fishtest)."""

from __future__ import annotations

import json
import time
import uuid

from .. import _native
from .._match import RANDOM_PLIES, options_json
from . import _cluster, _tasks
from ._progress import Progress

#: Games kept in flight per worker thread: enough to keep every worker busy, few enough that an
#: SPRT that decides leaves little unfinished work.
IN_FLIGHT_PER_THREAD = 2


def run(game, players, games, *, config=None, client=None, sprt=None, openings=None, seed=None,
        random_plies=RANDOM_PLIES, max_plies=None, progress=True, scheduler=None,
        workers=None, connect_timeout=_cluster.CONNECT_TIMEOUT) -> dict:
    """The distributed match behind ``variant_games.distributed.match`` (see there)."""
    start = time.monotonic()
    options = options_json(game, players, games, config=config, seed=seed,
                           random_plies=random_plies, openings=openings, sprt=sprt,
                           max_plies=max_plies)
    # Checks game, configuration, player specs, openings and SPRT before any cluster work.
    _native.match_report(options, "[]")
    import distributed

    with _cluster.client_for(client, scheduler, workers, connect_timeout,
                             verbose=bool(progress)) as cl:
        run_id = uuid.uuid4().hex[:12]
        limit = max(1, _cluster.worker_threads(cl) * IN_FLIGHT_PER_THREAD)
        results, submitted, decided = [], 0, False
        bar = Progress(games, enabled=bool(progress), label="games", show_nodes=False)
        pending = distributed.as_completed(loop=cl.loop)
        futures = []

        def submit():
            nonlocal submitted
            future = cl.submit(_tasks.play_game, options, submitted,
                               key=f"variant-match-{run_id}-{submitted}", pure=False, retries=2)
            futures.append(future)
            pending.add(future)
            submitted += 1

        while submitted < min(games, limit):
            submit()
        try:
            for future in pending:
                results.append(json.loads(future.result()))
                future.release()
                report = json.loads(_native.match_report(options, json.dumps(results)))
                state = report.get("sprt")
                if not decided and state and state.get("result"):
                    decided = True
                    # The games under way are the last: the bar ends at them, not at the
                    # limit no game will reach.
                    bar.end_at(submitted)
                # Games under way when the test decides are finished and counted, as the
                # library's own runner does; no new game is started.
                if not decided and submitted < games:
                    submit()
                bar.update(len(results), 0)
        except BaseException:
            cl.cancel(futures)
            bar.finish()
            raise
        bar.finish()
        report = json.loads(_native.match_report(options, json.dumps(results)))
        report["seconds"] = round(time.monotonic() - start, 3)
        report["workers"] = _cluster.worker_count(cl)
        return report
