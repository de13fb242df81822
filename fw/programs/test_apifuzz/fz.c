// SPDX-License-Identifier: Apache-2.0
/* fz.c: the harness of apifuzz (fz.h, adversarial/apifuzz.md): random arguments, the guarded
 * call, the judgement of every call, the counters and the main loop. */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

#include "cv_csr.h"
#include "cv_sim.h"
#include "cv_test.h"
#include "cv_timer.h"
#include "cv_trap.h"
#include "cv_xorshift.h"
#include "fz.h"

/* The harness's own code for size: the drivers under test are built -O2 (their fast paths are
 * what the benchmark and the users run), the campaign around them -Os. */
#pragma GCC optimize("Oz")

#define GUARD_BUDGET FZ_BUDGET
#include "guard_util.h"

/* ------------------------------------------------------------------ random */
static uint32_t rng = ADV_SEED ? ADV_SEED : 1u;
uint32_t fz_rnd(void) { return cv_xorshift32(&rng); }
uint32_t fz_below(uint32_t n) { return (uint32_t)(((uint64_t)fz_rnd() * n) >> 32); }

/* ------------------------------------------------------------------ memory */
uint8_t fz_mem[FZ_MEM_N] __attribute__((aligned(16)));
uint8_t fz_sh[FZ_MEM_N] __attribute__((aligned(16)));
/* Constant data in program memory; its contents do not matter, only that the model reads the
 * same bytes as the driver. */
const uint8_t fz_rom[FZ_ROM_N] __attribute__((aligned(16))) = {
    0x3c, 0x71, 0x0e, 0x9a, 0x55, 0x12, 0xf0, 0x8b, 0x23, 0x67, 0xd4, 0x01, 0xbe, 0x49, 0x7f,
    0xc2, 0x10, 0x88, 0x5e, 0xa7, 0x61, 0x3b, 0xd9, 0x04, 0xee, 0x92, 0x2d, 0x76, 0xc8, 0x1f,
    0xb3, 0x45, [100] = 0x5a, [200] = 0xa5, [300] = 0x33, [400] = 0xcc, [511] = 0x77};

uint8_t *fz_job_out;
uint32_t fz_job_n;
const uint8_t *fz_job_exp;

int fz_in_arena(const void *p, size_t n) {
  const uintptr_t a = (uintptr_t)p, b = (uintptr_t)fz_mem;
  return a >= b && a - b <= FZ_MEM_N && n <= FZ_MEM_N - (a - b);
}
uint8_t *fz_shp(const void *p) {
  return fz_in_arena(p, 1) ? fz_sh + ((uintptr_t)p - (uintptr_t)fz_mem) : NULL;
}
const uint8_t *fz_src(const void *p) {
  const uint8_t *s = fz_shp(p);
  return s ? s : (const uint8_t *)p;
}

__attribute__((optimize("O2"))) void fz_fill(uint8_t *p, size_t n) {
  uint8_t *s = fz_shp(p);
  uint32_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if ((i & 3) == 0) v = fz_rnd();
    p[i] = (uint8_t)v;
    if (s) s[i] = (uint8_t)v;
    v >>= 8;
  }
}

static int in_range(uintptr_t a, size_t n, uintptr_t base, uintptr_t size) {
  return a >= base && a - base <= size && n <= size - (a - base);
}
int fz_wr_ok(const void *p, size_t n) {
  return n == 0 || in_range((uintptr_t)p, n, CV_DMEM_BASE, CV_DMEM_SIZE);
}
int fz_rd_ok(const void *p, size_t n) {
  return n == 0 || in_range((uintptr_t)p, n, CV_DMEM_BASE, CV_DMEM_SIZE) ||
         in_range((uintptr_t)p, n, CV_IMEM_BASE, CV_IMEM_SIZE);
}
int fz_overlap(const void *a, size_t an, const void *b, size_t bn) {
  const uint64_t x = (uintptr_t)a, y = (uintptr_t)b;
  if (!an || !bn || x == y) return 0;
  return x < y + bn && y < x + an;
}

/* ------------------------------------------------------------------ arguments */
/* An offset of n bytes in a zone of zone_n: 16-byte aligned half of the time, else 4-byte
 * aligned or any. */
static uint8_t *zone_ptr(unsigned zone, unsigned zone_n, size_t n) {
  if (n > zone_n) n = zone_n;
  uint32_t room = (uint32_t)(zone_n - n), off;
  switch (fz_below(4)) {
    case 0:
    case 1: off = fz_below(room / 16u + 1u) * 16u; break;
    case 2: off = fz_below(room / 4u + 1u) * 4u; break;
    default: off = fz_below(room + 1u); break;
  }
  return FZ_AR + zone + off;
}

/* Program memory, n bytes, 16-byte aligned half of the time: the constant block, or past it. */
static const uint8_t *prog_ptr(size_t n) {
  uint32_t off = fz_below(FZ_ROM_N);
  if (fz_below(2)) off &= ~15u;
  if (n <= FZ_ROM_N && off > FZ_ROM_N - n && fz_below(4)) off = (uint32_t)(FZ_ROM_N - n) & ~15u;
  return fz_rom + off;
}

/* A pointer that breaks the rules for a buffer of n bytes (n > 0); input: program memory is
 * fine, so its bad kinds there run off the end of program memory. */
static uint8_t *bad_ptr(size_t n, int input) {
  switch (fz_below(7)) {
    case 0: return NULL;
    case 1: return FZ_UNMAPPED + fz_below(64);
    case 2: return FZ_PERIPH;
    case 3: return FZ_WRAP + fz_below(16);
    case 4: { /* runs off the end of data memory */
      const uint32_t k = fz_below(n < 48u ? (uint32_t)n : 48u);
      return (uint8_t *)(FZ_DMEM_END - k);
    }
    case 5:
      if (input) {  /* runs off the end of program memory */
        const uint32_t k = fz_below(n < 48u ? (uint32_t)n : 48u);
        return (uint8_t *)(FZ_IMEM_END - k);
      }
      return (uint8_t *)prog_ptr(n);  /* written: program memory is not allowed */
    default: return input ? (uint8_t *)(FZ_IMEM_END - fz_below(8)) : (uint8_t *)prog_ptr(n);
  }
}

uint8_t *fz_pick(unsigned zone, unsigned zone_n, size_t n, int input) {
  const uint32_t r = fz_below(64);
  if (r < 5) return bad_ptr(n ? n : 1, input);
  if (input && r < 12) return (uint8_t *)prog_ptr(n);
  return zone_ptr(zone, zone_n, n);
}

void fz_pick_io(unsigned zone, unsigned zone_n, size_t n, const uint8_t **in, uint8_t **out) {
  const size_t m = n < zone_n ? n : zone_n;
  switch (fz_below(16)) {
    case 0: case 1: case 2: case 3: case 4: case 5:  /* apart (or overlapping by chance) */
      *out = fz_pick(zone, zone_n, n, 0);
      *in = fz_pick(zone, zone_n, n, 1);
      return;
    case 6: case 7: case 8:  /* in place */
      *out = fz_pick(zone, zone_n, n, 0);
      *in = *out;
      return;
    case 9: case 10: {  /* overlapping at a distance of 1 .. n-1 either way */
      if (m < 2 || 2 * m > zone_n) break;
      const uint32_t d = 1u + fz_below((uint32_t)m - 1u);
      uint8_t *a = zone_ptr(zone, zone_n, m + d);
      if (fz_below(2)) {
        *in = a;
        *out = a + d;
      } else {
        *out = a;
        *in = a + d;
      }
      if (fz_below(2)) {  /* keep both 16-byte aligned now and then: the DMA's own check */
        const uintptr_t lo = (uintptr_t)(*in < *out ? *in : *out) & ~(uintptr_t)15;
        if (*in < *out) {
          *in = (uint8_t *)lo;
          *out = (uint8_t *)(lo + ((d + 15u) & ~15u));
        } else {
          *out = (uint8_t *)lo;
          *in = (uint8_t *)(lo + ((d + 15u) & ~15u));
        }
        if (!fz_in_arena(*in, m) || !fz_in_arena(*out, m)) {
          *out = (uint8_t *)lo;
          *in = *out;
        }
      }
      return;
    }
    case 11:  /* next to each other */
      if (2 * m > zone_n) break;
      *in = zone_ptr(zone, zone_n, 2 * m);
      *out = (uint8_t *)*in + m;
      if (fz_below(2)) {
        uint8_t *t = *out;
        *out = (uint8_t *)*in;
        *in = t;
      }
      return;
    case 12: case 13:  /* the input in program memory */
      *in = prog_ptr(n);
      *out = fz_pick(zone, zone_n, n, 0);
      return;
    default:
      break;
  }
  *out = fz_below(2) ? bad_ptr(n ? n : 1, 0) : fz_pick(zone, zone_n, n, 0);
  *in = fz_below(2) ? bad_ptr(n ? n : 1, 1) : fz_pick(zone, zone_n, n, 1);
}

uint8_t *fz_pick_aux(size_t n, int input) {
  const uint32_t r = fz_below(48);
  if (r < 3) return bad_ptr(n, input);
  if (r < 5) return (uint8_t *)prog_ptr(n);  /* bad for a written buffer */
  return zone_ptr(FZ_AUX, FZ_AUX_N, n);
}

size_t fz_len(size_t blk, size_t max) {
  const size_t nb = max / blk;
  switch (fz_below(32)) {
    case 0: case 1: case 2: return 0;
    case 3: case 4: case 5: case 6: return 1 + fz_below(blk > 1 ? (uint32_t)blk - 1u : 1u);
    case 7: case 8: case 9: case 10: case 11: case 12: return blk;
    case 13: case 14: case 15: case 16: case 17: return blk * (1 + fz_below((uint32_t)nb));
    case 18: case 19: case 20: case 21: case 22: case 23: {
      const size_t w = blk * fz_below((uint32_t)nb);
      return w + 1 + fz_below((uint32_t)blk - 1u);
    }
    case 24: case 25: case 26: return 1 + fz_below((uint32_t)max);
    case 27: return blk * 2 + 1;
    case 28: return blk * 3 - 1;
    case 29: return 1 + fz_below(24);
    case 30:  /* a length no memory holds (the call must refuse it) */
      if (fz_below(4) == 0) return fz_below(2) ? 0xFFFFFFF0u + fz_below(16) : 0x10000u + blk;
      return blk * 4;
    default: return (size_t)(16 + fz_below(48));
  }
}

uint8_t *fz_data_out(size_t n) {
  uint8_t *p = fz_pick(FZ_DATA, FZ_DATA_N, n, 0);
  fz_watch(p, n);
  return p;
}

const uint8_t *fz_data_in(size_t n) {
  uint8_t *p = fz_pick(FZ_DATA, FZ_DATA_N, n, 1);
  if (n <= FZ_DATA_N && fz_in_arena(p, n)) fz_fill(p, n);
  return p;
}

/* ------------------------------------------------------------------ predictions */
fz_pred_t fz_p;
void fz_expect(int want) {
  fz_p.want = want;
  fz_p.alt = FZ_NONE;
  fz_p.any = 0;
  fz_p.lax = 0;
  fz_p.nd = 0;
}
void fz_dest(uint8_t *p, uint32_t n, const uint8_t *exp) {
  if (fz_p.nd < 3 && n) {
    fz_p.d[fz_p.nd].p = p;
    fz_p.d[fz_p.nd].n = n;
    fz_p.d[fz_p.nd].exp = exp;
    fz_p.nd++;
  }
}

/* Watched memory outside the arena (fz_watch). */
#define NWATCH 3
#define WATCH_N 512u
static struct {
  uint8_t *p;
  uint32_t n;
  uint8_t snap[WATCH_N];
} watch[NWATCH];
static unsigned nwatch;
void fz_watch(const void *p, size_t n) {
  uintptr_t a = (uintptr_t)p;
  if (nwatch >= NWATCH || n == 0 || fz_in_arena(p, 1)) return;
  /* only memory that exists: the parts in data or program memory */
  if (in_range(a, 1, CV_DMEM_BASE, CV_DMEM_SIZE)) {
    if (n > FZ_DMEM_END - a) n = FZ_DMEM_END - a;
  } else if (in_range(a, 1, CV_IMEM_BASE, CV_IMEM_SIZE)) {
    if (n > FZ_IMEM_END - a) n = FZ_IMEM_END - a;
  } else {
    return;
  }
  if (n > WATCH_N) n = WATCH_N;
  watch[nwatch].p = (uint8_t *)a;
  watch[nwatch].n = (uint32_t)n;
  memcpy(watch[nwatch].snap, (const void *)a, n);
  nwatch++;
}

#define NGUARD 16
#define FZ_GUARD_WORD (FZ_GUARD_BYTE * 0x01010101u)
static struct {
  uint8_t *p;
  uint32_t n;
} guards[NGUARD];
static unsigned nguards;
void fz_guard_add(uint8_t *p, size_t n) {
  if (((uintptr_t)p | n) & 3) {
    printf("apifuzz: guard bytes not whole words at %lx\n", (unsigned long)(uintptr_t)p);
    cv_sim_exit(CV_EXIT_UNEXPECTED_TRAP);
  }
  if (nguards < NGUARD) {
    guards[nguards].p = p;
    guards[nguards].n = (uint32_t)n;
    nguards++;
  }
  memset(p, FZ_GUARD_BYTE, n);
}

void fz_spoil(void *ctx, size_t n, cv_backend_t *backend, int garbage) {
  uint8_t *c = ctx;
  if (garbage)
    for (size_t i = 0; i < n; i++) c[i] = (uint8_t)fz_rnd();
  else
    memset(c, 0, n);
  if (fz_below(2)) *backend = (cv_backend_t)fz_below(CV_BACKEND_COUNT);
}

/* ------------------------------------------------------------------ the guarded call */
/* guard_util.h (fw/drivers/tests/fw) catches a trap, or the machine timer FZ_BUDGET cycles after
 * the call began, back to fz_call's setjmp; a trap outside a call ends the program. */
/* -DFZ_PROF: the cycles spent in the calls and in their judgement, printed at the end (the rest
 * is the arguments and the reference). */
#ifdef FZ_PROF
static uint32_t prof_call, prof_judge, prof_t0;
#endif
int fz_call(int (*fn)(void)) {
#ifdef FZ_PROF
  prof_t0 = cv_mcycle();
#endif
  volatile int r = FZ_TRAPPED;
  guard_arm();
  if (setjmp(guard_jb) == 0) r = fn();
  else r = guard_cause == (CV_MCAUSE_IRQ | CV_IRQ_M_TIMER) ? FZ_HUNG : FZ_TRAPPED;
  guard_disarm();
#ifdef FZ_PROF
  prof_call += cv_mcycle() - prof_t0;
  prof_t0 = cv_mcycle();
#endif
  return r;
}

/* ------------------------------------------------------------------ judgement */
fz_stats_t fz_st;
static uint32_t nreported;
void fz_report(const char *what, const char *name, int slot, uint32_t a, uint32_t b) {
  if (nreported++ < 40)
    printf("apifuzz: call %lu %s slot %d: %s (%ld, %ld)\n", (unsigned long)fz_st.calls, name,
           slot, what, (long)(int32_t)a, (long)(int32_t)b);
}

extern const fz_module_t *const fz_modules[];
extern const unsigned fz_nmodules;

/* The destination of this call that holds p, or -1. */
static int dest_of(const uint8_t *p) {
  for (unsigned k = 0; k < fz_p.nd; k++)
    if (p >= fz_p.d[k].p && (uintptr_t)(p - fz_p.d[k].p) < fz_p.d[k].n) return (int)k;
  return -1;
}
static int in_dest(const uint8_t *p) { return dest_of(p) >= 0; }

/* A watched byte (outside the arena, so without a shadow) that a call returning CV_OK changed in
 * its destination k: right when it holds the expected byte there, or when that destination's
 * bytes were not predicted (fz_p.lax, no expected bytes, CV_OK not foreseen). */
static int dest_byte_ok(const uint8_t *p, unsigned k) {
  const int predicted = fz_p.want == CV_OK || fz_p.alt == CV_OK;
  if (fz_p.lax || !fz_p.d[k].exp || !predicted) return 1;
  return *p == fz_p.d[k].exp[p - fz_p.d[k].p];
}

__attribute__((optimize("O2"))) int fz_judge(int st, const char *name, int slot, uint32_t backend,
                                             size_t len) {
  int good = 1;
  char what[64];
  fz_st.calls++;
  if (st == FZ_TRAPPED || st == FZ_HUNG) {
    if (st == FZ_TRAPPED) fz_st.traps++;
    else fz_st.hangs++;
    snprintf(what, sizeof what, "%s b%lu len %lu", st == FZ_TRAPPED ? "trapped" : "hung",
             (unsigned long)backend, (unsigned long)len);
    fz_report(what, name, slot, guard_cause, guard_pc);
    /* the drivers' state is unknown: every module starts again; the memory is taken as it is */
    for (unsigned k = 0; k < nwatch; k++) memcpy(watch[k].p, watch[k].snap, watch[k].n);
    nwatch = 0;
    for (unsigned k = 0; k < nguards; k++) memset(guards[k].p, FZ_GUARD_BYTE, guards[k].n);
    fz_job_out = NULL;
    for (unsigned k = 0; k < fz_nmodules; k++) fz_modules[k]->reset();
    memcpy(fz_sh, fz_mem, FZ_MEM_N);
    return 0;
  }
#ifdef FZ_TRACE
  if (fz_st.calls >= FZ_TRACE)
    printf("t %lu %s s%d b%lu len %lu want %d/%d%s got %d\n", (unsigned long)fz_st.calls, name,
           slot, (unsigned long)backend, (unsigned long)len, fz_p.want,
           fz_p.alt == FZ_NONE ? 0 : fz_p.alt, fz_p.any ? " any" : "", st);
#endif
  const int valid = st <= CV_OK && st >= CV_ERR_HW;
  if (valid) fz_st.by_code[-st]++;
  if (st == CV_OK) fz_st.ok++;
  else fz_st.errors++;
  if (!(fz_p.any ? valid : st == fz_p.want || st == fz_p.alt)) {
    fz_st.status_errors++;
    good = 0;
    snprintf(what, sizeof what, "status b%lu len %lu (want, got)", (unsigned long)backend,
             (unsigned long)len);
    fz_report(what, name, slot, (uint32_t)fz_p.want, (uint32_t)st);
  }
  /* what the arena must hold now: the expected output where a call returned CV_OK */
  if (st == CV_OK) {
    const int predicted = fz_p.want == CV_OK || fz_p.alt == CV_OK;
    for (unsigned k = 0; k < fz_p.nd; k++) {
      uint8_t *s = fz_shp(fz_p.d[k].p);
      if (!s || !fz_in_arena(fz_p.d[k].p, fz_p.d[k].n)) continue;
      if (fz_p.lax || !fz_p.d[k].exp || !predicted) memcpy(s, fz_p.d[k].p, fz_p.d[k].n);
      else memcpy(s, fz_p.d[k].exp, fz_p.d[k].n);
    }
  }
  /* the arena against its shadow, a word at a time; the bytes of a pending background job's
   * destination are either as before or as the job leaves them */
  uint32_t wrong = 0, stray = 0;
  uintptr_t first = 0;
  const uint32_t *a = (const uint32_t *)(const void *)fz_mem;
  const uint32_t *s = (const uint32_t *)(const void *)fz_sh;
  _Static_assert(FZ_MEM_N % 16 == 0, "the arena compared 16 bytes at a time");
  for (unsigned w = 0; w < FZ_MEM_N / 4; w += 4) {
    /* 16 bytes at a time, the loads ahead of their use (no load-use stall) */
    const uint32_t d = (a[w] ^ s[w]) | (a[w + 1] ^ s[w + 1]) | (a[w + 2] ^ s[w + 2]) |
                       (a[w + 3] ^ s[w + 3]);
    if (__builtin_expect(d == 0, 1)) continue;
    for (unsigned i = 4 * w; i < 4 * w + 16; i++) {
      uint8_t *p = fz_mem + i;
      if (*p == fz_sh[i]) continue;
      if (fz_job_out && p >= fz_job_out && (uint32_t)(p - fz_job_out) < fz_job_n &&
          *p == fz_job_exp[p - fz_job_out])
        continue;
      if (in_dest(p)) wrong++;
      else stray++;
      if (!first) first = (uintptr_t)p;
      *p = fz_sh[i];
    }
  }
  for (unsigned k = 0; k < nguards; k++) {
    /* the guards are whole words, word-aligned (fz_guard_add) */
    const uint32_t *g = (const uint32_t *)(const void *)guards[k].p;
    uint32_t d = 0;
    for (uint32_t i = 0; i < guards[k].n / 4; i++) d |= g[i] ^ FZ_GUARD_WORD;
    if (__builtin_expect(d == 0, 1)) continue;
    for (uint32_t i = 0; i < guards[k].n; i++)
      if (guards[k].p[i] != FZ_GUARD_BYTE) {
        stray++;
        if (!first) first = (uintptr_t)(guards[k].p + i);
        guards[k].p[i] = FZ_GUARD_BYTE;
      }
  }
  for (unsigned k = 0; k < nwatch; k++) {
    for (uint32_t i = 0; i < watch[k].n; i++)
      if (watch[k].p[i] != watch[k].snap[i]) {
        const int d = st == CV_OK ? dest_of(watch[k].p + i) : -1;
        if (d >= 0) {
          if (dest_byte_ok(watch[k].p + i, (unsigned)d)) {
            watch[k].p[i] = watch[k].snap[i];
            continue;
          }
          wrong++;
        } else {
          stray++;
        }
        if (!first) first = (uintptr_t)(watch[k].p + i);
        watch[k].p[i] = watch[k].snap[i];
      }
  }
  nwatch = 0;
#ifdef FZ_PROF
  prof_judge += cv_mcycle() - prof_t0;
#endif
  if (wrong) {
    fz_st.wrong_calls++;
    fz_st.wrong_bytes += wrong;
    good = 0;
    snprintf(what, sizeof what, "wrong bytes b%lu len %lu at %lx (n, st)", (unsigned long)backend,
             (unsigned long)len, (unsigned long)first);
    fz_report(what, name, slot, wrong, (uint32_t)st);
  }
  if (stray) {
    fz_st.stray_calls++;
    fz_st.stray_bytes += stray;
    good = 0;
    snprintf(what, sizeof what, "stray bytes b%lu len %lu at %lx (n, st)", (unsigned long)backend,
             (unsigned long)len, (unsigned long)first);
    fz_report(what, name, slot, stray, (uint32_t)st);
  }
  return good;
}

/* ------------------------------------------------------------------ main */
static uint32_t fz_stack[1792] __attribute__((aligned(16)));

/* The campaign runs on a stack of its own, so that the top of data memory (where the stack would
 * be) is memory the calls' bad buffers run into, which fz_watch can check and restore. */
static int campaign(void) {
  uint32_t total = 0;
  for (unsigned k = 0; k < fz_nmodules; k++) {
    fz_modules[k]->reset();
    total += fz_modules[k]->weight;
  }
  memcpy(fz_sh, fz_mem, FZ_MEM_N);
  printf("apifuzz part %u: %lu calls, seed %lu, arena at %lx\n", (unsigned)ADV_PART,
         (unsigned long)ADV_OPS, (unsigned long)ADV_SEED, (unsigned long)(uintptr_t)fz_mem);
  const uint32_t c0 = cv_mcycle();
  while (fz_st.calls < ADV_OPS) {
    uint32_t r = fz_below(total);
    unsigned k = 0;
    while (r >= fz_modules[k]->weight) r -= fz_modules[k++]->weight;
    fz_modules[k]->op();
  }
  const uint32_t cycles = cv_mcycle() - c0;
  printf("apifuzz: part %u seed %lu calls %lu ok %lu errors %lu hangs %lu traps %lu "
         "status_errors %lu wrong_calls %lu wrong_bytes %lu stray_calls %lu stray_bytes %lu "
         "events %lu cycles %lu\n",
         (unsigned)ADV_PART, (unsigned long)ADV_SEED, (unsigned long)fz_st.calls,
         (unsigned long)fz_st.ok, (unsigned long)fz_st.errors, (unsigned long)fz_st.hangs,
         (unsigned long)fz_st.traps, (unsigned long)fz_st.status_errors,
         (unsigned long)fz_st.wrong_calls, (unsigned long)fz_st.wrong_bytes,
         (unsigned long)fz_st.stray_calls, (unsigned long)fz_st.stray_bytes,
         (unsigned long)fz_st.events, (unsigned long)cycles);
#ifdef FZ_PROF
  printf("apifuzz-prof: call %lu judge %lu\n", (unsigned long)prof_call, (unsigned long)prof_judge);
#endif
  printf("apifuzz-codes:");
  for (unsigned c = 0; c < 12; c++) printf(" %lu", (unsigned long)fz_st.by_code[c]);
  printf("\n");
  CHECK_EQ(fz_st.hangs, 0);
  CHECK_EQ(fz_st.traps, 0);
  CHECK_EQ(fz_st.status_errors, 0);
  CHECK_EQ(fz_st.wrong_calls, 0);
  CHECK_EQ(fz_st.stray_calls, 0);
  /* both kinds well exercised */
  CHECK(fz_st.ok > fz_st.calls / 8 && fz_st.errors > fz_st.calls / 8);
  return cv_test_done();
}

/* fz_on_stack(fn, top): fn() with sp = top, the caller's sp back afterwards. */
int fz_on_stack(int (*fn)(void), void *top);
__asm__(".text\n.align 2\n.globl fz_on_stack\nfz_on_stack:\n"
        "  addi sp, sp, -16\n  sw ra, 12(sp)\n  sw s0, 8(sp)\n  mv s0, sp\n"
        "  mv sp, a1\n  jalr a0\n  mv sp, s0\n  lw s0, 8(sp)\n  lw ra, 12(sp)\n"
        "  addi sp, sp, 16\n  ret\n");

int main(void) {
  guard_disarm();
  return fz_on_stack(campaign, fz_stack + sizeof fz_stack / sizeof fz_stack[0]);
}

/* ------------------------------------------------------------------ the modules of this part */
#if ADV_PART == 1
const fz_module_t *const fz_modules[] = {&fz_aes_module};
#elif ADV_PART == 2 || ADV_PART == 3
const fz_module_t *const fz_modules[] = {&fz_aes_module, &fz_l64_module};
#elif ADV_PART == 4
const fz_module_t *const fz_modules[] = {&fz_aes_module, &fz_chacha_module};
#elif ADV_PART == 5
const fz_module_t *const fz_modules[] = {&fz_aes_module, &fz_sha3_module};
#else
const fz_module_t *const fz_modules[] = {&fz_sha2_module};
#endif
const unsigned fz_nmodules = sizeof fz_modules / sizeof fz_modules[0];
