/* A thin, non-variadic face of GNU libmicrohttpd for Swift: Swift cannot call MHD_start_daemon's varargs. */
#ifndef GLINT_HTTP_H
#define GLINT_HTTP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One request as the handler sees it; `state` is the handler's own per-request pointer (starts NULL). */
typedef struct glint_http_request glint_http_request;

/* Called for each chunk of a request: first with no data (upload == NULL, *upload_size == 0, *state == NULL),
   then with each piece of the body (set *upload_size = 0 once consumed), and last with no data when the body is
   complete. Return 1 to go on, 0 to close the connection. A response may be queued with glint_http_respond. */
typedef int (*glint_http_handler)(void *context, glint_http_request *request, const char *url, const char *method,
                                  const char *upload, size_t *upload_size, void **state);
/* Called when a request is finished (answered or aborted), to free its state. */
typedef void (*glint_http_completed)(void *context, void *state);

/* Starts a daemon on host:port (port 0: the kernel picks one) with one thread per connection and at most
   `connection_limit` connections; idle connections close after `timeout_seconds`. Returns NULL on failure
   (the reason in *error, a static string). */
void *glint_http_start(const char *host, uint16_t port, unsigned connection_limit, unsigned timeout_seconds,
                       glint_http_handler handler, glint_http_completed completed, void *context, const char **error);
/* The port the daemon listens on. */
uint16_t glint_http_port(void *daemon);
/* Stops accepting new connections (in-flight requests go on). */
void glint_http_quiesce(void *daemon);
/* Stops the daemon, closing every connection. */
void glint_http_stop(void *daemon);

/* A request header (case-insensitive name) or query argument; NULL when absent. */
const char *glint_http_header(glint_http_request *request, const char *name);
const char *glint_http_argument(glint_http_request *request, const char *name);

/* Queues the response: status, body bytes (copied), and `header_count` name/value pairs. Returns 1 on success. */
int glint_http_respond(glint_http_request *request, unsigned status, const void *body, size_t length,
                       const char *const *names, const char *const *values, size_t header_count);

#ifdef __cplusplus
}
#endif

#endif
