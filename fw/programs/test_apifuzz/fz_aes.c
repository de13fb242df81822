// SPDX-License-Identifier: Apache-2.0
/* fz_aes.c: the AES calls of apifuzz and their reference model (adversarial/apifuzz.md).
 *
 * Part 1 fuzzes the whole AES API (every key size; ECB, CBC, CFB128, OFB, CTR, CMAC; start, wait,
 * busy; init and zeroize) on every backend; parts 2 to 5 run its background jobs alone (init,
 * start in ECB and CTR, wait, busy, zeroize) among the other engines' calls, whose DMA and
 * coupling hub the jobs share.
 *
 * The model follows fw/drivers/README.md ("The contract") and cv_aes.h, in the order the README
 * gives: CV_ERR_ARG (NULL, direction, the buffers' rules), CV_ERR_LENGTH, CV_ERR_NOKEY (a context
 * that is none: never initialised, zero-filled or garbage, zeroized), CV_ERR_MODE (a start off
 * the DMA backends), an empty call CV_OK, CV_ERR_DMA (alignment), CV_ERR_BUSY (a background job
 * holds the engine). A CV_OK call's bytes come from the software library (fw/crypto) with the
 * context's key, kept per context. A background job's start on a DMA backend, by the context
 * whose key is in the engine (the model follows the key owner), leaves the memories and overlap
 * of in and out to the DMA: the start answers CV_OK and the wait CV_ERR_ARG (cv_aes.h). */
#include <string.h>

#include "cv_aes.h"
#include "fz.h"

#pragma GCC optimize("Oz")

#define FULL (ADV_PART == 1)
/* Drivers built for size (ADV_OS=1): every call takes the slow path, which checks in and out in
 * software before a start issues its job (no job is left to the DMA's check). */
#ifdef FZ_DRIVERS_OS
#define DRIVERS_OS 1
#else
#define DRIVERS_OS 0
#endif
#define NA (FULL ? 4 : 2)
#define MODE_CMAC 7u  /* the model's own code for a CMAC call */

enum { S_ZERO, S_GARB, S_DEAD, S_VALID, S_CORRUPT };

/* A context between guard bytes. */
static struct {
  uint8_t pre[16];
  cv_aes_ctx c;
  uint8_t post[16];
} box[NA] __attribute__((aligned(16)));

/* The model of each context: what it is, its backend and its key (the software schedule). */
static struct {
  uint8_t st, backend, aborted;
  cv_aes_sw_ctx ref;
} m[NA];
static int owner = -1;  /* the context whose key is in the engine; -1 none; -2 not known */
static struct {
  int slot;             /* -1: no job pending */
  uint8_t mode, deferred, lax;
  uint8_t *out;
  uint32_t n;
  uint8_t iv[16];       /* the IV or counter its wait returns */
} job = {-1, 0, 0, 0, NULL, 0, {0}};
static uint8_t job_exp[FZ_JOB_N];
static uint8_t e_in[FZ_DATA_N], e_out[FZ_DATA_N], e_iv[16], e_key[32];

static int is_dma(unsigned b) { return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA; }

/* ------------------------------------------------------------------ the call */
enum { A_INIT, A_ECB, A_CBC, A_CFB, A_OFB, A_CTR, A_CMAC, A_START, A_WAIT, A_ZERO, A_BUSY };
static const char *const api_name[] = {"aes_init", "aes_ecb", "aes_cbc", "aes_cfb128",
                                       "aes_ofb", "aes_ctr", "aes_cmac", "aes_start",
                                       "aes_wait", "aes_zeroize", "aes_busy"};
static struct {
  int api;
  cv_aes_ctx *c;
  uint32_t dir, mode, backend;
  uint8_t *iv;
  const uint8_t *in;
  uint8_t *out;
  size_t len;
} A;

static int call(void) {
  switch (A.api) {
    case A_INIT: return cv_aes_init(A.c, (cv_backend_t)A.backend, A.in, A.len);
#if FULL
    case A_ECB: return cv_aes_ecb(A.c, (cv_dir_t)A.dir, A.in, A.out, A.len);
    case A_CBC: return cv_aes_cbc(A.c, (cv_dir_t)A.dir, A.iv, A.in, A.out, A.len);
    case A_CFB: return cv_aes_cfb128(A.c, (cv_dir_t)A.dir, A.iv, A.in, A.out, A.len);
    case A_OFB: return cv_aes_ofb(A.c, A.iv, A.in, A.out, A.len);
    case A_CTR: return cv_aes_ctr(A.c, A.iv, A.in, A.out, A.len);
    case A_CMAC: return cv_aes_cmac(A.c, A.in, A.len, A.iv);
#endif
    case A_START:
      return cv_aes_start(A.c, (cv_aes_mode_t)A.mode, (cv_dir_t)A.dir, A.iv, A.in, A.out, A.len);
    case A_WAIT: return cv_aes_wait(A.c, A.iv);
    case A_ZERO: cv_aes_zeroize(A.c); return CV_OK;
    default: return cv_aes_busy(A.c) ? CV_ERR_BUSY : CV_OK;
  }
}

/* ------------------------------------------------------------------ the reference */
/* The bytes of a CV_OK cipher call into e_out (and the IV or counter into e_iv), from the
 * bytes the call reads as they were before it. */
static void reference(int slot, uint32_t mode, uint32_t dir, const uint8_t *iv, const uint8_t *in,
                      size_t len) {
  const cv_aes_sw_ctx *k = &m[slot].ref;
  const cv_dir_t d = (cv_dir_t)dir;
  memcpy(e_in, fz_src(in), len);
  if (mode != CV_AES_MODE_ECB) memcpy(e_iv, fz_src(iv), 16);
  int e;
  switch (mode) {
    case CV_AES_MODE_ECB: e = cv_aes_sw_ecb(k, d, e_in, e_out, len); break;
    case CV_AES_MODE_CTR: e = cv_aes_sw_ctr(k, e_iv, e_in, e_out, len); break;
#if FULL
    case CV_AES_MODE_CBC: e = cv_aes_sw_cbc(k, d, e_iv, e_in, e_out, len); break;
    case CV_AES_MODE_CFB128: e = cv_aes_sw_cfb128(k, d, e_iv, e_in, e_out, len); break;
    case CV_AES_MODE_OFB: e = cv_aes_sw_ofb(k, e_iv, e_in, e_out, len); break;
    default: e = cv_aes_sw_cmac(k, e_in, len, e_iv); break;
#else
    default: e = CV_ERR_MODE; break;
#endif
  }
  if (e != CV_OK) fz_report("reference failed", "aes", slot, (uint32_t)e, mode);
}

/* ------------------------------------------------------------------ the model */
#define GO 1  /* the checks passed: the call goes on to its operation */

/* A cipher, CMAC or start call of slot (-1: NULL): the contract's answer, or GO. *deferred, for
 * a start whose in/out break the rules: 1 left to the DMA (the start answers CV_OK, the wait
 * CV_ERR_ARG); 2 a changed context's (any answer); 3 the key owner not known (CV_ERR_ARG now,
 * or 1). */
static int predict_call(int op, int slot, uint32_t mode, uint32_t dir, const uint8_t *iv,
                        const uint8_t *in, const uint8_t *out, size_t len, int *deferred) {
  *deferred = 0;
  if (slot < 0) return CV_ERR_ARG;
  const int wholes = mode == CV_AES_MODE_ECB || mode == CV_AES_MODE_CBC;
  if (FULL && op == A_CMAC) {
    if (!iv || (len && !in)) return CV_ERR_ARG;
    if (!fz_wr_ok(iv, 16) || (len && (!fz_rd_ok(in, len) || fz_overlap(in, len, iv, 16))))
      return CV_ERR_ARG;
  } else {
    if (dir > 1u || (len && (!in || !out))) return CV_ERR_ARG;
    if (op == A_START && mode > CV_AES_MODE_CTR) return CV_ERR_MODE;  /* cv_aes.h */
    if (mode != CV_AES_MODE_ECB && !iv) return CV_ERR_ARG;
    if (len && mode != CV_AES_MODE_ECB && !fz_wr_ok(iv, 16)) return CV_ERR_ARG;
    if (len && (!fz_rd_ok(in, len) || !fz_wr_ok(out, len) || fz_overlap(in, len, out, len))) {
      /* the start of the key owner on a DMA backend issues the job; the DMA refuses it */
      const uint8_t b = m[slot].backend;
      if (op == A_START && m[slot].st == S_CORRUPT && fz_al(in, 16) && fz_al(out, 16))
        *deferred = 2;  /* not known: the caller allows any answer */
      else if (!DRIVERS_OS && op == A_START && (owner == slot || owner == -2) &&
               m[slot].st == S_VALID && is_dma(b) && job.slot < 0 && fz_al(in, 16) &&
               fz_al(out, 16) && (uintptr_t)in >= CV_DMEM_BASE && !(wholes && (len & 15)) &&
               !(mode == CV_AES_MODE_CFB128 && dir && (len & 15)))
        *deferred = owner == slot ? 1 : 3;  /* 3: the key owner not known, either answer */
      else
        return CV_ERR_ARG;
      if (*deferred >= 2) return CV_ERR_ARG;
    }
  }
  if (wholes && (len & 15)) return CV_ERR_LENGTH;
  switch (m[slot].st) {
    case S_VALID: break;
    case S_CORRUPT: return GO;  /* the caller makes it lax */
    default: return CV_ERR_NOKEY;
  }
  const uint8_t b = m[slot].backend;
  if (op == A_START && !is_dma(b)) return CV_ERR_MODE;
  if (op != A_CMAC && len == 0) return CV_OK;
  const uintptr_t io = (uintptr_t)in | (op == A_CMAC ? 0 : (uintptr_t)out);
  if (is_dma(b) && len && !fz_al((const void *)io, 16)) return CV_ERR_DMA;
  if (b == CV_BACKEND_SW) return GO;
  if (job.slot >= 0) return CV_ERR_BUSY;
  return GO;
}

static void job_clear(void) {
  job.slot = -1;
  fz_job_out = NULL;
}

/* After a trap or a hang: every context zero-filled, the engine and the job cleared. */
static void reset(void) {
  for (int i = 0; i < NA; i++) {
    memset(&box[i].c, 0, sizeof box[i].c);
    m[i].st = S_ZERO;
    m[i].aborted = 0;
  }
  box[0].c.backend = CV_BACKEND_CPI;
  cv_aes_zeroize(&box[0].c);  /* a hardware backend: the engine and a pending job cleared */
  memset(&box[0].c, 0, sizeof box[0].c);
  owner = -1;
  job_clear();
  static int guarded;
  if (!guarded) {
    guarded = 1;
    for (int i = 0; i < NA; i++) {
      fz_guard_add(box[i].pre, sizeof box[i].pre);
      fz_guard_add(box[i].post, sizeof box[i].post);
    }
  }
}

/* A context that is no context (zero-filled or garbage, its backend field set or not), or a
 * valid one with one byte changed: not a call, an event. */
static void event(int slot) {
  fz_st.events++;
  uint8_t *c = (uint8_t *)&box[slot].c;
  const uint32_t k = fz_below(4);
  switch (k) {
    case 0:
    case 1:
      fz_spoil(c, sizeof box[slot].c, &box[slot].c.backend, (int)k);
      m[slot].st = k ? S_GARB : S_ZERO;
      m[slot].aborted = 0;
      break;
    default:
      if (m[slot].st != S_VALID) return;
      /* the control words (backend, key size, id, check word) or any byte */
      {
        const size_t n = sizeof box[slot].c;
        size_t i = fz_below(2) ? fz_below(8) : fz_below((uint32_t)n);
        if (fz_below(3) == 0) i = n - 8 + fz_below(8);
        c[i] ^= (uint8_t)(1u + fz_below(255));
      }
      m[slot].st = S_CORRUPT;
      break;
  }
}

static void op_init(int slot) {
  static const uint8_t klens[] = {16, 24, 32, 16, 24, 32, 0, 15, 17, 20, 31, 33, 64};
  A.api = A_INIT;
  A.c = slot < 0 ? NULL : &box[slot].c;
  A.backend = fz_below(32) ? fz_below(CV_BACKEND_COUNT) : (fz_below(2) ? 5u : 0xFFFFFFFFu);
  if (!FULL && fz_below(4)) A.backend = CV_BACKEND_CPI_DMA + fz_below(2);
  A.len = klens[fz_below(fz_below(8) ? 6 : sizeof klens)];
  A.in = fz_pick_aux(32, 1);
  if (fz_in_arena(A.in, 32)) fz_fill((uint8_t *)A.in, 32);
  int want;
  if (slot < 0 || !A.in || A.backend >= CV_BACKEND_COUNT) want = CV_ERR_ARG;
  else if (A.len != 16 && A.len != 24 && A.len != 32) want = CV_ERR_KEYLEN;
  else if (!fz_rd_ok(A.in, A.len)) want = CV_ERR_ARG;
  else if ((A.backend != CV_BACKEND_SW || job.slot == slot) && job.slot >= 0) want = CV_ERR_BUSY;
  else want = CV_OK;
  if (want == CV_OK) memcpy(e_key, fz_src(A.in), A.len);
  fz_expect(want);
  const int st = fz_call(call);
  if (!fz_judge(st, api_name[A.api], slot, A.backend, A.len)) {
    if (slot >= 0 && st != FZ_TRAPPED && st != FZ_HUNG) m[slot].st = S_CORRUPT;
    owner = -2;
    return;
  }
  if (st != CV_OK) return;
  m[slot].st = S_VALID;
  m[slot].backend = (uint8_t)A.backend;
  m[slot].aborted = 0;  /* a new context: an old job's abort is not its own */
  (void)cv_aes_sw_init(&m[slot].ref, e_key, A.len);
  if (A.backend != CV_BACKEND_SW) owner = slot;
}

/* Cipher and CMAC calls, and starts. */
static void op_call(int slot, int api) {
  static const uint8_t start_modes[] = {CV_AES_MODE_ECB, CV_AES_MODE_CBC, CV_AES_MODE_CFB128,
                                        CV_AES_MODE_OFB, CV_AES_MODE_CTR};
  uint32_t mode;
  A.api = api;
  A.c = slot < 0 ? NULL : &box[slot].c;
  A.dir = fz_below(2);
  if (fz_one_in(32)) A.dir = fz_below(2) ? 2u : 0xFFFFFFFFu;
  switch (api) {
    case A_ECB: mode = CV_AES_MODE_ECB; break;
    case A_CBC: mode = CV_AES_MODE_CBC; break;
    case A_CFB: mode = CV_AES_MODE_CFB128; break;
    case A_OFB: mode = CV_AES_MODE_OFB; A.dir = 0; break;
    case A_CTR: mode = CV_AES_MODE_CTR; A.dir = 0; break;
    case A_CMAC: mode = MODE_CMAC; A.dir = 0; break;
    default:
      mode = FULL ? start_modes[fz_below(5)] : (fz_below(2) ? CV_AES_MODE_CTR : CV_AES_MODE_ECB);
      if (!FULL && mode == CV_AES_MODE_ECB && A.dir < 2) A.dir = CV_ENCRYPT;
      if (fz_one_in(32)) mode = fz_below(2) ? 5u : 0xFFu;
      break;
  }
  A.mode = mode;
  /* the buffers: the data zone for blocking calls, the job zone for starts (no other call
   * touches it while a job runs) */
  const int start = api == A_START;
  const unsigned zone = start ? FZ_JOB : FZ_DATA, zone_n = start ? FZ_JOB_N : FZ_DATA_N;
  A.len = fz_len(16, start ? 128 : 192);
#if FULL
  if (api == A_CMAC) {
    A.out = NULL;
    A.iv = fz_pick_aux(16, 0);
    switch (fz_below(8)) {  /* the tag: apart, at the message's start, or inside it */
      case 0:
        A.in = fz_pick(zone, zone_n, A.len, 1);
        if (A.in) A.iv = (uint8_t *)A.in;
        break;
      case 1:
        A.in = fz_pick(zone, zone_n, A.len + 16, 1);
        if (fz_in_arena(A.in, 1)) A.iv = (uint8_t *)A.in + fz_below((uint32_t)A.len + 16);
        break;
      default: A.in = fz_pick(zone, zone_n, A.len, 1); break;
    }
  } else
#endif
  {
    fz_pick_io(zone, zone_n, A.len, &A.in, &A.out);
    A.iv = fz_pick_aux(16, 0);
    if (mode == CV_AES_MODE_ECB && fz_below(2)) A.iv = NULL;
  }
  /* fresh input and IV (a counter near its wrap now and then); not while a job runs: its
   * input is in the job zone */
  if (A.len <= FZ_DATA_N && fz_in_arena(A.in, A.len) && !(start && job.slot >= 0))
    fz_fill((uint8_t *)A.in, A.len);
  if (fz_in_arena(A.iv, 16)) {
    fz_fill(A.iv, 16);
    if (fz_one_in(8)) {
      memset(A.iv, 0xFF, 14);
      memset(fz_shp(A.iv), 0xFF, 14);
    }
  }
  if (A.out) fz_watch(A.out, A.len);
  if (A.iv) fz_watch(A.iv, 16);

  int deferred;
  const int r = predict_call(api, slot, mode, A.dir, A.iv, A.in, A.out, A.len, &deferred);
  const int corrupt = slot >= 0 && m[slot].st == S_CORRUPT;
  fz_expect(r == GO ? CV_OK : r);
  /* a changed context's start with in/out that break the rules: refused now, or a job the DMA
   * refuses (its wait answers) */
  const int maybe = start && deferred >= 2;
  if (deferred == 2) fz_p.any = 1;
  if (deferred == 3) fz_p.alt = CV_OK;  /* issued, and refused by the DMA: its wait answers */
  if (r == GO) {
    if (corrupt) {
      fz_p.any = 1;
      fz_p.lax = 1;
    }
    if (FULL && api == A_CMAC) {
      if (!corrupt) reference(slot, mode, A.dir, A.iv, A.in, A.len);
      fz_dest(A.iv, 16, corrupt ? NULL : e_iv);
    } else if (FULL && !start) {
      if (!corrupt) reference(slot, mode, A.dir, A.iv, A.in, A.len);
      fz_dest(A.out, (uint32_t)A.len, corrupt ? NULL : e_out);
      if (mode != CV_AES_MODE_ECB) fz_dest(A.iv, 16, corrupt ? NULL : e_iv);
    } else if (fz_in_arena(A.out, A.len) && !deferred && job.slot < 0) {
      /* the job's destination, as the DMA writes it in the background: each byte as before or
       * as the job leaves it (a changed context's job: anything, its own value) */
      if (!corrupt) {
        reference(slot, mode, A.dir, A.iv, A.in, A.len);
        memcpy(job_exp, e_out, A.len);
      }
      fz_job_out = A.out;
      fz_job_n = (uint32_t)A.len;
      fz_job_exp = corrupt ? A.out : job_exp;
    }
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[api], slot, slot < 0 ? 9u : m[slot].backend, A.len);
  if (st == FZ_TRAPPED || st == FZ_HUNG) return;
  if (start) {
    if (st == CV_OK && A.len && slot >= 0 && job.slot < 0) {
      /* a job runs (also one the model did not expect: reported, then followed laxly) */
      job.slot = slot;
      job.mode = (uint8_t)mode;
      job.deferred = (uint8_t)(deferred == 1 || deferred == 3);
      job.lax = (uint8_t)(corrupt || !(r == GO || maybe));
      job.out = A.out;
      job.n = (uint32_t)A.len;
      memcpy(job.iv, e_iv, 16);
      m[slot].aborted = 0;
      if (deferred) fz_job_out = NULL;
    } else if (job.slot < 0) {
      fz_job_out = NULL;  /* no job: the start was refused */
    }
  }
  if (!good) {
    if (slot >= 0 && m[slot].st == S_VALID) m[slot].st = S_CORRUPT;
    owner = -2;
    return;
  }
  /* the key owner: a hardware context's call that claimed the engine */
  if (slot >= 0 && m[slot].st == S_VALID && m[slot].backend != CV_BACKEND_SW && r == GO)
    owner = slot;
  if (corrupt && st != CV_ERR_ARG && st != CV_ERR_LENGTH && st != CV_ERR_NOKEY) owner = -2;
}

/* A lax job (a changed context's) ends: its destination holds whatever it left. */
static void job_adopt(void) {
  if (job.lax && fz_in_arena(job.out, job.n)) memcpy(fz_shp(job.out), job.out, job.n);
}

static void op_wait(int slot) {
  A.api = A_WAIT;
  A.c = slot < 0 ? NULL : &box[slot].c;
  A.iv = fz_below(8) ? fz_pick_aux(16, 0) : NULL;
  /* a changed context's wait: an IV the rules take, so that CV_ERR_ARG cannot mean "the job
   * stays pending" (its answer tells whether the job ended) */
  if (slot >= 0 && m[slot].st == S_CORRUPT && !fz_wr_ok(A.iv, 16)) A.iv = NULL;
  if (A.iv && fz_in_arena(A.iv, 16)) fz_fill(A.iv, 16);
  if (A.iv && !fz_in_arena(A.iv, 1)) fz_watch(A.iv, 16);
  int want, completes = 0;
  if (slot < 0) want = CV_ERR_ARG;
  else if (m[slot].st == S_CORRUPT) want = CV_OK;
  else if (m[slot].st != S_VALID) want = CV_ERR_NOKEY;
  else if (job.slot != slot) want = m[slot].aborted ? CV_ERR_ABORTED : CV_OK;
  else if (A.iv && !fz_wr_ok(A.iv, 16)) want = CV_ERR_ARG;
  else {
    want = job.deferred ? CV_ERR_ARG : CV_OK;
    completes = 1;
  }
  fz_expect(want);
  if (slot >= 0 && m[slot].st == S_CORRUPT) {
    fz_p.any = 1;
    fz_p.lax = 1;
    if (A.iv) fz_dest(A.iv, 16, NULL);
    if (job.slot == slot) fz_dest(job.out, job.n, NULL);
  } else if (completes && want == CV_OK) {
    if (A.iv && job.mode != CV_AES_MODE_ECB) fz_dest(A.iv, 16, job.iv);
    if (job.lax) {  /* a changed context's job: its answer and bytes are not known */
      fz_p.any = 1;
      fz_p.lax = 1;
      fz_dest(job.out, job.n, NULL);
    } else {
      fz_dest(job.out, job.n, job_exp);
      fz_job_out = NULL;  /* the job's bytes are final now: checked exactly */
    }
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, "aes_wait", slot, slot < 0 ? 9u : m[slot].backend, job.n);
  if (st == FZ_TRAPPED || st == FZ_HUNG) return;
  if (slot < 0) return;
  if (m[slot].st == S_CORRUPT) {
    if (job.slot == slot && st != CV_ERR_NOKEY) {
      job_adopt();
      job_clear();
    }
    return;
  }
  if (!good) {
    m[slot].st = S_CORRUPT;
    owner = -2;
  }
  if (want == CV_ERR_ABORTED && st == CV_ERR_ABORTED) m[slot].aborted = 0;
  if (completes && (good || st == CV_OK || st == CV_ERR_ARG)) {
    job_adopt();
    job_clear();
  }
}

static void op_zeroize(int slot) {
  A.api = A_ZERO;
  A.c = slot < 0 ? NULL : &box[slot].c;
  fz_expect(CV_OK);
  const uint32_t field = slot < 0 ? 0u : (uint32_t)box[slot].c.backend;
  const int hw = slot >= 0 && field != CV_BACKEND_SW && field < CV_BACKEND_COUNT;
  const int st = fz_call(call);
  (void)fz_judge(st, "aes_zeroize", slot, field, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || slot < 0) return;
  if (hw) {
    owner = -1;
    if (job.slot >= 0) {
      if (job.slot != slot) m[job.slot].aborted = 1;
      /* the job's destination holds what the DMA wrote before the engine stopped */
      if (fz_job_out) memcpy(fz_shp(fz_job_out), fz_job_out, fz_job_n);
      job_clear();
    }
  }
  m[slot].aborted = 0;
  m[slot].st = S_DEAD;
}

static void op_busy(int slot) {
  A.api = A_BUSY;
  A.c = slot < 0 ? NULL : &box[slot].c;
  fz_expect(CV_OK);
  if (job.slot >= 0) fz_p.alt = CV_ERR_BUSY;  /* 1 while the DMA still runs the job */
  (void)fz_judge(fz_call(call), "aes_busy", slot, 0, 0);
}

/* The calls' shares (per cent of this module's operations). */
#if FULL
static const uint8_t weights[] = {
    [A_INIT] = 14, [A_ECB] = 8, [A_CBC] = 8, [A_CFB] = 8, [A_OFB] = 6, [A_CTR] = 8, [A_CMAC] = 8,
    [A_START] = 14, [A_WAIT] = 13, [A_ZERO] = 4, [A_BUSY] = 2, [A_BUSY + 1] = 7 /* events */};
#else
static const uint8_t weights[] = {[A_INIT] = 20, [A_START] = 30, [A_WAIT] = 25, [A_ZERO] = 6,
                                  [A_BUSY] = 4, [A_BUSY + 1] = 15 /* events */};
#endif

static void op(void) {
  const int slot = fz_one_in(64) ? -1 : (int)fz_below(NA);
  uint32_t r = fz_below(100);
  int api = 0;
  while (r >= weights[api]) r -= weights[api++];
  switch (api) {
    case A_INIT: op_init(slot); break;
    case A_WAIT: op_wait(slot); break;
    case A_ZERO: op_zeroize(slot); break;
    case A_BUSY: op_busy(slot); break;
    case A_BUSY + 1:
      if (slot >= 0) event(slot);
      else op_busy(slot);
      break;
    default: op_call(slot, api); break;
  }
}

int fz_aes_job_running(void) { return job.slot >= 0 && cv_aes_busy(NULL); }
int fz_aes_job_pending(void) { return job.slot >= 0; }

const fz_module_t fz_aes_module = {"aes", op, reset, FULL ? 1u : 2u};
