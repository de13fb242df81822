// SPDX-License-Identifier: Apache-2.0
// top: core_top
// lint:
// lint: -GRVFI=0
// lint: -GRVC=1
// lint: -GRVC=1 -GRVFI=0
// lint: -GRVC=1 -GZK=1 -f core/rtl/zk.f
// lint: -GRVC=1 -GZK=1 -GRVFI=0 -f core/rtl/zk.f
core/rtl/core_regfile.v
core/rtl/core_alu.v
core/rtl/core_mul.v
core/rtl/core_div.v
core/rtl/core_decoder.v
core/rtl/core_csr.v
core/rtl/core_rvc.v
core/rtl/core_fetch.v
core/rtl/core_top.v
