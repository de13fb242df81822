// SPDX-License-Identifier: Apache-2.0
/* cv_sha256_zk.S: the SHA-256 compression function on Zknh, scheduled by hand for the Cipher-V
 * core (built with CV_ZK, fw/common.mk FW_ZK=1; on a host the C isa version stands in).
 *
 *   void cv_sha256_zk_blocks(uint32_t h0[8], const uint8_t *blk, size_t nblk)
 *
 * blk must be 4-byte aligned (cv_sha256_isa_blocks copies a misaligned block first).
 *
 * Registers: the eight working variables, the 16-word message schedule, the round-constant
 * pointer and three temporaries are 28 registers, every one but x0, sp, gp and tp; the
 * arguments and the loop count live on the stack. Nothing moves between registers: the
 * variables rotate by renaming (a round's h is the next round's a), the schedule is a ring of
 * 16 registers (W[t+2] replaces W[t-14]), and the two temporaries of Maj swap each round, so a
 * body of 16 rounds maps every name back onto itself. Rounds 0-15 run once, rounds 16-31 three
 * times with the constant pointer moved on 16 words.
 *
 * A round (RN, 16 instructions; RS, 21 with one word of the schedule fused in):
 *   h += W[t] + Sigma1(e) + K[t] + Ch(e, f, g)      Ch = ((f ^ g) & e) ^ g
 *   d += h
 *   h += Sigma0(a) + Maj(a, b, c)                     Maj = ((a ^ b) & (b ^ c)) ^ b
 * b ^ c is the last round's a ^ b (kept in u). K[t] arrives in t, loaded at the end of the
 * round before. The core's hazards (core/README.md) set the order: a scalar-crypto result used
 * by the very next instruction costs a cycle and a loaded value used within three costs up to
 * three, so every sha256* result is used two or more instructions later and every load four
 * later: no stall in a round. RS computes W[t+2] = sigma1(W[t]) + W[t-5] + sigma0(W[t-13]) +
 * W[t-14] into W[t-14]'s register, from rounds 14 to 61 (the loop's rounds 62 and 63 compute
 * two words that nothing reads). */
#if defined(CV_ZK) && defined(__riscv)

#define VA x5
#define VB x6
#define VC x7
#define VD x8
#define VE x9
#define VF x10
#define VG x11
#define VH x12
#define W0 x13
#define W1 x14
#define W2 x15
#define W3 x16
#define W4 x17
#define W5 x18
#define W6 x19
#define W7 x20
#define W8 x21
#define W9 x22
#define W10 x23
#define W11 x24
#define W12 x25
#define W13 x26
#define W14 x27
#define W15 x28
#define KP x29
#define P x30
#define T0 x31
#define T1 x1

/* stack frame: ra, s0-s11, then the three arguments */
#define FRAME 64
#define O_H0 52
#define O_BLK 56
#define O_N 60

  .option push
  .option arch, +zknh, +zbkb

/* round without schedule: w = W[t], kn = offset of K[t+1], t = K[t] in, u = b ^ c in; on exit
 * u holds K[t+1] and t holds a ^ b (the next round's u: the caller swaps the names) */
.macro RN a, b, c, d, e, f, g, h, w, kn, t, u
  sha256sum1 P, \e
  add   \h, \h, \w
  add   \h, \h, P
  add   \h, \h, \t
  xor   \t, \f, \g
  sha256sum0 P, \a
  and   \t, \t, \e
  xor   \t, \t, \g
  add   \h, \h, \t
  add   \d, \d, \h
  xor   \t, \a, \b
  and   \u, \u, \t
  xor   \u, \u, \b
  add   \h, \h, P
  add   \h, \h, \u
  lw    \u, \kn(KP)
.endm

/* round with W[t+2] computed into wn (holding W[t-14]); w13 = W[t-13], w5 = W[t-5] */
.macro RS a, b, c, d, e, f, g, h, w, wn, w13, w5, kn, t, u
  sha256sum1 P, \e
  add   \h, \h, \w
  add   \h, \h, P
  add   \h, \h, \t
  xor   \t, \f, \g
  sha256sig0 P, \w13
  and   \t, \t, \e
  add   \wn, \wn, P
  xor   \t, \t, \g
  sha256sum0 P, \a
  add   \h, \h, \t
  add   \d, \d, \h
  xor   \t, \a, \b
  add   \wn, \wn, \w5
  and   \u, \u, \t
  add   \h, \h, P
  sha256sig1 P, \w
  xor   \u, \u, \b
  add   \h, \h, \u
  add   \wn, \wn, P
  lw    \u, \kn(KP)
.endm

  .section .text.cv_sha256_zk_blocks, "ax", @progbits
  .globl cv_sha256_zk_blocks
  .type cv_sha256_zk_blocks, @function
  .p2align 2
cv_sha256_zk_blocks:
  beqz  a2, .Lnone
  addi  sp, sp, -FRAME
  sw    ra, 0(sp)
  sw    s0, 4(sp)
  sw    s1, 8(sp)
  sw    s2, 12(sp)
  sw    s3, 16(sp)
  sw    s4, 20(sp)
  sw    s5, 24(sp)
  sw    s6, 28(sp)
  sw    s7, 32(sp)
  sw    s8, 36(sp)
  sw    s9, 40(sp)
  sw    s10, 44(sp)
  sw    s11, 48(sp)
  sw    a0, O_H0(sp)
  sw    a2, O_N(sp)
  mv    KP, a1
  lw    VA, 0(a0)
  lw    VB, 4(a0)
  lw    VC, 8(a0)
  lw    VD, 12(a0)
  lw    VE, 16(a0)
  lw    VG, 24(a0)      /* VG, VH are a1, a2 (used up), VF is a0: last */
  lw    VH, 28(a0)
  lw    VF, 20(a0)
  .balign 4   /* RVC builds: a 32-bit instruction at a jump target costs a cycle unaligned */
.Lblock:
  /* KP = the block, VA-VH = h0 */
  lw    W0, 0(KP)
  lw    W1, 4(KP)
  lw    W2, 8(KP)
  lw    W3, 12(KP)
  lw    W4, 16(KP)
  lw    W5, 20(KP)
  lw    W6, 24(KP)
  lw    W7, 28(KP)
  lw    W8, 32(KP)
  lw    W9, 36(KP)
  lw    W10, 40(KP)
  lw    W11, 44(KP)
  lw    W12, 48(KP)
  lw    W13, 52(KP)
  lw    W14, 56(KP)
  lw    W15, 60(KP)
  addi  KP, KP, 64
  sw    KP, O_BLK(sp)
  lla   KP, cv_sha256_k
  rev8  W0, W0
  rev8  W1, W1
  rev8  W2, W2
  rev8  W3, W3
  rev8  W4, W4
  rev8  W5, W5
  rev8  W6, W6
  rev8  W7, W7
  rev8  W8, W8
  rev8  W9, W9
  rev8  W10, W10
  rev8  W11, W11
  lw    T0, 0(KP)
  rev8  W12, W12
  rev8  W13, W13
  rev8  W14, W14
  rev8  W15, W15
  xor   T1, VB, VC

  RN VA, VB, VC, VD, VE, VF, VG, VH, W0, 4, T0, T1
  RN VH, VA, VB, VC, VD, VE, VF, VG, W1, 8, T1, T0
  RN VG, VH, VA, VB, VC, VD, VE, VF, W2, 12, T0, T1
  RN VF, VG, VH, VA, VB, VC, VD, VE, W3, 16, T1, T0
  RN VE, VF, VG, VH, VA, VB, VC, VD, W4, 20, T0, T1
  RN VD, VE, VF, VG, VH, VA, VB, VC, W5, 24, T1, T0
  RN VC, VD, VE, VF, VG, VH, VA, VB, W6, 28, T0, T1
  RN VB, VC, VD, VE, VF, VG, VH, VA, W7, 32, T1, T0
  RN VA, VB, VC, VD, VE, VF, VG, VH, W8, 36, T0, T1
  RN VH, VA, VB, VC, VD, VE, VF, VG, W9, 40, T1, T0
  RN VG, VH, VA, VB, VC, VD, VE, VF, W10, 44, T0, T1
  RN VF, VG, VH, VA, VB, VC, VD, VE, W11, 48, T1, T0
  RN VE, VF, VG, VH, VA, VB, VC, VD, W12, 52, T0, T1
  RN VD, VE, VF, VG, VH, VA, VB, VC, W13, 56, T1, T0
  RS VC, VD, VE, VF, VG, VH, VA, VB, W14, W0, W1, W9, 60, T0, T1
  RS VB, VC, VD, VE, VF, VG, VH, VA, W15, W1, W2, W10, 64, T1, T0
  addi  KP, KP, 64
  .balign 4   /* RVC builds: a 32-bit instruction at a jump target costs a cycle unaligned */
.Lrounds:
  RS VA, VB, VC, VD, VE, VF, VG, VH, W0, W2, W3, W11, 4, T0, T1
  RS VH, VA, VB, VC, VD, VE, VF, VG, W1, W3, W4, W12, 8, T1, T0
  RS VG, VH, VA, VB, VC, VD, VE, VF, W2, W4, W5, W13, 12, T0, T1
  RS VF, VG, VH, VA, VB, VC, VD, VE, W3, W5, W6, W14, 16, T1, T0
  RS VE, VF, VG, VH, VA, VB, VC, VD, W4, W6, W7, W15, 20, T0, T1
  RS VD, VE, VF, VG, VH, VA, VB, VC, W5, W7, W8, W0, 24, T1, T0
  RS VC, VD, VE, VF, VG, VH, VA, VB, W6, W8, W9, W1, 28, T0, T1
  RS VB, VC, VD, VE, VF, VG, VH, VA, W7, W9, W10, W2, 32, T1, T0
  RS VA, VB, VC, VD, VE, VF, VG, VH, W8, W10, W11, W3, 36, T0, T1
  RS VH, VA, VB, VC, VD, VE, VF, VG, W9, W11, W12, W4, 40, T1, T0
  RS VG, VH, VA, VB, VC, VD, VE, VF, W10, W12, W13, W5, 44, T0, T1
  RS VF, VG, VH, VA, VB, VC, VD, VE, W11, W13, W14, W6, 48, T1, T0
  RS VE, VF, VG, VH, VA, VB, VC, VD, W12, W14, W15, W7, 52, T0, T1
  RS VD, VE, VF, VG, VH, VA, VB, VC, W13, W15, W0, W8, 56, T1, T0
  RS VC, VD, VE, VF, VG, VH, VA, VB, W14, W0, W1, W9, 60, T0, T1
  RS VB, VC, VD, VE, VF, VG, VH, VA, W15, W1, W2, W10, 64, T1, T0
  addi  KP, KP, 64
  lla   P, cv_sha256_k + 256
  bne   KP, P, .Lrounds

  /* h0 += the variables; the schedule's registers are free now */
  lw    P, O_H0(sp)
  lw    W15, O_N(sp)
  lw    KP, O_BLK(sp)
  lw    W0, 0(P)
  lw    W1, 4(P)
  lw    W2, 8(P)
  lw    W3, 12(P)
  lw    W4, 16(P)
  lw    W5, 20(P)
  lw    W6, 24(P)
  lw    W7, 28(P)
  add   VA, VA, W0
  add   VB, VB, W1
  add   VC, VC, W2
  add   VD, VD, W3
  add   VE, VE, W4
  add   VF, VF, W5
  add   VG, VG, W6
  add   VH, VH, W7
  addi  W15, W15, -1
  sw    VA, 0(P)
  sw    VB, 4(P)
  sw    VC, 8(P)
  sw    VD, 12(P)
  sw    VE, 16(P)
  sw    VF, 20(P)
  sw    VG, 24(P)
  sw    VH, 28(P)
  sw    W15, O_N(sp)
  bnez  W15, .Lblock   /* with h0 in VA-VH */

  lw    ra, 0(sp)
  lw    s0, 4(sp)
  lw    s1, 8(sp)
  lw    s2, 12(sp)
  lw    s3, 16(sp)
  lw    s4, 20(sp)
  lw    s5, 24(sp)
  lw    s6, 28(sp)
  lw    s7, 32(sp)
  lw    s8, 36(sp)
  lw    s9, 40(sp)
  lw    s10, 44(sp)
  lw    s11, 48(sp)
  addi  sp, sp, FRAME
.Lnone:
  ret
  .size cv_sha256_zk_blocks, . - cv_sha256_zk_blocks

  .option pop
#endif
