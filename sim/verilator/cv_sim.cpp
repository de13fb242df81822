// SPDX-License-Identifier: Apache-2.0
// cv_sim.cpp: Verilator harness for the Cipher-V SoC.
//
//   cv_sim [--max-cycles N] [--trace out.fst|out.vcd] [--rx-gap N] [--rx-prompt STR] [--quiet]
//          program.elf [+plusarg ...]
//
// Loads the ELF's PT_LOAD segments into imem/dmem (as $readmemh images passed by plusargs, the same
// mechanism the Icarus testbench uses), runs until the firmware writes simctrl.EXIT, and exits
// with that code. UART TX is decoded from the serial line to stdout; stdin is sent on the UART RX
// line. Statistics go to stderr so stdout is exactly the UART output.
// Exit status: the firmware's code (low 8 bits); 124 when the cycle limit is reached; 125 for a
// harness error (bad ELF, segment outside memory, bad arguments); on SIGINT, SIGTERM or SIGHUP the
// harness reports, flushes and closes the trace, then dies of the same signal.
// --max-cycles N: stop after N cycles (0: no limit). Without it the limit is kDefaultMaxCycles,
// so a program that hangs is reported within minutes; `cv_sim --help` prints the figure.
// Every stop prints one "cv_sim: stopped: ..." line on stderr naming the reason (the firmware's
// exit code and what it means, the cycle limit, a signal); --quiet leaves out only the report of
// a clean exit 0.
// stdout is written line by line, also into a file or a pipe, and a partial line (a prompt) is
// flushed within kPollCycles: the last output before a hang is never lost in a buffer.
// --rx-file FILE schedules the RX line instead of stdin: each line of FILE is "<cycle> <hex>", and
// the bytes go out once the cycle count reaches <cycle> (after those queued before them); a peer
// that sends at set simulated times (fw/rtos/echo: the encrypted echo's network peer).
// --rx-prompt STR sends stdin one line at a time, each only after the firmware has printed STR
// since the previous line: the SoC's UART has no flow control, so an interactive program (the
// console) would lose piped or pasted input that arrives while it is busy computing. A line may
// reach the harness in pieces (a terminal's read returns a long line in several parts, a pipe
// gives what the writer has written so far): once the prompt has been seen, bytes go out as they
// arrive until the newline, so no line length or arrival speed can stall the exchange. On a
// terminal, an end of file (Ctrl-D) does not close stdin: typing may go on.
// --trace writes FST when the build found lz4.h (Verilator's FST writer needs it), else VCD.
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "Vsoc_top.h"
#include "verilated.h"
#if VM_TRACE_FST
#include "verilated_fst_c.h"
using TraceFile = VerilatedFstC;
#elif VM_TRACE
#include "verilated_vcd_c.h"
using TraceFile = VerilatedVcdC;  // Verilator's FST writer needs lz4.h (Debian liblz4-dev)
#endif

extern "C" {
#include "cv_memmap.h"
#include "cv_trap.h"  // CV_EXIT_UNEXPECTED_TRAP: the runtime's exit code after an unexpected trap
}

namespace {

constexpr int kExitTimeout = 124;
constexpr int kExitHarness = 125;
// The cycle limit without --max-cycles (and of `make run` without MAX_CYCLES): a hang stops
// within a minute or two at this harness's speed, while the programs run by hand (make run)
// finish well inside it. The benchmark and the tests pass their own budgets.
constexpr uint64_t kDefaultMaxCycles = 50000000;
// stdin is polled, and a partial output line flushed, once per this many cycles: a system call
// per cycle would dominate the run time.
constexpr uint64_t kPollCycles = 1024;

volatile sig_atomic_t g_signal = 0;  // the signal that asked the run to stop
void on_signal(int sig) { g_signal = sig; }

#ifndef CV_IMEM_BYTES
#define CV_IMEM_BYTES CV_IMEM_SIZE
#endif
#ifndef CV_DMEM_BYTES
#define CV_DMEM_BYTES CV_DMEM_SIZE
#endif

struct Memory {
  const char* name;
  uint32_t base;
  uint32_t bytes;
  std::vector<uint32_t> words;
  uint32_t used = 0;  // words written (highest index + 1)
};

[[noreturn]] void fail(const char* msg, const char* arg = "") {
  fprintf(stderr, "cv_sim: %s%s\n", msg, arg);
  exit(kExitHarness);
}

// Read the ELF32 little-endian RISC-V executable and place its loadable bytes in the memories.
void load_elf(const char* path, Memory* mems, int nmem) {
  FILE* f = fopen(path, "rb");
  if (!f) fail("cannot open ", path);
  std::vector<uint8_t> img;
  uint8_t buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) img.insert(img.end(), buf, buf + n);
  fclose(f);
  if (img.size() < sizeof(Elf32_Ehdr)) fail("not an ELF file: ", path);
  Elf32_Ehdr eh;
  memcpy(&eh, img.data(), sizeof eh);
  if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS32 ||
      eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_RISCV)
    fail("not an ELF32 little-endian RISC-V file: ", path);
  if (eh.e_entry != CV_IMEM_BASE) fail("entry point must be the reset address 0: ", path);
  for (int i = 0; i < eh.e_phnum; i++) {
    size_t off = eh.e_phoff + static_cast<size_t>(i) * eh.e_phentsize;
    if (off + sizeof(Elf32_Phdr) > img.size()) fail("truncated program headers: ", path);
    Elf32_Phdr ph;
    memcpy(&ph, img.data() + off, sizeof ph);
    if (ph.p_type != PT_LOAD || ph.p_filesz == 0) continue;
    if (ph.p_offset + static_cast<size_t>(ph.p_filesz) > img.size())
      fail("truncated segment: ", path);
    Memory* m = nullptr;
    for (int k = 0; k < nmem; k++) {
      if (ph.p_paddr >= mems[k].base && ph.p_paddr - mems[k].base + ph.p_filesz <= mems[k].bytes)
        m = &mems[k];
    }
    if (!m) {
      char msg[96];
      snprintf(msg, sizeof msg, "segment at 0x%08x (+%u bytes) is outside imem and dmem",
               ph.p_paddr, ph.p_filesz);
      fail(msg);
    }
    for (uint32_t b = 0; b < ph.p_filesz; b++) {
      uint32_t a = ph.p_paddr - m->base + b;
      uint32_t w = a / 4, sh = 8 * (a % 4);
      m->words[w] = (m->words[w] & ~(0xffu << sh)) | (uint32_t(img[ph.p_offset + b]) << sh);
      if (w + 1 > m->used) m->used = w + 1;
    }
  }
}

std::string write_hex(const Memory& m) {
  char path[] = "/tmp/cv_sim_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) fail("cannot create a temporary file");
  FILE* f = fdopen(fd, "w");
  fprintf(f, "@0\n");
  for (uint32_t i = 0; i < m.used; i++) fprintf(f, "%08x\n", m.words[i]);
  fclose(f);
  return path;
}

// Serial line agents (8N1) working at the SoC's current bit period.
struct UartTx {  // decodes the SoC's TX line
  int state = 0;  // 0 idle, 1 in a frame
  uint32_t cnt = 0, bit = 0, shift = 0;
  // Returns a byte (0..255) when a frame completes, else -1.
  int step(int line, uint32_t div) {
    if (state == 0) {
      if (line == 0) {  // start bit: sample the middle of each following bit
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
    state = 0;  // middle of the stop bit
    return line ? int(shift) : -1;
  }
};

struct UartRx {  // drives the SoC's RX line
  std::deque<uint8_t> queue;
  uint32_t frame = 0, bits = 0, cnt = 0, gap = 0, gap_cnt = 0;
  int line = 1;
  void step(uint32_t div) {
    if (bits == 0) {
      if (gap_cnt) {
        gap_cnt--;
        return;
      }
      if (queue.empty()) return;
      frame = (1u << 9) | (uint32_t(queue.front()) << 1);  // stop, data, start (LSB first)
      queue.pop_front();
      bits = 10;
      cnt = div;
      line = frame & 1;
      return;
    }
    if (--cnt != 0) return;
    frame >>= 1;
    if (--bits == 0) {
      line = 1;
      gap_cnt = gap;
      return;
    }
    line = frame & 1;
    cnt = div;
  }
};

void usage(FILE* out = stderr, int code = kExitHarness) {
  fprintf(out,
          "usage: cv_sim [--max-cycles N] [--trace out.fst] [--rx-gap CYCLES] "
          "[--rx-prompt STR] [--rx-file FILE] [--quiet] program.elf [+plusarg ...]\n"
          "  --max-cycles N  stop (exit %d) after N cycles; 0 = no limit; default %llu\n",
          kExitTimeout, (unsigned long long)kDefaultMaxCycles);
  exit(code);
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t max_cycles = kDefaultMaxCycles;  // 0: no limit
  const char* trace_path = nullptr;
  const char* elf = nullptr;
  bool quiet = false;
  uint32_t rx_gap = 0;
  std::string rx_prompt;  // empty: stdin goes to the RX line as it arrives
  std::string rx_file;    // --rx-file: the RX line's schedule
  std::vector<std::string> plusargs;
  for (int i = 1; i < argc; i++) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      usage(stdout, 0);
    } else if (a == "--max-cycles" && i + 1 < argc) {
      char* end = nullptr;
      const char* v = argv[++i];
      errno = 0;
      max_cycles = strtoull(v, &end, 0);
      if (!*v || *end || errno || *v == '-') usage();
    } else if (a == "--trace" && i + 1 < argc) {
      trace_path = argv[++i];
    } else if (a == "--rx-gap" && i + 1 < argc) {
      rx_gap = strtoul(argv[++i], nullptr, 0);
    } else if (a == "--rx-file" && i + 1 < argc) {
      rx_file = argv[++i];
    } else if (a == "--rx-prompt" && i + 1 < argc) {
      rx_prompt = argv[++i];
      if (rx_prompt.empty()) usage();
    } else if (a == "--quiet") {
      quiet = true;
    } else if (a[0] == '+') {
      plusargs.push_back(a);
    } else if (a[0] == '-' || elf) {
      usage();
    } else {
      elf = argv[i];
    }
  }
  if (!elf) usage();

  Memory mems[2] = {{"imem", CV_IMEM_BASE, CV_IMEM_BYTES, {}},
                    {"dmem", CV_DMEM_BASE, CV_DMEM_BYTES, {}}};
  for (auto& m : mems) m.words.assign(m.bytes / 4, 0);
  load_elf(elf, mems, 2);
  std::string imem_hex = write_hex(mems[0]), dmem_hex = write_hex(mems[1]);
  plusargs.push_back("+imem=" + imem_hex);
  plusargs.push_back("+dmem=" + dmem_hex);

  auto ctx = std::make_unique<VerilatedContext>();
  std::vector<const char*> vargs = {argv[0]};
  for (auto& p : plusargs) vargs.push_back(p.c_str());
  ctx->commandArgs(int(vargs.size()), vargs.data());
  auto top = std::make_unique<Vsoc_top>(ctx.get());

#if VM_TRACE
  std::unique_ptr<TraceFile> tfp;
  if (trace_path) {
    ctx->traceEverOn(true);
    tfp = std::make_unique<TraceFile>();
    top->trace(tfp.get(), 99);
#if !VM_TRACE_FST
    if (std::string(trace_path).size() > 4 &&
        std::string(trace_path).substr(std::string(trace_path).size() - 4) == ".fst")
      fprintf(stderr, "cv_sim: note: this build writes VCD (FST needs Debian liblz4-dev)\n");
#endif
    tfp->open(trace_path);
  }
#else
  if (trace_path) fail("this build has no trace support (rebuild with TRACE=1)");
#endif

  // stdin is polled, never switched to non-blocking mode: on a terminal that mode is shared with
  // stdout (one open file), where it could make writes fail, and it would outlive a killed run.
  bool stdin_open = fcntl(0, F_GETFD) >= 0;
  const bool stdin_tty = stdin_open && isatty(0);
  setvbuf(stdout, nullptr, _IOLBF, 0);
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &sa, nullptr);

  UartTx tx;
  UartRx rx;
  std::deque<uint8_t> held;  // --rx-prompt: stdin bytes not yet released to the RX line
  std::string tx_tail;       // the last characters printed, to spot the prompt
  bool line_open = false;    // the prompt has been seen: held bytes go out up to a newline
  bool out_partial = false;  // stdout holds a line without its newline yet
  rx.gap = rx_gap;
  // --rx-file: (cycle, bytes) records in file order; stdin is then not read.
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> sched;
  size_t sched_next = 0;
  if (!rx_file.empty()) {
    FILE* f = fopen(rx_file.c_str(), "r");
    if (!f) fail("cannot open ", rx_file.c_str());
    unsigned long long at;
    char hex[8192];
    while (fscanf(f, "%llu %8191s", &at, hex) == 2) {
      std::vector<uint8_t> bytes;
      for (size_t k = 0; hex[k] && hex[k + 1]; k += 2) {
        unsigned v;
        if (sscanf(hex + k, "%2x", &v) != 1) fail("bad hex in ", rx_file.c_str());
        bytes.push_back(uint8_t(v));
      }
      sched.emplace_back(uint64_t(at), std::move(bytes));
    }
    fclose(f);
    stdin_open = false;
  }
  uint64_t cycle = 0, instret = 0, edges = 0, last_retire = 0;
  int exit_code = -1;  // printed as -1 in the statistics when the firmware did not exit
  bool exited = false;
  uint64_t time_ps = 0;

  top->clk_i = 0;
  top->rst_ni = 0;
  top->uart_rx_i = 1;
  top->eval();  // initial blocks: $readmemh from the plusargs
  unlink(imem_hex.c_str());
  unlink(dmem_hex.c_str());

  auto t0 = std::chrono::steady_clock::now();
  std::clock_t cpu0 = std::clock();
  while (true) {
    // Rising edge; outputs then reflect the new state.
    top->clk_i = 1;
    top->eval();
#if VM_TRACE
    if (tfp) tfp->dump(time_ps);
#endif
    time_ps += 5000;
    if (top->rst_ni) cycle++;  // cycles counts the edges out of reset
    if (++edges == 4) top->rst_ni = 1;  // synchronous reset held for the first 4 edges

    if (top->retire_o) {
      instret++;
      last_retire = cycle;
    }
    int c = top->sim_putc_valid_o ? int(top->sim_putc_char_o) : -1;
    if (c >= 0) {
      putchar(c);
      out_partial = c != '\n';
    }
    uint32_t div = top->uart_div_o ? top->uart_div_o : 1;
    c = tx.step(top->uart_tx_o, div);
    if (c >= 0) {
      putchar(c);
      out_partial = c != '\n';
      if (!rx_prompt.empty()) {
        tx_tail.push_back(char(c));
        if (tx_tail.size() > rx_prompt.size()) tx_tail.erase(0, tx_tail.size() - rx_prompt.size());
        if (tx_tail == rx_prompt) {
          line_open = true;
          fflush(stdout);
          out_partial = false;
        }
      }
    }
    if (top->sim_exit_valid_o) {
      exit_code = int(top->sim_exit_code_o);
      exited = true;
      break;
    }
    if (max_cycles && cycle >= max_cycles) break;
    if (g_signal) break;

    if (cycle && cycle % kPollCycles == 0) {
      if (out_partial) {
        fflush(stdout);
        out_partial = false;
      }
      // Input is taken only while the RX line has nothing queued: the bytes wait in the pipe or
      // the terminal, not in the harness.
      if (stdin_open && rx.queue.empty()) {
        pollfd pfd = {0, POLLIN, 0};
        if (poll(&pfd, 1, 0) > 0) {
          uint8_t in[4096];
          ssize_t got = (pfd.revents & (POLLIN | POLLHUP)) ? read(0, in, sizeof in) : -2;
          auto& dst = rx_prompt.empty() ? rx.queue : held;
          if (got > 0) dst.insert(dst.end(), in, in + got);
          // A terminal's end of file is one Ctrl-D: the user may type on.
          else if (got == 0 && !stdin_tty) stdin_open = false;
          else if (got == -2 || (got < 0 && errno != EINTR && errno != EAGAIN)) stdin_open = false;
        }
      }
    }
    // After the prompt, held bytes go out as they come, up to and including the line's newline.
    while (line_open && !held.empty()) {
      uint8_t b = held.front();
      held.pop_front();
      rx.queue.push_back(b);
      if (b == '\n') line_open = false;
    }
    while (sched_next < sched.size() && cycle >= sched[sched_next].first) {
      auto& b = sched[sched_next++].second;
      rx.queue.insert(rx.queue.end(), b.begin(), b.end());
    }
    rx.step(div);
    top->uart_rx_i = rx.line;

    top->clk_i = 0;
    top->eval();
#if VM_TRACE
    if (tfp) tfp->dump(time_ps);
#endif
    time_ps += 5000;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  double cpu_secs = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
  fflush(stdout);
#if VM_TRACE
  if (tfp) tfp->close();
#endif
  top->final();

  // Why the run stopped, in one line.
  if (g_signal) {
    fprintf(stderr, "cv_sim: stopped: interrupted by signal %d (%s) after %llu cycles\n",
            int(g_signal), strsignal(g_signal), (unsigned long long)cycle);
  } else if (!exited) {
    fprintf(stderr,
            "cv_sim: stopped: TIMEOUT: cycle limit reached, no exit after %llu cycles "
            "(--max-cycles %llu; make run MAX_CYCLES=N sets it, 0 = no limit); the last "
            "instruction retired at cycle %llu%s\n",
            (unsigned long long)cycle, (unsigned long long)max_cycles,
            (unsigned long long)last_retire,
            held.empty() ? "" : "; input was waiting for the prompt (--rx-prompt)");
  } else if (!quiet || exit_code != 0) {
    fprintf(stderr, "cv_sim: stopped: the firmware exited with code %d%s\n", exit_code,
            exit_code == CV_EXIT_UNEXPECTED_TRAP
                ? " (CV_EXIT_UNEXPECTED_TRAP: an unexpected trap, reported on the UART above)"
                : "");
  }
  if (!quiet || !exited || exit_code != 0) {
    // wall-clock speed, then per CPU second (the fair figure on a shared machine)
    fprintf(stderr, "cv_sim: exit %d, cycles %llu, instret %llu, %.2f Mcycles/s (%.2f per CPU s)\n",
            exit_code, (unsigned long long)cycle, (unsigned long long)instret,
            secs > 0 ? double(cycle) / secs / 1e6 : 0.0,
            cpu_secs > 0 ? double(cycle) / cpu_secs / 1e6 : 0.0);
  }
  if (g_signal) {
    int sig = g_signal;
    signal(sig, SIG_DFL);
    raise(sig);
    return 128 + sig;
  }
  if (!exited) return kExitTimeout;
  // a non-zero code whose low byte is zero must not look like success
  return (exit_code & 0xff) ? (exit_code & 0xff) : (exit_code ? 1 : 0);
}
