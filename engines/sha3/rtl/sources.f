// SPDX-License-Identifier: Apache-2.0
// top: sha3_top
engines/sha3/rtl/sha3_parity.v
engines/sha3/rtl/sha3_chi_lane.v
engines/sha3/rtl/sha3_round.v
engines/sha3/rtl/sha3_top.v
