# SPDX-License-Identifier: Apache-2.0
# coupling/part.mk: the coupling layer's long tests (marker `long`): the hub's bench on the
# 128-bit DMA port, the DMA's bench on its single-port builds (A_WRITE = 0), the DMA with the
# pipelined AES engine on the 128-bit port, and the hub with aead_top (AES_AEAD = 1).
.PHONY: coupling-long
coupling-long: setup gen
	$(ENV) python -m pytest -q -m long coupling/tests
