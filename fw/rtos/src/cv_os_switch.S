/* SPDX-License-Identifier: Apache-2.0 */
/* cv_os_switch.S: the RTOS's trap entry and context switch.
 *
 * A thread that is not running has its registers in a frame on its own stack, laid out as the
 * runtime's cv_trap_frame_t (x[i] at 4*i, mepc at 128, 144 bytes), and its TCB's first word
 * points at the frame. There are two kinds of frame:
 *  - full (mepc != 0): the thread was interrupted, or is new. Every register but gp and tp (one
 *    value for the whole program) is in the frame; it resumes with mret at mepc, interrupts on.
 *  - partial (mepc == 0): the thread switched out itself, by a call of cv_os_switch from the
 *    kernel, with interrupts off. Only what the calling convention keeps across a call (ra, sp,
 *    s0-s11) is in the frame; it resumes by returning from cv_os_switch, interrupts still off,
 *    and the kernel code it returns to restores its interrupt state.
 * Either kind can be resumed from either place (an interrupt or a kernel call).
 *
 * An interrupt saves only the registers the C handler may clobber (ra, t0-t6, a0-a7) and mepc;
 * the s-registers are saved only when the handler has made another thread the next to run.
 * Handlers run on the interrupted thread's stack with interrupts off (no nesting). Exceptions
 * (ecall, faults) save everything and call the runtime's cv_trap_handler with the frame, so the
 * runtime's per-cause handlers and expected traps work under the RTOS. */
  .equ  FRAME, 144
  .equ  MEPC, 128
  .equ  MCAUSE, 132
  .equ  MTVAL, 136
  .equ  MSTATUS_MPIE, 0x80
  .equ  CV_OS_PRIOS, 32
  .equ  RQ, 8                 /* offsetof(cv_os_thread_t, rq) */

  .macro SAVE_S
  sw    s0, 32(sp)
  sw    s1, 36(sp)
  sw    s2, 72(sp)
  sw    s3, 76(sp)
  sw    s4, 80(sp)
  sw    s5, 84(sp)
  sw    s6, 88(sp)
  sw    s7, 92(sp)
  sw    s8, 96(sp)
  sw    s9, 100(sp)
  sw    s10, 104(sp)
  sw    s11, 108(sp)
  .endm

  .macro LOAD_S
  lw    s0, 32(sp)
  lw    s1, 36(sp)
  lw    s2, 72(sp)
  lw    s3, 76(sp)
  lw    s4, 80(sp)
  lw    s5, 84(sp)
  lw    s6, 88(sp)
  lw    s7, 92(sp)
  lw    s8, 96(sp)
  lw    s9, 100(sp)
  lw    s10, 104(sp)
  lw    s11, 108(sp)
  .endm

  /* ra, t0-t6, a0-a7 from the frame at sp, pop it, mret. */
  .macro RESTORE_CALLER_SAVED_MRET
  lw    ra, 4(sp)
  lw    t0, 20(sp)
  lw    t1, 24(sp)
  lw    t2, 28(sp)
  lw    a0, 40(sp)
  lw    a1, 44(sp)
  lw    a2, 48(sp)
  lw    a3, 52(sp)
  lw    a4, 56(sp)
  lw    a5, 60(sp)
  lw    a6, 64(sp)
  lw    a7, 68(sp)
  lw    t3, 112(sp)
  lw    t4, 116(sp)
  lw    t5, 120(sp)
  lw    t6, 124(sp)
  addi  sp, sp, FRAME
  mret
  .endm

  /* Resumes the frame at sp: the mepc slot says which kind it is. The s-register loads sit
   * between the load of mepc and the branch on it, so the core's load-use stall is hidden.
   * A full frame's thread had interrupts on, and mret turns them on again (MIE = MPIE):
   * set_mpie = 1 sets MPIE first, for a kernel call (interrupts off, MPIE unknown); in a trap
   * MPIE is already 1, the value MIE had when the interrupt was taken. */
  .macro RESUME_FRAME set_mpie
  lw    t0, MEPC(sp)
  LOAD_S
  beqz  t0, 1f
  csrw  mepc, t0
  .if \set_mpie
  li    t0, MSTATUS_MPIE
  csrs  mstatus, t0
  .endif
  RESTORE_CALLER_SAVED_MRET
1:
  /* Partial: back into the kernel call that switched out, interrupts still off. */
  lw    ra, 4(sp)
  addi  sp, sp, FRAME
  ret
  .endm

  .text
  .balign 64
  .globl cv_os_trap_entry
cv_os_trap_entry:
  addi  sp, sp, -FRAME
  sw    t0, 20(sp)
#ifdef CV_OS_STAMP
  csrr  t0, mcycle
  sw    t1, 24(sp)
  lui   t1, %hi(cv_os_stamp_irq)
  sw    t0, %lo(cv_os_stamp_irq)(t1)
#else
  sw    t1, 24(sp)
#endif
  csrr  t0, mcause
  csrr  t1, mepc
  sw    ra, 4(sp)
  sw    t2, 28(sp)
  sw    a0, 40(sp)
  sw    a1, 44(sp)
  sw    a2, 48(sp)
  sw    a3, 52(sp)
  sw    a4, 56(sp)
  sw    a5, 60(sp)
  sw    a6, 64(sp)
  sw    a7, 68(sp)
  sw    t3, 112(sp)
  sw    t4, 116(sp)
  sw    t5, 120(sp)
  sw    t6, 124(sp)
  sw    t1, MEPC(sp)
  bgez  t0, exception
  /* no_switch = 1 around the handler cv_os_irq_fn[cause]; the choice of the next thread below
   * clears it. */
  slli  t0, t0, 2
  lui   t1, %hi(cv_os_irq_fn)
  add   t1, t1, t0
  lw    t1, %lo(cv_os_irq_fn)(t1)   /* mcause's interrupt bit shifts out */
  lui   t2, %hi(no_switch)
  li    t0, 1
  sw    t0, %lo(no_switch)(t2)
  jalr  t1
  /* The thread to run next (cv_os_irq_next in cv_os.c, inline here): the head of the ready
   * list cv_os_ready[cv_os_top], or the idle thread when cv_os_top is CV_OS_PRIOS. Each load
   * has independent instructions after it, so none waits for its result. */
  lui   t0, %hi(cv_os_top)
  lw    t1, %lo(cv_os_top)(t0)
  lui   t2, %hi(cv_os_cur)
  lw    a0, %lo(cv_os_cur)(t2)
  lui   a1, %hi(no_switch)
  sw    zero, %lo(no_switch)(a1)
  li    a2, CV_OS_PRIOS
  beq   t1, a2, irq_idle
  slli  t1, t1, 3
  lui   a2, %hi(cv_os_ready)
  add   a2, a2, t1
  lw    a3, %lo(cv_os_ready)(a2)    /* &next->rq */
  lui   a4, %hi(cv_os_switches)
  lw    a5, %lo(cv_os_switches)(a4)
  addi  a1, a0, RQ
  beq   a3, a1, irq_return         /* the interrupted thread runs on */
  addi  a3, a3, -RQ                /* next */
irq_switch:
  /* Complete the frame (it becomes a full one) and switch to the thread in a3. */
  lw    t1, 0(a3)                  /* its stack pointer, loaded before the stores */
  addi  a5, a5, 1
  sw    a5, %lo(cv_os_switches)(a4)
  SAVE_S
  sw    a3, %lo(cv_os_cur)(t2)
  sw    sp, 0(a0)
  mv    sp, t1
  RESUME_FRAME 0

irq_idle:
  /* Nothing ready: the idle thread, unless it is the interrupted one. */
  lui   a3, %hi(cv_os_idle)
  addi  a3, a3, %lo(cv_os_idle)
  lui   a4, %hi(cv_os_switches)
  lw    a5, %lo(cv_os_switches)(a4)
  bne   a3, a0, irq_switch

irq_return:
  /* Back to the interrupted thread: mepc was not touched (handlers do not trap). */
  RESTORE_CALLER_SAVED_MRET

exception:
  SAVE_S
  sw    zero, 0(sp)
  sw    gp, 12(sp)
  sw    tp, 16(sp)
  addi  t1, sp, FRAME
  sw    t1, 8(sp)
  sw    t0, MCAUSE(sp)
  csrr  t1, mtval
  sw    t1, MTVAL(sp)
  mv    a0, sp
  call  cv_trap_handler
  /* The handler may have changed the frame (mepc to skip an instruction, registers). */
  lw    t0, MEPC(sp)
  csrw  mepc, t0
  LOAD_S
  RESTORE_CALLER_SAVED_MRET

/* void cv_os_switch(cv_os_thread_t *cur, cv_os_thread_t *next): called by the kernel with
 * interrupts off; cur is cv_os_cur, next the thread to run. Saves a partial frame; returns when
 * the calling thread runs again. */
  .balign 64
  .globl cv_os_switch
cv_os_switch:
  addi  sp, sp, -FRAME
  sw    ra, 4(sp)
  SAVE_S
  sw    zero, MEPC(sp)
  sw    sp, 0(a0)
  lw    sp, 0(a1)
  lui   t0, %hi(cv_os_cur)
  sw    a1, %lo(cv_os_cur)(t0)
  RESUME_FRAME 1

