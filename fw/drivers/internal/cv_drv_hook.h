// SPDX-License-Identifier: Apache-2.0
/* cv_drv_hook.h: the drivers' hook for an operating system (fw/drivers/README.md, "Under the
 * RTOS"). The drivers call CV_DRV_DMA_SLEEP() where they are about to wait for a DMA job to end.
 * A bare-metal build defines nothing: the hook is empty and the wait polls, instruction for
 * instruction as without it. A build with the RTOS (fw/common.mk defines CV_DRV_OS when a
 * program links both `drivers` and `rtos`) blocks the calling thread there until the DMA's
 * completion interrupt wakes it (fw/drivers/src/cv_drv_os.c); the polled wait that follows then
 * finds the DMA idle at its first look. The engine locks are not hooks inside the drivers: they
 * wrap the API calls at link time (same file). */
#ifndef CV_DRV_HOOK_H
#define CV_DRV_HOOK_H

#ifdef CV_DRV_OS
void cv_drv_os_dma_sleep(void);
#define CV_DRV_DMA_SLEEP() cv_drv_os_dma_sleep()
#else
#define CV_DRV_DMA_SLEEP() ((void)0)
#endif

#endif /* CV_DRV_HOOK_H */
