# SPDX-License-Identifier: Apache-2.0
"""cocotb bench of soc_ram: port A (32 bits), port B (B_BITS) and the B_BITS row write through
port A (c_*, the DMA's write queue) see the same bytes, byte enables work on each, reads answer one
cycle after the request, and $readmemh loads an image."""
from __future__ import annotations

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ReadOnly, RisingEdge


async def a_write(dut, word: int, data: int, be: int = 0xF) -> None:
    dut.a_req_i.value, dut.a_we_i.value, dut.a_addr_i.value = 1, 1, word
    dut.a_be_i.value, dut.a_wdata_i.value = be, data
    await RisingEdge(dut.clk_i)
    dut.a_req_i.value = 0


async def a_read(dut, word: int) -> int:
    dut.a_req_i.value, dut.a_we_i.value, dut.a_addr_i.value = 1, 0, word
    await RisingEdge(dut.clk_i)
    dut.a_req_i.value = 0
    await ReadOnly()
    val = int(dut.a_rdata_o.value)
    await RisingEdge(dut.clk_i)
    return val


async def b_write(dut, word: int, data: int, be: int) -> None:
    dut.b_req_i.value, dut.b_we_i.value, dut.b_addr_i.value = 1, 1, word
    dut.b_be_i.value, dut.b_wdata_i.value = be, data
    await RisingEdge(dut.clk_i)
    dut.b_req_i.value = 0


async def c_write(dut, row: int, data: int, be: int) -> None:
    dut.c_req_i.value, dut.c_addr_i.value = 1, row
    dut.c_be_i.value, dut.c_wdata_i.value = be, data
    await RisingEdge(dut.clk_i)
    dut.c_req_i.value = 0


async def b_read(dut, word: int) -> int:
    dut.b_req_i.value, dut.b_we_i.value, dut.b_addr_i.value = 1, 0, word
    await RisingEdge(dut.clk_i)
    dut.b_req_i.value = 0
    await ReadOnly()
    val = int(dut.b_rdata_o.value)
    await RisingEdge(dut.clk_i)
    return val


@cocotb.test()
async def ports_share_bytes(dut) -> None:
    bits = len(dut.b_wdata_i)
    lanes = bits // 32
    cocotb.start_soon(Clock(dut.clk_i, 10, unit="ns").start())
    dut.a_req_i.value = 0
    dut.b_req_i.value = 0
    dut.c_req_i.value = 0
    await RisingEdge(dut.clk_i)

    # the image loaded by +mem=<file>: word i = 0xC0DE0000 + i for the first 8 words
    for i in range(8):
        assert await a_read(dut, i) == 0xC0DE0000 + i

    rng = random.Random(7)
    model: dict[int, int] = {}   # byte address -> value
    words = 64
    for w in range(8, words):    # define the rest of the region under test
        await a_write(dut, w, 0)
        model.update({4 * w + k: 0 for k in range(4)})
    for w in range(8):
        model.update({4 * w + k: (0xC0DE0000 + w) >> (8 * k) & 0xFF for k in range(4)})
    for _ in range(300):
        op = rng.randrange(5)
        if op == 0:      # port A write with random byte enables
            w, d, be = rng.randrange(words), rng.getrandbits(32), rng.randrange(16)
            await a_write(dut, w, d, be)
            for k in range(4):
                if be >> k & 1:
                    model[4 * w + k] = d >> (8 * k) & 0xFF
        elif op in (1, 4):    # port B write, or the row write through port A
            w = rng.randrange(words // lanes)
            d, be = rng.getrandbits(bits), rng.getrandbits(bits // 8)
            await (b_write if op == 1 else c_write)(dut, w, d, be)
            for k in range(bits // 8):
                if be >> k & 1:
                    model[w * bits // 8 + k] = d >> (8 * k) & 0xFF
        elif op == 2:    # port A read
            w = rng.randrange(words)
            got = await a_read(dut, w)
            for k in range(4):
                if 4 * w + k in model:
                    assert got >> (8 * k) & 0xFF == model[4 * w + k], f"A word {w}"
        else:            # port B read
            w = rng.randrange(words // lanes)
            got = await b_read(dut, w)
            for k in range(bits // 8):
                if w * bits // 8 + k in model:
                    assert got >> (8 * k) & 0xFF == model[w * bits // 8 + k], f"B word {w}"
