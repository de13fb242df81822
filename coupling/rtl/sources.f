// SPDX-License-Identifier: Apache-2.0
// top: cpl_unit
// lint: -GDMA_BITS=32
// lint: -GDMA_BITS=128 -GKEY_BITS=0 -GIV_BITS=0 -GBLOCK_BITS=64
// lint: -GDMA_BITS=128 -GBLOCK_BITS=512 -GKEY_BITS=0 -GCFG_BITS=4 -GMODE_W=3
// The engine wrapper (cpl_engine) needs the engines' own lists first (soc/rtl/sources.f).
coupling/rtl/cpl_unit.v
coupling/rtl/cpl_dispatch.v
coupling/rtl/cpl_ctr64.v
coupling/rtl/cpl_engine.v
coupling/rtl/cpl_dma.v
