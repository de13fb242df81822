// SPDX-License-Identifier: Apache-2.0
/* fz_sha2.c: the SHA-2 calls of apifuzz (part 6) and their reference model
 * (adversarial/apifuzz.md): init, update, final and zeroize of SHA-256/SHA-512 and of
 * HMAC-SHA-256 contexts, and the one-shot hash and HMAC, on every backend.
 *
 * The model follows fw/drivers/README.md ("The contract") and cv_sha2.h: ARG (NULL, an unknown
 * backend or algorithm, the buffers' rules), HW (a coupling backend: there is no SHA-2 engine;
 * isa in a firmware built without FW_ZK), NOKEY (a context that is none), ARG (a call after
 * final, no output), OUTLEN (a digest of another size, a tag of 0 or more than 32 bytes), then
 * CV_OK with the bytes of the software library's sw implementation, whichever backend runs (sw
 * and isa give identical bytes). SHA-2 uses no engine, so the AES background jobs change none
 * of its answers. */
#include <string.h>

#include "cv_sha2.h"
#include "fz.h"

#pragma GCC optimize("Oz")

#define NS 2
enum { S_ZERO, S_GARB, S_DEAD, S_LIVE, S_ENDED, S_CORRUPT };

static struct {
  uint8_t pre[16];
  cv_sha2_ctx c;
  uint8_t post[16];
} box[NS] __attribute__((aligned(16)));
static struct {
  uint8_t pre[16];
  cv_hmac_sha256_ctx c;
  uint8_t post[16];
} hbox[NS] __attribute__((aligned(16)));
static struct {
  uint8_t st, backend, alg;
  cv_sha2_sw_ctx ref;
} m[NS];
static struct {
  uint8_t st, backend;
  cv_hmac_sha256_sw_ctx ref;
} hm[NS];
static uint8_t e_in[FZ_DATA_N], e_key[FZ_AUX_N], e_out[64];
static cv_sha2_sw_ctx next;
static cv_hmac_sha256_sw_ctx hnext;

enum { H_INIT, H_UPDATE, H_FINAL, H_HASH, H_ZERO, M_INIT, M_UPDATE, M_FINAL, M_ONE, M_ZERO };
static const char *const api_name[] = {"sha2_init",  "sha2_update", "sha2_final",
                                       "sha2_hash",  "sha2_zeroize", "hmac_init",
                                       "hmac_update", "hmac_final",  "hmac_sha256",
                                       "hmac_zeroize"};
static struct {
  int api;
  cv_sha2_ctx *c;
  cv_hmac_sha256_ctx *h;
  uint32_t backend;
  int alg;
  const uint8_t *in, *key;
  uint8_t *out;
  size_t len, klen, outlen;
} A;

static int call(void) {
  switch (A.api) {
    case H_INIT: return cv_sha2_init(A.c, (cv_backend_t)A.backend, A.alg);
    case H_UPDATE: return cv_sha2_update(A.c, A.in, A.len);
    case H_FINAL: return cv_sha2_final(A.c, A.out, A.outlen);
    case H_HASH:
      return cv_sha2_hash((cv_backend_t)A.backend, A.alg, A.in, A.len, A.out, A.outlen);
    case H_ZERO: cv_sha2_zeroize(A.c); return CV_OK;
    case M_INIT: return cv_hmac_sha256_init(A.h, (cv_backend_t)A.backend, A.key, A.klen);
    case M_UPDATE: return cv_hmac_sha256_update(A.h, A.in, A.len);
    case M_FINAL: return cv_hmac_sha256_final(A.h, A.out, A.outlen);
    case M_ONE:
      return cv_hmac_sha256((cv_backend_t)A.backend, A.key, A.klen, A.in, A.len, A.out,
                            A.outlen);
    default: cv_hmac_sha256_zeroize(A.h); return CV_OK;
  }
}

static void reset(void) {
  FZ_RESET_SLOTS(box, m, NS, S_ZERO);
  FZ_RESET_SLOTS(hbox, hm, NS, S_ZERO);
}

/* A context that is none (zero-filled, garbage) or one changed after init (any byte). */
static void event(int s, int mac) {
  fz_st.events++;
  uint8_t *c = mac ? (uint8_t *)&hbox[s].c : (uint8_t *)&box[s].c;
  const size_t n = mac ? sizeof hbox[s].c : sizeof box[s].c;
  uint8_t *st = mac ? &hm[s].st : &m[s].st;
  const uint32_t k = fz_below(4);
  if (k < 2) {
    fz_spoil(c, n, mac ? &hbox[s].c.backend : &box[s].c.backend, (int)k);
    *st = k ? S_GARB : S_ZERO;
  } else if (*st == S_LIVE || *st == S_ENDED) {
    c[fz_below((uint32_t)n)] ^= (uint8_t)(1u + fz_below(255));
    *st = S_CORRUPT;
  }
}

static uint32_t backend_pick(void) {
  if (fz_one_in(32)) return 5u + fz_below(3);  /* no backend: 5 to 7 */
  /* sw and isa (the backends that hash) most of the time, the couplings now and then */
  return fz_below(4) ? (fz_below(2) ? CV_BACKEND_SW : CV_BACKEND_ISA) : fz_below(CV_BACKEND_COUNT);
}

/* The status of an init or one-shot call for its backend: ARG, HW or CV_OK. */
static int backend_status(uint32_t b) {
  if (b == CV_BACKEND_SW) return CV_OK;
  if (b == CV_BACKEND_ISA) return cv_sha2_isa_available() ? CV_OK : CV_ERR_HW;
  return b < CV_BACKEND_COUNT ? CV_ERR_HW : CV_ERR_ARG;
}

static size_t md_of(int alg) { return alg == CV_SHA2_512 ? CV_SHA512_DIGEST : CV_SHA256_DIGEST; }

static int alg_pick(void) { return fz_one_in(32) ? (fz_below(2) ? 2 : -1) : (int)fz_below(2); }

static void op_init(int s, int mac) {
  A.api = mac ? M_INIT : H_INIT;
  A.c = s < 0 ? NULL : &box[s].c;
  A.h = s < 0 ? NULL : &hbox[s].c;
  A.backend = backend_pick();
  A.alg = alg_pick();
  int want;
  if (mac) {
    A.klen = fz_len(16, FZ_AUX_N);
    A.key = fz_pick_aux(A.klen, 1);
    if (A.klen <= FZ_AUX_N && fz_in_arena(A.key, A.klen)) fz_fill((uint8_t *)A.key, A.klen);
    if (s < 0 || (A.klen && (!A.key || !fz_rd_ok(A.key, A.klen)))) want = CV_ERR_ARG;
    else want = backend_status(A.backend);
  } else {
    if (s < 0 || (A.alg != CV_SHA2_256 && A.alg != CV_SHA2_512)) want = CV_ERR_ARG;
    else want = backend_status(A.backend);
  }
  fz_expect(want);
  if (want == CV_OK && mac) memcpy(e_key, fz_src(A.key), A.klen);
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[A.api], s, A.backend, mac ? A.klen : (size_t)A.alg);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  uint8_t *mst = mac ? &hm[s].st : &m[s].st;
  if (!good) {
    *mst = S_CORRUPT;
    return;
  }
  if (st != CV_OK) return; /* refused: as it was */
  *mst = S_LIVE;
  if (mac) {
    hm[s].backend = (uint8_t)A.backend;
    (void)cv_hmac_sha256_sw_init(&hm[s].ref, CV_SHA2_IMPL_SW, e_key, A.klen);
  } else {
    m[s].backend = (uint8_t)A.backend;
    m[s].alg = (uint8_t)A.alg;
    (void)cv_sha2_sw_init(&m[s].ref, A.alg, CV_SHA2_IMPL_SW);
  }
}

/* update or final of context s. */
static void op_stream(int s, int mac, int fin) {
  A.api = mac ? (fin ? M_FINAL : M_UPDATE) : (fin ? H_FINAL : H_UPDATE);
  A.c = s < 0 ? NULL : &box[s].c;
  A.h = s < 0 ? NULL : &hbox[s].c;
  const uint8_t mst = s < 0 ? S_ZERO : mac ? hm[s].st : m[s].st;
  size_t n;
  if (fin) {
    const size_t md = mac ? CV_SHA256_DIGEST : md_of(s < 0 ? 0 : m[s].alg);
    n = fz_below(4) ? (mac ? 1u + fz_below(32) : md) : fz_len(8, 80);
    A.outlen = n;
    A.out = fz_data_out(n);
  } else {
    n = fz_len(16, 300);
    A.len = n;
    A.in = fz_data_in(n);
  }
  int want = CV_OK, go = 0;
  if (s < 0) want = CV_ERR_ARG;
  else if (mst == S_CORRUPT) go = 1;
  else if (mst != S_LIVE && mst != S_ENDED) want = CV_ERR_NOKEY;
  else if (mst == S_ENDED) want = CV_ERR_ARG;
  else if (!fin) want = (n && (!A.in || !fz_rd_ok(A.in, n))) ? CV_ERR_ARG : CV_OK;
  else if (!A.out) want = CV_ERR_ARG;
  else if (mac ? (n < 1 || n > CV_SHA256_DIGEST) : n != md_of(m[s].alg)) want = CV_ERR_OUTLEN;
  else if (!fz_wr_ok(A.out, n)) want = CV_ERR_ARG;
  if (want == CV_OK && mst != S_CORRUPT) go = 1;
  fz_expect(want);
  if (go && mst == S_CORRUPT) {
    fz_p.any = 1;
    fz_p.lax = 1;
    if (fin && A.out) fz_dest(A.out, (uint32_t)n, NULL);
  } else if (go) {
    int r;
    if (mac) hnext = hm[s].ref;
    else next = m[s].ref;
    if (!fin) {
      memcpy(e_in, fz_src(A.in), n);
      r = mac ? cv_hmac_sha256_sw_update(&hnext, e_in, n) : cv_sha2_sw_update(&next, e_in, n);
    } else {
      r = mac ? cv_hmac_sha256_sw_final(&hnext, e_out, n) : cv_sha2_sw_final(&next, e_out, n);
      fz_dest(A.out, (uint32_t)n, e_out);
    }
    if (r != CV_OK) fz_report("reference failed", api_name[A.api], s, (uint32_t)r, 0);
  }
  const uint8_t be = s < 0 ? 9u : mac ? hm[s].backend : m[s].backend;
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[A.api], s, be, n);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0 || mst == S_CORRUPT) return;
  uint8_t *pst = mac ? &hm[s].st : &m[s].st;
  if (!good) {
    *pst = S_CORRUPT;
    return;
  }
  if (!go || st != CV_OK) return;
  if (mac) hm[s].ref = hnext;
  else m[s].ref = next;
  if (fin) *pst = S_ENDED;
}

/* The one-shot hash (mac = 0) or HMAC (mac = 1). */
static void op_one(int mac) {
  A.api = mac ? M_ONE : H_HASH;
  A.backend = backend_pick();
  A.alg = alg_pick();
  A.len = fz_len(16, 300);
  const size_t md = mac ? CV_SHA256_DIGEST : md_of(A.alg);
  A.outlen = fz_below(4) ? (mac ? 1u + fz_below(32) : md) : fz_len(8, 80);
  if (fz_below(8) == 0) { /* the digest over its message's start */
    A.out = fz_pick(FZ_DATA, FZ_DATA_N, A.len > A.outlen ? A.len : A.outlen, 0);
    A.in = A.out;
  } else {
    A.in = fz_pick(FZ_DATA, FZ_DATA_N, A.len, 1);
    A.out = fz_pick(FZ_DATA, FZ_DATA_N, A.outlen, 0);
  }
  if (A.len <= FZ_DATA_N && fz_in_arena(A.in, A.len)) fz_fill((uint8_t *)A.in, A.len);
  if (mac) {
    A.klen = fz_len(16, FZ_AUX_N);
    A.key = fz_pick_aux(A.klen, 1);
    if (A.klen <= FZ_AUX_N && fz_in_arena(A.key, A.klen)) fz_fill((uint8_t *)A.key, A.klen);
  }
  fz_watch(A.out, A.outlen);
  const size_t len = A.len, n = A.outlen;
  int want;
  if (mac && A.klen && (!A.key || !fz_rd_ok(A.key, A.klen))) want = CV_ERR_ARG;
  else if (!mac && A.alg != CV_SHA2_256 && A.alg != CV_SHA2_512) want = CV_ERR_ARG;
  else want = backend_status(A.backend);
  if (want == CV_OK) {
    if (!A.out) want = CV_ERR_ARG;
    else if (mac ? (n < 1 || n > CV_SHA256_DIGEST) : n != md) want = CV_ERR_OUTLEN;
    else if (!fz_wr_ok(A.out, n) || (len && (!A.in || !fz_rd_ok(A.in, len)))) want = CV_ERR_ARG;
  }
  fz_expect(want);
  if (want == CV_OK) {
    memcpy(e_in, fz_src(A.in), len);
    int r;
    if (mac) {
      memcpy(e_key, fz_src(A.key), A.klen);
      r = cv_hmac_sha256_sw(CV_SHA2_IMPL_SW, e_key, A.klen, e_in, len, e_out, n);
    } else {
      r = cv_sha2_sw_hash(A.alg, CV_SHA2_IMPL_SW, e_in, len, e_out, n);
    }
    if (r != CV_OK) fz_report("reference failed", api_name[A.api], -1, (uint32_t)r, 0);
    fz_dest(A.out, (uint32_t)n, e_out);
  }
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[A.api], -1, A.backend, len);
}

static void op_zeroize(int s, int mac) {
  A.api = mac ? M_ZERO : H_ZERO;
  A.c = s < 0 ? NULL : &box[s].c;
  A.h = s < 0 ? NULL : &hbox[s].c;
  fz_expect(CV_OK);
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[A.api], s, 0, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (mac) hm[s].st = S_DEAD;
  else m[s].st = S_DEAD;
}

static void op(void) {
  const int s = fz_one_in(64) ? -1 : (int)fz_below(NS);
  const int mac = (int)fz_below(2);
  switch (fz_below(20)) {
    case 0: case 1: case 2: op_init(s, mac); break;
    case 3: case 4: case 5: case 6: case 7: op_stream(s, mac, 0); break;
    case 8: case 9: case 10: op_stream(s, mac, 1); break;
    case 11: case 12: case 13: case 14: op_one(mac); break;
    case 15: op_zeroize(s, mac); break;
    default:
      if (s >= 0) event(s, mac);
      else op_one(mac);
      break;
  }
}

const fz_module_t fz_sha2_module = {"sha2", op, reset, 3u};
