// SPDX-License-Identifier: Apache-2.0
// The scalar-crypto unit of core_top ZK = 1, added to sources.f for such a core build (the SoC
// lists core_zk.v in its own sources.f and the AES S-box with its engine)
engines/aes/rtl/aes_sbox.v
engines/aes/rtl/aes_sbox_git.v
engines/aes/rtl/aes_sbox_cf.v
core/rtl/core_zk.v
