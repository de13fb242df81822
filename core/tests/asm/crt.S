/* SPDX-License-Identifier: Apache-2.0 */
# crt.S: minimal start-up for the C performance program: stack, call main, tohost <- main's code.
#include "test_macros.h"
  .section .text.init
  .global _start
_start:
  la sp, stack_top
  call main
  la x2, tohost
  sw a0, 0(x2)
1:j 1b
  .section .tohost, "aw"
  .align 6
  .global tohost
tohost: .word 0, 0
  .global fromhost
fromhost: .word 0, 0
  .bss
  .align 4
  .space 4096
stack_top:
