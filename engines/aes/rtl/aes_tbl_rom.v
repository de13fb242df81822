// SPDX-License-Identifier: Apache-2.0
// aes_tbl_rom.v
// One AES round table ("T-box") with a registered read: a 512 x 32-bit ROM for block RAM.
`default_nettype none

// Address {dec, x}. Encryption (dec = 0): the four bytes {02, 03, 01, 01}.S(x); decryption
// (dec = 1): {0e, 0b, 0d, 09}.S^-1(x) (byte 0 in bits 31:24). These are the coefficients of
// the first row of MixColumns / InvMixColumns, so a byte of the next state is the XOR of one
// byte from each of four tables (aes_dp_tbl). Both coefficient sets XOR to 01, so the XOR of
// the four bytes of one entry is the plain S(x) or S^-1(x) that the final round needs.
// The read is synchronous with a read enable that holds the output, as a block RAM port reads
// (yosys maps the ROM to one DP16KD on ECP5, one RAMB18E1 on 7-series). The table is printed by
// engines/aes/model/gen_sbox.py (tbox()); tests/test_aes_sbox_formal.py checks it against the
// field definition.
module aes_tbl_rom (
  input  wire        clk_i,
  input  wire        en_i,
  input  wire [8:0]  addr_i,
  output reg  [31:0] q_o
);

  reg [31:0] rom [0:511];
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
    rom[510] = 32'h48745c6c; rom[511] = 32'hd04257b8;
  end

  always @(posedge clk_i) begin
    if (en_i) q_o <= rom[addr_i];
  end

endmodule

`default_nettype wire
