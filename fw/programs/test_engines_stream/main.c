// SPDX-License-Identifier: Apache-2.0
/* test_engines_stream: test_engines for the ChaCha and SHA-3 engines (the second image of
 * fw/programs/test_engines/main.c: every driver with its software backend does not fit one). */
#define TEST_ENGINES_SET 2
#include "../test_engines/main.c"
