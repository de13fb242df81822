// SPDX-License-Identifier: Apache-2.0
/* cv_aes_zk.S: the AES encryption key schedules on Zkne, scheduled by hand for the Cipher-V core
 * (built with CV_ZK, fw/common.mk FW_ZK=1; on a host the C isa version stands in).
 *
 *   void cv_aes_isa_expand_enc(uint32_t *ek, const uint8_t *key, size_t key_len)
 *   void cv_aes_isa_expand_dec(uint32_t *dk, const uint32_t *ek, int nr)
 *   void cv_aes192_zk_ek(uint32_t ek[52], const uint32_t key[6])
 *   void cv_aes256_zk_ek(uint32_t ek[60], const uint32_t key[8])
 *
 * cv_aes_isa_expand_enc (cv_aes_sw.h) runs AES-128 from an aligned key itself, on its
 * fall-through path, and hands anything else to cv_aes_zk_ek_other (cv_aes_sw.c: a misaligned
 * key is copied, then cv_aes192_zk_ek or cv_aes256_zk_ek). key: the key's bytes as aligned
 * little-endian words; ek: the round keys as the table version lays them out.
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
  .option arch, +zkne, +zknd, +zbkb

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

  .section .text.cv_aes_isa_expand_enc, "ax", @progbits
  .globl cv_aes_isa_expand_enc
  .type cv_aes_isa_expand_enc, @function
  .p2align 2
cv_aes_isa_expand_enc:
  andi      t0, a1, 3
  addi      t1, a2, -16
  or        t0, t0, t1
  bnez      t0, .Lother
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
.Lother:
  tail      cv_aes_zk_ek_other
  .size cv_aes_isa_expand_enc, . - cv_aes_isa_expand_enc

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

/* The decryption schedule: dk[0..3] = ek[4 nr..], dk[4 nr..] = ek[0..3], and in between
 * dk[4 r + i] = InvMixColumns(ek[4 (nr - r) + i]): four aes32esi (the S-box) then four
 * aes32dsmi, whose inverse S-box undoes it and leaves InvMixColumns. Two words at a time, their
 * chains interleaved, so that no result is used by the next instruction; a round key (four
 * words) per loop pass. */
.macro INVMIX2 wa, wb, oa, ob
  aes32esi  t2, x0, \wa, 0
  aes32esi  t3, x0, \wb, 0
  aes32esi  t2, t2, \wa, 1
  aes32esi  t3, t3, \wb, 1
  aes32esi  t2, t2, \wa, 2
  aes32esi  t3, t3, \wb, 2
  aes32esi  t2, t2, \wa, 3
  aes32esi  t3, t3, \wb, 3
  aes32dsmi t4, x0, t2, 0
  aes32dsmi t5, x0, t3, 0
  aes32dsmi t4, t4, t2, 1
  aes32dsmi t5, t5, t3, 1
  aes32dsmi t4, t4, t2, 2
  aes32dsmi t5, t5, t3, 2
  aes32dsmi t4, t4, t2, 3
  aes32dsmi t5, t5, t3, 3
  sw        t4, \oa(a0)
  sw        t5, \ob(a0)
.endm

  .section .text.cv_aes_isa_expand_dec, "ax", @progbits
  .globl cv_aes_isa_expand_dec
  .type cv_aes_isa_expand_dec, @function
  .p2align 2
cv_aes_isa_expand_dec:
  slli      a2, a2, 4
  add       t0, a1, a2          /* &ek[4 nr] */
  add       t1, a0, a2          /* &dk[4 nr] */
  lw        a3, 0(t0)
  lw        a4, 4(t0)
  lw        a5, 8(t0)
  lw        a6, 12(t0)
  lw        a7, 0(a1)
  lw        t2, 4(a1)
  lw        t3, 8(a1)
  lw        t4, 12(a1)
  sw        a3, 0(a0)
  sw        a4, 4(a0)
  sw        a5, 8(a0)
  sw        a6, 12(a0)
  sw        a7, 0(t1)
  sw        t2, 4(t1)
  sw        t3, 8(t1)
  sw        t4, 12(t1)
  addi      t0, t0, -16         /* ek[4 (nr - 1)]: the source, down to ek[4] */
  addi      a0, a0, 16          /* dk[4]: the destination */
  .balign 4   /* RVC builds: a 32-bit instruction at a jump target costs a cycle unaligned */
.Ldec:
  lw        a3, 0(t0)
  lw        a4, 4(t0)
  lw        a5, 8(t0)
  lw        a6, 12(t0)
  INVMIX2   a3, a4, 0, 4
  INVMIX2   a5, a6, 8, 12
  addi      t0, t0, -16
  addi      a0, a0, 16
  bne       t0, a1, .Ldec
  ret
  .size cv_aes_isa_expand_dec, . - cv_aes_isa_expand_dec

  .option pop
#endif
