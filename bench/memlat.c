/* Memory latency of this machine by working-set size: a dependent pointer chase over a random
 * cyclic permutation of 64-byte lines (docs/performance.md, "Memory"). With HUGE=1 the buffer is
 * advised to use transparent huge pages.
 *   cc -O2 -o /tmp/memlat bench/memlat.c && /tmp/memlat && HUGE=1 /tmp/memlat */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/mman.h>

int main(void) {
  const size_t huge = 2u << 20;
  for (size_t kb = 64; kb <= 512 * 1024; kb *= 2) {
    size_t n = kb * 1024 / 64, bytes = ((n * 64 + huge - 1) / huge) * huge;
    size_t *a = aligned_alloc(huge, bytes), *p = malloc(n * sizeof(size_t));
    if (!a || !p) { fprintf(stderr, "memlat: out of memory at %zu KB\n", kb); return 1; }
    if (getenv("HUGE")) madvise(a, bytes, MADV_HUGEPAGE);
    for (size_t i = 0; i < n; i++) p[i] = i;
    srand(1);
    for (size_t i = n - 1; i > 0; i--) { size_t j = (size_t)rand() % (i + 1), t = p[i]; p[i] = p[j]; p[j] = t; }
    for (size_t i = 0; i < n; i++) a[p[i] * 8] = p[(i + 1) % n] * 8; /* one cycle through all lines */
    size_t x = 0;
    const long iters = 20000000;
    struct timespec s, e;
    clock_gettime(CLOCK_MONOTONIC, &s);
    for (long i = 0; i < iters; i++) x = a[x];
    clock_gettime(CLOCK_MONOTONIC, &e);
    printf("%7zu KB: %6.1f ns per load%s\n", kb, ((e.tv_sec - s.tv_sec) * 1e9 + (e.tv_nsec - s.tv_nsec)) / iters, x == (size_t)-1 ? "!" : "");
    free(a); free(p);
  }
  return 0;
}
