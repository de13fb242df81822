// SPDX-License-Identifier: Apache-2.0
/* fz_chacha.c: the ChaCha calls of apifuzz (part 3) and their reference model
 * (adversarial/apifuzz.md): init (8, 12 and 20 rounds, 128- and 256-bit keys, both nonce
 * layouts), keystream, xor, set_counter, get_counter, zeroize on every backend, three contexts.
 *
 * The model follows fw/drivers/README.md ("The contract") and cv_chacha.h: init's ARG (NULL,
 * backend), KEYLEN, ARG (nonce length), ROUNDS, ARG (the key's and nonce's memory); a call's ARG
 * (NULL, the buffers' rules), NOKEY (a context that is none, or whose key a zeroize of the
 * engine took), an empty call CV_OK, DMA (a DMA backend: in/out not 16-byte aligned), then CV_OK
 * with the software library's bytes; calls continue one another's keystream. set_counter of a
 * context that is none changes nothing and get_counter answers 0 (checked as an output).
 * While an AES background job is pending a call or init on a DMA backend answers CV_ERR_BUSY
 * (the job holds the DMA until its wait), and one on cpi or mmio may while the job's transfer
 * runs, changing nothing. */
#include <string.h>

#include "cv_chacha.h"
#include "fz.h"

#pragma GCC optimize("Oz")

#define NS 3
enum { S_ZERO, S_GARB, S_DEAD, S_VALID, S_CORRUPT };

static struct {
  uint8_t pre[16];
  cv_chacha_ctx c;
  uint8_t post[16];
} box[NS] __attribute__((aligned(16)));
static struct {
  uint8_t st, backend, lost;
  cv_chacha_sw_ctx ref;
} m[NS];
static uint8_t e_in[FZ_DATA_N], e_out[FZ_DATA_N], e_key[32], e_nonce[12];

static int is_dma(unsigned b) { return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA; }

enum { C_INIT, C_KS, C_XOR, C_SET, C_GET, C_ZERO };
static const char *const api_name[] = {"chacha_init", "chacha_keystream", "chacha_xor",
                                       "chacha_set_counter", "chacha_get_counter",
                                       "chacha_zeroize"};
static struct {
  int api;
  cv_chacha_ctx *c;
  uint32_t backend;
  const uint8_t *key, *nonce;
  size_t klen, nlen;
  int rounds;
  const uint8_t *in;
  uint8_t *out;
  size_t len;
  uint64_t counter;
} A;

static int call(void) {
  switch (A.api) {
    case C_INIT:
      return cv_chacha_init(A.c, (cv_backend_t)A.backend, A.key, A.klen, A.nonce, A.nlen,
                            A.rounds);
    case C_KS: return cv_chacha_keystream(A.c, A.out, A.len);
    case C_XOR: return cv_chacha_xor(A.c, A.in, A.out, A.len);
    case C_SET: cv_chacha_set_counter(A.c, A.counter); return CV_OK;
    case C_GET: A.counter = cv_chacha_get_counter(A.c); return CV_OK;
    default: cv_chacha_zeroize(A.c); return CV_OK;
  }
}

static void reset(void) {
  FZ_RESET_SLOTS(box, m, NS, S_ZERO);
  box[0].c.backend = CV_BACKEND_CPI;
  cv_chacha_zeroize(&box[0].c);
  memset(&box[0].c, 0, sizeof box[0].c);
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
      if (m[s].st != S_VALID) return;
      /* the control words (backend, id, configuration, check word), the counter and keystream
       * position, or any byte */
      size_t i = fz_below(2) ? fz_below(16) : fz_below((uint32_t)sizeof box[s].c);
      if (fz_below(4) == 0) i = offsetof(cv_chacha_ctx, ks_pos) + fz_below(4);
      c[i] ^= (uint8_t)(1u + fz_below(255));
      m[s].st = S_CORRUPT;
      break;
    }
  }
}

static void op_init(int s) {
  A.api = C_INIT;
  A.c = s < 0 ? NULL : &box[s].c;
  A.backend = fz_below(32) ? fz_below(CV_BACKEND_COUNT) : (fz_below(2) ? 5u : 0x80000000u);
  static const uint8_t klens[] = {32, 16, 32, 16, 0, 24, 31, 33};
  static const uint8_t nlens[] = {12, 8, 12, 8, 0, 16, 11, 9};
  static const int rounds[] = {20, 12, 8, 20, 0, 10, 21, -20};
  A.klen = klens[fz_below(fz_below(8) ? 4u : sizeof klens)];
  A.nlen = nlens[fz_below(fz_below(8) ? 4u : sizeof nlens)];
  A.rounds = rounds[fz_below(fz_below(8) ? 4u : sizeof rounds / sizeof rounds[0])];
  A.key = fz_pick_aux(32, 1);
  A.nonce = fz_below(2) ? A.key + 32 - 12 : fz_pick_aux(12, 1);  /* may overlap: both read */
  if (fz_in_arena(A.key, 32)) fz_fill((uint8_t *)A.key, 32);
  if (fz_in_arena(A.nonce, 12)) fz_fill((uint8_t *)A.nonce, 12);
  int want;
  if (s < 0 || !A.key || !A.nonce || A.backend >= CV_BACKEND_COUNT) want = CV_ERR_ARG;
  else if (A.klen != 16 && A.klen != 32) want = CV_ERR_KEYLEN;
  else if (A.nlen != 8 && A.nlen != 12) want = CV_ERR_ARG;
  else if (A.rounds != 8 && A.rounds != 12 && A.rounds != 20) want = CV_ERR_ROUNDS;
  else if (!fz_rd_ok(A.key, A.klen) || !fz_rd_ok(A.nonce, A.nlen)) want = CV_ERR_ARG;
  else if (is_dma(A.backend) && fz_aes_job_pending()) want = CV_ERR_BUSY;  /* the DMA */
  else want = CV_OK;
  if (want == CV_OK) {
    memcpy(e_key, fz_src(A.key), A.klen);
    memcpy(e_nonce, fz_src(A.nonce), A.nlen);
  }
  fz_expect(want);
  if (want == CV_OK && A.backend != CV_BACKEND_SW && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[C_INIT], s, A.backend, A.klen);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (!good) {
    m[s].st = S_CORRUPT;
    return;
  }
  if (st != CV_OK) return;
  m[s].st = S_VALID;
  m[s].backend = (uint8_t)A.backend;
  m[s].lost = 0;
  (void)cv_chacha_sw_init(&m[s].ref, e_key, A.klen, e_nonce, A.nlen, A.rounds);
}

static void op_data(int s, int api) {
  const int x = api == C_XOR;
  A.api = api;
  A.c = s < 0 ? NULL : &box[s].c;
  A.len = fz_len(64, 256);
  if (fz_below(3) == 0) A.len = fz_len(16, 96);
  if (x) {
    fz_pick_io(FZ_DATA, FZ_DATA_N, A.len, &A.in, &A.out);
    if (A.len <= FZ_DATA_N && fz_in_arena(A.in, A.len)) fz_fill((uint8_t *)A.in, A.len);
  } else {
    A.in = NULL;
    A.out = fz_pick(FZ_DATA, FZ_DATA_N, A.len, 0);
  }
  fz_watch(A.out, A.len);
  const size_t len = A.len;
  int want = CV_OK, go = 0;
  const int bad = len && (x ? !fz_rd_ok(A.in, len) || !fz_wr_ok(A.out, len) ||
                                  fz_overlap(A.in, len, A.out, len)
                            : !fz_wr_ok(A.out, len));
  if (s < 0 || (len && (!A.out || (x && !A.in)))) want = CV_ERR_ARG;
  else if (bad) want = CV_ERR_ARG;
  else if (m[s].st == S_CORRUPT) go = 1;
  else if (m[s].st != S_VALID) want = CV_ERR_NOKEY;
  else if (len == 0) want = CV_OK;
  else if (m[s].backend == CV_BACKEND_SW) go = 1;
  else if (is_dma(m[s].backend) &&
           !fz_al((const void *)((uintptr_t)A.in | (uintptr_t)A.out), 16))
    want = CV_ERR_DMA;
  else if (m[s].lost) want = CV_ERR_NOKEY;
  else if (is_dma(m[s].backend) && fz_aes_job_pending()) want = CV_ERR_BUSY;  /* the DMA */
  else go = 1;
  fz_expect(want);
  static cv_chacha_sw_ctx next;
  if (go) {
    if (m[s].st == S_CORRUPT) {
      fz_p.any = 1;
      fz_p.lax = 1;
      fz_dest(A.out, (uint32_t)len, NULL);
    } else {
      next = m[s].ref;
      int r;
      if (x) {
        memcpy(e_in, fz_src(A.in), len);
        r = cv_chacha_sw_xor(&next, e_in, e_out, len);
      } else {
        r = cv_chacha_sw_keystream(&next, e_out, len);
      }
      if (r != CV_OK) fz_report("reference failed", api_name[api], s, (uint32_t)r, 0);
      fz_dest(A.out, (uint32_t)len, e_out);
      if (m[s].backend != CV_BACKEND_SW && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
    }
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[api], s, s < 0 ? 9u : m[s].backend, len);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (!good && m[s].st == S_VALID) m[s].st = S_CORRUPT;
  if (good && go && m[s].st == S_VALID && st == CV_OK) m[s].ref = next;
}

/* set_counter and get_counter: a context that is none changes nothing and answers 0. */
static void op_counter(int s, int api) {
  static const uint64_t specials[] = {0, 1, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x100000000ull,
                                      0xFFFFFFFFFFFFFFFFull, 0x7FFFFFFFFFFFFFFFull};
  A.api = api;
  A.c = s < 0 ? NULL : &box[s].c;
  A.counter = fz_below(2) ? specials[fz_below(sizeof specials / sizeof specials[0])]
                          : ((uint64_t)fz_rnd() << 32 | fz_rnd());
  if (fz_below(2)) A.counter &= 0xFFu;
  const uint64_t set = A.counter;
  fz_expect(CV_OK);
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[api], s, s < 0 ? 9u : m[s].backend, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  /* sealed: a valid context, with its key or not */
  if (m[s].st == S_VALID) {
    if (api == C_SET) {
      cv_chacha_sw_set_counter(&m[s].ref, set);
    } else if (A.counter != cv_chacha_sw_get_counter(&m[s].ref)) {
      fz_st.wrong_calls++;
      fz_st.wrong_bytes += 8;
      fz_report("get_counter (got, want low words)", api_name[api], s, (uint32_t)A.counter,
                (uint32_t)cv_chacha_sw_get_counter(&m[s].ref));
      m[s].st = S_CORRUPT;
    }
  } else if (m[s].st != S_CORRUPT && api == C_GET && A.counter != 0) {
    fz_st.wrong_calls++;
    fz_st.wrong_bytes += 8;
    fz_report("get_counter of no context (got)", api_name[api], s, (uint32_t)A.counter, 0);
  }
}

static void op_zeroize(int s) {
  A.api = C_ZERO;
  A.c = s < 0 ? NULL : &box[s].c;
  fz_expect(CV_OK);
  const uint32_t field = s < 0 ? 0u : (uint32_t)box[s].c.backend;
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[C_ZERO], s, field, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (field != CV_BACKEND_SW && field < CV_BACKEND_COUNT)
    for (int k = 0; k < NS; k++)
      if (m[k].st == S_VALID && m[k].backend != CV_BACKEND_SW) m[k].lost = 1;
  m[s].st = S_DEAD;
}

static void op(void) {
  const int s = fz_one_in(64) ? -1 : (int)fz_below(NS);
  switch (fz_below(20)) {
    case 0: case 1: case 2: op_init(s); break;
    case 3: case 4: case 5: case 6: case 7: op_data(s, C_KS); break;
    case 8: case 9: case 10: case 11: case 12: case 13: op_data(s, C_XOR); break;
    case 14: op_counter(s, C_SET); break;
    case 15: op_counter(s, C_GET); break;
    case 16: op_zeroize(s); break;
    default:
      if (s >= 0) event(s);
      else op_counter(s, C_GET);
      break;
  }
}

const fz_module_t fz_chacha_module = {"chacha", op, reset, 5u};
