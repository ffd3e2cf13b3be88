#include "glint_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <malloc.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

/* One open connection, as the watchdog sees it. */
struct watched {
    int fd;
    double since;   /* when the request being read began (the connection opened, or the last request ended) */
    int reading;    /* 1 while a request is being read */
    char client[64];
    struct watched *prev, *next;
};

struct glint_http_server {
    struct MHD_Daemon *daemon;
    glint_http_handler handler;
    glint_http_completed completed;
    glint_http_logger logger;
    void *context;
    double read_timeout;
    char unix_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    pthread_mutex_t lock;
    struct watched *connections;
    unsigned open;
    unsigned long read_timeouts;
    pthread_t watchdog;
    int watching;
    int stopping;
};

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void log_line(struct glint_http_server *server, const char *format, ...) {
    char line[512];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(line, sizeof line, format, arguments);
    va_end(arguments);
    server->logger(server->context, line);
}

static void mhd_logger(void *cls, const char *format, va_list arguments) {
    struct glint_http_server *server = cls;
    char line[512];
    vsnprintf(line, sizeof line, format, arguments);
    size_t n = strlen(line);
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    server->logger(server->context, line);
}

static void address_text(const struct sockaddr *address, char *buffer, size_t size) {
    if (address == NULL) {
        snprintf(buffer, size, "-");
    } else if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
    } else {
        snprintf(buffer, size, "unix");
    }
}

static void notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                              enum MHD_ConnectionNotificationCode code) {
    struct glint_http_server *server = cls;
    pthread_mutex_lock(&server->lock);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        struct watched *w = calloc(1, sizeof *w);
        if (w != NULL) {
            const union MHD_ConnectionInfo *fd = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
            const union MHD_ConnectionInfo *client = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
            w->fd = fd ? fd->connect_fd : -1;
            w->since = now_seconds();
            w->reading = 1;
            address_text(client ? client->client_addr : NULL, w->client, sizeof w->client);
            w->next = server->connections;
            if (w->next) w->next->prev = w;
            server->connections = w;
        }
        *socket_context = w;
        server->open++;
    } else {
        struct watched *w = *socket_context;
        if (w != NULL) {
            if (w->prev) w->prev->next = w->next; else server->connections = w->next;
            if (w->next) w->next->prev = w->prev;
            free(w);
        }
        *socket_context = NULL;
        server->open--;
    }
    pthread_mutex_unlock(&server->lock);
}

/* The watched state of a request's connection, or NULL. Call under the lock. */
static struct watched *watched_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

static void *watchdog(void *cls) {
    struct glint_http_server *server = cls;
    for (;;) {
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
        pthread_mutex_lock(&server->lock);
        if (server->stopping) {
            pthread_mutex_unlock(&server->lock);
            return NULL;
        }
        double now = now_seconds();
        for (struct watched *w = server->connections; w != NULL; w = w->next) {
            if (w->reading && w->fd >= 0 && now - w->since > server->read_timeout) {
                /* The connection's own thread sees the end of its stream and closes it. */
                shutdown(w->fd, SHUT_RDWR);
                w->reading = 0;
                server->read_timeouts++;
                log_line(server, "closed a connection from %s: no whole request within --read-timeout (%g s)", w->client,
                         server->read_timeout);
            }
        }
        pthread_mutex_unlock(&server->lock);
    }
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                      const char *version, const char *upload, size_t *upload_size, void **state) {
    (void)version;
    struct glint_http_server *server = cls;
    return server->handler(server->context, (glint_http_request *)connection, url, method, upload, upload_size, state)
               ? MHD_YES : MHD_NO;
}

static void completed_handler(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)code;
    struct glint_http_server *server = cls;
    if (*state != NULL) server->completed(server->context, *state);
    *state = NULL;
    /* The next request on this connection is timed from now. */
    pthread_mutex_lock(&server->lock);
    struct watched *w = watched_of(connection);
    if (w != NULL) {
        w->since = now_seconds();
        w->reading = 1;
    }
    pthread_mutex_unlock(&server->lock);
}

/* A bound, listening socket for the configured address, or -1 with the reason. */
static int listen_socket(const glint_http_config *config, struct glint_http_server *server, char *error, size_t error_size,
                         int *error_kind) {
    const char *listen_at = config->listen;
    struct sockaddr_storage address;
    socklen_t length;
    memset(&address, 0, sizeof address);
    if (strncmp(listen_at, "unix:", 5) == 0) {
        const char *path = listen_at + 5;
        struct sockaddr_un *un = (struct sockaddr_un *)&address;
        if (path[0] == 0 || strlen(path) >= sizeof un->sun_path) {
            snprintf(error, error_size, "a unix socket path must be 1 to %zu bytes, got '%s'", sizeof un->sun_path - 1, path);
            *error_kind = GLINT_HTTP_BAD_ADDRESS;
            return -1;
        }
        un->sun_family = AF_UNIX;
        strcpy(un->sun_path, path);
        length = sizeof *un;
        /* A socket file left by a server that is gone is replaced; any other file is not. */
        struct stat info;
        if (lstat(path, &info) == 0 && S_ISSOCK(info.st_mode)) {
            int probe = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
            int alive = probe >= 0 && connect(probe, (struct sockaddr *)un, length) == 0;
            if (probe >= 0) close(probe);
            if (alive) {
                snprintf(error, error_size, "%s is in use by a running server", path);
                *error_kind = GLINT_HTTP_ADDRESS_IN_USE;
                return -1;
            }
            unlink(path);
        }
        strcpy(server->unix_path, path);
    } else if (strchr(listen_at, ':') != NULL) {
        struct sockaddr_in6 *in6 = (struct sockaddr_in6 *)&address;
        char host[64];
        size_t n = strlen(listen_at);
        const char *start = listen_at;
        if (n >= 2 && listen_at[0] == '[' && listen_at[n - 1] == ']') start++, n -= 2;
        if (n >= sizeof host) n = sizeof host - 1;
        memcpy(host, start, n);
        host[n] = 0;
        in6->sin6_family = AF_INET6;
        in6->sin6_port = htons(config->port);
        if (inet_pton(AF_INET6, host, &in6->sin6_addr) != 1) {
            snprintf(error, error_size, "'%s' is not an IPv6 address such as ::1 or ::", listen_at);
            *error_kind = GLINT_HTTP_BAD_ADDRESS;
            return -1;
        }
        length = sizeof *in6;
    } else {
        struct sockaddr_in *in4 = (struct sockaddr_in *)&address;
        in4->sin_family = AF_INET;
        in4->sin_port = htons(config->port);
        if (inet_pton(AF_INET, listen_at, &in4->sin_addr) != 1) {
            snprintf(error, error_size, "'%s' is not an IPv4 address such as 127.0.0.1 or 0.0.0.0, an IPv6 address "
                     "such as ::1, or unix:/path", listen_at);
            *error_kind = GLINT_HTTP_BAD_ADDRESS;
            return -1;
        }
        length = sizeof *in4;
    }
    int fd = socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(error, error_size, "cannot make a socket: %s", strerror(errno));
        *error_kind = GLINT_HTTP_CANNOT_START;
        return -1;
    }
    int yes = 1;
    if (address.ss_family != AF_UNIX) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (bind(fd, (struct sockaddr *)&address, length) != 0 || listen(fd, 511) != 0) {
        int code = errno;
        close(fd);
        if (code == EADDRINUSE) {
            snprintf(error, error_size, "the address is in use (another server listens on it)");
            *error_kind = GLINT_HTTP_ADDRESS_IN_USE;
        } else {
            snprintf(error, error_size, "cannot listen: %s", strerror(code));
            *error_kind = code == EADDRNOTAVAIL || code == EACCES ? GLINT_HTTP_BAD_ADDRESS : GLINT_HTTP_CANNOT_START;
        }
        server->unix_path[0] = 0;
        return -1;
    }
    return fd;
}

glint_http_server *glint_http_start(const glint_http_config *config, glint_http_handler handler,
                                    glint_http_completed completed, glint_http_logger logger, void *context,
                                    char *error, size_t error_size, int *error_kind) {
    struct glint_http_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        snprintf(error, error_size, "out of memory");
        *error_kind = GLINT_HTTP_CANNOT_START;
        return NULL;
    }
    server->handler = handler;
    server->completed = completed;
    server->logger = logger;
    server->context = context;
    server->read_timeout = config->read_timeout;
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    pthread_mutex_init(&server->lock, NULL);
    int fd = listen_socket(config, server, error, error_size, error_kind);
    if (fd < 0) {
        pthread_mutex_destroy(&server->lock);
        free(server);
        return NULL;
    }
    server->daemon = MHD_start_daemon(
        /* poll(), not select(): select cannot watch descriptors past FD_SETSIZE (1024). */
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_USE_ITC | MHD_USE_ERROR_LOG, 0, NULL, NULL,
        access_handler, server,
        MHD_OPTION_EXTERNAL_LOGGER, mhd_logger, server,  /* first, so that every message goes through it */
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)fd,
        MHD_OPTION_CONNECTION_LIMIT, config->max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->max_per_client,
        MHD_OPTION_CONNECTION_TIMEOUT, config->idle_timeout,
        MHD_OPTION_NOTIFY_COMPLETED, completed_handler, server,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, server,
        MHD_OPTION_END);
    if (server->daemon == NULL) {
        close(fd);
        if (server->unix_path[0]) unlink(server->unix_path);
        snprintf(error, error_size, "libmicrohttpd could not start");
        *error_kind = GLINT_HTTP_CANNOT_START;
        pthread_mutex_destroy(&server->lock);
        free(server);
        return NULL;
    }
    server->watching = pthread_create(&server->watchdog, NULL, watchdog, server) == 0;
    return server;
}

uint16_t glint_http_port(glint_http_server *server) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

unsigned glint_http_open_connections(glint_http_server *server) {
    pthread_mutex_lock(&server->lock);
    unsigned open = server->open;
    pthread_mutex_unlock(&server->lock);
    return open;
}

unsigned long glint_http_read_timeouts(glint_http_server *server) {
    pthread_mutex_lock(&server->lock);
    unsigned long count = server->read_timeouts;
    pthread_mutex_unlock(&server->lock);
    return count;
}

void glint_http_quiesce(glint_http_server *server) {
    MHD_socket socket = MHD_quiesce_daemon(server->daemon);
    if (socket != MHD_INVALID_SOCKET) close(socket);
    if (server->unix_path[0]) {
        unlink(server->unix_path);
        server->unix_path[0] = 0;
    }
}

void glint_http_stop(glint_http_server *server) {
    pthread_mutex_lock(&server->lock);
    server->stopping = 1;
    pthread_mutex_unlock(&server->lock);
    if (server->watching) pthread_join(server->watchdog, NULL);
    MHD_stop_daemon(server->daemon);
    if (server->unix_path[0]) unlink(server->unix_path);
    pthread_mutex_destroy(&server->lock);
    free(server);
}

const char *glint_http_header(glint_http_request *request, const char *name) {
    return MHD_lookup_connection_value((struct MHD_Connection *)request, MHD_HEADER_KIND, name);
}

struct pair_box {
    glint_http_pair pair;
    void *context;
};

static enum MHD_Result each_pair(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct pair_box *box = cls;
    box->pair(box->context, key ? key : "", value);
    return MHD_YES;
}

void glint_http_arguments(glint_http_request *request, glint_http_pair pair, void *context) {
    struct pair_box box = {pair, context};
    MHD_get_connection_values((struct MHD_Connection *)request, MHD_GET_ARGUMENT_KIND, each_pair, &box);
}

void glint_http_client(glint_http_request *request, char *buffer, size_t size) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info((struct MHD_Connection *)request, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    address_text(info ? info->client_addr : NULL, buffer, size);
}

void glint_http_request_read(glint_http_server *server, glint_http_request *request) {
    pthread_mutex_lock(&server->lock);
    struct watched *w = watched_of((struct MHD_Connection *)request);
    if (w != NULL) w->reading = 0;
    pthread_mutex_unlock(&server->lock);
}

void glint_http_release_memory(void) { malloc_trim(0); }

int glint_http_respond(glint_http_request *request, unsigned status, const void *body, size_t length,
                       const char *const *names, const char *const *values, size_t header_count) {
    struct MHD_Response *response = MHD_create_response_from_buffer(length, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return 0;
    for (size_t i = 0; i < header_count; i++) MHD_add_response_header(response, names[i], values[i]);
    enum MHD_Result queued = MHD_queue_response((struct MHD_Connection *)request, status, response);
    MHD_destroy_response(response);
    return queued == MHD_YES;
}
