// SPDX-License-Identifier: Apache-2.0
// top: poly1305_top
engines/poly1305/rtl/poly1305_top.v
