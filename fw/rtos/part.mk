# SPDX-License-Identifier: Apache-2.0
# fw/rtos/part.mk: the RTOS's targets (included by fw/part.mk).
#   make rtos-long  the long stress runs (marker `long` of fw/rtos/tests): four more seeds, each
#                   20 times the CI size
#   make rtos-tm    the Thread-Metric suite, eight tests of at least 5 M simulated cycles each:
#                   build/rtos/thread_metric.json and docs/results/rtos.md
.PHONY: rtos-long rtos-tm
rtos-long: setup gen
	$(ENV) python -m pytest -q -m long fw/rtos/tests

rtos-tm: setup gen
	$(ENV) python fw/rtos/tm/run.py
