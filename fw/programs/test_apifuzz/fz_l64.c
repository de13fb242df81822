// SPDX-License-Identifier: Apache-2.0
/* fz_l64.c: the PRINCE (part 2) and PRESENT (part 3) calls of apifuzz and their reference model
 * (adversarial/apifuzz.md): init (every key size), ECB, CTR, zeroize on every backend, three
 * contexts. One engine per image: the two with their software libraries and the AES jobs' do
 * not fit one program memory.
 *
 * The model follows fw/drivers/README.md ("The contract"), cv_prince.h and cv_present.h: ARG
 * (NULL, direction, the buffers' rules), LENGTH (ECB not whole 8-byte blocks), NOKEY (a context
 * that is none, or whose key a zeroize of the engine took: every context of an engine
 * initialised before loses its key, cv_light.h), an empty call CV_OK, DMA (ECB on a DMA backend:
 * in/out not 16-byte aligned; CTR takes any), then CV_OK with the software library's bytes.
 * While an AES background job is pending a call or init on a DMA backend answers CV_ERR_BUSY
 * (the job holds the DMA until its wait), and one on cpi or mmio may while the job's transfer
 * runs (it owns the coupling hub), writing nothing and leaving the context as it was. */
#include <string.h>

#include "cv_present.h"
#include "cv_prince.h"
#include "fz.h"

#pragma GCC optimize("Oz")

#define NS 3  /* contexts per engine */
enum { S_ZERO, S_GARB, S_DEAD, S_VALID, S_CORRUPT };
enum { E_PRINCE, E_PRESENT };

typedef union {
  cv_prince_ctx p;
  cv_present_ctx r;
} ctx_u;
typedef union {
  cv_prince_sw_ctx p;
  cv_present_sw_ctx r;
} ref_u;

static struct {
  uint8_t pre[16];
  ctx_u c;
  uint8_t post[16];
} box[2][NS] __attribute__((aligned(16)));
static struct {
  uint8_t st, backend, lost;
  ref_u ref;
} m[2][NS];
static uint8_t e_in[FZ_DATA_N], e_out[FZ_DATA_N], e_ctr[8], e_key[16];

static int is_dma(unsigned b) { return b == CV_BACKEND_CPI_DMA || b == CV_BACKEND_MMIO_DMA; }
static size_t ctx_size(int e) {
  return e == E_PRINCE ? sizeof(cv_prince_ctx) : sizeof(cv_present_ctx);
}
static uint32_t backend_field(int e, int s) {
  return e == E_PRINCE ? (uint32_t)box[e][s].c.p.backend : (uint32_t)box[e][s].c.r.backend;
}

/* ------------------------------------------------------------------ the call */
enum { L_INIT, L_ECB, L_CTR, L_ZERO };
static const char *const api_name[2][4] = {
    {"prince_init", "prince_ecb", "prince_ctr", "prince_zeroize"},
    {"present_init", "present_ecb", "present_ctr", "present_zeroize"}};
static struct {
  int eng, api;
  void *c;
  uint32_t dir, backend;
  uint8_t *ctr;
  const uint8_t *in;
  uint8_t *out;
  size_t len;
} A;

/* the engine of this image */
#define ENGINE (ADV_PART == 2 ? E_PRINCE : E_PRESENT)

static int call(void) {
#if ADV_PART == 2
  {
    switch (A.api) {
      case L_INIT: return cv_prince_init(A.c, (cv_backend_t)A.backend, A.in, A.len);
      case L_ECB: return cv_prince_ecb(A.c, (cv_dir_t)A.dir, A.in, A.out, A.len);
      case L_CTR: return cv_prince_ctr(A.c, A.ctr, A.in, A.out, A.len);
      default: cv_prince_zeroize(A.c); return CV_OK;
    }
  }
#else
  switch (A.api) {
    case L_INIT: return cv_present_init(A.c, (cv_backend_t)A.backend, A.in, A.len);
    case L_ECB: return cv_present_ecb(A.c, (cv_dir_t)A.dir, A.in, A.out, A.len);
    case L_CTR: return cv_present_ctr(A.c, A.ctr, A.in, A.out, A.len);
    default: cv_present_zeroize(A.c); return CV_OK;
  }
#endif
}

/* ------------------------------------------------------------------ the model */
static void reset(void) {
  static int guarded;
  for (int e = 0; e < 2; e++) {
    for (int s = 0; s < NS; s++) {
      memset(&box[e][s].c, 0, sizeof box[e][s].c);
      m[e][s].st = S_ZERO;
      if (!guarded && e == ENGINE) {
        fz_guard_add(box[e][s].pre, sizeof box[e][s].pre);
        fz_guard_add(box[e][s].post, sizeof box[e][s].post);
      }
    }
    /* the engine cleared through a zero-filled context with a hardware backend field */
    if (e != ENGINE) continue;
    box[e][0].c.p.backend = CV_BACKEND_MMIO;
    A.eng = e;
    A.api = L_ZERO;
    A.c = &box[e][0].c;
    (void)call();
    memset(&box[e][0].c, 0, sizeof box[e][0].c);
  }
  guarded = 1;
}

static void event(int e, int s) {
  fz_st.events++;
  uint8_t *c = (uint8_t *)&box[e][s].c;
  const size_t n = ctx_size(e);
  const uint32_t k = fz_below(4);
  switch (k) {
    case 0:
    case 1:
      fz_spoil(c, n, &box[e][s].c.p.backend, (int)k);
      m[e][s].st = k ? S_GARB : S_ZERO;
      break;
    default: {
      if (m[e][s].st != S_VALID) return;
      /* the control words (backend, id, configuration, check word) or any byte */
      size_t i = fz_below(2) ? fz_below(16) : fz_below((uint32_t)n);
      c[i] ^= (uint8_t)(1u + fz_below(255));
      m[e][s].st = S_CORRUPT;
      break;
    }
  }
}

/* A zeroize of engine e: every hardware context of it loses its key. */
static void key_lost(int e) {
  for (int s = 0; s < NS; s++)
    if (m[e][s].st == S_VALID && m[e][s].backend != CV_BACKEND_SW) m[e][s].lost = 1;
}

static void op_init(int e, int s) {
  A.eng = e;
  A.api = L_INIT;
  A.c = s < 0 ? NULL : &box[e][s].c;
  A.backend = fz_below(32) ? fz_below(CV_BACKEND_COUNT) : (fz_below(2) ? 5u : 0x80000000u);
  static const uint8_t klens[] = {16, 10, 16, 10, 0, 8, 12, 15, 17, 32};
  A.len = e == E_PRINCE ? (fz_below(8) ? 16u : klens[fz_below(sizeof klens)])
                        : klens[fz_below(fz_below(8) ? 4u : sizeof klens)];
  A.in = fz_pick_aux(16, 1);
  if (fz_in_arena(A.in, 16)) fz_fill((uint8_t *)A.in, 16);
  const int klen_ok = e == E_PRINCE ? A.len == 16 : A.len == 10 || A.len == 16;
  int want;
  if (s < 0 || !A.in || A.backend >= CV_BACKEND_COUNT) want = CV_ERR_ARG;
  else if (!klen_ok) want = CV_ERR_KEYLEN;
  else if (!fz_rd_ok(A.in, A.len)) want = CV_ERR_ARG;
  else if (is_dma(A.backend) && fz_aes_job_pending()) want = CV_ERR_BUSY;  /* the DMA */
  else want = CV_OK;
  if (want == CV_OK) memcpy(e_key, fz_src(A.in), A.len);
  fz_expect(want);
  if (want == CV_OK && A.backend != CV_BACKEND_SW && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[e][L_INIT], s, A.backend, A.len);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (!good) {
    m[e][s].st = S_CORRUPT;
    return;
  }
  if (st != CV_OK) return;  /* refused: the context as it was */
  m[e][s].st = S_VALID;
  m[e][s].backend = (uint8_t)A.backend;
  m[e][s].lost = 0;
#if ADV_PART == 2
  (void)cv_prince_sw_init(&m[e][s].ref.p, e_key, A.len);
#else
  (void)cv_present_sw_init(&m[e][s].ref.r, e_key, A.len);
#endif
}

static void op_cipher(int e, int s, int api) {
  A.eng = e;
  A.api = api;
  A.c = s < 0 ? NULL : &box[e][s].c;
  A.dir = fz_below(2);
  if (api == L_ECB && fz_one_in(32)) A.dir = fz_below(2) ? 2u : 0x7FFFFFFFu;
  A.len = fz_len(8, 192);
  fz_pick_io(FZ_DATA, FZ_DATA_N, A.len, &A.in, &A.out);
  A.ctr = NULL;
  if (api == L_CTR) {
    A.ctr = fz_pick_aux(8, 0);
    if (fz_in_arena(A.ctr, 8)) {
      fz_fill(A.ctr, 8);
      if (fz_one_in(6)) {  /* a counter about to wrap */
        memset(A.ctr, 0xFF, 7);
        memset(fz_shp(A.ctr), 0xFF, 7);
      }
    }
    fz_watch(A.ctr, 8);
  }
  if (A.len <= FZ_DATA_N && fz_in_arena(A.in, A.len)) fz_fill((uint8_t *)A.in, A.len);
  fz_watch(A.out, A.len);

  const size_t len = A.len;
  int want = CV_OK, go = 0;
  const int io_bad = len && (!fz_rd_ok(A.in, len) || !fz_wr_ok(A.out, len) ||
                             fz_overlap(A.in, len, A.out, len));
  if (s < 0) want = CV_ERR_ARG;
  else if (api == L_ECB && (!A.in || !A.out || A.dir > 1u)) want = CV_ERR_ARG;
  else if (api == L_CTR && (!A.ctr || (len && (!A.in || !A.out)))) want = CV_ERR_ARG;
  else if (io_bad || (api == L_CTR && len && !fz_wr_ok(A.ctr, 8))) want = CV_ERR_ARG;
  else if (api == L_ECB && (len & 7)) want = CV_ERR_LENGTH;
  else if (m[e][s].st == S_CORRUPT) go = 1;
  else if (m[e][s].st != S_VALID) want = CV_ERR_NOKEY;
  else if (len == 0) want = CV_OK;
  else if (api == L_ECB && is_dma(m[e][s].backend) &&
           !fz_al((const void *)((uintptr_t)A.in | (uintptr_t)A.out), 16))
    want = CV_ERR_DMA;
  else if (m[e][s].backend != CV_BACKEND_SW && m[e][s].lost) want = CV_ERR_NOKEY;
  else if (is_dma(m[e][s].backend) && fz_aes_job_pending()) want = CV_ERR_BUSY;  /* the DMA */
  else go = 1;
  fz_expect(want);
  ref_u next;
  if (go) {
    if (m[e][s].st == S_CORRUPT) {
      fz_p.any = 1;
      fz_p.lax = 1;
      fz_dest(A.out, (uint32_t)len, NULL);
      if (api == L_CTR) fz_dest(A.ctr, 8, NULL);
    } else {
      next = m[e][s].ref;
      memcpy(e_in, fz_src(A.in), len);
      if (api == L_CTR) memcpy(e_ctr, fz_src(A.ctr), 8);
#if ADV_PART == 2
      const int r = api == L_ECB ? cv_prince_sw_ecb(&next.p, (cv_dir_t)A.dir, e_in, e_out, len)
                                 : cv_prince_sw_ctr(&next.p, e_ctr, e_in, e_out, len);
#else
      const int r = api == L_ECB ? cv_present_sw_ecb(&next.r, (cv_dir_t)A.dir, e_in, e_out, len)
                                 : cv_present_sw_ctr(&next.r, e_ctr, e_in, e_out, len);
#endif
      if (r != CV_OK) fz_report("reference failed", api_name[e][api], s, (uint32_t)r, 0);
      fz_dest(A.out, (uint32_t)len, e_out);
      if (api == L_CTR) fz_dest(A.ctr, 8, e_ctr);
      if (m[e][s].backend != CV_BACKEND_SW && fz_aes_job_running()) fz_p.alt = CV_ERR_BUSY;
    }
  }
  const int st = fz_call(call);
  const int good = fz_judge(st, api_name[e][api], s, s < 0 ? 9u : m[e][s].backend, len);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (!good && m[e][s].st == S_VALID) m[e][s].st = S_CORRUPT;
}

static void op_zeroize(int e, int s) {
  A.eng = e;
  A.api = L_ZERO;
  A.c = s < 0 ? NULL : &box[e][s].c;
  fz_expect(CV_OK);
  const uint32_t field = s < 0 ? 0u : backend_field(e, s);
  const int st = fz_call(call);
  (void)fz_judge(st, api_name[e][L_ZERO], s, field, 0);
  if (st == FZ_TRAPPED || st == FZ_HUNG || s < 0) return;
  if (field != CV_BACKEND_SW && field < CV_BACKEND_COUNT) key_lost(e);
  m[e][s].st = S_DEAD;
}

static void op(void) {
  const int e = ENGINE;
  const int s = fz_one_in(64) ? -1 : (int)fz_below(NS);
  switch (fz_below(20)) {
    case 0: case 1: case 2: op_init(e, s); break;
    case 3: case 4: case 5: case 6: case 7: case 8: case 9: op_cipher(e, s, L_ECB); break;
    case 10: case 11: case 12: case 13: case 14: case 15: case 16: op_cipher(e, s, L_CTR); break;
    case 17: op_zeroize(e, s); break;
    default:
      if (s >= 0) event(e, s);
      else op_zeroize(e, s);
      break;
  }
}

const fz_module_t fz_l64_module = {"l64", op, reset, 5u};
