// SPDX-License-Identifier: Apache-2.0
/* rtos_unexpected: an interrupt with no handler under the RTOS is reported and ends the run
 * with the runtime's unexpected-trap code (fw/rtos/tests/test_rtos.py checks both). A thread
 * enables the software interrupt in mie behind the kernel's back and raises it. */
#include <stdint.h>
#include <stdio.h>

#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_os.h"
#include "cv_sim.h"

static cv_os_thread_t t;
static uint8_t stack[1024] __attribute__((aligned(16)));

static void thread(void *arg) {
  (void)arg;
  printf("raising msip\n");
  CV_CSR_SET(mie, CV_MIE_MSIE);
  CV_REG32(CV_TIMER_MSIP_ADDR) = 1;
  for (volatile int i = 0; i < 100; i++) {
  }
  printf("not reached\n");
  cv_sim_exit(0);
}

int main(void) {
  cv_os_init();
  cv_os_thread_create(&t, "t", thread, NULL, stack, sizeof stack, 3);
  cv_os_start(20000);
}
