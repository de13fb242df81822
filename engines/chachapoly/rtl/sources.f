// SPDX-License-Identifier: Apache-2.0
// top: chachapoly_top
-f engines/chacha/rtl/sources.f
-f engines/poly1305/rtl/sources.f
engines/chachapoly/rtl/chachapoly_top.v
