// SPDX-License-Identifier: Apache-2.0
// top: fpga_top
-f soc/rtl/sources.f
fpga/rtl/fpga_top.v
