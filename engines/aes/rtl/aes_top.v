// SPDX-License-Identifier: Apache-2.0
// aes_top.v
// AES engine top: streaming interface, configuration checks, mode unit, key schedule, datapath.
`default_nettype none
`include "soc_memmap.vh"

// cfg_i (CFG_BITS = 8) is the CFG register (engines/aes/regs.toml; values in
// docs/constants.md), sampled by start_i (and its KSZ field also by key_valid_i): KSZ the key
// size (3 reserved), MODE (6-7 reserved), DEC (ignored by OFB, CTR and CMAC), KIND the CMAC
// last-block kind (MORE: not the final segment, no tag; K1: final, complete last block; K2:
// final, last block padded 10* by the feeder; 3 reserved). Field positions and values come
// from the generated `CV_AES_CFG_* defines.
//
// Mode unit: each accepted block is turned into a cipher input and an "aux" word carried with
// the block through the datapath; the result is cipher_out ^ aux. Modes whose next cipher
// input needs the previous result (CBC-enc, CFB-enc, OFB, CMAC) take it straight from the
// datapath's combinational final round, so the next block issues on the same cycle.
module aes_top #(
  parameter integer ARCH = 0,  // 0: rolled, 2: pipelined (any other value builds rolled)
  parameter integer SBOX = 1   // 0: table, 1: composite field
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         zeroize_i,    // clears all state on its edge, then wipes the round-key
                                    // store: 16 cycles of busy_o high, key_ready_o low (the
                                    // same follows reset)
  input  wire [7:0]   cfg_i,
  input  wire         start_i,
  input  wire [255:0] key_i,
  input  wire         key_valid_i,  // taken while no message runs, also during the wipe (held,
                                    // expanded when the wipe ends); ignored with zeroize_i
  output wire         key_ready_o,  // Nr+1 = 11/13/15 cycles after the load (after the wipe)
  input  wire [127:0] iv_i,
  input  wire         iv_valid_i,
  output wire [127:0] iv_o,
  input  wire         in_valid_i,
  output wire         in_ready_o,
  input  wire [127:0] in_data_i,
  input  wire         in_last_i,
  output wire         out_valid_o,
  input  wire         out_ready_i,
  output wire [127:0] out_data_o,
  output wire         out_last_o,
  output wire         busy_o,       // a message runs, or the store wipe
  output wire         err_o,
  output wire [3:0]   err_code_o
);

  // ARCH's values are CAP.ARCH's (engines/aes/regs.toml)
  localparam [1:0]  ARCH_PIPELINED = `CV_AES_CAP_ARCH_PIPELINED;
  localparam [31:0] ARCH32 = ARCH;
  // the pipelined datapath (aes_dp_pipe), else one round per cycle
  localparam integer PIPE = (ARCH32 == {30'd0, ARCH_PIPELINED}) ? 1 : 0;
  // rolled with table S-boxes: the round tables in block RAM (aes_dp_tbl)
  localparam integer TBL = (PIPE == 0 && SBOX == 0) ? 1 : 0;

  localparam [2:0] MODE_ECB  = `CV_AES_CFG_MODE_ECB;
  localparam [2:0] MODE_CBC  = `CV_AES_CFG_MODE_CBC;
  localparam [2:0] MODE_CFB  = `CV_AES_CFG_MODE_CFB128;
  localparam [2:0] MODE_OFB  = `CV_AES_CFG_MODE_OFB;
  localparam [2:0] MODE_CTR  = `CV_AES_CFG_MODE_CTR;
  localparam [2:0] MODE_CMAC = `CV_AES_CFG_MODE_CMAC;
  localparam [1:0] KSZ_192   = `CV_AES_CFG_KSZ_192;
  localparam [1:0] KSZ_256   = `CV_AES_CFG_KSZ_256;
  localparam [1:0] KSZ_RSVD  = 2'd3;
  localparam [1:0] KIND_MORE = `CV_AES_CFG_KIND_MORE;
  localparam [1:0] KIND_K1   = `CV_AES_CFG_KIND_K1;
  localparam [1:0] KIND_K2   = `CV_AES_CFG_KIND_K2;
  localparam [1:0] KIND_RSVD = 2'd3;

  // STATUS.ERR_CODE values (meanings in engines/aes/regs.toml)
  localparam [3:0] ERR_NONE         = 4'd0;
  localparam [3:0] ERR_KEY_SIZE     = `CV_AES_STATUS_ERR_CODE_KEY_SIZE;
  localparam [3:0] ERR_MODE         = `CV_AES_STATUS_ERR_CODE_MODE;
  localparam [3:0] ERR_CMAC_KIND    = `CV_AES_STATUS_ERR_CODE_CMAC_KIND;
  localparam [3:0] ERR_START_BUSY   = `CV_AES_STATUS_ERR_CODE_START_BUSY;
  localparam [3:0] ERR_WRITE_BUSY   = `CV_AES_STATUS_ERR_CODE_WRITE_BUSY;
  localparam [3:0] ERR_NO_KEY       = `CV_AES_STATUS_ERR_CODE_NO_KEY;
  localparam [3:0] ERR_KEY_MISMATCH = `CV_AES_STATUS_ERR_CODE_KEY_MISMATCH;

  // sideband carried with each block: {aux[127:0], last, produces output, CMAC subkey block}
  localparam integer SIDE_W = 131;

  // ---------------------------------------------------------------- registers
  reg [7:0]   cfg_q, cfg_d;
  reg         busy_q, busy_d;
  reg         acc_q, acc_d;         // still accepting input blocks
  reg         subp_q, subp_d;       // CMAC: the L = E(0) block is still to be issued
  reg [127:0] iv_q;
  wire [127:0] iv_d;
  reg [127:0] kk_q, kk_d;           // CMAC: the subkey of the final block (K1, K2, or 0)
  // per-message flags of the cipher input, registered (they follow cfg_q and subp_q):
  // the input block straight or column-swapped (aes_dp_tbl's decryption coordinates), the IV
  reg         uin_q, uin_d, uid_q, uid_d, uiv_q, uiv_d;
  reg         fbm_q, fbm_d;         // fb_mode
  reg [1:0]   kksz_q, kksz_d;       // key size of the loaded key
  reg         ov_q, ov_d;
  reg [127:0] od_q, od_d;
  reg         ol_q, ol_d;
  reg         err_q, err_d;
  reg [3:0]   ecode_q, ecode_d;

  wire [1:0] ksz  = cfg_q[`CV_AES_CFG_KSZ_MSB:`CV_AES_CFG_KSZ_LSB];
  wire [2:0] mode = cfg_q[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB];
  wire       dec  = cfg_q[`CV_AES_CFG_DEC_LSB];
  wire [1:0] kind = cfg_q[`CV_AES_CFG_KIND_MSB:`CV_AES_CFG_KIND_LSB];

  wire [3:0] nr = (ksz == KSZ_256) ? 4'd14 : (ksz == KSZ_192) ? 4'd12 : 4'd10;
  wire dec_core = dec && (mode == MODE_ECB || mode == MODE_CBC);
  wire fb_mode  = (mode == MODE_OFB) || (mode == MODE_CMAC) ||
                  (!dec && (mode == MODE_CBC || mode == MODE_CFB));

  function automatic [7:0] xt(input [7:0] a);  // multiply by x in GF(2^8)
    begin
      xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
    end
  endfunction

  // InvMixColumns of one column: MixColumns after a0 ^= {04}(a0^a2), a1 ^= {04}(a1^a3), ...
  function automatic [31:0] inv_mix(input [31:0] c);
    reg [7:0] a0, a1, a2, a3, u, v;
    begin
      a0 = c[31:24]; a1 = c[23:16]; a2 = c[15:8]; a3 = c[7:0];
      u = xt(xt(a0 ^ a2));
      v = xt(xt(a1 ^ a3));
      a0 = a0 ^ u; a1 = a1 ^ v; a2 = a2 ^ u; a3 = a3 ^ v;
      inv_mix = {xt(a0) ^ xt(a1) ^ a1 ^ a2 ^ a3,
                 a0 ^ xt(a1) ^ xt(a2) ^ a2 ^ a3,
                 a0 ^ a1 ^ xt(a2) ^ xt(a3) ^ a3,
                 xt(a0) ^ a0 ^ a1 ^ a2 ^ xt(a3)};
    end
  endfunction

  function automatic [127:0] swp(input [127:0] x);  // aes_dp_tbl's column swap
    begin
      swp = {x[127:96], x[31:0], x[63:32], x[95:64]};
    end
  endfunction

  function automatic [127:0] dbl(input [127:0] x);
    begin
      dbl = {x[126:0], 1'b0} ^ (x[127] ? 128'h87 : 128'h0);
    end
  endfunction

  // ---------------------------------------------------------------- key schedule
  // aes_key_exp writes round key r to address r of the store: LUT-RAM (aes_rk_ram) for the
  // iterative datapaths, flip-flops (aes_rk_regs) for the pipelined one. After reset and
  // zeroize it wipes the store (16 cycles, kwipe); a key load meanwhile is held, not lost.
  wire          key_rdy;
  wire          kwipe;
  wire          rk_we;
  wire [3:0]    rk_wa;
  wire [127:0]  rk_wd;
  wire [1:0]    c_ksz    = cfg_i[`CV_AES_CFG_KSZ_MSB:`CV_AES_CFG_KSZ_LSB];
  wire          key_load = key_valid_i && !busy_q && (c_ksz != KSZ_RSVD) && !zeroize_i;
  // The LUT-based rolled datapath lends the key expansion four of its S-boxes (it runs
  // only while no message does: key loads are refused while busy, starts until the schedule is
  // ready); the block-RAM tables of aes_dp_tbl read one cycle late, so there it has its own.
  wire          ks_act;
  wire [31:0]   ks_in, ks_out;

  aes_key_exp #(.SBOX(SBOX), .EXT_SUB((PIPE == 0 && TBL == 0) ? 1 : 0)) u_key (
    .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(zeroize_i), .load_i(key_load), .ksz_i(c_ksz),
    .key_i(key_i), .ready_o(key_rdy), .busy_o(kwipe), .we_o(rk_we), .wa_o(rk_wa),
    .wd_o(rk_wd), .sub_act_o(ks_act), .sub_in_o(ks_in), .sub_out_i(ks_out)
  );

  // start_i accepted (the checks of the control block below, in the same order)
  wire [2:0] c_mode = cfg_i[`CV_AES_CFG_MODE_MSB:`CV_AES_CFG_MODE_LSB];
  wire [1:0] c_kind = cfg_i[`CV_AES_CFG_KIND_MSB:`CV_AES_CFG_KIND_LSB];
  wire       c_dec  = cfg_i[`CV_AES_CFG_DEC_LSB] && (c_mode == MODE_ECB || c_mode == MODE_CBC);
  wire [3:0] c_nr   = (c_ksz == KSZ_256) ? 4'd14 : (c_ksz == KSZ_192) ? 4'd12 : 4'd10;
  wire       c_ivm  = (c_mode == MODE_CFB) || (c_mode == MODE_OFB) || (c_mode == MODE_CTR);
  wire       c_fbm  = (c_mode == MODE_OFB) || (c_mode == MODE_CMAC) ||
                      (!cfg_i[`CV_AES_CFG_DEC_LSB] && (c_mode == MODE_CBC || c_mode == MODE_CFB));
  wire start_ok = start_i && !busy_q && (c_ksz != KSZ_RSVD) && (c_mode <= MODE_CMAC) &&
                  !(c_mode == MODE_CMAC && c_kind == KIND_RSVD) && key_rdy && !key_valid_i &&
                  (c_ksz == kksz_q);

  // ---------------------------------------------------------------- datapath
  wire               iss_valid, iss_ready;
  reg  [127:0]       iss_base;      // the issued block, without the forwarded result
  wire               iss_fwd;       // the issued block is iss_base ^ res_data
  wire [127:0]       iss_data = iss_base ^ (iss_fwd ? res_data : 128'h0);
  reg  [SIDE_W-1:0]  iss_side;
  wire               res_valid, res_ready;
  wire [127:0]       res_data;
  wire [127:0]       res_mix, res_key;   // res_data = res_mix ^ res_key, swapped for dec_core
  wire [SIDE_W-1:0]  res_side;
  wire               dp_idle;
  // aes_dp_tbl's issue inputs (mode unit below): the decision "a block issues now, not
  // forwarded", the block issued without forwarding, and the forwarded block's part
  wire               tb_nf;
  wire [127:0]       tb_data, tb_fdat;

  generate
    if (PIPE != 0) begin : g_pipe
      wire [1919:0] rk;
      aes_rk_regs u_rk (
        .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(zeroize_i), .we_i(rk_we), .wa_i(rk_wa),
        .wd_i(rk_wd), .rk_o(rk)
      );
      assign ks_out = 32'h0;
      wire unused_ks = ks_act ^ (^ks_in) ^ start_ok ^ c_dec ^ (^c_nr) ^ tb_nf ^ (^tb_data) ^
                       (^tb_fdat);
      assign res_mix = res_data;
      assign res_key = 128'h0;
      aes_dp_pipe #(.SBOX(SBOX), .SIDE_W(SIDE_W)) u_dp (
        .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(zeroize_i), .nr_i(nr), .dec_i(dec_core),
        .rk_i(rk), .iss_valid_i(iss_valid), .iss_ready_o(iss_ready), .iss_data_i(iss_data),
        .iss_side_i(iss_side), .res_valid_o(res_valid), .res_ready_i(res_ready),
        .res_data_o(res_data), .res_side_o(res_side), .idle_o(dp_idle)
      );
    end else if (TBL != 0) begin : g_iter
      // two stores written together: the round keys, and their InvMixColumns for the
      // decryption rounds of aes_dp_tbl (both wiped alike)
      wire [3:0]   rk_ra, rkd_ra;
      wire [127:0] rk_rd, rkd_rd;
      reg  [127:0] rkd_wd;
      integer      c;
      always @* begin
        for (c = 0; c < 4; c = c + 1) rkd_wd[127-32*c -: 32] = inv_mix(rk_wd[127-32*c -: 32]);
      end
      aes_rk_ram u_rk (
        .clk_i(clk_i), .we_i(rk_we), .wa_i(rk_wa), .wd_i(rk_wd), .ra_i(rk_ra), .rd_o(rk_rd)
      );
      aes_rk_ram u_rkd (
        .clk_i(clk_i), .we_i(rk_we), .wa_i(rk_wa), .wd_i(rkd_wd), .ra_i(rkd_ra), .rd_o(rkd_rd)
      );
      assign ks_out = 32'h0;
      wire unused_ks = ks_act ^ (^ks_in) ^ (^iss_data) ^ iss_fwd;
      wire [3:0] knr = (kksz_q == KSZ_256) ? 4'd14 : (kksz_q == KSZ_192) ? 4'd12 : 4'd10;
      aes_dp_tbl #(.SIDE_W(SIDE_W)) u_dp (
        .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(zeroize_i), .nr_i(nr), .dec_i(dec_core),
        .rk_ra_o(rk_ra), .rkd_ra_o(rkd_ra), .rk_i(rk_rd), .rkd_i(rkd_rd), .rk_we_i(rk_we), .rk_wa_i(rk_wa),
        .rk_wd_i(rk_wd), .knr_i(knr), .init_ld_i(start_ok), .init_ra_i(c_dec ? c_nr : 4'd0),
        .iss_valid_i(iss_valid), .iss_ready_o(iss_ready), .iss_nf_i(tb_nf),
        .iss_data_i(tb_data), .iss_fdat_i(tb_fdat), .iss_side_i(iss_side), .res_valid_o(res_valid),
        .res_ready_i(res_ready), .res_data_o(res_data), .res_mix_o(res_mix),
        .res_key_o(res_key), .res_side_o(res_side), .idle_o(dp_idle)
      );
    end else begin : g_iter
      wire [3:0]   rk_ra;
      wire [127:0] rk_rd;
      aes_rk_ram u_rk (
        .clk_i(clk_i), .we_i(rk_we), .wa_i(rk_wa), .wd_i(rk_wd), .ra_i(rk_ra), .rd_o(rk_rd)
      );
      wire unused_tb = tb_nf ^ (^tb_data) ^ (^tb_fdat);
      assign res_mix = res_data;
      assign res_key = 128'h0;
      aes_dp_rolled #(.SBOX(SBOX), .SIDE_W(SIDE_W)) u_dp (
        .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(zeroize_i), .nr_i(nr), .dec_i(dec_core),
        .rk_ra_o(rk_ra), .rk_i(rk_rd), .init_ld_i(start_ok), .init_ra_i(c_dec ? c_nr : 4'd0),
        .iss_valid_i(iss_valid), .iss_ready_o(iss_ready),
        .iss_data_i(iss_data), .iss_side_i(iss_side), .res_valid_o(res_valid),
        .res_ready_i(res_ready), .res_data_o(res_data), .res_side_o(res_side),
        .idle_o(dp_idle), .ks_i(ks_act), .ks_in_i(ks_in), .ks_out_o(ks_out)
      );
    end
  endgenerate

  // ---------------------------------------------------------------- mode unit
  wire [127:0] res_aux  = res_side[130:3];
  wire         res_last = res_side[2];
  wire         res_prod = res_side[1];
  wire         res_sub  = res_side[0];
  wire         iv_mode  = (mode == MODE_CFB) || (mode == MODE_OFB) || (mode == MODE_CTR);
  wire         cbc_dec  = (mode == MODE_CBC) && dec;
  // aux is always the block's input; the output is the cipher result XORed with it in CFB,
  // OFB and CTR, with the chaining value iv_q in CBC-dec (iv_q moves on, to this block's
  // ciphertext, only when the block's result is taken, so it is the previous ciphertext here)
  // res_data = res_mix ^ res_key (column-swapped for decryption on aes_dp_tbl): the block-RAM
  // build's result is the XOR of the round tables' products and a key from a register, and
  // the output, IV and subkey words below XOR the key with their register terms first, so the
  // result passes one LUT after the products. IV and subkey are written only in encrypting
  // modes (CBC-dec's IV takes aux), so they take the result unswapped.
  wire         res_sw   = (TBL != 0) && dec_core;
  wire [127:0] res_mixs = res_sw ? swp(res_mix) : res_mix;
  wire [127:0] res_keys = res_sw ? swp(res_key) : res_key;
  wire [127:0] res_val  = res_mixs ^ (res_keys ^ (cbc_dec ? iv_q : iv_mode ? res_aux : 128'h0));

  // a result that produces output needs the output register free (or draining)
  assign res_ready = !res_prod || !ov_q || out_ready_i;
  wire res_fire = res_valid && res_ready;
  wire fb_fire  = res_fire && !res_sub && (fb_mode || cbc_dec);

  // IV update when a result is taken: CBC-dec its ciphertext (aux); the feedback modes the
  // chaining value of the next block, which is forwarded into the block issued this cycle
  // (OFB and CMAC the cipher output, CBC-enc the output block, CFB-enc the output block =
  // cipher output ^ aux). The cipher result enters the forwarded block by one XOR at the end,
  // which aes_dp_tbl takes into its round tables' address logic.
  wire         fwd_on = fb_fire && fb_mode;
  wire         aux_fb = (mode == MODE_CFB) || cbc_dec;   // fb_fire only in these and fb_mode
  wire [127:0] iv_pre = fb_fire ? (aux_fb ? res_aux : 128'h0) : iv_q;

  wire sub_issue = busy_q && subp_q;
  assign in_ready_o = busy_q && acc_q && !subp_q && iss_ready &&
                      (!fb_mode || dp_idle || (res_fire && !res_sub));
  wire in_fire = in_valid_i && in_ready_o;
  assign iss_valid = (in_fire || sub_issue) && !zeroize_i;

  wire cmac_tag = in_last_i && (kind != KIND_MORE);

  // The cipher input as an XOR of gated terms (one LUT per bit and term), per mode:
  //   ECB, CBC-dec: in; CBC-enc: in ^ iv; CFB, OFB, CTR: iv; CMAC: in ^ iv (^ K1 or K2);
  //   the CMAC subkey block L = E(0): 0.
  //   (use_in = !sub_issue && !iv_mode, use_iv = !sub_issue && (iv_mode || CMAC || CBC-enc),
  //   registered as uin_q / uid_q and uiv_q; sub_issue implies subp_q.) The final CMAC block's
  //   subkey is kk_q, zero until L has been computed and in every other mode.
  wire use_in   = uin_q || uid_q;
  wire use_iv   = uiv_q;
  wire [127:0] iss_key = {128{in_last_i}} & kk_q;
  assign iss_fwd = use_iv && fwd_on;
  always @* begin
    iss_base = ({128{use_in}} & in_data_i) ^ ({128{use_iv}} & iv_pre) ^ iss_key;
    iss_side = {in_data_i,
                in_last_i && !sub_issue,
                !sub_issue && (mode != MODE_CMAC || cmac_tag),
                sub_issue};
  end

  // The same issue for aes_dp_tbl, split so that no handshake term reaches its data: a block
  // issued without forwarding (tb_data, in the datapath's coordinates: column-swapped for
  // decryption) takes iv_q itself, since the only block issued while a feedback result is
  // taken is a forwarded one; a forwarded block takes tb_fdat, the datapath adding the result.
  // tb_nf is iss_valid && iss_ready && !iss_fwd written over registers and ports: the CMAC
  // L block (subp_q) is never forwarded, and an input block is forwarded exactly when a
  // feedback mode takes a result, so it issues unforwarded only into an idle datapath.
  // (acc_q implies busy_q, subp_q implies busy_q; res_valid is fin_q, dp_idle !act_q.)
  assign tb_nf   = !zeroize_i &&
                   (((subp_q || (in_valid_i && acc_q)) && dp_idle) ||
                    (res_valid && res_ready && (subp_q || (in_valid_i && acc_q && !fbm_q))));
  wire [127:0] in_sw = swp(in_data_i);
  wire [127:0] iss_t = ({128{uin_q}} & in_data_i) ^ iss_key;
  assign tb_data = iss_t ^ ({128{uid_q}} & in_sw) ^ ({128{uiv_q}} & iv_q);
  assign tb_fdat = iss_t ^ ({128{mode == MODE_CFB}} & res_aux);

  // ---------------------------------------------------------------- IV register
  // One 4:1 multiplexer per bit under an encoded select, and a write enable: the IV is written
  // by iv_valid_i while idle, when a result is taken (feedback modes, CBC-dec: fb_fire), and
  // when a block is accepted (CTR: +1; CFB-dec: the ciphertext). These never coincide.
  wire       iv_wr  = iv_valid_i && !busy_q;
  wire       iv_acc = in_fire && ((mode == MODE_CTR) || (mode == MODE_CFB && dec));
  wire       iv_we  = iv_wr || fb_fire || iv_acc;
  wire [1:0] iv_sel = iv_wr ? 2'd0 : fb_fire ? 2'd1 : (mode == MODE_CTR) ? 2'd2 : 2'd3;
  // The forwarded update (fwd_on: the cipher result, ^ aux for CFB-enc) is selected last, so
  // the result passes one LUT after res_mix; under fb_fire otherwise (CBC-dec) iv_pre = aux.
  reg  [127:0] iv_n;
  always @* begin
    case (iv_sel)
      2'd0:    iv_n = iv_i;
      2'd1:    iv_n = iv_pre;
      2'd2:    iv_n = iv_q + 128'd1;
      default: iv_n = in_data_i;
    endcase
  end
  wire [127:0] iv_fwd = res_mix ^ (res_key ^ ({128{aux_fb}} & res_aux));
  assign iv_d = fwd_on ? iv_fwd : iv_we ? iv_n : iv_q;

  // ---------------------------------------------------------------- control

  always @* begin
    cfg_d   = cfg_q;
    busy_d  = busy_q;
    acc_d   = acc_q;
    subp_d  = subp_q;
    kk_d    = kk_q;
    uin_d   = uin_q;
    uid_d   = uid_q;
    uiv_d   = uiv_q;
    fbm_d   = fbm_q;
    kksz_d  = kksz_q;
    ov_d    = ov_q;
    od_d    = od_q;
    ol_d    = ol_q;
    err_d   = err_q;
    ecode_d = ecode_q;

    // output register drains first, may refill below in the same cycle
    if (ov_q && out_ready_i) begin
      ov_d = 1'b0;
      if (ol_q) busy_d = 1'b0;
    end

    // the L block issued: the message's blocks take the input (CMAC: in ^ iv) from now on
    if (sub_issue && iss_ready) begin
      subp_d = 1'b0;
      uin_d  = 1'b1;
      uiv_d  = 1'b1;
    end

    if (in_fire) begin
      if (in_last_i) acc_d = 1'b0;
    end

    if (res_fire) begin
      // K1 = dbl(L), K2 = dbl(K1); a segment that is not the final one takes neither
      // (dbl is linear: the products and the key are doubled apart)
      if (res_sub) kk_d = ({128{kind == KIND_K2}} & (dbl(dbl(res_mix)) ^ dbl(dbl(res_key)))) ^
                          ({128{kind == KIND_K1}} & (dbl(res_mix) ^ dbl(res_key)));
      if (res_prod) begin
        ov_d = 1'b1;
        od_d = res_val;
        ol_d = res_last;
      end else if (res_last) begin
        busy_d = 1'b0;   // CMAC segment that is not the final one: nothing to output
      end
    end

    // key and IV writes: only while idle
    if (key_valid_i) begin
      if (busy_q) begin
        err_d   = 1'b1;
        ecode_d = ERR_WRITE_BUSY;
      end else if (c_ksz == KSZ_RSVD) begin
        err_d   = 1'b1;
        ecode_d = ERR_KEY_SIZE;
      end else begin
        kksz_d = c_ksz;
      end
    end
    if (iv_valid_i) begin
      if (busy_q) begin
        err_d   = 1'b1;
        ecode_d = ERR_WRITE_BUSY;
      end
    end

    if (start_i) begin
      err_d = 1'b1;
      if (busy_q)                                   ecode_d = ERR_START_BUSY;
      else if (c_ksz == KSZ_RSVD)                   ecode_d = ERR_KEY_SIZE;
      else if (c_mode > MODE_CMAC)                  ecode_d = ERR_MODE;
      else if (c_mode == MODE_CMAC && c_kind == KIND_RSVD) ecode_d = ERR_CMAC_KIND;
      else if (!key_rdy || key_valid_i)             ecode_d = ERR_NO_KEY;
      else if (c_ksz != kksz_q)                     ecode_d = ERR_KEY_MISMATCH;
      else begin
        err_d   = 1'b0;
        ecode_d = ERR_NONE;
        cfg_d   = cfg_i;
        busy_d  = 1'b1;
        acc_d   = 1'b1;
        subp_d  = (c_mode == MODE_CMAC);
        kk_d    = 128'h0;
        uin_d   = !c_ivm && !c_dec && (c_mode != MODE_CMAC);
        uid_d   = c_dec;
        uiv_d   = c_ivm || (c_mode == MODE_CBC && !c_dec);
        fbm_d   = c_fbm;
      end
    end
  end

  // zeroize_i clears like reset (one synchronous clear for both: the flip-flops' reset pin)
  always @(posedge clk_i) begin
    if (!rst_ni || zeroize_i) begin
      cfg_q   <= 8'h0;
      busy_q  <= 1'b0;
      acc_q   <= 1'b0;
      subp_q  <= 1'b0;
      iv_q    <= 128'h0;
      kk_q    <= 128'h0;
      uin_q   <= 1'b1;      // cfg_q = 0: ECB encryption
      uid_q   <= 1'b0;
      uiv_q   <= 1'b0;
      fbm_q   <= 1'b0;
      kksz_q  <= 2'd0;
      ov_q    <= 1'b0;
      od_q    <= 128'h0;
      ol_q    <= 1'b0;
      err_q   <= 1'b0;
      ecode_q <= ERR_NONE;
    end else begin
      cfg_q   <= cfg_d;
      busy_q  <= busy_d;
      acc_q   <= acc_d;
      subp_q  <= subp_d;
      iv_q    <= iv_d;
      kk_q    <= kk_d;
      uin_q   <= uin_d;
      uid_q   <= uid_d;
      uiv_q   <= uiv_d;
      fbm_q   <= fbm_d;
      kksz_q  <= kksz_d;
      ov_q    <= ov_d;
      od_q    <= od_d;
      ol_q    <= ol_d;
      err_q   <= err_d;
      ecode_q <= ecode_d;
    end
  end

  assign key_ready_o = key_rdy;
  assign iv_o        = iv_q;
  assign out_valid_o = ov_q;
  assign out_data_o  = od_q;
  assign out_last_o  = ol_q;
  assign busy_o      = busy_q || kwipe;
  assign err_o       = err_q;
  assign err_code_o  = ecode_q;

endmodule

`default_nettype wire
