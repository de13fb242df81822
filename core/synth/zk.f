// SPDX-License-Identifier: Apache-2.0
// top: core_zk_ff
engines/aes/rtl/aes_sbox.v
engines/aes/rtl/aes_sbox_git.v
engines/aes/rtl/aes_sbox_cf.v
core/rtl/core_zk.v
core/synth/core_zk_ff.v
