// SPDX-License-Identifier: Apache-2.0
// top: aead_top
// lint: -GARCH=0 -GSBOX=0 -GDIGIT=16
// lint: -GARCH=0 -GSBOX=1 -GDIGIT=16
// lint: -GARCH=2 -GSBOX=0 -GDIGIT=128
-f engines/aes/rtl/sources.f
-f engines/ghash/rtl/sources.f
engines/aead/rtl/aead_top.v
