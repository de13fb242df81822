// SPDX-License-Identifier: Apache-2.0
/* echo.c: the encrypted echo server, the load beside Thread-Metric in `make os-study`
 * (fw/rtos/echo/README.md). A network peer (fw/rtos/echo/run.py, through the harness's
 * --rx-file schedule) sends 80-byte messages encrypted with AES-256-CTR over the UART, each a
 * SLIP frame (RFC 1055) of 104 bytes:
 *   nonce[16] | data[80] | seq (u32 LE) | Fletcher-32 of the 100 bytes before (u32 LE)
 * where the plaintext data is "ECHO" | seq (u32 LE) | 72 bytes. The UART's receive interrupt
 * decodes the frames into a ring of buffers and queues each complete one to the server thread,
 * which checks the checksum, decrypts, validates (magic, sequence number), changes the message
 * (magic "REPL", the 72 bytes inverted), encrypts it under the nonce with its first bit
 * flipped (the reply's own key stream) and sends the reply frame. ECHO_BACKEND selects the
 * driver backend (cv_backend_t), -1 for the echo without crypto (the data travels in clear,
 * checked and changed the same way). The peer checks every reply; tm_load_end prints
 *   echo <received> <replied> <bad> <dropped>
 * and fails the run on any bad or dropped frame, then where the echo's cycles went (mcycle spans,
 * which include any interrupt taken inside them), summed over the run:
 *   echo_cycles <receive interrupt> <server, per request> <AES calls>
 * from which run.py gives the cycles per message of the link and of the crypto. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cv_aes.h"
#include "cv_csr.h"
#include "cv_drv_os.h"
#include "cv_memmap.h"
#include "cv_os.h"
#include "cv_test.h"
#include "cv_trap.h"

#ifndef ECHO_BACKEND
#define ECHO_BACKEND 0
#endif
#ifndef ECHO_HOLD
#define ECHO_HOLD 1       /* hold the AES locks once per request (cv_drv_os_hold_aes) */
#endif
#define ECHO_PRIO 5u      /* above the Thread-Metric threads (10..14), below the reporter (1) */
#ifndef UART_DIV
#define UART_DIV 1u       /* cycles per bit: a byte every 10 cycles */
#endif
#ifndef TX_ROOM
#define TX_ROOM 128u      /* the TX FIFO's depth: the SoC's UART_FIFO_DEPTH (run.py builds 128) */
#endif
#define NBUF 8u           /* receive buffers */
#define FRAME 104u
#define BUFSZ 128u        /* a frame buffer (a power of 2: the decoder masks its index) */
#define DISCARD 0x80000000u  /* rx_len of a frame being dropped */
#define DATA 80u
#define SLIP_END 0xC0u
#define SLIP_ESC 0xDBu
#define SLIP_ESC_END 0xDCu
#define SLIP_ESC_ESC 0xDDu

typedef struct {
  uint8_t b[BUFSZ];       /* nonce at 0, data at 16 (16-byte aligned for the DMA backends) */
} frame_t;

static frame_t rxbuf[NBUF] __attribute__((aligned(16)));
static uint8_t plain[DATA] __attribute__((aligned(16)));
static uint8_t reply[FRAME] __attribute__((aligned(16)));
static cv_os_thread_t server;
static uint8_t server_stack[3072] __attribute__((aligned(16)));
static cv_os_queue_t rxq;
static uint32_t rxq_buf[NBUF];
static cv_os_mutex_t tx_lock;
#if ECHO_BACKEND >= 0
static cv_aes_ctx ctx;
#endif
static const uint8_t key[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

/* Receive state, owned by the UART interrupt. */
static uint32_t rx_slot, rx_len, rx_esc, rx_busy;  /* rx_busy: buffers queued, not yet freed */
static volatile uint32_t n_rx, n_tx, n_bad, n_drop;
static uint32_t cyc_isr, cyc_server, cyc_aes;  /* mcycle spans (echo_cycles) */

/* Fletcher-32 over n bytes (n a multiple of 4, p word-aligned) as 16-bit little-endian words. */
static uint32_t fletcher32(const uint8_t *p, uint32_t n) {
  const uint32_t *w = (const uint32_t *)p;
  uint32_t a = 0xffffu, b = 0xffffu;
  for (uint32_t i = 0; i < n / 4; i++) {
    const uint32_t x = w[i];
    a += x & 0xffffu;
    b += a;
    a += x >> 16;
    b += a;
    if ((i & 15u) == 15u) {  /* fold before the sums can overflow */
      a = (a & 0xffffu) + (a >> 16);
      b = (b & 0xffffu) + (b >> 16);
    }
  }
  a = (a & 0xffffu) + (a >> 16);
  a = (a & 0xffffu) + (a >> 16);
  b = (b & 0xffffu) + (b >> 16);
  b = (b & 0xffffu) + (b >> 16);
  return (b << 16) | a;
}
static inline uint32_t get32(const uint8_t *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

/* The UART's receive interrupt: every byte in the FIFO through the SLIP decoder, and, inside
 * a frame, the rest of the frame as it arrives. The state lives in registers while the FIFO
 * drains. The common byte (neither END nor ESC, inside a frame) goes through a loop that loads
 * the next byte before it stores this one (no load-use wait) and writes through a pointer:
 * about 8 cycles, faster than the line brings bytes at 1 cycle per bit (10 cycles a byte). So
 * the loop catches up with the line inside a frame, and there it polls for the next byte for
 * up to RX_SPIN polls (a few byte times) rather than return and take a new interrupt (more
 * than 100 cycles) for each byte: a frame costs one interrupt of about its line time. A frame
 * that starts while no buffer is free is dropped whole. */
#ifndef RX_SPIN
#define RX_SPIN (8u * UART_DIV)
#endif
static void uart_rx_irq(void) {
  volatile uint32_t *const rx = (volatile uint32_t *)CV_UART_RXDATA_ADDR;
  uint32_t len = rx_len, esc = rx_esc;
  uint8_t *buf = rxbuf[rx_slot].b;
  uint32_t c = *rx;
  for (;;) {
    if (c & CV_UART_RXDATA_EMPTY_MASK) {
      if (len == 0) break;  /* between frames: done */
      uint32_t n = RX_SPIN;
      do {
        c = *rx;
      } while ((c & CV_UART_RXDATA_EMPTY_MASK) && --n);
      if (c & CV_UART_RXDATA_EMPTY_MASK) break;  /* the line went quiet inside a frame */
      continue;
    }
    if (c == SLIP_END) {
      if (len == FRAME && !esc) {
        uint32_t slot = rx_slot;
        if (cv_os_queue_send(&rxq, &slot, CV_OS_NO_WAIT) == CV_OS_OK) {
          rx_busy++;
          rx_slot = rx_slot + 1 == NBUF ? 0 : rx_slot + 1;
          buf = rxbuf[rx_slot].b;
          n_rx++;
        } else {
          n_drop++;
        }
      } else if (len && len < DISCARD) {
        n_bad++;  /* a frame of the wrong length or a bad escape */
      }
      len = 0;
      esc = 0;
      c = *rx;
      continue;
    }
    if (len == 0 && rx_busy >= NBUF - 1) {  /* no free buffer for the next frame */
      n_drop++;
      len = DISCARD;
    }
    if (c == SLIP_ESC) {
      esc = 1;
      c = *rx;
      continue;
    }
    if (esc) {
      esc = 0;
      if (c == SLIP_ESC_END) c = SLIP_END;
      else if (c == SLIP_ESC_ESC) c = SLIP_ESC;
      else len = FRAME + 1;  /* a bad escape: the frame is bad */
    }
    buf[len & (BUFSZ - 1)] = (uint8_t)c;
    len++;
    c = *rx;
    if (len >= FRAME) continue;  /* no fast loop near the end, nor while discarding */
    /* The fast loop: plain bytes inside a frame, up to the buffer's end. */
    uint8_t *p = buf + len, *const end = buf + FRAME;
    while (!(c & CV_UART_RXDATA_EMPTY_MASK) && c != SLIP_END && c != SLIP_ESC && p < end) {
      const uint32_t next = *rx;
      *p++ = (uint8_t)c;
      c = next;
    }
    len = (uint32_t)(p - buf);
  }
  rx_len = len;
  rx_esc = esc;
}

static void ext_irq(void) {
  cv_drv_os_dma_irq();
  if (CV_REG32(CV_INTC_ACTIVE_ADDR) & (1u << CV_IRQ_UART)) {
    const uint32_t t0 = cv_mcycle();
    uart_rx_irq();  /* the FIFO drained: then the latched pending bit (a new byte sets it again) */
    cyc_isr += cv_mcycle() - t0;
    CV_REG32(CV_INTC_PENDING_ADDR) = 1u << CV_IRQ_UART;
  }
}

/* Writes a SLIP frame into the TX FIFO. When the FIFO is empty (the usual case: a reply
 * leaves it in about 1,100 cycles) the frame goes in a word at a time without a status read
 * while the FIFO has room for the word's worst case (four escapes): a word with neither END nor
 * ESC in any byte (one test on the whole word) is four stores of its bytes (TXDATA takes bits
 * 7:0), any other word byte by byte with its escapes. The rest, or all when the FIFO is not
 * empty, waits for a free place for each byte. p is word-aligned and n a multiple of 4. */
static inline void tx_wait_put(uint32_t c) {
  while (CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_TXFULL_MASK) {
  }
  CV_REG32(CV_UART_TXDATA_ADDR) = c;
}
static inline int special(uint32_t c) { return c == SLIP_END || c == SLIP_ESC; }
/* Non-zero when a byte of x is END or ESC (a zero byte of x ^ END or of x ^ ESC). */
static inline uint32_t word_special(uint32_t x) {
  const uint32_t e = x ^ 0x01010101u * SLIP_END, s = x ^ 0x01010101u * SLIP_ESC;
  return ((e - 0x01010101u) & ~e) | ((s - 0x01010101u) & ~s);
}
static void send_frame(const uint8_t *p, uint32_t n) {
  cv_os_mutex_lock(&tx_lock, CV_OS_FOREVER);
  volatile uint32_t *tx = (volatile uint32_t *)CV_UART_TXDATA_ADDR;
  uint32_t i = 0;
  if (CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_TXEMPTY_MASK) {
    uint32_t room = TX_ROOM - 1;  /* places left in the FIFO after the opening END */
    *tx = SLIP_END;
    const uint32_t *w = (const uint32_t *)p;
    for (; i < n && room >= 8; i += 4) {
      const uint32_t x = w[i / 4];
      if (__builtin_expect(!(word_special(x) & 0x80808080u), 1)) {
        *tx = x;
        *tx = x >> 8;
        *tx = x >> 16;
        *tx = x >> 24;
        room -= 4;
        continue;
      }
      for (uint32_t k = 0; k < 32; k += 8) {
        const uint32_t c = (x >> k) & 0xffu;
        if (special(c)) {
          *tx = SLIP_ESC;
          *tx = c == SLIP_END ? SLIP_ESC_END : SLIP_ESC_ESC;
          room -= 2;
        } else {
          *tx = c;
          room--;
        }
      }
    }
  } else {
    tx_wait_put(SLIP_END);
  }
  for (; i < n; i++) {
    const uint32_t c = p[i];
    if (special(c)) {
      tx_wait_put(SLIP_ESC);
      tx_wait_put(c == SLIP_END ? SLIP_ESC_END : SLIP_ESC_ESC);
    } else {
      tx_wait_put(c);
    }
  }
  tx_wait_put(SLIP_END);
  cv_os_mutex_unlock(&tx_lock);
}

/* One request: 0 when it is well formed and answered. */
static int serve(uint8_t *f) {
  if (fletcher32(f, FRAME - 4) != get32(f + FRAME - 4)) return 1;
  const uint32_t seq = get32(f + 16 + DATA);
#if ECHO_BACKEND >= 0
  /* One hold of the engine's locks for the request's two AES calls (ECHO_HOLD=0: each call
   * takes its own). */
  uint8_t iv[16];
  memcpy(iv, f, 16);
  uint32_t t0 = cv_mcycle();
  const uint32_t held = ECHO_HOLD ? cv_drv_os_hold_aes((cv_backend_t)ECHO_BACKEND) : 0;
  if (cv_aes_ctr(&ctx, iv, f + 16, plain, DATA) != CV_OK) {
    cv_drv_os_release(held);
    return 2;
  }
  cyc_aes += cv_mcycle() - t0;
#else
  memcpy(plain, f + 16, DATA);
#endif
  if (memcmp(plain, "ECHO", 4) != 0 || get32(plain + 4) != seq) {
#if ECHO_BACKEND >= 0
    cv_drv_os_release(held);
#endif
    return 3;
  }
  memcpy(plain, "REPL", 4);
  uint32_t *w = (uint32_t *)plain;
  for (uint32_t i = 2; i < DATA / 4; i++) w[i] = ~w[i];
  memcpy(reply, f, 16);
  reply[0] ^= 0x80u;
#if ECHO_BACKEND >= 0
  memcpy(iv, reply, 16);
  t0 = cv_mcycle();
  const cv_status_t st = cv_aes_ctr(&ctx, iv, plain, reply + 16, DATA);
  cv_drv_os_release(held);
  cyc_aes += cv_mcycle() - t0;
  if (st != CV_OK) return 4;
#else
  memcpy(reply + 16, plain, DATA);
#endif
  put32(reply + 16 + DATA, seq);
  put32(reply + FRAME - 4, fletcher32(reply, FRAME - 4));
  send_frame(reply, FRAME);
  return 0;
}

static void server_thread(void *arg) {
  (void)arg;
#if ECHO_BACKEND >= 0
  if (cv_aes_init(&ctx, (cv_backend_t)ECHO_BACKEND, key, 32) != CV_OK) n_bad++;
#else
  (void)key;
#endif
  for (;;) {
    uint32_t slot;
    if (cv_os_queue_recv(&rxq, &slot, CV_OS_FOREVER) != CV_OS_OK) continue;
    const uint32_t t0 = cv_mcycle();
    if (serve(rxbuf[slot].b) == 0) n_tx++;
    else n_bad++;
    cyc_server += cv_mcycle() - t0;
    const uint32_t s = cv_os_irq_save();
    rx_busy--;
    cv_os_irq_restore(s);
  }
}

void tm_load_setup(void) {
  cv_drv_os_init();
  cv_os_mutex_init(&tx_lock);
  (void)cv_os_queue_init(&rxq, rxq_buf, 4, NBUF);
  CV_REG32(CV_UART_DIV_ADDR) = UART_DIV;
  CV_REG32(CV_UART_CTRL_ADDR) = CV_UART_CTRL_RXFLUSH_MASK | CV_UART_CTRL_CLROVF_MASK;
  CV_REG32(CV_UART_IE_ADDR) = CV_UART_IE_RXVALID_MASK;
  CV_REG32(CV_INTC_ENABLE_ADDR) |= 1u << CV_IRQ_UART;
  cv_os_irq_set_handler(CV_IRQ_M_EXT, ext_irq);
  cv_os_thread_create(&server, "echo", server_thread, NULL, server_stack, sizeof server_stack,
                      ECHO_PRIO);
}

void tm_load_lock(void) { cv_os_mutex_lock(&tx_lock, CV_OS_FOREVER); }

/* After the period: two ticks for the replies in flight, then the counts and the checks. */
void tm_load_end(void) {
  cv_os_mutex_unlock(&tx_lock);
  cv_os_sleep(2);
  cv_os_mutex_lock(&tx_lock, CV_OS_FOREVER);
  const uint32_t s = cv_os_irq_save();  /* one snapshot of the counts */
  const uint32_t rx = n_rx, tx = n_tx, bad = n_bad, drop = n_drop;
  const uint32_t c_isr = cyc_isr, c_server = cyc_server, c_aes = cyc_aes;
  cv_os_irq_restore(s);
  const int ovf = (CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXOVF_MASK) != 0;
  printf("echo %lu %lu %lu %lu%s\n", (unsigned long)rx, (unsigned long)tx, (unsigned long)bad,
         (unsigned long)drop, ovf ? " overflow" : "");
  printf("echo_cycles %lu %lu %lu\n", (unsigned long)c_isr, (unsigned long)c_server,
         (unsigned long)c_aes);
  CHECK_EQ(bad, 0);
  CHECK_EQ(drop, 0);
  CHECK(!ovf);
  CHECK_EQ(rx, tx);
}
