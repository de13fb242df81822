// SPDX-License-Identifier: Apache-2.0
// top: present_top
// lint: -GKEY128=1
// lint: -GKEY128=0
// lint: -GKEY128=1 -GRPC=2
// lint: -GKEY128=0 -GRPC=2
engines/present/rtl/present_sbox.v
engines/present/rtl/present_slayer.v
engines/present/rtl/present_player.v
engines/present/rtl/present_keystep.v
engines/present/rtl/present_top.v
