/*
 * mgjob_harness: jaque's mod_gearman codec (compat/gearman) against
 * mod_gearman's own, in one process.  Built by t_mgjob_vs_mod_gearman.sh
 * with the common objects of a mod_gearman build
 * (contrib/gearman/build-mod-gearman.sh): mod_gm_encrypt, mod_gm_decrypt,
 * base64_encode, base64_decode and make_uniq are mod_gearman's code.
 *
 * For every key (none, empty, short, 32 bytes, longer) and text (every
 * length up to 70, the job texts jaque builds, a result, 200 KB):
 *   - the payloads are the same bytes (where mod_gearman can encrypt);
 *   - mod_gearman decodes jaque's payload to the text, jaque decodes
 *     mod_gearman's;
 *   - a wrong key gives both the same garbage;
 *   - a clear "type=" payload passes both with accept-all.
 * Then base64 alone on binary data and on odd input, and unique ids.
 * Prints one line per failure and a summary; exits 1 on any failure.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"

#include <gm_crypt.h>
#include <utils.h>

/* what mod_gearman's common objects expect from the program */
mod_gm_opt_t *mod_gm_opt = NULL;
char hostname[GM_SMALLBUFSIZE] = "harness";
void *current_client = NULL;
void *current_client_dup = NULL;

char *
nebcallback2str(int i)
{
	(void)i;
	return strdup("?");
}

void
write_core_log(char *data)
{
	fputs(data, stderr);
}

static int checks, failures, cannot_encrypt;

static void
fail(const char *what, const char *key, size_t len)
{
	failures++;
	printf("FAIL: %s (key %s%s%s, text of %zu bytes)\n", what, key ? "\"" : "",
	    key ? key : "none", key ? "\"" : "", len);
}

#define CHECK(cond, what, key, len) \
	do { \
		checks++; \
		if (!(cond)) \
			fail(what, key, len); \
	} while (0)

static char *
mg_encode(const char *key, const char *text, int mode)
{
	EVP_CIPHER_CTX *ctx = key ? mod_gm_crypt_init(key) : NULL;
	char *p = NULL;
	int n = mod_gm_encrypt(ctx, &p, text, mode);

	mod_gm_crypt_deinit(ctx);
	if (n <= 0) {
		free(p);
		return NULL;
	}
	return p;
}

/* mod_gearman's text of a payload, or NULL; *room gets how many bytes of
 * it are defined (the decrypted blocks; beyond is uninitialised memory) */
static char *
mg_decode(const char *key, const char *payload, int mode, size_t *room)
{
	EVP_CIPHER_CTX *ctx = key ? mod_gm_crypt_init(key) : NULL;
	char *t = NULL;
	size_t len = strlen(payload);
	int rc = mod_gm_decrypt(ctx, &t, payload, len, mode);

	mod_gm_crypt_deinit(ctx);
	*room = len / 4 * 3 / 16 * 16;
	if (rc != 1) {
		free(t);
		return NULL;
	}
	return t;
}

/* a, jaque's text, is what mod_gearman's b holds as far as b is defined
 * (room bytes): beyond, mod_gearman reads memory it never wrote */
static int
same_garbage(const char *a, const char *b, size_t room)
{
	size_t al = a ? strlen(a) : 0;

	if (a == NULL || b == NULL)
		return 0;
	if (al >= room)
		return memcmp(a, b, room) == 0;
	return memcmp(a, b, al) == 0 && b[al] == '\0';
}

static void
one(const char *key, const char *text)
{
	size_t len = strlen(text), room;
	int mode = key ? GM_ENCODE_AND_ENCRYPT : GM_ENCODE_ONLY;
	enum mgjob_err err;
	char *jq = mgjob_encode(text, key, &err), *mg = NULL, *t;

	CHECK(jq != NULL, "jaque encodes", key, len);
	if (jq == NULL)
		return;
	/* mod_gearman cannot encode an empty text without a key (its base64
	 * returns NULL and it takes the length of that) */
	if (key != NULL || len > 0)
		mg = mg_encode(key, text, mode);
	if (mg == NULL && key != NULL) {
		size_t l = len + 1;

		/* its zero padding leaves 1, 2, 4 and 8 bytes unpadded, which
		 * OpenSSL then refuses */
		CHECK(l == 1 || l == 2 || l == 4 || l == 8, "mod_gearman encrypts", key, len);
		cannot_encrypt++;
	} else if (mg != NULL) {
		CHECK(strcmp(jq, mg) == 0, "same payload bytes", key, len);
		t = mgjob_decode(mg, strlen(mg), key, 0, &err);
		CHECK(t != NULL && strcmp(t, text) == 0, "jaque decodes mod_gearman's payload", key,
		    len);
		free(t);
	}
	t = mg_decode(key, jq, mode, &room);
	CHECK(t != NULL && strcmp(t, text) == 0, "mod_gearman decodes jaque's payload", key, len);
	free(t);

	if (key != NULL) {
		/* the same garbage from a wrong key, as far as mod_gearman's
		 * buffer is defined */
		char *a = mgjob_decode(jq, strlen(jq), "not the key", 0, &err);
		char *b = mg_decode("not the key", jq, GM_ENCODE_AND_ENCRYPT, &room);

		CHECK(same_garbage(a, b, room), "the same text from a wrong key", key, len);
		free(a);
		free(b);
	}
	free(jq);
	free(mg);
}

static void
accept_all(const char *key, const char *text)
{
	size_t len = strlen(text), room;
	enum mgjob_err err;
	char *clear = mgjob_encode(text, NULL, &err);
	char *a = mgjob_decode(clear, strlen(clear), key, 1, &err);
	char *b = mg_decode(key, clear, GM_ENCODE_ACCEPT_ALL, &room);

	/* a text not starting with "type=" is decrypted into garbage */
	if (strncmp(text, "type=", 5) == 0)
		CHECK(a != NULL && b != NULL && strcmp(a, text) == 0 && strcmp(b, text) == 0,
		    "accept-all takes clear text", key, len);
	else
		CHECK(same_garbage(a, b, room), "accept-all: the same garbage", key, len);
	free(a);
	free(b);
	free(clear);
}

static void
base64(void)
{
	static const char *odd[] = { "Zm9", "Zg=", " Zm9vYmFy \n", "Zm9v\nYmFy", "Zm9v\r\nYmFy",
		"Zm9vYmE=\n", "!!!!", "Zm9v YmFy", "====", "Zm==Zm9v", "\tZm9vYg==", "" };
	unsigned char data[300], buf[400];
	size_t i;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (unsigned char)(i * 37 + 11);
	for (i = 1; i <= sizeof(data); i++) {
		char *a = mgjob_b64_encode(data, i);
		char *b = (char *)base64_encode(data, i);

		CHECK(b != NULL && strcmp(a, b) == 0, "base64: the same encoding", NULL, i);
		free(a);
		free(b);
	}
	for (i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
		enum mgjob_err err;
		size_t n = 0, l = strlen(odd[i]);
		unsigned char *a = mgjob_b64_decode(odd[i], l, &n, &err);
		int m = base64_decode(odd[i], (int)l, buf);

		/* mod_gearman counts the bytes '=' stands for: at most 2 more */
		CHECK((a == NULL) == (m < 0) &&
			(a == NULL || ((size_t)m >= n && (size_t)m <= n + 2 && memcmp(a, buf, n) == 0)),
		    "base64: the same decoding of odd input", odd[i], l);
		free(a);
	}
}

static void
uniq(void)
{
	static const char *names[] = { "localhost", "localhost-PING", "", "h\xc3\xa9-\t svc" };
	char a[MGJOB_UNIQ_LEN + 1], b[GM_SMALLBUFSIZE], *long_name;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		make_uniq(b, "%s", names[i]);
		CHECK(mgjob_uniq(names[i], a) == 0 && strcmp(a, b) == 0, "the same unique id",
		    names[i], strlen(names[i]));
	}
	long_name = malloc(1501);
	memset(long_name, 'x', 1500);
	long_name[1500] = '\0';
	make_uniq(b, "%s", long_name);
	CHECK(mgjob_uniq(long_name, a) == 0 && strcmp(a, b) == 0, "the same unique id", "long", 1500);
	free(long_name);
}

int
main(void)
{
	static const char *keys[] = { NULL, "", "k", "should_be_changed",
		"0123456789abcdef0123456789ABCDEF", "0123456789abcdef0123456789ABCDEF+more" };
	static const char pattern[] = "type=host\nhost_name=a b\tc\\n=|\xc3\xa9";
	struct timeval now = { 1700000000, 123456 };
	struct mgjob_check c = { "check_results", "service", "web1", "HTTP", now, 0.25, 60,
		"/usr/lib/nagios/plugins/check_http -H web1 -u '/a b'", 0 };
	struct mgjob_reply rep = { "web1", "HTTP", { 0, 0 }, now, now, 2, 1,
		"Mod-Gearman Worker @ w1", "CRITICAL\\nlong|t=1", NULL, 0 };
	char *texts[80], *big;
	size_t nt = 0, i, k;

	for (i = 0; i <= 70; i++) {
		texts[nt] = malloc(i + 1);
		for (k = 0; k < i; k++)
			texts[nt][k] = pattern[k % (sizeof(pattern) - 1)];
		texts[nt++][i] = '\0';
	}
	texts[nt++] = mgjob_check_text(&c);
	c.service_description = NULL;
	texts[nt++] = mgjob_check_text(&c);
	texts[nt++] = mgjob_eventhandler_text(now, "/bin/restart x");
	texts[nt++] = mgjob_notification_text(now, now, NULL, "/bin/n\nx", "out", "long\\nout");
	texts[nt++] = mgjob_result_text(&rep);
	big = malloc(200001);
	for (i = 0; i < 200000; i++)
		big[i] = i % 80 == 79 ? '\n' : (char)('a' + i % 26);
	big[200000] = '\0';
	texts[nt++] = big;

	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		for (i = 0; i < nt; i++) {
			one(keys[k], texts[i]);
			if (keys[k] != NULL)
				accept_all(keys[k], texts[i]);
		}
	base64();
	uniq();
	for (i = 0; i < nt; i++)
		free(texts[i]);
	printf("mgjob vs mod_gearman: %d checks, %d failed (%d texts mod_gearman cannot "
	       "encrypt: 0, 1, 3 or 7 bytes)\n",
	    checks, failures, cannot_encrypt);
	return failures > 0;
}
