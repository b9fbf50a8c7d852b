"""PettingZoo AEC environments for the games of ``variant_games``.

>>> from variant_games.pettingzoo import env
>>> e = env("chess3d", heights=1)
>>> e.reset()
>>> e.agents
['white', 'black']

One agent per seat (named ``white``, ``black``, ``grey``, ``pink``); a fixed ``Discrete`` action
space per configuration (the encodings are described in ``docs/python.md``); observations are
dicts of ``observation`` (``int8`` planes, shape ``(boards, ranks, files, channels)``) and
``action_mask`` (``int8``, 1 for each legal action of the agent to move). Rewards come at the
end: +1 for the winner, -1 for every other seat, 0 for all in a draw.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ._native import Encoding, Game, History, games

__all__ = ["env", "raw_env", "VariantsEnv"]


class VariantsEnv(AECEnv):
    """One game of ``variant_games`` as an AEC environment.

    ``game`` is the game's name; the configuration is given as ``config`` (text or dict) and
    keyword arguments as for ``variant_games.Game``. ``capture_slots`` is the number of draughts
    moves kept per (origin, destination) pair; ``max_plies`` truncates long games.
    """

    metadata = {
        "render_modes": ["ansi", "svg"],
        "name": "variants_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Optional[str] = None,
        config: Any = None,
        render_mode: Optional[str] = None,
        capture_slots: int = 8,
        max_plies: Optional[int] = None,
        **keys: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r}: expected one of {self.metadata['render_modes']}"
            )
        if max_plies is not None and max_plies < 1:
            raise ValueError(f"max_plies {max_plies}: must be 1 or more")
        self.render_mode = render_mode
        if game is None:
            # The first game of the registry (chess3d in the full build).
            game = games()[0]
        self._start = Game(game, config, **keys)
        self._encoding = Encoding(self._start, capture_slots)
        self._max_plies = max_plies
        self.possible_agents: List[str] = self._start.seats
        shape = self._encoding.observation_shape(self._start)
        size = self._encoding.size
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._history: Optional[History] = None
        self._game: Game = self._start.copy()
        self._moves: Dict[int, str] = {}
        self._plies = 0
        self._mask = np.zeros(size, dtype=np.int8)
        self.dropped_moves = 0

    # -- spaces --

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- the game --

    @property
    def game(self) -> Game:
        """A copy of the current position."""
        return self._game.copy()

    def _refresh_legal(self) -> None:
        actions, moves, dropped = self._encoding.legal(self._game)
        self.dropped_moves += dropped
        # Clear only the previous legal actions: the mask of H=8 chess3d has 1.3 million
        # entries, and a fresh array each step would cost more than the move generation.
        self._mask[list(self._moves)] = 0
        self._moves = dict(zip(actions, moves))
        self._mask[actions] = 1

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._game = self._start.copy()
        self._history = History(self._game)
        self._plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._game.to_move
        self._refresh_legal()

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        planes = self._encoding.observe(self._game, agent)
        if agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        ):
            mask = self._mask.copy()
        else:
            mask = np.zeros(self._encoding.size, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def action_to_move(self, action: int) -> str:
        """The move text of a legal action of the agent to move."""
        try:
            return self._moves[int(action)]
        except KeyError:
            raise ValueError(
                f"action {action} is not legal for {self.agent_selection} here"
            ) from None

    def move_to_action(self, move: str) -> int:
        """The action of a legal move (any accepted spelling) of the agent to move."""
        canonical = self._game.canonical(move)
        for action, text in self._moves.items():
            if text == canonical:
                return action
        raise ValueError(f"move {move!r} has no action in this encoding")

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self._history is not None, "call reset() before step()"
        move = self.action_to_move(action)
        self._history.play(move)
        self._plies += 1
        self._game = self._history.position
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: 0 for a in self.agents}
        status = self._history.status
        if status.over:
            for a in self.agents:
                if status.winner is not None:
                    self.rewards[a] = 1 if a == status.winner else -1
                self.terminations[a] = True
                self.infos[a] = {"status": str(status)}
        elif self._max_plies is not None and self._plies >= self._max_plies:
            for a in self.agents:
                self.truncations[a] = True
        self.agent_selection = self._game.to_move
        if self.agent_selection not in self.agents:
            # The game is over and named a seat that no longer plays: stay on one that does.
            self.agent_selection = agent
        if not (status.over or self.truncations[agent]):
            self._refresh_legal()
        self._accumulate_rewards()
        if self.render_mode is not None:
            self.render()

    # -- pictures --

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self._game.svg()
        return render_text(self._game)

    def close(self) -> None:
        pass


def render_text(game: Game) -> str:
    """The position as text boards (rank 1 at the bottom) with the caption."""
    return game.diagram()


def raw_env(game: Optional[str] = None, **kwargs: Any) -> VariantsEnv:
    """The environment without PettingZoo's wrappers."""
    return VariantsEnv(game, **kwargs)


def env(game: Optional[str] = None, **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo recommends (order enforcing, action bounds)."""
    wrapped: AECEnv = VariantsEnv(game, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped
