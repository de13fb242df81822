// SPDX-License-Identifier: Apache-2.0
// top: chacha_top
engines/chacha/rtl/chacha_qr.v
engines/chacha/rtl/chacha_top.v
