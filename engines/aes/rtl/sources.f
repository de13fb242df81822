// SPDX-License-Identifier: Apache-2.0
// top: aes_top
// lint: -GARCH=0 -GSBOX=1
// lint: -GARCH=0 -GSBOX=0
// lint: -GARCH=2 -GSBOX=1
engines/aes/rtl/aes_sbox_lut.v
engines/aes/rtl/aes_sbox_git.v
engines/aes/rtl/aes_sbox_cf.v
engines/aes/rtl/aes_sbox.v
engines/aes/rtl/aes_round.v
engines/aes/rtl/aes_key_exp.v
engines/aes/rtl/aes_rk_ram.v
engines/aes/rtl/aes_rk_regs.v
engines/aes/rtl/aes_dp_rolled.v
engines/aes/rtl/aes_tbl_rom.v
engines/aes/rtl/aes_dp_tbl.v
engines/aes/rtl/aes_dp_pipe.v
engines/aes/rtl/aes_top.v
