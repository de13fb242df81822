// SPDX-License-Identifier: Apache-2.0
/* fz.h: the harness of the API-level fuzzing campaign apifuzz (adversarial/apifuzz.md), shared
 * by the driver modules (fz_aes.c, fz_l64.c, fz_chacha.c, fz_sha3.c, fz_sha2.c).
 *
 * One operation is one call of a driver API. Before it, the driver module draws the call's
 * arguments and asks its reference model of the contract (fw/drivers/README.md, "The contract")
 * what the call must answer (fz_pred_t: the status, the destinations and their expected bytes,
 * computed with the software library of fw/crypto). fz_call runs the call guarded: a trap, or a
 * call that has not returned after FZ_BUDGET cycles (the machine timer), is caught and counted,
 * and the campaign goes on. fz_judge then compares the status with the prediction and every
 * byte the call could reach with its expected value:
 *   - the arena (fz_mem: every buffer a call gets, with margins) against its shadow (fz_sh),
 *     which holds what the arena must hold after the call: the bytes before the call, with the
 *     expected output in the destinations of a call that returned CV_OK;
 *   - the guard bytes around every context (fz_guard_add);
 *   - the memory outside the arena that a refused call got as a destination (program memory,
 *     the end of data memory: fz_watch), which must be unchanged.
 * A byte that differs inside a destination is a wrong output byte, anywhere else a stray byte
 * (a write outside the destination). */
#ifndef FZ_H
#define FZ_H

#include <stddef.h>
#include <stdint.h>

#include "cv_backend.h"
#include "cv_memmap.h"
#include "cv_status.h"

#ifndef ADV_OPS
#define ADV_OPS 300u
#endif
#ifndef ADV_SEED
#define ADV_SEED 1u
#endif
/* Which drivers this image fuzzes (one image cannot hold them all at -O2): 1 AES; 2 PRINCE;
 * 3 PRESENT; 4 ChaCha; 5 SHA-3; 6 SHA-2. Parts 2 to 5 also run AES background jobs
 * (cv_aes_start) among their calls: the DMA and the coupling hub are shared. Part 6 runs SHA-2
 * alone: it uses no engine, hub or DMA (the core computes it), and its software library with
 * SHA-512 leaves no room for the AES driver at -O2. */
#ifndef ADV_PART
#define ADV_PART 1
#endif

/* ------------------------------------------------------------------ random */
uint32_t fz_rnd(void);
/* uniform in 0..n-1 */
uint32_t fz_below(uint32_t n);
static inline int fz_one_in(uint32_t n) { return fz_below(n) == 0; }
/* n random bytes at p and at the shadow of p (when p is in the arena) */
void fz_fill(uint8_t *p, size_t n);

/* ------------------------------------------------------------------ the arena */
/* fz_mem: a margin, the arena, a margin; fz_sh its shadow. The arena's zones: data (the in and
 * out buffers of the blocking calls), job (the in and out of the AES background jobs, which no
 * other call touches while a job runs), aux (IVs, counters, tags, keys, nonces). */
#define FZ_MARGIN 32u
#define FZ_DATA 0u
#define FZ_DATA_N 512u
#define FZ_JOB 512u
#define FZ_JOB_N 256u
#define FZ_AUX 768u
#define FZ_AUX_N 128u
#define FZ_ARENA_N 896u
#define FZ_MEM_N (FZ_ARENA_N + 2u * FZ_MARGIN)
extern uint8_t fz_mem[FZ_MEM_N], fz_sh[FZ_MEM_N];
#define FZ_AR (fz_mem + FZ_MARGIN)
/* The bytes a call reads at p, as they were before the call: the shadow for the arena, else
 * p itself (program memory: constant). */
const uint8_t *fz_src(const void *p);
/* The shadow of an arena pointer (NULL outside the arena). */
uint8_t *fz_shp(const void *p);
int fz_in_arena(const void *p, size_t n);

/* Pointers outside the memories' rules, for the calls' "bad" arguments. */
#define FZ_UNMAPPED ((uint8_t *)(uintptr_t)0x40000100u)
#define FZ_PERIPH ((uint8_t *)(uintptr_t)(CV_PRESENT_BASE + 0xF00u)) /* no register there */
#define FZ_WRAP ((uint8_t *)(uintptr_t)0xFFFFFFF0u)
#define FZ_DMEM_END ((uintptr_t)CV_DMEM_BASE + CV_DMEM_SIZE)
#define FZ_IMEM_END ((uintptr_t)CV_IMEM_BASE + CV_IMEM_SIZE)
/* Constant data in program memory (the input of some calls), 16-byte aligned. */
#define FZ_ROM_N 512u
extern const uint8_t fz_rom[FZ_ROM_N];

/* The rules of fw/drivers/README.md, written again here (not the drivers' cv_buf_*): 1 when
 * [p, p + n) lies in data memory (written buffers), in data or program memory (read ones); n of
 * 0 is always fine; 1 when two ranges overlap other than with the same start. */
int fz_wr_ok(const void *p, size_t n);
int fz_rd_ok(const void *p, size_t n);
int fz_overlap(const void *a, size_t an, const void *b, size_t bn);
static inline int fz_al(const void *p, uintptr_t a) { return ((uintptr_t)p & (a - 1u)) == 0; }

/* A buffer of n bytes for a call's argument. fz_out: written; fz_in: read (program memory
 * allowed); zone: FZ_DATA or FZ_JOB. Mostly good buffers at random offsets and alignments in the
 * zone, sometimes NULL or one of the bad kinds above. */
uint8_t *fz_pick(unsigned zone, unsigned zone_n, size_t n, int input);
/* in and out of a call of n bytes: apart, in place, overlapping at a random distance, next to
 * each other, an input in program memory, or bad pointers. */
void fz_pick_io(unsigned zone, unsigned zone_n, size_t n, const uint8_t **in, uint8_t **out);
/* A small buffer (IV, counter, tag, key, nonce) of n bytes in the aux zone, or a bad one; input:
 * program memory allowed. */
uint8_t *fz_pick_aux(size_t n, int input);
/* A length: 0, short, whole blocks of blk, whole blocks and a part, up to max. */
size_t fz_len(size_t blk, size_t max);
/* A streaming call's buffer of n bytes in the data zone: an output (fz_pick, watched: fz_watch)
 * or an input (fz_pick, filled with fresh random bytes where it lies in the arena). */
uint8_t *fz_data_out(size_t n);
const uint8_t *fz_data_in(size_t n);

/* ------------------------------------------------------------------ a call and its judgement */
#define FZ_NONE 1000        /* no alternative status */
#define FZ_TRAPPED 2000     /* fz_call: the call trapped */
#define FZ_HUNG 2001        /* fz_call: the call did not return within FZ_BUDGET cycles */
#define FZ_BUDGET 4000000u  /* cycles: far above any call, above the drivers' polled waits */
typedef struct {
  int want, alt;  /* the status the contract asks for, and another one it allows (FZ_NONE) */
  uint8_t any;    /* any status (a context changed after init, where the change is not seen) */
  uint8_t lax;    /* the destinations may hold any bytes after CV_OK (same case) */
  uint8_t nd;
  struct {
    uint8_t *p;
    uint32_t n;
    const uint8_t *exp; /* what CV_OK leaves there (NULL: not known, not checked) */
  } d[3];
} fz_pred_t;
extern fz_pred_t fz_p;
/* A new prediction: status want, no destination. */
void fz_expect(int want);
void fz_dest(uint8_t *p, uint32_t n, const uint8_t *exp);
/* Memory outside the arena a call gets as a destination (program memory, the top of data
 * memory): snapshot now, compared after the call and restored. */
void fz_watch(const void *p, size_t n);
/* Guard bytes (FZ_GUARD_BYTE) around a context: set now, checked after every call. */
#define FZ_GUARD_BYTE 0xC3u
void fz_guard_add(uint8_t *p, size_t n);
/* A context that is no context, an event between calls: its n bytes zero-filled (garbage 0) or
 * random (garbage 1), then its backend field set to a random backend half of the time. */
/* A module's slots box[0..n-1] (each a context c between guard bytes pre and post) zero-filled
 * and their model states m[].st set to zero; the guard bytes join the guard list at the first
 * call. */
#define FZ_RESET_SLOTS(box, m, n, zero)                        \
  do {                                                          \
    static int guarded_;                                        \
    for (int s_ = 0; s_ < (n); s_++) {                          \
      memset(&(box)[s_].c, 0, sizeof(box)[s_].c);               \
      (m)[s_].st = (zero);                                      \
      if (!guarded_) {                                          \
        fz_guard_add((box)[s_].pre, sizeof(box)[s_].pre);       \
        fz_guard_add((box)[s_].post, sizeof(box)[s_].post);     \
      }                                                         \
    }                                                           \
    guarded_ = 1;                                               \
  } while (0)
void fz_spoil(void *ctx, size_t n, cv_backend_t *backend, int garbage);

/* Run fn guarded: its result, FZ_TRAPPED or FZ_HUNG. */
int fz_call(int (*fn)(void));
/* Judge the call (name for the report, slot -1 or the context's): its status against fz_p,
 * every byte it could reach against the shadow. Returns 1 when all was as the contract says. */
int fz_judge(int st, const char *name, int slot, uint32_t backend, size_t len);
/* After a trap or a hang the drivers' state is unknown: each module resets its contexts and
 * model (fz_modules, one per driver of the image, in fz.c). */
typedef struct {
  const char *name;
  void (*op)(void);      /* one operation */
  void (*reset)(void);   /* after a trap or a hang: zeroize every engine, contexts zero-filled */
  uint32_t weight;
} fz_module_t;

/* ------------------------------------------------------------------ counters */
typedef struct {
  uint32_t calls, ok, errors, hangs, traps, status_errors, wrong_calls, wrong_bytes, stray_calls,
      stray_bytes, events;
  uint32_t by_code[12];
} fz_stats_t;
extern fz_stats_t fz_st;
/* One failure line (the first 40 of a run): the call's number, name and context slot, what went
 * wrong and two values (e.g. the status wanted and got). After a failure the module treats the
 * context as changed (any answer, its bytes not checked) until its next init or zeroize, so
 * that one fault is not counted again in every later call. */
void fz_report(const char *what, const char *name, int slot, uint32_t a, uint32_t b);

/* A pending AES background job's destination: its bytes are either as before or as the job
 * leaves them until its wait (the DMA writes them in the background). */
extern uint8_t *fz_job_out;
extern uint32_t fz_job_n;
extern const uint8_t *fz_job_exp;

/* The modules of this image. */
extern const fz_module_t fz_aes_module, fz_l64_module, fz_chacha_module, fz_sha3_module,
    fz_sha2_module;
/* parts 2 to 5: 1 while an AES background job may still run (cv_aes_busy), so that a call of
 * another engine on a hardware backend may answer CV_ERR_BUSY (the job owns the coupling hub
 * while it runs); fz_aes_job_pending: 1 from the job's start to its wait, while the job holds
 * the DMA (another engine's call that needs the DMA answers CV_ERR_BUSY, fw/drivers/README.md) */
int fz_aes_job_running(void);
int fz_aes_job_pending(void);

#endif /* FZ_H */
