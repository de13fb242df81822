// SPDX-License-Identifier: Apache-2.0
/* fz_sha3.c: the SHA-3 calls of apifuzz (part 3) and their reference model
 * (adversarial/apifuzz.md): init, update, squeeze, final of three streaming contexts, and the
 * one-shot hash, every algorithm on every backend.
 *
 * The model follows fw/drivers/README.md ("The contract") and cv_sha3.h, in the README's order:
 * ARG (NULL, backend, algorithm, the buffers' rules), NOKEY (a context that is none), ARG (the
 * message ended by final; an update after a squeeze), MODE (a squeeze of SHA3-*), OUTLEN (a
 * SHA3-* digest of another size), ABORTED (the engine holds one message: another context's
 * init, a one-shot hash on a hardware backend, or a zeroize took it), DMA (the one-shot hash on
 * a DMA backend: a message not 16-byte aligned, an output above 64 bytes not aligned), then
 * CV_OK with the software library's bytes. While an AES background job is pending the one-call
 * hash that needs the DMA answers CV_ERR_BUSY (the job holds the DMA until its wait), and a
 * hardware call may while the job's transfer runs, changing nothing (a message goes on). */
#include <string.h>

#include "cv_sha3.h"
#include "fz.h"

#pragma GCC optimize("Oz")

#define NS 3
enum { S_ZERO, S_GARB, S_DEAD, S_LIVE, S_ENDED, S_CORRUPT };
static const uint8_t md_bytes[6] = {28, 32, 48, 64, 0, 0};

static struct {
  uint8_t pre[16];
  cv_sha3_ctx c;
  uint8_t post[16];
} box[NS] __attribute__((aligned(16)));
static struct {
  uint8_t st, backend, alg, squeezing;
  cv_sha3_sw_ctx ref;
} m[NS];
static int owner = -1;  /* the context whose message is in the engine; -1 none */
static uint8_t e_in[FZ_DATA_N], e_out[FZ_DATA_N];
static cv_sha3_sw_ctx next;

static int is_dma(unsigned b) { return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA; }

enum { H_INIT, H_UPDATE, H_SQUEEZE, H_FINAL, H_HASH, H_ZERO };
static const char *const api_name[] = {"sha3_init", "sha3_update", "sha3_squeeze",
                                       "sha3_final", "sha3_hash", "sha3_zeroize"};
static struct {
  int api;
  cv_sha3_ctx *c;
  uint32_t backend;
  int alg;
  const uint8_t *in;
  uint8_t *out;
  size_t len, outlen;
} A;

static int call(void) {
  switch (A.api) {
    case H_INIT: return cv_sha3_init(A.c, (cv_backend_t)A.backend, A.alg);
    case H_UPDATE: return cv_sha3_update(A.c, A.in, A.len);
    case H_SQUEEZE: return cv_sha3_squeeze(A.c, A.out, A.outlen);
    case H_FINAL: return cv_sha3_final(A.c, A.out, A.outlen);
    case H_HASH:
      return cv_sha3_hash((cv_backend_t)A.backend, A.alg, A.in, A.len, A.out, A.outlen);
    default: cv_sha3_zeroize(A.c); return CV_OK;
  }
}

static void reset(void) {
  FZ_RESET_SLOTS(box, m, NS, S_ZERO);
  box[0].c.backend = CV_BACKEND_MMIO;
  cv_sha3_zeroize(&box[0].c);
  memset(&box[0].c, 0, sizeof box[0].c);
  owner = -1;
}

static void event(int s) {
  fz_st.events++;
  uint8_t *c = (uint8_t *)&box[s].c;
  const uint32_t k = fz_below(4);
  switch (k) {
    case 0:
    case 1:
      fz_spoil(c, sizeof box[s].c, &box[s].c.backend, (int)k);
      m[s].st = k ? S_GARB : S_ZERO;
      break;
    default: {
      if (m[s].st != S_LIVE && m[s].st != S_ENDED) return;
      /* the control words (backend, algorithm, id, held bytes), the check word, or any byte */
      size_t i = fz_below(2) ? fz_below(32) : fz_below((uint32_t)sizeof box[s].c);
      if (fz_below(4) == 0) i = sizeof box[s].c - 4 + fz_below(4);
      c[i] ^= (uint8_t)(1u + fz_below(255));
      m[s].st = S_CORRUPT;
      break;
    }
  }
}

/* The engine's message is gone (another message took it, or a zeroize). */
static void engine_lost(void) { owner = -1; }

static int alg_pick(void) {
  if (fz_one_in(32)) return fz_below(2) ? 6 : -1;
  return (int)fz_below(6);
}

static void op_init(int s) {
  A.api = H_INIT;
  A.c = s < 0 ? NULL : &box[s].c;
  A.backend = fz_below(32) ? fz_below(CV_BACKEND_COUNT) : 7u;
  A.alg = alg_pick();
  int want = CV_OK;
  if (s < 0 || A.backend >= CV_BACKEND_COUNT || (unsigned)A.alg > CV_SHAKE256) want = CV_ERR_ARG;
  fz_expect(want);
  const int hw = A.backend != CV_BACKEND_SW;
  if (want == CV_OK && hw && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[H_INIT], s, A.backend, (size_t)A.alg);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (!good) {
    m[s].st = S_CORRUPT;
    return;
  }
  if (st != CV_OK) return;  /* refused: as it was */
  m[s].st = S_LIVE;
  m[s].backend = (uint8_t)A.backend;
  m[s].alg = (uint8_t)A.alg;
  m[s].squeezing = 0;
  (void)cv_sha3_sw_init(&m[s].ref, A.alg);
  if (hw) owner = s;
  else if (owner == s) owner = -1;  /* its old message, if any, stays in the engine unowned */
}

/* update, squeeze, final of context s. */
static void op_stream(int s, int api) {
  A.api = api;
  A.c = s < 0 ? NULL : &box[s].c;
  const int wr = api != H_UPDATE;
  size_t n;
  if (wr) {
    const int alg = s < 0 ? 0 : m[s].alg;
    n = fz_len(8, 200);
    if (api == H_FINAL && alg < CV_SHAKE128 && fz_below(4)) n = md_bytes[alg];
    A.outlen = n;
    A.out = fz_data_out(n);
  } else {
    n = fz_len(8, 200);
    A.len = n;
    A.in = fz_data_in(n);
  }
  const void *buf = wr ? (const void *)A.out : (const void *)A.in;
  int want = CV_OK, go = 0;
  const int hw = s >= 0 && m[s].backend != CV_BACKEND_SW;
  if (s < 0 || (!buf && n)) want = CV_ERR_ARG;
  else if (n && (wr ? !fz_wr_ok(buf, n) : !fz_rd_ok(buf, n))) want = CV_ERR_ARG;
  else if (m[s].st == S_CORRUPT) go = 1;
  else if (m[s].st != S_LIVE && m[s].st != S_ENDED) want = CV_ERR_NOKEY;
  else if (m[s].st == S_ENDED) want = CV_ERR_ARG;
  else if (api == H_SQUEEZE && m[s].alg < CV_SHAKE128) want = CV_ERR_MODE;
  else if (api == H_FINAL && m[s].alg < CV_SHAKE128 && n != md_bytes[m[s].alg])
    want = CV_ERR_OUTLEN;
  else if (hw && owner != s) want = CV_ERR_ABORTED;
  else if (api == H_UPDATE && m[s].squeezing) want = CV_ERR_ARG;
  else go = 1;
  fz_expect(want);
  if (go) {
    if (m[s].st == S_CORRUPT) {
      fz_p.any = 1;
      fz_p.lax = 1;
      if (wr) fz_dest(A.out, (uint32_t)n, NULL);
    } else {
      next = m[s].ref;
      int r;
      if (api == H_UPDATE) {
        memcpy(e_in, fz_src(A.in), n);
        r = cv_sha3_sw_update(&next, e_in, n);
      } else if (api == H_SQUEEZE) {
        r = cv_sha3_sw_squeeze(&next, e_out, n);
      } else {
        r = cv_sha3_sw_final(&next, e_out, n);
      }
      if (r != CV_OK) fz_report("reference failed", api_name[api], s, (uint32_t)r, 0);
      if (wr) fz_dest(A.out, (uint32_t)n, e_out);
      if (hw && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
    }
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[api], s, s < 0 ? 9u : m[s].backend, n);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (m[s].st == S_CORRUPT) {
    /* a changed context's call may have started, ended or dropped the engine's message */
    if (hw || st == CV_OK) owner = owner == s ? -1 : owner;
    return;
  }
  if (!good) {
    m[s].st = S_CORRUPT;
    if (owner == s) owner = -1;
    return;
  }
  if (!go || st != CV_OK) return;
  m[s].ref = next;
  if (api == H_SQUEEZE) m[s].squeezing = 1;
  if (api == H_FINAL) {
    m[s].st = S_ENDED;
    if (hw && owner == s) owner = -1;
  }
}

/* The DMA backends' one-shot hash: 0 when it runs without the DMA (no output, or one longer than
 * the engine's OUTLEN; a 16-byte aligned message in program memory), 1 when it is CV_ERR_DMA
 * (buffers the DMA cannot take and the driver does not move itself, cv_sha3.h), 2 for a DMA
 * job. */
static int hash_dma_kind(const uint8_t *msg, size_t len, const uint8_t *out, size_t n) {
  if (n == 0 || n > 65535u) return 0;
  if (len && (uintptr_t)msg < CV_DMEM_BASE && fz_al(msg, 16)) return 0;
  if (len && !fz_al(msg, 16)) return 1;
  return !fz_al(out, 16) && n > 64 ? 1 : 2;
}

static void op_hash(void) {
  A.api = H_HASH;
  A.backend = fz_below(32) ? fz_below(CV_BACKEND_COUNT) : 5u;
  A.alg = alg_pick();
  A.len = fz_len(8, 200);
  A.outlen = fz_len(8, 200);
  if (A.alg >= 0 && A.alg < CV_SHAKE128 && fz_below(4)) A.outlen = md_bytes[A.alg];
  switch (fz_below(8)) {  /* the digest: apart, at the message's start, or overlapping it */
    case 0:
      A.out = fz_pick(FZ_DATA, FZ_DATA_N, A.len > A.outlen ? A.len : A.outlen, 0);
      A.in = A.out;
      break;
    case 1: {
      const uint8_t *in;
      fz_pick_io(FZ_DATA, FZ_DATA_N, A.len, &in, &A.out);
      A.in = in;
      break;
    }
    default:
      A.in = fz_pick(FZ_DATA, FZ_DATA_N, A.len, 1);
      A.out = fz_pick(FZ_DATA, FZ_DATA_N, A.outlen, 0);
      break;
  }
  if (A.len <= FZ_DATA_N && fz_in_arena(A.in, A.len)) fz_fill((uint8_t *)A.in, A.len);
  fz_watch(A.out, A.outlen);
  const size_t len = A.len, n = A.outlen;
  const int hw = A.backend != CV_BACKEND_SW;
  int want = CV_OK;
  if ((!A.in && len) || (!A.out && n) || A.backend >= CV_BACKEND_COUNT ||
      (unsigned)A.alg > CV_SHAKE256)
    want = CV_ERR_ARG;
  else if ((len && !fz_rd_ok(A.in, len)) || (n && !fz_wr_ok(A.out, n)) ||
           (len && n && fz_overlap(A.in, len, A.out, n)))
    want = CV_ERR_ARG;
  else if (A.alg < CV_SHAKE128 && n != md_bytes[A.alg]) want = CV_ERR_OUTLEN;
  else if (is_dma(A.backend) && hash_dma_kind(A.in, len, A.out, n) == 1) want = CV_ERR_DMA;
  else if (is_dma(A.backend) && hash_dma_kind(A.in, len, A.out, n) == 2 && fz_aes_job_pending())
    want = CV_ERR_BUSY;  /* an AES background job holds the DMA until its wait */
  fz_expect(want);
  if (want == CV_OK) {
    memcpy(e_in, fz_src(A.in), len);
    const int r = cv_sha3_sw_hash(A.alg, e_in, len, e_out, n);
    if (r != CV_OK) fz_report("reference failed", "sha3_hash", -1, (uint32_t)r, 0);
    fz_dest(A.out, (uint32_t)n, e_out);
    if (hw && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, "sha3_hash", -1, A.backend, len);
  if (st == FZ_TRAPPED || st == FZ_HUNG) return;
  /* a hash on a hardware backend takes the engine: the message in it is gone */
  if (hw && st == CV_OK) engine_lost();
  if (!good) engine_lost();
}

static void op_zeroize(int s) {
  A.api = H_ZERO;
  A.c = s < 0 ? NULL : &box[s].c;
  fz_expect(CV_OK);
  const uint32_t field = s < 0 ? 0u : (uint32_t)box[s].c.backend;
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[H_ZERO], s, field, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (field != CV_BACKEND_SW && field < CV_BACKEND_COUNT) engine_lost();
  m[s].st = S_DEAD;
}

static void op(void) {
  const int s = fz_one_in(64) ? -1 : (int)fz_below(NS);
  switch (fz_below(24)) {
    case 0: case 1: case 2: case 3: op_init(s); break;
    case 4: case 5: case 6: case 7: case 8: case 9: op_stream(s, H_UPDATE); break;
    case 10: case 11: case 12: op_stream(s, H_SQUEEZE); break;
    case 13: case 14: case 15: op_stream(s, H_FINAL); break;
    case 16: case 17: case 18: case 19: op_hash(); break;
    case 20: op_zeroize(s); break;
    default:
      if (s >= 0) event(s);
      else op_hash();
      break;
  }
}

const fz_module_t fz_sha3_module = {"sha3", op, reset, 3u};
