/* The real libcurl's URL API over lines of standard input: each line is
 * set with CURLU_URLENCODE (and CURLU_NON_SUPPORT_SCHEME, so that schemes
 * curl does not speak are taken too) and the URL read back. One line out
 * per line in: "ok<TAB>url" or "error<TAB>curl's message".
 * Built by compare.py: cc curl_urlencode.c -lcurl (Debian's
 * libcurl4-openssl-dev). */
#include <curl/curl.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  static char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = 0;
    CURLU *h = curl_url();
    CURLUcode rc = curl_url_set(h, CURLUPART_URL, line,
                                CURLU_URLENCODE | CURLU_NON_SUPPORT_SCHEME);
    char *out = NULL;
    if (!rc)
      rc = curl_url_get(h, CURLUPART_URL, &out, 0);
    if (rc)
      printf("error\t%s\n", curl_url_strerror(rc));
    else
      printf("ok\t%s\n", out);
    curl_free(out);
    curl_url_cleanup(h);
  }
  return 0;
}
