/* SPDX-License-Identifier: Apache-2.0 */
# crt0.S: bare-metal start for the Spike measurement harness: stack, .bss, main, HTIF exit.
  .section .text.init, "ax"
  .globl _start
_start:
  la sp, __stack_top
  la t0, __bss_start
  la t1, __bss_end
1:
  bgeu t0, t1, 2f
  sw zero, 0(t0)
  addi t0, t0, 4
  j 1b
2:
  call main
  # HTIF exit: tohost = (code << 1) | 1
  slli a0, a0, 1
  ori a0, a0, 1
  la t0, tohost
  sw a0, 0(t0)
  sw zero, 4(t0)
3:
  j 3b

  .section .tohost, "aw", @progbits
  .align 6
  .globl tohost
tohost: .dword 0
  .align 6
  .globl fromhost
fromhost: .dword 0
