// SPDX-License-Identifier: Apache-2.0
// top: core_rvc_ff
core/rtl/core_rvc.v
core/synth/core_rvc_ff.v
