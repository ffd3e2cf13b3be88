#include "glint_http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

struct handler_box {
    glint_http_handler handler;
    glint_http_completed completed;
    void *context;
};

static struct handler_box boxes[64];
static int box_count = 0;

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload, size_t *upload_size, void **state) {
    (void)version;
    struct handler_box *box = cls;
    return box->handler(box->context, (glint_http_request *)connection, url, method, upload, upload_size, state) ? MHD_YES : MHD_NO;
}

static void completed_handler(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)connection;
    (void)code;
    struct handler_box *box = cls;
    if (*state != NULL) box->completed(box->context, *state);
    *state = NULL;
}

void *glint_http_start(const char *host, uint16_t port, unsigned connection_limit, unsigned timeout_seconds,
                       glint_http_handler handler, glint_http_completed completed, void *context, const char **error) {
    if (box_count >= 64) {
        *error = "too many servers in one process";
        return NULL;
    }
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, host, &address.sin_addr) != 1) {
        *error = "the host is not an IPv4 address such as 127.0.0.1 or 0.0.0.0";
        return NULL;
    }
    struct handler_box *box = &boxes[box_count++];
    box->handler = handler;
    box->completed = completed;
    box->context = context;
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG, port, NULL, NULL,
        access_handler, box,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_NOTIFY_COMPLETED, completed_handler, box,
        MHD_OPTION_END);
    if (daemon == NULL) *error = "libmicrohttpd could not start (is the port in use, or the address not local?)";
    return daemon;
}

uint16_t glint_http_port(void *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void glint_http_quiesce(void *daemon) {
    MHD_socket socket = MHD_quiesce_daemon(daemon);
    if (socket != MHD_INVALID_SOCKET) close(socket);
}

void glint_http_stop(void *daemon) { MHD_stop_daemon(daemon); }

const char *glint_http_header(glint_http_request *request, const char *name) {
    return MHD_lookup_connection_value((struct MHD_Connection *)request, MHD_HEADER_KIND, name);
}

const char *glint_http_argument(glint_http_request *request, const char *name) {
    return MHD_lookup_connection_value((struct MHD_Connection *)request, MHD_GET_ARGUMENT_KIND, name);
}

int glint_http_respond(glint_http_request *request, unsigned status, const void *body, size_t length,
                       const char *const *names, const char *const *values, size_t header_count) {
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    for (size_t i = 0; i < header_count; i++) MHD_add_response_header(response, names[i], values[i]);
    enum MHD_Result queued = MHD_queue_response((struct MHD_Connection *)request, status, response);
    MHD_destroy_response(response);
    return queued == MHD_YES;
}
