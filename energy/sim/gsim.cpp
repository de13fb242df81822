// SPDX-License-Identifier: Apache-2.0
// gsim: the harness of the generated gate-level simulator (energy/gatesim.py).
//
// Clocks the netlist as sim/verilator/cv_sim.cpp clocks soc_top: reset held for the first 4
// edges, cycles counted from the first edge out of reset, the UART TX line decoded to stdout,
// the run ends when the firmware writes simctrl EXIT. The program and data memories are C++
// models of soc/rtl/soc_ram.v (B_BITS 32 or 128: one or four banks): port A reads a word into a
// register (the word before this edge's writes), writes bytes by a_be; the row write c_* goes
// through port A in a cycle without a port-A request; port B reads or writes a row (a word of
// every bank); when both write one word, port B wins (applied last).
//
// --windows FILE (from the RTL run, energy/sim/en_sim.cpp): per window [first, end), the
// toggles of every net over the edges with cycle numbers first+1 .. end are counted and written
// to <--out-prefix><n>.bin (GSIM_NETS little-endian uint32), the number of those edges at which
// each flip-flop enable net of GSIM_EN was high to <--out-prefix><n>.en.bin (GSIM_NEN uint32:
// the cycles a clock-gated register bank is clocked), and the memories' accesses to --mem FILE
// in en_sim's format.
//
// The logic is evaluated block by block (struct Comb): a block whose input nets did not change
// since it was last evaluated holds its values, so it is skipped and toggles nowhere; the counts
// are those of evaluating every gate every cycle (--full does that, to check it). Toggles are
// kept in the simulator's net numbering and written in the netlist's (GSIM_ORIG).
#include <elf.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gsim_model.h"

extern "C" {
#include "cv_memmap.h"
}

namespace {

[[noreturn]] void fail(const char* msg, const char* arg = "") {
  fprintf(stderr, "gsim: %s%s\n", msg, arg);
  exit(125);
}

uint32_t get(const uint8_t* v, const int32_t* ids, int n) {
  uint32_t x = 0;
  for (int k = 0; k < n; k++) x |= uint32_t(v[ids[k]]) << k;
  return x;
}

void put(uint8_t* v, const int32_t* ids, int n, uint32_t x) {
  for (int k = 0; k < n; k++) v[ids[k]] = (x >> k) & 1;
}

template <size_t N>
constexpr int len(const int32_t (&)[N]) {
  return int(N);
}

// The combinational logic in blocks (energy/gatesim.py generate): a block is evaluated when it
// is marked dirty, i.e. when a net it reads from a source segment (flip-flops, memory read
// ports, inputs) or from another block changed; a block whose nets changed marks its readers
// (all later in the order). Nets are in the simulator's numbering: [0, GSIM_SRC) the sources,
// then each block's outputs [GSIM_BLK_LO[b], GSIM_BLK_LO[b + 1]).
struct Comb {
  std::vector<uint8_t> dirty, src_old, scratch;
  bool full = false;  // --full: every block every cycle (the check of the skipping)
  Comb() : dirty(GSIM_NBLK, 1), src_old(GSIM_SRC, 0), scratch(GSIM_NETS, 0) {}

  void mark(const int32_t* off, const int32_t* rd, int k) {
    for (int32_t j = off[k]; j < off[k + 1]; j++) dirty[rd[j]] = 1;
  }
  // settle the logic after sources changed; tog (nullptr outside a window) gets each net's
  // change against its value at the last settle
  void settle(uint8_t* v, uint32_t* tog) {
    for (int k = 0; k < GSIM_NSEG; k++) {
      int32_t lo = GSIM_SEG_LO[k], n = GSIM_SEG_LO[k + 1] - lo;
      if (memcmp(v + lo, src_old.data() + lo, n) != 0) mark(GSIM_SEG_RD_OFF, GSIM_SEG_RD, k);
    }
    if (tog)
      for (int32_t i = 0; i < GSIM_SRC; i++) tog[i] += v[i] ^ src_old[i];
    memcpy(src_old.data(), v, GSIM_SRC);
    uint8_t* scr = scratch.data();
    for (int b = 0; b < GSIM_NBLK; b++) {
      if (!dirty[b] && !full) continue;
      dirty[b] = 0;
      int32_t lo = GSIM_BLK_LO[b], n = GSIM_BLK_LO[b + 1] - lo;
      memcpy(scr, v + lo, n);
      GSIM_BLK_FN[b](v);
      bool changed;
      if (tog) {
        uint8_t any = 0;
        for (int32_t i = 0; i < n; i++) {
          uint8_t x = v[lo + i] ^ scr[i];
          tog[lo + i] += x;
          any |= x;
        }
        changed = any != 0;
      } else {
        changed = memcmp(v + lo, scr, n) != 0;
      }
      if (changed) mark(GSIM_BLK_RD_OFF, GSIM_BLK_RD, b);
    }
  }
};

struct Counts {
  uint64_t ia_r = 0, ia_w = 0, da_r = 0, da_w = 0, db_r = 0, db_w = 0, dc_w = 0;
};

// One soc_ram instance: the pins' net indices and the storage, as 32-bit words (word w is
// bank w % lanes, row w / lanes of soc_ram.v; lanes = B_BITS / 32, 1 or 4).
struct Ram {
  std::vector<uint32_t> mem;
  const int32_t *a_req, *a_we, *a_addr, *a_be, *a_wdata, *a_rdata;
  const int32_t *b_req, *b_we, *b_addr, *b_be, *b_wdata, *b_rdata;
  const int32_t *c_req, *c_addr, *c_be, *c_wdata;
  int aw, bw, lanes;
  uint32_t a_rd = 0, b_rd[4] = {0, 0, 0, 0};

  static uint32_t merge(uint32_t old, uint32_t data, uint32_t be) {
    uint32_t m = 0;
    for (int k = 0; k < 4; k++)
      if (be & (1u << k)) m |= 0xffu << (8 * k);
    return (old & ~m) | (data & m);
  }

  // the edge: sample the pins (settled values), update storage and read registers. Counts are
  // per 32-bit bank access: a port-B or row access touches one bank per lane (a write only the
  // lanes with a byte enable).
  void edge(const uint8_t* v, uint64_t* ar, uint64_t* aw_, uint64_t* br, uint64_t* bw_,
            uint64_t* cw) {
    uint32_t areq = v[a_req[0]], awe = v[a_we[0]], creq = v[c_req[0]];
    uint32_t breq = v[b_req[0]], bwe = v[b_we[0]];
    uint32_t word = get(v, a_addr, aw);
    uint32_t brow = get(v, b_addr, bw) * uint32_t(lanes);
    uint32_t na = a_rd, nb[4] = {b_rd[0], b_rd[1], b_rd[2], b_rd[3]};
    if (areq && !awe) na = mem[word];
    if (breq && !bwe)
      for (int l = 0; l < lanes; l++) nb[l] = mem[brow + l];
    if (creq) {
      uint32_t crow = get(v, c_addr, bw) * uint32_t(lanes);
      for (int l = 0; l < lanes; l++) {
        uint32_t be = get(v, c_be + 4 * l, 4);
        if (!be) continue;
        mem[crow + l] = merge(mem[crow + l], get(v, c_wdata + 32 * l, 32), be);
        (*cw)++;
      }
    } else if (areq && awe) {
      mem[word] = merge(mem[word], get(v, a_wdata, 32), get(v, a_be, 4));
    }
    if (areq) (awe ? *aw_ : *ar)++;
    if (breq) {
      for (int l = 0; l < lanes; l++) {
        uint32_t be = get(v, b_be + 4 * l, 4);
        if (!bwe) {
          (*br)++;
        } else if (be) {
          mem[brow + l] = merge(mem[brow + l], get(v, b_wdata + 32 * l, 32), be);
          (*bw_)++;
        }
      }
    }
    a_rd = na;
    for (int l = 0; l < lanes; l++) b_rd[l] = nb[l];
  }
  void drive(uint8_t* v) const {
    put(v, a_rdata, 32, a_rd);
    for (int l = 0; l < lanes; l++) put(v, b_rdata + 32 * l, 32, b_rd[l]);
  }
};

#define RAM_PINS(r, W)                                                                       \
  r.a_req = GSIM_##W##_A_REQ_I;                                                             \
  r.a_we = GSIM_##W##_A_WE_I;                                                               \
  r.a_addr = GSIM_##W##_A_ADDR_I;                                                           \
  r.aw = len(GSIM_##W##_A_ADDR_I);                                                          \
  r.a_be = GSIM_##W##_A_BE_I;                                                               \
  r.a_wdata = GSIM_##W##_A_WDATA_I;                                                         \
  r.a_rdata = GSIM_##W##_A_RDATA_O;                                                         \
  r.b_req = GSIM_##W##_B_REQ_I;                                                             \
  r.b_we = GSIM_##W##_B_WE_I;                                                               \
  r.b_addr = GSIM_##W##_B_ADDR_I;                                                           \
  r.bw = len(GSIM_##W##_B_ADDR_I);                                                          \
  r.lanes = len(GSIM_##W##_B_RDATA_O) / 32;                                                 \
  r.b_be = GSIM_##W##_B_BE_I;                                                               \
  r.b_wdata = GSIM_##W##_B_WDATA_I;                                                         \
  r.b_rdata = GSIM_##W##_B_RDATA_O;                                                         \
  r.c_req = GSIM_##W##_C_REQ_I;                                                             \
  r.c_addr = GSIM_##W##_C_ADDR_I;                                                           \
  r.c_be = GSIM_##W##_C_BE_I;                                                               \
  r.c_wdata = GSIM_##W##_C_WDATA_I;                                                         \
  r.mem.assign(GSIM_##W##_BYTES / 4, 0)

void load_elf(const char* path, Ram& imem, Ram& dmem) {
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
    Ram* m = nullptr;
    uint32_t base = 0;
    if (ph.p_paddr >= CV_IMEM_BASE && ph.p_paddr - CV_IMEM_BASE + ph.p_filesz <= CV_IMEM_SIZE) {
      m = &imem;
      base = CV_IMEM_BASE;
    } else if (ph.p_paddr >= CV_DMEM_BASE &&
               ph.p_paddr - CV_DMEM_BASE + ph.p_filesz <= CV_DMEM_SIZE) {
      m = &dmem;
      base = CV_DMEM_BASE;
    } else {
      fail("segment outside imem and dmem: ", path);
    }
    for (uint32_t b = 0; b < ph.p_filesz; b++) {
      uint32_t a = ph.p_paddr - base + b, w = a / 4, sh = 8 * (a % 4);
      m->mem[w] = (m->mem[w] & ~(0xffu << sh)) | (uint32_t(img[ph.p_offset + b]) << sh);
    }
  }
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

}  // namespace

int main(int argc, char** argv) {
  const char* elf = nullptr;
  const char* windows_path = nullptr;
  const char* mem_path = nullptr;
  std::string prefix = "win";
  uint64_t max_cycles = 50000000;
  bool full = false;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--windows" && i + 1 < argc) windows_path = argv[++i];
    else if (a == "--mem" && i + 1 < argc) mem_path = argv[++i];
    else if (a == "--out-prefix" && i + 1 < argc) prefix = argv[++i];
    else if (a == "--max-cycles" && i + 1 < argc) max_cycles = strtoull(argv[++i], nullptr, 0);
    else if (a == "--full") full = true;
    else if (a[0] != '-' && !elf) elf = argv[i];
    else fail("usage: gsim --windows F [--mem F] [--out-prefix P] [--max-cycles N] [--full] "
           "prog.elf");
  }
  if (!elf || !windows_path) fail("an ELF and --windows are needed");
  std::vector<std::pair<uint64_t, uint64_t>> wins;
  {
    FILE* wf = fopen(windows_path, "r");
    if (!wf) fail("cannot read ", windows_path);
    unsigned long long s, e;
    while (fscanf(wf, "%llu %llu", &s, &e) == 2) wins.push_back({s, e});
    fclose(wf);
  }
  FILE* mf = mem_path ? fopen(mem_path, "w") : nullptr;

  Ram imem, dmem;
  RAM_PINS(imem, IMEM);
  RAM_PINS(dmem, DMEM);
  load_elf(elf, imem, dmem);

  std::vector<uint8_t> v(GSIM_NETS, 0), q(GSIM_DFFS, 0);
  std::vector<uint32_t> tog(GSIM_NETS, 0), tog_out(GSIM_NETS, 0), en_hi(GSIM_NEN, 0);
  v[1] = 1;
  Comb comb;
  comb.full = full;
  Counts mc, dummy;
  size_t next = 0;
  bool in_win = false;
  int nwin = 0;
  UartTx tx;
  uint64_t cycle = 0, edges = 0, instret = 0;
  int exit_code = -1;
  const bool getenv_dbg = getenv("GSIM_DEBUG") != nullptr;
  const uint64_t dbg_until = getenv_dbg ? strtoull(getenv("GSIM_DEBUG"), nullptr, 0) : 0;

  put(v.data(), GSIM_RST_NI, 1, 0);
  put(v.data(), GSIM_UART_RX_I, 1, 1);
  imem.drive(v.data());
  dmem.drive(v.data());
  comb.settle(v.data(), nullptr);
  while (true) {
    if (!in_win && next < wins.size() && cycle == wins[next].first) {
      std::fill(tog.begin(), tog.end(), 0);
      std::fill(en_hi.begin(), en_hi.end(), 0);
      in_win = true;
      mc = Counts();
    }
    // the edge: flops and memories take the settled values
    for (int i = 0; i < GSIM_DFFS; i++) q[i] = v[GSIM_DFF_D[i]];
    if (in_win)
      for (int k = 0; k < GSIM_NEN; k++) en_hi[k] += v[GSIM_EN[k]];
    Counts& c = in_win ? mc : dummy;
    imem.edge(v.data(), &c.ia_r, &c.ia_w, &dummy.db_r, &dummy.db_w, &dummy.dc_w);
    dmem.edge(v.data(), &c.da_r, &c.da_w, &c.db_r, &c.db_w, &c.dc_w);
    for (int i = 0; i < GSIM_DFFS; i++) v[GSIM_DFF_Q[i]] = q[i];
    imem.drive(v.data());
    dmem.drive(v.data());
    // the toggles of a cycle: each net's settled value against the one before the edge
    comb.settle(v.data(), in_win ? tog.data() : nullptr);
    if (v[GSIM_RST_NI[0]]) cycle++;
    if (++edges == 4) {  // reset released after the 4th edge (cv_sim.cpp)
      if (in_win) fail("a window open at the release of reset");
      put(v.data(), GSIM_RST_NI, 1, 1);
      comb.settle(v.data(), nullptr);
    }
    if (in_win) {
      if (cycle == wins[next].second) {
        // back to the netlist's numbering (gatesim.Flat, the files' index)
        for (int32_t i = 0; i < GSIM_NETS; i++) tog_out[GSIM_ORIG[i]] = tog[i];
        std::string path = prefix + std::to_string(nwin) + ".bin";
        FILE* f = fopen(path.c_str(), "wb");
        if (!f) fail("cannot write ", path.c_str());
        fwrite(tog_out.data(), sizeof(uint32_t), tog_out.size(), f);
        fclose(f);
        std::string epath = prefix + std::to_string(nwin) + ".en.bin";
        FILE* ef = fopen(epath.c_str(), "wb");
        if (!ef) fail("cannot write ", epath.c_str());
        if (GSIM_NEN) fwrite(en_hi.data(), sizeof(uint32_t), en_hi.size(), ef);
        fclose(ef);
        if (mf)
          fprintf(mf, "%d imem_a %llu %llu dmem_a %llu %llu dmem_b %llu %llu dmem_c %llu\n", nwin,
                  (unsigned long long)mc.ia_r, (unsigned long long)mc.ia_w,
                  (unsigned long long)mc.da_r, (unsigned long long)mc.da_w,
                  (unsigned long long)mc.db_r, (unsigned long long)mc.db_w,
                  (unsigned long long)mc.dc_w);
        in_win = false;
        next++;
        nwin++;
      }
    }
    if (v[GSIM_RETIRE_O[0]]) instret++;
    if (getenv_dbg && cycle <= dbg_until)
      fprintf(stderr, "%llu r%d i%d %x d%d%d %x %x %x\n", (unsigned long long)cycle,
              v[GSIM_RETIRE_O[0]], v[imem.a_req[0]], get(v.data(), imem.a_addr, imem.aw),
              v[dmem.a_req[0]], v[dmem.a_we[0]], get(v.data(), dmem.a_addr, dmem.aw),
              get(v.data(), dmem.a_wdata, 32), get(v.data(), dmem.a_rdata, 32));
    if (get(v.data(), GSIM_SIM_PUTC_VALID_O, 1))
      putchar(int(get(v.data(), GSIM_SIM_PUTC_CHAR_O, 8)));
    uint32_t div = get(v.data(), GSIM_UART_DIV_O, 16);
    int ch = tx.step(int(get(v.data(), GSIM_UART_TX_O, 1)), div ? div : 1);
    if (ch >= 0) putchar(ch);
    if (get(v.data(), GSIM_SIM_EXIT_VALID_O, 1)) {
      exit_code = int(get(v.data(), GSIM_SIM_EXIT_CODE_O, 32));
      break;
    }
    if (max_cycles && cycle >= max_cycles) break;
  }
  fflush(stdout);
  if (mf) fclose(mf);
  fprintf(stderr, "gsim: exit %d, cycles %llu, instret %llu, windows %d\n", exit_code,
          (unsigned long long)cycle, (unsigned long long)instret, nwin);
  return exit_code < 0 ? 124 : (exit_code & 0xff);
}
