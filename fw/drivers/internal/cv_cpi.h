// SPDX-License-Identifier: Apache-2.0
/* cv_cpi.h: the Cipher-V custom instructions (coupling/README.md, "Custom instructions") as C.
 *
 * Every operation is custom-0 R-type: `.insn r 0x0b, funct3, funct7, rd, rs1, rs2` with
 * funct7 = target << 4 | op and funct3 = {xd, xs1, xs2} exactly as in the contract's table.
 * The target is the engine number (CV_ENGINE_*) or CV_CPI_TARGET_DMA for the DMA; it is
 * encoded in the instruction, so it must be a compile-time constant (the macros
 * below pass it as an "i" operand; -O2 firmware inlines constant arguments of always_inline
 * helpers too).
 *
 * The table, CV_CPI_OPS(X): X(NAME, target-kind, op, funct3), and its constants
 * (CV_CPI_OPCODE, CV_CPI_TARGET_DMA, CV_CPI_OP_<NAME>, CV_CPI_F3_<NAME>) are generated from
 * coupling/regs/cpi.toml into cv_consts.h, the one source the RTL decoder uses too. Engine
 * operations take the target as first macro argument; DMA operations always use the DMA's.
 *
 *   CV_CPI_CFG(t, cfg)           CFG <= cfg
 *   CV_CPI_KEY(t, w0, w1)        next two key words into KEY staging
 *   CV_CPI_KLOAD(t)              KEYLOAD (key size from CFG)
 *   CV_CPI_KLOADW(t)             KEYLOAD and wait for KEY_READY (or error); value = STATUS
 *   CV_CPI_IV(t, w0, w1)         next two IV words into IV staging
 *   CV_CPI_IVLOAD(t)             IVLOAD
 *   CV_CPI_IVRD(t, i)            value = engine IV word i (0..3)
 *   CV_CPI_START(t, cfg)         CFG <= cfg, START
 *   CV_CPI_DATA(t, w0, w1)       two input words (a completed block is sent, not last)
 *   CV_CPI_DATAL(t, w0, w1)      two input words (a completed block is sent as the last)
 *   CV_CPI_RESULT(t)             value = next output word (waits for it; traps if none is due)
 *   CV_CPI_STATUS(t)             value = STATUS
 *   CV_CPI_ZERO(t)               ZEROIZE
 *   CV_CPI_LASTB(t, n)           LAST_BYTES <= n
 *   CV_CPI_DSEL(engine, ecfg)    DMA: ENGINE register (SEL | PAD), ECFG
 *   CV_CPI_DADDR(src, dst)       DMA: SRC, DST
 *   CV_CPI_DRUN(len, outlen)     DMA: start the job (returns at once)
 *   CV_CPI_DRUNW(len, outlen)    DMA: start and wait; value = STATUS; failure traps (illegal)
 *   CV_CPI_DKEY(addr, kcfg)      DMA: key load from memory for the selected engine
 *   CV_CPI_DKEYW(addr, kcfg)     DMA: the same, wait for the key; failure traps (illegal)
 *   CV_CPI_DWAIT()               DMA: wait until idle; value = STATUS (errors in it, no trap)
 *   CV_CPI_DSTAT()               DMA: value = STATUS at once
 *
 * The DMA operations that start or finish memory traffic carry a "memory" clobber so the
 * compiler neither keeps buffer contents in registers across them nor sinks stores past them.
 * Engine operations have none: their operands and results are data dependencies already. */
#ifndef CV_CPI_H
#define CV_CPI_H

#include <stdint.h>

#include "cv_consts.h"

#define CV_CPI_STR2_(x) #x
#define CV_CPI_STR_(x) CV_CPI_STR2_(x)
#define CV_CPI_INSN_ ".insn r " CV_CPI_STR_(CV_CPI_OPCODE) ", "

#define CV_CPI_F7(t, op) ((((unsigned)(t)) << 4) | (unsigned)(op))

/* Raw forms by funct3 = {xd, xs1, xs2}. t and op must be constants. */
#define CV_CPI_R000_(t, op, f3)                                                \
  __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, zero, zero"                     \
                   : : "i"(f3), "i"(CV_CPI_F7(t, op)))
#define CV_CPI_R010_(t, op, f3, a)                                             \
  __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, %2, zero"                       \
                   : : "i"(f3), "i"(CV_CPI_F7(t, op)), "r"((uint32_t)(a)))
#define CV_CPI_R011_(t, op, f3, a, b)                                          \
  __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, %2, %3"                         \
                   : : "i"(f3), "i"(CV_CPI_F7(t, op)), "r"((uint32_t)(a)),     \
                     "r"((uint32_t)(b)))
#define CV_CPI_R011M_(t, op, f3, a, b)                                         \
  __asm__ volatile(CV_CPI_INSN_ "%0, %1, zero, %2, %3"                         \
                   : : "i"(f3), "i"(CV_CPI_F7(t, op)), "r"((uint32_t)(a)),     \
                     "r"((uint32_t)(b)) : "memory")
#define CV_CPI_R100_(t, op, f3) __extension__({                                \
    uint32_t r_;                                                               \
    __asm__ volatile(CV_CPI_INSN_ "%1, %2, %0, zero, zero"                     \
                     : "=r"(r_) : "i"(f3), "i"(CV_CPI_F7(t, op)));             \
    r_; })
#define CV_CPI_R100M_(t, op, f3) __extension__({                               \
    uint32_t r_;                                                               \
    __asm__ volatile(CV_CPI_INSN_ "%1, %2, %0, zero, zero"                     \
                     : "=r"(r_) : "i"(f3), "i"(CV_CPI_F7(t, op)) : "memory");  \
    r_; })
#define CV_CPI_R110_(t, op, f3, a) __extension__({                             \
    uint32_t r_;                                                               \
    __asm__ volatile(CV_CPI_INSN_ "%1, %2, %0, %3, zero"                       \
                     : "=r"(r_) : "i"(f3), "i"(CV_CPI_F7(t, op)),              \
                       "r"((uint32_t)(a)));                                    \
    r_; })
#define CV_CPI_R111M_(t, op, f3, a, b) __extension__({                         \
    uint32_t r_;                                                               \
    __asm__ volatile(CV_CPI_INSN_ "%1, %2, %0, %3, %4"                         \
                     : "=r"(r_) : "i"(f3), "i"(CV_CPI_F7(t, op)),              \
                       "r"((uint32_t)(a)), "r"((uint32_t)(b)) : "memory");     \
    r_; })

/* Engine operations (t = engine number). */
#define CV_CPI_CFG(t, cfg)     CV_CPI_R010_(t, CV_CPI_OP_CFG, CV_CPI_F3_CFG, cfg)
#define CV_CPI_KEY(t, a, b)    CV_CPI_R011_(t, CV_CPI_OP_KEY, CV_CPI_F3_KEY, a, b)
#define CV_CPI_KLOAD(t)        CV_CPI_R000_(t, CV_CPI_OP_KLOAD, CV_CPI_F3_KLOAD)
#define CV_CPI_KLOADW(t)       CV_CPI_R100_(t, CV_CPI_OP_KLOADW, CV_CPI_F3_KLOADW)
#define CV_CPI_IV(t, a, b)     CV_CPI_R011_(t, CV_CPI_OP_IV, CV_CPI_F3_IV, a, b)
#define CV_CPI_IVLOAD(t)       CV_CPI_R000_(t, CV_CPI_OP_IVLOAD, CV_CPI_F3_IVLOAD)
#define CV_CPI_IVRD(t, i)      CV_CPI_R110_(t, CV_CPI_OP_IVRD, CV_CPI_F3_IVRD, i)
#define CV_CPI_START(t, cfg)   CV_CPI_R010_(t, CV_CPI_OP_START, CV_CPI_F3_START, cfg)
#define CV_CPI_DATA(t, a, b)   CV_CPI_R011_(t, CV_CPI_OP_DATA, CV_CPI_F3_DATA, a, b)
#define CV_CPI_DATAL(t, a, b)  CV_CPI_R011_(t, CV_CPI_OP_DATAL, CV_CPI_F3_DATAL, a, b)
#define CV_CPI_RESULT(t)       CV_CPI_R100_(t, CV_CPI_OP_RESULT, CV_CPI_F3_RESULT)
#define CV_CPI_STATUS(t)       CV_CPI_R100_(t, CV_CPI_OP_STATUS, CV_CPI_F3_STATUS)
#define CV_CPI_ZERO(t)         CV_CPI_R000_(t, CV_CPI_OP_ZERO, CV_CPI_F3_ZERO)
#define CV_CPI_LASTB(t, n)     CV_CPI_R010_(t, CV_CPI_OP_LASTB, CV_CPI_F3_LASTB, n)

/* DMA operations (target CV_CPI_TARGET_DMA). */
#define CV_CPI_DSEL(eng, ecfg) \
  CV_CPI_R011_(CV_CPI_TARGET_DMA, CV_CPI_OP_DSEL, CV_CPI_F3_DSEL, eng, ecfg)
#define CV_CPI_DADDR(src, dst) \
  CV_CPI_R011_(CV_CPI_TARGET_DMA, CV_CPI_OP_DADDR, CV_CPI_F3_DADDR, src, dst)
#define CV_CPI_DRUN(len, outlen) \
  CV_CPI_R011M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DRUN, CV_CPI_F3_DRUN, len, outlen)
#define CV_CPI_DRUNW(len, outlen) \
  CV_CPI_R111M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DRUNW, CV_CPI_F3_DRUNW, len, outlen)
#define CV_CPI_DKEY(addr, kcfg) \
  CV_CPI_R011M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DKEY, CV_CPI_F3_DKEY, addr, kcfg)
#define CV_CPI_DKEYW(addr, kcfg) \
  CV_CPI_R111M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DKEYW, CV_CPI_F3_DKEYW, addr, kcfg)
#define CV_CPI_DWAIT()  CV_CPI_R100M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DWAIT, CV_CPI_F3_DWAIT)
#define CV_CPI_DSTAT()  CV_CPI_R100M_(CV_CPI_TARGET_DMA, CV_CPI_OP_DSTAT, CV_CPI_F3_DSTAT)

#endif /* CV_CPI_H */
