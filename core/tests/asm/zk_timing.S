/* SPDX-License-Identifier: Apache-2.0 */
# zk_timing.S: every scalar-crypto instruction takes the same cycles whatever its operands (Zkt):
# the 30 instructions back to back cost what 30 adds cost, for zero, all-ones and mixed operands
# and every AES byte select; a chain where each uses the previous result costs one cycle more per
# instruction after the first (the result is late, as a multiply's), for every operand set.
# Built with -march=..._zkn for the core with ZK = 1.
#include "test_macros.h"

#define ZK_ALL(rd, a, b, bs) \
  ror rd, a, b; rol rd, a, b; rori rd, a, 7; andn rd, a, b; orn rd, a, b; xnor rd, a, b; \
  pack rd, a, b; packh rd, a, b; brev8 rd, a; rev8 rd, a; zip rd, a; unzip rd, a; \
  clmul rd, a, b; clmulh rd, a, b; xperm4 rd, a, b; xperm8 rd, a, b; \
  aes32esi rd, a, b, bs; aes32esmi rd, a, b, bs; aes32dsi rd, a, b, bs; aes32dsmi rd, a, b, bs; \
  sha256sig0 rd, a; sha256sig1 rd, a; sha256sum0 rd, a; sha256sum1 rd, a; \
  sha512sig0h rd, a, b; sha512sig0l rd, a, b; sha512sig1h rd, a, b; sha512sig1l rd, a, b; \
  sha512sum0r rd, a, b; sha512sum1r rd, a, b

#define ADDS5(rd, a, b) add rd, a, b; add rd, a, b; add rd, a, b; add rd, a, b; add rd, a, b
#define ADDS30(rd, a, b) ADDS5(rd, a, b); ADDS5(rd, a, b); ADDS5(rd, a, b); \
  ADDS5(rd, a, b); ADDS5(rd, a, b); ADDS5(rd, a, b)

# independent (rd = x3, sources x1, x2): cycles into reg
#define TIME_IND(reg, bs) \
  csrr x20, mcycle; ZK_ALL(x3, x1, x2, bs); csrr x21, mcycle; sub reg, x21, x20
# chain: each instruction reads the previous one's result
#define TIME_DEP(reg, bs) \
  csrr x20, mcycle; ZK_ALL(x1, x1, x2, bs); csrr x21, mcycle; sub reg, x21, x20

#define SET(a, b) li x1, a; li x2, b

  .section .text.init
  .global _start
_start:
  SET(3, 4)
  csrr x20, mcycle
  ADDS30(x3, x1, x2)
  csrr x21, mcycle
  sub x22, x21, x20             # 30 independent adds
  addi x23, x22, 29             # a chain: each of the 29 after the first waits one cycle

  SET(0, 0)
  TIME_IND(x24, 0)
  li TESTNUM, 1
  bne x24, x22, fail
  SET(-1, -1)
  TIME_IND(x24, 1)
  li TESTNUM, 2
  bne x24, x22, fail
  SET(0x80000001, 0x7f00ff01)
  TIME_IND(x24, 2)
  li TESTNUM, 3
  bne x24, x22, fail
  SET(0x12345678, 0x9abcdef0)
  TIME_IND(x24, 3)
  li TESTNUM, 4
  bne x24, x22, fail

  SET(0, 0)
  TIME_DEP(x24, 0)
  li TESTNUM, 5
  bne x24, x23, fail
  SET(-1, -1)
  TIME_DEP(x24, 1)
  li TESTNUM, 6
  bne x24, x23, fail
  SET(0x80000001, 0xffffffff)
  TIME_DEP(x24, 2)
  li TESTNUM, 7
  bne x24, x23, fail
  SET(0x5a5a5a5a, 0x01234567)
  TIME_DEP(x24, 3)
  li TESTNUM, 8
  bne x24, x23, fail
  j pass

  PASS_FAIL_TAIL
