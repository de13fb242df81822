# SPDX-License-Identifier: Apache-2.0
# adversarial/part.mk: the adversarial campaigns (adversarial/README.md).
#   make adversarial        every campaign at its CI size (the firmware campaigns and the cocotb
#                           campaigns included; the formal jobs as in make test), then the report:
#                           build/adversarial/*.json -> build/bench/adversarial.{json,md} and the
#                           committed docs/results/adversarial.md, adversarial-summary.json,
#                           then the README's headline table (tools/readme_results.py)
#   make adversarial-long   the same with ADV_OPS=1000000 operations per campaign, niced (hours:
#                           see adversarial/README.md, "Running them"); the long records are kept in
#                           adversarial/long/ (commit them) and stand in the report for CI ones
# The report is written even when a campaign fails; the target then fails with pytest's status.
.PHONY: adversarial adversarial-long adversarial-report
ADV_LONG_OPS ?= 1000000
ADV_PYTEST := python -m pytest -n $(JOBS) -m "long or not long" adversarial

adversarial: setup gen
	$(ENV) $(ADV_PYTEST); rc=$$?; python adversarial/report.py --docs docs/results && \
	  python tools/readme_results.py; exit $$rc

adversarial-long: setup gen
	$(ENV) ADV_OPS=$(ADV_LONG_OPS) ADV_LONG=1 ADV_JOBS=$(JOBS) nice -n 5 $(ADV_PYTEST); rc=$$?; \
	  python adversarial/report.py --keep --docs docs/results && \
	  python tools/readme_results.py; exit $$rc

adversarial-report: setup
	$(ENV) python adversarial/report.py --docs docs/results && python tools/readme_results.py
