// SPDX-License-Identifier: Apache-2.0
// top: ghash_top
// lint: -GDIGIT=16
// lint: -GDIGIT=64
// lint: -GDIGIT=128
// lint: -GDIGIT=1
engines/ghash/rtl/ghash_top.v
