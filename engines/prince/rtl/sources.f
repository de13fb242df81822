// SPDX-License-Identifier: Apache-2.0
// top: prince_top
// lint: -GFOLDED=1
// lint: -GFOLDED=0 -GSTAGES=1
// lint: -GFOLDED=0 -GSTAGES=2
// lint: -GFOLDED=0 -GSTAGES=3
// lint: -GFOLDED=0 -GSTAGES=4
engines/prince/rtl/prince_slayer.v
engines/prince/rtl/prince_mprime.v
engines/prince/rtl/prince_shiftrows.v
engines/prince/rtl/prince_round.v
engines/prince/rtl/prince_ctrl.v
engines/prince/rtl/prince_pipe.v
engines/prince/rtl/prince_fold.v
engines/prince/rtl/prince_top.v
