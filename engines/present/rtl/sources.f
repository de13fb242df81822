// top: present_engine
// lint: -GKEY128=1
// lint: -GKEY128=0
engines/present/rtl/present_sbox.v
engines/present/rtl/present_slayer.v
engines/present/rtl/present_player.v
engines/present/rtl/present_keystep.v
engines/present/rtl/present_engine.v
