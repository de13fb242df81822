// SPDX-License-Identifier: Apache-2.0
// top: ip_wbc_engine
// lint: -GENGINE=1
// lint: -GENGINE=4
// The classic-Wishbone adapter of the LiteX demo (ip/litex), on top of the bus wrappers' list.
-f ip/rtl/sources.f
ip/litex/rtl/ip_wbc_engine.v
