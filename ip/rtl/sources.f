// SPDX-License-Identifier: Apache-2.0
// top: ip_axil_engine
// lint: -GENGINE=1
// lint: -GENGINE=2
// lint: -GENGINE=3
// lint: -GENGINE=4
// lint: -GENGINE=5
// lint: --top-module ip_wb_engine -GENGINE=1
// lint: --top-module ip_wb_engine -GENGINE=5
// lint: -GENGINE=1 -GDMA=1
// lint: -GENGINE=4 -GDMA=1 -GDMA_AW=20
// lint: --top-module ip_wb_engine -GENGINE=1 -GDMA=1
// lint: --top-module ip_wb_engine -GENGINE=5 -GDMA=1
// lint: -GENGINE=1 -GAES_AEAD=1 -GDMA=1
// lint: --top-module ip_wb_engine -GENGINE=4 -GCHACHA_AEAD=1
// The bus wrappers need the engines' lists (AES and ChaCha through their AEAD builds' lists,
// which AES_AEAD / CHACHA_AEAD select) and the coupling layer's first.
-f engines/aead/rtl/sources.f
-f engines/prince/rtl/sources.f
-f engines/present/rtl/sources.f
-f engines/chachapoly/rtl/sources.f
-f engines/sha3/rtl/sources.f
-f coupling/rtl/sources.f
ip/rtl/ip_engine_core.v
ip/rtl/ip_dma_axi.v
ip/rtl/ip_dma_wb.v
ip/rtl/ip_axil_engine.v
ip/rtl/ip_wb_engine.v
