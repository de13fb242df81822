// SPDX-License-Identifier: Apache-2.0
// aes_tbl_rom.v
// The AES round table ("T-box") with two registered read ports: a 1024 x 32-bit ROM for a
// dual-port block RAM, serving two state bytes, and the select that forms its addresses.
`default_nettype none

// Address {final, dec, x}. Rounds before the last: encryption {02, 03, 01, 01}.S(x),
// decryption {0e, 0b, 0d, 09}.S^-1(x) (byte 0 in bits 31:24), the coefficients of the first
// row of MixColumns / InvMixColumns, so a byte of the next state is the XOR of one byte from
// each of four tables (aes_dp_tbl). The final round: {S(x), 0, 0, 0} and {S^-1(x), 0, 0, 0},
// so the same XOR yields the plain S-box (no MixColumns) and the final round needs no logic of
// its own. The read is synchronous with a read enable that holds the output, as a block RAM
// port reads. The table is printed by engines/aes/model/gen_sbox.py (tbox());
// tests/test_aes_sbox_formal.py checks it against the field definition.
//
// The address bytes are formed here, in front of the block RAM: nf_i ? b_i : mix_i ^ x_i, one
// LUT4 per bit, where mix_i (aes_dp_tbl's four-product XOR) is the only input that comes from
// the ROMs. The module is kept as a hierarchy so that this LUT cannot be merged with the logic
// in front of it: the mapper takes the ROM outputs to arrive as early as flip-flop outputs,
// and with the module flattened it moves the handshake and key terms behind the XOR, so that
// two or three LUT levels sit between the ROMs' clock-to-output (the longest delay in the
// engine) and their address. Kept, a round is the ROM, the XOR and this LUT.
(* keep_hierarchy *)
module aes_tbl_rom (
  input  wire        clk_i,
  input  wire        en_i,
  input  wire        fin_i,    // address bit 9: the final round's entries
  input  wire        dec_i,    // address bit 8: decryption's entries
  input  wire        nf_i,     // the bytes are b_i (an issued block, or a clear), else mix_i ^ x_i
  input  wire [15:0] b_i,      // {port A byte, port B byte}
  input  wire [15:0] mix_i,
  input  wire [15:0] x_i,
  output reg  [31:0] qa_o,
  output reg  [31:0] qb_o
);

  reg [31:0] rom [0:1023];
  initial begin
    rom[0] = 32'hc6a56363; rom[1] = 32'hf8847c7c; rom[2] = 32'hee997777;
    rom[3] = 32'hf68d7b7b; rom[4] = 32'hff0df2f2; rom[5] = 32'hd6bd6b6b;
    rom[6] = 32'hdeb16f6f; rom[7] = 32'h9154c5c5; rom[8] = 32'h60503030;
    rom[9] = 32'h02030101; rom[10] = 32'hcea96767; rom[11] = 32'h567d2b2b;
    rom[12] = 32'he719fefe; rom[13] = 32'hb562d7d7; rom[14] = 32'h4de6abab;
    rom[15] = 32'hec9a7676; rom[16] = 32'h8f45caca; rom[17] = 32'h1f9d8282;
    rom[18] = 32'h8940c9c9; rom[19] = 32'hfa877d7d; rom[20] = 32'hef15fafa;
    rom[21] = 32'hb2eb5959; rom[22] = 32'h8ec94747; rom[23] = 32'hfb0bf0f0;
    rom[24] = 32'h41ecadad; rom[25] = 32'hb367d4d4; rom[26] = 32'h5ffda2a2;
    rom[27] = 32'h45eaafaf; rom[28] = 32'h23bf9c9c; rom[29] = 32'h53f7a4a4;
    rom[30] = 32'he4967272; rom[31] = 32'h9b5bc0c0; rom[32] = 32'h75c2b7b7;
    rom[33] = 32'he11cfdfd; rom[34] = 32'h3dae9393; rom[35] = 32'h4c6a2626;
    rom[36] = 32'h6c5a3636; rom[37] = 32'h7e413f3f; rom[38] = 32'hf502f7f7;
    rom[39] = 32'h834fcccc; rom[40] = 32'h685c3434; rom[41] = 32'h51f4a5a5;
    rom[42] = 32'hd134e5e5; rom[43] = 32'hf908f1f1; rom[44] = 32'he2937171;
    rom[45] = 32'hab73d8d8; rom[46] = 32'h62533131; rom[47] = 32'h2a3f1515;
    rom[48] = 32'h080c0404; rom[49] = 32'h9552c7c7; rom[50] = 32'h46652323;
    rom[51] = 32'h9d5ec3c3; rom[52] = 32'h30281818; rom[53] = 32'h37a19696;
    rom[54] = 32'h0a0f0505; rom[55] = 32'h2fb59a9a; rom[56] = 32'h0e090707;
    rom[57] = 32'h24361212; rom[58] = 32'h1b9b8080; rom[59] = 32'hdf3de2e2;
    rom[60] = 32'hcd26ebeb; rom[61] = 32'h4e692727; rom[62] = 32'h7fcdb2b2;
    rom[63] = 32'hea9f7575; rom[64] = 32'h121b0909; rom[65] = 32'h1d9e8383;
    rom[66] = 32'h58742c2c; rom[67] = 32'h342e1a1a; rom[68] = 32'h362d1b1b;
    rom[69] = 32'hdcb26e6e; rom[70] = 32'hb4ee5a5a; rom[71] = 32'h5bfba0a0;
    rom[72] = 32'ha4f65252; rom[73] = 32'h764d3b3b; rom[74] = 32'hb761d6d6;
    rom[75] = 32'h7dceb3b3; rom[76] = 32'h527b2929; rom[77] = 32'hdd3ee3e3;
    rom[78] = 32'h5e712f2f; rom[79] = 32'h13978484; rom[80] = 32'ha6f55353;
    rom[81] = 32'hb968d1d1; rom[82] = 32'h00000000; rom[83] = 32'hc12ceded;
    rom[84] = 32'h40602020; rom[85] = 32'he31ffcfc; rom[86] = 32'h79c8b1b1;
    rom[87] = 32'hb6ed5b5b; rom[88] = 32'hd4be6a6a; rom[89] = 32'h8d46cbcb;
    rom[90] = 32'h67d9bebe; rom[91] = 32'h724b3939; rom[92] = 32'h94de4a4a;
    rom[93] = 32'h98d44c4c; rom[94] = 32'hb0e85858; rom[95] = 32'h854acfcf;
    rom[96] = 32'hbb6bd0d0; rom[97] = 32'hc52aefef; rom[98] = 32'h4fe5aaaa;
    rom[99] = 32'hed16fbfb; rom[100] = 32'h86c54343; rom[101] = 32'h9ad74d4d;
    rom[102] = 32'h66553333; rom[103] = 32'h11948585; rom[104] = 32'h8acf4545;
    rom[105] = 32'he910f9f9; rom[106] = 32'h04060202; rom[107] = 32'hfe817f7f;
    rom[108] = 32'ha0f05050; rom[109] = 32'h78443c3c; rom[110] = 32'h25ba9f9f;
    rom[111] = 32'h4be3a8a8; rom[112] = 32'ha2f35151; rom[113] = 32'h5dfea3a3;
    rom[114] = 32'h80c04040; rom[115] = 32'h058a8f8f; rom[116] = 32'h3fad9292;
    rom[117] = 32'h21bc9d9d; rom[118] = 32'h70483838; rom[119] = 32'hf104f5f5;
    rom[120] = 32'h63dfbcbc; rom[121] = 32'h77c1b6b6; rom[122] = 32'haf75dada;
    rom[123] = 32'h42632121; rom[124] = 32'h20301010; rom[125] = 32'he51affff;
    rom[126] = 32'hfd0ef3f3; rom[127] = 32'hbf6dd2d2; rom[128] = 32'h814ccdcd;
    rom[129] = 32'h18140c0c; rom[130] = 32'h26351313; rom[131] = 32'hc32fecec;
    rom[132] = 32'hbee15f5f; rom[133] = 32'h35a29797; rom[134] = 32'h88cc4444;
    rom[135] = 32'h2e391717; rom[136] = 32'h9357c4c4; rom[137] = 32'h55f2a7a7;
    rom[138] = 32'hfc827e7e; rom[139] = 32'h7a473d3d; rom[140] = 32'hc8ac6464;
    rom[141] = 32'hbae75d5d; rom[142] = 32'h322b1919; rom[143] = 32'he6957373;
    rom[144] = 32'hc0a06060; rom[145] = 32'h19988181; rom[146] = 32'h9ed14f4f;
    rom[147] = 32'ha37fdcdc; rom[148] = 32'h44662222; rom[149] = 32'h547e2a2a;
    rom[150] = 32'h3bab9090; rom[151] = 32'h0b838888; rom[152] = 32'h8cca4646;
    rom[153] = 32'hc729eeee; rom[154] = 32'h6bd3b8b8; rom[155] = 32'h283c1414;
    rom[156] = 32'ha779dede; rom[157] = 32'hbce25e5e; rom[158] = 32'h161d0b0b;
    rom[159] = 32'had76dbdb; rom[160] = 32'hdb3be0e0; rom[161] = 32'h64563232;
    rom[162] = 32'h744e3a3a; rom[163] = 32'h141e0a0a; rom[164] = 32'h92db4949;
    rom[165] = 32'h0c0a0606; rom[166] = 32'h486c2424; rom[167] = 32'hb8e45c5c;
    rom[168] = 32'h9f5dc2c2; rom[169] = 32'hbd6ed3d3; rom[170] = 32'h43efacac;
    rom[171] = 32'hc4a66262; rom[172] = 32'h39a89191; rom[173] = 32'h31a49595;
    rom[174] = 32'hd337e4e4; rom[175] = 32'hf28b7979; rom[176] = 32'hd532e7e7;
    rom[177] = 32'h8b43c8c8; rom[178] = 32'h6e593737; rom[179] = 32'hdab76d6d;
    rom[180] = 32'h018c8d8d; rom[181] = 32'hb164d5d5; rom[182] = 32'h9cd24e4e;
    rom[183] = 32'h49e0a9a9; rom[184] = 32'hd8b46c6c; rom[185] = 32'hacfa5656;
    rom[186] = 32'hf307f4f4; rom[187] = 32'hcf25eaea; rom[188] = 32'hcaaf6565;
    rom[189] = 32'hf48e7a7a; rom[190] = 32'h47e9aeae; rom[191] = 32'h10180808;
    rom[192] = 32'h6fd5baba; rom[193] = 32'hf0887878; rom[194] = 32'h4a6f2525;
    rom[195] = 32'h5c722e2e; rom[196] = 32'h38241c1c; rom[197] = 32'h57f1a6a6;
    rom[198] = 32'h73c7b4b4; rom[199] = 32'h9751c6c6; rom[200] = 32'hcb23e8e8;
    rom[201] = 32'ha17cdddd; rom[202] = 32'he89c7474; rom[203] = 32'h3e211f1f;
    rom[204] = 32'h96dd4b4b; rom[205] = 32'h61dcbdbd; rom[206] = 32'h0d868b8b;
    rom[207] = 32'h0f858a8a; rom[208] = 32'he0907070; rom[209] = 32'h7c423e3e;
    rom[210] = 32'h71c4b5b5; rom[211] = 32'hccaa6666; rom[212] = 32'h90d84848;
    rom[213] = 32'h06050303; rom[214] = 32'hf701f6f6; rom[215] = 32'h1c120e0e;
    rom[216] = 32'hc2a36161; rom[217] = 32'h6a5f3535; rom[218] = 32'haef95757;
    rom[219] = 32'h69d0b9b9; rom[220] = 32'h17918686; rom[221] = 32'h9958c1c1;
    rom[222] = 32'h3a271d1d; rom[223] = 32'h27b99e9e; rom[224] = 32'hd938e1e1;
    rom[225] = 32'heb13f8f8; rom[226] = 32'h2bb39898; rom[227] = 32'h22331111;
    rom[228] = 32'hd2bb6969; rom[229] = 32'ha970d9d9; rom[230] = 32'h07898e8e;
    rom[231] = 32'h33a79494; rom[232] = 32'h2db69b9b; rom[233] = 32'h3c221e1e;
    rom[234] = 32'h15928787; rom[235] = 32'hc920e9e9; rom[236] = 32'h8749cece;
    rom[237] = 32'haaff5555; rom[238] = 32'h50782828; rom[239] = 32'ha57adfdf;
    rom[240] = 32'h038f8c8c; rom[241] = 32'h59f8a1a1; rom[242] = 32'h09808989;
    rom[243] = 32'h1a170d0d; rom[244] = 32'h65dabfbf; rom[245] = 32'hd731e6e6;
    rom[246] = 32'h84c64242; rom[247] = 32'hd0b86868; rom[248] = 32'h82c34141;
    rom[249] = 32'h29b09999; rom[250] = 32'h5a772d2d; rom[251] = 32'h1e110f0f;
    rom[252] = 32'h7bcbb0b0; rom[253] = 32'ha8fc5454; rom[254] = 32'h6dd6bbbb;
    rom[255] = 32'h2c3a1616; rom[256] = 32'h5150a7f4; rom[257] = 32'h7e536541;
    rom[258] = 32'h1ac3a417; rom[259] = 32'h3a965e27; rom[260] = 32'h3bcb6bab;
    rom[261] = 32'h1ff1459d; rom[262] = 32'hacab58fa; rom[263] = 32'h4b9303e3;
    rom[264] = 32'h2055fa30; rom[265] = 32'hadf66d76; rom[266] = 32'h889176cc;
    rom[267] = 32'hf5254c02; rom[268] = 32'h4ffcd7e5; rom[269] = 32'hc5d7cb2a;
    rom[270] = 32'h26804435; rom[271] = 32'hb58fa362; rom[272] = 32'hde495ab1;
    rom[273] = 32'h25671bba; rom[274] = 32'h45980eea; rom[275] = 32'h5de1c0fe;
    rom[276] = 32'hc302752f; rom[277] = 32'h8112f04c; rom[278] = 32'h8da39746;
    rom[279] = 32'h6bc6f9d3; rom[280] = 32'h03e75f8f; rom[281] = 32'h15959c92;
    rom[282] = 32'hbfeb7a6d; rom[283] = 32'h95da5952; rom[284] = 32'hd42d83be;
    rom[285] = 32'h58d32174; rom[286] = 32'h492969e0; rom[287] = 32'h8e44c8c9;
    rom[288] = 32'h756a89c2; rom[289] = 32'hf478798e; rom[290] = 32'h996b3e58;
    rom[291] = 32'h27dd71b9; rom[292] = 32'hbeb64fe1; rom[293] = 32'hf017ad88;
    rom[294] = 32'hc966ac20; rom[295] = 32'h7db43ace; rom[296] = 32'h63184adf;
    rom[297] = 32'he582311a; rom[298] = 32'h97603351; rom[299] = 32'h62457f53;
    rom[300] = 32'hb1e07764; rom[301] = 32'hbb84ae6b; rom[302] = 32'hfe1ca081;
    rom[303] = 32'hf9942b08; rom[304] = 32'h70586848; rom[305] = 32'h8f19fd45;
    rom[306] = 32'h94876cde; rom[307] = 32'h52b7f87b; rom[308] = 32'hab23d373;
    rom[309] = 32'h72e2024b; rom[310] = 32'he3578f1f; rom[311] = 32'h662aab55;
    rom[312] = 32'hb20728eb; rom[313] = 32'h2f03c2b5; rom[314] = 32'h869a7bc5;
    rom[315] = 32'hd3a50837; rom[316] = 32'h30f28728; rom[317] = 32'h23b2a5bf;
    rom[318] = 32'h02ba6a03; rom[319] = 32'hed5c8216; rom[320] = 32'h8a2b1ccf;
    rom[321] = 32'ha792b479; rom[322] = 32'hf3f0f207; rom[323] = 32'h4ea1e269;
    rom[324] = 32'h65cdf4da; rom[325] = 32'h06d5be05; rom[326] = 32'hd11f6234;
    rom[327] = 32'hc48afea6; rom[328] = 32'h349d532e; rom[329] = 32'ha2a055f3;
    rom[330] = 32'h0532e18a; rom[331] = 32'ha475ebf6; rom[332] = 32'h0b39ec83;
    rom[333] = 32'h40aaef60; rom[334] = 32'h5e069f71; rom[335] = 32'hbd51106e;
    rom[336] = 32'h3ef98a21; rom[337] = 32'h963d06dd; rom[338] = 32'hddae053e;
    rom[339] = 32'h4d46bde6; rom[340] = 32'h91b58d54; rom[341] = 32'h71055dc4;
    rom[342] = 32'h046fd406; rom[343] = 32'h60ff1550; rom[344] = 32'h1924fb98;
    rom[345] = 32'hd697e9bd; rom[346] = 32'h89cc4340; rom[347] = 32'h67779ed9;
    rom[348] = 32'hb0bd42e8; rom[349] = 32'h07888b89; rom[350] = 32'he7385b19;
    rom[351] = 32'h79dbeec8; rom[352] = 32'ha1470a7c; rom[353] = 32'h7ce90f42;
    rom[354] = 32'hf8c91e84; rom[355] = 32'h00000000; rom[356] = 32'h09838680;
    rom[357] = 32'h3248ed2b; rom[358] = 32'h1eac7011; rom[359] = 32'h6c4e725a;
    rom[360] = 32'hfdfbff0e; rom[361] = 32'h0f563885; rom[362] = 32'h3d1ed5ae;
    rom[363] = 32'h3627392d; rom[364] = 32'h0a64d90f; rom[365] = 32'h6821a65c;
    rom[366] = 32'h9bd1545b; rom[367] = 32'h243a2e36; rom[368] = 32'h0cb1670a;
    rom[369] = 32'h930fe757; rom[370] = 32'hb4d296ee; rom[371] = 32'h1b9e919b;
    rom[372] = 32'h804fc5c0; rom[373] = 32'h61a220dc; rom[374] = 32'h5a694b77;
    rom[375] = 32'h1c161a12; rom[376] = 32'he20aba93; rom[377] = 32'hc0e52aa0;
    rom[378] = 32'h3c43e022; rom[379] = 32'h121d171b; rom[380] = 32'h0e0b0d09;
    rom[381] = 32'hf2adc78b; rom[382] = 32'h2db9a8b6; rom[383] = 32'h14c8a91e;
    rom[384] = 32'h578519f1; rom[385] = 32'haf4c0775; rom[386] = 32'heebbdd99;
    rom[387] = 32'ha3fd607f; rom[388] = 32'hf79f2601; rom[389] = 32'h5cbcf572;
    rom[390] = 32'h44c53b66; rom[391] = 32'h5b347efb; rom[392] = 32'h8b762943;
    rom[393] = 32'hcbdcc623; rom[394] = 32'hb668fced; rom[395] = 32'hb863f1e4;
    rom[396] = 32'hd7cadc31; rom[397] = 32'h42108563; rom[398] = 32'h13402297;
    rom[399] = 32'h842011c6; rom[400] = 32'h857d244a; rom[401] = 32'hd2f83dbb;
    rom[402] = 32'hae1132f9; rom[403] = 32'hc76da129; rom[404] = 32'h1d4b2f9e;
    rom[405] = 32'hdcf330b2; rom[406] = 32'h0dec5286; rom[407] = 32'h77d0e3c1;
    rom[408] = 32'h2b6c16b3; rom[409] = 32'ha999b970; rom[410] = 32'h11fa4894;
    rom[411] = 32'h472264e9; rom[412] = 32'ha8c48cfc; rom[413] = 32'ha01a3ff0;
    rom[414] = 32'h56d82c7d; rom[415] = 32'h22ef9033; rom[416] = 32'h87c74e49;
    rom[417] = 32'hd9c1d138; rom[418] = 32'h8cfea2ca; rom[419] = 32'h98360bd4;
    rom[420] = 32'ha6cf81f5; rom[421] = 32'ha528de7a; rom[422] = 32'hda268eb7;
    rom[423] = 32'h3fa4bfad; rom[424] = 32'h2ce49d3a; rom[425] = 32'h500d9278;
    rom[426] = 32'h6a9bcc5f; rom[427] = 32'h5462467e; rom[428] = 32'hf6c2138d;
    rom[429] = 32'h90e8b8d8; rom[430] = 32'h2e5ef739; rom[431] = 32'h82f5afc3;
    rom[432] = 32'h9fbe805d; rom[433] = 32'h697c93d0; rom[434] = 32'h6fa92dd5;
    rom[435] = 32'hcfb31225; rom[436] = 32'hc83b99ac; rom[437] = 32'h10a77d18;
    rom[438] = 32'he86e639c; rom[439] = 32'hdb7bbb3b; rom[440] = 32'hcd097826;
    rom[441] = 32'h6ef41859; rom[442] = 32'hec01b79a; rom[443] = 32'h83a89a4f;
    rom[444] = 32'he6656e95; rom[445] = 32'haa7ee6ff; rom[446] = 32'h2108cfbc;
    rom[447] = 32'hefe6e815; rom[448] = 32'hbad99be7; rom[449] = 32'h4ace366f;
    rom[450] = 32'head4099f; rom[451] = 32'h29d67cb0; rom[452] = 32'h31afb2a4;
    rom[453] = 32'h2a31233f; rom[454] = 32'hc63094a5; rom[455] = 32'h35c066a2;
    rom[456] = 32'h7437bc4e; rom[457] = 32'hfca6ca82; rom[458] = 32'he0b0d090;
    rom[459] = 32'h3315d8a7; rom[460] = 32'hf14a9804; rom[461] = 32'h41f7daec;
    rom[462] = 32'h7f0e50cd; rom[463] = 32'h172ff691; rom[464] = 32'h768dd64d;
    rom[465] = 32'h434db0ef; rom[466] = 32'hcc544daa; rom[467] = 32'he4df0496;
    rom[468] = 32'h9ee3b5d1; rom[469] = 32'h4c1b886a; rom[470] = 32'hc1b81f2c;
    rom[471] = 32'h467f5165; rom[472] = 32'h9d04ea5e; rom[473] = 32'h015d358c;
    rom[474] = 32'hfa737487; rom[475] = 32'hfb2e410b; rom[476] = 32'hb35a1d67;
    rom[477] = 32'h9252d2db; rom[478] = 32'he9335610; rom[479] = 32'h6d1347d6;
    rom[480] = 32'h9a8c61d7; rom[481] = 32'h377a0ca1; rom[482] = 32'h598e14f8;
    rom[483] = 32'heb893c13; rom[484] = 32'hceee27a9; rom[485] = 32'hb735c961;
    rom[486] = 32'he1ede51c; rom[487] = 32'h7a3cb147; rom[488] = 32'h9c59dfd2;
    rom[489] = 32'h553f73f2; rom[490] = 32'h1879ce14; rom[491] = 32'h73bf37c7;
    rom[492] = 32'h53eacdf7; rom[493] = 32'h5f5baafd; rom[494] = 32'hdf146f3d;
    rom[495] = 32'h7886db44; rom[496] = 32'hca81f3af; rom[497] = 32'hb93ec468;
    rom[498] = 32'h382c3424; rom[499] = 32'hc25f40a3; rom[500] = 32'h1672c31d;
    rom[501] = 32'hbc0c25e2; rom[502] = 32'h288b493c; rom[503] = 32'hff41950d;
    rom[504] = 32'h397101a8; rom[505] = 32'h08deb30c; rom[506] = 32'hd89ce4b4;
    rom[507] = 32'h6490c156; rom[508] = 32'h7b6184cb; rom[509] = 32'hd570b632;
    rom[510] = 32'h48745c6c; rom[511] = 32'hd04257b8; rom[512] = 32'h63000000;
    rom[513] = 32'h7c000000; rom[514] = 32'h77000000; rom[515] = 32'h7b000000;
    rom[516] = 32'hf2000000; rom[517] = 32'h6b000000; rom[518] = 32'h6f000000;
    rom[519] = 32'hc5000000; rom[520] = 32'h30000000; rom[521] = 32'h01000000;
    rom[522] = 32'h67000000; rom[523] = 32'h2b000000; rom[524] = 32'hfe000000;
    rom[525] = 32'hd7000000; rom[526] = 32'hab000000; rom[527] = 32'h76000000;
    rom[528] = 32'hca000000; rom[529] = 32'h82000000; rom[530] = 32'hc9000000;
    rom[531] = 32'h7d000000; rom[532] = 32'hfa000000; rom[533] = 32'h59000000;
    rom[534] = 32'h47000000; rom[535] = 32'hf0000000; rom[536] = 32'had000000;
    rom[537] = 32'hd4000000; rom[538] = 32'ha2000000; rom[539] = 32'haf000000;
    rom[540] = 32'h9c000000; rom[541] = 32'ha4000000; rom[542] = 32'h72000000;
    rom[543] = 32'hc0000000; rom[544] = 32'hb7000000; rom[545] = 32'hfd000000;
    rom[546] = 32'h93000000; rom[547] = 32'h26000000; rom[548] = 32'h36000000;
    rom[549] = 32'h3f000000; rom[550] = 32'hf7000000; rom[551] = 32'hcc000000;
    rom[552] = 32'h34000000; rom[553] = 32'ha5000000; rom[554] = 32'he5000000;
    rom[555] = 32'hf1000000; rom[556] = 32'h71000000; rom[557] = 32'hd8000000;
    rom[558] = 32'h31000000; rom[559] = 32'h15000000; rom[560] = 32'h04000000;
    rom[561] = 32'hc7000000; rom[562] = 32'h23000000; rom[563] = 32'hc3000000;
    rom[564] = 32'h18000000; rom[565] = 32'h96000000; rom[566] = 32'h05000000;
    rom[567] = 32'h9a000000; rom[568] = 32'h07000000; rom[569] = 32'h12000000;
    rom[570] = 32'h80000000; rom[571] = 32'he2000000; rom[572] = 32'heb000000;
    rom[573] = 32'h27000000; rom[574] = 32'hb2000000; rom[575] = 32'h75000000;
    rom[576] = 32'h09000000; rom[577] = 32'h83000000; rom[578] = 32'h2c000000;
    rom[579] = 32'h1a000000; rom[580] = 32'h1b000000; rom[581] = 32'h6e000000;
    rom[582] = 32'h5a000000; rom[583] = 32'ha0000000; rom[584] = 32'h52000000;
    rom[585] = 32'h3b000000; rom[586] = 32'hd6000000; rom[587] = 32'hb3000000;
    rom[588] = 32'h29000000; rom[589] = 32'he3000000; rom[590] = 32'h2f000000;
    rom[591] = 32'h84000000; rom[592] = 32'h53000000; rom[593] = 32'hd1000000;
    rom[594] = 32'h00000000; rom[595] = 32'hed000000; rom[596] = 32'h20000000;
    rom[597] = 32'hfc000000; rom[598] = 32'hb1000000; rom[599] = 32'h5b000000;
    rom[600] = 32'h6a000000; rom[601] = 32'hcb000000; rom[602] = 32'hbe000000;
    rom[603] = 32'h39000000; rom[604] = 32'h4a000000; rom[605] = 32'h4c000000;
    rom[606] = 32'h58000000; rom[607] = 32'hcf000000; rom[608] = 32'hd0000000;
    rom[609] = 32'hef000000; rom[610] = 32'haa000000; rom[611] = 32'hfb000000;
    rom[612] = 32'h43000000; rom[613] = 32'h4d000000; rom[614] = 32'h33000000;
    rom[615] = 32'h85000000; rom[616] = 32'h45000000; rom[617] = 32'hf9000000;
    rom[618] = 32'h02000000; rom[619] = 32'h7f000000; rom[620] = 32'h50000000;
    rom[621] = 32'h3c000000; rom[622] = 32'h9f000000; rom[623] = 32'ha8000000;
    rom[624] = 32'h51000000; rom[625] = 32'ha3000000; rom[626] = 32'h40000000;
    rom[627] = 32'h8f000000; rom[628] = 32'h92000000; rom[629] = 32'h9d000000;
    rom[630] = 32'h38000000; rom[631] = 32'hf5000000; rom[632] = 32'hbc000000;
    rom[633] = 32'hb6000000; rom[634] = 32'hda000000; rom[635] = 32'h21000000;
    rom[636] = 32'h10000000; rom[637] = 32'hff000000; rom[638] = 32'hf3000000;
    rom[639] = 32'hd2000000; rom[640] = 32'hcd000000; rom[641] = 32'h0c000000;
    rom[642] = 32'h13000000; rom[643] = 32'hec000000; rom[644] = 32'h5f000000;
    rom[645] = 32'h97000000; rom[646] = 32'h44000000; rom[647] = 32'h17000000;
    rom[648] = 32'hc4000000; rom[649] = 32'ha7000000; rom[650] = 32'h7e000000;
    rom[651] = 32'h3d000000; rom[652] = 32'h64000000; rom[653] = 32'h5d000000;
    rom[654] = 32'h19000000; rom[655] = 32'h73000000; rom[656] = 32'h60000000;
    rom[657] = 32'h81000000; rom[658] = 32'h4f000000; rom[659] = 32'hdc000000;
    rom[660] = 32'h22000000; rom[661] = 32'h2a000000; rom[662] = 32'h90000000;
    rom[663] = 32'h88000000; rom[664] = 32'h46000000; rom[665] = 32'hee000000;
    rom[666] = 32'hb8000000; rom[667] = 32'h14000000; rom[668] = 32'hde000000;
    rom[669] = 32'h5e000000; rom[670] = 32'h0b000000; rom[671] = 32'hdb000000;
    rom[672] = 32'he0000000; rom[673] = 32'h32000000; rom[674] = 32'h3a000000;
    rom[675] = 32'h0a000000; rom[676] = 32'h49000000; rom[677] = 32'h06000000;
    rom[678] = 32'h24000000; rom[679] = 32'h5c000000; rom[680] = 32'hc2000000;
    rom[681] = 32'hd3000000; rom[682] = 32'hac000000; rom[683] = 32'h62000000;
    rom[684] = 32'h91000000; rom[685] = 32'h95000000; rom[686] = 32'he4000000;
    rom[687] = 32'h79000000; rom[688] = 32'he7000000; rom[689] = 32'hc8000000;
    rom[690] = 32'h37000000; rom[691] = 32'h6d000000; rom[692] = 32'h8d000000;
    rom[693] = 32'hd5000000; rom[694] = 32'h4e000000; rom[695] = 32'ha9000000;
    rom[696] = 32'h6c000000; rom[697] = 32'h56000000; rom[698] = 32'hf4000000;
    rom[699] = 32'hea000000; rom[700] = 32'h65000000; rom[701] = 32'h7a000000;
    rom[702] = 32'hae000000; rom[703] = 32'h08000000; rom[704] = 32'hba000000;
    rom[705] = 32'h78000000; rom[706] = 32'h25000000; rom[707] = 32'h2e000000;
    rom[708] = 32'h1c000000; rom[709] = 32'ha6000000; rom[710] = 32'hb4000000;
    rom[711] = 32'hc6000000; rom[712] = 32'he8000000; rom[713] = 32'hdd000000;
    rom[714] = 32'h74000000; rom[715] = 32'h1f000000; rom[716] = 32'h4b000000;
    rom[717] = 32'hbd000000; rom[718] = 32'h8b000000; rom[719] = 32'h8a000000;
    rom[720] = 32'h70000000; rom[721] = 32'h3e000000; rom[722] = 32'hb5000000;
    rom[723] = 32'h66000000; rom[724] = 32'h48000000; rom[725] = 32'h03000000;
    rom[726] = 32'hf6000000; rom[727] = 32'h0e000000; rom[728] = 32'h61000000;
    rom[729] = 32'h35000000; rom[730] = 32'h57000000; rom[731] = 32'hb9000000;
    rom[732] = 32'h86000000; rom[733] = 32'hc1000000; rom[734] = 32'h1d000000;
    rom[735] = 32'h9e000000; rom[736] = 32'he1000000; rom[737] = 32'hf8000000;
    rom[738] = 32'h98000000; rom[739] = 32'h11000000; rom[740] = 32'h69000000;
    rom[741] = 32'hd9000000; rom[742] = 32'h8e000000; rom[743] = 32'h94000000;
    rom[744] = 32'h9b000000; rom[745] = 32'h1e000000; rom[746] = 32'h87000000;
    rom[747] = 32'he9000000; rom[748] = 32'hce000000; rom[749] = 32'h55000000;
    rom[750] = 32'h28000000; rom[751] = 32'hdf000000; rom[752] = 32'h8c000000;
    rom[753] = 32'ha1000000; rom[754] = 32'h89000000; rom[755] = 32'h0d000000;
    rom[756] = 32'hbf000000; rom[757] = 32'he6000000; rom[758] = 32'h42000000;
    rom[759] = 32'h68000000; rom[760] = 32'h41000000; rom[761] = 32'h99000000;
    rom[762] = 32'h2d000000; rom[763] = 32'h0f000000; rom[764] = 32'hb0000000;
    rom[765] = 32'h54000000; rom[766] = 32'hbb000000; rom[767] = 32'h16000000;
    rom[768] = 32'h52000000; rom[769] = 32'h09000000; rom[770] = 32'h6a000000;
    rom[771] = 32'hd5000000; rom[772] = 32'h30000000; rom[773] = 32'h36000000;
    rom[774] = 32'ha5000000; rom[775] = 32'h38000000; rom[776] = 32'hbf000000;
    rom[777] = 32'h40000000; rom[778] = 32'ha3000000; rom[779] = 32'h9e000000;
    rom[780] = 32'h81000000; rom[781] = 32'hf3000000; rom[782] = 32'hd7000000;
    rom[783] = 32'hfb000000; rom[784] = 32'h7c000000; rom[785] = 32'he3000000;
    rom[786] = 32'h39000000; rom[787] = 32'h82000000; rom[788] = 32'h9b000000;
    rom[789] = 32'h2f000000; rom[790] = 32'hff000000; rom[791] = 32'h87000000;
    rom[792] = 32'h34000000; rom[793] = 32'h8e000000; rom[794] = 32'h43000000;
    rom[795] = 32'h44000000; rom[796] = 32'hc4000000; rom[797] = 32'hde000000;
    rom[798] = 32'he9000000; rom[799] = 32'hcb000000; rom[800] = 32'h54000000;
    rom[801] = 32'h7b000000; rom[802] = 32'h94000000; rom[803] = 32'h32000000;
    rom[804] = 32'ha6000000; rom[805] = 32'hc2000000; rom[806] = 32'h23000000;
    rom[807] = 32'h3d000000; rom[808] = 32'hee000000; rom[809] = 32'h4c000000;
    rom[810] = 32'h95000000; rom[811] = 32'h0b000000; rom[812] = 32'h42000000;
    rom[813] = 32'hfa000000; rom[814] = 32'hc3000000; rom[815] = 32'h4e000000;
    rom[816] = 32'h08000000; rom[817] = 32'h2e000000; rom[818] = 32'ha1000000;
    rom[819] = 32'h66000000; rom[820] = 32'h28000000; rom[821] = 32'hd9000000;
    rom[822] = 32'h24000000; rom[823] = 32'hb2000000; rom[824] = 32'h76000000;
    rom[825] = 32'h5b000000; rom[826] = 32'ha2000000; rom[827] = 32'h49000000;
    rom[828] = 32'h6d000000; rom[829] = 32'h8b000000; rom[830] = 32'hd1000000;
    rom[831] = 32'h25000000; rom[832] = 32'h72000000; rom[833] = 32'hf8000000;
    rom[834] = 32'hf6000000; rom[835] = 32'h64000000; rom[836] = 32'h86000000;
    rom[837] = 32'h68000000; rom[838] = 32'h98000000; rom[839] = 32'h16000000;
    rom[840] = 32'hd4000000; rom[841] = 32'ha4000000; rom[842] = 32'h5c000000;
    rom[843] = 32'hcc000000; rom[844] = 32'h5d000000; rom[845] = 32'h65000000;
    rom[846] = 32'hb6000000; rom[847] = 32'h92000000; rom[848] = 32'h6c000000;
    rom[849] = 32'h70000000; rom[850] = 32'h48000000; rom[851] = 32'h50000000;
    rom[852] = 32'hfd000000; rom[853] = 32'hed000000; rom[854] = 32'hb9000000;
    rom[855] = 32'hda000000; rom[856] = 32'h5e000000; rom[857] = 32'h15000000;
    rom[858] = 32'h46000000; rom[859] = 32'h57000000; rom[860] = 32'ha7000000;
    rom[861] = 32'h8d000000; rom[862] = 32'h9d000000; rom[863] = 32'h84000000;
    rom[864] = 32'h90000000; rom[865] = 32'hd8000000; rom[866] = 32'hab000000;
    rom[867] = 32'h00000000; rom[868] = 32'h8c000000; rom[869] = 32'hbc000000;
    rom[870] = 32'hd3000000; rom[871] = 32'h0a000000; rom[872] = 32'hf7000000;
    rom[873] = 32'he4000000; rom[874] = 32'h58000000; rom[875] = 32'h05000000;
    rom[876] = 32'hb8000000; rom[877] = 32'hb3000000; rom[878] = 32'h45000000;
    rom[879] = 32'h06000000; rom[880] = 32'hd0000000; rom[881] = 32'h2c000000;
    rom[882] = 32'h1e000000; rom[883] = 32'h8f000000; rom[884] = 32'hca000000;
    rom[885] = 32'h3f000000; rom[886] = 32'h0f000000; rom[887] = 32'h02000000;
    rom[888] = 32'hc1000000; rom[889] = 32'haf000000; rom[890] = 32'hbd000000;
    rom[891] = 32'h03000000; rom[892] = 32'h01000000; rom[893] = 32'h13000000;
    rom[894] = 32'h8a000000; rom[895] = 32'h6b000000; rom[896] = 32'h3a000000;
    rom[897] = 32'h91000000; rom[898] = 32'h11000000; rom[899] = 32'h41000000;
    rom[900] = 32'h4f000000; rom[901] = 32'h67000000; rom[902] = 32'hdc000000;
    rom[903] = 32'hea000000; rom[904] = 32'h97000000; rom[905] = 32'hf2000000;
    rom[906] = 32'hcf000000; rom[907] = 32'hce000000; rom[908] = 32'hf0000000;
    rom[909] = 32'hb4000000; rom[910] = 32'he6000000; rom[911] = 32'h73000000;
    rom[912] = 32'h96000000; rom[913] = 32'hac000000; rom[914] = 32'h74000000;
    rom[915] = 32'h22000000; rom[916] = 32'he7000000; rom[917] = 32'had000000;
    rom[918] = 32'h35000000; rom[919] = 32'h85000000; rom[920] = 32'he2000000;
    rom[921] = 32'hf9000000; rom[922] = 32'h37000000; rom[923] = 32'he8000000;
    rom[924] = 32'h1c000000; rom[925] = 32'h75000000; rom[926] = 32'hdf000000;
    rom[927] = 32'h6e000000; rom[928] = 32'h47000000; rom[929] = 32'hf1000000;
    rom[930] = 32'h1a000000; rom[931] = 32'h71000000; rom[932] = 32'h1d000000;
    rom[933] = 32'h29000000; rom[934] = 32'hc5000000; rom[935] = 32'h89000000;
    rom[936] = 32'h6f000000; rom[937] = 32'hb7000000; rom[938] = 32'h62000000;
    rom[939] = 32'h0e000000; rom[940] = 32'haa000000; rom[941] = 32'h18000000;
    rom[942] = 32'hbe000000; rom[943] = 32'h1b000000; rom[944] = 32'hfc000000;
    rom[945] = 32'h56000000; rom[946] = 32'h3e000000; rom[947] = 32'h4b000000;
    rom[948] = 32'hc6000000; rom[949] = 32'hd2000000; rom[950] = 32'h79000000;
    rom[951] = 32'h20000000; rom[952] = 32'h9a000000; rom[953] = 32'hdb000000;
    rom[954] = 32'hc0000000; rom[955] = 32'hfe000000; rom[956] = 32'h78000000;
    rom[957] = 32'hcd000000; rom[958] = 32'h5a000000; rom[959] = 32'hf4000000;
    rom[960] = 32'h1f000000; rom[961] = 32'hdd000000; rom[962] = 32'ha8000000;
    rom[963] = 32'h33000000; rom[964] = 32'h88000000; rom[965] = 32'h07000000;
    rom[966] = 32'hc7000000; rom[967] = 32'h31000000; rom[968] = 32'hb1000000;
    rom[969] = 32'h12000000; rom[970] = 32'h10000000; rom[971] = 32'h59000000;
    rom[972] = 32'h27000000; rom[973] = 32'h80000000; rom[974] = 32'hec000000;
    rom[975] = 32'h5f000000; rom[976] = 32'h60000000; rom[977] = 32'h51000000;
    rom[978] = 32'h7f000000; rom[979] = 32'ha9000000; rom[980] = 32'h19000000;
    rom[981] = 32'hb5000000; rom[982] = 32'h4a000000; rom[983] = 32'h0d000000;
    rom[984] = 32'h2d000000; rom[985] = 32'he5000000; rom[986] = 32'h7a000000;
    rom[987] = 32'h9f000000; rom[988] = 32'h93000000; rom[989] = 32'hc9000000;
    rom[990] = 32'h9c000000; rom[991] = 32'hef000000; rom[992] = 32'ha0000000;
    rom[993] = 32'he0000000; rom[994] = 32'h3b000000; rom[995] = 32'h4d000000;
    rom[996] = 32'hae000000; rom[997] = 32'h2a000000; rom[998] = 32'hf5000000;
    rom[999] = 32'hb0000000; rom[1000] = 32'hc8000000; rom[1001] = 32'heb000000;
    rom[1002] = 32'hbb000000; rom[1003] = 32'h3c000000; rom[1004] = 32'h83000000;
    rom[1005] = 32'h53000000; rom[1006] = 32'h99000000; rom[1007] = 32'h61000000;
    rom[1008] = 32'h17000000; rom[1009] = 32'h2b000000; rom[1010] = 32'h04000000;
    rom[1011] = 32'h7e000000; rom[1012] = 32'hba000000; rom[1013] = 32'h77000000;
    rom[1014] = 32'hd6000000; rom[1015] = 32'h26000000; rom[1016] = 32'he1000000;
    rom[1017] = 32'h69000000; rom[1018] = 32'h14000000; rom[1019] = 32'h63000000;
    rom[1020] = 32'h55000000; rom[1021] = 32'h21000000; rom[1022] = 32'h0c000000;
    rom[1023] = 32'h7d000000;
  end

  wire [15:0] a = nf_i ? b_i : (mix_i ^ x_i);
  always @(posedge clk_i) begin
    if (en_i) begin
      qa_o <= rom[{fin_i, dec_i, a[15:8]}];
      qb_o <= rom[{fin_i, dec_i, a[7:0]}];
    end
  end

endmodule

`default_nettype wire
