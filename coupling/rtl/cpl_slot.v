// SPDX-License-Identifier: Apache-2.0
// cpl_slot.v
// One engine's own state inside the coupling hub (cpl_hub): what must survive while another
// engine uses the hub's shared staging.
`default_nettype none
`include "soc_memmap.vh"

// The hub decodes every access once and hands each slot the events that concern its engine
// (already refused or accepted by the hub's ownership and DMA rules); the slot keeps CFG, IE/IS,
// the unit error, the commands on their way to the engine (the CPU's START/KEYLOAD/IVLOAD act a
// cycle after the request, defr_q), the held key load and START, the key-expansion wait, the
// message accounting (msg/infl/ofin) and the RESULT position, and drives the engine's command
// inputs from flip-flops: a START, key load or IV load the slot decides reaches the engine in the
// next cycle (est_q/ekv_q/eiv_q, with its CFG in ecfg_q), the cycle in flight. The key, IV and
// input block come from the hub's staging, which stays owned by this engine until the key or IV is delivered or the block taken (cpl_hub), so the engine reads
// them from the shared buses. coupling/README.md describes the timing of each command.
module cpl_slot #(
  parameter integer BLOCK_BITS    = 128,
  parameter integer KEY_BITS      = 256,
  parameter integer CFG_BITS      = 8,
  parameter integer MODE_LSB      = 0,
  parameter integer MODE_W        = 1,
  parameter [31:0]  PARTIAL_MODES = 32'h0,
  parameter [31:0]  EMPTY_MODES   = 32'h0,
  parameter [31:0]  OUTLAST_MODES = 32'h0,
  parameter [31:0]  NOREAD_MODES  = 32'h0,
  parameter [31:0]  AEAD_MODES    = 32'h0,  // GCM/CCM of aead_top: output per payload block, tag
  parameter integer AEAD_CHACHA   = 0,      // 1: the AEAD is chachapoly_top's (ChaCha CFG fields)
  parameter integer KLOAD_WAIT    = 63,
  parameter integer ZERO_BUSY     = 0,
  parameter integer DMA_DRAIN_NOW = 0   // the DMA's last beat frees the engine's output at once
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // accesses decoded and accepted by the hub for this engine
  input  wire                cfg_we_i,
  input  wire [CFG_BITS-1:0] cfg_wd_i,
  input  wire                ie_we_i,
  input  wire                is_w1c_i,
  input  wire [2:0]          wd3_i,        // IE value / IS bits to clear
  input  wire [2:0]          cmd_i,        // the CPU's {start, ivload, keyload}, accepted
  input  wire                zero_cpu_i,   // the CPU's zeroize (request cycle)
  input  wire                flag_i,       // the hub flags a unit error for this engine
  input  wire [3:0]          flag_code_i,
  input  wire                hub_dma_i,    // the DMA owns the hub (any engine)
  input  wire                in_ready_i,   // STATUS.IN_READY as the hub sees it for this engine
  input  wire                pend_i,       // the hub's staged block is this engine's
  input  wire                take_i,       // the engine takes it this cycle
  input  wire                blast_i,      // it is the message's last (AEAD: a phase's last)
  input  wire                bzero_i,      // ... with no valid bytes (AEAD: an empty phase)
  input  wire                dout_cons_i,  // a DOUT read of the block's final word
  input  wire                r_adv_i,      // a RESULT answered with a word of this engine
  input  wire                r_ok_i,       // ... outside a DMA job: it may consume the block
  input  wire                d_cons_i,     // the DMA's last output beat of the block
  input  wire                wklgo_i,      // a KLOADW of this engine waits for its key
  // DMA word port strobes for this engine
  input  wire                dma_own_i,
  input  wire                dma_zeroize_i,
  input  wire                dma_start_i,
  /* verilator lint_off UNUSEDSIGNAL */  // the engine uses CFG_BITS of the word
  input  wire [31:0]         dma_cfg_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                dma_keyload_i,
  // to the hub
  output wire [31:0]         status_o,
  output wire [CFG_BITS-1:0] cfg_o,
  output wire [2:0]          ie_o,
  output wire [2:0]          is_o,
  output wire                ov_o,         // output valid (and not being consumed)
  output wire                due_o,        // output is due: RESULT waits
  output wire [4:0]          rpos_o,
  output wire                ivld_o,       // an IV load is decided now (reaches the engine next)
  output wire                ivfl_o,       // the IV load decided last cycle reaches the engine now
  output wire                kl_fire_o,    // the staged key goes to the engine (next cycle)
  output wire                kx_end_o,     // a delivered key load has ended
  output wire                pos_clr_o,    // a new message drops a partly collected block
  output wire                start_acc_o,  // the engine takes a START now
  output wire                zero_o,       // this engine is zeroized now
  output wire                partial_ok_o,
  output wire                empty_ok_o,
  output wire                noread_o,
  output wire                busy_o,       // to the DMA
  output wire                key_ready_o,
  output wire                err_o,
  output wire [3:0]          err_code_o,
  output wire                irq_o,
  // engine command inputs
  output wire                eng_zeroize_o,
  output wire [CFG_BITS-1:0] eng_cfg_o,
  output wire                eng_start_o,
  output wire                eng_key_valid_o,
  output wire                eng_iv_valid_o,
  output wire                eng_out_ready_o,
  input  wire                eng_key_ready_i,
  input  wire                eng_out_valid_i,
  input  wire                eng_busy_i,
  input  wire                eng_err_i,
  input  wire [3:0]          eng_err_code_i
);
  localparam integer NW   = BLOCK_BITS / 32;
  localparam [31:0]  MM32 = (1 << MODE_W) - 1;
  localparam [3:0]   E_BUSY_DMA = `CV_CPL_STATUS_ERR_CODE_BUSY_DMA;

  function automatic mode_in(input [31:0] mask, input [CFG_BITS-1:0] cfg);
    integer k;
    begin
      mode_in = 1'b0;
      for (k = 0; k < 32; k = k + 1)
        if (((({{(32-CFG_BITS){1'b0}}, cfg}) >> MODE_LSB) & MM32) == k) mode_in = mask[k];
    end
  endfunction

  reg [CFG_BITS-1:0] cfg_q, cfg_d;
  reg [2:0]          ie_q, ie_d, is_q, is_d;
  reg                msg_q, msg_d;
  reg [CFG_BITS-1:0] mcfg_q, mcfg_d;      // cfg of the running message
  reg                klh_q, klh_d;        // key load held until the engine can take it
  reg [CFG_BITS-1:0] klcfg_q, klcfg_d;
  reg [2:0]          defr_q;              // the CPU's {start, ivload, keyload}, a cycle later
  reg                kexp_q, kexp_d;      // key delivered, schedule not ready yet
  reg                zdma_q, zcpu_q, cons_q;
  reg                sth_q, sth_d;        // START held until the key/IV is in
  reg [CFG_BITS-1:0] sthcfg_q, sthcfg_d;
  reg [5:0]          infl_q, infl_d;      // blocks in the engine with output to come
  reg                ofin_q, ofin_d;      // an OUTLAST message's last block is in the engine
  reg [4:0]          rpos_q, rpos_d;
  reg [1:0]          ph_q, ph_d;          // AEAD: the phase of the engine's next block
  reg                uerr_q, uerr_d, usel_q, usel_d;
  reg [3:0]          ucode_q, ucode_d;
  reg                eerr_q, erra_q, busy_st_q, outv_q;
  reg [6:0]          klcnt_q, klcnt_d;
  reg                klge_q, klge_d;      // klcnt_q >= KLOAD_WAIT, beside the counter
  reg                stw_q, kxw_q;        // the START decision's registered terms, merged ahead
  reg                ebsy_q, ekr_q, eerr2_q, stf_q, klf_q;  // the engine a cycle ago (above)
  reg                est_q, ekv_q, eiv_q;  // START, key load, IV load on their way to the engine
  reg [CFG_BITS-1:0] ecfg_q;

  // the CPU's zeroize clears the slot now and reaches the engine a cycle later (zcpu_q); in that
  // cycle the engine is shown as already zeroized (cpl_hub's header)
  // A START in flight (est_q) counts as making the engine busy, a key load in flight (ekv_q)
  // hides KEY_READY: the engine has not seen them yet.
  wire zero_now = zero_cpu_i || dma_zeroize_i;
  wire e_bsy0 = eng_busy_i || zcpu_q;           // the engine's own busy, as it takes a START
  wire e_busy = e_bsy0 || est_q;
  wire busy_z = zcpu_q ? (ZERO_BUSY != 0) : eng_busy_i;   // the engine's busy, or the zeroize's
  wire v_busy = busy_z || (!zcpu_q && (est_q || ekv_q));
  wire e_krdy = eng_key_ready_i && !zcpu_q && !ekv_q;
  wire e_err  = eng_err_i && !zcpu_q;
  wire e_ov   = eng_out_valid_i && !zcpu_q;

  wire defr_drop = (defr_q != 3'b000) && hub_dma_i;
  wire st_new    = (dma_start_i && !zdma_q) || (defr_q[2] && !hub_dma_i);
  wire ivld_req  = defr_q[1] && !hub_dma_i;
  wire kl_new    = (dma_keyload_i && KEY_BITS > 0) || (defr_q[0] && !hub_dma_i);
  // The commands to the engine (START, key load, their CFG) are decided from flip-flops only:
  // the engine's busy, key-ready and error as they were a cycle ago (ebsy_q, ekr_q, eerr_q), so
  // no path runs from the engine through the slot back into the engine. A view a cycle old
  // errs only towards waiting (busy that has ended, a key not yet shown ready, an error not yet
  // seen), except where this slot changed the engine: a START or key load on its way (est_q,
  // ekv_q) or taken in the last cycle (stf_q, klf_q) shows the engine busy and its key not
  // ready, as a zeroize does.
  wire s_busy    = ebsy_q || est_q || stf_q || ekv_q || klf_q || zcpu_q;
  wire s_krdy    = ekr_q && !ekv_q && !klf_q && !zcpu_q && !zdma_q;
  wire kl_block  = s_busy && !msg_q;
  wire kl_fire   = (kl_new || klh_q) && !kl_block;
  // a key load has ended once the engine took it and shows its key ready or an error (or after
  // KLOAD_WAIT cycles); e_krdy is hidden while the load is in flight
  wire kx_end    = (e_krdy || (e_err && !eerr_q) || klge_q) && !ekv_q;
  wire kx_wait   = kxw_q && !s_krdy && !(eerr_q && !eerr2_q);
  wire st_wait   = kl_new || ivld_req || stw_q || kx_wait;
  wire st_go     = (st_new || sth_q) && !st_wait;

  wire [CFG_BITS-1:0] kl_cfg_new = dma_keyload_i ? dma_cfg_i[CFG_BITS-1:0] : cfg_q;
  wire [CFG_BITS-1:0] st_cfg_new = dma_start_i ? dma_cfg_i[CFG_BITS-1:0] : cfg_q;
  reg  [CFG_BITS-1:0] ecfg;
  always @* begin
    if (st_go)                 ecfg = st_new ? st_cfg_new : sthcfg_q;
    else if (dma_keyload_i)    ecfg = dma_cfg_i[CFG_BITS-1:0];
    else if (klh_q && !kl_new) ecfg = klcfg_q;
    else                       ecfg = cfg_q;
  end
  // the engine takes the START it receives unless it is busy (it refuses it: START_BUSY)
  wire start_acc = est_q && !e_bsy0;

  wire ov       = e_ov && !cons_q;
  // the running message's configuration: held, taken by the engine now, or taken before
  wire [CFG_BITS-1:0] rcfg = sth_q ? sthcfg_q : start_acc ? ecfg_q : mcfg_q;
  // An AEAD message (engines/aead/README.md) is a run of phases, each closed by a last block:
  // GCM [IV (IVB)], AAD, payload, [tag (DEC)]; CCM AAD, payload, [tag (DEC, TLEN > 0)];
  // ChaCha20-Poly1305 (engines/chachapoly/README.md) AAD, payload, [tag (DEC)]. Each
  // non-empty payload block gives an output block, and the last phase's last block the final
  // one (tag or verdict): aead_n blocks of output for the block in phase ph.
  /* verilator lint_off UNUSEDSIGNAL */  // the AEAD fields of the word only
  wire [31:0] rc32  = {{(32-CFG_BITS){1'b0}}, rcfg};
  /* verilator lint_on UNUSEDSIGNAL */
  wire        a_gcm = rc32[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB] == `CV_AES_CFG_MODE_GCM;
  wire [1:0]  a_pay = (AEAD_CHACHA == 0 && a_gcm && rc32[`CV_AES_CFG_IVB_LSB]) ? 2'd2 : 2'd1;
  wire        a_tag = (AEAD_CHACHA != 0) ? rc32[`CV_CHACHA_CFG_DEC_LSB] :
                      rc32[`CV_AES_CFG_DEC_LSB] &&
                      (a_gcm || rc32[`CV_AES_CFG_TLEN_MSB:`CV_AES_CFG_TLEN_LSB] != 5'd0);
  wire [1:0]  a_fin = a_pay + {1'b0, a_tag};
  wire        aead  = (AEAD_MODES != 32'h0) && mode_in(AEAD_MODES, rcfg);
  wire [1:0]  a_ph  = (sth_q || start_acc) ? 2'd0 : ph_q;
  wire [1:0]  a_n   = {1'b0, a_ph == a_pay && !(blast_i && bzero_i)} +
                      {1'b0, blast_i && a_ph == a_fin};
  wire produces = aead ? (a_n != 2'd0) : (!mode_in(OUTLAST_MODES, rcfg) || blast_i);
  wire [5:0] n_take = aead ? {4'd0, a_n} : {5'd0, produces};
  wire due      = ov || ((e_busy || sth_q) && ((pend_i && produces) || infl_q != 6'd0 || ofin_q));
  wire r_cons   = r_ok_i && ({27'h0, rpos_q} == NW - 1);
  // Every consumption of a block's final word (a DOUT read, a RESULT given now or one that
  // waited for it, the DMA's last output beat) frees the engine's output in the next cycle
  // (cons_q drives out_ready), so no path runs from the core's request (the crossbar's and the
  // dispatcher's flip-flops, the decode, the RESULT answer) or the DMA's write handshake into
  // the engine (AES: out_ready -> the datapath's result handshake -> its round counter and
  // in_ready -> the hub's staging and the DMA); meanwhile the block counts as gone for every
  // reader (ov). DMA_DRAIN_NOW keeps the DMA's consumption combinational for an engine that
  // produces a block per cycle (the pipelined AES), which a registered ready would halve.
  wire d_now    = d_cons_i && (DMA_DRAIN_NOW != 0);
  wire out_rdy  = cons_q || d_now;

  wire st_busy    = v_busy || klh_q || sth_q;  // v_busy: also a START or key load in flight
  // DONE follows the engine's own busy: a START in flight that the engine refuses (a bad
  // configuration, no key) shows BUSY for that cycle but ends no message
  wire st_busy_e  = busy_z || klh_q || sth_q;
  wire st_busy_rd = st_busy || (defr_q != 3'b000);
  wire st_err     = uerr_q || e_err;
  wire [3:0] st_code = (uerr_q && (usel_q || !e_err)) ? ucode_q : e_err ? eng_err_code_i : 4'd0;
  wire [31:0] status;
  assign status[`CV_CPL_STATUS_BUSY_LSB]      = st_busy_rd;
  assign status[`CV_CPL_STATUS_KEY_READY_LSB] = e_krdy && !defr_q[0] && (KEY_BITS > 0);
  assign status[`CV_CPL_STATUS_IN_READY_LSB]  = in_ready_i;
  assign status[`CV_CPL_STATUS_OUT_VALID_LSB] = ov;
  assign status[`CV_CPL_STATUS_ERR_LSB]       = st_err && !defr_q[2] && !est_q;
  assign status[`CV_CPL_STATUS_DMA_LSB]       = hub_dma_i;
  assign status[7:6]                          = 2'b00;
  assign status[`CV_CPL_STATUS_ERR_CODE_MSB:`CV_CPL_STATUS_ERR_CODE_LSB] =
      (defr_q[2] || est_q) ? 4'd0 : st_code;
  assign status[31:12]                        = 20'h0;

  wire [6:0] klc1 = klcnt_q + 7'd1;
  reg        flag;
  reg [3:0]  fcode;
  always @* begin
    cfg_d    = cfg_q;
    ie_d     = ie_q;
    is_d     = is_q;
    msg_d    = msg_q;
    mcfg_d   = mcfg_q;
    klh_d    = klh_q;
    klcfg_d  = klcfg_q;
    kexp_d   = kexp_q && !kx_end;
    sth_d    = (st_new || sth_q) && st_wait;
    sthcfg_d = st_new ? st_cfg_new : sthcfg_q;
    infl_d   = infl_q;
    ofin_d   = ofin_q;
    rpos_d   = rpos_q;
    ph_d     = ph_q;
    uerr_d   = uerr_q;
    ucode_d  = ucode_q;
    usel_d   = usel_q;
    klcnt_d  = klcnt_q;
    klge_d   = klge_q;
    flag     = flag_i;
    fcode    = flag_code_i;

    if (cfg_we_i) cfg_d = cfg_wd_i;
    if (ie_we_i)  ie_d  = wd3_i;
    if (defr_drop) begin
      flag = 1'b1; fcode = E_BUSY_DMA;
    end
    if (dout_cons_i) rpos_d = 5'd0;
    if (r_adv_i) rpos_d = r_cons ? 5'd0 : rpos_q + 5'd1;

    if (kl_fire) begin
      klcnt_d = 7'd0;
      klge_d  = (0 >= KLOAD_WAIT);
    end else if (kexp_q || wklgo_i) begin
      klcnt_d = klc1;
      klge_d  = ({25'h0, klc1} >= KLOAD_WAIT);
    end
    if (kl_new && !kl_fire) begin
      klh_d   = 1'b1;
      klcfg_d = kl_cfg_new;
    end
    if (kl_fire) begin
      klh_d  = 1'b0;
      kexp_d = 1'b1;
    end

    // message accounting, only for a START the engine takes (a refused START_BUSY leaves the
    // running message's count, RESULT position and configuration alone)
    if (start_acc) begin
      msg_d  = 1'b1;
      mcfg_d = ecfg_q;
      infl_d = 6'd0;
      ofin_d = 1'b0;
      rpos_d = 5'd0;
      ph_d   = 2'd0;
      uerr_d = 1'b0;
    end else begin
      msg_d = msg_q && e_busy;
      if (take_i && blast_i && aead && ph_q != 2'd3) ph_d = ph_q + 2'd1;
      if (!e_busy) infl_d = 6'd0;
      else infl_d = infl_q + (take_i ? n_take : 6'd0) -
                    {5'd0, e_ov && out_rdy && infl_q != 6'd0};
      ofin_d = e_busy && (ofin_q || (take_i && blast_i && mode_in(OUTLAST_MODES, mcfg_q)));
    end

    if (flag) begin
      uerr_d  = 1'b1;
      ucode_d = fcode;
      usel_d  = 1'b1;
    end else if (e_err && !eerr_q) begin
      usel_d = 1'b0;
    end

    if (is_w1c_i) is_d = is_q & ~wd3_i;
    if (msg_q && busy_st_q && !e_busy && !st_go) is_d[`CV_CPL_IS_DONE_LSB] = 1'b1;
    if (!erra_q && st_err)            is_d[`CV_CPL_IS_ERR_LSB]  = 1'b1;
    if (!outv_q && ov)                is_d[`CV_CPL_IS_OUT_LSB]  = 1'b1;

    if (zero_now) begin
      msg_d   = 1'b0;
      klh_d   = 1'b0;
      kexp_d  = 1'b0;
      sth_d   = 1'b0;
      infl_d  = 6'd0;
      ofin_d  = 1'b0;
      rpos_d  = 5'd0;
      ph_d    = 2'd0;
      uerr_d  = 1'b0;
      ucode_d = 4'd0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q     <= {CFG_BITS{1'b0}};
      ie_q      <= 3'b000;
      is_q      <= 3'b000;
      msg_q     <= 1'b0;
      mcfg_q    <= {CFG_BITS{1'b0}};
      klh_q     <= 1'b0;
      klcfg_q   <= {CFG_BITS{1'b0}};
      defr_q    <= 3'b000;
      kexp_q    <= 1'b0;
      zdma_q    <= 1'b0;
      zcpu_q    <= 1'b0;
      cons_q    <= 1'b0;
      sth_q     <= 1'b0;
      sthcfg_q  <= {CFG_BITS{1'b0}};
      infl_q    <= 6'd0;
      ofin_q    <= 1'b0;
      rpos_q    <= 5'd0;
      ph_q      <= 2'd0;
      uerr_q    <= 1'b0;
      ucode_q   <= 4'd0;
      usel_q    <= 1'b0;
      eerr_q    <= 1'b0;
      eerr2_q   <= 1'b0;
      ebsy_q    <= 1'b0;
      ekr_q     <= 1'b0;
      stf_q     <= 1'b0;
      klf_q     <= 1'b0;
      est_q     <= 1'b0;
      ekv_q     <= 1'b0;
      eiv_q     <= 1'b0;
      ecfg_q    <= {CFG_BITS{1'b0}};
      erra_q    <= 1'b0;
      busy_st_q <= 1'b0;
      outv_q    <= 1'b0;
      klcnt_q   <= 7'd0;
      klge_q    <= (0 >= KLOAD_WAIT);
      stw_q     <= 1'b0;
      kxw_q     <= 1'b0;
    end else begin
      cfg_q     <= cfg_d;
      ie_q      <= ie_d;
      is_q      <= is_d;
      msg_q     <= msg_d;
      mcfg_q    <= mcfg_d;
      klh_q     <= klh_d;
      klcfg_q   <= klcfg_d;
      defr_q    <= cmd_i;
      kexp_q    <= kexp_d;
      zdma_q    <= zero_now && dma_own_i;
      zcpu_q    <= zero_cpu_i;
      cons_q    <= (dout_cons_i || r_cons || (d_cons_i && !d_now)) && !zero_now;
      sth_q     <= sth_d;
      sthcfg_q  <= sthcfg_d;
      infl_q    <= infl_d;
      ofin_q    <= ofin_d;
      rpos_q    <= rpos_d;
      ph_q      <= ph_d;
      uerr_q    <= uerr_d;
      ucode_q   <= ucode_d;
      usel_q    <= usel_d;
      eerr_q    <= e_err;
      eerr2_q   <= eerr_q;
      ebsy_q    <= eng_busy_i;
      ekr_q     <= eng_key_ready_i;
      stf_q     <= est_q;
      klf_q     <= ekv_q;
      // a zeroize now (the DMA's reaches the engine in this cycle) drops what was decided
      est_q     <= st_go && !zero_now;
      ekv_q     <= kl_fire && !zero_now;
      eiv_q     <= ivld_req && !zero_now;
      ecfg_q    <= ecfg;
      erra_q    <= st_err;
      busy_st_q <= st_busy_e;
      outv_q    <= ov;
      klcnt_q   <= klcnt_d;
      klge_q    <= klge_d;
      stw_q     <= klh_d || zero_cpu_i;
      kxw_q     <= kexp_d && !klge_d;
    end
  end

  assign status_o     = status;
  assign cfg_o        = cfg_q;
  assign ie_o         = ie_q;
  assign is_o         = is_q;
  assign ov_o         = ov;
  assign due_o        = due;
  assign rpos_o       = rpos_q;
  assign ivld_o       = ivld_req;
  assign ivfl_o       = eiv_q;
  assign kl_fire_o    = kl_fire;
  assign kx_end_o     = kx_end;
  // a new START that the engine will take (it is idle, nothing in flight) or that waits
  assign pos_clr_o    = st_new && !e_busy;
  assign start_acc_o  = start_acc;
  assign zero_o       = zero_now;
  assign partial_ok_o = mode_in(PARTIAL_MODES, dma_cfg_i[CFG_BITS-1:0]);
  assign empty_ok_o   = mode_in(EMPTY_MODES, dma_cfg_i[CFG_BITS-1:0]);
  assign noread_o     = mode_in(NOREAD_MODES, dma_cfg_i[CFG_BITS-1:0]);
  // a zeroize during a DMA job shows busy to the DMA for a cycle (cpl_hub)
  assign busy_o       = st_busy || zdma_q;
  assign key_ready_o  = e_krdy && (KEY_BITS > 0);
  assign err_o        = st_err;
  assign err_code_o   = st_code;
  assign irq_o        = |(is_q & ie_q);

  assign eng_zeroize_o   = zcpu_q || dma_zeroize_i;
  assign eng_cfg_o       = ecfg_q;
  assign eng_start_o     = est_q;
  assign eng_key_valid_o = ekv_q;
  assign eng_iv_valid_o  = eiv_q;
  assign eng_out_ready_o = out_rdy;
endmodule

`default_nettype wire
