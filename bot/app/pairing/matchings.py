"""Maximum matchings in a graph given by the pairs it lacks: "who may still play whom".

In a tournament almost every two players may still meet; the pairs that may not (they met
already, or one already had the bye) are few: at most ``r`` a player after ``r`` rounds.  So the
graph is described by its missing edges (``met``: for each node, the nodes it may not be paired
with), and :func:`max_pairs` answers quickly in the common case by Dirac's theorem: when every
node of a set of ``m`` nodes may be paired with at least ``m / 2`` others, the set has a
Hamiltonian cycle, so ``m // 2`` pairs.  Otherwise (small sets, late rounds) Edmonds' blossom
algorithm finds a maximum matching.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Sequence


def max_pairs(nodes: Collection[int], met: Sequence[Collection[int]], most_met: int) -> int:
    """The most disjoint pairs among ``nodes`` that avoid ``met``.

    ``met[v]`` holds the nodes ``v`` may not be paired with (symmetric); ``most_met`` is at least
    the largest ``len(met[v])`` over the whole graph (a bound that settles big sets at once).
    """
    m = len(nodes)
    if m < 2:
        return 0
    if 2 * (m - 1 - most_met) >= m:
        return m // 2
    node_set = nodes if isinstance(nodes, (set, frozenset)) else set(nodes)
    if m >= 3 and all(2 * (m - 1 - len(node_set & set(met[v]))) >= m for v in node_set):
        return m // 2
    return len(maximum_matching(sorted(node_set), met))


def pairable(nodes: Collection[int], met: Sequence[Collection[int]], most_met: int) -> bool:
    """Whether ``nodes`` can all be paired, none with one it may not meet."""
    return len(nodes) % 2 == 0 and 2 * max_pairs(nodes, met, most_met) == len(nodes)


def maximum_matching(nodes: Sequence[int], met: Sequence[Collection[int]]) -> list[tuple[int, int]]:
    """A maximum matching of the graph on ``nodes`` whose edges are the pairs not in ``met``
    (Edmonds' blossom algorithm over a greedy start), as pairs of nodes."""
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    adjacency: list[list[int]] = []
    for v in nodes:
        barred = met[v]
        adjacency.append([index[w] for w in nodes if w != v and w not in barred])
    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            for w in adjacency[v]:
                if mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break
    for root in range(n):
        if mate[root] == -1:
            augment(root, adjacency, mate)
    return [(nodes[v], nodes[mate[v]]) for v in range(n) if mate[v] > v]


def augment(root: int, adjacency: list[list[int]], mate: list[int]) -> bool:
    """Search an augmenting path from the free node ``root``, contracting blossoms; flip it
    into ``mate`` when found."""
    n = len(adjacency)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                b = common_base(v, to)
                blossom = [False] * n
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return True
                used[mate[to]] = True
                queue.append(mate[to])
    return False
