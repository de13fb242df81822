// SPDX-License-Identifier: Apache-2.0
// cpl_dma.v
// The DMA engine: moves a buffer from dmem (port B) through one coupling unit and back.
`default_nettype none
`include "soc_memmap.vh"

// Implements the cpl_dma section of coupling/README.md. Programmed through the `dma` window
// (coupling/regs/dma.toml) or the cpi-dma instructions (target 7); both write the same registers.
//
// Command: a command (DRUN/DKEY, CTRL.START/KEYLOAD) writes its registers and moves to CHECK;
// there the checks (ENGINE, RANGE, ALIGN, OVERLAP, LENGTH, in that priority) run on the
// registered values and their results go into flops; in DECIDE, the next cycle, the job starts
// (its start pulse the cycle after) or is refused. Checking the registers rather than the values
// being written keeps the core's request (its operand forwarding, the crossbar's decode) out of
// the checks' adders and compares, and the unit's key size out of the same cycle as the command;
// deciding a cycle after the checks keeps their carry chains apart from the decision, which
// reaches most of the job's registers. Together they cost a job two cycles. A job's parameters
// are copied into job registers in CHECK: register writes during a job (and during CHECK and
// DECIDE) do not disturb it.
//
// Streaming (state RUN): reads fill a small FIFO of port words (credit: reads in flight plus
// FIFO entries never exceed its depth, so read data that arrive one cycle later always have a
// place); input beats are cut from the FIFO head, bytes past LEN replaced by the padding, and
// the whole last block is sent (pure padding beats need no read). A unit that ignores its input
// in the job's configuration (noread: ChaCha keystream) gets zero beats and nothing is read, so
// the port carries only the output. Output beats are written as
// they come, with byte enables up to OUTLEN; beats past OUTLEN are consumed without a write.
// One memory access per cycle on port B: when a read and a write both want it they alternate,
// so the next block's reads and the previous block's writes overlap the engine's computation.
// With A_WRITE = 1 (the SoC) an output beat that meets a read instead goes into a two-entry
// write queue, which writes it on the CPU's port A (dmem port A) in a cycle the CPU does not use
// that port; with the queue full, port B takes a queued write on the write's turn. So
// with the CPU idle or busy elsewhere (waiting on DWAIT, polling STATUS) a job reads and writes
// a port word every cycle. Only the queue's pop follows the CPU's request (a_free_i) in the
// same cycle: the output handshake (o_rdy) looks at the queue's registered fill. A job ends when
// its last beat is written; a failed job drops what is still queued (never outside the
// destination) and takes those bytes off DONE_BYTES in its S_ZERO cycle.
// dma_out_ready_o never depends on dma_in_ready_i (the unit's in_ready may depend on out_ready).
//
// Engine supervision: within SETTLE - 1 cycles of dma_start (the DMA's view of the engine is
// registered) the engine must have shown busy (else it refused the configuration: ENGINE). From then on an engine error (the engine's own codes; the
// unit's, from OVERRUN up, come from CPU accesses and are ignored) stops the job (ENGINE), and
// busy falling before all input was sent, or after it without the key (a zeroize wipes the
// key), means the unit was zeroized (ABORTED). A job whose engine goes idle after all input
// without a last output beat and keeps its key (a CMAC segment that is not the final one) ends
// normally. Every failure pulses dma_zeroize for the engine.
//
// Continuation jobs (CONT_JOBS = 1, ENGINE.CONT): the CPU started a message that runs in phases
// (AEAD: IV, AAD, payload, tag, each closed by a last block) and a job carries one of them, or
// part of one (ENGINE.OPEN: its last block is not marked last). No START is sent, and the job's
// output need not end with the engine's last beat, nor be as long as its input (AAD gives none,
// a tag comes after the payload): the job ends once all its input was sent and the output beats
// of the blocks that cover OUTLEN (as given; 0 = none) were taken, or with the engine's last
// output beat. Output past those blocks is not taken: it stays in the engine for the CPU. The
// engine must be busy from the start (its message runs), else ENGINE. With CONT_JOBS = 0 none
// of this is built and the ENGINE bits read 0.
//
// Message jobs (MSG_JOBS = 1, with CONT_JOBS; ENGINE.MSG): the rest of an AEAD message in one
// job of three continuation phases: the AAD (AAD/AAD_LEN, closed by a last block), the text
// (SRC/LEN -> DST, its output blocks), the tag (encryption: the final block, its first TAG_LEN
// bytes to TAG; decryption: TAG_LEN bytes from TAG as the last block, then the verdict block,
// taken and dropped). CHECK checks all buffers and loads the AAD phase; the text and tag
// phases' buffers wait in flops of their own (m*_q). A phase that ends as a continuation job
// ends goes to S_NEXT, which loads the next phase's job registers from those flops, then to
// S_NSET, which sets the comparison flops from them (as DECIDE does), then back to S_RUN: two
// cycles a phase, and no checks or decisions on the register values in them. The verdict: the
// engines raise AUTH (a code from OVERRUN up, which the supervision above ignores) as their
// final block becomes valid; the DMA keeps the engine's "error with code AUTH" in a flop of its
// own (ua_q), and a decrypting job whose verdict block was taken decides a cycle later (vw_q),
// when the flop holds the engine's state of that cycle: AUTH ends the job with ERR code AUTH
// and no zeroize (the engine keeps its key; the message is over), otherwise DONE.
//
// cpi: one instruction at a time; DSEL/DADDR/DRUN/DKEY/DSTAT and a refusal for BUSY answer on
// the next cycle, a DRUNW/DKEYW refused by the checks on the cycle after DECIDE; DRUNW/DKEYW/DWAIT
// answer from a register in the cycle after the job ends. (Answered combinationally in that
// cycle, the engine's status would run through the DMA's end logic, the dispatcher, the core's
// trap and stall logic and the next request into another unit: the SoC's critical path.)
module cpl_dma #(
  parameter integer DMA_BITS   = 32,                 // dmem port B width: 32 or 128
  parameter integer DMEM_BYTES = 65536,              // power of two
  parameter integer ENGINES    = 2,                  // bit n: engine number n is attached
  parameter integer SETTLE     = 3,                  // cycles for the engine to answer a start
  parameter integer A_WRITE    = 0,                  // 1: output beats may also use port A
  parameter integer CONT_JOBS  = 0,                  // 1: ENGINE.CONT/OPEN (continuation jobs)
  parameter integer MSG_JOBS   = CONT_JOBS,          // 1 (with CONT_JOBS): ENGINE.MSG
  // 0: dmem port B (every access taken at once, read data in the next cycle); 1: a bus master
  // adapter (ip/rtl): an access waits for its grant, read data come in order, later
  parameter integer MEM_BUS    = 0,
  // the memory jobs may use: DMEM_BYTES from MEM_BASE (a multiple of DMEM_BYTES)
  parameter [31:0]  MEM_BASE   = `CV_DMEM_BASE,
  parameter integer MAW        = $clog2(DMEM_BYTES / (DMA_BITS / 8))  // port B address width
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  // SoC target port (dma window): read data one cycle after the request
  input  wire                    req_i,
  input  wire                    we_i,
  input  wire [11:0]             addr_i,
  input  wire [31:0]             wdata_i,
  output wire [31:0]             rdata_o,
  // cpi target port (target 7 of cpl_dispatch)
  input  wire                    cpi_req_valid_i,
  output wire                    cpi_req_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */  // opcode, target and registers: cpl_dispatch's part
  input  wire [31:0]             cpi_req_insn_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [31:0]             cpi_req_rs1_i,
  input  wire [31:0]             cpi_req_rs2_i,
  output wire                    cpi_rsp_valid_o,
  output wire [31:0]             cpi_rsp_data_o,
  output wire                    cpi_rsp_err_o,
  // dmem port B (address in DMA_BITS words from the start of dmem)
  output wire                    mem_req_o,
  output wire                    mem_we_o,
  output wire [MAW-1:0]          mem_addr_o,
  output wire [DMA_BITS/8-1:0]   mem_be_o,
  output wire [DMA_BITS-1:0]     mem_wdata_o,
  input  wire [DMA_BITS-1:0]     mem_rdata_i,
  // MEM_BUS = 1 only (the SoC ties them off: 1, 1, 0, 0, 1): a read (write) request is taken
  // in a cycle mem_rgnt_i (mem_wgnt_i) is high, which never depends on the request; read data
  // come with mem_rvalid_i, in request order; mem_err_i: an access was answered with a bus
  // error; mem_idle_i: no access taken is still unanswered (from the adapter's flops)
  input  wire                    mem_rgnt_i,
  input  wire                    mem_wgnt_i,
  input  wire                    mem_rvalid_i,
  input  wire                    mem_err_i,
  input  wire                    mem_idle_i,
  // dmem port A, shared with the CPU: the write queue's port-word writes (A_WRITE = 1), in a
  // cycle a_free_i says the CPU does not use it (same addressing as port B)
  input  wire                    a_free_i,
  output wire                    a_req_o,
  output wire [MAW-1:0]          a_addr_o,
  output wire [DMA_BITS/8-1:0]   a_be_o,
  output wire [DMA_BITS-1:0]     a_wdata_o,
  // word port towards the units: bit/slice e-1 belongs to engine number e (1..5); shared buses
  // (cfg, data, last, bytes) matter only with the selected engine's strobe
  output wire [4:0]              dma_own_o,
  output wire                    dma_any_o,      // |dma_own_o, from a flop of its own
  output wire [4:0]              dma_zeroize_o,
  output wire [4:0]              dma_start_o,
  output wire [31:0]             dma_cfg_o,
  output wire [4:0]              dma_keyw_valid_o,
  output wire [DMA_BITS-1:0]     dma_keyw_data_o,
  output wire [4:0]              dma_keyload_o,
  output wire [4:0]              dma_in_valid_o,
  input  wire [4:0]              dma_in_ready_i,
  output wire [DMA_BITS-1:0]     dma_in_data_o,
  output wire                    dma_in_last_o,
  output wire [7:0]              dma_in_bytes_o,
  input  wire [4:0]              dma_out_valid_i,
  output wire [4:0]              dma_out_ready_o,
  input  wire [5*DMA_BITS-1:0]   dma_out_data_i,
  input  wire [4:0]              dma_out_last_i,
  input  wire [4:0]              partial_ok_i,
  input  wire [4:0]              empty_ok_i,
  input  wire [4:0]              noread_i,        // the unit ignores the job's input data
  input  wire [4:0]              eng_busy_i,
  input  wire [4:0]              key_ready_i,
  input  wire [4:0]              err_i,
  input  wire [19:0]             err_code_i,
  input  wire [39:0]             key_bytes_i,     // key bytes for dma_cfg_o (0: no key / bad size)
  // bit e-1: the coupling hub's shared staging holds another engine's key, IV or block, so a
  // job or key load on engine e is refused (ENGINE) and leaves that engine's data alone
  input  wire [4:0]              hub_other_i,
  output wire                    irq_o
);
  // ------------------------------------------------------------------ sizes
  localparam integer PB    = DMA_BITS / 8;                 // port bytes
  localparam integer LPB   = $clog2(PB);
  localparam integer DEPTH = (DMA_BITS == 32) ? 4 : 2;     // FIFO entries (port words)
  localparam integer FPW   = $clog2(DEPTH);
  localparam integer LW    = $clog2(DMEM_BYTES) + 2;       // byte counts of a checked job
  localparam [32:0]  BASE  = {1'b0, MEM_BASE};
  localparam [32:0]  LIMIT = BASE + DMEM_BYTES;
  localparam integer  PBM1  = PB - 1;
  localparam [LW-1:0] PB_M  = PBM1[LW-1:0];               // the same numbers at their widths
  localparam [2:0]    LPB3  = LPB[2:0];
  localparam [FPW:0]  DEPTH_C = DEPTH[FPW:0];
  localparam [7:0]    ENG8  = ENGINES[7:0];

  localparam MJ = (CONT_JOBS != 0) && (MSG_JOBS != 0);    // message jobs built
  // The state is four bits wide with message jobs (S_NEXT, S_NSET) and three without them, so a
  // DMA built without them (the default SoC) decodes its states as one that never had them.
  // Without them S_NEXT and S_NSET alias other codes: they are never entered, and every test of
  // them is gated by MJ.
  localparam integer SW = MJ ? 4 : 3;
  localparam [3:0] S4_IDLE = 4'd0, S4_RUN = 4'd1, S4_KEY = 4'd2, S4_KLOAD = 4'd3,
                   S4_KWAIT = 4'd4, S4_ZERO = 4'd5, S4_CHECK = 4'd6, S4_DECIDE = 4'd7,
                   S4_NEXT = 4'd8, S4_NSET = 4'd9;
  localparam [SW-1:0] S_IDLE = S4_IDLE[SW-1:0], S_RUN = S4_RUN[SW-1:0], S_KEY = S4_KEY[SW-1:0],
                      S_KLOAD = S4_KLOAD[SW-1:0], S_KWAIT = S4_KWAIT[SW-1:0],
                      S_ZERO = S4_ZERO[SW-1:0], S_CHECK = S4_CHECK[SW-1:0],
                      S_DECIDE = S4_DECIDE[SW-1:0], S_NEXT = S4_NEXT[SW-1:0],
                      S_NSET = S4_NSET[SW-1:0];

  // STATUS.ERR_CODE values (coupling/regs/dma.toml, through soc_memmap.vh)
  localparam [3:0] E_RANGE = `CV_DMA_STATUS_ERR_CODE_RANGE, E_ALIGN = `CV_DMA_STATUS_ERR_CODE_ALIGN,
                   E_OVERLAP = `CV_DMA_STATUS_ERR_CODE_OVERLAP,
                   E_LENGTH = `CV_DMA_STATUS_ERR_CODE_LENGTH,
                   E_ENGINE = `CV_DMA_STATUS_ERR_CODE_ENGINE, E_BUSY = `CV_DMA_STATUS_ERR_CODE_BUSY,
                   E_ABORTED = `CV_DMA_STATUS_ERR_CODE_ABORTED,
                   E_BUS = `CV_DMA_STATUS_ERR_CODE_BUS, E_AUTH = `CV_DMA_STATUS_ERR_CODE_AUTH;
  // the engines' code for a wrong tag (aead_top and chachapoly_top share it)
  localparam [3:0] U_AUTH = `CV_AES_STATUS_ERR_CODE_AUTH;
  localparam MB = (MEM_BUS != 0);

  // cpi-dma operations (funct7[3:0]) and their funct3 = {xd, xs1, xs2} (coupling/regs/cpi.toml)
  localparam [3:0] OP_DSEL = `CV_CPI_OP_DSEL, OP_DADDR = `CV_CPI_OP_DADDR,
                   OP_DRUN = `CV_CPI_OP_DRUN, OP_DKEY = `CV_CPI_OP_DKEY,
                   OP_DWAIT = `CV_CPI_OP_DWAIT,
                   OP_DSTAT = `CV_CPI_OP_DSTAT;

  // log2 of the block bytes of engine number e: AES 16, PRINCE 8, PRESENT 8, ChaCha 64, SHA-3 8
  // (its rate lanes)
  localparam [3:0] N_PRINCE = `CV_ENGINE_PRINCE, N_PRESENT = `CV_ENGINE_PRESENT,
                   N_CHACHA = `CV_ENGINE_CHACHA, N_SHA3 = `CV_ENGINE_SHA3;
  function automatic [2:0] blk_l2(input [3:0] e);
    begin
      case (e)
        N_PRINCE, N_PRESENT, N_SHA3: blk_l2 = 3'd3;
        N_CHACHA:                    blk_l2 = 3'd6;
        default:                     blk_l2 = 3'd4;
      endcase
    end
  endfunction

  // A job's input of n bytes in blocks of nbl bytes (a power of two): the bytes sent, n rounded
  // up to the block with one block for n = 0 (in_bytes), and the last block's valid bytes: n mod
  // block, a whole block, or 0 for n = 0 (last_bytes). An output of n bytes is taken as the
  // blocks that cover it (round_up).
  function automatic [LW-1:0] in_bytes(input [LW-1:0] n, input [LW-1:0] nbl);
    in_bytes = (n & ~(nbl - 1'b1)) +
               ((n == {LW{1'b0}} || (n & (nbl - 1'b1)) != {LW{1'b0}}) ? nbl : {LW{1'b0}});
  endfunction
  function automatic [7:0] last_bytes(input [LW-1:0] n, input [LW-1:0] nbl);
    last_bytes = (n == {LW{1'b0}}) ? 8'h0 : ((n & (nbl - 1'b1)) == {LW{1'b0}}) ? nbl[7:0] :
                 n[7:0] & (nbl[7:0] - 8'h1);
  endfunction
  function automatic [LW-1:0] round_up(input [LW-1:0] n, input [LW-1:0] nbl);
    round_up = (n + nbl - 1'b1) & ~(nbl - 1'b1);
  endfunction

  // ------------------------------------------------------------------ registers
  reg [31:0]   src_q, src_d, dst_q, dst_d, len_q, len_d, olen_q, olen_d, ecfg_q, ecfg_d;
  reg [3:0]    sel_q, sel_d;
  reg          pad_q, pad_d;
  reg          cont_q, cont_d, open_q, open_d;  // ENGINE.CONT, ENGINE.OPEN (CONT_JOBS)
  reg          msg_q, msg_d;                    // ENGINE.MSG (MSG_JOBS)
  reg [31:0]   aad_q, aad_d, tag_q, tag_d;      // AAD, TAG
  reg [23:0]   alen_q, alen_d;                  // MLEN.AAD_LEN
  reg [4:0]    tlen_q, tlen_d;                  // MLEN.TAG_LEN
  // a message job: its phase (1 AAD, 2 text, 3 tag), the text's and the tag's buffers, the
  // direction; vw_q: the verdict block was taken (decide next cycle); ua_q: the engine shows
  // an error with code AUTH (registered, as ub_q)
  reg          jmsg_q, jmsg_d;
  reg [1:0]    mph_q, mph_d;
  reg [MAW-1:0] msrc_q, msrc_d, mdst_q, mdst_d, mtag_q, mtag_d;
  reg [LW-1:0] mlen_q, mlen_d;
  reg [4:0]    mtl_q, mtl_d;
  reg          mdec_q, mdec_d;
  reg          vw_q, ua_q;
  reg [1:0]    ie_q, ie_d, is_q, is_d;
  reg          done_q, done_d, err_q, err_d;
  reg [3:0]    code_q, code_d;
  reg [31:0]   dbytes_q, dbytes_d;
  reg [31:0]   rdata_q, rdata_d;
  reg [SW-1:0] st_q, st_d;
  // job
  reg [2:0]    je_q, je_d;          // engine index (number - 1)
  reg [31:0]   jcfg_q, jcfg_d;
  reg [2:0]    jbl2_q, jbl2_d;      // log2 of the beat bytes
  reg [LW-1:0] jlen_q, jlen_d;      // input bytes (key bytes for a key load)
  reg [LW-1:0] jolen_q, jolen_d;    // output bytes
  reg [LW-1:0] tin_q, tin_d;        // input bytes sent to the unit (whole blocks)
  reg [LW-1:0] rlen_q, rlen_d;      // input bytes read (LEN rounded up to the port width)
  reg [LW-1:0] ib_q, ib_d;          // offset of the next input beat
  // flops that stand for comparisons of ib_q (set in DECIDE, stepped with each beat)
  reg          inl_q, inl_d;        // ib_q < tin_q: input beats left to send
  reg          usef_q, usef_d;      // ib_q < rlen_q: the beat comes from a read word
  reg          blast_q, blast_d;    // ib_q + beat == tin_q: the beat is the last one
  reg [LW-1:0] ob_q, ob_d;          // offset of the next output beat (stops at OUTLEN)
  // ob_q >= OUTLEN (the job's output is written; beats are dropped), kept in a flop set from
  // the next cycle's remaining output bytes, so that the output handshake into the engine starts
  // from a flip-flop, not from a comparison's carry chain.
  reg          odrop_q;
  // OUTLEN - ob_q (0 once the output is written) and whether it is below a beat (the last beat
  // is a partial one): kept in flops so that the beat's byte enables, which go straight to the
  // memory's write enables, come from a few flops and not from a subtraction and a compare
  reg [LW-1:0] orem_q, orem_d;
  reg          olt_q;
  reg [7:0]    jbytes_q, jbytes_d;  // valid bytes of the last block
  reg          jpad_q, jpad_d;      // the last block gets a 0x80 byte at offset LEN
  reg          jcont_q, jcont_d;    // a continuation job (no START; ends by OUTLEN's blocks)
  reg          jopen_q, jopen_d;    // ... whose last block is not marked last
  reg [LW-1:0] otk_q, otk_d;        // continuation: output bytes still to take (whole blocks)
  reg          oend_q;              // otk_q == 0, in a flop of its own (the output handshake)
  reg [MAW-1:0] rptr_q, rptr_d;     // next word to read
  reg [LW-1:0] rleft_q, rleft_d;    // words still to read
  reg          rnz_q, rnz_d;        // rleft_q != 0 (the read request starts from a flop)
  reg [MAW-1:0] dstw_q, dstw_d;     // first word of the destination
  reg          first_q, first_d;    // first cycle of a job (start pulse)
  reg [1:0]    settle_q, settle_d;
  reg          bseen_q, bseen_d;    // the engine showed busy since the start
  reg          jfail_q, jfail_d;    // the running / last job or key load failed
  reg          kerr0_q, kerr0_d;    // engine error state when the key load was issued
  reg [3:0]    kcode0_q, kcode0_d;
  // A key load that neither ends nor errs within KWAIT_MAX cycles fails (ENGINE): an engine held
  // in a CPU message rejects the load with the same code its sticky error already shows, and
  // without this bound DKEYW/DWAIT would wait for ever (test_adv_cpi). The longest
  // legitimate wait is a wipe (16) plus PRESENT's key schedule (~64).
  localparam [7:0] KWAIT_MAX = 8'd255;
  reg [7:0]    kw_q, kw_d;
  reg          rr_q, rr_d;          // the last contended cycle went to a write
  reg          infl_q, infl_d;      // a read was issued last cycle: its data arrive now
  reg [FPW:0]  rif_q, rif_d;        // MEM_BUS: reads taken and not yet answered
  // write queue (A_WRITE): entry 0 is the oldest; address, byte enables, data, byte count
  reg [1:0]            wcnt_q, wcnt_d;
  reg [2*MAW-1:0]      wqa_q, wqa_d;
  reg [2*PB-1:0]       wqb_q, wqb_d;
  reg [2*DMA_BITS-1:0] wqd_q, wqd_d;
  reg [2*(LPB+1)-1:0]  wqn_q, wqn_d;
  reg                  olast_q;     // the job's last output beat was taken (it may be queued)
  // FIFO of read words
  reg [DEPTH*DMA_BITS-1:0] fdat_q, fdat_d;
  reg [FPW-1:0] fwp_q, fwp_d, frp_q, frp_d;
  reg [FPW:0]   fcnt_q, fcnt_d;
  reg           pclr_q;             // an entry was popped last cycle: clear it
  reg [FPW-1:0] pidx_q;             // ... this one
  // cpi
  reg          ckey_q, ckey_d;      // CHECK: the command is a key load
  // the checks' results, computed in CHECK and acted on in DECIDE (see "checks" below)
  reg          csok_d;              // the selected engine is attached (for own_q)
  reg          ceng_q, ceng_d;      // ENGINE (no engine; for a key load also no key size)
  reg          crng_q, crng_d;      // RANGE
  reg          cmis_q, cmis_d;      // ALIGN
  reg          covl_q, covl_d;      // OVERLAP
  reg          clen_q, clen_d;      // LENGTH
  reg          pend_q, pend_d;      // a waiting operation (DRUNW, DKEYW, DWAIT)
  reg          pfail_q, pfail_d;    // it answers err when the job failed (DRUNW, DKEYW)
  reg          rsp_q, rsp_d, rerr_q, rerr_d;
  reg [31:0]   rdat_q, rdat_d;

  // ------------------------------------------------------------------ requests
  wire wr_req = req_i && we_i;
  wire rd_req = req_i && !we_i;
  wire cpi_fire = cpi_req_valid_i && cpi_req_ready_o;
  wire [3:0] c_op = cpi_req_insn_i[28:25];
  wire [2:0] c_f3 = cpi_req_insn_i[14:12];
  reg        c_legal;
  always @* begin
    case (c_op)
      OP_DSEL:  c_legal = (c_f3 == `CV_CPI_F3_DSEL);
      OP_DADDR: c_legal = (c_f3 == `CV_CPI_F3_DADDR);
      OP_DRUN:  c_legal = (c_f3 == `CV_CPI_F3_DRUN) || (c_f3 == `CV_CPI_F3_DRUNW);
      OP_DKEY:  c_legal = (c_f3 == `CV_CPI_F3_DKEY) || (c_f3 == `CV_CPI_F3_DKEYW);
      OP_DWAIT: c_legal = (c_f3 == `CV_CPI_F3_DWAIT);
      OP_DSTAT: c_legal = (c_f3 == `CV_CPI_F3_DSTAT);
      default:  c_legal = 1'b0;
    endcase
  end
  wire c_ok   = cpi_fire && c_legal;
  wire c_wait = c_f3[2];            // DRUNW, DKEYW, DWAIT

  wire idle   = (st_q == S_IDLE);
  wire check  = (st_q == S_CHECK);
  wire decide = (st_q == S_DECIDE);

  // ------------------------------------------------------------------ selected unit's signals
  // (the registered selection: they matter in CHECK, where the unit sees ecfg_q on dma_cfg_o)
  function automatic sel_ok(input [3:0] sel);        // ENGINE names an attached engine
    sel_ok = (sel >= 4'd1) && (sel <= 4'd5) && ENG8[sel[2:0]];
  endfunction
  wire       s_ok    = sel_ok(sel_q);
  wire [2:0] se      = s_ok ? sel_q[2:0] - 3'd1 : 3'd0;  // index of the engine commanded
  wire       s_part  = partial_ok_i[se];
  wire       s_empty = empty_ok_i[se];
  wire       s_nord  = noread_i[se];
  wire [7:0] s_kb    = key_bytes_i[8*se +: 8];

  // inputs of engines that are not attached are ignored (constant: synthesis drops them)
  wire [4:0] att = ENG8[5:1];
  reg  [5*DMA_BITS-1:0] odat_att;
  integer e;
  always @* begin
    for (e = 0; e < 5; e = e + 1)
      odat_att[DMA_BITS*e +: DMA_BITS] = att[e] ? dma_out_data_i[DMA_BITS*e +: DMA_BITS] :
                                                  {DMA_BITS{1'b0}};
  end
  wire [4:0] in_ready_att  = dma_in_ready_i & att;
  wire [4:0] out_valid_att = dma_out_valid_i & att;
  wire [4:0] out_last_att  = dma_out_last_i & att;
  wire [4:0] busy_att      = eng_busy_i & att;
  wire [4:0] krdy_att      = key_ready_i & att;
  wire [4:0] err_att       = err_i & att;

  wire       u_inrdy = in_ready_att[je_q];
  wire       u_ov    = out_valid_att[je_q];
  wire       u_olast = out_last_att[je_q];
  wire [DMA_BITS-1:0] u_odat = odat_att[DMA_BITS*je_q +: DMA_BITS];
  // The served engine's status (busy, key ready, error) as the job supervision sees it: from
  // flip-flops of the DMA's own, loaded from the engine every cycle, so no path runs from an
  // engine's status through the end-of-job logic into the answer of an instruction. The view is
  // a cycle old: a job ends a cycle after its engine goes idle or its key is ready (a job that
  // ends with its last output beat, which comes with the data, does not wait), and the engine
  // must show busy within SETTLE - 1 cycles of its start.
  reg        ub_q, uk_q, ue_q;
  reg  [3:0] uc_q;
  wire [3:0] code_now = err_code_i[4*je_q +: 4];
  wire       u_busy  = ub_q;
  wire       u_krdy  = uk_q;
  wire [3:0] u_code  = uc_q;
  wire       u_err   = ue_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ub_q <= 1'b0;  uk_q <= 1'b0;  ue_q <= 1'b0;  uc_q <= 4'h0;  ua_q <= 1'b0;
    end else begin
      ua_q <= MJ && err_att[je_q] && (code_now == U_AUTH);
      ub_q <= busy_att[je_q];
      uk_q <= krdy_att[je_q];
      uc_q <= code_now;
      ue_q <= err_att[je_q] && (code_now != 4'd0) &&
              (code_now < `CV_CPL_STATUS_ERR_CODE_OVERRUN);
    end
  end

  reg        cmd_start, cmd_key;
  // ------------------------------------------------------------------ register writes
  // A register takes its new value from one of two shared buses, the instruction's rs1 or rs2
  // or else the MMIO write data, and its own condition only enables it: with a source
  // multiplexer per register, each register bit would have one in front of it. An instruction
  // and an MMIO write never come in one cycle (the core issues one at a time); were they to, the
  // instruction wins.
  wire [31:0] w_rs1 = c_ok ? cpi_req_rs1_i : wdata_i;
  wire [31:0] w_rs2 = c_ok ? cpi_req_rs2_i : wdata_i;
  wire        m_w   = wr_req && !c_ok;
  reg       ie_w;
  reg [1:0] is_clr;
  always @* begin
    src_d = src_q;  dst_d = dst_q;  len_d = len_q;  olen_d = olen_q;  ecfg_d = ecfg_q;
    sel_d = sel_q;  pad_d = pad_q;  cont_d = cont_q;  open_d = open_q;  ie_w = 1'b0;
    msg_d = msg_q;  aad_d = aad_q;  tag_d = tag_q;  alen_d = alen_q;  tlen_d = tlen_q;
    is_clr = 2'b0;
    cmd_start = 1'b0;  cmd_key = 1'b0;
    if (wr_req) begin
      case (addr_i)
        `CV_DMA_CTRL_OFFSET: begin
          cmd_start = wdata_i[`CV_DMA_CTRL_START_LSB];
          cmd_key   = wdata_i[`CV_DMA_CTRL_KEYLOAD_LSB];
        end
        `CV_DMA_IE_OFFSET: begin
          ie_w   = 1'b1;
        end
        `CV_DMA_IS_OFFSET:     is_clr = wdata_i[1:0];
        default: ;
      endcase
    end
    if (c_ok && (c_op == OP_DRUN)) cmd_start = 1'b1;
    if (c_ok && (c_op == OP_DKEY)) cmd_key   = 1'b1;
    // (a command refused while busy changes no register)
    if ((m_w && addr_i == `CV_DMA_SRC_OFFSET) ||
        (c_ok && (c_op == OP_DADDR || (c_op == OP_DKEY && idle))))
      src_d = w_rs1;
    if ((m_w && addr_i == `CV_DMA_LEN_OFFSET) || (c_ok && c_op == OP_DRUN && idle))
      len_d = w_rs1;
    if ((m_w && addr_i == `CV_DMA_DST_OFFSET) || (c_ok && c_op == OP_DADDR))
      dst_d = w_rs2;
    if ((m_w && addr_i == `CV_DMA_OUTLEN_OFFSET) || (c_ok && c_op == OP_DRUN && idle))
      olen_d = w_rs2;
    if ((m_w && addr_i == `CV_DMA_ECFG_OFFSET) ||
        (c_ok && (c_op == OP_DSEL || (c_op == OP_DKEY && idle))))
      ecfg_d = w_rs2;
    if ((m_w && addr_i == `CV_DMA_ENGINE_OFFSET) || (c_ok && c_op == OP_DSEL)) begin
      sel_d = w_rs1[`CV_DMA_ENGINE_SEL_MSB:`CV_DMA_ENGINE_SEL_LSB];
      pad_d = w_rs1[`CV_DMA_ENGINE_PAD_LSB];
      cont_d = (CONT_JOBS != 0) && w_rs1[`CV_DMA_ENGINE_CONT_LSB];
      open_d = (CONT_JOBS != 0) && w_rs1[`CV_DMA_ENGINE_OPEN_LSB];
      msg_d  = MJ && w_rs1[`CV_DMA_ENGINE_MSG_LSB];
    end
    if (MJ && m_w && addr_i == `CV_DMA_AAD_OFFSET) aad_d = wdata_i;
    if (MJ && m_w && addr_i == `CV_DMA_TAG_OFFSET) tag_d = wdata_i;
    if (MJ && m_w && addr_i == `CV_DMA_MLEN_OFFSET) begin
      alen_d = wdata_i[`CV_DMA_MLEN_AAD_LEN_MSB:`CV_DMA_MLEN_AAD_LEN_LSB];
      tlen_d = wdata_i[`CV_DMA_MLEN_TAG_LEN_MSB:`CV_DMA_MLEN_TAG_LEN_LSB];
    end
  end

  // ------------------------------------------------------------------ checks (CHECK, DECIDE)
  // CHECK runs every check on the registers as the command left them and keeps each result in
  // a flop; DECIDE settles the job from those flops alone (refuse it, or start it next cycle).
  // A register written in CHECK or later does not reach the job: the job registers are copied
  // in CHECK too. The unit's combinational answers to dma_cfg_o (partial_ok_i, empty_ok_i,
  // noread_i, key_bytes_i) end in flops here as well.
  //
  // The range and overlap checks work on offsets into dmem rather than on 33-bit addresses.
  // dmem starts at a multiple of its size (the memory map places it so), so a buffer [a, a + n)
  // is inside it exactly when a's upper bits are dmem's and the offset plus n is at most
  // DMEM_BYTES (with n below 2 x DMEM_BYTES: LW-bit sums), or when it is the empty buffer at
  // the end of dmem. The overlap compares matter only when both ranges passed (RANGE comes
  // first), so they too compare offsets. LW-bit carry chains in place of 33-bit ones.
  localparam integer KD = LW - 2;                           // log2(DMEM_BYTES)
  localparam [LW-1:0] DM_LW = DMEM_BYTES[LW-1:0];
  function automatic in_dmem(input [31:0] a, input [31:0] n);
    begin
      in_dmem = ((a[31:KD] == BASE[31:KD]) && (n[31:KD+1] == {(31-KD){1'b0}}) &&
                 ({2'b0, a[KD-1:0]} + {1'b0, n[KD:0]} <= DM_LW)) ||
                (({1'b0, a} == LIMIT) && (n == 32'h0));
    end
  endfunction
  reg [31:0] eff_olen;
  reg [5:0]  bl2;
  wire       c_msg  = MJ && msg_q;                          // ENGINE.MSG
  wire       c_cont = (CONT_JOBS != 0) && (cont_q || c_msg);  // ENGINE.CONT, ENGINE.OPEN
  wire       c_open = c_cont && open_q && !c_msg;
  // An AEAD configuration (AES GCM / CCM, ChaCha's AEAD bit) runs a message in phases that the
  // CPU starts and ends: a job without ENGINE.CONT would start it, send one phase and then wait
  // for output the engine never gives (it waits for the next phase), so it is refused as a
  // configuration the engine refuses (ENGINE). Only built with CONT_JOBS (the AEAD SoCs).
  wire       c_aead = (CONT_JOBS != 0) &&
                      (((sel_q == `CV_ENGINE_AES) &&
                        ((ecfg_q[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB] ==
                          `CV_AES_CFG_MODE_GCM) ||
                         (ecfg_q[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB] ==
                          `CV_AES_CFG_MODE_CCM))) ||
                       ((sel_q == `CV_ENGINE_CHACHA) && ecfg_q[`CV_CHACHA_CFG_AEAD_LSB]));
  reg [LW-1:0] c_so, c_do, c_to;      // SRC, DST, TAG offsets into dmem
  // a message job's AAD and tag lengths, and its text's direction (ECFG's DEC)
  wire [31:0] c_al = {8'h0, alen_q};
  wire [31:0] c_tl = {27'h0, tlen_q};
  wire        c_dec = (sel_q == `CV_ENGINE_CHACHA) ? ecfg_q[`CV_CHACHA_CFG_DEC_LSB]
                                                   : ecfg_q[`CV_AES_CFG_DEC_LSB];
  // the checks of a message job's AAD and tag buffers (empty ones: none), ORed into CHECK's
  wire        m_rng = c_msg && (((alen_q != 24'h0) && !in_dmem(aad_q, c_al)) ||
                                ((tlen_q != 5'h0) && !in_dmem(tag_q, c_tl)));
  wire        m_mis = c_msg && (((alen_q != 24'h0) && (aad_q[LPB-1:0] != {LPB{1'b0}})) ||
                                ((tlen_q != 5'h0) && (tag_q[LPB-1:0] != {LPB{1'b0}})));
  // a decryption whose mode has a tag phase (GCM, CCM with TLEN > 0, ChaCha20-Poly1305) without
  // a received tag (TAG_LEN = 0): the engine would wait for the tag phase the job never sends,
  // and the job for the verdict, until an ABORT
  wire        m_ntag = c_dec && (tlen_q == 5'h0) &&
                       ((sel_q == `CV_ENGINE_CHACHA) ||
                        (ecfg_q[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB] ==
                         `CV_AES_CFG_MODE_GCM) ||
                        (ecfg_q[`CV_AES_CFG_TLEN_MSB:`CV_AES_CFG_TLEN_LSB] != 0));
  wire        m_len = c_msg && ((tlen_q > 5'd16) || m_ntag ||
                                ((alen_q == 24'h0) ? !s_empty :
                                 (((c_al & ((32'h1 << bl2) - 32'h1)) != 32'h0) && !s_part)));
  always @* begin
    eff_olen = ((olen_q == 32'h0 && !c_cont) || c_msg) ? len_q : olen_q;
    bl2      = {3'b0, blk_l2(sel_q)};
    c_so     = {2'b0, src_q[KD-1:0]};
    c_do     = {2'b0, dst_q[KD-1:0]};
    c_to     = {2'b0, tag_q[KD-1:0]};
    csok_d   = s_ok;
    if (ckey_q) begin
      ceng_d = !s_ok || (s_kb == 8'h0) || hub_other_i[se];
      crng_d = !in_dmem(src_q, {24'h0, s_kb});
      cmis_d = (src_q[LPB-1:0] != {LPB{1'b0}});
      covl_d = 1'b0;
      clen_d = 1'b0;
    end else begin
      ceng_d = !s_ok || hub_other_i[se] || (c_aead && !c_cont) || (c_msg && !c_aead);
      crng_d = !in_dmem(src_q, len_q) || !in_dmem(dst_q, eff_olen) || m_rng;
      cmis_d = (src_q[LPB-1:0] != {LPB{1'b0}}) || (dst_q[LPB-1:0] != {LPB{1'b0}}) || m_mis;
      // DST < SRC + LEN and SRC < DST + OUTLEN, both non-empty, DST != SRC (both inside dmem,
      // LEN and OUTLEN at most DMEM_BYTES)
      covl_d = (c_so != c_do) && (len_q != 32'h0) && (eff_olen != 32'h0) &&
               (c_do < c_so + {1'b0, len_q[KD:0]}) && (c_so < c_do + {1'b0, eff_olen[KD:0]});
      // a message job's tag against its destination (TAG_LEN and LEN non-zero, even if equal)
      covl_d = covl_d || (c_msg && (tlen_q != 5'h0) && (len_q != 32'h0) &&
                          (c_to < c_do + {1'b0, len_q[KD:0]}) &&
                          (c_do < c_to + {{(LW-5){1'b0}}, tlen_q}));
      clen_d = ((len_q == 32'h0) ? (!s_empty || c_open) :
                (((len_q & ((32'h1 << bl2) - 32'h1)) != 32'h0) && (!s_part || c_open))) || m_len;
    end
  end
  // in DECIDE, in the priority order ENGINE, RANGE, ALIGN, OVERLAP, LENGTH (a key load: the
  // first three)
  wire [3:0] chk = ceng_q ? E_ENGINE : crng_q ? E_RANGE : cmis_q ? E_ALIGN :
                   covl_q ? E_OVERLAP : clen_q ? E_LENGTH : 4'd0;
  wire       c_bad = ceng_q || crng_q || cmis_q || covl_q || clen_q;

  // ------------------------------------------------------------------ input beats
  wire [LW-1:0] btb     = {{(LW-1){1'b0}}, 1'b1} << jbl2_q;     // beat bytes
  // Three comparisons of the beat offset are kept in flops: the job's end logic, the FIFO's
  // pop and the beat's handshake read them, and a carry chain there would run on into the next
  // state and the FIFO. Beats are whole and tin_q, rlen_q multiples of them, so the offset
  // steps onto tin_q (rlen_q) exactly; the flops are updated from the comparisons of the next
  // offset, which only the beat's handshake selects.
  wire          in_left = inl_q;
  wire          use_f   = usef_q;
  wire [LW-1:0] ib_nx   = ib_q + btb;
  wire          nx_rend = (ib_nx == rlen_q);                    // the next offset ends the reads
  wire          nx_last = (ib_nx + btb == tin_q);               // the next beat is the last
  wire          f_has   = (fcnt_q != {(FPW+1){1'b0}});
  // with the FIFO empty, the word arriving from the memory is the head (bypass: a cycle less
  // from a read to its beat)
  // read data this cycle: the next cycle's on dmem, mem_rvalid_i on a bus
  wire          rdv     = MB ? mem_rvalid_i : infl_q;
  wire          byp     = !f_has && rdv;
  wire          beat_ok = in_left && (!use_f || f_has || byp);
  wire [DMA_BITS-1:0] f_head = byp ? mem_rdata_i : fdat_q[DMA_BITS*frp_q +: DMA_BITS];
  wire [LPB-1:0] ib_lo  = ib_q[LPB-1:0];
  // beats start at lane 0 or, for 8-byte beats on the 16-byte port, at the upper half: the
  // only shift there is
  wire          ib_hi   = (PB > 8) && ib_q[LPB-1];
  wire [DMA_BITS-1:0] f_sh = !use_f ? {DMA_BITS{1'b0}} :
                             ib_hi ? (f_head >> (DMA_BITS / 2)) : f_head;
  // the beat ends its port word: pop the word when the beat goes
  wire          b_pop   = use_f && (({1'b0, ib_lo} + btb[LPB:0]) == PB[LPB:0]);
  wire          f_push  = rdv && ((st_q == S_RUN) || (st_q == S_KEY));
  wire          f_pop   = (i_fire || k_fire) && b_pop;
  wire [LW:0]   dl      = {1'b0, jlen_q} - {1'b0, ib_q};          // LEN - offset (negative: past)
  wire          b_last  = blast_q;
  // bytes of this beat that are data (nv), and whether the 0x80 pad byte falls at byte dl
  wire          dl_in   = !dl[LW] && (dl < PB_M + 1'b1);
  wire [LPB:0]  nv      = dl[LW] ? {(LPB+1){1'b0}} : dl_in ? dl[LPB:0] : PB_M[LPB:0] + 1'b1;
  wire [LPB:0]  bt5     = btb[LPB:0];
  reg  [DMA_BITS-1:0] beat;
  reg  [LPB:0]        jv;
  integer j;
  always @* begin
    beat = {DMA_BITS{1'b0}};
    for (j = 0; j < PB; j = j + 1) begin
      jv = j[LPB:0];
      if (jv < bt5) begin
        if (jv < nv)                                   beat[8*j +: 8] = f_sh[8*j +: 8];
        else if (jpad_q && dl_in && (dl[LPB:0] == jv)) beat[8*j +: 8] = 8'h80;
      end
    end
  end

  // ------------------------------------------------------------------ port arbitration
  wire [FPW:0]  ifl     = MB ? rif_q : {{FPW{1'b0}}, infl_q};
  wire          credit  = (fcnt_q + ifl) < DEPTH_C;
  wire          want_rd = ((st_q == S_RUN) || (st_q == S_KEY)) && rnz_q && credit;
  wire          o_drop  = odrop_q;
  // The output side is ready (o_rdy) from the DMA's own registers, whether or not the unit has a
  // beat: the unit's out_valid decides the write here but does not come back into the unit's
  // out_ready (and through the engine into its input side) in the same cycle.
  // With the write queue (the SoC's build) every beat is queued (o_rdy while the queue has room,
  // or makes room on port B this cycle) and the memory is written from the queue's flops a cycle
  // later, on port B or A: the unit's output multiplexers end at the queue and no path runs from
  // an engine through the hub into the memory's write enables and data. Without it a beat goes
  // straight to port B in a cycle no read takes.
  wire          qa      = (A_WRITE != 0);
  wire          wq_any  = (wcnt_q != 2'd0);
  wire          wq_full = (wcnt_q == 2'd2);
  wire          bq_wr   = qa && (st_q == S_RUN) && wq_any && (!want_rd || (wq_full && !rr_q));
  wire          wr_slot = !qa && (st_q == S_RUN) && !o_drop && (!want_rd || !rr_q) &&
                          (!MB || mem_wgnt_i);
  // a continuation job takes no output past OUTLEN's blocks (o_stop: it stays in the engine)
  wire          o_stop  = (CONT_JOBS != 0) && jcont_q && oend_q;
  // a decrypting message job's tag phase: its final output block is the verdict
  wire          vfin    = MJ && jmsg_q && (mph_q == 2'd3) && mdec_q;
  // ... its AAD or text phase: ends as a continuation job by its input and OUTLEN's blocks
  // alone (an engine's last beat there, which a working engine never gives, does not end it)
  wire          mmid    = MJ && jmsg_q && (mph_q != 2'd3);
  wire          o_rdy   = (st_q == S_RUN) && !o_stop &&
                          (o_drop || wr_slot || (qa && (!wq_full || bq_wr)));
  wire          want_wr = (st_q == S_RUN) && (qa ? wq_full : (u_ov && !o_drop));
  wire          gnt_wr  = wr_slot && u_ov;
  wire          b_wr    = gnt_wr || bq_wr;
  wire          gnt_rd  = want_rd && !b_wr;
  wire          rd_acc  = gnt_rd && (!MB || mem_rgnt_i);    // the read is taken
  wire          o_fire  = o_rdy && u_ov;
  wire          push    = qa && o_fire && !o_drop && !gnt_wr;
  // port A writes the oldest entry that port B does not write this cycle
  wire          a_wr    = qa && (st_q == S_RUN) && a_free_i && (wcnt_q > {1'b0, bq_wr});
  wire          i_fire  = (st_q == S_RUN) && !first_q && beat_ok && u_inrdy;
  wire          k_fire  = (st_q == S_KEY) && beat_ok;

  // output beat placement and byte enables
  wire [LW-1:0] o_n     = olt_q ? orem_q : btb;                // bytes written by this beat
  wire [LPB-1:0] ob_lo  = ob_q[LPB-1:0];
  /* verilator lint_off UNUSEDSIGNAL */  // o_bex[PB] is the carry of the mask, always 0 here
  wire [PB:0]   o_bex   = ((({{PB{1'b0}}, 1'b1} << o_n) - 1'b1) << ob_lo);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [PB-1:0] o_be    = o_bex[PB-1:0];
  wire          ob_hi   = (PB > 8) && ob_q[LPB-1];               // as ib_hi
  wire [DMA_BITS-1:0] o_wd = ob_hi ? (u_odat << (DMA_BITS / 2)) : u_odat;
  wire [MAW-1:0] o_addr = dstw_q + ob_q[LPB +: MAW];

  // ------------------------------------------------------------------ status
  wire [31:0] status = {20'h0, code_q, 5'h0, err_q, done_q, !idle};
  localparam [31:0] ID_VAL = {`CV_DMA_ID_MAGIC_CIPHER_V, `CV_DMA_ID_ENGINE_DMA,
                              `CV_DMA_ID_VERSION_V1_0};
  localparam integer CONT1 = (CONT_JOBS != 0) ? 1 : 0;
  localparam integer MSG1 = MJ ? 1 : 0;
  wire [31:0] cap = {6'h0, MSG1[0], CONT1[0], ENG8, PB[7:0], PB[7:0]};

  // ------------------------------------------------------------------ job end
  // Computed from the state and the unit only, never from the cpi request or the bus. An ABORT
  // in the cycle a job ends normally comes too late and is ignored.
  wire m_abort = wr_req && (addr_i == `CV_DMA_CTRL_OFFSET) && wdata_i[`CV_DMA_CTRL_ABORT_LSB];
  reg        e_ok, e_fail;
  // on a bus, a job ends once its writes are answered (mem_idle_i a cycle after the last one)
  wire       m_done = !MB || mem_idle_i;
  reg [3:0]  e_code;
  always @* begin
    e_ok   = 1'b0;
    e_fail = 1'b0;
    e_code = 4'd0;
    case (st_q)
      S_RUN: begin
        if (MB && mem_err_i) begin
          e_fail = 1'b1;  e_code = E_BUS;                // the memory refused an access
        end else if (MJ && vw_q) begin
          // a decrypting message job took its verdict block last cycle: the engine's state
          // of that cycle (ua_q, ue_q) decides
          if (ua_q) begin
            e_fail = 1'b1;  e_code = E_AUTH;
          end else if (u_err) begin
            e_fail = 1'b1;  e_code = E_ENGINE;
          end else begin
            e_ok = m_done;
          end
        end else if (olast_q && !mmid) begin
          e_ok = (wcnt_q == {1'b0, bq_wr}) && m_done;    // its last queued write goes now
        end else if (o_fire && u_olast && !vfin && !mmid) begin
          e_ok = !push && !wq_any && !MB;                // written (or dropped) at once
        end else if (o_stop && !in_left && (bseen_q || u_busy)) begin
          // a continuation job: input sent, OUTLEN's blocks taken, once they are written. The
          // engine must still hold its key: a zeroize during the job wipes it, and an engine
          // that stays busy for its key wipe (AES) takes beats into the hub's staging that no
          // message will take (held for it, refusing every other engine): ABORTED, whose wipe
          // clears them. An engine never seen busy runs no message: a job short enough to
          // send its input before SETTLE is over (one 128-bit beat) waits for the check below,
          // which refuses it (ENGINE), rather than ending DONE with its block left staged
          if (!u_krdy) begin
            e_fail = 1'b1;  e_code = E_ABORTED;
          end else begin
            e_ok = (wcnt_q == {1'b0, bq_wr}) && m_done;
          end
        end else if (!first_q && settle_q == 2'd0) begin
          if (!bseen_q && !u_busy) begin
            e_fail = 1'b1;  e_code = E_ENGINE;           // start refused
          end else if (u_err) begin
            e_fail = 1'b1;  e_code = E_ENGINE;
          end else if (!u_busy && !u_ov) begin
            // a zeroize also clears the engine's key: idle without its key (or for SHA-3,
            // which has none and always outputs) means the output was lost; a message job
            // ends with its final block, never by an idle engine
            if (in_left || !u_krdy || (MJ && jmsg_q)) begin
              e_fail = 1'b1;  e_code = E_ABORTED;        // the unit was zeroized
            end else begin
              // ended without a last output beat (CMAC segment), once what it queued is written
              e_ok = (wcnt_q == {1'b0, bq_wr}) && m_done;
            end
          end
        end
      end
      S_KEY: begin
        if (MB && mem_err_i) begin
          e_fail = 1'b1;  e_code = E_BUS;
        end
      end
      S_KWAIT: begin
        if (u_err && (!kerr0_q || u_code != kcode0_q)) begin
          e_fail = 1'b1;  e_code = E_ENGINE;
        end else if (settle_q == 2'd0 && u_krdy && !u_busy) begin
          e_ok = 1'b1;
        end else if (kw_q == KWAIT_MAX) begin
          e_fail = 1'b1;  e_code = E_ENGINE;           // never ready: bounded
        end
      end
      default: ;
    endcase
  end

  // ------------------------------------------------------------------ next state
  reg         fail;
  reg [3:0]   fcode;
  reg         ok_end;
  reg         to_idle;
  // an ABORT in CHECK or DECIDE, or a failed check in DECIDE, refuses the job
  wire        refuse = (check && m_abort) || (decide && (c_bad || m_abort));
  reg [LW-1:0] nbl, lrem;
  reg          len_z;
  reg [LW-1:0] jl;                  // the first phase's input bytes
  reg          vw_d, mnext;
  always @* begin
    ie_d = ie_w ? wdata_i[1:0] : ie_q;  is_d = is_q & ~is_clr;
    done_d = done_q;  err_d = err_q;  code_d = code_q;  dbytes_d = dbytes_q;
    rdata_d = rdata_q;  st_d = st_q;
    je_d = je_q;  jcfg_d = jcfg_q;  jbl2_d = jbl2_q;  jlen_d = jlen_q;  jolen_d = jolen_q;
    tin_d = tin_q;  rlen_d = rlen_q;  ib_d = ib_q;  inl_d = inl_q;  usef_d = usef_q;
    blast_d = blast_q;  ob_d = ob_q;  orem_d = orem_q;  jbytes_d = jbytes_q;  jpad_d = jpad_q;  rptr_d = rptr_q;
    jcont_d = jcont_q;  jopen_d = jopen_q;  otk_d = otk_q;
    jmsg_d = jmsg_q;  mph_d = mph_q;  msrc_d = msrc_q;  mdst_d = mdst_q;  mtag_d = mtag_q;
    mlen_d = mlen_q;  mtl_d = mtl_q;  mdec_d = mdec_q;  jl = {LW{1'b0}};  vw_d = 1'b0;
    mnext = 1'b0;
    rleft_d = rleft_q;  rnz_d = rnz_q;  dstw_d = dstw_q;
    first_d = 1'b0;  settle_d = settle_q;  bseen_d = bseen_q;  jfail_d = jfail_q;
    kerr0_d = kerr0_q;  kcode0_d = kcode0_q;  rr_d = rr_q;  infl_d = rd_acc;
    rif_d = rif_q + {{FPW{1'b0}}, rd_acc} - {{FPW{1'b0}}, rdv};
    kw_d = (st_q == S_KWAIT) ? kw_q + 8'd1 : 8'd0;     // cycles of the key-load wait
    fdat_d = fdat_q;  fwp_d = fwp_q;  frp_d = frp_q;  fcnt_d = fcnt_q;
    ckey_d = ckey_q;  pend_d = pend_q;  pfail_d = pfail_q;
    rsp_d = 1'b0;  rerr_d = 1'b0;  rdat_d = 32'h0;
    fail = 1'b0;  fcode = 4'd0;  ok_end = 1'b0;  to_idle = 1'b0;  nbl = {LW{1'b0}};
    lrem = {LW{1'b0}};  len_z = 1'b0;

    // ---- MMIO reads (registered)
    if (rd_req) begin
      case (addr_i)
        `CV_DMA_ID_OFFSET:         rdata_d = ID_VAL;
        `CV_DMA_CAP_OFFSET:        rdata_d = cap;
        `CV_DMA_STATUS_OFFSET:     rdata_d = status;
        `CV_DMA_IE_OFFSET:         rdata_d = {30'h0, ie_q};
        `CV_DMA_IS_OFFSET:         rdata_d = {30'h0, is_q};
        `CV_DMA_SRC_OFFSET:        rdata_d = src_q;
        `CV_DMA_DST_OFFSET:        rdata_d = dst_q;
        `CV_DMA_LEN_OFFSET:        rdata_d = len_q;
        `CV_DMA_OUTLEN_OFFSET:     rdata_d = olen_q;
        `CV_DMA_ENGINE_OFFSET:     rdata_d = {20'h0, msg_q, open_q, cont_q, pad_q, 4'h0, sel_q};
        `CV_DMA_AAD_OFFSET:        rdata_d = aad_q;
        `CV_DMA_TAG_OFFSET:        rdata_d = tag_q;
        `CV_DMA_MLEN_OFFSET:       rdata_d = {3'h0, tlen_q, alen_q};
        `CV_DMA_ECFG_OFFSET:       rdata_d = ecfg_q;
        `CV_DMA_DONE_BYTES_OFFSET: rdata_d = dbytes_q;
        default:                   rdata_d = 32'h0;
      endcase
    end

    // ---- cpi answers that need no waiting (an accepted DRUNW/DKEYW waits, see below)
    if (cpi_fire) begin
      rsp_d = 1'b1;
      if (!c_legal) begin
        rerr_d = 1'b1;
      end else if (c_op == OP_DSTAT) begin
        rdat_d = status;
      end else if (c_op == OP_DWAIT) begin
        if (!idle) begin
          rsp_d   = 1'b0;
          pend_d  = 1'b1;
          pfail_d = 1'b0;
        end else begin
          rdat_d = status;
        end
      end
    end

    // ---- commands: registers written above, the checks in CHECK
    if (cmd_start || cmd_key) begin
      if (!idle) begin
        err_d  = 1'b1;
        code_d = E_BUSY;
        is_d[`CV_DMA_IS_ERR_LSB] = 1'b1;
        if (c_ok) rerr_d = c_wait;                 // DRUNW/DKEYW while busy: trap at once
      end else begin
        done_d = 1'b0;
        st_d   = S_CHECK;
        ckey_d = cmd_key;
        if (c_ok && c_wait) begin
          rsp_d   = 1'b0;
          pend_d  = 1'b1;
          pfail_d = 1'b1;
        end
      end
    end
    // CHECK: copy the job's parameters (harmless if DECIDE refuses the job: outside a job they
    // drive nothing)
    if (check) begin
      st_d     = S_DECIDE;
      je_d     = se;
      jcfg_d   = ecfg_q;
      ib_d     = {LW{1'b0}};
      ob_d     = {LW{1'b0}};
      // (a message job: its first phase reads the AAD)
      rptr_d   = c_msg && !ckey_q ? aad_q[LPB +: MAW] : src_q[LPB +: MAW];
      dstw_d   = dst_q[LPB +: MAW];
      jmsg_d   = c_msg && !ckey_q;
      mph_d    = 2'd1;
      msrc_d   = src_q[LPB +: MAW];
      mdst_d   = dst_q[LPB +: MAW];
      mtag_d   = tag_q[LPB +: MAW];
      mlen_d   = len_q[LW-1:0];
      mtl_d    = tlen_q;
      mdec_d   = c_dec;
      fwp_d    = {FPW{1'b0}};
      frp_d    = {FPW{1'b0}};
      fcnt_d   = {(FPW+1){1'b0}};
      if (ckey_q) begin
        jbl2_d   = LPB3;
        jlen_d   = {{(LW-8){1'b0}}, s_kb};
        jolen_d  = {LW{1'b0}};
        rlen_d   = ({{(LW-8){1'b0}}, s_kb} + PB_M) & ~PB_M;
        tin_d    = rlen_d;
        jpad_d   = 1'b0;
        jbytes_d = 8'h0;
        jcont_d  = 1'b0;
        jopen_d  = 1'b0;
      end else begin
        jbl2_d  = (blk_l2(sel_q) < LPB3) ? blk_l2(sel_q) : LPB3;
        // a message job's first phase: AAD_LEN bytes, no output
        jl      = c_msg ? c_al[LW-1:0] : len_q[LW-1:0];
        jlen_d  = jl;
        jolen_d = c_msg ? {LW{1'b0}} : eff_olen[LW-1:0];
        // an engine that ignores its input (noread) gets zero beats and nothing is read
        rlen_d  = s_nord ? {LW{1'b0}} : (jl + PB_M) & ~PB_M;
        // whole blocks: LEN rounded up to the block, one block for LEN = 0; the last block's
        // valid bytes: LEN mod block, a whole block, or 0 for LEN = 0. (A job DECIDE starts
        // has LEN below 2^LW: len_z is LEN = 0 for it.)
        nbl      = ({{(LW-1){1'b0}}, 1'b1} << blk_l2(sel_q));
        lrem     = jl & (nbl - 1'b1);
        len_z    = (jl == {LW{1'b0}});
        tin_d    = in_bytes(jl, nbl);
        jbytes_d = last_bytes(jl, nbl);
        jpad_d   = pad_q && !c_msg && (len_z || (lrem != {LW{1'b0}}));
        jcont_d  = c_cont;
        jopen_d  = c_open;
        // a continuation job takes the output blocks that cover OUTLEN
        if (CONT_JOBS != 0) otk_d = round_up(jolen_d, nbl);
      end
      rleft_d = rlen_d >> LPB;
      orem_d  = jolen_d;
    end
    // DECIDE: the flops of the comparisons, from the job registers CHECK wrote (ib_q = 0)
    // (and S_NSET, the same for a message job's next phase)
    if (decide || (MJ && st_q == S_NSET)) begin
      rnz_d   = (rleft_q != {LW{1'b0}});
      inl_d   = (tin_q != {LW{1'b0}});
      usef_d  = (rlen_q != {LW{1'b0}});
      blast_d = (btb == tin_q);
    end
    // S_NEXT: the next phase of a message job into the job registers (the flops CHECK loaded);
    // S_NSET: the comparison flops from them, as DECIDE
    if (MJ && st_q == S_NEXT) begin
      st_d   = S_NSET;
      mph_d  = mph_q + 2'd1;
      ib_d   = {LW{1'b0}};
      ob_d   = {LW{1'b0}};
      fwp_d  = {FPW{1'b0}};
      frp_d  = {FPW{1'b0}};
      fcnt_d = {(FPW+1){1'b0}};
      nbl    = {{(LW-1){1'b0}}, 1'b1} << blk_l2({1'b0, je_q} + 4'd1);
      if (mph_q == 2'd1) begin
        // the text: LEN bytes from SRC, their output blocks to DST
        rptr_d   = msrc_q;
        dstw_d   = mdst_q;
        jlen_d   = mlen_q;
        jolen_d  = mlen_q;
        rlen_d   = (mlen_q + PB_M) & ~PB_M;
        tin_d    = in_bytes(mlen_q, nbl);
        jbytes_d = last_bytes(mlen_q, nbl);
        otk_d    = round_up(mlen_q, nbl);
      end else begin
        // the tag: encryption writes TAG_LEN bytes of the final block; decryption sends them
        // (none for TAG_LEN = 0) and drops the verdict block; either takes the final block
        rptr_d   = mtag_q;
        dstw_d   = mtag_q;
        jlen_d   = mdec_q ? {{(LW-5){1'b0}}, mtl_q} : {LW{1'b0}};
        jolen_d  = mdec_q ? {LW{1'b0}} : {{(LW-5){1'b0}}, mtl_q};
        rlen_d   = mdec_q ? ({{(LW-5){1'b0}}, mtl_q} + PB_M) & ~PB_M : {LW{1'b0}};
        tin_d    = (mdec_q && mtl_q != 5'h0) ? nbl : {LW{1'b0}};
        jbytes_d = mdec_q ? {3'h0, mtl_q} : 8'h0;
        otk_d    = nbl;
      end
      rleft_d = rlen_d >> LPB;
      orem_d  = jolen_d;
    end
    if (MJ && st_q == S_NSET) st_d = S_RUN;
    // an ABORT in CHECK or DECIDE, or a failed check, refuses the job (nothing started,
    // nothing to wipe); the waiting operation answers below
    if (refuse) begin
      st_d    = S_IDLE;
      err_d   = 1'b1;
      code_d  = (decide && c_bad) ? chk : E_ABORTED;
      jfail_d = 1'b1;
      is_d[`CV_DMA_IS_ERR_LSB] = 1'b1;
    end else if (decide) begin
      st_d     = ckey_q ? S_KEY : S_RUN;
      err_d    = 1'b0;
      code_d   = 4'd0;
      jfail_d  = 1'b0;
      dbytes_d = 32'h0;
      first_d  = 1'b1;
      bseen_d  = 1'b0;
      settle_d = SETTLE[1:0];
    end

    // ---- FIFO: push the word read last cycle, pop what the beat consumed. Every word read is
    // stored, also one the bypass hands to its last beat at once (pushed and popped in one
    // cycle), so the FIFO's storage is written from flops alone (infl_q, the pointers) and not
    // from the beat's handshake. A popped entry is cleared in the next cycle (key words do
    // not linger in the FIFO), unless a push fills it then.
    if (pclr_q) fdat_d[DMA_BITS*pidx_q +: DMA_BITS] = {DMA_BITS{1'b0}};
    if (f_push) begin
      fdat_d[DMA_BITS*fwp_q +: DMA_BITS] = mem_rdata_i;
      fwp_d = fwp_q + 1'b1;
    end
    if (f_pop) frp_d = frp_q + 1'b1;
    if (f_push != f_pop) fcnt_d = f_push ? fcnt_q + 1'b1 : fcnt_q - 1'b1;
    if (rd_acc) begin
      rptr_d  = rptr_q + 1'b1;
      rleft_d = rleft_q - 1'b1;
      rnz_d   = (rleft_q != {{(LW-1){1'b0}}, 1'b1});
    end
    if (want_rd && want_wr) rr_d = b_wr;
    if (i_fire || k_fire) begin
      ib_d    = ib_nx;
      inl_d   = !b_last;
      usef_d  = use_f && !nx_rend;
      blast_d = nx_last;
    end

    // ---- job supervision
    if (settle_q != 2'd0 && !first_q) settle_d = settle_q - 2'd1;
    case (st_q)
      S_RUN: begin
        if (u_busy) bseen_d = 1'b1;
        if ((CONT_JOBS != 0) && o_fire) otk_d = otk_q - btb;
        if (o_fire && !o_drop) begin
          ob_d     = ob_q + btb;
          orem_d   = olt_q ? {LW{1'b0}} : orem_q - btb;
          dbytes_d = dbytes_q + {{(32-LW){1'b0}}, o_n};
        end
      end
      S_KEY: begin
        if (k_fire && b_last) st_d = S_KLOAD;
      end
      S_KLOAD: begin
        st_d     = S_KWAIT;
        settle_d = SETTLE[1:0];
        kerr0_d  = u_err;
        kcode0_d = u_code;
      end
      S_ZERO: begin
        // on a bus, a failed job stays here until the accesses it issued are answered (their
        // read data are dropped), so none is taken for the next job's
        st_d = m_done ? S_IDLE : S_ZERO;
        // the failed job's queued beats are not written
        if (wcnt_q != 2'd0) dbytes_d = dbytes_q - {{(31-LPB){1'b0}}, wqn_q[LPB:0]};
        if (wcnt_q == 2'd2) dbytes_d = dbytes_d - {{(31-LPB){1'b0}}, wqn_q[2*LPB+1:LPB+1]};
      end
      default: ;
    endcase

    fail   = e_fail;
    fcode  = e_code;
    ok_end = e_ok;
    if (m_abort && !idle && !check && !decide && (st_q != S_ZERO) && !e_ok) begin
      fail  = 1'b1;
      fcode = E_ABORTED;
    end
    // a message job's phase that ends goes on to the next one (S_NEXT), but the tag phase
    mnext = MJ && jmsg_q && (mph_q != 2'd3);
    if (fail) begin
      // a wrong tag ends the message without a zeroize: the engine keeps its key
      st_d    = (MJ && fcode == E_AUTH) ? S_IDLE : S_ZERO;
      err_d   = 1'b1;
      code_d  = fcode;
      jfail_d = 1'b1;
      is_d[`CV_DMA_IS_ERR_LSB] = 1'b1;
    end else if (ok_end && mnext) begin
      st_d   = S_NEXT;
    end else if (ok_end) begin
      st_d   = S_IDLE;
      done_d = 1'b1;
      is_d[`CV_DMA_IS_DONE_LSB] = 1'b1;
    end
    // the verdict block was taken: the job decides in the next cycle
    vw_d = MJ && (st_q == S_RUN) && !fail && !ok_end && (vw_q || (vfin && o_fire && u_olast));
    if (idle || st_q == S_ZERO) begin
      // nothing of a job stays in the FIFO: cleared in the cycle after the job ends (from the
      // state flop, not from the end logic, which follows the unit's answers of this cycle)
      fdat_d = {(DEPTH*DMA_BITS){1'b0}};
      fcnt_d = {(FPW+1){1'b0}};
    end

    // ---- a waiting operation answers in the cycle after the job ends (a failed one: after
    // S_ZERO), also a DWAIT accepted in the cycle it ends, or a DRUNW/DKEYW whose command CHECK
    // refused (err: it traps)
    // (the job goes idle: refused, ended, or wiped; written out rather than read back from st_d,
    // the end of the next-state priority)
    to_idle = refuse || (ok_end && !mnext) || (fail && MJ && fcode == E_AUTH) ||
              ((st_q == S_ZERO) && m_done);
    if (pend_d && to_idle) begin
      pend_d = 1'b0;
      rsp_d  = 1'b1;
      rdat_d = {20'h0, code_d, 5'h0, err_d, done_d, 1'b0};
      rerr_d = pfail_d && jfail_d;
    end
  end

  // ------------------------------------------------------------------ write queue
  // Pop what the ports write (entry 0 first), then append a queued beat. Outside S_RUN the queue
  // is emptied and cleared: at a job's normal end it is empty already, after a failure its
  // entries are dropped (S_ZERO, above).
  reg [1:0] w_left;
  always @* begin
    wqa_d = wqa_q;  wqb_d = wqb_q;  wqd_d = wqd_q;  wqn_d = wqn_q;
    w_left = wcnt_q - {1'b0, bq_wr} - {1'b0, a_wr};
    if (w_left == 2'd1 && wcnt_q == 2'd2) begin
      wqa_d[MAW-1:0]        = wqa_q[2*MAW-1:MAW];
      wqb_d[PB-1:0]         = wqb_q[2*PB-1:PB];
      wqd_d[DMA_BITS-1:0]   = wqd_q[2*DMA_BITS-1:DMA_BITS];
      wqn_d[LPB:0]          = wqn_q[2*LPB+1:LPB+1];
    end
    if (push) begin
      if (w_left == 2'd0) begin
        wqa_d[MAW-1:0] = o_addr;  wqb_d[PB-1:0] = o_be;  wqd_d[DMA_BITS-1:0] = o_wd;
        wqn_d[LPB:0] = o_n[LPB:0];
      end else begin
        wqa_d[2*MAW-1:MAW] = o_addr;  wqb_d[2*PB-1:PB] = o_be;
        wqd_d[2*DMA_BITS-1:DMA_BITS] = o_wd;  wqn_d[2*LPB+1:LPB+1] = o_n[LPB:0];
      end
    end
    wcnt_d = w_left + {1'b0, push};
    if (st_q != S_RUN) begin
      wcnt_d = 2'd0;
      wqd_d  = {(2*DMA_BITS){1'b0}};
    end
  end

  // ------------------------------------------------------------------ flops
  always @(posedge clk_i) begin
    if (!qa) begin
      wcnt_q <= 2'd0;
    end else if (!rst_ni) begin
      wcnt_q <= 2'd0;  wqd_q <= {(2*DMA_BITS){1'b0}};
    end else begin
      wcnt_q <= wcnt_d;  wqd_q <= wqd_d;
    end
    // the last output beat was taken: its write is queued (A_WRITE) or not yet answered (bus)
    if ((!qa && !MB) || !rst_ni) begin
      olast_q <= 1'b0;
    end else begin
      olast_q <= (st_q == S_RUN) && !fail && !ok_end && (olast_q || (o_fire && u_olast));
    end
    wqa_q <= wqa_d;  wqb_q <= wqb_d;  wqn_q <= wqn_d;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      src_q <= 32'h0;  dst_q <= 32'h0;  len_q <= 32'h0;  olen_q <= 32'h0;  ecfg_q <= 32'h0;
      sel_q <= 4'h0;   pad_q <= 1'b0;   ie_q <= 2'b0;    is_q <= 2'b0;
      cont_q <= 1'b0;  open_q <= 1'b0;  jcont_q <= 1'b0;  jopen_q <= 1'b0;
      otk_q <= {LW{1'b0}};  oend_q <= 1'b1;
      msg_q <= 1'b0;  aad_q <= 32'h0;  tag_q <= 32'h0;  alen_q <= 24'h0;  tlen_q <= 5'h0;
      jmsg_q <= 1'b0;  mph_q <= 2'd0;  msrc_q <= {MAW{1'b0}};  mdst_q <= {MAW{1'b0}};
      mtag_q <= {MAW{1'b0}};  mlen_q <= {LW{1'b0}};  mtl_q <= 5'h0;  mdec_q <= 1'b0;
      vw_q <= 1'b0;
      done_q <= 1'b0;  err_q <= 1'b0;   code_q <= 4'h0;  dbytes_q <= 32'h0;
      rdata_q <= 32'h0;  st_q <= S_IDLE;
      je_q <= 3'd0;  jcfg_q <= 32'h0;  jbl2_q <= 3'd0;  jlen_q <= {LW{1'b0}};
      jolen_q <= {LW{1'b0}};  tin_q <= {LW{1'b0}};  rlen_q <= {LW{1'b0}};  ib_q <= {LW{1'b0}};
      inl_q <= 1'b0;  usef_q <= 1'b0;  blast_q <= 1'b0;  ob_q <= {LW{1'b0}};  jbytes_q <= 8'h0;
      jpad_q <= 1'b0;
      rptr_q <= {MAW{1'b0}};  rleft_q <= {LW{1'b0}};  rnz_q <= 1'b0;  dstw_q <= {MAW{1'b0}};
      first_q <= 1'b0;  settle_q <= 2'd0;
      odrop_q <= 1'b1;  orem_q <= {LW{1'b0}};  olt_q <= 1'b1;
      bseen_q <= 1'b0;  jfail_q <= 1'b0;  kerr0_q <= 1'b0;  kcode0_q <= 4'h0;  rr_q <= 1'b0;
      kw_q <= 8'h0;
      infl_q <= 1'b0;  rif_q <= {(FPW+1){1'b0}};  fdat_q <= {(DEPTH*DMA_BITS){1'b0}};  pclr_q <= 1'b0;  pidx_q <= {FPW{1'b0}};
      fwp_q <= {FPW{1'b0}};  frp_q <= {FPW{1'b0}};  fcnt_q <= {(FPW+1){1'b0}};
      ckey_q <= 1'b0;  pend_q <= 1'b0;  pfail_q <= 1'b0;  rsp_q <= 1'b0;  rerr_q <= 1'b0;
      rdat_q <= 32'h0;
      ceng_q <= 1'b0;  crng_q <= 1'b0;  cmis_q <= 1'b0;  covl_q <= 1'b0;
      clen_q <= 1'b0;
    end else begin
      src_q <= src_d;  dst_q <= dst_d;  len_q <= len_d;  olen_q <= olen_d;  ecfg_q <= ecfg_d;
      sel_q <= sel_d;  pad_q <= pad_d;  ie_q <= ie_d;    is_q <= is_d;
      cont_q <= cont_d;  open_q <= open_d;  jcont_q <= jcont_d;  jopen_q <= jopen_d;
      otk_q <= otk_d;  oend_q <= (otk_d == {LW{1'b0}});
      msg_q <= msg_d;  aad_q <= aad_d;  tag_q <= tag_d;  alen_q <= alen_d;  tlen_q <= tlen_d;
      jmsg_q <= jmsg_d;  mph_q <= mph_d;  msrc_q <= msrc_d;  mdst_q <= mdst_d;
      mtag_q <= mtag_d;  mlen_q <= mlen_d;  mtl_q <= mtl_d;  mdec_q <= mdec_d;
      vw_q <= vw_d;
      done_q <= done_d;  err_q <= err_d;  code_q <= code_d;  dbytes_q <= dbytes_d;
      rdata_q <= rdata_d;  st_q <= st_d;
      je_q <= je_d;  jcfg_q <= jcfg_d;  jbl2_q <= jbl2_d;  jlen_q <= jlen_d;
      jolen_q <= jolen_d;  tin_q <= tin_d;  rlen_q <= rlen_d;  ib_q <= ib_d;
      inl_q <= inl_d;  usef_q <= usef_d;  blast_q <= blast_d;  ob_q <= ob_d;  jbytes_q <= jbytes_d;
      jpad_q <= jpad_d;  rptr_q <= rptr_d;
      rleft_q <= rleft_d;  rnz_q <= rnz_d;  dstw_q <= dstw_d;  first_q <= first_d;
      settle_q <= settle_d;
      // the beat of CHECK's cycle is a stale one: DECIDE's cycle computes the job's flags again
      // from its registers
      odrop_q <= (orem_d == {LW{1'b0}});
      orem_q  <= orem_d;
      olt_q   <= (orem_d < btb);
      bseen_q <= bseen_d;  jfail_q <= jfail_d;  kerr0_q <= kerr0_d;  kcode0_q <= kcode0_d;
      kw_q <= kw_d;
      rr_q <= rr_d;  infl_q <= infl_d;  rif_q <= MB ? rif_d : {(FPW+1){1'b0}};  fdat_q <= fdat_d;  pclr_q <= f_pop;  pidx_q <= frp_q;
      fwp_q <= fwp_d;  frp_q <= frp_d;  fcnt_q <= fcnt_d;
      ckey_q <= ckey_d;  pend_q <= pend_d;  pfail_q <= pfail_d;  rsp_q <= rsp_d;  rerr_q <= rerr_d;
      rdat_q <= rdat_d;
      ceng_q <= ceng_d;  crng_q <= crng_d;  cmis_q <= cmis_d;  covl_q <= covl_d;
      clen_q <= clen_d;
    end
  end

  // ------------------------------------------------------------------ outputs
  assign rdata_o         = rdata_q;
  assign cpi_req_ready_o = !pend_q;
  assign cpi_rsp_valid_o = rsp_q;
  assign cpi_rsp_data_o  = rdat_q;
  assign cpi_rsp_err_o   = rerr_q;

  assign mem_req_o   = gnt_rd || b_wr;         // on a bus: taken with its grant
  assign mem_we_o    = b_wr;
  assign mem_addr_o  = bq_wr ? wqa_q[MAW-1:0] : gnt_wr ? o_addr : rptr_q;
  assign mem_be_o    = bq_wr ? wqb_q[PB-1:0] : gnt_wr ? o_be : {PB{1'b0}};
  assign mem_wdata_o = bq_wr ? wqd_q[DMA_BITS-1:0] : gnt_wr ? o_wd : {DMA_BITS{1'b0}};
  assign a_req_o     = a_wr;
  assign a_addr_o    = bq_wr ? wqa_q[2*MAW-1:MAW] : wqa_q[MAW-1:0];
  assign a_be_o      = !a_wr ? {PB{1'b0}} : bq_wr ? wqb_q[2*PB-1:PB] : wqb_q[PB-1:0];
  assign a_wdata_o   = bq_wr ? wqd_q[2*DMA_BITS-1:DMA_BITS] : wqd_q[DMA_BITS-1:0];

  wire [4:0] esel = 5'b00001 << je_q;
  // the commanded unit is the DMA's from CHECK on (a CPU access there gets BUSY_DMA instead of
  // slipping into the job's first block); a refused job releases it after DECIDE. In DECIDE
  // the engine index is the job's (je_q, copied in CHECK).
  // The owner bits go to every slot's start, key-load and configuration decisions, so they come
  // from a flop: own_q is the owner's function of the next cycle's state, selection and engine
  // index (st_d, sel_d, je_d), and of csok_d, whether the selection CHECK saw was attached (used in
  // DECIDE, the cycle after CHECK): the value decoding the registers in that cycle would give.
  function automatic [4:0] own_of(input [SW-1:0] st, input [3:0] sel, input cok, input [2:0] je);
    if (st == S_IDLE)                    own_of = 5'b0;
    else if (st == S_CHECK)              own_of = sel_ok(sel) ? (5'b00001 << (sel[2:0] - 3'd1))
                                                              : 5'b0;
    else if (st == S_DECIDE && !cok)     own_of = 5'b0;
    else                                 own_of = 5'b00001 << je;
  endfunction
  // any_q (= |own_q over the attached engines) is the hub's "the DMA owns the hub", which every
  // CPU command's acceptance and every slot's START decision reads: a flop of its own spares
  // them the OR and its routing. The zeroize of a failed job reaches the engine's clear inputs
  // from a flop too (zero_q: S_ZERO's engine, registered with the state it pulses in).
  wire [4:0] own_d = own_of(st_d, sel_d, csok_d, je_d);
  reg [4:0] own_q, zero_q;
  reg       any_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      own_q  <= 5'b0;
      any_q  <= 1'b0;
      zero_q <= 5'b0;
    end else begin
      own_q  <= own_d;
      any_q  <= |(own_d & att);
      zero_q <= (st_d == S_ZERO && (!MB || st_q != S_ZERO)) ? (5'b00001 << je_d) : 5'b0;
    end
  end
  assign dma_own_o        = own_q;
  assign dma_any_o        = any_q;
  assign dma_zeroize_o    = zero_q;
  assign dma_start_o      = (st_q == S_RUN && first_q && !(CONT_JOBS != 0 && jcont_q)) ? esel
                                                                                  : 5'b0;
  // before a job the unit sees the configuration register, for partial_ok/empty_ok/key bytes
  assign dma_cfg_o        = (idle || check) ? ecfg_q : jcfg_q;
  assign dma_keyw_valid_o = k_fire ? esel : 5'b0;
  assign dma_keyw_data_o  = k_fire ? beat : {DMA_BITS{1'b0}};
  assign dma_keyload_o    = (st_q == S_KLOAD) ? esel : 5'b0;
  assign dma_in_valid_o   = (st_q == S_RUN && !first_q && beat_ok) ? esel : 5'b0;
  assign dma_in_data_o    = (st_q == S_RUN) ? beat : {DMA_BITS{1'b0}};
  assign dma_in_last_o    = b_last && !(CONT_JOBS != 0 && jopen_q);
  assign dma_in_bytes_o   = jbytes_q;
  assign dma_out_ready_o  = o_rdy ? esel : 5'b0;
  assign irq_o            = |(is_q & ie_q);

`ifdef FORMAL
  // Properties of the write queue (adversarial/formal/dmawq.sby, which makes this module the
  // top with every input free). The solver picks one beat the unit hands over for writing
  // (f_pick); that beat is written exactly once, on one port, with its address, byte enables
  // and data, before the job ends normally; a failed job may drop it; port A is written only
  // in a cycle it is free, and never to the word port B writes in the same cycle.
  reg f_past = 1'b0;
  always @(posedge clk_i) f_past <= 1'b1;
  always @* if (!f_past) assume (!rst_ni);
  (* anyseq *) wire f_pick;
  reg               f_armed, f_done;
  reg [MAW-1:0]      f_addr;
  reg [PB-1:0]       f_be;
  reg [DMA_BITS-1:0] f_dat;
  wire f_take = o_fire && !o_drop;
  wire f_wb   = f_armed && b_wr && (mem_addr_o == f_addr);
  wire f_wa   = f_armed && a_wr && (a_addr_o == f_addr);
  always @(posedge clk_i) begin
    if (!rst_ni || (st_q != S_RUN)) begin
      f_armed <= 1'b0;
      f_done  <= 1'b0;
    end else if (f_take && f_pick && !f_armed) begin
      f_armed <= 1'b1;
      f_done  <= gnt_wr;                    // written at once on port B
      f_addr  <= o_addr;
      f_be    <= o_be;
      f_dat   <= o_wd;
    end else if (f_wb || f_wa) begin
      f_done <= 1'b1;
    end
  end
  always @* begin
    if (f_past && rst_ni) begin
      assert (wcnt_q <= 2'd2);
      assert (!a_wr || a_free_i);
      assert (!a_wr || st_q == S_RUN);
      // the input-left flag is the comparison it stands for
      // the flops that stand for comparisons hold them
      if (st_q == S_RUN || st_q == S_KEY) begin
        assert (inl_q == (ib_q < tin_q));
        assert (usef_q == (ib_q < rlen_q));
        assert (blast_q == (ib_q + btb == tin_q));
        assert (rnz_q == (rleft_q != {LW{1'b0}}));
      end
      assert (!(a_wr && b_wr) || (a_addr_o != mem_addr_o));
      if (f_wb) assert (!f_done && mem_we_o && mem_be_o == f_be && mem_wdata_o == f_dat);
      if (f_wa) assert (!f_done && a_be_o == f_be && a_wdata_o == f_dat);
      if (f_armed && ok_end) assert (f_done || f_wb || f_wa);
      if (ok_end && qa) assert (wcnt_q == {1'b0, bq_wr});
      // a continuation job sends no START and takes no output past its OUTLEN blocks
      if (jcont_q) assert (dma_start_o == 5'b0);
      if (o_stop) assert (dma_out_ready_o == 5'b0);
      // a message job is a continuation job; between its phases nothing is queued, read or
      // in the FIFO, and nothing goes to the engine
      if (jmsg_q && st_q != S_IDLE) assert (jcont_q && !jopen_q);
      if (MJ && (st_q == S_NEXT || st_q == S_NSET)) begin
        assert (jmsg_q && wcnt_q == 2'd0 && fcnt_q == {(FPW+1){1'b0}} && !mem_req_o && !a_wr);
        assert (dma_in_valid_o == 5'b0 && dma_out_ready_o == 5'b0);
      end
      // a message job ends with AUTH only after its verdict block, without a zeroize
      if (fail && fcode == E_AUTH) assert (vw_q && vfin && st_d == S_IDLE);
    end
  end
  // the cases above are reachable
  always @* begin
    if (f_past && rst_ni) begin
      cover (f_wa);                                   // the picked beat written on port A
      cover (f_wb && bq_wr);                          // ... from the queue on port B
      cover (wq_full && a_wr && bq_wr);               // both ports write queued beats
      cover (f_armed && !f_done && ok_end == 1'b0 && olast_q && wq_any);
      cover (f_armed && ok_end && (f_wb || f_wa));    // the job ends as the beat is written
      // a continuation job (CONT_JOBS) ends by its OUTLEN with the engine's output still valid
      if (CONT_JOBS != 0) cover (ok_end && jcont_q && u_ov && !u_olast && f_armed);
    end
  end
`endif
endmodule

`default_nettype wire
