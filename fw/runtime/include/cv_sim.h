// SPDX-License-Identifier: Apache-2.0
/* cv_sim.h: simulation control (exit code, direct character output). */
#ifndef CV_SIM_H
#define CV_SIM_H

#include <stdint.h>

/* Flushes the UART, then writes the exit code: the harness stops and returns it. */
__attribute__((noreturn)) void cv_sim_exit(uint32_t code);
/* One character straight to the harness's stdout, without the UART's bit time. */
void cv_sim_putc(char c);

#endif /* CV_SIM_H */
