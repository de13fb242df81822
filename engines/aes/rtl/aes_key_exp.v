// aes_key_exp.v
// AES-128/192/256 key expansion into a round-key store, four words per cycle.
`default_nettype none

// The store holds all 60 words w[0..59]; round key r is w[4r..4r+3]. After load_i the key
// words are w[0..Nk-1] and each cycle appends four words w[i..i+3] (i = Nk, Nk+4, ...), so the
// schedule is complete after 10 / 12 / 13 cycles for Nk = 4 / 6 / 8 (<= Nr+1), a constant per
// key size. The recurrence w[i] = w[i-Nk] ^ f(w[i-1]) reads a window of the last eight words;
// in a group of four at most one word needs SubWord (at offset 0, or offset 2 for Nk = 6), so
// one SubWord (4 S-boxes) suffices. Decryption uses the same store read in reverse order.
// Nothing here is readable from outside the engine: rk_o only feeds the datapath.
module aes_key_exp #(
  parameter integer SBOX = 1
) (
  input  wire           clk_i,
  input  wire           rst_ni,
  input  wire           clr_i,    // zeroize: wipe the store
  input  wire           load_i,   // start expanding key_i
  input  wire [1:0]     ksz_i,    // 0: 128, 1: 192, 2: 256 (3 rejected by the caller)
  input  wire [255:0]   key_i,    // key in the most significant bits
  output wire           ready_o,  // schedule complete
  output wire [1919:0]  rk_o      // w[0] in bits 1919:1888, ..., w[59] in bits 31:0
);

  reg [31:0] w_q   [0:59];
  reg [31:0] w_d   [0:59];
  reg [31:0] win_q [0:7];   // last eight words, win_q[7] the newest
  reg [31:0] win_d [0:7];
  reg [5:0]  i_q, i_d;      // index of the next word to produce
  reg [2:0]  m_q, m_d;      // i mod Nk
  reg [7:0]  rcon_q, rcon_d;
  reg [3:0]  cnt_q, cnt_d;  // cycles left
  reg        rdy_q, rdy_d;
  reg [1:0]  ksz_q, ksz_d;

  function automatic [7:0] xt(input [7:0] a);
    begin
      xt = {a[6:0], 1'b0} ^ (a[7] ? 8'h1b : 8'h00);
    end
  endfunction

  // Where (if anywhere) the current group of four needs SubWord, and of which kind.
  reg       sub_at2;   // SubWord input is the group's second new word (Nk = 6, i mod 6 = 4)
  reg       sub_here;  // some word of the group needs SubWord
  reg       rot;       // with RotWord and Rcon (i mod Nk == 0), else SubWord only (Nk = 8)
  always @* begin
    sub_at2  = 1'b0;
    sub_here = 1'b1;
    rot      = 1'b1;
    case (ksz_q)
      2'd1: begin
        sub_at2  = (m_q == 3'd4);
        sub_here = (m_q != 3'd2);
      end
      2'd2: rot = (m_q == 3'd0);
      default: ;
    endcase
  end

  wire [31:0] sub_in;
  wire [31:0] sub_out;
  wire [31:0] n0, n1, n2, n3;
  wire [31:0] old0, old1, old2, old3;
  wire [31:0] f_out;

  // w[i+j-Nk] sits at window index 8-Nk+j
  assign old0 = (ksz_q == 2'd2) ? win_q[0] : (ksz_q == 2'd1) ? win_q[2] : win_q[4];
  assign old1 = (ksz_q == 2'd2) ? win_q[1] : (ksz_q == 2'd1) ? win_q[3] : win_q[5];
  assign old2 = (ksz_q == 2'd2) ? win_q[2] : (ksz_q == 2'd1) ? win_q[4] : win_q[6];
  assign old3 = (ksz_q == 2'd2) ? win_q[3] : (ksz_q == 2'd1) ? win_q[5] : win_q[7];

  // The unkeyed chain w[i], w[i+1] feeds SubWord at offset 2; taking it from here, not from
  // n1, keeps the netlist free of a (false) combinational loop through the S-boxes.
  wire [31:0] p0 = old0 ^ win_q[7];
  wire [31:0] p1 = old1 ^ p0;
  assign sub_in = sub_at2 ? p1 : win_q[7];
  genvar g;
  generate
    for (g = 0; g < 4; g = g + 1) begin : g_sbox
      aes_sbox #(.SBOX(SBOX)) u_sbox (.in_i(sub_in[8*g +: 8]), .inv_i(1'b0),
                                      .out_o(sub_out[8*g +: 8]));
    end
  endgenerate
  assign f_out = rot ? ({sub_out[23:0], sub_out[31:24]} ^ {rcon_q, 24'h0}) : sub_out;

  assign n0 = (sub_here && !sub_at2) ? (old0 ^ f_out) : p0;
  assign n1 = old1 ^ n0;
  assign n2 = old2 ^ (sub_at2 ? f_out : n1);
  assign n3 = old3 ^ n2;

  integer nk;
  integer ii;
  integer k;
  always @* begin
    for (k = 0; k < 60; k = k + 1) w_d[k] = w_q[k];
    for (k = 0; k < 8; k = k + 1) win_d[k] = win_q[k];
    i_d    = i_q;
    m_d    = m_q;
    rcon_d = rcon_q;
    cnt_d  = cnt_q;
    rdy_d  = rdy_q;
    ksz_d  = ksz_q;
    nk     = (ksz_i == 2'd2) ? 8 : (ksz_i == 2'd1) ? 6 : 4;
    ii     = {26'd0, i_q};
    if (clr_i) begin
      for (k = 0; k < 60; k = k + 1) w_d[k] = 32'h0;
      for (k = 0; k < 8; k = k + 1) win_d[k] = 32'h0;
      i_d    = 6'd0;
      m_d    = 3'd0;
      rcon_d = 8'h0;
      cnt_d  = 4'd0;
      rdy_d  = 1'b0;
      ksz_d  = 2'd0;
    end else if (load_i) begin
      for (k = 0; k < 60; k = k + 1) w_d[k] = 32'h0;
      for (k = 0; k < 8; k = k + 1) begin
        w_d[k] = key_i[255-32*k -: 32];
        // the Nk key words end at window index 7
        win_d[k] = (8 + k >= nk) ? key_i[255-32*(k+nk-8) -: 32] : 32'h0;
      end
      if (ksz_i != 2'd2) begin
        w_d[6] = 32'h0;
        w_d[7] = 32'h0;
      end
      if (ksz_i == 2'd0) begin
        w_d[4] = 32'h0;
        w_d[5] = 32'h0;
      end
      i_d    = nk[5:0];
      m_d    = 3'd0;
      rcon_d = 8'h01;
      cnt_d  = (ksz_i == 2'd2) ? 4'd13 : (ksz_i == 2'd1) ? 4'd12 : 4'd10;
      rdy_d  = 1'b0;
      ksz_d  = ksz_i;
    end else if (cnt_q != 4'd0) begin
      for (k = 0; k < 60; k = k + 1) begin
        if (k == ii) w_d[k] = n0;
        if (k == ii + 1) w_d[k] = n1;
        if (k == ii + 2) w_d[k] = n2;
        if (k == ii + 3) w_d[k] = n3;
      end
      for (k = 0; k < 4; k = k + 1) win_d[k] = win_q[k+4];
      win_d[4] = n0;
      win_d[5] = n1;
      win_d[6] = n2;
      win_d[7] = n3;
      i_d = i_q + 6'd4;
      case (ksz_q)
        2'd1: m_d = (m_q == 3'd0) ? 3'd4 : (m_q == 3'd4) ? 3'd2 : 3'd0;
        2'd2: m_d = m_q ^ 3'd4;
        default: m_d = 3'd0;
      endcase
      if (sub_here && rot) rcon_d = xt(rcon_q);
      cnt_d = cnt_q - 4'd1;
      rdy_d = (cnt_q == 4'd1);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (k = 0; k < 60; k = k + 1) w_q[k] <= 32'h0;
      for (k = 0; k < 8; k = k + 1) win_q[k] <= 32'h0;
      i_q    <= 6'd0;
      m_q    <= 3'd0;
      rcon_q <= 8'h0;
      cnt_q  <= 4'd0;
      rdy_q  <= 1'b0;
      ksz_q  <= 2'd0;
    end else begin
      for (k = 0; k < 60; k = k + 1) w_q[k] <= w_d[k];
      for (k = 0; k < 8; k = k + 1) win_q[k] <= win_d[k];
      i_q    <= i_d;
      m_q    <= m_d;
      rcon_q <= rcon_d;
      cnt_q  <= cnt_d;
      rdy_q  <= rdy_d;
      ksz_q  <= ksz_d;
    end
  end

  genvar r;
  generate
    for (r = 0; r < 60; r = r + 1) begin : g_out
      assign rk_o[1919-32*r -: 32] = w_q[r];
    end
  endgenerate

  assign ready_o = rdy_q;

endmodule

`default_nettype wire
