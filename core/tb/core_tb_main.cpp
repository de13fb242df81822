// SPDX-License-Identifier: Apache-2.0
// core_tb_main.cpp
// Verilator main for core_tb_top: toggles the clock until the bench calls $finish.
#include <memory>
#include "Vcore_tb_top.h"
#include "verilated.h"

int main(int argc, char** argv) {
  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(argc, argv);
  auto top = std::make_unique<Vcore_tb_top>(ctx.get());
  top->clk = 0;
  while (!ctx->gotFinish()) {
    top->clk = !top->clk;
    top->eval();
  }
  top->final();
  return 0;
}
