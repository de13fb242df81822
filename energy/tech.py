# SPDX-License-Identifier: Apache-2.0
"""The generic standard-cell gate set, its NAND2-equivalent weights and the energy constants.

One file holds every figure the ASIC-style area (`synth/run.py --family asic`) and the energy
model (`energy/run.py`) use, each with its source. No open PDK liberty file installs from the
package registries this project uses (the PyPI PDK packages carry SPICE models or download
their files at run time), so the netlist is mapped by yosys `abc -g` onto the generic gate set
below and weighted by the cell areas of the Nangate 45 nm Open Cell Library (FreePDK45, X1
drive strength), a public library whose NAND2_X1 (0.798 um^2) is the usual gate equivalent.

Gate equivalents (GE): area / NAND2_X1 area. Flip-flops are plain D flip-flops (DFF_X1): an
enable or a synchronous reset is mapped as gates in front of the flop, as that library has no
enable flop. Memories with a write port and at least SRAM_MIN_WORDS words (the SoC's program
and data memories) are SRAM macros, counted in bits apart from the gates; smaller ones
(register file, round-key store, FIFOs) become flip-flops and gates, as in a standard-cell
flow, and ROMs (S-box tables) become gates.
"""
from __future__ import annotations

# yosys internal gate cell -> (Nangate 45 nm OCL cell, area um^2)
NANGATE45_AREA = {
    "$_NOT_": ("INV_X1", 0.532),
    "$_BUF_": ("BUF_X1", 0.798),
    "$_AND_": ("AND2_X1", 1.064),
    "$_NAND_": ("NAND2_X1", 0.798),
    "$_OR_": ("OR2_X1", 1.064),
    "$_NOR_": ("NOR2_X1", 0.798),
    "$_XOR_": ("XOR2_X1", 1.596),
    "$_XNOR_": ("XNOR2_X1", 1.596),
    "$_MUX_": ("MUX2_X1", 1.862),
    "$_AOI3_": ("AOI21_X1", 1.064),
    "$_OAI3_": ("OAI21_X1", 1.064),
    "$_AOI4_": ("AOI22_X1", 1.330),
    "$_OAI4_": ("OAI22_X1", 1.330),
    "$_DFF_P_": ("DFF_X1", 4.522),
}
NAND2_AREA = NANGATE45_AREA["$_NAND_"][1]
# NAND2-equivalent weight of each cell type
GE = {cell: area / NAND2_AREA for cell, (_, area) in NANGATE45_AREA.items()}
# area of one clock-gating cell, taken as a flip-flop's (see CLOCK_GATING below)
ICG_GE = GE["$_DFF_P_"]
FF_CELLS = ("$_DFF_P_",)
# the `abc -g` gate list that maps onto the cells above (NOT and BUF are always available)
ABC_GATES = "AND,NAND,OR,NOR,XOR,XNOR,MUX,AOI3,OAI3,AOI4,OAI4"
# Memories with a write port and at least this many words stay SRAM macros (counted in bits).
SRAM_MIN_WORDS = 1024

# ------------------------------------------------------------------------------ energy model
# Energy of one output transition of a cell: E_GE x its GE weight (a larger cell has more
# internal and output capacitance to switch). E_GE is calibrated, not assumed: a 32-bit adder
# mapped by this same flow and driven with random operands (energy/calib.py) must spend
# Horowitz's published 0.1 pJ per 32-bit addition (M. Horowitz, "Computing's energy problem
# (and what we can do about it)", ISSCC 2014, 45 nm, 0.9 V). Horowitz's figure is measured on
# real circuits, glitches included; the calibration sets it against zero-delay toggles, so the
# adder's glitch share is inside E_GE and GLITCH_FACTOR stays 1 (the model assumes other logic
# glitches like a ripple adder does).
HOROWITZ_ADD32_PJ = 0.1
HOROWITZ_NODE = "45 nm, 0.9 V"
GLITCH_FACTOR = 1.0
# SRAM access energy: Horowitz ISSCC 2014, 64-bit access of an 8 KB / 32 KB / 1 MB cache:
# 10 / 20 / 100 pJ (45 nm, 0.9 V). The SoC's 64 KiB memories: log-log interpolation between
# 32 KB and 1 MB, and a 32-bit access taken as half a 64-bit one (the bit lines switched scale
# with the word; decoders and sense amplifiers are counted in the same proportion).
HOROWITZ_SRAM_PJ = {8 * 1024: 10.0, 32 * 1024: 20.0, 1024 * 1024: 100.0}
# Clock: a clocked flip-flop's clock pin, two transitions per cycle, each taken as one GE node
# (CLOCK_PIN_GE); the clock tree's buffers and wires add CLOCK_TREE_FACTOR times that.
CLOCK_PIN_GE = 1.0
CLOCK_TREE_FACTOR = 1.0
# Clock gating, as a low-power synthesis flow inserts it (Synopsys Power Compiler's
# `compile -gate_clock` / `set_clock_gating_style`, Cadence Genus's clock-gating insertion):
# a register bank whose flip-flops share one enable net (yosys's enable inference, in one
# group) and has at least CG_MIN_BITS of them (Power Compiler's default -minimum_bitwidth is
# 3) gets one integrated clock-gating cell (ICG: a latch and an AND gate) on its clock; its
# flip-flops' clock pins, and the tree below the ICG, switch only in the cycles the enable is
# high (the harness counts them), while the ICG's own clock pin switches every cycle.
# Flip-flops without an enable, and smaller banks, are clocked every cycle. The ICG is charged
# as one flip-flop: its clock pin as one flip-flop's (ICG_CLOCK_PINS) and its area (leakage,
# kGE) as DFF_X1's (ICG_GE), both more than a latch and an AND2 need, so the figure errs
# high. The flow would also drop each gated flop's hold multiplexer; the model keeps them
# (their area, leakage and switching), which errs high too. CLOCK_GATING = False charges
# every flip-flop every cycle (the figures are reported both ways).
CLOCK_GATING = True
CG_MIN_BITS = 3
ICG_CLOCK_PINS = 1.0
# Leakage per GE: Nangate 45 nm OCL INV_X1 cell_leakage_power 14.353 nW (typical corner) over
# its 0.667 GE. Applied to the gates and flip-flops; the SRAM macros' leakage is not modelled
# (it depends on the bit cell flavour, which the model does not fix).
LEAK_NW_PER_GE = 14.353 / GE["$_NOT_"]
# Node scaling to the 65 nm, 1.2 V of E203-NICE's figure: switched capacitance with the
# feature size (65/45), energy with V^2 (1.2/0.9)^2. Leakage per GE is kept as at 45 nm.
SCALE_65NM = (65 / 45) * (1.2 / 0.9) ** 2
# The clock the power figures (mW) are stated at: E203-NICE's 100 MHz.
CLOCK_MHZ = 100.0


def ge_of(cells: dict[str, int]) -> float:
    """GE of a cell-count dict (yosys stat names); cells outside the gate set are ignored."""
    return sum(GE[c] * n for c, n in cells.items() if c in GE)


def sram_access_pj(bytes_: int, width_bits: int) -> float:
    """Energy of one access of width_bits to an SRAM of bytes_ (45 nm, 0.9 V), from
    HOROWITZ_SRAM_PJ (log-log interpolation, clamped to its ends) scaled to the width."""
    import math
    pts = sorted(HOROWITZ_SRAM_PJ.items())
    if bytes_ <= pts[0][0]:
        e64 = pts[0][1]
    elif bytes_ >= pts[-1][0]:
        e64 = pts[-1][1]
    else:
        for (s0, e0), (s1, e1) in zip(pts, pts[1:]):
            if s0 <= bytes_ <= s1:
                t = math.log(bytes_ / s0) / math.log(s1 / s0)
                e64 = math.exp(math.log(e0) + t * math.log(e1 / e0))
                break
    return e64 * width_bits / 64
