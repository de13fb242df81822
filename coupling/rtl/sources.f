// SPDX-License-Identifier: Apache-2.0
// top: cpl_hub
// lint: -GDMA_BITS=32
// lint: -GDMA_BITS=128
// lint: -GDMA_BITS=32 -GENGINES=5'b01110
// lint: -GDMA_BITS=32 -GAES_AEAD=1
// lint: -GDMA_BITS=32 -GCHACHA_AEAD=1
// The engine wrapper (cpl_engine) needs the engines' own lists first (soc/rtl/sources.f).
coupling/rtl/cpl_slot.v
coupling/rtl/cpl_hub.v
coupling/rtl/cpl_dispatch.v
coupling/rtl/cpl_ctr64.v
coupling/rtl/cpl_eng.v
coupling/rtl/cpl_engine.v
coupling/rtl/cpl_dma.v
