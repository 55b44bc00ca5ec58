"""The street network: which lots keep the street rule, and street distances.

Everything here works on a game's ``lots`` bytearray (0 = empty street lot,
non-zero = a structure) with preallocated scratch arrays, iteratively (the
device's Python stack is tiny) and without allocating once warm.

The street rule is a cut-vertex question: building on an empty lot keeps
the streets in one piece exactly when that lot is not an articulation point
of the graph of empty lots. One iterative Tarjan search answers it for every
lot at once; a lot is also ruled out when it is the last street lot some
structure touches.
"""

from array import array

from micropython import const

from aliencity.geometry import NB_LIST, NB_START, NLOTS

# Street verdicts per lot (0 = the street rule allows a structure there).
OK = const(0)
TAKEN = const(1)  # a structure stands there already
SPLIT = const(2)  # would split the streets; why = a lot of the cut-off part
ISOLATE = const(3)  # would leave the structure at why with no street
LAST = const(4)  # would leave no street at all
DEAD = const(5)  # open streets: dead ground, off the main street group
NOGROUP = const(6)  # open streets: no group left that every structure touches
ICON = const(7)  # icon lot while the tile's lot why is still buildable

FAR = const(255)  # no street distance (scoring and the AI's tables copy it)


class Streets:
    """Scratch space and results of one street analysis (about 1.2 KB)."""

    def __init__(self):
        n = NLOTS
        self.verdict = bytearray(n)  # OK or a reason code, per lot
        self.why = bytearray(n)  # the lot a reason names
        self.comp = bytearray(n)  # street group of each empty lot
        self.main = bytearray(n)  # per group: 1 if every structure touches it
        self.ngroups = 0
        self.nmain = 0
        self._disc = bytearray(n)
        self._low = bytearray(n)
        self._par = bytearray(n)
        self._it = array("H", [0] * n)  # next neighbour offset (up to 284)
        self._stack = bytearray(n)
        self._cutsz = bytearray(n)  # size of the smallest part a cut leaves
        self._cutlot = bytearray(n)  # a lot of that part
        self._cutsum = bytearray(n)  # total size of the parts hanging on it
        self._gsize = bytearray(n)  # size of each group
        self._mark = bytearray(n)
        self._sole = bytearray(n)  # 1 + the structure that only this lot serves
        self._size = bytearray(n)  # DFS subtree size of each empty lot
        self._slist = bytearray(n)  # the structures' lots
        self._nstruct = 0
        self._range = bytearray(8)  # open streets: the parts a cut leaves

    def analyse(self, lots, open_streets):
        """Fill ``verdict``/``why`` for every lot of the position ``lots``."""
        verdict = self.verdict
        why = self.why
        comp = self.comp
        disc = self._disc
        low = self._low
        par = self._par
        it = self._it
        stack = self._stack
        cutsz = self._cutsz
        cutlot = self._cutlot
        cutsum = self._cutsum
        gsize = self._gsize
        sole = self._sole
        size = self._size
        nbs = NB_START
        nbl = NB_LIST
        for v in range(NLOTS):
            disc[v] = 0
            sole[v] = 0
        # 1. Iterative Tarjan over the empty lots, one DFS per street group.
        t = 0
        ng = 0
        for root in range(NLOTS):
            if lots[root] or disc[root]:
                continue
            start = t + 1
            t = start
            disc[root] = t
            low[root] = t
            par[root] = 255
            it[root] = nbs[root]
            comp[root] = ng
            cutsz[root] = 0
            cutsum[root] = 0
            stack[0] = root
            sp = 0
            while sp >= 0:
                v = stack[sp]
                k = it[v]
                if k < nbs[v + 1]:
                    it[v] = k + 1
                    w = nbl[k]
                    if lots[w]:
                        continue
                    d = disc[w]
                    if d == 0:
                        par[w] = v
                        t += 1
                        disc[w] = t
                        low[w] = t
                        it[w] = nbs[w]
                        comp[w] = ng
                        cutsz[w] = 0
                        cutsum[w] = 0
                        sp += 1
                        stack[sp] = w
                    elif d < low[v]:
                        low[v] = d
                else:
                    sp -= 1
                    size[v] = t - disc[v] + 1
                    if sp >= 0:
                        u = stack[sp]
                        lv = low[v]
                        if lv < low[u]:
                            low[u] = lv
                        if lv >= disc[u]:
                            # v's subtree (disc[v]..t) hangs on u alone.
                            s = size[v]
                            if cutsz[u] == 0 or s < cutsz[u]:
                                cutsz[u] = s
                                cutlot[u] = v
                            cutsum[u] += s
            gsize[ng] = size[root]
            # The root cuts only when it has two DFS children or more.
            if cutsz[root] == size[root] - 1:
                cutsz[root] = 0
            ng += 1
        self.ngroups = ng
        # 2. Which groups every structure touches (the main street group).
        main = self.main
        mark = self._mark
        if open_streets:
            nstruct = 0
            for g in range(ng):
                main[g] = 0
                mark[g] = 0
            for v in range(NLOTS):
                if lots[v]:
                    nstruct += 1
                    for k in range(nbs[v], nbs[v + 1]):
                        w = nbl[k]
                        if lots[w] == 0:
                            g = comp[w]
                            if mark[g] != nstruct:
                                mark[g] = nstruct
                                main[g] += 1
            nmain = 0
            for g in range(ng):
                if main[g] == nstruct:
                    main[g] = 1
                    nmain += 1
                else:
                    main[g] = 0
        else:
            nmain = ng
            for g in range(ng):
                main[g] = 1
        self.nmain = nmain
        if nmain > 1 and open_streets:
            # Several groups touched by every structure (a wall across the
            # city): too rare to optimise, decide each lot by flood fill.
            self.analyse_naive(lots, open_streets)
            return
        # 3. Structures with a single street lot: that lot must stay empty.
        slist = self._slist
        ns = 0
        for v in range(NLOTS):
            if lots[v]:
                slist[ns] = v
                ns += 1
                n = 0
                e = 0
                for k in range(nbs[v], nbs[v + 1]):
                    w = nbl[k]
                    if lots[w] == 0 and main[comp[w]]:
                        n += 1
                        e = w
                if n == 1:
                    sole[e] = v + 1
        self._nstruct = ns
        # 4. The verdict for each lot.
        for v in range(NLOTS):
            if lots[v]:
                verdict[v] = TAKEN
                continue
            g = comp[v]
            gs = gsize[g]
            if not main[g]:
                verdict[v] = DEAD
            elif gs == 1:
                verdict[v] = LAST
            elif cutsz[v]:
                if open_streets:
                    verdict[v] = OK if self._cut_leaves_group(lots, v) else NOGROUP
                else:
                    verdict[v] = SPLIT
                    # Name a lot of the smallest part cut off.
                    if par[v] != 255 and gs - 1 - cutsum[v] < cutsz[v]:
                        why[v] = par[v]
                    else:
                        why[v] = cutlot[v]
            elif sole[v]:
                verdict[v] = ISOLATE
                why[v] = sole[v] - 1
            else:
                verdict[v] = OK

    def _cut_leaves_group(self, lots, x):
        """Open streets, x a cut lot of the main group: does some part left
        by building on x still touch every structure?

        The parts are the DFS subtrees hanging on x (contiguous ranges of
        discovery numbers) and, unless x is the DFS root, the rest of the
        group; every part borders x, so only the structures need checking.
        """
        disc = self._disc
        low = self._low
        par = self._par
        size = self._size
        comp = self.comp
        rng = self._range
        slist = self._slist
        nbs = NB_START
        nbl = NB_LIST
        g = comp[x]
        dx = disc[x]
        nr = 0
        for k in range(nbs[x], nbs[x + 1]):
            w = nbl[k]
            if lots[w] == 0 and par[w] == x and low[w] >= dx:
                rng[2 * nr] = disc[w]
                rng[2 * nr + 1] = disc[w] + size[w] - 1
                nr += 1
        # Candidate parts: the ranges 0..nr-1, then the rest (index nr).
        last = nr if par[x] != 255 else nr - 1
        for c in range(last + 1):
            ok = True
            for i in range(self._nstruct):
                s = slist[i]
                hit = False
                for k in range(nbs[s], nbs[s + 1]):
                    w = nbl[k]
                    if lots[w] or w == x or comp[w] != g:
                        continue
                    d = disc[w]
                    if c < nr:
                        if rng[2 * c] <= d <= rng[2 * c + 1]:
                            hit = True
                            break
                    else:
                        inside = False
                        for j in range(nr):
                            if rng[2 * j] <= d <= rng[2 * j + 1]:
                                inside = True
                                break
                        if not inside:
                            hit = True
                            break
                if not hit:
                    ok = False
                    break
            if ok:
                return True
        return False

    def analyse_naive(self, lots, open_streets):
        """The same verdicts (reasons less precise) by one flood fill per lot.

        Kept as the reference the fast analysis is tested against, and as
        the benchmark's baseline.
        """
        verdict = self.verdict
        for v in range(NLOTS):
            if lots[v]:
                verdict[v] = TAKEN
            else:
                verdict[v] = self.check_lot(lots, v, open_streets)

    def check_lot(self, lots, v, open_streets):
        """Verdict for building on empty lot v, by trying it."""
        lots[v] = 0x80
        ok = self.holds(lots, open_streets)
        lots[v] = 0
        if ok:
            return OK
        return NOGROUP if open_streets else SPLIT

    def holds(self, lots, open_streets):
        """Does the position satisfy the street rule? (flood fill per group)"""
        comp = self._stack  # reuse: group label + 1 per lot, 0 = unlabelled
        queue = self._it
        mark = self._mark
        count = self._par  # per group: how many structures touch it
        nbs = NB_START
        nbl = NB_LIST
        for v in range(NLOTS):
            comp[v] = 0
        ng = 0
        for root in range(NLOTS):
            if lots[root] or comp[root]:
                continue
            ng += 1
            comp[root] = ng
            queue[0] = root
            head = 0
            tail = 1
            while head < tail:
                v = queue[head]
                head += 1
                for k in range(nbs[v], nbs[v + 1]):
                    w = nbl[k]
                    if lots[w] == 0 and comp[w] == 0:
                        comp[w] = ng
                        queue[tail] = w
                        tail += 1
        if ng == 0:
            return False
        if not open_streets and ng > 1:
            return False
        for g in range(ng + 1):
            count[g] = 0
            mark[g] = 0
        nstruct = 0
        for v in range(NLOTS):
            if lots[v]:
                nstruct += 1
                touched = False
                for k in range(nbs[v], nbs[v + 1]):
                    g = comp[nbl[k]]
                    if lots[nbl[k]] == 0 and mark[g] != nstruct:
                        mark[g] = nstruct
                        count[g] += 1
                        touched = True
                if not touched:
                    return False
        for g in range(1, ng + 1):
            if count[g] == nstruct:
                return True
        return False

    def is_street(self, lots, v):
        """Is lot v part of the street network (empty, in a main group)?"""
        return lots[v] == 0 and self.main[self.comp[v]] == 1

    def distances(self, lots, src, sdist, queue, street=None):
        """Street distance from the structure at src to every structure.

        Fills ``sdist`` (bytearray of 80): the number of street lots on the
        shortest street path to each structure, 255 where none. Needs a fresh
        ``analyse`` of the same position (for the groups).

        ``street`` (optional bytearray of 80): also filled, with each street
        lot's own distance (1 for the street lots next to src), 255 on
        structures and on lots no street path from src reaches (the
        distance view draws these).
        """
        comp = self.comp
        main = self.main
        dist = self._low if street is None else street  # scratch unless asked for
        nbs = NB_START
        nbl = NB_LIST
        for v in range(NLOTS):
            dist[v] = FAR
            sdist[v] = FAR
        tail = 0
        for k in range(nbs[src], nbs[src + 1]):
            w = nbl[k]
            if lots[w] == 0 and main[comp[w]]:
                dist[w] = 1
                queue[tail] = w
                tail += 1
        head = 0
        while head < tail:
            v = queue[head]
            head += 1
            d = dist[v]
            for k in range(nbs[v], nbs[v + 1]):
                w = nbl[k]
                if lots[w]:
                    if sdist[w] == FAR and w != src:
                        sdist[w] = d
                elif dist[w] == FAR and main[comp[w]]:
                    dist[w] = d + 1
                    queue[tail] = w
                    tail += 1
