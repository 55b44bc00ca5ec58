"""The project's seeded random generator: xoroshiro32++ on two 16-bit words.

Every game-deciding shuffle or roll goes through this generator so that a
seed gives the same city on the device and on the desktop. All arithmetic
stays below 2**30, so on MicroPython every value is a small int and drawing
a number never allocates (CPython gives the same numbers).
"""

_M = 0xFFFF


def _rotl(x, k):
    return ((x << k) | (x >> (16 - k))) & _M


class Rng:
    """xoroshiro32++ [13, 5, 10, 9] (Vigna): period 2**32 - 1, 16-bit output."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        """Seed from any non-negative int (only its low 32 bits matter)."""
        seed &= 0xFFFFFFFF
        # Mix the seed a little so that nearby seeds give unrelated cities.
        a = (seed & _M) ^ 0x9E37
        b = (seed >> 16) ^ 0x79B9
        if a == 0 and b == 0:
            b = 1
        self.s0 = a
        self.s1 = b
        for _ in range(8):
            self.next16()

    def next16(self):
        """Next 16-bit output (0..65535)."""
        s0 = self.s0
        s1 = self.s1
        r = (_rotl((s0 + s1) & _M, 9) + s0) & _M
        s1 ^= s0
        self.s0 = _rotl(s0, 13) ^ s1 ^ ((s1 << 5) & _M)
        self.s1 = _rotl(s1, 10)
        return r

    def below(self, n):
        """Uniform int in 0..n-1 for 1 <= n <= 65536 (rejection, no bias)."""
        limit = 65536 - (65536 % n)
        while True:
            r = self.next16()
            if r < limit:
                return r % n

    def shuffle(self, seq):
        """Fisher-Yates shuffle of a list or bytearray, in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
