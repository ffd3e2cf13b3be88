/* A thin, non-variadic face of GNU libmicrohttpd for Swift (Swift cannot call MHD_start_daemon's varargs), with
   what the render server adds around it: its own listening socket (IPv4, IPv6 or a unix socket, so a port in use
   is told apart from a bad address), connection limits, a watchdog that closes connections whose request is not
   read in time, a count of open connections, and libmicrohttpd's own messages sent to the server's logger. */
#ifndef GLINT_HTTP_H
#define GLINT_HTTP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One request as the handler sees it; `state` is the handler's own per-request pointer (starts NULL). */
typedef struct glint_http_request glint_http_request;
/* One running server. */
typedef struct glint_http_server glint_http_server;

/* Called for each chunk of a request: first with no data (upload == NULL, *upload_size == 0, *state == NULL),
   then with each piece of the body (set *upload_size = 0 once consumed), and last with no data when the body is
   complete. Return 1 to go on, 0 to close the connection. A response may be queued with glint_http_respond. */
typedef int (*glint_http_handler)(void *context, glint_http_request *request, const char *url, const char *method,
                                  const char *upload, size_t *upload_size, void **state);
/* Called when a request is finished (answered or aborted), to free its state. */
typedef void (*glint_http_completed)(void *context, void *state);
/* One line for the server's log (libmicrohttpd's messages, the watchdog's), without a trailing newline. */
typedef void (*glint_http_logger)(void *context, const char *line);
/* One query argument, for glint_http_arguments. */
typedef void (*glint_http_pair)(void *context, const char *name, const char *value);

/* How a server listens and what it allows. */
typedef struct {
    /* "127.0.0.1", "0.0.0.0", "::1", "::" (IPv6, and IPv4 too where the system maps it), or "unix:/path". */
    const char *listen;
    /* The TCP port (0: the kernel picks one); unused for a unix socket. */
    uint16_t port;
    /* Connections open at once; more are refused at accept. */
    unsigned max_connections;
    /* Connections open at once from one client address (0: no limit of its own). */
    unsigned max_per_client;
    /* Seconds a connection may sit idle (between requests, or between bytes of one) before it is closed. */
    unsigned idle_timeout;
    /* Seconds a connection has to deliver one whole request (headers and body) from its opening or from the
       end of its previous request; past that the watchdog closes it. */
    double read_timeout;
} glint_http_config;

/* Why glint_http_start failed. */
enum { GLINT_HTTP_BAD_ADDRESS = 1, GLINT_HTTP_ADDRESS_IN_USE = 2, GLINT_HTTP_CANNOT_START = 3 };

/* Starts a server with one thread per connection. Returns NULL on failure, with the reason in `error` (up to
   `error_size` bytes) and its kind (GLINT_HTTP_*) in *error_kind. Process-wide, it has glibc map every heap block
   of 128 KiB or more on its own (see glint_http_release_memory). */
glint_http_server *glint_http_start(const glint_http_config *config, glint_http_handler handler,
                                    glint_http_completed completed, glint_http_logger logger, void *context,
                                    char *error, size_t error_size, int *error_kind);
/* The TCP port the server listens on (0 for a unix socket). */
uint16_t glint_http_port(glint_http_server *server);
/* Connections open now. */
unsigned glint_http_open_connections(glint_http_server *server);
/* Connections the watchdog has closed because their request was not read in time. */
unsigned long glint_http_read_timeouts(glint_http_server *server);
/* Stops accepting new connections (in-flight requests go on); a unix socket's file is removed. */
void glint_http_quiesce(glint_http_server *server);
/* Stops the server, closing every connection, and frees it. */
void glint_http_stop(glint_http_server *server);

/* A request header (case-insensitive name); NULL when absent. */
const char *glint_http_header(glint_http_request *request, const char *name);
/* Calls `pair` for every query argument of the request. */
void glint_http_arguments(glint_http_request *request, glint_http_pair pair, void *context);
/* The client's address as text ("127.0.0.1", "::1", "unix"), written into `buffer`. */
void glint_http_client(glint_http_request *request, char *buffer, size_t size);
/* The request has been read whole: the watchdog no longer times its connection until the next request. */
void glint_http_request_read(glint_http_server *server, glint_http_request *request);

/* Hands the heap's free memory back to the system (glibc's malloc_trim). Request bodies and rendered images pass
   through the front end megabytes at a time, on a thread per connection; each thread's arena would otherwise keep
   its high-water mark for the life of the process. Large blocks are mapped on their own from glint_http_start on
   (a fixed threshold: glibc's own rises to 32 MiB once such a block is freed), so they are returned when freed;
   this returns what the arenas hold free besides. */
void glint_http_release_memory(void);

/* Queues the response: status, body bytes (copied), and `header_count` name/value pairs. Returns 1 on success. */
int glint_http_respond(glint_http_request *request, unsigned status, const void *body, size_t length,
                       const char *const *names, const char *const *values, size_t header_count);

#ifdef __cplusplus
}
#endif

#endif
