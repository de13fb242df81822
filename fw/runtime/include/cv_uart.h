// SPDX-License-Identifier: Apache-2.0
/* cv_uart.h: polled UART access (the stdio glue uses it for stdout and stdin). */
#ifndef CV_UART_H
#define CV_UART_H

#include <stdint.h>

void cv_uart_putc(uint8_t c);     /* waits while the TX FIFO is full */
int  cv_uart_getc(void);          /* next received byte, or -1 when none is waiting */
int  cv_uart_getc_blocking(void); /* waits for a byte */
void cv_uart_flush(void);         /* waits until the last stop bit has left */
void cv_uart_set_div(uint32_t cycles_per_bit);

#endif /* CV_UART_H */
