// SPDX-License-Identifier: Apache-2.0
// aes_sbox_lut.v
// AES S-box and inverse S-box as FIPS-197 tables (case statements), SBOX = 0.
`default_nettype none

module aes_sbox_lut (
  input  wire [7:0] in_i,
  input  wire       inv_i,   // 1: inverse S-box (decryption)
  output reg  [7:0] out_o
);

  reg [7:0] fwd;
  reg [7:0] inv;

  // Table printed by engines/aes/model/gen_sbox.py from the field definition.
  always @* begin
    fwd = 8'h00;
    case (in_i)
      8'h00: fwd = 8'h63; 8'h01: fwd = 8'h7c; 8'h02: fwd = 8'h77; 8'h03: fwd = 8'h7b;
      8'h04: fwd = 8'hf2; 8'h05: fwd = 8'h6b; 8'h06: fwd = 8'h6f; 8'h07: fwd = 8'hc5;
      8'h08: fwd = 8'h30; 8'h09: fwd = 8'h01; 8'h0a: fwd = 8'h67; 8'h0b: fwd = 8'h2b;
      8'h0c: fwd = 8'hfe; 8'h0d: fwd = 8'hd7; 8'h0e: fwd = 8'hab; 8'h0f: fwd = 8'h76;
      8'h10: fwd = 8'hca; 8'h11: fwd = 8'h82; 8'h12: fwd = 8'hc9; 8'h13: fwd = 8'h7d;
      8'h14: fwd = 8'hfa; 8'h15: fwd = 8'h59; 8'h16: fwd = 8'h47; 8'h17: fwd = 8'hf0;
      8'h18: fwd = 8'had; 8'h19: fwd = 8'hd4; 8'h1a: fwd = 8'ha2; 8'h1b: fwd = 8'haf;
      8'h1c: fwd = 8'h9c; 8'h1d: fwd = 8'ha4; 8'h1e: fwd = 8'h72; 8'h1f: fwd = 8'hc0;
      8'h20: fwd = 8'hb7; 8'h21: fwd = 8'hfd; 8'h22: fwd = 8'h93; 8'h23: fwd = 8'h26;
      8'h24: fwd = 8'h36; 8'h25: fwd = 8'h3f; 8'h26: fwd = 8'hf7; 8'h27: fwd = 8'hcc;
      8'h28: fwd = 8'h34; 8'h29: fwd = 8'ha5; 8'h2a: fwd = 8'he5; 8'h2b: fwd = 8'hf1;
      8'h2c: fwd = 8'h71; 8'h2d: fwd = 8'hd8; 8'h2e: fwd = 8'h31; 8'h2f: fwd = 8'h15;
      8'h30: fwd = 8'h04; 8'h31: fwd = 8'hc7; 8'h32: fwd = 8'h23; 8'h33: fwd = 8'hc3;
      8'h34: fwd = 8'h18; 8'h35: fwd = 8'h96; 8'h36: fwd = 8'h05; 8'h37: fwd = 8'h9a;
      8'h38: fwd = 8'h07; 8'h39: fwd = 8'h12; 8'h3a: fwd = 8'h80; 8'h3b: fwd = 8'he2;
      8'h3c: fwd = 8'heb; 8'h3d: fwd = 8'h27; 8'h3e: fwd = 8'hb2; 8'h3f: fwd = 8'h75;
      8'h40: fwd = 8'h09; 8'h41: fwd = 8'h83; 8'h42: fwd = 8'h2c; 8'h43: fwd = 8'h1a;
      8'h44: fwd = 8'h1b; 8'h45: fwd = 8'h6e; 8'h46: fwd = 8'h5a; 8'h47: fwd = 8'ha0;
      8'h48: fwd = 8'h52; 8'h49: fwd = 8'h3b; 8'h4a: fwd = 8'hd6; 8'h4b: fwd = 8'hb3;
      8'h4c: fwd = 8'h29; 8'h4d: fwd = 8'he3; 8'h4e: fwd = 8'h2f; 8'h4f: fwd = 8'h84;
      8'h50: fwd = 8'h53; 8'h51: fwd = 8'hd1; 8'h52: fwd = 8'h00; 8'h53: fwd = 8'hed;
      8'h54: fwd = 8'h20; 8'h55: fwd = 8'hfc; 8'h56: fwd = 8'hb1; 8'h57: fwd = 8'h5b;
      8'h58: fwd = 8'h6a; 8'h59: fwd = 8'hcb; 8'h5a: fwd = 8'hbe; 8'h5b: fwd = 8'h39;
      8'h5c: fwd = 8'h4a; 8'h5d: fwd = 8'h4c; 8'h5e: fwd = 8'h58; 8'h5f: fwd = 8'hcf;
      8'h60: fwd = 8'hd0; 8'h61: fwd = 8'hef; 8'h62: fwd = 8'haa; 8'h63: fwd = 8'hfb;
      8'h64: fwd = 8'h43; 8'h65: fwd = 8'h4d; 8'h66: fwd = 8'h33; 8'h67: fwd = 8'h85;
      8'h68: fwd = 8'h45; 8'h69: fwd = 8'hf9; 8'h6a: fwd = 8'h02; 8'h6b: fwd = 8'h7f;
      8'h6c: fwd = 8'h50; 8'h6d: fwd = 8'h3c; 8'h6e: fwd = 8'h9f; 8'h6f: fwd = 8'ha8;
      8'h70: fwd = 8'h51; 8'h71: fwd = 8'ha3; 8'h72: fwd = 8'h40; 8'h73: fwd = 8'h8f;
      8'h74: fwd = 8'h92; 8'h75: fwd = 8'h9d; 8'h76: fwd = 8'h38; 8'h77: fwd = 8'hf5;
      8'h78: fwd = 8'hbc; 8'h79: fwd = 8'hb6; 8'h7a: fwd = 8'hda; 8'h7b: fwd = 8'h21;
      8'h7c: fwd = 8'h10; 8'h7d: fwd = 8'hff; 8'h7e: fwd = 8'hf3; 8'h7f: fwd = 8'hd2;
      8'h80: fwd = 8'hcd; 8'h81: fwd = 8'h0c; 8'h82: fwd = 8'h13; 8'h83: fwd = 8'hec;
      8'h84: fwd = 8'h5f; 8'h85: fwd = 8'h97; 8'h86: fwd = 8'h44; 8'h87: fwd = 8'h17;
      8'h88: fwd = 8'hc4; 8'h89: fwd = 8'ha7; 8'h8a: fwd = 8'h7e; 8'h8b: fwd = 8'h3d;
      8'h8c: fwd = 8'h64; 8'h8d: fwd = 8'h5d; 8'h8e: fwd = 8'h19; 8'h8f: fwd = 8'h73;
      8'h90: fwd = 8'h60; 8'h91: fwd = 8'h81; 8'h92: fwd = 8'h4f; 8'h93: fwd = 8'hdc;
      8'h94: fwd = 8'h22; 8'h95: fwd = 8'h2a; 8'h96: fwd = 8'h90; 8'h97: fwd = 8'h88;
      8'h98: fwd = 8'h46; 8'h99: fwd = 8'hee; 8'h9a: fwd = 8'hb8; 8'h9b: fwd = 8'h14;
      8'h9c: fwd = 8'hde; 8'h9d: fwd = 8'h5e; 8'h9e: fwd = 8'h0b; 8'h9f: fwd = 8'hdb;
      8'ha0: fwd = 8'he0; 8'ha1: fwd = 8'h32; 8'ha2: fwd = 8'h3a; 8'ha3: fwd = 8'h0a;
      8'ha4: fwd = 8'h49; 8'ha5: fwd = 8'h06; 8'ha6: fwd = 8'h24; 8'ha7: fwd = 8'h5c;
      8'ha8: fwd = 8'hc2; 8'ha9: fwd = 8'hd3; 8'haa: fwd = 8'hac; 8'hab: fwd = 8'h62;
      8'hac: fwd = 8'h91; 8'had: fwd = 8'h95; 8'hae: fwd = 8'he4; 8'haf: fwd = 8'h79;
      8'hb0: fwd = 8'he7; 8'hb1: fwd = 8'hc8; 8'hb2: fwd = 8'h37; 8'hb3: fwd = 8'h6d;
      8'hb4: fwd = 8'h8d; 8'hb5: fwd = 8'hd5; 8'hb6: fwd = 8'h4e; 8'hb7: fwd = 8'ha9;
      8'hb8: fwd = 8'h6c; 8'hb9: fwd = 8'h56; 8'hba: fwd = 8'hf4; 8'hbb: fwd = 8'hea;
      8'hbc: fwd = 8'h65; 8'hbd: fwd = 8'h7a; 8'hbe: fwd = 8'hae; 8'hbf: fwd = 8'h08;
      8'hc0: fwd = 8'hba; 8'hc1: fwd = 8'h78; 8'hc2: fwd = 8'h25; 8'hc3: fwd = 8'h2e;
      8'hc4: fwd = 8'h1c; 8'hc5: fwd = 8'ha6; 8'hc6: fwd = 8'hb4; 8'hc7: fwd = 8'hc6;
      8'hc8: fwd = 8'he8; 8'hc9: fwd = 8'hdd; 8'hca: fwd = 8'h74; 8'hcb: fwd = 8'h1f;
      8'hcc: fwd = 8'h4b; 8'hcd: fwd = 8'hbd; 8'hce: fwd = 8'h8b; 8'hcf: fwd = 8'h8a;
      8'hd0: fwd = 8'h70; 8'hd1: fwd = 8'h3e; 8'hd2: fwd = 8'hb5; 8'hd3: fwd = 8'h66;
      8'hd4: fwd = 8'h48; 8'hd5: fwd = 8'h03; 8'hd6: fwd = 8'hf6; 8'hd7: fwd = 8'h0e;
      8'hd8: fwd = 8'h61; 8'hd9: fwd = 8'h35; 8'hda: fwd = 8'h57; 8'hdb: fwd = 8'hb9;
      8'hdc: fwd = 8'h86; 8'hdd: fwd = 8'hc1; 8'hde: fwd = 8'h1d; 8'hdf: fwd = 8'h9e;
      8'he0: fwd = 8'he1; 8'he1: fwd = 8'hf8; 8'he2: fwd = 8'h98; 8'he3: fwd = 8'h11;
      8'he4: fwd = 8'h69; 8'he5: fwd = 8'hd9; 8'he6: fwd = 8'h8e; 8'he7: fwd = 8'h94;
      8'he8: fwd = 8'h9b; 8'he9: fwd = 8'h1e; 8'hea: fwd = 8'h87; 8'heb: fwd = 8'he9;
      8'hec: fwd = 8'hce; 8'hed: fwd = 8'h55; 8'hee: fwd = 8'h28; 8'hef: fwd = 8'hdf;
      8'hf0: fwd = 8'h8c; 8'hf1: fwd = 8'ha1; 8'hf2: fwd = 8'h89; 8'hf3: fwd = 8'h0d;
      8'hf4: fwd = 8'hbf; 8'hf5: fwd = 8'he6; 8'hf6: fwd = 8'h42; 8'hf7: fwd = 8'h68;
      8'hf8: fwd = 8'h41; 8'hf9: fwd = 8'h99; 8'hfa: fwd = 8'h2d; 8'hfb: fwd = 8'h0f;
      8'hfc: fwd = 8'hb0; 8'hfd: fwd = 8'h54; 8'hfe: fwd = 8'hbb; 8'hff: fwd = 8'h16;
      default: fwd = 8'h00;
    endcase
  end

  always @* begin
    inv = 8'h00;
    case (in_i)
      8'h00: inv = 8'h52; 8'h01: inv = 8'h09; 8'h02: inv = 8'h6a; 8'h03: inv = 8'hd5;
      8'h04: inv = 8'h30; 8'h05: inv = 8'h36; 8'h06: inv = 8'ha5; 8'h07: inv = 8'h38;
      8'h08: inv = 8'hbf; 8'h09: inv = 8'h40; 8'h0a: inv = 8'ha3; 8'h0b: inv = 8'h9e;
      8'h0c: inv = 8'h81; 8'h0d: inv = 8'hf3; 8'h0e: inv = 8'hd7; 8'h0f: inv = 8'hfb;
      8'h10: inv = 8'h7c; 8'h11: inv = 8'he3; 8'h12: inv = 8'h39; 8'h13: inv = 8'h82;
      8'h14: inv = 8'h9b; 8'h15: inv = 8'h2f; 8'h16: inv = 8'hff; 8'h17: inv = 8'h87;
      8'h18: inv = 8'h34; 8'h19: inv = 8'h8e; 8'h1a: inv = 8'h43; 8'h1b: inv = 8'h44;
      8'h1c: inv = 8'hc4; 8'h1d: inv = 8'hde; 8'h1e: inv = 8'he9; 8'h1f: inv = 8'hcb;
      8'h20: inv = 8'h54; 8'h21: inv = 8'h7b; 8'h22: inv = 8'h94; 8'h23: inv = 8'h32;
      8'h24: inv = 8'ha6; 8'h25: inv = 8'hc2; 8'h26: inv = 8'h23; 8'h27: inv = 8'h3d;
      8'h28: inv = 8'hee; 8'h29: inv = 8'h4c; 8'h2a: inv = 8'h95; 8'h2b: inv = 8'h0b;
      8'h2c: inv = 8'h42; 8'h2d: inv = 8'hfa; 8'h2e: inv = 8'hc3; 8'h2f: inv = 8'h4e;
      8'h30: inv = 8'h08; 8'h31: inv = 8'h2e; 8'h32: inv = 8'ha1; 8'h33: inv = 8'h66;
      8'h34: inv = 8'h28; 8'h35: inv = 8'hd9; 8'h36: inv = 8'h24; 8'h37: inv = 8'hb2;
      8'h38: inv = 8'h76; 8'h39: inv = 8'h5b; 8'h3a: inv = 8'ha2; 8'h3b: inv = 8'h49;
      8'h3c: inv = 8'h6d; 8'h3d: inv = 8'h8b; 8'h3e: inv = 8'hd1; 8'h3f: inv = 8'h25;
      8'h40: inv = 8'h72; 8'h41: inv = 8'hf8; 8'h42: inv = 8'hf6; 8'h43: inv = 8'h64;
      8'h44: inv = 8'h86; 8'h45: inv = 8'h68; 8'h46: inv = 8'h98; 8'h47: inv = 8'h16;
      8'h48: inv = 8'hd4; 8'h49: inv = 8'ha4; 8'h4a: inv = 8'h5c; 8'h4b: inv = 8'hcc;
      8'h4c: inv = 8'h5d; 8'h4d: inv = 8'h65; 8'h4e: inv = 8'hb6; 8'h4f: inv = 8'h92;
      8'h50: inv = 8'h6c; 8'h51: inv = 8'h70; 8'h52: inv = 8'h48; 8'h53: inv = 8'h50;
      8'h54: inv = 8'hfd; 8'h55: inv = 8'hed; 8'h56: inv = 8'hb9; 8'h57: inv = 8'hda;
      8'h58: inv = 8'h5e; 8'h59: inv = 8'h15; 8'h5a: inv = 8'h46; 8'h5b: inv = 8'h57;
      8'h5c: inv = 8'ha7; 8'h5d: inv = 8'h8d; 8'h5e: inv = 8'h9d; 8'h5f: inv = 8'h84;
      8'h60: inv = 8'h90; 8'h61: inv = 8'hd8; 8'h62: inv = 8'hab; 8'h63: inv = 8'h00;
      8'h64: inv = 8'h8c; 8'h65: inv = 8'hbc; 8'h66: inv = 8'hd3; 8'h67: inv = 8'h0a;
      8'h68: inv = 8'hf7; 8'h69: inv = 8'he4; 8'h6a: inv = 8'h58; 8'h6b: inv = 8'h05;
      8'h6c: inv = 8'hb8; 8'h6d: inv = 8'hb3; 8'h6e: inv = 8'h45; 8'h6f: inv = 8'h06;
      8'h70: inv = 8'hd0; 8'h71: inv = 8'h2c; 8'h72: inv = 8'h1e; 8'h73: inv = 8'h8f;
      8'h74: inv = 8'hca; 8'h75: inv = 8'h3f; 8'h76: inv = 8'h0f; 8'h77: inv = 8'h02;
      8'h78: inv = 8'hc1; 8'h79: inv = 8'haf; 8'h7a: inv = 8'hbd; 8'h7b: inv = 8'h03;
      8'h7c: inv = 8'h01; 8'h7d: inv = 8'h13; 8'h7e: inv = 8'h8a; 8'h7f: inv = 8'h6b;
      8'h80: inv = 8'h3a; 8'h81: inv = 8'h91; 8'h82: inv = 8'h11; 8'h83: inv = 8'h41;
      8'h84: inv = 8'h4f; 8'h85: inv = 8'h67; 8'h86: inv = 8'hdc; 8'h87: inv = 8'hea;
      8'h88: inv = 8'h97; 8'h89: inv = 8'hf2; 8'h8a: inv = 8'hcf; 8'h8b: inv = 8'hce;
      8'h8c: inv = 8'hf0; 8'h8d: inv = 8'hb4; 8'h8e: inv = 8'he6; 8'h8f: inv = 8'h73;
      8'h90: inv = 8'h96; 8'h91: inv = 8'hac; 8'h92: inv = 8'h74; 8'h93: inv = 8'h22;
      8'h94: inv = 8'he7; 8'h95: inv = 8'had; 8'h96: inv = 8'h35; 8'h97: inv = 8'h85;
      8'h98: inv = 8'he2; 8'h99: inv = 8'hf9; 8'h9a: inv = 8'h37; 8'h9b: inv = 8'he8;
      8'h9c: inv = 8'h1c; 8'h9d: inv = 8'h75; 8'h9e: inv = 8'hdf; 8'h9f: inv = 8'h6e;
      8'ha0: inv = 8'h47; 8'ha1: inv = 8'hf1; 8'ha2: inv = 8'h1a; 8'ha3: inv = 8'h71;
      8'ha4: inv = 8'h1d; 8'ha5: inv = 8'h29; 8'ha6: inv = 8'hc5; 8'ha7: inv = 8'h89;
      8'ha8: inv = 8'h6f; 8'ha9: inv = 8'hb7; 8'haa: inv = 8'h62; 8'hab: inv = 8'h0e;
      8'hac: inv = 8'haa; 8'had: inv = 8'h18; 8'hae: inv = 8'hbe; 8'haf: inv = 8'h1b;
      8'hb0: inv = 8'hfc; 8'hb1: inv = 8'h56; 8'hb2: inv = 8'h3e; 8'hb3: inv = 8'h4b;
      8'hb4: inv = 8'hc6; 8'hb5: inv = 8'hd2; 8'hb6: inv = 8'h79; 8'hb7: inv = 8'h20;
      8'hb8: inv = 8'h9a; 8'hb9: inv = 8'hdb; 8'hba: inv = 8'hc0; 8'hbb: inv = 8'hfe;
      8'hbc: inv = 8'h78; 8'hbd: inv = 8'hcd; 8'hbe: inv = 8'h5a; 8'hbf: inv = 8'hf4;
      8'hc0: inv = 8'h1f; 8'hc1: inv = 8'hdd; 8'hc2: inv = 8'ha8; 8'hc3: inv = 8'h33;
      8'hc4: inv = 8'h88; 8'hc5: inv = 8'h07; 8'hc6: inv = 8'hc7; 8'hc7: inv = 8'h31;
      8'hc8: inv = 8'hb1; 8'hc9: inv = 8'h12; 8'hca: inv = 8'h10; 8'hcb: inv = 8'h59;
      8'hcc: inv = 8'h27; 8'hcd: inv = 8'h80; 8'hce: inv = 8'hec; 8'hcf: inv = 8'h5f;
      8'hd0: inv = 8'h60; 8'hd1: inv = 8'h51; 8'hd2: inv = 8'h7f; 8'hd3: inv = 8'ha9;
      8'hd4: inv = 8'h19; 8'hd5: inv = 8'hb5; 8'hd6: inv = 8'h4a; 8'hd7: inv = 8'h0d;
      8'hd8: inv = 8'h2d; 8'hd9: inv = 8'he5; 8'hda: inv = 8'h7a; 8'hdb: inv = 8'h9f;
      8'hdc: inv = 8'h93; 8'hdd: inv = 8'hc9; 8'hde: inv = 8'h9c; 8'hdf: inv = 8'hef;
      8'he0: inv = 8'ha0; 8'he1: inv = 8'he0; 8'he2: inv = 8'h3b; 8'he3: inv = 8'h4d;
      8'he4: inv = 8'hae; 8'he5: inv = 8'h2a; 8'he6: inv = 8'hf5; 8'he7: inv = 8'hb0;
      8'he8: inv = 8'hc8; 8'he9: inv = 8'heb; 8'hea: inv = 8'hbb; 8'heb: inv = 8'h3c;
      8'hec: inv = 8'h83; 8'hed: inv = 8'h53; 8'hee: inv = 8'h99; 8'hef: inv = 8'h61;
      8'hf0: inv = 8'h17; 8'hf1: inv = 8'h2b; 8'hf2: inv = 8'h04; 8'hf3: inv = 8'h7e;
      8'hf4: inv = 8'hba; 8'hf5: inv = 8'h77; 8'hf6: inv = 8'hd6; 8'hf7: inv = 8'h26;
      8'hf8: inv = 8'he1; 8'hf9: inv = 8'h69; 8'hfa: inv = 8'h14; 8'hfb: inv = 8'h63;
      8'hfc: inv = 8'h55; 8'hfd: inv = 8'h21; 8'hfe: inv = 8'h0c; 8'hff: inv = 8'h7d;
      default: inv = 8'h00;
    endcase
  end

  always @* begin
    out_o = inv_i ? inv : fwd;
  end

endmodule

`default_nettype wire
