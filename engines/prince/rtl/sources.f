// top: prince_engine
// lint: -GSTAGES=1
// lint: -GSTAGES=2
// lint: -GSTAGES=3
// lint: -GSTAGES=4
engines/prince/rtl/prince_slayer.v
engines/prince/rtl/prince_mprime.v
engines/prince/rtl/prince_shiftrows.v
engines/prince/rtl/prince_round.v
engines/prince/rtl/prince_engine.v
