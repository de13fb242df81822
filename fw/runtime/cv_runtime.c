// SPDX-License-Identifier: Apache-2.0
/* cv_runtime.c: picolibc glue (stdio over the UART, _exit), UART and simulation-control access,
 * and the default trap dispatcher. */
#include <stdio.h>
#include <stdlib.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_sim.h"
#include "cv_trap.h"
#include "cv_uart.h"

/* ------------------------------------------------------------------ UART */
void cv_uart_putc(uint8_t c) {
  while (CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_TXFULL_MASK) {
  }
  CV_REG32(CV_UART_TXDATA_ADDR) = c;
}

int cv_uart_getc(void) {
  uint32_t v = CV_REG32(CV_UART_RXDATA_ADDR);
  if (v & CV_UART_RXDATA_EMPTY_MASK) return -1;
  return (int)(v & CV_UART_RXDATA_DATA_MASK);
}

int cv_uart_getc_blocking(void) {
  int c;
  while ((c = cv_uart_getc()) < 0) {
  }
  return c;
}

void cv_uart_flush(void) {
  while (!(CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_TXIDLE_MASK)) {
  }
}

void cv_uart_set_div(uint32_t cycles_per_bit) {
  cv_uart_flush();
  CV_REG32(CV_UART_DIV_ADDR) = cycles_per_bit;
}

/* ------------------------------------------------------------------ simulation control */
void cv_sim_putc(char c) { CV_REG32(CV_SIMCTRL_PUTC_ADDR) = (uint8_t)c; }

void cv_sim_exit(uint32_t code) {
  cv_uart_flush();
  for (;;) CV_REG32(CV_SIMCTRL_EXIT_ADDR) = code;
}

/* picolibc calls _exit at the end of exit() (after the atexit handlers). */
void _exit(int status) { cv_sim_exit((uint32_t)status); }

/* ------------------------------------------------------------------ stdio over the UART */
static int cv_stdio_putc(char c, FILE *f) {
  (void)f;
  cv_uart_putc((uint8_t)c);
  return (unsigned char)c;
}

static int cv_stdio_getc(FILE *f) {
  (void)f;
  return cv_uart_getc_blocking();
}

static FILE cv_stdio = FDEV_SETUP_STREAM(cv_stdio_putc, cv_stdio_getc, NULL, _FDEV_SETUP_RW);
FILE *const stdin = &cv_stdio;
FILE *const stdout = &cv_stdio;
FILE *const stderr = &cv_stdio;

/* ------------------------------------------------------------------ traps */
static cv_trap_fn exc_handlers[32];
static cv_trap_fn irq_handlers[32];
static volatile uint32_t expect_cause = 0xffffffffu;
static volatile uint32_t trap_count;
static volatile cv_trap_record_t trap_last;

void cv_trap_set_handler(uint32_t cause, cv_trap_fn fn) { exc_handlers[cause & 31u] = fn; }
void cv_irq_set_handler(uint32_t irq, cv_trap_fn fn) { irq_handlers[irq & 31u] = fn; }
void cv_expect_trap(uint32_t cause) { expect_cause = cause; }
uint32_t cv_trap_count(void) { return trap_count; }

cv_trap_record_t cv_trap_last(void) {
  cv_trap_record_t r = {trap_last.mcause, trap_last.mepc, trap_last.mtval};
  return r;
}

static void unexpected(const cv_trap_frame_t *f) {
  printf("unexpected trap: mcause=0x%08lx mepc=0x%08lx mtval=0x%08lx\n",
         (unsigned long)f->mcause, (unsigned long)f->mepc, (unsigned long)f->mtval);
  cv_sim_exit(CV_EXIT_UNEXPECTED_TRAP);
}

__attribute__((weak)) void cv_trap_handler(cv_trap_frame_t *f) {
  uint32_t code = f->mcause & 31u;
  if (f->mcause & CV_MCAUSE_IRQ) {
    if (irq_handlers[code]) {
      irq_handlers[code](f);
      return;
    }
    unexpected(f);
  }
  if (f->mcause == expect_cause) {
    trap_last.mcause = f->mcause;
    trap_last.mepc = f->mepc;
    trap_last.mtval = f->mtval;
    trap_count = trap_count + 1u;
    expect_cause = 0xffffffffu;
    f->mepc += 4u;  /* RV32IM only: every instruction is 4 bytes */
    return;
  }
  if (exc_handlers[code]) {
    exc_handlers[code](f);
    return;
  }
  unexpected(f);
}
