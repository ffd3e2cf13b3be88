/* HTTP POST through libcurl behind a non-variadic C face (curl_easy_setopt is variadic, which Swift cannot call),
   for database engines spoken to over HTTP (ClickHouse). */
#ifndef GLINT_HTTP_CLIENT_H
#define GLINT_HTTP_CLIENT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One connection, kept alive between requests to the same server. */
typedef struct glint_http_client glint_http_client;

/* A response: its HTTP status and body (malloc'd; free with glint_http_response_free). */
typedef struct {
    long status;
    char *body;
    size_t length;
} glint_http_response;

/* A client that gives up connecting after `connect_timeout_s` seconds; NULL when out of memory. */
glint_http_client *glint_http_client_open(long connect_timeout_s);

void glint_http_client_close(glint_http_client *client);

/* POSTs `length` bytes of `body` to `url` with HTTP basic authentication as `user` / `password` (either may be
   NULL for none). Returns 0 with `response` filled, or -1 with `error` (of `error_size` bytes) holding libcurl's
   message when no response came (the server cannot be reached, the connection broke, out of memory). */
int glint_http_client_post(glint_http_client *client, const char *url, const char *user, const char *password,
                           const void *body, size_t length, glint_http_response *response, char *error,
                           size_t error_size);

void glint_http_response_free(glint_http_response *response);

#ifdef __cplusplus
}
#endif

#endif
