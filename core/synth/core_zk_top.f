// SPDX-License-Identifier: Apache-2.0
// top: core_top
// the core with the scalar-crypto unit (ZK = 1), for synth/blocks.toml
-f core/rtl/sources.f
-f core/rtl/zk.f
