# SPDX-License-Identifier: Apache-2.0
# fw/rtos/part.mk: the RTOS's targets (included by fw/part.mk).
#   make rtos-long  the long stress runs (marker `long` of fw/rtos/tests): seed 2 at the CI
#                   size and four more seeds, each 20 times the CI size
#   make rtos-tm    the Thread-Metric suite, eight tests of at least 5 M simulated cycles each:
#                   build/rtos/thread_metric.json and docs/results/rtos.md
#   make os-study   Thread-Metric alone, beside the echo server without crypto and with each AES
#                   backend, at 20 and 200 messages per million cycles: build/os/results.json,
#                   docs/results/os_study.md and .png; 5,000,000 cycles per test, two
#                   simulations at a time. OS_STUDY_ARGS passes options to fw/rtos/echo/run.py
#                   (e.g. --tests 7 --loads 20 for a subset, --jobs 1).
.PHONY: rtos-long rtos-tm os-study
rtos-long: setup gen
	$(ENV) python -m pytest -q -m long fw/rtos/tests

rtos-tm: setup gen
	$(ENV) python fw/rtos/tm/run.py

os-study: setup gen
	$(ENV) python fw/rtos/echo/run.py $(OS_STUDY_ARGS)
