/* The port heap of a CircuitPython 10 board, replayed on this machine with
 * CircuitPython's own allocator: lib/tlsf/tlsf.c (espressif/tlsf at the
 * commit CircuitPython's submodule names), compiled 32-bit (-m32: size_t and
 * pointers of 4 bytes, as on a SAMD51) by tools/cpbudget.py, which feeds this
 * program the allocations the supervisor makes, in the order it makes them.
 *
 * What it does is CircuitPython's, transcribed where it is not TLSF itself:
 *   port_heap_init, port_malloc, port_free, port_heap_get_largest_free_size:
 *     supervisor/shared/port.c (tlsf_create_with_pool over the whole pool);
 *   gc_setup_area (the blocks an area holds beside its ATB, FTB and CTB
 *     tables), gc_init, gc_add (the area struct at the start of an added
 *     area), compute_heap_size, gc_try_add_heap: py/gc.c.
 *
 * CircuitPython 9 (its 9.2.9 tag) had no collect table, a smaller area struct
 * and other growth arithmetic: "gc9" switches to it.
 *
 * stdin, one command a line:
 *   gc9                 CircuitPython 9's py/gc.c from here on
 *   pool BYTES OFFSET   the pool, its start OFFSET bytes past a 16-byte boundary
 *   m NAME BYTES        port_malloc
 *   f NAME              port_free
 *   gc NAME             gc_init over the port_malloc'ed block NAME
 *   grow BYTES          allocate BYTES-byte objects until the GC heap can grow
 *                       no more (gc_alloc: a failed search collects, then
 *                       gc_try_add_heap(BYTES))
 *   fill TOTAL BYTES    allocate BYTES-byte objects until TOTAL bytes are in use
 *   big                 the largest single object gc_try_add_heap could still
 *                       make room for now, and the largest free run of an area
 * stdout: "key value ..." lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tlsf.h"

#define BYTES_PER_BLOCK 16
#define BLOCKS_PER_ATB 4
#define BLOCKS_PER_FTB 8
#define BLOCKS_PER_CTB 8
#define ALLOC_TABLE_GAP_BYTE 1
/* sizeof(mp_state_mem_area_t) with MICROPY_GC_SPLIT_HEAP, the finaliser and
 * the collect table: 9 words (py/mpstate.h). */
#define AREA_STRUCT (v9 ? 32 : 36)

static int v9;
static tlsf_t heap;

struct named { char name[64]; void *p; size_t n; };
static struct named blocks[256];
static int nblocks;

struct area { uintptr_t start, end; size_t pool_blocks, port_bytes, used_blocks, takes; };
static struct area areas[64];
static int nareas;

static void *find(const char *name) {
    for (int i = 0; i < nblocks; i++) {
        if (strcmp(blocks[i].name, name) == 0) {
            return blocks[i].p;
        }
    }
    fprintf(stderr, "no block %s\n", name);
    exit(2);
}

static bool free_sum_walker(void *ptr, size_t size, int used, void *user) {
    if (!used) {
        *(size_t *)user += size;
    }
    return true;
}

static bool max_size_walker(void *ptr, size_t size, int used, void *user) {
    size_t *max_size = (size_t *)user;
    if (!used && *max_size < size) {
        *max_size = size;
    }
    return true;
}

/* port_heap_get_largest_free_size (supervisor/shared/port.c) */
static size_t largest_free(void) {
    size_t max_size = 0;
    tlsf_walk_pool(tlsf_get_pool(heap), max_size_walker, &max_size);
    return tlsf_fit_size(heap, max_size);
}

/* gc_setup_area: the pool blocks an area of [start, end) holds */
static size_t setup_area(uintptr_t start, uintptr_t end) {
    size_t total_byte_len = end - start;
    if (v9) {
        /* 9.2.9: T = A * (1 + BLOCKS_PER_ATB / BLOCKS_PER_FTB + BLOCKS_PER_ATB * BYTES_PER_BLOCK) */
        size_t atb = (total_byte_len - ALLOC_TABLE_GAP_BYTE) * 8
            / (8 + 8 * BLOCKS_PER_ATB / BLOCKS_PER_FTB + 8 * BLOCKS_PER_ATB * BYTES_PER_BLOCK);
        return atb * BLOCKS_PER_ATB;
    }
    size_t bits_per_block = 8 / BLOCKS_PER_ATB + 8 / BLOCKS_PER_FTB + 8 / BLOCKS_PER_CTB
        + 8 * BYTES_PER_BLOCK;
    size_t available_bits = (total_byte_len - ALLOC_TABLE_GAP_BYTE) * 8;
    size_t blocks = available_bits / bits_per_block;
    size_t atb_len = blocks / BLOCKS_PER_ATB;
    return atb_len * BLOCKS_PER_ATB;
}

static void add_area(uintptr_t start, uintptr_t end, size_t port_bytes) {
    struct area *a = &areas[nareas++];
    a->start = start;
    a->end = end;
    a->pool_blocks = setup_area(start, end);
    a->port_bytes = port_bytes;
    a->used_blocks = 0;
}

/* gc_init */
static void gc_init_area(void *start, size_t n) {
    uintptr_t s = (uintptr_t)start, e = ((uintptr_t)start + n) & ~(uintptr_t)(BYTES_PER_BLOCK - 1);
    add_area(s, e, n);
}

/* gc_add */
static void gc_add_area(void *start, size_t n) {
    uintptr_t s = (uintptr_t)start + AREA_STRUCT;
    uintptr_t e = ((uintptr_t)start + n) & ~(uintptr_t)(BYTES_PER_BLOCK - 1);
    add_area(s, e, n);
}

/* compute_heap_size */
static size_t compute_heap_size(size_t total_blocks) {
    total_blocks = ((total_blocks + BLOCKS_PER_ATB - 1) / BLOCKS_PER_ATB) * BLOCKS_PER_ATB;
    size_t atb_bytes = (total_blocks + BLOCKS_PER_ATB - 1) / BLOCKS_PER_ATB;
    size_t ftb_bytes = (total_blocks + BLOCKS_PER_FTB - 1) / BLOCKS_PER_FTB;
    size_t ctb_bytes = (total_blocks + BLOCKS_PER_CTB - 1) / BLOCKS_PER_CTB;
    size_t pool_bytes = total_blocks * BYTES_PER_BLOCK;
    size_t total_heap = AREA_STRUCT + atb_bytes + ALLOC_TABLE_GAP_BYTE + ftb_bytes + ctb_bytes
        + pool_bytes + BYTES_PER_BLOCK;
    total_heap = (total_heap + BYTES_PER_BLOCK - 1) / BYTES_PER_BLOCK;
    return total_heap * BYTES_PER_BLOCK;
}

static size_t total_blocks(void) {
    size_t t = 0;
    for (int i = 0; i < nareas; i++) {
        t += areas[i].pool_blocks;
    }
    return t;
}

/* gc_try_add_heap */
static size_t needed_for(size_t failed_alloc) {
    if (v9) {
        return failed_alloc + (2048 > failed_alloc * 13 / 512 ? 2048 : failed_alloc * 13 / 512);
    }
    return compute_heap_size((failed_alloc + BYTES_PER_BLOCK - 1) / BYTES_PER_BLOCK);
}

static size_t heap_for_total(size_t tb) {
    if (v9) {
        size_t t = tb / BLOCKS_PER_ATB + tb / BLOCKS_PER_FTB + tb * BYTES_PER_BLOCK
            + ALLOC_TABLE_GAP_BYTE + AREA_STRUCT;
        return (t + BYTES_PER_BLOCK - 1) & ~(size_t)(BYTES_PER_BLOCK - 1);
    }
    return compute_heap_size(tb);
}

static int try_add_heap(size_t failed_alloc) {
    size_t needed = needed_for(failed_alloc);
    size_t avail = largest_free();
    if (avail < needed) {
        return 0;
    }
    size_t total_heap = heap_for_total(total_blocks());
    size_t to_alloc = avail < (total_heap > needed ? total_heap : needed)
        ? avail : (total_heap > needed ? total_heap : needed);
    void *p = tlsf_malloc(heap, to_alloc);
    if (p == NULL) {
        return 0;
    }
    gc_add_area(p, to_alloc);
    areas[nareas - 1].takes = tlsf_block_size(p) + tlsf_alloc_overhead();
    return 1;
}

/* gc_alloc of n bytes, first fit over the areas in order; the heap holds
 * only such objects, none freed, so a free run is the end of an area. */
static int gc_alloc(size_t n) {
    size_t nb = (n + BYTES_PER_BLOCK - 1) / BYTES_PER_BLOCK;
    for (int added = 0; added < 2; added++) {
        for (int i = 0; i < nareas; i++) {
            if (areas[i].pool_blocks - areas[i].used_blocks >= nb) {
                areas[i].used_blocks += nb;
                return 1;
            }
        }
        if (added || !try_add_heap(n)) {
            return 0;
        }
    }
    return 0;
}

static void print_areas(void) {
    for (int i = 0; i < nareas; i++) {
        printf("area %d port_bytes %zu pool_blocks %zu pool_bytes %zu used_bytes %zu takes %zu\n",
            i, areas[i].port_bytes, areas[i].pool_blocks,
            areas[i].pool_blocks * BYTES_PER_BLOCK, areas[i].used_blocks * BYTES_PER_BLOCK,
            areas[i].takes);
    }
    size_t free_total = 0;
    tlsf_walk_pool(tlsf_get_pool(heap), free_sum_walker, &free_total);
    printf("largest %zu free %zu\n", largest_free(), free_total);
}

int main(void) {
    char line[256], cmd[16], name[64];
    size_t n, off;
    void *base = NULL;
    while (fgets(line, sizeof line, stdin)) {
        if (sscanf(line, "%15s", cmd) != 1) {
            continue;
        }
        if (strcmp(cmd, "gc9") == 0) {
            v9 = 1;
        } else if (strcmp(cmd, "pool") == 0 && sscanf(line, "%*s %zu %zu", &n, &off) == 2) {
            base = aligned_alloc(16, n + 32);
            uint32_t *bottom = (uint32_t *)((char *)base + off);
            heap = tlsf_create_with_pool(bottom, n, n);
            printf("tlsf_control %zu\n", tlsf_size(heap));
            printf("pool_overhead %zu\n", tlsf_pool_overhead());
            printf("alloc_overhead %zu\n", tlsf_alloc_overhead());
            printf("largest %zu\n", largest_free());
        } else if (strcmp(cmd, "m") == 0 && sscanf(line, "%*s %63s %zu", name, &n) == 2) {
            void *p = tlsf_malloc(heap, n);
            if (p == NULL) {
                printf("failed %s %zu\n", name, n);
                continue;
            }
            strcpy(blocks[nblocks].name, name);
            blocks[nblocks].p = p;
            blocks[nblocks++].n = n;
            printf("m %s %zu at %zu takes %zu largest %zu\n", name, n,
                (size_t)((char *)p - (char *)base), tlsf_block_size(p) + tlsf_alloc_overhead(),
                largest_free());
        } else if (strcmp(cmd, "f") == 0 && sscanf(line, "%*s %63s", name) == 1) {
            tlsf_free(heap, find(name));
            printf("f %s largest %zu\n", name, largest_free());
        } else if (strcmp(cmd, "gc") == 0 && sscanf(line, "%*s %63s", name) == 1) {
            for (int i = 0; i < nblocks; i++) {
                if (strcmp(blocks[i].name, name) == 0) {
                    gc_init_area(blocks[i].p, blocks[i].n);
                }
            }
        } else if (strcmp(cmd, "grow") == 0 && sscanf(line, "%*s %zu", &n) == 1) {
            while (gc_alloc(n)) {
            }
            print_areas();
        } else if (strcmp(cmd, "fill") == 0 && sscanf(line, "%*s %zu %zu", &off, &n) == 2) {
            size_t used = 0;
            for (int i = 0; i < nareas; i++) {
                used += areas[i].used_blocks * BYTES_PER_BLOCK;
            }
            while (used < off && gc_alloc(n)) {
                used += (n + BYTES_PER_BLOCK - 1) / BYTES_PER_BLOCK * BYTES_PER_BLOCK;
            }
            print_areas();
        } else if (strcmp(cmd, "big") == 0) {
            /* the largest object whose gc_try_add_heap succeeds now */
            size_t lo = 0, hi = largest_free();
            while (lo < hi) {
                size_t mid = (lo + hi + 1) / 2;
                size_t need = needed_for(mid);
                if (need <= largest_free()) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            size_t run = 0;
            for (int i = 0; i < nareas; i++) {
                size_t f = (areas[i].pool_blocks - areas[i].used_blocks) * BYTES_PER_BLOCK;
                run = f > run ? f : run;
            }
            printf("big %zu run %zu\n", lo, run);
        }
        fflush(stdout);
    }
    return 0;
}
