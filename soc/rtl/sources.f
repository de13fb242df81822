// SPDX-License-Identifier: Apache-2.0
// top: soc_top
// lint: -GDMA_BITS=128
// (the default build is linted inside fpga_top: fpga/rtl/sources.f)
// lint: -GENGINES=5'b00001
// lint: -GDMA_BITS=32 -GAES_AEAD=1
// lint: -GDMA_BITS=128 -GAES_ARCH=2 -GAES_AEAD=1
// lint: -GRVC=1 -GZK=1
// lint: -GDMA_BITS=32 -GCHACHA_AEAD=1
-f core/rtl/sources.f
core/rtl/core_zk.v
soc/rtl/soc_fifo.v
soc/rtl/soc_ram.v
-f engines/aead/rtl/sources.f
-f engines/prince/rtl/sources.f
-f engines/present/rtl/sources.f
-f engines/chachapoly/rtl/sources.f
-f engines/sha3/rtl/sources.f
-f coupling/rtl/sources.f
soc/rtl/soc_xbar.v
soc/rtl/soc_simctrl.v
soc/rtl/soc_uart.v
soc/rtl/soc_timer.v
soc/rtl/soc_intc.v
soc/rtl/soc_top.v
