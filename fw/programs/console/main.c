// SPDX-License-Identifier: Apache-2.0
/* console: run every Cipher-V engine by hand over the UART (`make console`).
 *
 * One command per line; `help` lists them. Data arguments are hex (`00112233...`) or text in
 * double quotes (`"hello world"`, the rest of the line). Results print as hex. Every error prints
 * one line starting with "error:" and the prompt comes back; nothing a user types can stop the
 * console except `quit`: a line longer than the line buffer is read to its end and answered
 * with an error, and any byte is taken as data. The prompt is "cv> " (the harness's --rx-prompt
 * waits for it before sending the next line, because the SoC's UART has no flow control).
 * State kept between commands: the backend, the keys, the IVs, ChaCha's nonce and counter, the
 * AEAD nonce. Each enc/dec/mac sets its engine up afresh from them and the IVs and the counter
 * do not advance, so a command repeated gives the same bytes (README.md). */
#include <stdio.h>
#include <string.h>

#include "cv_aead.h"
#include "cv_aes.h"
#include "cv_chacha.h"
#include "cv_csr.h"
#include "cv_memmap.h"
#include "cv_present.h"
#include "cv_prince.h"
#include "cv_sha3.h"

#define PROMPT "cv> "
#define MAX_DATA 256
#define LINE_BYTES (2 * MAX_DATA + 64)
#define MAX_TAG 16     /* an AEAD decryption's data: the ciphertext, then the tag */
#define MAX_NONCE 128  /* the AEAD nonce (GCM takes any length, CCM 7..13, ChaCha20-Poly1305 12) */
#define TAG_LENGTHS "error: tag length (:T): gcm 4, 8, 12..16 bytes, ccm 0 (CCM*) or 4..16 even\n"

/* ------------------------------------------------------------------ state set by commands */
static cv_backend_t backend = CV_BACKEND_SW;  /* every engine's backend */
static struct keys {
  uint8_t aes_key[32], prince_key[16], present_key[16], chacha_key[32];
  size_t aes_klen, prince_klen, present_klen, chacha_klen;  /* 0: not set */
  uint8_t aes_iv[16], blk_iv[8], chacha_nonce[12];
  size_t chacha_nlen;
  uint64_t chacha_ctr;  /* the block counter of ChaCha's first block */
  uint8_t aead_nonce[MAX_NONCE];
  size_t aead_nlen;
} K = {.chacha_nlen = 8, .aead_nlen = 12};
static uint32_t t_op;  /* cycles of the last engine call (key set up before) */

static uint8_t data[MAX_DATA + MAX_TAG] __attribute__((aligned(16)));
static uint8_t result[MAX_DATA + 64] __attribute__((aligned(16)));
static uint8_t aad[MAX_DATA] __attribute__((aligned(16)));

/* ------------------------------------------------------------------ parsing */
static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static char *skip_ws(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

/* Next space-separated word of *s (NUL-terminated in place), or NULL at the end of the line. */
static char *next_word(char **s) {
  char *p = skip_ws(*s);
  if (!*p) return NULL;
  char *w = p;
  while (*p && *p != ' ' && *p != '\t') p++;
  if (*p) *p++ = 0;
  *s = p;
  return w;
}

/* A data argument: "text" (to the closing quote or the end of the line) or hex digits.
 * Returns the length, or -1 with an error printed. */
static int parse_data(char **s, uint8_t *out, size_t max) {
  char *p = skip_ws(*s);
  size_t n = 0;
  if (*p == '"') {
    p++;
    while (*p && *p != '"') {
      if (n == max) goto too_long;
      out[n++] = (uint8_t)*p++;
    }
    if (*p == '"') p++;
    *s = p;
    return (int)n;
  }
  char *w = next_word(&p);
  *s = p;
  if (!w) {
    printf("error: missing data (hex digits or \"text\")\n");
    return -1;
  }
  size_t len = strlen(w);
  if (len % 2) {
    printf("error: odd number of hex digits\n");
    return -1;
  }
  for (size_t i = 0; i < len; i += 2) {
    int hi = hexval(w[i]), lo = hexval(w[i + 1]);
    if (hi < 0 || lo < 0) {
      printf("error: '%c%c' is not hex\n", w[i], w[i + 1]);
      return -1;
    }
    if (n == max) goto too_long;
    out[n++] = (uint8_t)(hi << 4 | lo);
  }
  return (int)n;
too_long:
  printf("error: data longer than %u bytes\n", (unsigned)max);
  return -1;
}

static void print_hex(const char *label, const uint8_t *p, size_t n) {
  printf("%s", label);
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

static const char *status_text(int st) {
  switch (st) {
    case CV_OK: return "ok";
    case CV_ERR_KEYLEN: return "key length not supported";
    case CV_ERR_LENGTH: return "length not allowed (whole blocks needed)";
    case CV_ERR_ARG: return "bad argument";
    case CV_ERR_ROUNDS: return "round count not supported";
    case CV_ERR_BUSY: return "engine busy";
    case CV_ERR_DMA: return "DMA error";
    case CV_ERR_MODE: return "mode not supported";
    case CV_ERR_OUTLEN: return "output length not allowed";
    case CV_ERR_NOKEY: return "no key in the engine";
    case CV_ERR_ABORTED: return "aborted";
    case CV_ERR_HW: return "not in this SoC's hardware (or a hardware error)";
    case CV_ERR_AUTH: return "authentication failed: the tag does not match, no plaintext";
    default: return "engine error";
  }
}

static int report(int st) {
  if (st != CV_OK) printf("error: %s (%d)\n", status_text(st), st);
  return st;
}

/* ------------------------------------------------------------------ engines */
enum { M_ECB, M_CBC, M_CFB, M_OFB, M_CTR, M_NONE };
static const char *const mode_names[] = {"ecb", "cbc", "cfb", "ofb", "ctr"};

static int parse_mode(const char *w) {
  for (int m = 0; m < M_NONE; m++)
    if (strcmp(w, mode_names[m]) == 0) return m;
  return -1;
}

/* One context per engine, outside the stack (the AES one holds a key schedule). */
static union {
  cv_aes_ctx aes;
  cv_prince_ctx prince;
  cv_present_ctx present;
  cv_chacha_ctx chacha;
  cv_aead_ctx aead;
} ctx;

/* A missing key: message printed, 1 returned (the callers print CV_ERR_* codes, negative). */
static int no_key(const char *name) {
  printf("error: no %s key (key %s <hex>)\n", name, name);
  return 1;
}

static int aes_run(int mode, int dir, const uint8_t *in, uint8_t *out, size_t n) {
  if (!K.aes_klen) return no_key("aes");
  int st = cv_aes_init(&ctx.aes, backend, K.aes_key, K.aes_klen);
  if (st == CV_OK) {
    uint8_t iv[16];
    memcpy(iv, K.aes_iv, 16);  /* each command starts from the IV that was set */
    t_op = cv_mcycle();
    switch (mode) {
      case M_ECB: st = cv_aes_ecb(&ctx.aes, dir, in, out, n); break;
      case M_CBC: st = cv_aes_cbc(&ctx.aes, dir, iv, in, out, n); break;
      case M_CFB: st = cv_aes_cfb128(&ctx.aes, dir, iv, in, out, n); break;
      case M_OFB: st = cv_aes_ofb(&ctx.aes, iv, in, out, n); break;
      default: st = cv_aes_ctr(&ctx.aes, iv, in, out, n); break;
    }
    t_op = cv_mcycle() - t_op;
  }
  cv_aes_zeroize(&ctx.aes);
  return st;
}

/* PRINCE (present = 0) or PRESENT (1), ECB or CTR from the counter that was set. */
static int blk_run(int present, int mode, int dir, const uint8_t *in, uint8_t *out, size_t n) {
  uint8_t ctr[8];
  int st;
  memcpy(ctr, K.blk_iv, 8);
  if (mode != M_ECB && mode != M_CTR) return CV_ERR_MODE;
  if (present) {
    if (!K.present_klen) return no_key("present");
    st = cv_present_init(&ctx.present, backend, K.present_key, K.present_klen);
    t_op = cv_mcycle();
    if (st == CV_OK)
      st = mode == M_ECB ? cv_present_ecb(&ctx.present, dir, in, out, n)
                         : cv_present_ctr(&ctx.present, ctr, in, out, n);
    t_op = cv_mcycle() - t_op;
    cv_present_zeroize(&ctx.present);
  } else {
    if (!K.prince_klen) return no_key("prince");
    st = cv_prince_init(&ctx.prince, backend, K.prince_key, K.prince_klen);
    t_op = cv_mcycle();
    if (st == CV_OK)
      st = mode == M_ECB ? cv_prince_ecb(&ctx.prince, dir, in, out, n)
                         : cv_prince_ctr(&ctx.prince, ctr, in, out, n);
    t_op = cv_mcycle() - t_op;
    cv_prince_zeroize(&ctx.prince);
  }
  return st;
}

static int chacha_run(int rounds, const uint8_t *in, uint8_t *out, size_t n) {
  if (!K.chacha_klen) return no_key("chacha");
  if (K.chacha_nlen == 12 && (K.chacha_ctr >> 32)) {
    printf("error: a 12-byte nonce (RFC 8439) takes a 32-bit counter\n");
    return 1;
  }
  int st = cv_chacha_init(&ctx.chacha, backend, K.chacha_key, K.chacha_klen, K.chacha_nonce,
                          K.chacha_nlen, rounds);
  if (st == CV_OK) cv_chacha_set_counter(&ctx.chacha, K.chacha_ctr);
  t_op = cv_mcycle();
  if (st == CV_OK) st = cv_chacha_xor(&ctx.chacha, in, out, n);
  t_op = cv_mcycle() - t_op;
  cv_chacha_zeroize(&ctx.chacha);
  return st;
}

/* AEAD: enc|dec <aes gcm[:T]|aes ccm[:T]|chacha20-poly1305> <aad> <data>, the nonce from
 * `iv aead`. Encryption prints the ciphertext and the T-byte tag after it (RFC 5116's
 * ciphertext); decryption takes that and prints the plaintext, or on a wrong tag the error and
 * nothing of the plaintext (the one-shot call has zeroed it). */
static void aead_run(cv_aead_alg_t alg, int tlen, int dir, char *args) {
  int na = parse_data(&args, aad, MAX_DATA), n = na < 0 ? -1 : parse_data(&args, data,
                                                                          MAX_DATA + MAX_TAG);
  if (n < 0) return;
  const int cha = alg == CV_AEAD_CHACHA20_POLY1305;
  if (!(cha ? K.chacha_klen : K.aes_klen)) {
    no_key(cha ? "chacha" : "aes");
    return;
  }
  if (dir == CV_DECRYPT ? n < tlen : n > MAX_DATA) {
    if (dir) printf("error: data shorter than the %d-byte tag\n", tlen);
    else printf("error: data longer than %u bytes\n", (unsigned)MAX_DATA);
    return;
  }
  if (!tlen && na) {
    printf("error: CCM* (tag length 0) takes no AAD (give \"\")\n");
    return;
  }
#ifdef CV_AEAD_SW_ONLY
  if (backend != CV_BACKEND_SW) {
    printf("error: AEAD on %s: this console has the sw backend only (AEAD_HW=1 builds the "
           "others)\n", cv_backend_name(backend));
    return;
  }
#endif
  if (dir == CV_DECRYPT) n -= tlen;
  int st = cha ? cv_aead_init(&ctx.aead, alg, backend, K.chacha_key, K.chacha_klen)
               : cv_aead_init(&ctx.aead, alg, backend, K.aes_key, K.aes_klen);
  if (st == CV_OK)
    st = dir == CV_ENCRYPT
             ? cv_aead_encrypt(&ctx.aead, K.aead_nonce, K.aead_nlen, aad, (size_t)na, data,
                               result, (size_t)n, result + n, (size_t)tlen)
             : cv_aead_decrypt(&ctx.aead, K.aead_nonce, K.aead_nlen, aad, (size_t)na, data,
                               result, (size_t)n, data + n, (size_t)tlen);
  cv_aead_zeroize(&ctx.aead);
  if (st == CV_ERR_ARG)  /* the buffers are the console's: the nonce's length */
    printf("error: nonce length (iv aead): gcm 1..%u bytes, ccm 7..13, chacha20-poly1305 12\n",
           MAX_NONCE);
  else if (st == CV_ERR_OUTLEN)
    printf(TAG_LENGTHS);
  else if (report(st) == CV_OK)
    print_hex("", result, (size_t)(dir ? n : n + tlen));
}

/* An AES AEAD mode, gcm or ccm, with the tag length after a colon (gcm:12, ccm:0 for CCM*):
 * the tag length (16 without one), -1 for a bad one, -2 for no AEAD mode. */
static int aead_tag(const char *w) {
  if (strncmp(w, "gcm", 3) && strncmp(w, "ccm", 3)) return -2;
  if (!w[3]) return 16;
  if (w[3] != ':' || !w[4]) return -1;
  int t = 0;
  for (const char *d = w + 4; *d; d++) {
    if (*d < '0' || *d > '9' || t > MAX_TAG) return -1;
    t = t * 10 + *d - '0';
  }
  return t > MAX_TAG ? -1 : t;
}

/* enc/dec <engine> [mode] <data> */
static void cmd_cipher(char *args, int dir) {
  char *eng = next_word(&args);
  if (!eng) {
    printf("error: usage: %s <aes|prince|present|chacha8|chacha12|chacha20> [mode] <data> "
           "(AEAD: help)\n", dir ? "dec" : "enc");
    return;
  }
  if (strcmp(eng, "chacha20-poly1305") == 0) {
    aead_run(CV_AEAD_CHACHA20_POLY1305, 16, dir, args);
    return;
  }
  int rounds = 0;
  if (strncmp(eng, "chacha", 6) == 0) {
    rounds = (strcmp(eng + 6, "8") == 0) ? 8 : (strcmp(eng + 6, "12") == 0) ? 12
             : (strcmp(eng + 6, "20") == 0) ? 20 : -1;
    if (rounds < 0) {
      printf("error: ChaCha takes 8, 12 or 20 rounds (chacha8, chacha12, chacha20)\n");
      return;
    }
  } else if (strcmp(eng, "aes") && strcmp(eng, "prince") && strcmp(eng, "present")) {
    printf("error: unknown engine '%s' (help lists them)\n", eng);
    return;
  }
  int mode = M_NONE;
  if (!rounds) {
    char *w = next_word(&args);
    mode = w ? parse_mode(w) : -1;
    int tlen = mode < 0 && w && eng[0] == 'a' ? aead_tag(w) : -2;
    if (tlen > -2) {
      if (tlen < 0) {
        printf(TAG_LENGTHS);
        return;
      }
      aead_run(w[0] == 'g' ? CV_AEAD_AES_GCM : CV_AEAD_AES_CCM, tlen, dir, args);
      return;
    }
    if (mode < 0) {
      printf("error: mode must be one of ecb cbc cfb ofb ctr gcm ccm\n");
      return;
    }
  }
  int n = parse_data(&args, data, MAX_DATA);
  if (n < 0) return;
  int st;
  if (rounds) st = chacha_run(rounds, data, result, (size_t)n);
  else if (eng[0] == 'a') st = aes_run(mode, dir, data, result, (size_t)n);
  else st = blk_run(eng[2] == 'e', mode, dir, data, result, (size_t)n);
  if (st > 0) return;  /* message printed */
  if (report(st) == CV_OK) print_hex("", result, (size_t)n);
}

/* key with no engine: which keys are set (their bytes are never printed). */
static void show_keys(void) {
  static const char *const names[] = {"aes", "prince", "present", "chacha"};
  const size_t lens[] = {K.aes_klen, K.prince_klen, K.present_klen, K.chacha_klen};
  for (int i = 0; i < 4; i++)
    if (lens[i]) printf("key %s: %u bytes\n", names[i], (unsigned)lens[i]);
    else printf("key %s: not set\n", names[i]);
}

static void cmd_key(char *args) {
  char *eng = next_word(&args);
  if (!eng) {
    show_keys();
    return;
  }
  int n = parse_data(&args, data, 32);
  if (n < 0) return;
  size_t len = (size_t)n;
  if (strcmp(eng, "aes") == 0 && (len == 16 || len == 24 || len == 32)) {
    memcpy(K.aes_key, data, len), K.aes_klen = len;
  } else if (strcmp(eng, "prince") == 0 && len == 16) {
    memcpy(K.prince_key, data, len), K.prince_klen = len;
  } else if (strcmp(eng, "present") == 0 && (len == 10 || len == 16)) {
    memcpy(K.present_key, data, len), K.present_klen = len;
  } else if (strcmp(eng, "chacha") == 0 && (len == 16 || len == 32)) {
    memcpy(K.chacha_key, data, len), K.chacha_klen = len;
  } else {
    printf("error: key sizes: aes 16/24/32 bytes, prince 16, present 10/16, chacha 16/32\n");
    return;
  }
  printf("key %s: %u bytes\n", eng, (unsigned)len);
}

/* The IV lines: which = 'a' (aes), 'b' (block), 'c' (chacha), 0 for all three. */
static void show_iv(int which) {
  if (!which || which == 'a') print_hex("iv aes: ", K.aes_iv, 16);
  if (!which || which == 'b') print_hex("iv block: ", K.blk_iv, 8);
  if (!which || which == 'c') {
    print_hex("iv chacha: nonce ", K.chacha_nonce, K.chacha_nlen);
    /* printf has no 64-bit conversion here: the high word, when there is one, in hex */
    uint32_t hi = (uint32_t)(K.chacha_ctr >> 32), lo = (uint32_t)K.chacha_ctr;
    if (hi) printf("iv chacha: counter 0x%08lx%08lx\n", (unsigned long)hi, (unsigned long)lo);
    else printf("iv chacha: counter %lu\n", (unsigned long)lo);
  }
  if (!which || which == 'e') print_hex("iv aead: nonce ", K.aead_nonce, K.aead_nlen);
}

/* iv [aes|block|chacha|aead] [<hex>]: without a value, shows it. */
static void cmd_iv(char *args) {
  char *eng = next_word(&args);
  int which = !eng ? 0 : strcmp(eng, "aes") == 0 ? 'a' : strcmp(eng, "block") == 0 ? 'b'
              : strcmp(eng, "chacha") == 0 ? 'c' : strcmp(eng, "aead") == 0 ? 'e' : -1;
  if (which < 0) {
    printf("error: usage: iv [aes|block|chacha|aead] [<hex>]\n");
    return;
  }
  if (!which || !*skip_ws(args)) {
    show_iv(which);
    return;
  }
  int n = parse_data(&args, data, MAX_NONCE);
  if (n < 0) return;
  if (which == 'e' && n) {
    memcpy(K.aead_nonce, data, (size_t)n), K.aead_nlen = (size_t)n;
  } else if (which == 'a' && n == 16) {
    memcpy(K.aes_iv, data, 16);
  } else if (which == 'b' && n == 8) {
    memcpy(K.blk_iv, data, 8);
  } else if (which == 'c' && (n == 8 || n == 12)) {
    memcpy(K.chacha_nonce, data, (size_t)n), K.chacha_nlen = (size_t)n;
  } else {
    printf("error: iv sizes: aes 16 bytes, block (PRINCE/PRESENT counter) 8, chacha nonce 8 "
           "(original) or 12 (RFC 8439), aead 1..%u\n", MAX_NONCE);
    return;
  }
  show_iv(which);
}

/* counter chacha <n>: decimal or 0x-hex, 64 bits (a 12-byte nonce uses 32). */
static void cmd_counter(char *args) {
  char *eng = next_word(&args), *w = next_word(&args);
  if (!eng || strcmp(eng, "chacha") || next_word(&args)) {
    printf("error: usage: counter chacha [<n>] (decimal or 0x-hex)\n");
    return;
  }
  if (w) {
    int hex = w[0] == '0' && (w[1] == 'x' || w[1] == 'X');
    uint64_t v = 0;
    char *d = w + 2 * hex;
    int ok = *d != 0;
    for (; ok && *d; d++) {
      int x = hex ? hexval(*d) : (*d >= '0' && *d <= '9') ? *d - '0' : -1;
      uint64_t next = hex ? v << 4 : v * 10;
      ok = x >= 0 && (hex ? v >> 60 == 0 : v <= UINT64_MAX / 10 && next + (unsigned)x >= next);
      v = next + (unsigned)x;
    }
    if (!ok) {
      printf("error: counter: a number below 2^64, decimal or 0x-hex\n");
      return;
    }
    K.chacha_ctr = v;
  }
  show_iv('c');
}

static int hash_run(int alg, const uint8_t *in, size_t n, uint8_t *out, size_t outlen) {
  t_op = cv_mcycle();
  int st = cv_sha3_hash(backend, alg, in, n, out, outlen);
  t_op = cv_mcycle() - t_op;
  return st;
}

/* hash <sha3-224|sha3-256|sha3-384|sha3-512|shake128[:N]|shake256[:N]> <data> */
static void cmd_hash(char *args) {
  static const char *const names[] = {"sha3-224", "sha3-256", "sha3-384", "sha3-512",
                                      "shake128", "shake256"};
  static const uint8_t md[] = {28, 32, 48, 64, 32, 64};  /* SHAKE default output lengths */
  char *w = next_word(&args);
  if (!w) {
    printf("error: usage: hash <sha3-224|sha3-256|sha3-384|sha3-512|shake128[:N]|shake256[:N]> "
           "<data>\n");
    return;
  }
  char *colon = strchr(w, ':');
  unsigned outlen = 0;
  if (colon) {
    *colon++ = 0;
    for (; *colon; colon++) {
      if (*colon < '0' || *colon > '9' || outlen > MAX_DATA) {
        outlen = MAX_DATA + 1;
        break;
      }
      outlen = outlen * 10 + (unsigned)(*colon - '0');
    }
  }
  int alg = -1;
  for (int i = 0; i < 6; i++)
    if (strcmp(w, names[i]) == 0) alg = i;
  if (alg < 0) {
    printf("error: unknown hash '%s'\n", w);
    return;
  }
  if (colon && (alg < CV_SHAKE128 || outlen == 0 || outlen > MAX_DATA)) {
    printf("error: an output length (1..%u) is for shake128/shake256 only\n", MAX_DATA);
    return;
  }
  if (!outlen) outlen = md[alg];
  int n = parse_data(&args, data, MAX_DATA);
  if (n < 0) return;
  if (report(hash_run(alg, data, (size_t)n, result, outlen)) == CV_OK)
    print_hex("", result, outlen);
}

static void cmd_mac(char *args) {
  char *w = next_word(&args);
  if (!w || strcmp(w, "aes")) {
    printf("error: usage: mac aes <data> (AES-CMAC)\n");
    return;
  }
  int n = parse_data(&args, data, MAX_DATA);
  if (n < 0) return;
  if (!K.aes_klen) {
    printf("error: no AES key (key aes <hex>)\n");
    return;
  }
  int st = cv_aes_init(&ctx.aes, backend, K.aes_key, K.aes_klen);
  if (st == CV_OK) st = cv_aes_cmac(&ctx.aes, data, (size_t)n, result);
  cv_aes_zeroize(&ctx.aes);
  if (report(st) == CV_OK) print_hex("", result, 16);
}

static void cmd_backend(char *args) {
  char *w = next_word(&args);
  if (w) {
    int found = -1;
    for (int b = 0; b < CV_BACKEND_COUNT; b++)
      if (strcmp(w, cv_backend_name((cv_backend_t)b)) == 0) found = b;
    if (found < 0) {
      printf("error: backends: sw mmio cpi cpi-dma mmio-dma\n");
      return;
    }
    backend = (cv_backend_t)found;
  }
  printf("backend %s (every engine)\n", cv_backend_name(backend));
}

/* ------------------------------------------------------------------ self-test and timing */
static int unhex(const char *h, uint8_t *out) {
  int n = 0;
  for (; h[0] && h[1]; h += 2) out[n++] = (uint8_t)(hexval(h[0]) << 4 | hexval(h[1]));
  return n;
}

/* Known answers (VECTORS.md, FIPS-197): engine, parameter (ChaCha rounds / SHA-3 function),
 * key, input (ChaCha: the nonce, then 16 zero bytes are XORed), expected output. */
enum { T_AES, T_PRINCE, T_PRESENT, T_CHACHA, T_SHA3 };
static const struct kat {
  uint8_t eng, arg;
  const char *name, *key, *in, *out;
} kats[] = {
    {T_AES, 0, "aes-128 fips197", "000102030405060708090a0b0c0d0e0f",
     "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
    {T_PRINCE, 0, "prince paper A row 5", "0000000000000000fedcba9876543210", "0123456789abcdef",
     "ae25ad3ca8fa9ccf"},
    {T_PRESENT, 0, "present-80 ones", "ffffffffffffffffffff", "ffffffffffffffff",
     "3333dcd3213210d2"},
    {T_PRESENT, 0, "present-128 ones", "ffffffffffffffffffffffffffffffff", "ffffffffffffffff",
     "628d9fbd4218e5b4"},
    {T_CHACHA, 8, "chacha8 tc8", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d",
     "1ada31d5cf688221", "838751b42d8ddd8a3d77f48825a2ba75"},
    {T_CHACHA, 20, "chacha20 tc8", "c46ec1b18ce8a878725a37e780dfb7351f68ed2e194c79fbc6aebee1a667975d",
     "1ada31d5cf688221", "f63a89b75c2271f9368816542ba52f06"},
    {T_SHA3, CV_SHA3_512, "sha3-512 abc", "", "616263",
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
     "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
};

/* Runs one known answer with the current backend (the keys set by the user are kept aside);
 * the output is in result, its length returned (negative: the CV_ERR_*). */
static int kat_run(const struct kat *t) {
  struct keys saved = K;
  uint8_t k[32];
  int kl = unhex(t->key, k), n = unhex(t->in, data), st;
  switch (t->eng) {
    case T_AES:
      memcpy(K.aes_key, k, 16), K.aes_klen = 16;
      st = aes_run(M_ECB, CV_ENCRYPT, data, result, (size_t)n);
      break;
    case T_PRINCE:
    case T_PRESENT:
      memcpy(t->eng == T_PRINCE ? K.prince_key : K.present_key, k, (size_t)kl);
      K.prince_klen = K.present_klen = (size_t)kl;
      st = blk_run(t->eng == T_PRESENT, M_ECB, CV_ENCRYPT, data, result, (size_t)n);
      break;
    case T_CHACHA:
      memcpy(K.chacha_key, k, 32), K.chacha_klen = 32;
      memcpy(K.chacha_nonce, data, 8), K.chacha_nlen = 8, K.chacha_ctr = 0;
      memset(data, 0, 16);
      n = 16;
      st = chacha_run(t->arg, data, result, 16);
      break;
    default:
      st = hash_run(t->arg, data, (size_t)n, result, 64);
      n = 64;
      break;
  }
  K = saved;
  return st ? st : n;
}

static void cmd_selftest(void) {
  int pass = 0, fail = 0;
  cv_backend_t keep = backend;
  for (int b = 0; b < CV_BACKEND_COUNT; b++) {
    backend = (cv_backend_t)b;
    for (unsigned i = 0; i < sizeof kats / sizeof kats[0]; i++) {
      uint8_t want[64];
      int n = kat_run(&kats[i]);
      int ok = n > 0 && memcmp(result, want, (size_t)unhex(kats[i].out, want)) == 0;
      printf("  %-22s %-8s %s\n", kats[i].name, cv_backend_name(backend), ok ? "PASS" : "FAIL");
      ok ? pass++ : fail++;
    }
  }
  backend = keep;
  printf("selftest: %d passed, %d failed\n", pass, fail);
}

/* Cycles of one call per engine and backend (key already set up), sw beside hardware. */
static void cmd_time(void) {
  cv_backend_t keep = backend;
  printf("  %-22s", "cycles");
  for (int b = 0; b < CV_BACKEND_COUNT; b++) printf(" %9s", cv_backend_name((cv_backend_t)b));
  printf("\n");
  for (unsigned i = 0; i < sizeof kats / sizeof kats[0]; i++) {
    printf("  %-22s", kats[i].name);
    for (int b = 0; b < CV_BACKEND_COUNT; b++) {
      backend = (cv_backend_t)b;
      int n = kat_run(&kats[i]);
      printf(" %9lu", n > 0 ? (unsigned long)t_op : 0ul);
    }
    printf("\n");
  }
  backend = keep;
  printf("(console built at -Os: the benchmark's -O2 figures are lower)\n");
}

static void cmd_help(void) {
  printf("commands:\n"
         " help | quit\n"
         " backend [sw|mmio|cpi|cpi-dma|mmio-dma]  (every engine)\n"
         " key <aes|prince|present|chacha> <hex>  aes 16/24/32 B, prince 16, present 10/16,"
         " chacha 16/32\n"
         " iv <aes|block|chacha> <hex>  aes 16 B (IV of cbc cfb ofb, first counter block of"
         " ctr), block = PRINCE/PRESENT ctr counter 8 B, chacha nonce 8 (original) or 12"
         " (RFC 8439)\n"
         " iv aead <hex>  the AEAD nonce: gcm 1..128 B (12 the usual), ccm 7..13,"
         " chacha20-poly1305 12\n"
         " counter chacha <n>  ChaCha's first block counter (RFC 8439 encryption: 1)\n"
         " enc|dec aes <ecb|cbc|cfb|ofb|ctr> <data>\n"
         " enc|dec <prince|present> <ecb|ctr> <data>\n"
         " enc|dec <chacha8|chacha12|chacha20> <data>  XOR with the keystream\n"
         " enc|dec <aes gcm[:T]|aes ccm[:T]|chacha20-poly1305> <aad> <data>  AEAD (key aes,"
         " key chacha 32 B, iv aead); T tag bytes (gcm 4 8 12..16, ccm 0 4..16 even, default"
         " 16); enc prints ciphertext||tag, dec takes it\n"
         " mac aes <data>  AES-CMAC\n"
         " hash <sha3-224|sha3-256|sha3-384|sha3-512|shake128[:N]|shake256[:N]> <data>\n"
         " selftest  known answers, every engine and backend\n"
         " time  cycles per call, every engine and backend\n"
         "data: hex (00112233...) or \"text\", at most %d bytes\n"
         "kept between commands: backend, keys, IVs, ChaCha nonce and counter, AEAD nonce (key,"
         " iv, counter chacha: no value shows them). Each command starts afresh from them: IVs and"
         " counter never advance, so a command repeated gives the same bytes\n", MAX_DATA);
}

/* Reads one line (without the newline) into buf; an over-long line is read to its end, cut and
 * flagged (1), and a line during which the RX FIFO overflowed is flagged (2): bytes were lost.
 * The UART is polled here directly, not through stdio or a call: at the default bit period a
 * character arrives every 40 cycles and the 16-byte RX FIFO has no flow control, so the loop
 * must be short whatever the build's calling convention costs. */
static int read_line(char *buf, size_t n) {
  size_t len = 0;
  int flags = 0;
  for (;;) {
    uint32_t v;
    while ((v = CV_REG32(CV_UART_RXDATA_ADDR)) & CV_UART_RXDATA_EMPTY_MASK) {
    }
    char c = (char)(v & CV_UART_RXDATA_DATA_MASK);
    if (c == '\r') continue;
    if (c == '\n') break;
    if (len < n - 1) buf[len++] = c;
    else flags |= 1;
  }
  buf[len] = 0;
  if (CV_REG32(CV_UART_STATUS_ADDR) & CV_UART_STATUS_RXOVF_MASK) {
    CV_REG32(CV_UART_CTRL_ADDR) = CV_UART_CTRL_CLROVF_MASK;
    flags |= 2;
  }
  return flags;
}

int main(void) {
  static char line[LINE_BYTES];
  printf("Cipher-V console: AES, PRINCE, PRESENT, ChaCha, SHA-3, AEAD. Type help.\n");
  for (;;) {
    printf(PROMPT);
    fflush(stdout);
    int flags = read_line(line, sizeof line);
    if (flags & 2) {
      printf("error: input lost (it came faster than the console reads, or while it was busy): "
             "line ignored\n");
      continue;
    }
    if (flags) {
      printf("error: line longer than %u characters\n", (unsigned)(sizeof line - 1));
      continue;
    }
    char *args = line;
    char *cmd = next_word(&args);
    if (!cmd) continue;
    if (strcmp(cmd, "help") == 0) cmd_help();
    else if (strcmp(cmd, "backend") == 0) cmd_backend(args);
    else if (strcmp(cmd, "key") == 0) cmd_key(args);
    else if (strcmp(cmd, "iv") == 0) cmd_iv(args);
    else if (strcmp(cmd, "counter") == 0) cmd_counter(args);
    else if (strcmp(cmd, "enc") == 0) cmd_cipher(args, CV_ENCRYPT);
    else if (strcmp(cmd, "dec") == 0) cmd_cipher(args, CV_DECRYPT);
    else if (strcmp(cmd, "mac") == 0) cmd_mac(args);
    else if (strcmp(cmd, "hash") == 0) cmd_hash(args);
    else if (strcmp(cmd, "selftest") == 0) cmd_selftest();
    else if (strcmp(cmd, "time") == 0) cmd_time();
    else if (strcmp(cmd, "quit") == 0) break;
    else printf("error: unknown command '%s' (help lists them)\n", cmd);
  }
  printf("bye\n");
  return 0;
}
