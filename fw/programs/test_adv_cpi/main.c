// SPDX-License-Identifier: Apache-2.0
/* test_adv_cpi: custom-instruction fuzzing (adversarial/adv_cpi.md).
 *
 * ADV_OPS random custom-0/custom-1 instruction words (every funct7, funct3, rd, rs1, rs2; half of
 * them steered onto the contract's table so that legal operations are frequent) run one at a
 * time from a slot in imem (tramp.S; imem is writable through the data port), with fuzz values
 * (gen_value) in the instruction's rs1 and rs2 and a distinct word in every other register. The
 * expected outcome comes from the contract's table (coupling/README.md, "Custom instructions",
 * with the per-engine key/IV sizes of cpl_engine: key operations are illegal on SHA-3, IV
 * operations on SHA-3, IVRD beyond the IV's words: 4 on AES and ChaCha, 2 on PRINCE and PRESENT):
 *   illegal  -> trap, mcause 2, mtval = the instruction, mepc = the slot, no register changed;
 *   legal    -> no trap (RESULT, DRUNW and DKEYW may answer err = the same trap), no register
 *               changed except rd for the operations with xd = 1; execution goes on at slot + 4.
 * Afterwards the engines must still work: DMA idle, every key register reads 0, and known
 * answers on AES (cpi, mmio, cpi-dma, mmio-dma through the driver), PRINCE and PRESENT (cpi).
 *
 * DMA safety: a random DADDR could aim the DMA at the program's own data. Register values that
 * fall into dmem are moved into a scratch buffer (addresses in its first 2 KiB, lengths <= 504,
 * values below 64 Ki made large), and a DADDR never takes sp/gp/tp as its destination operand.
 * The last output line is read by adversarial/tests/test_fwcampaigns.py. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_cpl.h"
#include "cv_csr.h"
#include "cv_test.h"
#include "cv_trap.h"
#include "cv_xorshift.h"

#ifndef ADV_OPS
#define ADV_OPS 1000u
#endif
#ifndef ADV_SEED
#define ADV_SEED 1u
#endif

#define OPC_CUSTOM0 0x0bu
#define OPC_CUSTOM1 0x2bu
#define SCRATCH_BYTES 4096u
#define SCRATCH_MASK 2047u  /* addresses in the first 2 KiB, lengths <= 504: inside the buffer */
#define FUZZ_STACK_WORDS 256u

typedef struct {
  uint32_t in[32];
  uint32_t out[32];
  uint32_t caller_sp;
} adv_ctx_t;

extern void adv_run(adv_ctx_t *ctx);
extern uint32_t adv_slot;

static adv_ctx_t ctx;
static uint8_t scratch[SCRATCH_BYTES] __attribute__((aligned(16)));
static uint32_t fuzz_stack[FUZZ_STACK_WORDS] __attribute__((aligned(16)));

static uint32_t rng = ADV_SEED ? ADV_SEED : 1u;
static uint32_t rnd(void) { return cv_xorshift32(&rng); }

/* ------------------------------------------------------------------ the reference table */
typedef struct {
  uint8_t dma;      /* 0: engine operation (target 1..5), 1: DMA (target 7) */
  uint8_t op, f3;
  uint8_t need;     /* engine capability: 0 none, 1 key, 2 IV */
  uint8_t may_trap; /* a legal operation that answers err when it fails */
} cpi_entry_t;

static const cpi_entry_t table[] = {
    {0, 0, 2, 0, 0},  {0, 1, 3, 1, 0}, {0, 2, 0, 1, 0},  {0, 2, 4, 1, 0},  {0, 3, 3, 2, 0},
    {0, 4, 0, 2, 0},  {0, 5, 6, 2, 0}, {0, 6, 2, 0, 0},  {0, 7, 3, 0, 0},  {0, 8, 3, 0, 0},
    {0, 9, 4, 0, 1},  {0, 10, 4, 0, 0}, {0, 11, 0, 0, 0}, {0, 12, 2, 0, 0}, {1, 0, 3, 0, 0},
    {1, 1, 3, 0, 0},  {1, 2, 3, 0, 0}, {1, 2, 7, 0, 1},  {1, 3, 3, 0, 0},  {1, 3, 7, 0, 1},
    {1, 4, 4, 0, 0},  {1, 5, 4, 0, 0},
};
#define NTABLE (sizeof table / sizeof table[0])
#define OP_IVRD 5u

/* Engine capabilities (cpl_engine: KEY_BITS, IV_BITS): bit 0 key, bit 1 IV; IV words. */
static const uint8_t caps[8] = {0, 3, 3, 3, 3, 0, 0, 0};
static const uint8_t iv_words[8] = {0, 4, 2, 2, 4, 0, 0, 0};

enum { ILLEGAL = 0, LEGAL = 1 };
typedef struct {
  int legal;
  int xd;        /* writes rd */
  int may_trap;  /* legal but may answer err */
} outcome_t;

static outcome_t reference(uint32_t insn, uint32_t rs1v) {
  outcome_t o = {ILLEGAL, 0, 0};
  if ((insn & 0x7fu) != OPC_CUSTOM0) return o;
  uint32_t f3 = (insn >> 12) & 7u, tgt = insn >> 29, op = (insn >> 25) & 15u;
  int dma = tgt == 7u;
  if (!dma && (tgt < 1u || tgt > 5u)) return o;
  for (unsigned i = 0; i < NTABLE; i++) {
    const cpi_entry_t *e = &table[i];
    if (e->dma != dma || e->op != op || e->f3 != f3) continue;
    if (e->need && !(caps[tgt] & e->need)) return o;
    if (!dma && op == OP_IVRD && rs1v >= iv_words[tgt]) return o;
    o.legal = LEGAL;
    o.xd = (int)(f3 >> 2);
    o.may_trap = e->may_trap;
    return o;
  }
  return o;
}

/* ------------------------------------------------------------------ generation */
/* uniform in 0..n-1 from the top 16 bits (multiply, no division) */
static uint32_t below(uint32_t n) { return ((rnd() >> 16) * n) >> 16; }

static uint32_t gen_insn(void) {
  uint32_t opc = (rnd() & 15u) == 0 ? OPC_CUSTOM1 : OPC_CUSTOM0;
  uint32_t f7, f3;
  if (rnd() & 1u) {  /* anything */
    f7 = rnd() & 127u;
    f3 = rnd() & 7u;
  } else {           /* a table entry on a random target, sometimes with a wrong funct3 */
    const cpi_entry_t *e = &table[below(NTABLE)];
    uint32_t tgt = e->dma ? 7u : (rnd() & 7u) ? 1u + below(5) : rnd() & 7u;
    f7 = tgt << 4 | e->op;
    f3 = (rnd() & 7u) ? e->f3 : rnd() & 7u;
  }
  uint32_t rd = rnd() & 31u, rs1 = rnd() & 31u, rs2 = rnd() & 31u;
  /* DADDR: keep the DMA destination off sp, gp and tp (the program's own stack and data). */
  if (opc == OPC_CUSTOM0 && (f7 >> 4) == 7u && (f7 & 15u) == 1u && rs2 >= 2u && rs2 <= 4u)
    rs2 += 3u;
  return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | opc;
}

/* One random word per register: bits 2:0 choose the kind, the rest is the content. */
static uint32_t gen_value(void) {
  uint32_t v = rnd(), c = v >> 3;
  switch (v & 7u) {
    case 0:
    case 1:
      return c & 7u;                           /* word indices, selects, small configs */
    case 2:
      return (c & 63u) * 8u;                   /* lengths 0..504 */
    case 3:
    case 4:
      v = (uint32_t)(uintptr_t)scratch + (c & SCRATCH_MASK);
      return (c & 2048u) ? v & ~15u : v;       /* aligned or not */
    default:
      v = rnd();
      if (v < 0x10000u) v |= 0x01000000u;      /* no stray small length */
      if (v - CV_DMEM_BASE < CV_DMEM_SIZE) v ^= 0x20000000u;  /* no stray dmem address */
      return v;
  }
}

/* ------------------------------------------------------------------ traps */
static volatile uint32_t n_traps, t_mcause, t_mepc, t_mtval;

static void on_illegal(cv_trap_frame_t *f) {
  n_traps = n_traps + 1u;
  t_mcause = f->mcause;
  t_mepc = f->mepc;
  t_mtval = f->mtval;
  f->mepc += 4u;
}

/* ------------------------------------------------------------------ the campaign */
static uint32_t n_illegal, n_legal, n_legal_trapped, n_trap_errors, n_reg_errors, n_reported;

static void report(uint32_t i, uint32_t insn, const char *what, uint32_t a, uint32_t b) {
  if (n_reported++ < 10)
    printf("op %lu insn 0x%08lx: %s (0x%08lx, 0x%08lx)\n", (unsigned long)i,
           (unsigned long)insn, what, (unsigned long)a, (unsigned long)b);
}

static void one_op(uint32_t i) {
  uint32_t gp, tp;
  __asm__ volatile("mv %0, gp" : "=r"(gp));
  __asm__ volatile("mv %0, tp" : "=r"(tp));
  uint32_t insn = gen_insn();
  /* Only rs1 and rs2 reach the unit; every other register just has to come back unchanged, so
   * it gets a cheap distinct word (drawing 31 fuzz values per instruction was a third of the
   * campaign's cycles). */
  const uint32_t base = rnd();
  for (unsigned r = 1; r < 32; r++) ctx.in[r] = base + r * 0x9e3779b9u;
  ctx.in[(insn >> 15) & 31u] = gen_value();
  ctx.in[(insn >> 20) & 31u] = gen_value();
  ctx.in[0] = 0;  /* x0, also when rs1 or rs2 names it */
  ctx.in[2] = (uint32_t)(uintptr_t)&fuzz_stack[FUZZ_STACK_WORDS];
  ctx.in[3] = gp;
  ctx.in[4] = tp;
  const outcome_t want = reference(insn, ctx.in[(insn >> 15) & 31u]);
  const uint32_t rd = (insn >> 7) & 31u;

  *(volatile uint32_t *)&adv_slot = insn;
  const uint32_t traps0 = n_traps;
  adv_run(&ctx);
  const int trapped = n_traps != traps0;

  if (want.legal) n_legal++;
  else n_illegal++;
  if (trapped) {
    if (want.legal) n_legal_trapped++;
    if (want.legal && !want.may_trap) {
      n_trap_errors++;
      report(i, insn, "legal operation trapped", t_mcause, t_mtval);
    }
    if (t_mcause != CV_CAUSE_ILLEGAL || t_mtval != insn ||
        t_mepc != (uint32_t)(uintptr_t)&adv_slot) {
      n_trap_errors++;
      report(i, insn, "trap cause/mtval/mepc", t_mcause, t_mepc);
    }
  } else if (!want.legal) {
    n_trap_errors++;
    report(i, insn, "illegal instruction did not trap", 0, 0);
  }
  const int wrote = want.legal && want.xd && !trapped;
  for (unsigned r = 1; r < 32; r++) {
    if (wrote && r == rd) continue;
    if (ctx.out[r] != ctx.in[r]) {
      n_reg_errors++;
      report(i, insn, "register changed", r, ctx.out[r]);
    }
  }
}

/* ------------------------------------------------------------------ after the storm */
static uint32_t key_words_nonzero(void) {
  static const uint32_t bases[] = {CV_AES_BASE, CV_PRINCE_BASE, CV_PRESENT_BASE, CV_CHACHA_BASE};
  uint32_t n = 0;
  for (unsigned e = 0; e < sizeof bases / sizeof bases[0]; e++)
    for (unsigned w = 0; w < 8; w++)
      if (CV_CPL_REG(bases[e], CV_CPL_KEY_OFFSET + 4u * w) != 0) n++;
  return n;
}

static uint32_t word_be(uint32_t x) { return __builtin_bswap32(x); }

static void check_engines(void) {
  /* the DMA comes back idle (DWAIT is bounded by the job), then every unit is zeroized */
  uint32_t st = CV_CPI_DWAIT();
  CHECK(!(st & CV_DMA_STATUS_BUSY_MASK));
  CV_CPI_ZERO(CV_ENGINE_AES);
  CV_CPI_ZERO(CV_ENGINE_PRINCE);
  CV_CPI_ZERO(CV_ENGINE_PRESENT);
  CV_CPI_ZERO(CV_ENGINE_CHACHA);
  CV_CPI_ZERO(CV_ENGINE_SHA3);

  /* AES-128, FIPS-197 appendix C.1, on the four hardware backends */
  static const uint8_t key[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  static const uint8_t pt[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
  static const uint8_t ct[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                 0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
  static uint8_t in[16] __attribute__((aligned(16))), out[16] __attribute__((aligned(16)));
  static const cv_backend_t backends[] = {CV_BACKEND_CPI, CV_BACKEND_MMIO, CV_BACKEND_CPI_DMA,
                                          CV_BACKEND_MMIO_DMA};
  for (unsigned b = 0; b < sizeof backends / sizeof backends[0]; b++) {
    cv_aes_ctx a;
    memcpy(in, pt, 16);
    memset(out, 0, 16);
    CHECK_EQ(cv_aes_init(&a, backends[b], key, 16), CV_OK);
    CHECK_EQ(cv_aes_ecb(&a, CV_ENCRYPT, in, out, 16), CV_OK);
    CHECK_MEM(out, ct, 16);
    cv_aes_zeroize(&a);
  }

  /* PRINCE (paper appendix A: k0 = 0, k1 = fedcba9876543210) by custom instructions */
  CV_CPI_KEY(CV_ENGINE_PRINCE, 0, 0);
  CV_CPI_KEY(CV_ENGINE_PRINCE, word_be(0xfedcba98u), word_be(0x76543210u));
  CV_CPI_CFG(CV_ENGINE_PRINCE, 0);
  st = CV_CPI_KLOADW(CV_ENGINE_PRINCE);
  CHECK(!(st & CV_CPL_STATUS_ERR_MASK));
  CV_CPI_START(CV_ENGINE_PRINCE, 0);
  CV_CPI_DATAL(CV_ENGINE_PRINCE, word_be(0x01234567u), word_be(0x89abcdefu));
  CHECK_EQ(CV_CPI_RESULT(CV_ENGINE_PRINCE), word_be(0xae25ad3cu));
  CHECK_EQ(CV_CPI_RESULT(CV_ENGINE_PRINCE), word_be(0xa8fa9ccfu));
  CV_CPI_ZERO(CV_ENGINE_PRINCE);

  /* PRESENT-80, key and plaintext all ones (paper appendix) */
  CV_CPI_KEY(CV_ENGINE_PRESENT, 0xffffffffu, 0xffffffffu);
  CV_CPI_KEY(CV_ENGINE_PRESENT, 0x0000ffffu, 0);
  CV_CPI_CFG(CV_ENGINE_PRESENT, 0);
  st = CV_CPI_KLOADW(CV_ENGINE_PRESENT);
  CHECK(!(st & CV_CPL_STATUS_ERR_MASK));
  CV_CPI_START(CV_ENGINE_PRESENT, 0);
  CV_CPI_DATAL(CV_ENGINE_PRESENT, 0xffffffffu, 0xffffffffu);
  CHECK_EQ(CV_CPI_RESULT(CV_ENGINE_PRESENT), word_be(0x3333dcd3u));
  CHECK_EQ(CV_CPI_RESULT(CV_ENGINE_PRESENT), word_be(0x213210d2u));
  CV_CPI_ZERO(CV_ENGINE_PRESENT);
}

int main(void) {
  cv_irq_disable();
  cv_trap_set_handler(CV_CAUSE_ILLEGAL, on_illegal);
  const uint32_t c0 = cv_mcycle();
  for (uint32_t i = 0; i < ADV_OPS; i++) one_op(i);
  const uint32_t cycles = cv_mcycle() - c0;
  cv_trap_set_handler(CV_CAUSE_ILLEGAL, 0);

  const uint32_t leaks = key_words_nonzero();
  check_engines();
  CHECK_EQ(n_trap_errors, 0);
  CHECK_EQ(n_reg_errors, 0);
  CHECK_EQ(leaks, 0);
  CHECK_EQ(n_legal + n_illegal, ADV_OPS);
  CHECK(n_legal > ADV_OPS / 8 && n_illegal > ADV_OPS / 8);  /* both kinds well exercised */
  printf("adv_cpi: seed %lu ops %lu illegal %lu legal %lu legal_trapped %lu trap_errors %lu "
         "reg_errors %lu key_leaks %lu cycles %lu\n",
         (unsigned long)ADV_SEED, (unsigned long)ADV_OPS, (unsigned long)n_illegal,
         (unsigned long)n_legal, (unsigned long)n_legal_trapped, (unsigned long)n_trap_errors,
         (unsigned long)n_reg_errors, (unsigned long)leaks, (unsigned long)cycles);
  return cv_test_done();
}
