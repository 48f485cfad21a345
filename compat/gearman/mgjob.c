/*
 * mgjob: the payload codec of mod_gearman 5.2.4 (mgjob.h): base64,
 * AES-256-ECB with zero padding, keys, and the payload of a text.
 *
 * Base64 goes through OpenSSL's block functions, which mod_gearman
 * itself uses (common/gm_crypt.c), so what one accepts the other
 * accepts, blanks and stray '=' included.  Encryption is done in one
 * EVP update over a buffer padded here: ECB works block by block, so
 * the bytes are those of mod_gearman's two updates.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "compat/gearman/mgjob.h"

#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "engine/util/xalloc.h"

/* bytes given to EVP_EncodeBlock at a time: a multiple of 3 */
#define B64_PIECE ((size_t)3 << 20)

const char *
mgjob_err_str(enum mgjob_err e)
{
	switch (e) {
	case MGJOB_OK:
		return "ok";
	case MGJOB_EBASE64:
		return "not base64";
	case MGJOB_ECRYPT:
		return "decryption failed";
	case MGJOB_ETOOBIG:
		return "payload too large";
	case MGJOB_EINVALID:
		return "no host_name or output (wrong key, or not a result)";
	}
	return "?";
}

char *
mgjob_b64_encode(const void *data, size_t len)
{
	/* four characters for every three bytes begun, and a NUL */
	char *out = xmalloc((len + 2) / 3 * 4 + 1);
	const unsigned char *in = data;
	size_t done = 0, at = 0;

	out[0] = '\0';
	/* in pieces of whole 3-byte groups: EVP_EncodeBlock counts in int */
	while (done < len) {
		size_t n = len - done < B64_PIECE ? len - done : B64_PIECE;

		at += (size_t)EVP_EncodeBlock((unsigned char *)out + at, in + done, (int)n);
		done += n;
	}
	return out;
}

/* the bytes that '=' padding added to a decoded block: the '='s at the end,
 * after what EVP_DecodeBlock ignores there (blanks, line ends) */
static size_t
b64_pad(const char *s, size_t len)
{
	size_t pad = 0;

	while (len > 0 && !isalnum((unsigned char)s[len - 1]) && s[len - 1] != '+' &&
	    s[len - 1] != '/' && s[len - 1] != '=')
		len--;
	while (len > 0 && pad < 2 && s[len - 1] == '=') {
		len--;
		pad++;
	}
	return pad;
}

unsigned char *
mgjob_b64_decode(const char *src, size_t len, size_t *outlen, enum mgjob_err *err)
{
	unsigned char *out;
	char *flat = NULL;
	int n;

	if (len > MGJOB_PAYLOAD_MAX) {
		*err = MGJOB_ETOOBIG;
		return NULL;
	}
	out = xmalloc(len / 4 * 3 + 4);
	n = len == 0 ? 0 : EVP_DecodeBlock(out, (const unsigned char *)src, (int)len);
	if (n < 0) {
		/* mod_gearman's second try: the same without any '\n' */
		size_t i, j = 0;

		flat = xmalloc(len + 1);
		for (i = 0; i < len; i++)
			if (src[i] != '\n')
				flat[j++] = src[i];
		flat[j] = '\0';
		src = flat;
		len = j;
		n = len == 0 ? 0 : EVP_DecodeBlock(out, (const unsigned char *)src, (int)len);
	}
	if (n < 0) {
		free(flat);
		free(out);
		*err = MGJOB_EBASE64;
		return NULL;
	}
	n -= (int)b64_pad(src, len);
	if (n < 0)
		n = 0;
	free(flat);
	out[n] = '\0';
	*outlen = (size_t)n;
	*err = MGJOB_OK;
	return out;
}

void
mgjob_key_pad(unsigned char out[MGJOB_KEY_BYTES], const char *password)
{
	size_t n = strnlen(password, MGJOB_KEY_BYTES);

	memset(out, 0, MGJOB_KEY_BYTES);
	memcpy(out, password, n);
}

void
mgjob_key_from_file(char out[MGJOB_KEY_BYTES + 1], const char *data, size_t len)
{
	/* fgets(buf, 33, fp): up to 32 bytes, ending after a '\n'; a NUL in
	 * the file ends the string there */
	size_t n = 0;

	while (n < len && n < MGJOB_KEY_BYTES && data[n] != '\0') {
		out[n] = data[n];
		if (data[n++] == '\n')
			break;
	}
	while (n > 0 && isspace((unsigned char)out[n - 1]))
		n--;
	out[n] = '\0';
}

/* mod_gearman's padded length for l bytes (text and NUL) */
static size_t
crypt_len(size_t l)
{
	if (l == MGJOB_BLOCK)
		return l;
	return l + MGJOB_BLOCK - l % MGJOB_BLOCK;
}

/*
 * The cipher contexts of the last key, one per direction, set up once:
 * setting a context up (fetching the cipher, expanding the key, its
 * parameters) costs more than the job's few hundred bytes do, and a core
 * or worker uses one key.  ECB without padding over whole blocks keeps no
 * state from one message to the next, so a context set up once serves
 * every message of its key with updates alone.  Shared by the threads that
 * may call here; one that finds them in use makes its own.
 */
static struct {
	pthread_mutex_t mu;
	EVP_CIPHER_CTX *ctx[2];
	unsigned char key[2][MGJOB_KEY_BYTES];
} aes_cache = { .mu = PTHREAD_MUTEX_INITIALIZER };

/* ctx set up for key in direction enc, without padding */
static int
aes_setup(EVP_CIPHER_CTX *ctx, const unsigned char *key, int enc)
{
	return EVP_CipherInit_ex(ctx, EVP_aes_256_ecb(), NULL, key, NULL, enc) == 1 &&
	    EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 ? 0 : -1;
}

/* run the cipher over len bytes (a multiple of the block) into out */
static int
aes_run(const char *password, int enc, const unsigned char *in, size_t len,
    unsigned char *out)
{
	unsigned char key[MGJOB_KEY_BYTES];
	EVP_CIPHER_CTX *ctx;
	int n = 0, ok, cached, ready = 0;

	if (len > INT_MAX)
		return -1;
	enc = enc != 0;
	mgjob_key_pad(key, password);
	cached = pthread_mutex_trylock(&aes_cache.mu) == 0;
	if (cached) {
		if (aes_cache.ctx[enc] == NULL)
			aes_cache.ctx[enc] = EVP_CIPHER_CTX_new();
		else
			ready = memcmp(aes_cache.key[enc], key, sizeof(key)) == 0;
		ctx = aes_cache.ctx[enc];
	} else {
		ctx = EVP_CIPHER_CTX_new();
	}
	ok = ctx != NULL && (ready || aes_setup(ctx, key, enc) == 0) &&
	    EVP_CipherUpdate(ctx, out, &n, in, (int)len) == 1 && (size_t)n == len;
	if (cached) {
		/* a context that failed is made afresh next time */
		if (ok) {
			memcpy(aes_cache.key[enc], key, sizeof(key));
		} else {
			EVP_CIPHER_CTX_free(aes_cache.ctx[enc]);
			aes_cache.ctx[enc] = NULL;
		}
		pthread_mutex_unlock(&aes_cache.mu);
	} else {
		EVP_CIPHER_CTX_free(ctx);
	}
	OPENSSL_cleanse(key, sizeof(key));
	return ok ? 0 : -1;
}

unsigned char *
mgjob_encrypt(const char *password, const char *text, size_t *outlen)
{
	size_t l = strlen(text) + 1, n = crypt_len(l);
	unsigned char *plain = xcalloc(1, n), *out = xmalloc(n);

	memcpy(plain, text, l);
	if (aes_run(password, 1, plain, n, out) < 0) {
		free(plain);
		free(out);
		return NULL;
	}
	free(plain);
	*outlen = n;
	return out;
}

char *
mgjob_decrypt(const char *password, const unsigned char *data, size_t len)
{
	unsigned char *out;
	char *text;

	len -= len % MGJOB_BLOCK;
	out = xmalloc(len + 1);
	if (len > 0 && aes_run(password, 0, data, len, out) < 0) {
		free(out);
		return NULL;
	}
	out[len] = '\0';
	text = xstrndup((char *)out, strnlen((char *)out, len));
	OPENSSL_cleanse(out, len);
	free(out);
	return text;
}

char *
mgjob_encode(const char *text, const char *key, enum mgjob_err *err)
{
	unsigned char *c;
	size_t n;
	char *payload;

	*err = MGJOB_OK;
	if (key == NULL)
		return mgjob_b64_encode(text, strlen(text));
	c = mgjob_encrypt(key, text, &n);
	if (c == NULL) {
		*err = MGJOB_ECRYPT;
		return NULL;
	}
	payload = mgjob_b64_encode(c, n);
	free(c);
	return payload;
}

char *
mgjob_decode(const char *payload, size_t len, const char *key, int accept_clear,
    enum mgjob_err *err)
{
	size_t n;
	unsigned char *raw = mgjob_b64_decode(payload, len, &n, err);
	char *text;

	if (raw == NULL)
		return NULL;
	if (key == NULL || (accept_clear && n >= 5 && memcmp(raw, "type=", 5) == 0)) {
		/* clear text ends at its first NUL, as the module's strndup does */
		text = xstrndup((char *)raw, strnlen((char *)raw, n));
	} else {
		text = mgjob_decrypt(key, raw, n);
		if (text == NULL)
			*err = MGJOB_ECRYPT;
	}
	free(raw);
	return text;
}
