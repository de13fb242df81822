# SPDX-License-Identifier: Apache-2.0
"""Cycle-stepped cocotb driver shared by the ChaCha and SHA-3 engine benches: the inputs are a
dictionary that holds its values from cycle to cycle (`drv`), one-cycle pulses go on top of it,
and each step returns the named outputs sampled in that cycle."""
from __future__ import annotations

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, RisingEdge, Timer


class StepBench:
    """`inputs` names every driven input with its idle value (rst_ni included, 0 = in reset);
    `outs` the outputs a step samples unless told otherwise."""

    def __init__(self, dut, inputs: dict[str, int], outs: tuple[str, ...]) -> None:
        self.dut = dut
        self.cycle = 0
        self.drv = dict(inputs)
        self.outs = outs
        self.applied: dict[str, int] = {}  # what is on each input now: only changes are written

    async def init(self) -> None:
        cocotb.start_soon(Clock(self.dut.clk_i, 10, unit="ns").start())
        for _ in range(3):
            await self.step()
        self.drv["rst_ni"] = 1
        await self.step()

    async def step(self, names: tuple[str, ...] | None = None, **pulse: int) -> dict[str, int]:
        """One clock cycle: inputs change after the falling edge, `pulse` values for this cycle
        only; samples `names` (default: `outs`) just before the rising edge."""
        await FallingEdge(self.dut.clk_i)
        for name, val in {**self.drv, **pulse}.items():
            if self.applied.get(name) != val:
                getattr(self.dut, name).value = val
                self.applied[name] = val
        await Timer(1, unit="ns")
        s = {}
        for name in self.outs if names is None else names:
            v = getattr(self.dut, name).value
            s[name] = int(v) if v.is_resolvable else -1  # X before the first reset edge
        await RisingEdge(self.dut.clk_i)
        self.cycle += 1
        return s

    async def clear(self, how: str) -> None:
        """A cycle of reset ("reset") or of zeroize_i (anything else)."""
        if how == "reset":
            self.drv["rst_ni"] = 0
            await self.step()
            self.drv["rst_ni"] = 1
        else:
            await self.step(zeroize_i=1)
