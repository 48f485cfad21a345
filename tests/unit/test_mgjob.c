/*
 * test_mgjob: mod_gearman's payloads and texts: base64 (RFC 4648's
 * vectors, odd lengths, blanks, line breaks), keys padded and read from
 * a file, AES vectors made with `openssl enc -aes-256-ecb -nopad` and
 * mod_gearman's padding, round trips with short, long and empty keys, a
 * wrong key and garbage, accept_clear on and off, the texts of host,
 * service, event handler and notification jobs, unique ids and
 * priorities, result parsing (escaped newlines, the stop at an empty
 * value, missing fields, numbers read as atoi reads them), the finishing
 * of a result, and the worker's result text read back; the worker's side:
 * jobs read as its worker reads them (the stop at an empty value, unknown
 * keys, older modules' start_time), its texts for exit codes out of
 * bounds, signals and timeouts, and its source.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compat/gearman/mgjob.h"

static void
b64_is(const char *plain, const char *enc)
{
	char *e = mgjob_b64_encode(plain, strlen(plain));
	enum mgjob_err err = MGJOB_EINVALID;
	size_t n = 99;
	unsigned char *d;

	assert_string_equal(e, enc);
	d = mgjob_b64_decode(enc, strlen(enc), &n, &err);
	assert_non_null(d);
	assert_int_equal(err, MGJOB_OK);
	assert_int_equal(n, strlen(plain));
	assert_memory_equal(d, plain, n);
	free(e);
	free(d);
}

static void
t_b64_rfc4648(void **state)
{
	(void)state;
	b64_is("", "");
	b64_is("f", "Zg==");
	b64_is("fo", "Zm8=");
	b64_is("foo", "Zm9v");
	b64_is("foob", "Zm9vYg==");
	b64_is("fooba", "Zm9vYmE=");
	b64_is("foobar", "Zm9vYmFy");
}

/* the decoded bytes of s as a string, or NULL with err */
static char *
b64_dec(const char *s, enum mgjob_err *err)
{
	size_t n;

	return (char *)mgjob_b64_decode(s, strlen(s), &n, err);
}

static void
t_b64_odd(void **state)
{
	enum mgjob_err err;
	unsigned char all[256];
	char *e, *d;
	size_t n, i;

	(void)state;
	/* lengths that are not whole groups of four, and characters outside
	 * the alphabet, are refused */
	assert_null(b64_dec("Zm9", &err));
	assert_int_equal(err, MGJOB_EBASE64);
	assert_null(b64_dec("Zg=", &err));
	assert_null(b64_dec("Zm9vY", &err));
	assert_null(b64_dec("Zm9v!mFy", &err));
	assert_int_equal(err, MGJOB_EBASE64);
	/* blanks around it are ignored, a line break inside is taken out */
	d = b64_dec("  Zm9vYmFy \r\n", &err);
	assert_string_equal(d, "foobar");
	free(d);
	d = b64_dec("Zm9v\nYmE=\n", &err);
	assert_non_null(d);
	assert_string_equal(d, "fooba");
	free(d);
	/* every byte value, at every length up to 256 */
	for (i = 0; i < 256; i++)
		all[i] = (unsigned char)(255 - i);
	for (i = 0; i <= 256; i++) {
		unsigned char *back;

		e = mgjob_b64_encode(all, i);
		assert_int_equal(strlen(e), (i + 2) / 3 * 4);
		back = mgjob_b64_decode(e, strlen(e), &n, &err);
		assert_non_null(back);
		assert_int_equal(n, i);
		assert_memory_equal(back, all, i);
		free(back);
		free(e);
	}
}

static void
t_key(void **state)
{
	unsigned char k[MGJOB_KEY_BYTES], zero[MGJOB_KEY_BYTES] = { 0 };
	char f[MGJOB_KEY_BYTES + 1];

	(void)state;
	mgjob_key_pad(k, "abc");
	assert_memory_equal(k, "abc", 3);
	assert_memory_equal(k + 3, zero, MGJOB_KEY_BYTES - 3);
	mgjob_key_pad(k, "");
	assert_memory_equal(k, zero, MGJOB_KEY_BYTES);
	mgjob_key_pad(k, "0123456789abcdef0123456789ABCDEFtail");
	assert_memory_equal(k, "0123456789abcdef0123456789ABCDEF", MGJOB_KEY_BYTES);

	mgjob_key_from_file(f, "secret\nsecond line\n", 19);
	assert_string_equal(f, "secret");
	mgjob_key_from_file(f, "  pass word \r\n", 14);
	assert_string_equal(f, "  pass word");
	mgjob_key_from_file(f, "0123456789abcdef0123456789ABCDEFtail", 36);
	assert_string_equal(f, "0123456789abcdef0123456789ABCDEF");
	mgjob_key_from_file(f, "ab\0cd", 5);
	assert_string_equal(f, "ab");
	mgjob_key_from_file(f, "", 0);
	assert_string_equal(f, "");
}

/* payload of text encrypted with key, compared with a vector */
static void
enc_is(const char *key, const char *text, const char *payload, size_t crypt_len)
{
	enum mgjob_err err;
	char *p = mgjob_encode(text, key, &err);
	unsigned char *c;
	size_t n;

	assert_non_null(p);
	assert_string_equal(p, payload);
	free(p);
	c = mgjob_encrypt(key, text, &n);
	assert_int_equal(n, crypt_len);
	free(c);
}

static void
t_encrypt_vectors(void **state)
{
	(void)state;
	/* made with openssl enc -aes-256-ecb -nopad -K 736563726574000...,
	 * the text, its NUL and mod_gearman's zero padding */
	enc_is("secret", "hello", "Yip0FaxVL02ChzHhOBtJDQ==", 16);
	enc_is("secret", "type=host\nhost_name=h\n",
	    "B4QKErE45d688SLLW3HpEKG9RMTCez2qZa5Z6QkSIO0=", 32);
	/* 31 bytes and the NUL fill two blocks: mod_gearman adds a third */
	enc_is("secret", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	    "hSo4gpVoX5aIQjPA0qKyrmee/JjlMNsst+vVeQ4XtCXUrsNEWUADZ0pUl55Bu6Xo", 48);
	/* 15 and the NUL make one block exactly: no padding */
	enc_is("k", "123456789012345", "zXA5VWzF/6umNkopm7U17w==", 16);
}

static void
roundtrip(const char *key, const char *text)
{
	enum mgjob_err err;
	char *p = mgjob_encode(text, key, &err), *back;

	assert_non_null(p);
	assert_int_equal(err, MGJOB_OK);
	back = mgjob_decode(p, strlen(p), key, 0, &err);
	assert_non_null(back);
	assert_string_equal(back, text);
	free(back);
	/* the worker's side takes it the same with accept_clear */
	back = mgjob_decode(p, strlen(p), key, 1, &err);
	assert_string_equal(back, text);
	free(back);
	free(p);
}

static void
t_roundtrip(void **state)
{
	static const char *keys[] = { "k", "should_be_changed", "", "0123456789abcdef0123456789ABCDEF",
		"0123456789abcdef0123456789ABCDEF and more" };
	static const char *texts[] = { "", "a", "abc", "1234567", "123456789012345",
		"type=service\nhost_name=h\nservice_description=s\ncommand_line=/bin/true\n\n\n",
		"caf\xc3\xa9 \t\\n|perf=1" };
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		for (j = 0; j < sizeof(texts) / sizeof(texts[0]); j++)
			roundtrip(keys[i], texts[j]);
	for (j = 0; j < sizeof(texts) / sizeof(texts[0]); j++)
		roundtrip(NULL, texts[j]);
}

static void
t_long_key_cut(void **state)
{
	enum mgjob_err err;
	char *a, *b;

	(void)state;
	/* only the first 32 bytes of a password count */
	a = mgjob_encode("type=x\n", "0123456789abcdef0123456789ABCDEF", &err);
	b = mgjob_encode("type=x\n", "0123456789abcdef0123456789ABCDEFxyz", &err);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

/* keys taken in turn (the cipher contexts are kept for the last key): each
 * payload is the one its own key makes, and reads back with it */
static void
t_keys_in_turn(void **state)
{
	static const char *const keys[] = { "key one", "key two", "", "key one" };
	enum mgjob_err err;
	char *first[4], *again, *t;
	size_t i;

	(void)state;
	for (i = 0; i < 4; i++)
		first[i] = mgjob_encode("type=service\nhost_name=h\n", keys[i], &err);
	assert_string_equal(first[0], first[3]);
	assert_string_not_equal(first[0], first[1]);
	assert_string_not_equal(first[1], first[2]);
	for (i = 4; i-- > 0;) {
		t = mgjob_decode(first[i], strlen(first[i]), keys[i], 0, &err);
		assert_string_equal(t, "type=service\nhost_name=h\n");
		free(t);
		again = mgjob_encode("type=service\nhost_name=h\n", keys[i], &err);
		assert_string_equal(again, first[i]);
		free(again);
	}
	for (i = 0; i < 4; i++)
		free(first[i]);
}

static const char result_text[] =
    "host_name=web1\ncore_start_time=0.000000\nstart_time=1700000000.250000\n"
    "finish_time=1700000001.750000\nreturn_code=2\nexited_ok=1\n"
    "source=Mod-Gearman Worker @ w1\nservice_description=HTTP\n"
    "output=CRITICAL - down\\nsecond line|time=1s\n\n\n\n";

static void
t_wrong_key(void **state)
{
	enum mgjob_err err;
	struct mgjob_result r;
	char *p = mgjob_encode(result_text, "right key", &err), *t;

	(void)state;
	t = mgjob_decode(p, strlen(p), "wrong key", 0, &err);
	/* no error from the decoding: garbage, which the parser refuses */
	assert_non_null(t);
	assert_string_not_equal(t, result_text);
	assert_int_equal(mgjob_result_parse(&r, t, &err), -1);
	assert_int_equal(err, MGJOB_EINVALID);
	assert_null(r.host_name);
	free(t);
	/* an encrypted payload read as clear text is no result either */
	t = mgjob_decode(p, strlen(p), NULL, 0, &err);
	assert_non_null(t);
	assert_int_equal(mgjob_result_parse(&r, t, &err), -1);
	free(t);
	free(p);
}

static void
t_garbage(void **state)
{
	enum mgjob_err err;
	struct mgjob_result r;
	char *t, *big;

	(void)state;
	assert_null(mgjob_decode("not base64 at all!", 18, "k", 0, &err));
	assert_int_equal(err, MGJOB_EBASE64);
	assert_null(mgjob_decode("Zm9", 3, NULL, 0, &err));
	assert_int_equal(err, MGJOB_EBASE64);
	/* valid base64, not a multiple of the block: cut to whole blocks */
	t = mgjob_decode("Zm9vYmFy", 8, "k", 0, &err);
	assert_non_null(t);
	assert_string_equal(t, "");
	free(t);
	t = mgjob_decode("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=", 36, "k", 0, &err);
	assert_non_null(t);
	assert_int_equal(mgjob_result_parse(&r, t, &err), -1);
	free(t);
	t = mgjob_decode("", 0, "k", 0, &err);
	assert_string_equal(t, "");
	free(t);
	big = malloc(MGJOB_PAYLOAD_MAX + 5);
	assert_non_null(big);
	memset(big, 'A', MGJOB_PAYLOAD_MAX + 4);
	assert_null(mgjob_decode(big, MGJOB_PAYLOAD_MAX + 4, "k", 0, &err));
	assert_int_equal(err, MGJOB_ETOOBIG);
	free(big);
	assert_string_equal(mgjob_err_str(MGJOB_EBASE64), "not base64");
}

static void
t_accept_clear(void **state)
{
	const char *clear = "type=passive\nhost_name=h\noutput=ok\n\n";
	const char *bare = "host_name=h\noutput=ok\n\n";
	enum mgjob_err err;
	char *p = mgjob_encode(clear, NULL, &err), *q = mgjob_encode(bare, NULL, &err), *t;

	(void)state;
	/* accepted: the decoded bytes start with "type=" */
	t = mgjob_decode(p, strlen(p), "k", 1, &err);
	assert_string_equal(t, clear);
	free(t);
	/* not accepted: decrypted, which makes garbage of it */
	t = mgjob_decode(p, strlen(p), "k", 0, &err);
	assert_non_null(t);
	assert_string_not_equal(t, clear);
	free(t);
	/* a clear text not starting with "type=" is decrypted all the same */
	t = mgjob_decode(q, strlen(q), "k", 1, &err);
	assert_non_null(t);
	assert_string_not_equal(t, bare);
	free(t);
	/* without a key everything is clear */
	t = mgjob_decode(q, strlen(q), NULL, 0, &err);
	assert_string_equal(t, bare);
	free(t);
	free(p);
	free(q);
}

static void
t_check_texts(void **state)
{
	struct mgjob_check c = {
		.result_queue = "check_results",
		.target_queue = "host",
		.host_name = "web1",
		.now = { 1700000000, 250000 },
		.latency = 0.5,
		.timeout = 30,
		.command_line = "/usr/lib/nagios/plugins/check_ping -H 10.0.0.1 -w 100,20% -c 500,60%",
	};
	char uniq[MGJOB_UNIQ_LEN + 1];
	char *t;

	(void)state;
	t = mgjob_check_text(&c);
	assert_string_equal(t, "type=host\nresult_queue=check_results\ntarget_queue=host\n"
			       "host_name=web1\ncore_time=1699999999.750000\ntimeout=30\n"
			       "command_line=/usr/lib/nagios/plugins/check_ping -H 10.0.0.1 "
			       "-w 100,20% -c 500,60%\n\n\n");
	free(t);
	assert_int_equal(mgjob_check_prio(&c), MGJOB_PRIO_NORMAL);
	c.check_options = MGJOB_CHECK_FORCE;
	assert_int_equal(mgjob_check_prio(&c), MGJOB_PRIO_NORMAL);
	c.host_name = "localhost";
	assert_int_equal(mgjob_check_uniq(&c, uniq), 0);
	assert_string_equal(uniq, "421AA90E079FA326B6494F812AD13E79");

	c.target_queue = "hostgroup_linux";
	c.service_description = "PING";
	c.latency = -3;
	c.now.tv_usec = 7;
	c.command_line = "/bin/true";
	t = mgjob_check_text(&c);
	assert_string_equal(t, "type=service\nresult_queue=check_results\n"
			       "target_queue=hostgroup_linux\nhost_name=localhost\n"
			       "service_description=PING\ncore_time=1700000000.000007\ntimeout=30\n"
			       "command_line=/bin/true\n\n\n");
	free(t);
	assert_int_equal(mgjob_check_prio(&c), MGJOB_PRIO_HIGH);
	c.check_options = 2;
	assert_int_equal(mgjob_check_prio(&c), MGJOB_PRIO_LOW);
	assert_int_equal(mgjob_check_uniq(&c, uniq), 0);
	assert_string_equal(uniq, "B3CBD3043905871E859A02CF993316C9");
	assert_int_equal(mgjob_perfdata_uniq("perfdata", "localhost", "PING", uniq), 0);
	assert_string_equal(uniq, "E145E1459EF69D02A06FCE7C35CBF0CC");

	/* what the module's snprintf would print for NULL */
	c.result_queue = NULL;
	c.command_line = NULL;
	t = mgjob_check_text(&c);
	assert_non_null(strstr(t, "result_queue=(null)\n"));
	assert_non_null(strstr(t, "command_line=(null)\n\n\n"));
	free(t);
}

static void
t_uniq_cut(void **state)
{
	char a[MGJOB_UNIQ_LEN + 1], b[MGJOB_UNIQ_LEN + 1];
	char *s = malloc(2000);

	(void)state;
	assert_non_null(s);
	memset(s, 'h', 1999);
	s[1999] = '\0';
	assert_int_equal(mgjob_uniq(s, a), 0);
	/* only the first 1023 bytes are hashed */
	s[1023] = '\0';
	assert_int_equal(mgjob_uniq(s, b), 0);
	assert_string_equal(a, b);
	s[1022] = '\0';
	assert_int_equal(mgjob_uniq(s, b), 0);
	assert_string_not_equal(a, b);
	free(s);
}

static void
t_other_texts(void **state)
{
	struct timeval start = { 1700000100, 500000 }, now = { 1700000101, 0 };
	char *t;

	(void)state;
	t = mgjob_eventhandler_text(start, "/usr/local/bin/restart_httpd CRITICAL HARD 3");
	assert_string_equal(t, "type=eventhandler\nstart_time=1700000100.500000\n"
			       "core_time=1700000100.500000\n"
			       "command_line=/usr/local/bin/restart_httpd CRITICAL HARD 3\n\n\n");
	free(t);
	t = mgjob_notification_text(start, now, "admin", "/bin/notify 'down\nsince 5m'",
	    "CRITICAL - down", "detail one\\ndetail two");
	assert_string_equal(t, "type=notification\nstart_time=1700000100.500000\n"
			       "core_time=1700000101.000000\ncontact=admin\n"
			       "command_line=/bin/notify 'down\\nsince 5m'\n"
			       "plugin_output=CRITICAL - down\n"
			       "long_plugin_output=detail one\\ndetail two\n\n\n");
	free(t);
	t = mgjob_notification_text(start, now, NULL, "/bin/n", "", "");
	assert_non_null(strstr(t, "\ncontact=GLOBAL\n"));
	assert_non_null(strstr(t, "\nplugin_output=\nlong_plugin_output=\n\n\n"));
	free(t);
	t = mgjob_notification_text(start, now, "admin", "/bin/n", NULL, NULL);
	assert_non_null(strstr(t, "\nplugin_output=(null)\nlong_plugin_output=(null)\n\n\n"));
	free(t);
}

/* Naemon's long output: newlines escaped, a backslash left alone */
static void
t_escape_newlines(void **state)
{
	static const char *const cases[][2] = {
		{ "line two\nc:\\tmp\n\nend", "line two\\nc:\\tmp\\n\\nend" },
		{ "", "" },
		{ "\n", "\\n" },
		{ "no newline \\n", "no newline \\n" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *t = mgjob_escape_newlines(cases[i][0]);

		assert_string_equal(t, cases[i][1]);
		free(t);
	}
	assert_null(mgjob_escape_newlines(NULL));
}

static void
t_result_parse(void **state)
{
	struct mgjob_result r;
	enum mgjob_err err = MGJOB_EINVALID;

	(void)state;
	assert_int_equal(mgjob_result_parse(&r, result_text, &err), 0);
	assert_int_equal(err, MGJOB_OK);
	assert_string_equal(r.host_name, "web1");
	assert_string_equal(r.service_description, "HTTP");
	assert_string_equal(r.source, "Mod-Gearman Worker @ w1");
	assert_string_equal(r.output, "CRITICAL - down\nsecond line|time=1s");
	assert_int_equal(r.return_code, 2);
	assert_int_equal(r.exited_ok, 1);
	assert_int_equal(r.scheduled_check, 1);
	assert_int_equal(r.reschedule_check, 0);
	assert_int_equal(r.passive, 0);
	assert_int_equal(r.core_start_time.tv_sec, 0);
	assert_int_equal(r.start_time.tv_sec, 1700000000);
	assert_int_equal(r.start_time.tv_usec, 250000);
	assert_int_equal(r.finish_time.tv_sec, 1700000001);
	assert_int_equal(r.finish_time.tv_usec, 750000);
	mgjob_result_clear(&r);
	assert_null(r.host_name);
}

static void
t_result_quirks(void **state)
{
	struct mgjob_result r;
	enum mgjob_err err;

	(void)state;
	/* an empty value ends the reading: the service line after it is lost,
	 * which makes this a host result */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\noutput=x\nsource=\n"
						"service_description=s\n", &err), 0);
	assert_null(r.service_description);
	assert_null(r.source);
	mgjob_result_clear(&r);
	/* output is taken even empty (and then ends the reading) */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\noutput=\nreturn_code=2\n", &err), 0);
	assert_string_equal(r.output, "");
	assert_int_equal(r.return_code, 0);
	mgjob_result_clear(&r);
	/* "output" without '=' */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\noutput\n", &err), 0);
	assert_string_equal(r.output, "(null)");
	mgjob_result_clear(&r);
	/* only "\n" is undone: an escaped backslash before an n is not */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\noutput=C:\\\\new\\\\x\n", &err), 0);
	assert_string_equal(r.output, "C:\\\new\\\\x");
	mgjob_result_clear(&r);
	/* values keep their '='; numbers as atoi and atof read them; the
	 * later of two lines wins; type=passive; unknown keys skipped */
	assert_int_equal(mgjob_result_parse(&r,
			     "type=passive\nhost_name=a=b\nreturn_code=12abc\nexited_ok=x\n"
			     "check_options=5\nscheduled_check=0\nearly_timeout=1\nlatency=2.5\n"
			     "colour=blue\nhost_name=h2\nstart_time=-1.5\noutput=o|p=1\n",
			     &err), 0);
	assert_int_equal(r.passive, 1);
	assert_string_equal(r.host_name, "h2");
	assert_int_equal(r.return_code, 12);
	assert_int_equal(r.exited_ok, 0);
	assert_int_equal(r.check_options, 5);
	assert_int_equal(r.scheduled_check, 0);
	assert_int_equal(r.early_timeout, 1);
	assert_true(r.latency == 2.5);
	assert_int_equal(r.start_time.tv_sec, -1);
	assert_int_equal(r.start_time.tv_usec, -500000);
	assert_string_equal(r.output, "o|p=1");
	mgjob_result_clear(&r);
	/* missing fields */
	assert_int_equal(mgjob_result_parse(&r, "output=x\n", &err), -1);
	assert_int_equal(err, MGJOB_EINVALID);
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\nreturn_code=0\n", &err), -1);
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\n\noutput=late\n", &err), -1);
	assert_int_equal(mgjob_result_parse(&r, "", &err), -1);
	assert_null(r.host_name);
	assert_null(r.output);
}

/* the result text send_multi (mod_gearman 5.2.4's tools/send_multi.c) makes for
 * each child check of check_multi: a passive result as send_gearman's is */
static void
t_result_send_multi(void **state)
{
	struct mgjob_result r;
	enum mgjob_err err;

	(void)state;
	assert_int_equal(mgjob_result_parse(&r,
			     "type=passive\nhost_name=web1\nstart_time=1700000000.250000\n"
			     "finish_time=1700000000.750000\nreturn_code=1\nsource=send_multi\n"
			     "service_description=multi_child\noutput=WARNING - child|t=1\n\n\n\n",
			     &err), 0);
	assert_int_equal(r.passive, 1);
	assert_string_equal(r.host_name, "web1");
	assert_string_equal(r.service_description, "multi_child");
	assert_int_equal(r.return_code, 1);
	assert_int_equal(r.start_time.tv_sec, 1700000000);
	assert_int_equal(r.start_time.tv_usec, 250000);
	assert_int_equal(r.finish_time.tv_usec, 750000);
	assert_string_equal(r.output, "WARNING - child|t=1");
	mgjob_result_clear(&r);
}

static void
t_result_finish(void **state)
{
	struct mgjob_result r;
	enum mgjob_err err;
	struct timeval now = { 1700000010, 500000 };

	(void)state;
	/* a worker's result to a 5.2.4 job: core_start_time 0 becomes now, so
	 * the latency is only what the result brings, at least 0 */
	assert_int_equal(mgjob_result_parse(&r, result_text, &err), 0);
	r.check_options = 7;
	mgjob_result_finish(&r, now);
	assert_int_equal(r.core_start_time.tv_sec, 1700000010);
	assert_true(r.latency == 0);
	assert_int_equal(r.check_options, 0);
	mgjob_result_clear(&r);
	/* with a core start time: now - run time - core start, plus latency= */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\ncore_start_time=1700000000.000000\n"
						"start_time=1700000004.000000\n"
						"finish_time=1700000006.000000\nlatency=1.25\n"
						"output=x\n", &err), 0);
	mgjob_result_finish(&r, now);
	assert_true(r.latency > 9.7499 && r.latency < 9.7501);
	mgjob_result_clear(&r);
	/* missing times are now's seconds */
	assert_int_equal(mgjob_result_parse(&r, "host_name=h\noutput=x\n", &err), 0);
	mgjob_result_finish(&r, now);
	assert_int_equal(r.start_time.tv_sec, 1700000010);
	assert_int_equal(r.start_time.tv_usec, 0);
	assert_int_equal(r.finish_time.tv_sec, 1700000010);
	assert_true(r.latency > 0.4999 && r.latency < 0.5001);
	mgjob_result_clear(&r);
}

static void
t_result_text(void **state)
{
	struct mgjob_reply rep = {
		.host_name = "web1",
		.service_description = "HTTP",
		.start_time = { 1700000000, 250000 },
		.finish_time = { 1700000001, 750000 },
		.return_code = 2,
		.exited_ok = 1,
		.source = "Mod-Gearman Worker @ w1",
	};
	struct mgjob_result r;
	enum mgjob_err err;
	char *out = mgjob_escape_output("CRITICAL - down\nsecond line|time=1s\n", 0);
	char *t, *p, *back;

	(void)state;
	assert_string_equal(out, "CRITICAL - down\\nsecond line|time=1s\\n");
	free(out);
	out = mgjob_escape_output("CRITICAL - down\nsecond line|time=1s", 0);
	rep.output = out;
	t = mgjob_result_text(&rep);
	assert_string_equal(t, result_text);
	/* through a payload and back, as the module would read it */
	p = mgjob_encode(t, "should_be_changed", &err);
	back = mgjob_decode(p, strlen(p), "should_be_changed", 1, &err);
	assert_int_equal(mgjob_result_parse(&r, back, &err), 0);
	assert_string_equal(r.output, "CRITICAL - down\nsecond line|time=1s");
	mgjob_result_clear(&r);
	free(back);
	free(p);
	free(t);

	/* stderr appended, a passive duplicate, a host result */
	rep.service_description = NULL;
	rep.error = "warning: x";
	rep.passive = 1;
	t = mgjob_result_text(&rep);
	assert_non_null(strstr(t, "output=CRITICAL - down\\nsecond line|time=1s\\n[warning: x] \n\n\n\n"));
	assert_memory_equal(t, "type=passive\nhost_name=web1\n", 28);
	assert_null(strstr(t, "service_description"));
	free(t);
	free(out);
	out = mgjob_escape_output("  a\\b \n", 1);
	assert_string_equal(out, "a\\\\b");
	free(out);
}

/* a service job as mod_gearman's module writes it */
static const char job_text[] =
    "type=service\nresult_queue=check_results\ntarget_queue=service\nhost_name=web1\n"
    "service_description=HTTP\ncore_time=1700000000.250000\ntimeout=30\n"
    "command_line=/usr/lib/nagios/plugins/check_http -H x=y\n\n\n";

static void
t_job_parse(void **state)
{
	struct mgjob_job j;
	struct mgjob_check c = { "check_results", "host", "db1", NULL, { 1700000100, 0 }, 0.5, 10,
		"/bin/true", 0 };
	char *t;

	(void)state;
	assert_int_equal(mgjob_job_parse(&j, job_text), 7);
	assert_string_equal(j.type, "service");
	assert_string_equal(j.result_queue, "check_results");
	assert_string_equal(j.host_name, "web1");
	assert_string_equal(j.service_description, "HTTP");
	/* split at the first '=': the rest belongs to the value */
	assert_string_equal(j.command_line, "/usr/lib/nagios/plugins/check_http -H x=y");
	assert_int_equal(j.timeout, 30);
	assert_int_equal(j.core_time.tv_sec, 1700000000);
	assert_int_equal(j.core_time.tv_usec, 250000);
	assert_int_equal(j.next_check.tv_sec, 0);
	assert_int_equal(j.scheduled_check, 1);
	assert_int_equal(mgjob_job_is_check(&j), 1);
	mgjob_job_clear(&j);

	/* what mgjob_check_text writes reads back: a host job */
	t = mgjob_check_text(&c);
	assert_int_equal(mgjob_job_parse(&j, t), 6);
	assert_string_equal(j.type, "host");
	assert_null(j.service_description);
	assert_string_equal(j.command_line, "/bin/true");
	assert_int_equal(j.core_time.tv_sec, 1700000099);
	assert_int_equal(j.core_time.tv_usec, 500000);
	mgjob_job_clear(&j);
	free(t);
}

static void
t_job_quirks(void **state)
{
	struct mgjob_job j;

	(void)state;
	/* reading stops at an empty value: the lines after it are not read */
	assert_int_equal(mgjob_job_parse(&j, "type=host\nhost_name=\ncommand_line=/bin/true\n"), 1);
	assert_null(j.command_line);
	mgjob_job_clear(&j);
	/* and at a line without '=' */
	assert_int_equal(mgjob_job_parse(&j, "type=host\nnonsense\nhost_name=h\n"), 1);
	assert_null(j.host_name);
	mgjob_job_clear(&j);
	/* unknown keys do not count; the last of two wins; numbers as atoi reads them */
	assert_int_equal(mgjob_job_parse(&j, "target_queue=x\nhost_name=a\nhost_name=b\n"
	    "timeout=12s\nstart_time=1700000000.5\ncheck_options=x\n"), 5);
	assert_string_equal(j.host_name, "b");
	assert_int_equal(j.timeout, 12);
	assert_int_equal(j.check_options, 0);
	/* an older module's start_time sets both times */
	assert_int_equal(j.next_check.tv_sec, 1700000000);
	assert_int_equal(j.core_time.tv_usec, 500000);
	assert_int_equal(mgjob_job_is_check(&j), 0);
	mgjob_job_clear(&j);
	/* garbage (a wrong key): nothing valid */
	assert_int_equal(mgjob_job_parse(&j, "\x8f\x13garbage"), 0);
	mgjob_job_clear(&j);
	assert_int_equal(mgjob_job_parse(&j, "type=eventhandler\ncommand_line=/bin/x\n"), 2);
	assert_int_equal(mgjob_job_is_check(&j), 0);
	mgjob_job_clear(&j);
}

/* a plugin's exit code and escaped stdout, and what the worker reports */
static const struct {
	int code;
	const char *out;
	int rc_25;
	int rc;
	const char *text;
} exit_cases[] = {
	{ 0, "OK - fine", 0, 0, "OK - fine" },
	{ 3, "UNKNOWN", 0, 3, "UNKNOWN" },
	{ 126, "x", 0, 2, "CRITICAL: Return code of 126 is out of bounds. Make sure the plugin "
	    "you're trying to run is executable. (worker: w1)" },
	{ 127, "", 0, 2, "CRITICAL: Return code of 127 is out of bounds. Make sure the plugin "
	    "you're trying to run actually exists. (worker: w1)" },
	{ 137, "half", 0, 2, "CRITICAL: Return code of 137 is out of bounds. Plugin exited by "
	    "signal SIGKILL. (worker: w1)\\nhalf" },
	{ 128, "", 0, 2, "CRITICAL: Return code of 128 is out of bounds. Plugin exited by "
	    "signal signal 0. (worker: w1)\\n" },
	{ 7, "seven", 0, 2, "CRITICAL: Return code of 7 is out of bounds. (worker: w1)\\nseven" },
	/* 25 keeps its code, and with workaround_rc_25 so does every other */
	{ 25, "dup", 0, 25, "CRITICAL: Return code of 25 is out of bounds. (worker: w1)\\ndup" },
	{ 7, "seven", 1, 7, "CRITICAL: Return code of 7 is out of bounds. (worker: w1)\\nseven" },
	{ 200, "", 0, 2, "CRITICAL: Return code of 200 is out of bounds. (worker: w1)\\n" },
};

static void
t_exit_output(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(mgjob_real_exit(0), 0);
	assert_int_equal(mgjob_real_exit(2 << 8), 2);
	assert_int_equal(mgjob_real_exit(9), 137);
	assert_int_equal(mgjob_real_exit(-1), 3);
	for (i = 0; i < sizeof(exit_cases) / sizeof(exit_cases[0]); i++) {
		int rc = -1;
		char *t = mgjob_exit_output(exit_cases[i].code, exit_cases[i].out, "w1",
		    exit_cases[i].rc_25, &rc);

		assert_string_equal(t, exit_cases[i].text);
		assert_int_equal(rc, exit_cases[i].rc);
		free(t);
	}
}

static void
t_exec_argv(void **state)
{
	char **v;

	(void)state;
	v = mgjob_exec_argv("/usr/lib/nagios/plugins/check_tcp  -H 127.0.0.1\t-p 80 ");
	assert_non_null(v);
	assert_string_equal(v[0], "/usr/lib/nagios/plugins/check_tcp");
	assert_string_equal(v[1], "-H");
	assert_string_equal(v[2], "127.0.0.1");
	assert_string_equal(v[3], "-p");
	assert_string_equal(v[4], "80");
	assert_null(v[5]);
	free(v);
	v = mgjob_exec_argv("./check_x");
	assert_non_null(v);
	assert_string_equal(v[0], "./check_x");
	assert_null(v[1]);
	free(v);
	/* a shell for anything else: no leading '/', quotes, variables, ... */
	assert_null(mgjob_exec_argv("check_x -w 1"));
	assert_null(mgjob_exec_argv(" /bin/true"));
	assert_null(mgjob_exec_argv("/bin/echo 'a b'"));
	assert_null(mgjob_exec_argv("/bin/echo a\\ b"));
	assert_null(mgjob_exec_argv("/bin/echo $HOME"));
	assert_null(mgjob_exec_argv("/bin/true; /bin/false"));
}

static void
t_timeout_texts(void **state)
{
	struct mgjob_job j;
	struct timeval a = { 100, 900000 }, b = { 102, 100000 };
	char *t;

	(void)state;
	mgjob_job_parse(&j, job_text);
	t = mgjob_timeout_output(&j, "w1", 1);
	assert_string_equal(t, "(Service Check Timed Out On Worker: w1)\n");
	free(t);
	t = mgjob_timeout_output(&j, "w1", 0);
	assert_string_equal(t, "(Service Check Timed Out On Worker: w1)");
	free(t);
	free(j.type);
	j.type = NULL;
	t = mgjob_timeout_output(&j, "w1", 1);
	assert_string_equal(t, "(Host Check Timed Out On Worker: w1)\n");
	free(t);
	mgjob_job_clear(&j);
	/* whole seconds apart: 1.2 s is 2 seconds, more than a timeout of 1 */
	assert_int_equal(mgjob_timed_out(1, a, b), 1);
	assert_int_equal(mgjob_timed_out(2, a, b), 0);
	t = mgjob_worker_status("box", 4, 1, "5.2.4", 1, 4, 17);
	assert_string_equal(t, "box has 4 worker and is working on 1 jobs. Version: 5.2.4|"
	    "worker=4;;;1;4 jobs=17c");
	free(t);
	t = mgjob_worker_source("w1");
	assert_string_equal(t, "Mod-Gearman Worker @\xc2\xa0w1");
	free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(t_b64_rfc4648),
		cmocka_unit_test(t_b64_odd),
		cmocka_unit_test(t_key),
		cmocka_unit_test(t_encrypt_vectors),
		cmocka_unit_test(t_roundtrip),
		cmocka_unit_test(t_long_key_cut),
		cmocka_unit_test(t_keys_in_turn),
		cmocka_unit_test(t_wrong_key),
		cmocka_unit_test(t_garbage),
		cmocka_unit_test(t_accept_clear),
		cmocka_unit_test(t_check_texts),
		cmocka_unit_test(t_uniq_cut),
		cmocka_unit_test(t_other_texts),
		cmocka_unit_test(t_escape_newlines),
		cmocka_unit_test(t_result_parse),
		cmocka_unit_test(t_result_quirks),
		cmocka_unit_test(t_result_send_multi),
		cmocka_unit_test(t_result_finish),
		cmocka_unit_test(t_result_text),
		cmocka_unit_test(t_job_parse),
		cmocka_unit_test(t_job_quirks),
		cmocka_unit_test(t_exit_output),
		cmocka_unit_test(t_exec_argv),
		cmocka_unit_test(t_timeout_texts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
