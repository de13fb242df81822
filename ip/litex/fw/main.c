/* SPDX-License-Identifier: Apache-2.0 */
/* The LiteX demo's firmware: every Cipher-V engine of the SoC through its Wishbone window.
 *
 * Checks, each counted once in the summary:
 *  - identity: ID (magic, engine number) and CAP.BLOCK_BYTES of every engine window;
 *  - every vector of kat.h (known answers and random messages, generated with their reference
 *    results by ip/litex/demo.py): zeroize, key, IV, START, the blocks in, the output out,
 *    compared byte for byte, as the programmer's guide of coupling/README.md;
 *  - the errors: accesses the window refuses are answered with ERR (counted by the SoC) and
 *    change nothing;
 *  - the interrupt output: raised by a message's DONE with IE.DONE set, lowered by clearing
 *    IS and IE (read through a CSR of the SoC).
 * Then the cycle figures ("perf NAME CYCLES" lines) and the summary line
 * "cipher-v litex: N passed, M failed", after which the simulation is ended (sim_finish).
 *
 * Register offsets and fields: the generated cv_memmap.h; engine windows: LiteX's mem.h;
 * the UART, the cycle counter and sim_finish: LiteX's csr.h. */
#include <stdint.h>

/* csr.h's accessors: plain 32-bit loads and stores (LiteX's hw/common.h is not needed). */
#define CSR_ACCESSORS_DEFINED
static inline void csr_write_simple(unsigned long v, unsigned long a) {
  *(volatile uint32_t *)a = (uint32_t)v;
}
static inline unsigned long csr_read_simple(unsigned long a) { return *(volatile uint32_t *)a; }

#include <generated/csr.h>
#include <generated/mem.h>

#include "cv_consts.h"
#include "cv_memmap.h"
#include "kat.h"

#define POLL_LIMIT 100000u
#define PERF_BLOCKS 64u
#define BUF_BYTES 1024u

void *memcpy(void *d, const void *s, unsigned long n);
void *memset(void *d, int c, unsigned long n);
void *memcpy(void *d, const void *s, unsigned long n) {
  uint8_t *dp = d;
  const uint8_t *sp = s;
  while (n--) *dp++ = *sp++;
  return d;
}
void *memset(void *d, int c, unsigned long n) {
  uint8_t *dp = d;
  while (n--) *dp++ = (uint8_t)c;
  return d;
}

/* ------------------------------------------------------------------------------ UART */
static void putch(char c) {
  while (uart_txfull_read()) {
  }
  uart_rxtx_write((uint8_t)c);
}
static void puts_(const char *s) {
  while (*s) putch(*s++);
}
/* Waits until the UART has sent everything, then ends the simulation (LiteX's sim_finish). */
static void __attribute__((noreturn)) finish(void) {
  while (!uart_txempty_read()) {
  }
  for (volatile int i = 0; i < 1000; i++) {
  }
  sim_finish_finish_write(1);
  for (;;) {
  }
}
static void putu(uint32_t v) {
  char b[11];
  int i = 0;
  do {
    b[i++] = (char)('0' + v % 10u);
    v /= 10u;
  } while (v);
  while (i) putch(b[--i]);
}
static void puthex(uint32_t v) {
  puts_("0x");
  for (int i = 28; i >= 0; i -= 4) putch("0123456789abcdef"[(v >> i) & 0xFu]);
}

/* ------------------------------------------------------------------------------ cycles */
static uint32_t cycles(void) {
  timer0_uptime_latch_write(1);
  return (uint32_t)timer0_uptime_cycles_read();
}

/* ------------------------------------------------------------------------------ traps */
/* No trap is expected: one is reported with its cause and address and ends the run without
 * the summary line, which the demo script takes as a failure. */
void trap_handler(void) __attribute__((interrupt("machine")));
void trap_handler(void) {
  uint32_t cause, epc;
  __asm__ volatile("csrr %0, mcause" : "=r"(cause));
  __asm__ volatile("csrr %0, mepc" : "=r"(epc));
  puts_("\ntrap: mcause ");
  puthex(cause);
  puts_(" mepc ");
  puthex(epc);
  putch('\n');
  finish();
}

/* ------------------------------------------------------------------------------ engine */
static inline void wr(uintptr_t base, uint32_t off, uint32_t v) {
  *(volatile uint32_t *)(base + off) = v;
}
static inline uint32_t rd(uintptr_t base, uint32_t off) {
  return *(volatile uint32_t *)(base + off);
}

/* Polls STATUS until (STATUS & mask) == want; 0, or -1 after POLL_LIMIT reads. */
static int poll(uintptr_t base, uint32_t mask, uint32_t want) {
  for (uint32_t i = 0; i < POLL_LIMIT; i++)
    if ((rd(base, CV_CPL_STATUS_OFFSET) & mask) == want) return 0;
  return -1;
}

static int in_block(uintptr_t base, const uint32_t *w, uint32_t nw, int last) {
  if (poll(base, CV_CPL_STATUS_IN_READY_MASK, CV_CPL_STATUS_IN_READY_MASK)) return -1;
  for (uint32_t i = 0; i + 1 < nw; i++) wr(base, CV_CPL_DIN_OFFSET + 4u * i, w[i]);
  wr(base, (last ? CV_CPL_DINL_OFFSET : CV_CPL_DIN_OFFSET) + 4u * (nw - 1u), w[nw - 1u]);
  return 0;
}

static int out_block(uintptr_t base, uint32_t *w, uint32_t nw) {
  if (poll(base, CV_CPL_STATUS_OUT_VALID_MASK, CV_CPL_STATUS_OUT_VALID_MASK)) return -1;
  for (uint32_t i = 0; i < nw; i++) w[i] = rd(base, CV_CPL_DOUT_OFFSET + 4u * i);
  return 0;
}

static int zeroize(uintptr_t base) {
  wr(base, CV_CPL_CTRL_OFFSET, CV_CPL_CTRL_ZEROIZE_MASK);
  return poll(base, CV_CPL_STATUS_BUSY_MASK, 0);
}

static int load_key(const kat_t *c) {
  for (uint32_t i = 0; i < c->key_words; i++) wr(c->base, CV_CPL_KEY_OFFSET + 4u * i, c->key[i]);
  wr(c->base, CV_CPL_CFG_OFFSET, c->key_cfg);
  wr(c->base, CV_CPL_CTRL_OFFSET, CV_CPL_CTRL_KEYLOAD_MASK);
  return poll(c->base, CV_CPL_STATUS_KEY_READY_MASK | CV_CPL_STATUS_BUSY_MASK,
              CV_CPL_STATUS_KEY_READY_MASK);
}

/* START, every block in, every output block out (SHA-3: after the last block); out holds the
 * output rounded up to whole blocks. */
static int message(const kat_t *c, uint32_t *out) {
  const uintptr_t b = c->base;
  const uint32_t nw = c->block / 4u;
  for (uint32_t i = 0; i < c->iv_words; i++) wr(b, CV_CPL_IV_OFFSET + 4u * i, c->iv[i]);
  wr(b, CV_CPL_CFG_OFFSET, c->cfg);
  wr(b, CV_CPL_CTRL_OFFSET,
     CV_CPL_CTRL_START_MASK | (c->iv_words ? CV_CPL_CTRL_IVLOAD_MASK : 0u));
  const uint32_t nblk = c->in_words / nw;
  if (c->num == CV_ENGINE_SHA3) {
    for (uint32_t k = 0; k < nblk; k++) {
      const int last = k + 1u == nblk;
      if (last) wr(b, CV_CPL_LAST_BYTES_OFFSET, c->in_len - c->block * k);
      if (in_block(b, c->in + nw * k, nw, last)) return -1;
    }
    for (uint32_t o = 0; o < c->out_len; o += c->block)
      if (out_block(b, out + o / 4u, nw)) return -1;
    return 0;
  }
  for (uint32_t k = 0; k < nblk; k++) {
    if (in_block(b, c->in + nw * k, nw, k + 1u == nblk)) return -1;
    if (out_block(b, out + nw * k, nw)) return -1;
  }
  return 0;
}

static int run_case(const kat_t *c, uint32_t *out) {
  if (zeroize(c->base)) return -1;
  if (c->key_words && load_key(c)) return -1;
  return message(c, out);
}

/* ------------------------------------------------------------------------------ checks */
static uint32_t passed, failed;
static uint32_t buf[BUF_BYTES / 4u + 16u];
static uint32_t perf_in[PERF_BLOCKS * 4u];

static void result(int ok) {
  if (ok)
    passed++;
  else
    failed++;
}

static int same(const uint32_t *got, const uint8_t *want, uint32_t n) {
  const uint8_t *g = (const uint8_t *)got;
  for (uint32_t i = 0; i < n; i++)
    if (g[i] != want[i]) return 0;
  return 1;
}

static void check_identity(void) {
  for (unsigned e = 0; e < KAT_ENGINES; e++) {
    const uint32_t id = rd(kat_engines[e].base, CV_CPL_ID_OFFSET);
    const uint32_t cap = rd(kat_engines[e].base, CV_CPL_CAP_OFFSET);
    const int ok =
        (id & CV_CPL_ID_MAGIC_MASK) >> CV_CPL_ID_MAGIC_SHIFT == CV_CPL_ID_MAGIC_CIPHER_V &&
        (id & CV_CPL_ID_ENGINE_MASK) >> CV_CPL_ID_ENGINE_SHIFT == kat_engines[e].num &&
        (cap & CV_CPL_CAP_BLOCK_BYTES_MASK) != 0u;
    puts_(kat_engines[e].name);
    puts_(" id ");
    puthex(id);
    puts_(ok ? " ok\n" : " FAIL\n");
    result(ok);
  }
}

static void check_vectors(void) {
  for (unsigned e = 0; e < KAT_ENGINES; e++) {
    uint32_t n = 0, bad = 0;
    for (unsigned i = 0; i < KAT_COUNT; i++) {
      const kat_t *c = &kat_cases[i];
      if (c->base != kat_engines[e].base) continue;
      const int ok = run_case(c, buf) == 0 && same(buf, c->expect, c->out_len);
      n++;
      if (!ok) {
        bad++;
        puts_("  FAIL ");
        puts_(c->engine);
        puts_(" ");
        puts_(c->name);
        puts_(" cfg ");
        puthex(c->cfg);
        putch('\n');
      }
      result(ok);
    }
    puts_(kat_engines[e].name);
    puts_(": ");
    putu(n - bad);
    puts_(" of ");
    putu(n);
    puts_(" vectors\n");
  }
}

/* Accesses the window refuses are answered with ERR and change nothing: a load and a store at
 * an offset that is no register (the load returns 0) and a byte store to CFG (SEL is not
 * 4'hF). The CPU does not see ERR (LiteX's VexRiscv ignores it), so the SoC counts the ERR
 * answers of each window in <engine>_errors. */
static void check_errors(void) {
  static uint32_t (*const count[])(void) = {
#ifdef CSR_CIPHERV_AES_BASE
      [CV_ENGINE_AES] = cipherv_aes_errors_read,
#endif
#ifdef CSR_CIPHERV_PRINCE_BASE
      [CV_ENGINE_PRINCE] = cipherv_prince_errors_read,
#endif
#ifdef CSR_CIPHERV_PRESENT_BASE
      [CV_ENGINE_PRESENT] = cipherv_present_errors_read,
#endif
#ifdef CSR_CIPHERV_CHACHA_BASE
      [CV_ENGINE_CHACHA] = cipherv_chacha_errors_read,
#endif
#ifdef CSR_CIPHERV_SHA3_BASE
      [CV_ENGINE_SHA3] = cipherv_sha3_errors_read,
#endif
  };
  for (unsigned e = 0; e < KAT_ENGINES; e++) {
    const uintptr_t b = kat_engines[e].base;
    uint32_t (*const errors)(void) = count[kat_engines[e].num];
    const uint32_t cfg = rd(b, CV_CPL_CFG_OFFSET);
    const uint32_t before = errors();
    const uint32_t v = rd(b, 0x800u);
    wr(b, 0x800u, 0xFFFFFFFFu);
    *(volatile uint8_t *)(b + CV_CPL_CFG_OFFSET) = (uint8_t)~cfg;
    const uint32_t n = errors() - before;
    const int ok = v == 0u && n == 3u && rd(b, CV_CPL_CFG_OFFSET) == cfg;
    puts_(kat_engines[e].name);
    puts_(": ");
    putu(n);
    puts_(" ERR answers of 3 refused accesses");
    puts_(ok ? ", nothing changed ok\n" : " FAIL\n");
    result(ok);
  }
}

/* The interrupt output (OR(IS & IE), read through the SoC's <engine>_irq CSR): high after a
 * message with IE.DONE set, low again once IS is cleared (write 1) and IE is 0. */
static void check_irq(void) {
  static uint32_t (*const line[])(void) = {
#ifdef CSR_CIPHERV_AES_BASE
      [CV_ENGINE_AES] = cipherv_aes_irq_read,
#endif
#ifdef CSR_CIPHERV_PRINCE_BASE
      [CV_ENGINE_PRINCE] = cipherv_prince_irq_read,
#endif
#ifdef CSR_CIPHERV_PRESENT_BASE
      [CV_ENGINE_PRESENT] = cipherv_present_irq_read,
#endif
#ifdef CSR_CIPHERV_CHACHA_BASE
      [CV_ENGINE_CHACHA] = cipherv_chacha_irq_read,
#endif
#ifdef CSR_CIPHERV_SHA3_BASE
      [CV_ENGINE_SHA3] = cipherv_sha3_irq_read,
#endif
  };
  for (unsigned e = 0; e < KAT_ENGINES; e++) {
    const uintptr_t b = kat_engines[e].base;
    uint32_t (*const irq)(void) = line[kat_engines[e].num];
    const kat_t *c = 0;
    for (unsigned i = 0; i < KAT_COUNT && !c; i++)
      if (kat_cases[i].base == b) c = &kat_cases[i];
    int ok = c != 0 && irq() == 0u;
    if (ok) {
      wr(b, CV_CPL_IE_OFFSET, CV_CPL_IE_DONE_MASK);
      ok = run_case(c, buf) == 0 && poll(b, CV_CPL_STATUS_BUSY_MASK, 0) == 0;
      ok = ok && irq() == 1u && (rd(b, CV_CPL_IS_OFFSET) & CV_CPL_IS_DONE_MASK) != 0u;
      wr(b, CV_CPL_IS_OFFSET, CV_CPL_IS_DONE_MASK | CV_CPL_IS_OUT_MASK);
      wr(b, CV_CPL_IE_OFFSET, 0u);
      ok = ok && irq() == 0u;
    }
    puts_(kat_engines[e].name);
    puts_(ok ? ": interrupt on done, cleared ok\n" : ": interrupt FAIL\n");
    result(ok);
  }
}

static void perf_line(const char *name, uint32_t v) {
  puts_("perf ");
  puts_(name);
  putch(' ');
  putu(v);
  putch('\n');
}

/* Cycle figures (LiteX's uptime counter, latched around the measured code; "timer" is the
 * cost of an empty interval, included in every other figure). */
static void perf(void) {
  uint32_t t0 = cycles();
  uint32_t t1 = cycles();
  perf_line("timer", t1 - t0);
  const uintptr_t first = kat_engines[0].base;
  t0 = cycles();
  for (unsigned i = 0; i < 64u; i++) (void)rd(first, CV_CPL_STATUS_OFFSET);
  t1 = cycles();
  perf_line("bus-read-x64", t1 - t0);
  t0 = cycles();
  for (unsigned i = 0; i < 64u; i++) wr(first, CV_CPL_IE_OFFSET, 0u);
  t1 = cycles();
  perf_line("bus-write-x64", t1 - t0);

  /* AES-128 ECB encryption, key loaded: one block, then PERF_BLOCKS blocks, START to the last
   * output word, with the same message() as the vectors. */
  for (unsigned i = 0; i < KAT_COUNT; i++) {
    const kat_t *c = &kat_cases[i];
    if (c->num != CV_ENGINE_AES || c->key_words == 0u) continue;
    kat_t k = *c;
    k.cfg = (CV_AES_CFG_KSZ_128 << CV_AES_CFG_KSZ_SHIFT) |
            (CV_AES_CFG_MODE_ECB << CV_AES_CFG_MODE_SHIFT);
    k.key_cfg = k.cfg;
    k.iv_words = 0;
    for (unsigned w = 0; w < PERF_BLOCKS * 4u; w++) perf_in[w] = w * 0x9E3779B9u;
    k.in = perf_in;
    k.in_words = 4u;
    if (zeroize(k.base) || load_key(&k)) break;
    t0 = cycles();
    if (message(&k, buf)) break;
    t1 = cycles();
    perf_line("aes128-ecb-1-block", t1 - t0);
    k.in_words = PERF_BLOCKS * 4u;
    t0 = cycles();
    if (message(&k, buf)) break;
    t1 = cycles();
    perf_line("aes128-ecb-64-blocks", t1 - t0);
    break;
  }
}

int main(void) {
  puts_("\ncipher-v litex: ");
  putu(KAT_ENGINES);
  puts_(" engines, ");
  putu(KAT_COUNT);
  puts_(" vectors\n");
  check_identity();
  check_vectors();
  check_errors();
  check_irq();
  perf();
  puts_("cipher-v litex: ");
  putu(passed);
  puts_(" passed, ");
  putu(failed);
  puts_(" failed\n");
  finish();
}
