// SPDX-License-Identifier: Apache-2.0
/* cv_aes_zk.S: the AES encryption key schedules on Zkne, scheduled by hand for the Cipher-V core
 * (built with CV_ZK, fw/common.mk FW_ZK=1; on a host the C isa version stands in).
 *
 *   void cv_aes128_zk_ek(uint32_t ek[44], const uint32_t key[4])
 *   void cv_aes192_zk_ek(uint32_t ek[52], const uint32_t key[6])
 *   void cv_aes256_zk_ek(uint32_t ek[60], const uint32_t key[8])
 *
 * key: the key's bytes as aligned little-endian words (cv_aes_isa_expand_enc copies a
 * misaligned key first); ek: the round keys as the table version lays them out.
 *
 * Straight-line code, the words of the last key in registers. A step of the schedule is
 * w0 ^= SubWord(RotWord(w_last)) ^ rcon, then each later word ^= the one before it. RotWord is
 * rori by 8 (little-endian column words); SubWord is four aes32esi, each putting the S-box of
 * one byte back in its place, in two chains of two (bytes 0, 1 into w0; 2, 3 into a temporary
 * from x0) so that no aes32esi waits for the one before it: a scalar-crypto result used by the
 * very next instruction costs a cycle on this core (core/README.md). A store of the step before
 * fills the slot between the second chain's end and the XOR that joins the chains. The round
 * constant is an immediate. AES-256's second step of each pair is SubWord without RotWord or
 * rcon. */
#if defined(CV_ZK) && defined(__riscv)

  .option push
  .option arch, +zkne, +zbkb

/* the step that starts at w0 from w_last (t1, t2: temporaries); `fill` stores w_last of the
 * step before at `off` (its last word, not yet written) */
.macro SUBROT w0, wlast, rc, off
  rori      t1, \wlast, 8
  xori      \w0, \w0, \rc
  aes32esi  \w0, \w0, t1, 0
  aes32esi  t2, x0, t1, 2
  aes32esi  \w0, \w0, t1, 1
  aes32esi  t2, t2, t1, 3
  sw        \wlast, \off(a0)
  xor       \w0, \w0, t2
.endm

/* AES-128: w0-w3 in a1-a4 */
.macro R128 r, rc
  SUBROT    a1, a4, \rc, 16*\r-4
  xor       a2, a2, a1
  xor       a3, a3, a2
  xor       a4, a4, a3
  sw        a1, 16*\r(a0)
  sw        a2, 16*\r+4(a0)
  sw        a3, 16*\r+8(a0)
.endm

  .section .text.cv_aes128_zk_ek, "ax", @progbits
  .globl cv_aes128_zk_ek
  .type cv_aes128_zk_ek, @function
  .p2align 2
cv_aes128_zk_ek:
  lw        a2, 4(a1)
  lw        a3, 8(a1)
  lw        a4, 12(a1)
  lw        a1, 0(a1)
  sw        a2, 4(a0)
  sw        a3, 8(a0)
  sw        a1, 0(a0)
  R128      1, 0x01
  R128      2, 0x02
  R128      3, 0x04
  R128      4, 0x08
  R128      5, 0x10
  R128      6, 0x20
  R128      7, 0x40
  R128      8, 0x80
  R128      9, 0x1b
  R128      10, 0x36
  sw        a4, 172(a0)
  ret
  .size cv_aes128_zk_ek, . - cv_aes128_zk_ek

/* AES-192: w0-w5 in a1-a6; the last step writes four words */
.macro R192 r, rc, last=0
  SUBROT    a1, a6, \rc, 24*\r-4
  xor       a2, a2, a1
  xor       a3, a3, a2
  xor       a4, a4, a3
  sw        a1, 24*\r(a0)
  sw        a2, 24*\r+4(a0)
  sw        a3, 24*\r+8(a0)
  sw        a4, 24*\r+12(a0)
.if \last == 0
  xor       a5, a5, a4
  xor       a6, a6, a5
  sw        a5, 24*\r+16(a0)
.endif
.endm

  .section .text.cv_aes192_zk_ek, "ax", @progbits
  .globl cv_aes192_zk_ek
  .type cv_aes192_zk_ek, @function
  .p2align 2
cv_aes192_zk_ek:
  lw        a2, 4(a1)
  lw        a3, 8(a1)
  lw        a4, 12(a1)
  lw        a5, 16(a1)
  lw        a6, 20(a1)
  lw        a1, 0(a1)
  sw        a2, 4(a0)
  sw        a3, 8(a0)
  sw        a4, 12(a0)
  sw        a5, 16(a0)
  sw        a1, 0(a0)
  R192      1, 0x01
  R192      2, 0x02
  R192      3, 0x04
  R192      4, 0x08
  R192      5, 0x10
  R192      6, 0x20
  R192      7, 0x40
  R192      8, 0x80, 1
  ret
  .size cv_aes192_zk_ek, . - cv_aes192_zk_ek

/* AES-256: w0-w7 in a1-a7, t0; step pair r writes ek[8r..8r+7] (the last pair four words) */
.macro R256 r, rc, last=0
  SUBROT    a1, t0, \rc, 32*\r-4
  xor       a2, a2, a1
  xor       a3, a3, a2
  xor       a4, a4, a3
  sw        a1, 32*\r(a0)
  sw        a2, 32*\r+4(a0)
  sw        a3, 32*\r+8(a0)
.if \last == 0
  aes32esi  a5, a5, a4, 0
  aes32esi  t2, x0, a4, 2
  aes32esi  a5, a5, a4, 1
  aes32esi  t2, t2, a4, 3
  sw        a4, 32*\r+12(a0)
  xor       a5, a5, t2
  xor       a6, a6, a5
  xor       a7, a7, a6
  xor       t0, t0, a7
  sw        a5, 32*\r+16(a0)
  sw        a6, 32*\r+20(a0)
  sw        a7, 32*\r+24(a0)
.else
  sw        a4, 32*\r+12(a0)
.endif
.endm

  .section .text.cv_aes256_zk_ek, "ax", @progbits
  .globl cv_aes256_zk_ek
  .type cv_aes256_zk_ek, @function
  .p2align 2
cv_aes256_zk_ek:
  lw        a2, 4(a1)
  lw        a3, 8(a1)
  lw        a4, 12(a1)
  lw        a5, 16(a1)
  lw        a6, 20(a1)
  lw        a7, 24(a1)
  lw        t0, 28(a1)
  lw        a1, 0(a1)
  sw        a2, 4(a0)
  sw        a3, 8(a0)
  sw        a4, 12(a0)
  sw        a5, 16(a0)
  sw        a6, 20(a0)
  sw        a7, 24(a0)
  sw        a1, 0(a0)
  R256      1, 0x01
  R256      2, 0x02
  R256      3, 0x04
  R256      4, 0x08
  R256      5, 0x10
  R256      6, 0x20
  R256      7, 0x40, 1
  ret
  .size cv_aes256_zk_ek, . - cv_aes256_zk_ek

  .option pop
#endif
