// SPDX-License-Identifier: Apache-2.0
/* test_traps: synchronous exceptions reach the C hook with the right mcause/mepc/mtval, and the
 * program continues after each one: illegal instructions (including a custom-0 instruction that
 * the default coprocessor refuses), misaligned loads and stores, access faults on unmapped
 * addresses and on an accelerator window with no engine, a fetch fault, ecall and ebreak. */
#include <stdint.h>
#include <stdio.h>

#include "cv_memmap.h"
#include "cv_test.h"
#include "cv_trap.h"

#define UNMAPPED 0x40000000u

/* Run one instruction at a local label and return the label's address (for the mepc check).
 * AT1 passes one address operand as %1. t0 and a0 may be written by the instruction. */
#define AT0(insn)                                                                       \
  __extension__({                                                                      \
    uint32_t pc_;                                                                      \
    __asm__ volatile("la %0, 1f\n1: " insn "\n" : "=&r"(pc_) : : "memory", "t0", "a0"); \
    pc_;                                                                               \
  })
#define AT1(insn, a)                                                                         \
  __extension__({                                                                           \
    uint32_t pc_;                                                                           \
    __asm__ volatile("la %0, 1f\n1: " insn "\n" : "=&r"(pc_) : "r"(a) : "memory", "t0", "a0"); \
    pc_;                                                                                    \
  })

static void expect(uint32_t cause, uint32_t pc, int check_tval, uint32_t tval) {
  cv_trap_record_t r = cv_trap_last();
  CHECK_EQ(r.mcause, cause);
  CHECK_EQ(r.mepc, pc);
  if (check_tval) CHECK_EQ(r.mtval, tval);
}

static void fetch_fault_handler(cv_trap_frame_t *f) {
  /* The faulting "call" jumped to an unmapped address: return to the caller. */
  f->mepc = f->x[1];
}

int main(void) {
  uint32_t pc, n0;
  volatile uint32_t sink;

  /* Illegal instruction: all-zero word, then all-ones. */
  n0 = cv_trap_count();
  cv_expect_trap(CV_CAUSE_ILLEGAL);
  pc = AT0(".word 0x00000000");
  CHECK_EQ(cv_trap_count(), n0 + 1);
  expect(CV_CAUSE_ILLEGAL, pc, 0, 0);
  cv_expect_trap(CV_CAUSE_ILLEGAL);
  pc = AT0(".word 0xffffffff");
  expect(CV_CAUSE_ILLEGAL, pc, 0, 0);

  /* custom-0 R-type: offered to the coprocessor port, refused with err -> illegal. */
  cv_expect_trap(CV_CAUSE_ILLEGAL);
  pc = AT0(".insn r 0x0b, 7, 0, a0, a1, a2");
  expect(CV_CAUSE_ILLEGAL, pc, 0, 0);
  cv_expect_trap(CV_CAUSE_ILLEGAL);
  pc = AT0(".insn r 0x2b, 3, 5, zero, a1, a2");
  expect(CV_CAUSE_ILLEGAL, pc, 0, 0);

  /* Misaligned load and store: mtval is the address. */
  uint32_t addr = CV_DMEM_BASE + 0x101u;
  cv_expect_trap(CV_CAUSE_MISALIGNED_LOAD);
  pc = AT1("lw t0, 0(%1)", addr);
  expect(CV_CAUSE_MISALIGNED_LOAD, pc, 1, addr);
  cv_expect_trap(CV_CAUSE_MISALIGNED_LOAD);
  pc = AT1("lh t0, 0(%1)", addr);
  expect(CV_CAUSE_MISALIGNED_LOAD, pc, 1, addr);
  cv_expect_trap(CV_CAUSE_MISALIGNED_STORE);
  pc = AT1("sw zero, 0(%1)", addr);
  expect(CV_CAUSE_MISALIGNED_STORE, pc, 1, addr);
  cv_expect_trap(CV_CAUSE_MISALIGNED_STORE);
  pc = AT1("sh zero, 0(%1)", addr);
  expect(CV_CAUSE_MISALIGNED_STORE, pc, 1, addr);

  /* Access faults: unmapped address (load and store), a gap in the peripheral space, and a gap
   * in the accelerator space (after the last engine window, before the dma window). */
  const uint32_t faults[] = {UNMAPPED, CV_INTC_BASE + CV_INTC_SIZE, CV_SHA3_BASE + CV_SHA3_SIZE,
                             CV_DMEM_BASE + CV_DMEM_SIZE};
  for (unsigned i = 0; i < sizeof faults / sizeof faults[0]; i++) {
    uint32_t a = faults[i];
    cv_expect_trap(CV_CAUSE_LOAD_FAULT);
    pc = AT1("lw t0, 0(%1)", a);
    expect(CV_CAUSE_LOAD_FAULT, pc, 1, a);
    cv_expect_trap(CV_CAUSE_STORE_FAULT);
    pc = AT1("sw zero, 0(%1)", a);
    expect(CV_CAUSE_STORE_FAULT, pc, 1, a);
  }

  /* The faulting load must not have written its destination register. */
  uint32_t keep = 0x1234abcdu;
  cv_expect_trap(CV_CAUSE_LOAD_FAULT);
  __asm__ volatile("lw %0, 0(%1)" : "+r"(keep) : "r"(UNMAPPED) : "memory");
  CHECK_EQ(keep, 0x1234abcdu);

  /* Fetch fault: call into an address outside imem. */
  cv_trap_set_handler(CV_CAUSE_FETCH_FAULT, fetch_fault_handler);
  n0 = cv_trap_count();
  void (*bad)(void) = (void (*)(void))(uintptr_t)0x00f00000u;
  cv_expect_trap(CV_CAUSE_FETCH_FAULT);
  bad();
  CHECK_EQ(cv_trap_count(), n0 + 1);
  expect(CV_CAUSE_FETCH_FAULT, 0x00f00000u, 0, 0);
  cv_trap_set_handler(CV_CAUSE_FETCH_FAULT, 0);

  /* ecall and ebreak. */
  cv_expect_trap(CV_CAUSE_ECALL_M);
  pc = AT0("ecall");
  expect(CV_CAUSE_ECALL_M, pc, 0, 0);
  cv_expect_trap(CV_CAUSE_BREAKPOINT);
  pc = AT0("ebreak");
  expect(CV_CAUSE_BREAKPOINT, pc, 0, 0);

  /* Memory still works after all that: imem is readable and writable through the data port. */
  static const uint32_t ro_word = 0x5a5aa5a5u;
  sink = ro_word;
  CHECK_EQ(sink, 0x5a5aa5a5u);
  CHECK(((uintptr_t)&ro_word) < CV_IMEM_SIZE);

  return cv_test_done();
}
