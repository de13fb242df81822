// SPDX-License-Identifier: Apache-2.0
// en_sim: the energy model's harness around a Verilator model of soc_top (energy/README.md).
//
// It runs a firmware image the way sim/verilator/cv_sim.cpp does (ELF into the memories through
// soc_ram's +imem/+dmem plusargs, reset held for the first 4 edges, cycles counted from the
// first edge out of reset, UART TX decoded to stdout), so cycle numbers agree with the
// benchmark's harness. Two builds:
//   RTL model (EN_RTL defined): finds the measured calls. Every `csrr rd, mcycle` that retires
//     (RVFI, made readable by en_sim.vlt) is a bracket of BENCH_BEGIN / BENCH_END: odd ones
//     open a window, even ones close it. Writes one line per window to --windows FILE:
//     "<first cycle> <end cycle>", the window being [first, end).
//   gate-level model (the yosys netlist, built with --coverage-toggle): reads that file, zeroes
//     the toggle counters at each window's first cycle and writes them to
//     <--cov-prefix><n>.dat at its end.
// Both count the program and data memories' accesses per window (soc_ram's request pins, made
// readable by en_sim.vlt) and write them to --mem FILE, one line per window:
//   "<n> imem_a <reads> <writes> dmem_a <reads> <writes> dmem_b <reads> <writes> dmem_c <writes>"
#include <elf.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "Vsoc_top.h"
#include "Vsoc_top___024root.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

extern "C" {
#include "cv_memmap.h"
}

// The memories' pins in the model's root (Verilator's flat names of en_sim.vlt's signals).
#ifndef EN_IMEM
#define EN_IMEM(x) soc_top__DOT__u_imem__DOT__##x
#define EN_DMEM(x) soc_top__DOT__u_dmem__DOT__##x
#endif

namespace {

struct Memory {
  uint32_t base, bytes;
  std::vector<uint32_t> words;
  uint32_t used = 0;
};

[[noreturn]] void fail(const char* msg, const char* arg = "") {
  fprintf(stderr, "en_sim: %s%s\n", msg, arg);
  exit(125);
}

void load_elf(const char* path, Memory* mems, int nmem) {
  FILE* f = fopen(path, "rb");
  if (!f) fail("cannot open ", path);
  std::vector<uint8_t> img;
  uint8_t buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) img.insert(img.end(), buf, buf + n);
  fclose(f);
  Elf32_Ehdr eh;
  if (img.size() < sizeof eh) fail("not an ELF file: ", path);
  memcpy(&eh, img.data(), sizeof eh);
  for (int i = 0; i < eh.e_phnum; i++) {
    Elf32_Phdr ph;
    memcpy(&ph, img.data() + eh.e_phoff + size_t(i) * eh.e_phentsize, sizeof ph);
    if (ph.p_type != PT_LOAD || ph.p_filesz == 0) continue;
    Memory* m = nullptr;
    for (int k = 0; k < nmem; k++)
      if (ph.p_paddr >= mems[k].base && ph.p_paddr - mems[k].base + ph.p_filesz <= mems[k].bytes)
        m = &mems[k];
    if (!m) fail("segment outside imem and dmem: ", path);
    for (uint32_t b = 0; b < ph.p_filesz; b++) {
      uint32_t a = ph.p_paddr - m->base + b, w = a / 4, sh = 8 * (a % 4);
      m->words[w] = (m->words[w] & ~(0xffu << sh)) | (uint32_t(img[ph.p_offset + b]) << sh);
      if (w + 1 > m->used) m->used = w + 1;
    }
  }
}

std::string write_hex(const Memory& m, const std::string& path) {
  FILE* f = fopen(path.c_str(), "w");
  if (!f) fail("cannot write ", path.c_str());
  fprintf(f, "@0\n");
  for (uint32_t i = 0; i < m.used; i++) fprintf(f, "%08x\n", m.words[i]);
  fclose(f);
  return path;
}

struct UartTx {
  int state = 0;
  uint32_t cnt = 0, bit = 0, shift = 0;
  int step(int line, uint32_t div) {
    if (state == 0) {
      if (line == 0) {
        state = 1;
        bit = 0;
        shift = 0;
        cnt = div + div / 2;
      }
      return -1;
    }
    if (--cnt != 0) return -1;
    if (bit < 8) {
      shift |= uint32_t(line) << bit;
      bit++;
      cnt = div;
      return -1;
    }
    state = 0;
    return line ? int(shift) : -1;
  }
};

struct MemCount {
  uint64_t ia_r = 0, ia_w = 0, da_r = 0, da_w = 0, db_r = 0, db_w = 0, dc_w = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const char* elf = nullptr;
  const char* windows_path = nullptr;
  const char* mem_path = nullptr;
  std::string cov_prefix = "win";
  std::string tmp = ".";
  uint64_t max_cycles = 50000000;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--windows" && i + 1 < argc) windows_path = argv[++i];
    else if (a == "--mem" && i + 1 < argc) mem_path = argv[++i];
    else if (a == "--cov-prefix" && i + 1 < argc) cov_prefix = argv[++i];
    else if (a == "--tmp" && i + 1 < argc) tmp = argv[++i];
    else if (a == "--max-cycles" && i + 1 < argc) max_cycles = strtoull(argv[++i], nullptr, 0);
    else if (a[0] != '-' && !elf) elf = argv[i];
    else fail("usage: en_sim [--windows F] [--mem F] [--cov-prefix P] [--tmp DIR] "
              "[--max-cycles N] prog.elf");
  }
  if (!elf || !windows_path) fail("an ELF and --windows are needed");

  Memory mems[2] = {{CV_IMEM_BASE, CV_IMEM_SIZE, {}}, {CV_DMEM_BASE, CV_DMEM_SIZE, {}}};
  for (auto& m : mems) m.words.assign(m.bytes / 4, 0);
  load_elf(elf, mems, 2);
  std::string pid = std::to_string(getpid());
  std::string ih = write_hex(mems[0], tmp + "/en_imem_" + pid + ".hex");
  std::string dh = write_hex(mems[1], tmp + "/en_dmem_" + pid + ".hex");
  std::string pa = "+imem=" + ih, pb = "+dmem=" + dh;
  const char* vargs[] = {argv[0], pa.c_str(), pb.c_str()};

  auto ctx = std::make_unique<VerilatedContext>();
  ctx->commandArgs(3, vargs);
  auto top = std::make_unique<Vsoc_top>(ctx.get());
  auto* r = top->rootp;

#ifdef EN_RTL
  FILE* wf = fopen(windows_path, "w");
  if (!wf) fail("cannot write ", windows_path);
#else
  std::vector<std::pair<uint64_t, uint64_t>> wins;
  {
    FILE* wf = fopen(windows_path, "r");
    if (!wf) fail("cannot read ", windows_path);
    unsigned long long s, e;
    while (fscanf(wf, "%llu %llu", &s, &e) == 2) wins.push_back({s, e});
    fclose(wf);
  }
  size_t next = 0;
#endif
  FILE* mf = mem_path ? fopen(mem_path, "w") : nullptr;
  bool in_win = false;
  uint64_t win_start = 0;
  int nwin = 0;
  MemCount mc;

  UartTx tx;
  uint64_t cycle = 0, edges = 0, instret = 0;
  int exit_code = -1;
  const bool dbg = getenv("GSIM_DEBUG") != nullptr;
  const uint64_t dbg_until = dbg ? strtoull(getenv("GSIM_DEBUG"), nullptr, 0) : 0;
  top->clk_i = 0;
  top->rst_ni = 0;
  top->uart_rx_i = 1;
  top->eval();
  unlink(ih.c_str());
  unlink(dh.c_str());

  while (true) {
#ifndef EN_RTL
    // the window opens before this edge: the toggles of cycles [first, end) are counted
    if (!in_win && next < wins.size() && cycle == wins[next].first) {
#if VM_COVERAGE
      ctx->coveragep()->zero();
#endif
      in_win = true;
      win_start = cycle;
      mc = MemCount();
    }
#endif
    top->clk_i = 1;
    top->eval();
    if (top->rst_ni) cycle++;
    if (++edges == 4) top->rst_ni = 1;

    if (in_win) {  // the memories' requests sampled at this edge
      if (r->EN_IMEM(a_req_i)) (r->EN_IMEM(a_we_i) ? mc.ia_w : mc.ia_r)++;
      if (r->EN_DMEM(a_req_i)) (r->EN_DMEM(a_we_i) ? mc.da_w : mc.da_r)++;
      if (r->EN_DMEM(b_req_i)) (r->EN_DMEM(b_we_i) ? mc.db_w : mc.db_r)++;
      if (r->EN_DMEM(c_req_i)) mc.dc_w++;
    }
    bool close = false;
#ifdef EN_RTL
    // csrr rd, mcycle = csrrs rd, 0xb00, x0
    if (top->retire_o && (r->soc_top__DOT__rvfi_insn & 0xfffff07fu) == 0xb0002073u) {
      if (!in_win) {
        in_win = true;
        win_start = cycle;
        mc = MemCount();
      } else {
        close = true;
      }
    }
#else
    if (in_win && cycle == wins[next].second) close = true;
#endif
    if (close) {
#ifdef EN_RTL
      fprintf(wf, "%llu %llu\n", (unsigned long long)win_start, (unsigned long long)cycle);
#else
#if VM_COVERAGE
      ctx->coveragep()->write((cov_prefix + std::to_string(nwin) + ".dat").c_str());
#endif
      next++;
#endif
      if (mf)
        fprintf(mf, "%d imem_a %llu %llu dmem_a %llu %llu dmem_b %llu %llu dmem_c %llu\n", nwin,
                (unsigned long long)mc.ia_r, (unsigned long long)mc.ia_w,
                (unsigned long long)mc.da_r, (unsigned long long)mc.da_w,
                (unsigned long long)mc.db_r, (unsigned long long)mc.db_w,
                (unsigned long long)mc.dc_w);
      in_win = false;
      nwin++;
    }

    if (top->retire_o) instret++;
    if (dbg && cycle <= dbg_until)
      fprintf(stderr, "%llu r%d i%d %x d%d%d %x %x %x\n", (unsigned long long)cycle,
              top->retire_o, r->EN_IMEM(a_req_i), r->EN_IMEM(a_addr_i), r->EN_DMEM(a_req_i),
              r->EN_DMEM(a_we_i), r->EN_DMEM(a_addr_i), r->EN_DMEM(a_wdata_i),
              r->EN_DMEM(a_rdata_o));
    int c = top->sim_putc_valid_o ? int(top->sim_putc_char_o) : -1;
    if (c >= 0) putchar(c);
    uint32_t div = top->uart_div_o ? top->uart_div_o : 1;
    c = tx.step(top->uart_tx_o, div);
    if (c >= 0) putchar(c);
    if (top->sim_exit_valid_o) {
      exit_code = int(top->sim_exit_code_o);
      break;
    }
    if (max_cycles && cycle >= max_cycles) break;
    top->clk_i = 0;
    top->eval();
  }
  fflush(stdout);
#ifdef EN_RTL
  fclose(wf);
#endif
  if (mf) fclose(mf);
  top->final();
  fprintf(stderr, "en_sim: exit %d, cycles %llu, instret %llu, windows %d\n", exit_code,
          (unsigned long long)cycle, (unsigned long long)instret, nwin);
  return exit_code < 0 ? 124 : (exit_code & 0xff);
}
