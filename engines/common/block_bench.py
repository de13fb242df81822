# SPDX-License-Identifier: Apache-2.0
"""Cycle-by-cycle cocotb driver shared by the block-cipher engine benches (PRINCE, PRESENT):
reset, key load, start, and a message stream with random valid/ready stalls that records when
each block was accepted and produced (for latency and constant-time checks)."""
from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge


class BlockBench:
    """Drives an engine with the common streaming interface one clock cycle at a time; inputs
    change just after a rising edge. `key_timeout` bounds the wait for key_ready_o."""

    def __init__(self, dut, key_timeout: int = 500) -> None:
        self.dut = dut
        self.cycle = 0
        self.key_timeout = key_timeout

    async def init(self) -> None:
        d = self.dut
        for name in ("zeroize_i", "cfg_i", "start_i", "key_i", "key_valid_i", "in_valid_i",
                     "in_data_i", "in_last_i", "out_ready_i"):
            getattr(d, name).value = 0
        d.rst_ni.value = 0
        cocotb.start_soon(Clock(d.clk_i, 10, unit="ns").start())
        await self.tick(3)
        d.rst_ni.value = 1
        await self.tick()

    async def tick(self, n: int = 1) -> None:
        for _ in range(n):
            await RisingEdge(self.dut.clk_i)
            self.cycle += 1

    def sig(self, name: str) -> int:
        return int(getattr(self.dut, name).value)

    async def pulse(self, **values: int) -> None:
        """Hold the given inputs for one cycle (then back to 0)."""
        for k, v in values.items():
            getattr(self.dut, k).value = v
        await self.tick()
        for k in values:
            if k not in ("key_i", "cfg_i"):
                getattr(self.dut, k).value = 0

    async def load_key(self, key: int, cfg: int | None = None) -> int:
        """Load a key (with cfg_i set to cfg, for engines that take the key size with the key);
        returns the cycles from key_valid_i to key_ready_o."""
        if cfg is None:
            await self.pulse(key_i=key, key_valid_i=1)
        else:
            await self.pulse(key_i=key, key_valid_i=1, cfg_i=cfg)
        n = 1
        await ReadOnly()
        while not self.sig("key_ready_o"):
            await self.tick()
            n += 1
            await ReadOnly()
            assert n < self.key_timeout, "key_ready_o never rose"
        await self.tick()
        return n

    async def start(self, cfg: int) -> None:
        await self.pulse(cfg_i=cfg, start_i=1)

    async def clear(self, how: str) -> None:
        """A zeroize_i pulse ("zeroize") or a two-cycle reset ("reset")."""
        if how == "zeroize":
            await self.pulse(zeroize_i=1)
        else:
            self.dut.rst_ni.value = 0
            await self.tick(2)
            self.dut.rst_ni.value = 1
            await self.tick()

    async def assert_idle(self, *outputs_zero: str) -> None:
        """Nothing running, no key, no error, and each named output zero, this cycle."""
        await ReadOnly()
        for name in ("busy_o", "out_valid_o", "key_ready_o", "in_ready_o", "err_o",
                     *outputs_zero):
            assert self.sig(name) == 0, f"{name} is not 0"
        await self.tick()

    async def assert_start_refused(self, cfg: int, err_code: int, cycles: int) -> None:
        """A start with cfg is refused with err_code: for `cycles` cycles, with an input block
        offered and the output ready, the engine stays idle, takes nothing and produces
        nothing, and err_o shows the code."""
        await self.start(cfg)
        d = self.dut
        d.in_valid_i.value = 1
        d.in_data_i.value = 0x1234
        d.out_ready_i.value = 1
        for _ in range(cycles):
            await ReadOnly()
            assert self.sig("busy_o") == 0 and self.sig("in_ready_o") == 0
            assert self.sig("out_valid_o") == 0
            assert self.sig("err_o") == 1 and self.sig("err_code_o") == err_code
            await self.tick()
        d.in_valid_i.value = 0

    async def stream(self, blocks: list[int], p_in: float = 1.0, p_out: float = 1.0,
                     rng: random.Random | None = None, limit: int = 100000,
                     abort_after: int | None = None, pending: int = 0):
        """Feed `blocks` as one message and collect the output.

        Returns (outputs, lasts, accept_cycles, produce_cycles, cycles) where produce_cycles are
        the cycles on which each output first showed out_valid_o. Input valid and output ready
        are each raised with probability p_in / p_out per cycle. With abort_after, returns once
        that many blocks have been accepted. `pending` blocks accepted by an earlier call are
        also waited for (their outputs come first).
        """
        d, rng = self.dut, rng or random.Random(1)
        outs, lasts, acc, prod = [], [], [], []
        i, t0, shown = 0, self.cycle, False
        busy_seen = False
        while True:
            # Drive this cycle's inputs (a source holds valid and data until the transfer).
            if i < len(blocks) and (d.in_valid_i.value == 1 or rng.random() < p_in):
                d.in_valid_i.value = 1
                d.in_data_i.value = blocks[i]
                d.in_last_i.value = int(i == len(blocks) - 1)
            else:
                d.in_valid_i.value = 0
            d.out_ready_i.value = int(rng.random() < p_out)
            await ReadOnly()
            busy_seen = busy_seen or bool(self.sig("busy_o"))
            if self.sig("in_valid_i") and self.sig("in_ready_o"):
                acc.append(self.cycle)
                i += 1
            if self.sig("out_valid_o"):
                if not shown:
                    prod.append(self.cycle)
                    shown = True
                if self.sig("out_ready_i"):
                    outs.append(self.sig("out_data_o"))
                    lasts.append(self.sig("out_last_o"))
                    shown = False
            done = len(outs) == len(blocks) + pending
            await self.tick()
            if abort_after is not None and i >= abort_after:
                break
            if done:
                break
            assert self.cycle - t0 < limit, "stream timed out"
        d.in_valid_i.value = 0
        d.out_ready_i.value = 0
        return outs, lasts, acc, prod, self.cycle - t0
